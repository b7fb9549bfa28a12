//! The paper as the game cuts it: the board's areas (the faces of its
//! drawing, closed along the paper's border), which edge lies between
//! which two areas, and in which area each power dot lies. Two areas hold
//! together while an uncut edge lies between them; the board is the piece
//! that holds the centre's dot, and every area not joined to it is gone.

use std::cell::RefCell;

use crate::geom::{Point, atan2};
use crate::universe::{Board, NodeKind, Sides};

/// No area: the outside of the paper.
const OUTSIDE: u32 = u32::MAX;

/// The areas of one board and what lies in them; shared by every game on it.
#[derive(Clone, Debug)]
pub(crate) struct Paper {
    /// Areas on the board.
    pub areas: usize,
    /// For each edge (by index), the areas on its two sides ([`OUTSIDE`]
    /// beyond the paper; the same area twice for a dead end).
    pub beside: Vec<[u32; 2]>,
    /// For each node, the areas its corners lie in.
    pub node_areas: Vec<Vec<u32>>,
    /// For each node, the area of each of its power dots, in `dots` order.
    pub dot_areas: Vec<Vec<u32>>,
    /// The area of the centre's dot: the board is the piece holding it.
    pub heart: u32,
    /// For each area, the nodes round it.
    pub area_nodes: Vec<Vec<u32>>,
    /// For each area, the edges to its neighbouring areas, `(edge, area)`.
    between: Vec<Vec<(u32, u32)>>,
}

impl Paper {
    pub fn new(board: &Board) -> Paper {
        use crate::universe::expansions::areas;
        let points: Vec<Point> = board.nodes.iter().map(|n| Point::new(n.x, n.y)).collect();
        let sides: Vec<Sides> = board
            .nodes
            .iter()
            .map(|n| n.edge_sides.iter().fold(Sides::NONE, |s, &side| s.with(side)))
            .collect();
        let size = (f64::from(board.width), f64::from(board.height));
        let faces = areas::walk(&points, &board.edges, &sides, size);
        let n = points.len();
        // Each corner of an area at a node is the angular gap from the
        // direction it arrives from to the direction it leaves by, turning
        // the way angles grow (x right, y down).
        let mut gaps: Vec<Vec<(f64, f64, u32)>> = vec![Vec::new(); n];
        let mut node_areas: Vec<Vec<u32>> = vec![Vec::new(); n];
        for (f, face) in faces.faces.iter().enumerate() {
            let m = face.ring.len();
            for i in 0..m {
                let v = face.ring[i];
                if v as usize >= n {
                    continue;
                }
                let (prev, next) = (face.ring[(i + m - 1) % m], face.ring[(i + 1) % m]);
                let p = points[v as usize];
                let angle = |w: u32| {
                    let q = faces.at(&points, w);
                    atan2(q.y - p.y, q.x - p.x)
                };
                let from = angle(prev);
                let mut width = (angle(next) - from).rem_euclid(std::f64::consts::TAU);
                if prev == next || width == 0.0 {
                    width = std::f64::consts::TAU;
                }
                gaps[v as usize].push((from, width, f as u32));
                if !node_areas[v as usize].contains(&(f as u32)) {
                    node_areas[v as usize].push(f as u32);
                }
            }
        }
        let dot_areas: Vec<Vec<u32>> = board
            .nodes
            .iter()
            .map(|node| {
                let v = node.id as usize;
                node.dots
                    .iter()
                    .map(|&theta| {
                        gaps[v]
                            .iter()
                            .find(|&&(from, width, _)| (theta - from).rem_euclid(std::f64::consts::TAU) < width)
                            .or(gaps[v].first())
                            .map_or(OUTSIDE, |g| g.2)
                    })
                    .collect()
            })
            .collect();
        let centre = board.nodes.iter().find(|n| n.kind == NodeKind::Center).map_or(0, |n| n.id as usize);
        let heart = dot_areas[centre].first().or(node_areas[centre].first()).copied().unwrap_or(OUTSIDE);
        let areas = faces.faces.len();
        let mut between = vec![Vec::new(); areas];
        for (e, &[a, b]) in faces.beside.iter().enumerate() {
            if a != OUTSIDE && b != OUTSIDE && a != b {
                between[a as usize].push((e as u32, b));
                between[b as usize].push((e as u32, a));
            }
        }
        let mut area_nodes = vec![Vec::new(); areas];
        for (v, list) in node_areas.iter().enumerate() {
            for &a in list {
                area_nodes[a as usize].push(v as u32);
            }
        }
        Paper {
            areas,
            area_nodes,
            beside: faces.beside,
            node_areas,
            dot_areas,
            heart,
            between,
        }
    }

    /// Marks in `live` the areas still on the board when the edges marked
    /// in `cut` are cut: those joined to the heart through uncut edges.
    pub fn live(&self, cut: &[bool], live: &mut Vec<bool>) {
        live.clear();
        live.resize(self.areas, false);
        if self.heart == OUTSIDE {
            return;
        }
        live[self.heart as usize] = true;
        thread_local! {
            static QUEUE: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
        }
        QUEUE.with_borrow_mut(|queue| {
            queue.clear();
            queue.push(self.heart);
            while let Some(a) = queue.pop() {
                for &(edge, b) in &self.between[a as usize] {
                    if !cut[edge as usize] && !live[b as usize] {
                        live[b as usize] = true;
                        queue.push(b);
                    }
                }
            }
        });
    }

    /// Whether area `a` is on the paper at all (not the outside).
    pub fn inside(a: u32) -> bool {
        a != OUTSIDE
    }
}
