//! The original generator's edges (`original_edges`): its spanning tree
//! ([`grid_prim`]), its centre hub and its fill, with no planarity guard.
//!
//! Both the hub and the fill ask for a point's nearest partner through the
//! grid of unit cells: the nearest point not yet joined to it (and not a
//! second border point when it is one) in the cells at most one cell away,
//! else at most two, else none. So a partner one cell away is taken over a
//! nearer one two cells away, and none farther is ever found.
//!
//! - The hub: the centre takes its nearest partner while one is found closer
//!   than √2.
//! - The fill: one pass over the points in id (layout) order; a point not on
//!   the border and under `max_connections` edges takes its nearest partner,
//!   which may be a border point and may be at or over the cap itself.
//!
//! The clearance is not looked at: the original keeps none (parameter
//! validation refuses `original_edges` on a planar board).

use super::{EdgeInput, Edges, HUB_RADIUS};
use crate::geom::Point;
use crate::graph::Graph;
use crate::grid::PointGrid;
use crate::mst::grid_prim;

/// Builds the original's edges, or says why this layout cannot have them.
pub fn build(input: &EdgeInput<'_>) -> Result<Edges, String> {
    let (points, on_border) = (input.points, input.on_border);
    let n = points.len();
    let mut tree = grid_prim(points, on_border, input.size);
    if tree.len() + 1 != n {
        return Err("the points cannot all be joined without linking two border points".into());
    }
    tree.sort_unstable();
    let mut graph = Graph::new(n);
    for &[a, b] in &tree {
        graph.connect(a, b);
    }
    let grid = PointGrid::new(points, input.size.0, input.size.1, 1.0);
    let center = input.center;
    while let Some(q) = nearest_partner(&grid, points, on_border, &graph, center) {
        if points[q as usize].dist2(points[center as usize]) >= HUB_RADIUS * HUB_RADIUS {
            break;
        }
        graph.connect(center, q);
    }
    for p in 0..n as u32 {
        if on_border[p as usize] || graph.degree(p) >= input.max_connections {
            continue;
        }
        if let Some(q) = nearest_partner(&grid, points, on_border, &graph, p) {
            graph.connect(p, q);
        }
    }
    Ok(Edges {
        graph,
        tree_edges: tree.len(),
    })
}

/// The nearest point not joined to `p`, not `p`, and not a border point
/// when `p` is one, in the cells at most one cell from `p`'s, else at most
/// two; ties by id.
fn nearest_partner(grid: &PointGrid, points: &[Point], on_border: &[bool], graph: &Graph, p: u32) -> Option<u32> {
    let at = points[p as usize];
    let allowed = |q: u32| q != p && !(on_border[p as usize] && on_border[q as usize]) && !graph.has_edge(p, q);
    (1..=2).find_map(|reach| {
        grid.around(at, reach).filter(|&q| allowed(q)).min_by(|&a, &b| {
            points[a as usize]
                .dist2(at)
                .total_cmp(&points[b as usize].dist2(at))
                .then(a.cmp(&b))
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Eleven points on a 4 × 3 paper, placed by hand; 0, 5, 6 and 7 lie on
    /// the border, 2 is the centre. Cells are `(floor(x), floor(y))`.
    ///
    /// ```text
    ///  id  point        cell    id  point        cell
    ///   0  (0.0, 1.5)B  (0,1)    6  (4.0, 2.6)B  (4,2)
    ///   1  (0.9, 1.5)   (0,1)    7  (2.6, 3.0)B  (2,3)
    ///   2  (1.95, 1.5)C (1,1)    8  (1.2, 0.5)   (1,0)
    ///   3  (3.05, 1.5)  (3,1)    9  (0.5, 0.4)   (0,0)
    ///   4  (2.4, 2.5)   (2,2)   10  (3.3, 0.55)  (3,0)
    ///   5  (4.0, 1.5)B  (4,1)
    /// ```
    ///
    /// The tree, Prim's from point 0, each step the shortest allowed pair
    /// within one cell of the tree: 0–1 (0.900), 1–8 (1.044), 8–9 (0.707),
    /// 1–2 (1.050), 2–4 (1.097), 4–7 (0.539). Then 3 is one cell from 4 but
    /// two from 2, so the search sees 3–4 (1.193), not the shorter 2–3
    /// (1.100) that the exact minimum spanning tree takes. Then 3–5 (0.950),
    /// 3–10 (0.982), and 6 last: 5–6 (1.100, one cell) joins two border
    /// points, never allowed, so 3–6 (1.453).
    ///
    /// The hub: the centre 2 (edges to 1 and 4) takes 8 (1.250 < √2); its
    /// nearest partner then is 9 (1.820), too far, and the hub stops.
    ///
    /// The fill, by id: 1, 2, 4 and 8 have 3 edges and 3 has 4, so they
    /// are skipped, like the border points. 9 (one edge) takes 1 (1.170,
    /// before 0 at 1.208 and 2 at 1.820), though 1 already has 3 edges.
    /// 10 (one edge) takes the border point 5 (1.180), its nearest partner
    /// once 3 is joined to it.
    #[test]
    fn a_hand_made_board_gets_the_original_edges() {
        let points: Vec<Point> = [
            (0.0, 1.5),
            (0.9, 1.5),
            (1.95, 1.5),
            (3.05, 1.5),
            (2.4, 2.5),
            (4.0, 1.5),
            (4.0, 2.6),
            (2.6, 3.0),
            (1.2, 0.5),
            (0.5, 0.4),
            (3.3, 0.55),
        ]
        .into_iter()
        .map(|(x, y)| Point::new(x, y))
        .collect();
        let size = (4.0, 3.0);
        let on_border: Vec<bool> = points
            .iter()
            .map(|p| p.x == 0.0 || p.y == 0.0 || p.x == size.0 || p.y == size.1)
            .collect();
        assert_eq!(on_border.iter().filter(|&&b| b).count(), 4);
        let input = EdgeInput {
            points: &points,
            on_border: &on_border,
            center: 2,
            max_connections: 3,
            clearance: None,
            original: true,
            size,
        };
        let built = build(&input).unwrap();
        let edges = built.graph.edges();
        let tree = [[0, 1], [1, 2], [1, 8], [2, 4], [3, 4], [3, 5], [3, 6], [3, 10], [4, 7], [8, 9]];
        assert_eq!(built.tree_edges, tree.len());
        assert_eq!(edges[..tree.len()], tree);
        // The hub, then the fill, in the order added.
        assert_eq!(edges[tree.len()..], [[2, 8], [1, 9], [5, 10]]);
        // The exact tree takes 2–3 where the grid's search took 3–4.
        let exact = crate::mst::constrained_emst(&points, &on_border, 0.0);
        assert!(exact.contains(&[2, 3]) && !exact.contains(&[3, 4]), "{exact:?}");
        // The two border points 5 and 6, one cell and 1.1 apart, stay apart.
        assert!(!built.graph.has_edge(5, 6));
        assert_eq!(built.graph.degree(1), 4);
    }

    /// Points that no allowed pair can join (border points only) are
    /// refused with the reason, not joined or searched for ever.
    #[test]
    fn border_points_alone_are_refused() {
        let points = [Point::new(0.0, 0.0), Point::new(0.0, 2.0), Point::new(3.0, 2.0)];
        let input = EdgeInput {
            points: &points,
            on_border: &[true, true, true],
            center: 0,
            max_connections: 3,
            clearance: None,
            original: true,
            size: (3.0, 2.0),
        };
        let err = build(&input).err().expect("nothing may be joined");
        assert!(err.contains("two border points"), "{err}");
    }
}
