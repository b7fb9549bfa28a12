//! How far each player is from the centre and from winning.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::{FREE, Game};
use crate::universe::play::rules::Mission;

/// A node a walk met but may not enter (out of reach, as `u32::MAX`).
const BARRED: u32 = u32::MAX - 1;

impl Game {
    /// Hops from the nodes `seat` holds to every node, through nodes they
    /// could enter now and along open edges (`u32::MAX`: out of reach).
    pub fn hops(&self, seat: usize) -> Vec<u32> {
        self.walk(seat, |_, _| ControlFlow::Continue(()))
    }

    /// Hops from the nodes `seat` holds to the nodes at most `most` hops
    /// away (the others `u32::MAX`, as out of reach).
    pub fn hops_within(&self, seat: usize, most: u32) -> Vec<u32> {
        self.walk(seat, |_, d| {
            if d > most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        })
    }

    /// [`Game::hops_within`] into the caller's buffers, for a bot that asks
    /// it every move: a node farther than `most`, or not `seat`'s to enter,
    /// reads more than `most`.
    pub(crate) fn hops_within_into(&self, seat: usize, most: u32, dist: &mut Vec<u32>, queue: &mut Vec<u32>) {
        self.walk_into(seat, dist, queue, |_, d| {
            if d > most {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
    }

    /// The breadth-first walk of [`Game::hops`]: `reached` sees each node
    /// as it is reached, with its hops (never fewer than the node before
    /// it), and may end the walk there; nodes not reached by then are left
    /// `u32::MAX` (the one that ended it keeps its hops).
    fn walk(&self, seat: usize, reached: impl FnMut(u32, u32) -> ControlFlow<()>) -> Vec<u32> {
        let mut dist = Vec::new();
        self.walk_into(seat, &mut dist, &mut Vec::new(), reached);
        for d in &mut dist {
            if *d == BARRED {
                *d = u32::MAX;
            }
        }
        dist
    }

    /// [`Game::walk`] into the caller's buffers (the bots walk a board
    /// thousands of times a game; a thread keeps one pair of buffers). A
    /// node met that `seat` cannot enter is marked [`BARRED`], so that it is
    /// judged once, not once from each neighbour.
    fn walk_into(&self, seat: usize, dist: &mut Vec<u32>, queue: &mut Vec<u32>, mut reached: impl FnMut(u32, u32) -> ControlFlow<()>) {
        let t = &*self.table;
        dist.clear();
        dist.resize(t.adjacency.len(), u32::MAX);
        queue.clear();
        for v in self.held_nodes(seat) {
            dist[v as usize] = 0;
            queue.push(v);
            if reached(v, 0).is_break() {
                return;
            }
        }
        // The ends of the edges drawn in the game and still open (a bit a
        // node, in a word of 64), so that the drawn list is read only there.
        let mut ends = 0u64;
        for (&[a, b], _) in self.drawn.iter().zip(&self.drawn_cut).filter(|(_, cut)| !**cut) {
            ends |= 1 << (a % 64) | 1 << (b % 64);
        }
        let drawn_at = |v: u32| ends & (1 << (v % 64)) != 0;
        let mut head = 0;
        while head < queue.len() {
            let v = queue[head];
            head += 1;
            if v == t.centre {
                continue;
            }
            let next = dist[v as usize] + 1;
            for &(w, e) in t.adjacency.of(v) {
                if !self.cut[e as usize] && self.step_into(seat, w, next, dist, queue) && reached(w, next).is_break() {
                    return;
                }
            }
            if !drawn_at(v) {
                continue;
            }
            for (&[a, b], _) in self.drawn.iter().zip(&self.drawn_cut).filter(|(_, cut)| !**cut) {
                let w = match (a == v, b == v) {
                    (true, _) => b,
                    (_, true) => a,
                    _ => continue,
                };
                if self.step_into(seat, w, next, dist, queue) && reached(w, next).is_break() {
                    return;
                }
            }
        }
    }

    /// One step of a walk of `seat` into `w`, `next` hops away: whether it
    /// is reached now for the first time (then queued). A node met that
    /// `seat` cannot enter is marked [`BARRED`].
    #[inline(always)]
    fn step_into(&self, seat: usize, w: u32, next: u32, dist: &mut [u32], queue: &mut Vec<u32>) -> bool {
        if dist[w as usize] != u32::MAX {
            return false;
        }
        if !self.enterable(seat, w) {
            dist[w as usize] = BARRED;
            return false;
        }
        dist[w as usize] = next;
        queue.push(w);
        true
    }

    /// Whether a walk of `seat` goes on into `w`: on the board with a free
    /// dot, and its number's need met (the centre counted as a walk to
    /// winning counts it, mission or not). [`Game::may_enter`] less what a
    /// walk already knows: the nodes `seat` holds are where it began.
    #[inline(always)]
    fn enterable(&self, seat: usize, w: u32) -> bool {
        let i = w as usize;
        self.alive[i]
            && self.has_free[i]
            && match self.table.needs[i] {
                Some((kind, count)) if w != self.table.centre => self.count_of(seat, kind) >= count,
                _ => true,
            }
    }

    /// `seat`'s distance to winning ([`Game::distance_to_win`]) were their
    /// icon drawn on `v` (a step, start or teleport there, its action set
    /// aside): drawn, measured and rubbed out again, so that a bot weighs
    /// every place to go on one copy of the game. A step onto the centre
    /// wins instead; the caller counts that.
    pub(crate) fn distance_if_drawn(&mut self, seat: usize, v: u32) -> u32 {
        let Some(dot) = self.free_dot(v) else {
            return self.distance_to_win(seat);
        };
        let i = v as usize;
        let (kind, types) = (self.table.kind[i], self.table.types);
        let count = (kind != u32::MAX).then(|| seat * types + kind as usize);
        let (held_by, has_free, quarters) = (self.held_by(v), self.has_free[i], self.quarters[seat]);
        let counted = count.map(|c| self.type_counts[c]);
        self.draw_icon(seat, v);
        let distance = self.distance_to_win(seat);
        self.dots[dot] = FREE;
        self.set_held_by(v, held_by);
        self.has_free[i] = has_free;
        self.quarters[seat] = quarters;
        if let (Some(c), Some(n)) = (count, counted) {
            self.type_counts[c] = n;
        }
        distance
    }

    /// How far `seat` is from winning, in moves, as the greedy bot reckons
    /// it: hops to the nearest node of each quarter the mission still
    /// needs, then to the centre (1,000 a part out of reach). The walk
    /// ends once the centre and a node of every quarter needed are reached:
    /// nothing reached later is nearer.
    pub fn distance_to_win(&self, seat: usize) -> u32 {
        const FAR: u32 = Game::FAR;
        if self.winner == Some(seat) {
            return 0;
        }
        let t = &*self.table;
        // The quarters a Traveler still needs: those it holds no node in.
        let mut needed: u8 = if t.rules.mission == Mission::Traveler {
            !self.quarters[seat] & 0b1111
        } else {
            0
        };
        let mut total = 0;
        let mut centre = FAR;
        thread_local! {
            static BUFFERS: RefCell<(Vec<u32>, Vec<u32>)> = const { RefCell::new((Vec::new(), Vec::new())) };
        }
        BUFFERS.with_borrow_mut(|(dist, queue)| {
            self.walk_into(seat, dist, queue, |v, d| {
                if v == t.centre {
                    centre = d;
                } else {
                    let q = 1 << t.quarter[v as usize];
                    if needed & q != 0 {
                        needed &= !q;
                        total += d.min(FAR);
                    }
                }
                if centre < FAR && needed == 0 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        });
        total + centre.min(FAR) + needed.count_ones() * FAR
    }
}
