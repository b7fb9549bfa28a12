//! Cuts: which a player may make, and what one does to the paper.

use super::Game;
use crate::universe::play::paper::Paper;

impl Game {
    /// Every cut of `steps` steps or fewer, a step a node cut through:
    /// from the paper's edge into a node on it (that node the first step)
    /// or on from a node an earlier cut reached (that node no step), then
    /// along uncut edges still on the board, no edge twice. A cut that
    /// would cut a guarded node on the board loose is left out; each set of
    /// edges comes once.
    pub(super) fn cuts(&self, steps: u32) -> Vec<Vec<u32>> {
        let t = &self.table;
        let n = t.adjacency.len();
        let mut at_cut = vec![false; n];
        for (e, &[a, b]) in t.edges.iter().enumerate() {
            if self.cut[e] {
                at_cut[a as usize] = true;
                at_cut[b as usize] = true;
            }
        }
        let mut found: Vec<Vec<u32>> = Vec::new();
        let mut path: Vec<u32> = Vec::new();
        for v in 0..n as u32 {
            if !self.on_board(v) {
                continue;
            }
            if at_cut[v as usize] {
                self.extend_cut(v, steps, &mut path, &mut found);
            } else if t.border[v as usize] {
                self.extend_cut(v, steps - 1, &mut path, &mut found);
            }
        }
        for cut in &mut found {
            cut.sort_unstable();
        }
        found.sort();
        found.dedup();
        let guarded: Vec<u32> = (0..n as u32)
            .filter(|&v| t.effect[v as usize].guarded && self.on_board(v))
            .collect();
        if !guarded.is_empty() {
            let (mut cut, mut live) = (Vec::new(), Vec::new());
            found.retain(|edges| self.keeps(&guarded, edges, &mut cut, &mut live));
        }
        found
    }

    fn extend_cut(&self, v: u32, steps: u32, path: &mut Vec<u32>, found: &mut Vec<Vec<u32>>) {
        if steps == 0 {
            return;
        }
        for &(w, e) in &self.table.adjacency[v as usize] {
            if self.cut[e as usize] || path.contains(&e) || !self.edge_on_board(e) {
                continue;
            }
            path.push(e);
            found.push(path.clone());
            self.extend_cut(w, steps - 1, path, found);
            path.pop();
        }
    }

    /// Whether some area beside edge `e` is still on the board.
    fn edge_on_board(&self, e: u32) -> bool {
        self.table.paper.beside[e as usize]
            .iter()
            .any(|&a| Paper::inside(a) && self.live[a as usize])
    }

    /// Whether cutting `edges` leaves every node of `guarded` on the
    /// board; `cut` and `live` are scratch space.
    fn keeps(&self, guarded: &[u32], edges: &[u32], cut: &mut Vec<bool>, live: &mut Vec<bool>) -> bool {
        let paper = &self.table.paper;
        cut.clone_from(&self.cut);
        for &e in edges {
            cut[e as usize] = true;
        }
        paper.live(cut, live);
        guarded
            .iter()
            .all(|&v| paper.node_areas[v as usize].iter().any(|&a| live[a as usize]))
    }

    pub(super) fn cut_edges(&mut self, edges: &[u32]) {
        for &e in edges {
            self.cut[e as usize] = true;
        }
        self.table.paper.live(&self.cut, &mut self.live);
        self.refresh();
    }
}
