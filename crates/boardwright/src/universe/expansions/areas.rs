//! The areas of a board: the faces of its planar drawing, found by walking
//! them.
//!
//! The outer ring is closed first: temporary border edges join the
//! vertices on the paper's border in their order round it (the border nodes,
//! and the paper's corners where no node sits), so that the board and its
//! border form one plane graph whose faces are the enclosed areas. Each
//! vertex's edges are sorted by angle ([`pseudo_angle`], exact for sorting).
//! A face is walked by leaving a vertex along an edge and, at the next
//! vertex, taking the edge that follows the one arrived on in angular
//! order; every directed edge lies on exactly one face. The one face that
//! runs round the outside of the ring is dropped.
//!
//! Work: the sort of each vertex's few edges, then each directed edge once,
//! linear in the number of edges (`benches/universe.rs` measures it up to a
//! million nodes).

use crate::geom::{Point, pseudo_angle};
use crate::universe::Side;
use crate::universe::Sides;

/// One face of the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Face {
    /// Its vertices in walking order: node ids, and `n + k` for the paper's
    /// corner `k` of [`Faces::corners`] (`n` the node count). A node whose
    /// only edge into the face leads out and back (a dead end) comes twice.
    pub ring: Vec<u32>,
    /// Its area, grid units².
    pub area: f64,
    /// Whether its ring runs along the paper's border for a stretch.
    pub border: bool,
}

/// The faces of a board, the outer one left out.
#[derive(Clone, Debug, PartialEq)]
pub struct Faces {
    /// The enclosed areas, in the order their first directed edge comes.
    pub faces: Vec<Face>,
    /// The paper's corners that are vertices of the ring (where no node
    /// sits): vertex `n + k` is `corners[k]`.
    pub corners: Vec<Point>,
    /// For each edge of the board (by index), the faces on its two sides
    /// (the same one twice for a dead end).
    pub beside: Vec<[u32; 2]>,
}

impl Face {
    /// Its nodes (`n` of them on the board), in ring order, when it is an
    /// area the original's walk keeps: none comes twice (the original's
    /// walk gives up at a dead end) and one is off the paper's border (its
    /// walk starts only there).
    pub fn original_nodes(&self, n: usize, on_border: &[bool]) -> Option<Vec<u32>> {
        let nodes: Vec<u32> = self.ring.iter().copied().filter(|&v| (v as usize) < n).collect();
        let twice = nodes.iter().enumerate().any(|(i, v)| nodes[..i].contains(v));
        let inside = nodes.iter().any(|&v| !on_border[v as usize]);
        (!twice && inside).then_some(nodes)
    }
}

impl Faces {
    /// The position of vertex `v` (a node, or a corner past the nodes).
    pub fn at(&self, points: &[Point], v: u32) -> Point {
        let v = v as usize;
        if v < points.len() {
            points[v]
        } else {
            self.corners[v - points.len()]
        }
    }
}

/// The board's areas as its JSON gives them, from `faces` of the board
/// whose nodes lie at `points`.
pub fn to_areas(faces: &Faces, points: &[Point]) -> Vec<crate::universe::Area> {
    faces
        .faces
        .iter()
        .map(|f| crate::universe::Area {
            nodes: f.ring.iter().copied().filter(|&v| (v as usize) < points.len()).collect(),
            outline: f.ring.iter().map(|&v| faces.at(points, v)).map(|p| [p.x, p.y]).collect(),
            size: f.area,
            border: f.border,
        })
        .collect()
}

/// Where `side` lies round the paper, clockwise on the page from the
/// top-left corner: the distance walked along the border to `p`.
fn round_the_border(p: Point, sides: Sides, (w, h): (f64, f64)) -> f64 {
    if sides.contains(Side::Top) {
        p.x
    } else if sides.contains(Side::Right) {
        w + p.y
    } else if sides.contains(Side::Bottom) {
        w + h + (w - p.x)
    } else {
        2.0 * w + h + (h - p.y)
    }
}

/// The faces of the plane graph of `points` joined by `edges`, the border
/// nodes (`sides`) joined round the paper of `size` grid units. The edges
/// must not cross, and none may join two border nodes.
pub fn walk(points: &[Point], edges: &[[u32; 2]], sides: &[Sides], size: (f64, f64)) -> Faces {
    let n = points.len();
    let (w, h) = size;
    // The ring round the border: border nodes, and the corners no node holds.
    let mut corners = Vec::new();
    let mut border: Vec<(f64, u32)> = (0..n as u32)
        .filter(|&v| sides[v as usize].any())
        .map(|v| (round_the_border(points[v as usize], sides[v as usize], size), v))
        .collect();
    let corner_sides = [
        (Point::new(0.0, 0.0), Sides::NONE.with(Side::Top).with(Side::Left)),
        (Point::new(w, 0.0), Sides::NONE.with(Side::Top).with(Side::Right)),
        (Point::new(w, h), Sides::NONE.with(Side::Bottom).with(Side::Right)),
        (Point::new(0.0, h), Sides::NONE.with(Side::Bottom).with(Side::Left)),
    ];
    for (p, both) in corner_sides {
        let held = sides.iter().any(|s| both.iter().all(|side| s.contains(side)));
        if !held {
            border.push((round_the_border(p, both, size), (n + corners.len()) as u32));
            corners.push(p);
        }
    }
    border.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let at = |v: u32| {
        if (v as usize) < n {
            points[v as usize]
        } else {
            corners[v as usize - n]
        }
    };
    let vertices = n + corners.len();
    let ring: Vec<[u32; 2]> = (0..border.len()).map(|i| [border[i].1, border[(i + 1) % border.len()].1]).collect();
    let all = || edges.iter().chain(&ring);

    // Each vertex's directed edges, sorted by angle (compressed rows).
    let mut start = vec![0usize; vertices + 1];
    for &[a, b] in all() {
        start[a as usize + 1] += 1;
        start[b as usize + 1] += 1;
    }
    for v in 0..vertices {
        start[v + 1] += start[v];
    }
    let mut to = vec![0u32; start[vertices]];
    let mut edge_of = vec![0u32; start[vertices]];
    let mut owner = vec![0u32; start[vertices]];
    let mut fill = start.clone();
    for (e, &[a, b]) in all().enumerate() {
        for (u, v) in [(a, b), (b, a)] {
            owner[fill[u as usize]] = u;
            to[fill[u as usize]] = v;
            edge_of[fill[u as usize]] = e as u32;
            fill[u as usize] += 1;
        }
    }
    let mut order: Vec<(f64, u32, u32)> = Vec::new();
    for v in 0..vertices {
        let p = at(v as u32);
        let (lo, hi) = (start[v], start[v + 1]);
        order.clear();
        order.extend((lo..hi).map(|k| {
            let q = at(to[k]);
            (pseudo_angle(q.x - p.x, q.y - p.y), to[k], edge_of[k])
        }));
        order.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        for (k, &(_, q, e)) in (lo..hi).zip(&order) {
            to[k] = q;
            edge_of[k] = e;
        }
    }
    // The vertex directed edge `k` leaves.
    let from = |k: usize| owner[k];
    let mut face_of = vec![u32::MAX; to.len()];
    let mut faces: Vec<(Vec<u32>, f64, bool)> = Vec::new();
    for first in 0..to.len() {
        if face_of[first] != u32::MAX {
            continue;
        }
        let id = faces.len() as u32;
        let (mut ring_vertices, mut twice_area, mut on_border) = (Vec::new(), 0.0, false);
        let mut k = first;
        let mut u = from(first);
        loop {
            face_of[k] = id;
            let v = to[k];
            ring_vertices.push(u);
            let (p, q) = (at(u), at(v));
            twice_area += p.x * q.y - q.x * p.y;
            on_border |= edge_of[k] as usize >= edges.len();
            // At `v`, the edge after the one back to `u`.
            let (lo, hi) = (start[v as usize], start[v as usize + 1]);
            let back = (lo..hi).find(|&j| to[j] == u).expect("every edge runs both ways");
            k = if back + 1 == hi { lo } else { back + 1 };
            u = v;
            // Back at the start; or, on a graph that is no plane graph (an
            // edge given twice), at a directed edge walked before: every
            // directed edge is walked at most once, whatever the input.
            if k == first || face_of[k] != u32::MAX {
                break;
            }
        }
        faces.push((ring_vertices, twice_area / 2.0, on_border));
    }
    // The faces inside run one way round and the outer face the other: it
    // is the one of largest signed area (the sum of the others', negated).
    let outer = (0..faces.len()).fold(0, |best, f| if faces[f].1 > faces[best].1 { f } else { best }) as u32;
    let renumber = |f: u32| if f < outer { f } else { f - 1 };
    let mut beside = vec![[u32::MAX; 2]; edges.len()];
    for k in 0..to.len() {
        let e = edge_of[k] as usize;
        if e < edges.len() {
            let f = face_of[k];
            let slot = usize::from(from(k) != edges[e][0]);
            beside[e][slot] = if f == outer { u32::MAX } else { renumber(f) };
        }
    }
    let faces = faces
        .into_iter()
        .enumerate()
        .filter(|&(f, _)| f as u32 != outer)
        .map(|(_, (ring, area, border))| Face { ring, area: -area, border })
        .collect();
    Faces { faces, corners, beside }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2 × 2 paper with a node in each corner and one in the middle
    /// joined to all four: four triangles.
    #[test]
    fn a_square_with_its_middle_joined_has_four_triangles() {
        let points = [
            Point::new(0.0, 0.0),
            Point::new(2.0, 0.0),
            Point::new(2.0, 2.0),
            Point::new(0.0, 2.0),
            Point::new(1.0, 1.0),
        ];
        let sides = [
            Sides::NONE.with(Side::Top).with(Side::Left),
            Sides::NONE.with(Side::Top).with(Side::Right),
            Sides::NONE.with(Side::Bottom).with(Side::Right),
            Sides::NONE.with(Side::Bottom).with(Side::Left),
            Sides::NONE,
        ];
        let edges = [[4, 0], [4, 1], [4, 2], [4, 3]];
        let faces = walk(&points, &edges, &sides, (2.0, 2.0));
        assert!(faces.corners.is_empty());
        assert_eq!(faces.faces.len(), 4);
        for f in &faces.faces {
            assert_eq!(f.ring.len(), 3);
            assert!((f.area - 1.0).abs() < 1e-12, "{f:?}");
            assert!(f.border);
        }
        assert!(faces.beside.iter().all(|b| b[0] != b[1] && b[0] != u32::MAX && b[1] != u32::MAX));
    }

    /// One node in the middle of an empty paper, joined to a border node: the
    /// paper's corners close the ring, and the edge is a dead end.
    #[test]
    fn corners_close_the_ring_and_dead_ends_come_twice() {
        let points = [Point::new(1.0, 0.0), Point::new(1.0, 1.0)];
        let sides = [Sides::NONE.with(Side::Top), Sides::NONE];
        let faces = walk(&points, &[[0, 1]], &sides, (2.0, 2.0));
        assert_eq!(faces.corners.len(), 4);
        assert_eq!(faces.faces.len(), 1);
        let f = &faces.faces[0];
        assert!((f.area - 4.0).abs() < 1e-12);
        assert_eq!(f.ring.len(), 7, "{f:?}");
        assert_eq!(faces.beside[0], [0, 0]);
    }

    /// An edge given twice or crossing edges make no plane graph: the walk
    /// still ends, each directed edge walked once.
    #[test]
    fn any_graph_is_walked_to_the_end() {
        let points = [
            Point::new(0.5, 0.0),
            Point::new(1.0, 1.0),
            Point::new(0.0, 1.2),
            Point::new(2.0, 1.5),
        ];
        let sides = [Sides::NONE.with(Side::Top), Sides::NONE, Sides::NONE, Sides::NONE];
        let edges = [[0, 1], [1, 0], [0, 3], [2, 1], [1, 3], [0, 2], [2, 3]];
        let faces = walk(&points, &edges, &sides, (2.0, 2.0));
        assert!(faces.faces.len() <= 2 * (edges.len() + 5));
    }
}
