//! Cuts: which a player may make, and what one does to the paper.

use std::cell::RefCell;

use super::Game;
use crate::universe::play::paper::Paper;

impl Game {
    /// Every cut of `steps` steps or fewer, a step a node cut through:
    /// from the paper's edge into a node on it (that node the first step)
    /// or on from a node an earlier cut reached (that node no step), then
    /// along uncut edges still on the board (and edges drawn in the game,
    /// unless the rules say otherwise), no edge twice. A cut that would cut
    /// a guarded node on the board loose is left out; each set of edges
    /// comes once.
    pub(super) fn cuts(&self, steps: u32) -> Vec<Vec<u32>> {
        let t = &self.table;
        let n = t.adjacency.len();
        let at_cut = self.at_cut();
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

    /// Whether a cut has reached each node: an end of a cut edge.
    fn at_cut(&self) -> Vec<bool> {
        let mut at_cut = vec![false; self.table.adjacency.len()];
        let printed = self.table.edges.iter().zip(&self.cut);
        for (&[a, b], _) in printed.chain(self.drawn.iter().zip(&self.drawn_cut)).filter(|(_, cut)| **cut) {
            at_cut[a as usize] = true;
            at_cut[b as usize] = true;
        }
        at_cut
    }

    fn extend_cut(&self, v: u32, steps: u32, path: &mut Vec<u32>, found: &mut Vec<Vec<u32>>) {
        if steps == 0 {
            return;
        }
        let printed = self.table.edges.len() as u32;
        let drawn = self
            .drawn
            .iter()
            .enumerate()
            .filter(|&(k, _)| self.table.rules.cut_drawn_edges && !self.drawn_cut[k])
            .filter_map(|(k, &[a, b])| {
                let other = if a == v {
                    b
                } else if b == v {
                    a
                } else {
                    return None;
                };
                (self.on_board(other) && self.on_board(v)).then_some((other, printed + k as u32))
            });
        let on_paper = self
            .table
            .adjacency
            .of(v)
            .iter()
            .copied()
            .filter(|&(_, e)| !self.cut[e as usize] && self.edge_on_board(e));
        for (w, e) in on_paper.chain(drawn) {
            if path.contains(&e) {
                continue;
            }
            path.push(e);
            found.push(path.clone());
            self.extend_cut(w, steps - 1, path, found);
            path.pop();
        }
    }

    /// Whether cutting `edges` runs through a penalty node no cut had
    /// reached before.
    pub(super) fn cut_costs_a_turn(&self, edges: &[u32]) -> bool {
        let t = &self.table;
        if !t.effect.iter().any(|e| e.penalty) {
            return false;
        }
        let at_cut = self.at_cut();
        edges
            .iter()
            .flat_map(|&e| self.edge_ends(e))
            .any(|v| t.effect[v as usize].penalty && !at_cut[v as usize] && self.on_board(v))
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
            if let Some(c) = cut.get_mut(e as usize) {
                *c = true;
            }
        }
        paper.live(cut, live);
        guarded
            .iter()
            .all(|&v| paper.node_areas[v as usize].iter().any(|&a| live[a as usize]))
    }

    pub(super) fn cut_edges(&mut self, edges: &[u32]) {
        for &e in edges {
            match self.cut.get_mut(e as usize) {
                Some(cut) => *cut = true,
                None => self.drawn_cut[e as usize - self.table.edges.len()] = true,
            }
        }
        // The areas live before, kept in a buffer of the thread's.
        thread_local! {
            static WAS_LIVE: RefCell<Vec<bool>> = const { RefCell::new(Vec::new()) };
        }
        WAS_LIVE.with_borrow_mut(|was_live| {
            std::mem::swap(was_live, &mut self.live);
            self.table.paper.live(&self.cut, &mut self.live);
            if *was_live != self.live {
                self.areas_gone(was_live);
            }
        });
    }
}
