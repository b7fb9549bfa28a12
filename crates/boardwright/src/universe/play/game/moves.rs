//! The legal moves of the player to move.

use super::{Action, Game, Move};
use crate::universe::play::rules::{Mission, Rules, StartOrder};

impl Game {
    /// Every legal move of the player to move (never empty while the game
    /// goes on: at worst a pass). On the start round, a starting node; then
    /// the steps, with the Traveler's teleport while one is left; a player
    /// with no step may still teleport, or draws an icon on a starting node
    /// instead.
    pub fn moves(&self) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let seat = self.seat;
        if self.starting() {
            if let Some(node) = self.given_start(seat) {
                return vec![Move::Start { node }];
            }
            return self.start_moves(seat);
        }
        let mut moves = self.steps(seat);
        let boxed_in = moves.is_empty();
        if self.table.rules.mission == Mission::Traveler && self.table.rules.traveler_teleport && self.teleports[seat] > 0 {
            moves.extend(
                (0..self.table.adjacency.len() as u32)
                    .filter(|&v| v != self.table.centre && self.may_enter(seat, v))
                    .map(|to| Move::Teleport { to }),
            );
        }
        if boxed_in {
            let restarts = self.start_moves(seat);
            if moves.is_empty() || restarts != [Move::Pass] {
                moves.extend(restarts);
            }
        }
        moves
    }

    /// The starting node `seat` is given, when it has none yet and the
    /// node is free: dealt by [`StartOrder::Dealt`], else the one the
    /// remedy assigns it.
    fn given_start(&self, seat: usize) -> Option<u32> {
        if self.starts[seat].is_some() {
            return None;
        }
        let starts = &self.table.starts;
        let node = if self.table.rules.start_order == StartOrder::Dealt {
            starts[(seat + self.deal) % starts.len()]
        } else {
            *self.table.assigned.get(seat)?
        };
        self.has_free[node as usize].then_some(node)
    }

    /// The starting nodes `seat` may draw an icon on (not one another
    /// player holds, unless the rules share starts), or a pass.
    fn start_moves(&self, seat: usize) -> Vec<Move> {
        let shared = self.table.rules.shared_starts;
        let starts: Vec<Move> = self
            .table
            .starts
            .iter()
            .filter(|&&v| self.has_free[v as usize] && !self.holds(seat, v) && (shared || self.held_by(v) == 0))
            .map(|&node| Move::Start { node })
            .collect();
        if starts.is_empty() { vec![Move::Pass] } else { starts }
    }

    /// Every step of `seat` with each way of taking the node's action: a
    /// cut must be made where one can be (unless the rules make it
    /// optional); a teleport or a new edge may be declined. The first
    /// seat's first step takes none under [`Remedy::FirstMoveWithoutAction`](crate::universe::play::Remedy).
    fn steps(&self, seat: usize) -> Vec<Move> {
        let mut moves = Vec::with_capacity(64);
        let no_action = seat == 0 && self.table.first_without_action && !self.stepped[0];
        let mut seen = vec![false; self.table.adjacency.len()];
        // The cuts of each length, found once (Rules::check bounds the length).
        let mut cuts: Vec<Option<Vec<Vec<u32>>>> = vec![None; Rules::MOST_CUT as usize + 1];
        for from in self.held(seat) {
            for to in self.open_neighbours(from) {
                if seen[to as usize] || !self.may_enter(seat, to) {
                    continue;
                }
                seen[to as usize] = true;
                let steps = if to == self.table.centre || no_action {
                    0
                } else {
                    self.table.effect[to as usize].cut.min(Rules::MOST_CUT) as usize
                };
                let options: &[Vec<u32>] = if steps > 0 {
                    cuts[steps].get_or_insert_with(|| self.cuts(steps as u32))
                } else {
                    &[]
                };
                if options.is_empty() || self.table.rules.optional_cuts {
                    moves.push(Move::Step {
                        from,
                        to,
                        action: Action::None,
                    });
                }
                moves.extend(options.iter().map(|edges| Move::Step {
                    from,
                    to,
                    action: Action::Cut { edges: edges.clone() },
                }));
                if to != self.table.centre && !no_action {
                    for action in self.other_actions(seat, to) {
                        moves.push(Move::Step { from, to, action });
                    }
                }
            }
        }
        moves
    }

    /// What `seat` may do with the action of `v`, landed on, besides
    /// nothing and a cut: a teleport or a new edge, as its effect allows.
    fn other_actions(&self, seat: usize, v: u32) -> Vec<Action> {
        let mut actions = Vec::new();
        let effect = &self.table.effect[v as usize];
        if effect.teleport {
            let kind = self.table.kind[v as usize];
            actions.extend(
                (0..self.table.adjacency.len() as u32)
                    .filter(|&w| w != v && self.table.kind[w as usize] == kind && self.may_enter(seat, w))
                    .map(|to| Action::Teleport { to }),
            );
        }
        if effect.new_edge {
            let mut ends: Vec<u32> = Vec::new();
            for &a in &self.table.paper.node_areas[v as usize] {
                if !self.live[a as usize] {
                    continue;
                }
                for &w in &self.table.paper.area_nodes[a as usize] {
                    let joined = self.open_neighbours(v).any(|x| x == w);
                    if w != v && !joined && !ends.contains(&w) && self.on_board(w) {
                        ends.push(w);
                    }
                }
            }
            ends.sort_unstable();
            actions.extend(ends.into_iter().map(|to| Action::NewEdge { to }));
        }
        actions
    }
}
