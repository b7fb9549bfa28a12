//! How far each player is from the centre and from winning.

use super::Game;
use crate::universe::play::rules::Mission;

impl Game {
    /// Hops from the nodes `seat` holds to every node, through nodes they
    /// could enter now and along open edges (`u32::MAX`: out of reach).
    pub fn hops(&self, seat: usize) -> Vec<u32> {
        let t = &*self.table;
        let n = t.adjacency.len();
        let mut dist = vec![u32::MAX; n];
        let mut queue: Vec<u32> = Vec::with_capacity(n);
        for (v, &held) in self.held_by.iter().enumerate() {
            if held & (1 << seat) != 0 {
                dist[v] = 0;
                queue.push(v as u32);
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if v == t.centre {
                continue;
            }
            let next = dist[v as usize] + 1;
            let mut reach = |w: u32| {
                let enterable = self.alive[w as usize] && (w == t.centre && self.has_free[w as usize] || self.may_enter(seat, w));
                if dist[w as usize] == u32::MAX && enterable {
                    dist[w as usize] = next;
                    queue.push(w);
                }
            };
            for &(w, e) in &t.adjacency[v as usize] {
                if !self.cut[e as usize] {
                    reach(w);
                }
            }
            for (&[a, b], _) in self.drawn.iter().zip(&self.drawn_cut).filter(|(_, cut)| !**cut) {
                if a == v {
                    reach(b);
                } else if b == v {
                    reach(a);
                }
            }
        }
        dist
    }

    /// How far `seat` is from winning, in moves, as the greedy bot reckons
    /// it: hops to the nearest node of each quarter the mission still
    /// needs, then to the centre (1,000 a part out of reach).
    pub fn distance_to_win(&self, seat: usize) -> u32 {
        const FAR: u32 = Game::FAR;
        if self.winner == Some(seat) {
            return 0;
        }
        let dist = self.hops(seat);
        let mut total = dist[self.table.centre as usize].min(FAR);
        if self.table.rules.mission == Mission::Traveler {
            let mut nearest = [u32::MAX; 4];
            let mut held = [false; 4];
            for (v, &d) in dist.iter().enumerate() {
                if v as u32 == self.table.centre {
                    continue;
                }
                let q = self.table.quarter[v] as usize;
                if d == 0 {
                    held[q] = true;
                }
                nearest[q] = nearest[q].min(d);
            }
            for q in 0..4 {
                if !held[q] {
                    total += nearest[q].min(FAR);
                }
            }
        }
        total
    }
}
