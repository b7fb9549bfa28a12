//! One game of Unstable Universe on a board: its state, the legal moves of
//! the player to move, and what a move does.

use std::sync::Arc;

use serde::Serialize;

mod cuts;
mod moves;
mod reach;
mod setup;

use super::paper::Paper;
use super::remedy::Remedy;
use super::rules::{Effect, Mission, Rules};
use crate::stats::PlayError;
use crate::universe::{Board, NodeKind};

/// No one: a free power dot.
const FREE: u8 = u8::MAX;

/// A move of the player whose turn it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(tag = "move", rename_all = "snake_case")]
pub enum Move {
    /// Draw an icon on a starting node with a free dot: a player's first
    /// turn, and any turn on which they cannot step (the rulebook's restart).
    Start {
        /// The mission node.
        node: u32,
    },
    /// Move from a node one holds along an edge to a neighbour with a free
    /// dot, draw an icon there, and take (or decline) that node's action.
    Step {
        /// The node moved from.
        from: u32,
        /// The node moved to.
        to: u32,
        /// What is done with the node's action.
        action: Action,
    },
    /// The Traveler's power, once a game: instead of a step, jump to any
    /// node with a free dot (not the centre) and draw an icon there.
    Teleport {
        /// Where to.
        to: u32,
    },
    /// No step and no starting node with a free dot: the turn passes.
    Pass,
}

/// What a player does with the action of the node they land on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Nothing.
    None,
    /// Cut along these edges, in order: an index into the board's
    /// `edges`, or past them the k-th edge drawn in the game (the board's
    /// edge count plus k).
    Cut {
        /// The edges cut.
        edges: Vec<u32>,
    },
    /// Jump to this node, erasing the icon just drawn.
    Teleport {
        /// Where to.
        to: u32,
    },
    /// Draw a new edge from the node landed on to this one.
    NewEdge {
        /// The other end.
        to: u32,
    },
}

/// What does not change during a game: the board as the rules see it.
#[derive(Debug)]
struct Table {
    paper: Paper,
    /// Each node's neighbours, `(node, edge)`.
    adjacency: Adjacency,
    /// Each edge's ends.
    edges: Vec<[u32; 2]>,
    /// Each node's effect.
    effect: Vec<Effect>,
    /// Each node's type, as an index into the board's node types
    /// (`u32::MAX`: none).
    kind: Vec<u32>,
    /// Node types on the board's list.
    types: usize,
    /// What entering a node needs: so many held nodes of a type.
    needs: Vec<Option<(u32, u32)>>,
    /// Each node's quarter round the centre (0 to 3).
    quarter: Vec<u8>,
    /// Nodes on the paper's edge.
    border: Vec<bool>,
    /// The mission (starting) nodes.
    starts: Vec<u32>,
    /// The seats in the order they take starting nodes.
    picks: Vec<usize>,
    /// Each seat's starting node, when the remedy assigns them (else
    /// empty).
    assigned: Vec<u32>,
    /// Whether the first seat's first move takes no node action.
    first_without_action: bool,
    /// The Traveler's teleports each seat has.
    teleports: Vec<u8>,
    centre: u32,
    /// Where each node's dots begin in the flat list of dots.
    first_dot: Vec<u32>,
    players: usize,
    rules: Rules,
}

/// Each node's neighbours `(node, edge)`, in the order of the edges, in
/// one flat list (node `v`'s from `first[v]` to `first[v + 1]`): the walks
/// read them thousands of times a game.
#[derive(Debug)]
struct Adjacency {
    first: Vec<u32>,
    list: Vec<(u32, u32)>,
}

impl Adjacency {
    fn new(nodes: usize, edges: &[[u32; 2]]) -> Adjacency {
        let mut first = vec![0u32; nodes + 1];
        for &v in edges.iter().flatten() {
            first[v as usize + 1] += 1;
        }
        for v in 0..nodes {
            first[v + 1] += first[v];
        }
        let mut next = first.clone();
        let mut list = vec![(0, 0); 2 * edges.len()];
        for (e, &[a, b]) in edges.iter().enumerate() {
            for (from, to) in [(a, b), (b, a)] {
                list[next[from as usize] as usize] = (to, e as u32);
                next[from as usize] += 1;
            }
        }
        Adjacency { first, list }
    }

    /// Nodes.
    fn len(&self) -> usize {
        self.first.len() - 1
    }

    /// `v`'s neighbours.
    fn of(&self, v: u32) -> &[(u32, u32)] {
        &self.list[self.first[v as usize] as usize..self.first[v as usize + 1] as usize]
    }
}

/// One game: the board's paper with its cuts, every icon drawn, whose turn
/// it is. Clone it to look ahead; cloning shares the board's data, and
/// `clone_from` reuses the copy's buffers.
#[derive(Debug)]
pub struct Game {
    table: Arc<Table>,
    /// Cut edges.
    cut: Vec<bool>,
    /// Areas still on the board.
    live: Vec<bool>,
    /// Each dot's owner (by seat), [`FREE`] if none.
    dots: Vec<u8>,
    /// What follows from the dots and the live areas, made again after
    /// every move ([`Game::refresh`]): the nodes each seat holds (a bit a
    /// node, [`Game::words`] words a seat, so that a walk finds a seat's
    /// nodes in a few words), each node's free dot on the board and whether
    /// it is on the board at all; each seat's quarters held (a bit a
    /// quarter) and nodes held of each type (seat × type).
    held: Vec<u64>,
    has_free: Vec<bool>,
    alive: Vec<bool>,
    quarters: Vec<u8>,
    type_counts: Vec<u32>,
    /// Edges drawn during the game, and whether each has been cut along.
    drawn: Vec<[u32; 2]>,
    drawn_cut: Vec<bool>,
    /// The seat to move.
    seat: usize,
    /// Starting nodes taken so far, by seat.
    starts: Vec<Option<u32>>,
    /// The Traveler's teleports each seat has left.
    teleports: Vec<u8>,
    /// Seats that have made a step.
    stepped: Vec<bool>,
    /// Seats that lose their next turn (a cut through a penalty node).
    skip: Vec<bool>,
    /// Whether the player to move is on an extra turn.
    extra: bool,
    /// Turns of the start round played.
    start_turns: usize,
    /// Where the deal of [`StartOrder::Dealt`](crate::universe::play::StartOrder::Dealt) begins: the game's index.
    deal: usize,
    round: u32,
    winner: Option<usize>,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        let mut copy = Game {
            table: Arc::clone(&self.table),
            cut: Vec::new(),
            live: Vec::new(),
            dots: Vec::new(),
            held: Vec::new(),
            has_free: Vec::new(),
            alive: Vec::new(),
            quarters: Vec::new(),
            type_counts: Vec::new(),
            drawn: Vec::new(),
            drawn_cut: Vec::new(),
            seat: 0,
            starts: Vec::new(),
            teleports: Vec::new(),
            stepped: Vec::new(),
            skip: Vec::new(),
            extra: false,
            start_turns: 0,
            deal: 0,
            round: 0,
            winner: None,
        };
        copy.clone_from(self);
        copy
    }

    /// Field by field, into the buffers this game already has (a bot
    /// looks ahead on one copy thousands of times a game). The pattern
    /// names every field, so a new one cannot be forgotten here.
    fn clone_from(&mut self, source: &Game) {
        let Game {
            table,
            cut,
            live,
            dots,
            held,
            has_free,
            alive,
            quarters,
            type_counts,
            drawn,
            drawn_cut,
            seat,
            starts,
            teleports,
            stepped,
            skip,
            extra,
            start_turns,
            deal,
            round,
            winner,
        } = source;
        if !Arc::ptr_eq(&self.table, table) {
            self.table = Arc::clone(table);
        }
        self.cut.clone_from(cut);
        self.live.clone_from(live);
        self.dots.clone_from(dots);
        self.held.clone_from(held);
        self.has_free.clone_from(has_free);
        self.alive.clone_from(alive);
        self.quarters.clone_from(quarters);
        self.type_counts.clone_from(type_counts);
        self.drawn.clone_from(drawn);
        self.drawn_cut.clone_from(drawn_cut);
        self.seat = *seat;
        self.starts.clone_from(starts);
        self.teleports.clone_from(teleports);
        self.stepped.clone_from(stepped);
        self.skip.clone_from(skip);
        self.extra = *extra;
        self.start_turns = *start_turns;
        self.deal = *deal;
        self.round = *round;
        self.winner = *winner;
    }
}

impl Game {
    /// What [`Game::distance_to_win`] counts for a part out of reach.
    pub const FAR: u32 = 1000;

    /// Deals the starts of game `g` of a series, by [`StartOrder::Dealt`](crate::universe::play::StartOrder::Dealt).
    pub(crate) fn deal(&mut self, g: u32) {
        self.deal = g as usize;
    }

    /// Node `v` as its dots on the board and the live areas make it: the
    /// seats holding it (a bit a seat), whether it has a free dot on the
    /// board, and whether it is on the board at all.
    fn node_state(&self, v: usize) -> (u16, bool, bool) {
        let t = &*self.table;
        let (mut held, mut free) = (0u16, false);
        for (k, &area) in t.paper.dot_areas[v].iter().enumerate() {
            if Paper::inside(area) && self.live[area as usize] {
                match self.dots[t.first_dot[v] as usize + k] {
                    FREE => free = true,
                    seat => held |= 1 << seat,
                }
            }
        }
        (held, free, t.paper.node_areas[v].iter().any(|&a| self.live[a as usize]))
    }

    /// After areas went off the board (`was_live`: the live areas before):
    /// only their nodes change, and the holdings of the seats that lost one
    /// of them (as [`Game::refresh`] would make them).
    pub(super) fn areas_gone(&mut self, was_live: &[bool]) {
        let t = Arc::clone(&self.table);
        let mut losers = 0u16;
        for (a, &was) in was_live.iter().enumerate() {
            if !was || self.live[a] {
                continue;
            }
            for &v in &t.paper.area_nodes[a] {
                losers |= self.restate(v as usize);
            }
        }
        self.requarter(losers);
    }

    /// Makes node `v` again from its dots and the live areas (as
    /// [`Game::refresh`] would make it), and the type counts of the seats
    /// that no longer hold it; gives those seats (a bit a seat).
    fn restate(&mut self, v: usize) -> u16 {
        let t = &*self.table;
        let (held, free, alive) = self.node_state(v);
        let lost = self.held_by(v as u32) & !held;
        if lost != 0 && v as u32 != t.centre && t.kind[v] != u32::MAX {
            for seat in (0..t.players).filter(|s| lost & (1 << s) != 0) {
                self.type_counts[seat * t.types + t.kind[v] as usize] -= 1;
            }
        }
        self.set_held_by(v as u32, held);
        self.has_free[v] = free;
        self.alive[v] = alive;
        lost
    }

    /// Makes again the quarters held by `seats` (a bit a seat).
    fn requarter(&mut self, seats: u16) {
        let t = &*self.table;
        for seat in (0..t.players).filter(|s| seats & (1 << s) != 0) {
            self.quarters[seat] = self
                .held_nodes(seat)
                .filter(|&v| v != t.centre)
                .fold(0, |q, v| q | 1 << t.quarter[v as usize]);
        }
    }

    /// Makes again what follows from the dots and the live areas.
    fn refresh(&mut self) {
        let t = Arc::clone(&self.table);
        let n = t.adjacency.len();
        self.type_counts.clear();
        self.type_counts.resize(t.players * t.types, 0);
        self.quarters.iter_mut().for_each(|q| *q = 0);
        for v in 0..n {
            let (held, free, alive) = self.node_state(v);
            self.set_held_by(v as u32, held);
            self.has_free[v] = free;
            self.alive[v] = alive;
            if held != 0 && v as u32 != t.centre {
                for seat in 0..t.players {
                    if held & (1 << seat) != 0 {
                        self.quarters[seat] |= 1 << t.quarter[v];
                        if t.kind[v] != u32::MAX {
                            self.type_counts[seat * t.types + t.kind[v] as usize] += 1;
                        }
                    }
                }
            }
        }
    }

    /// Players in the game.
    pub fn players(&self) -> usize {
        self.table.players
    }

    /// The seat (from 0) whose turn it is.
    pub fn to_move(&self) -> usize {
        self.seat
    }

    /// Whether the start round is on: each player in turn draws a first
    /// icon on a starting node.
    pub fn starting(&self) -> bool {
        self.start_turns < self.table.picks.len()
    }

    /// The winner's seat, once someone has stepped onto the centre.
    pub fn winner(&self) -> Option<usize> {
        self.winner
    }

    /// Whether the game is over: won; lost by everyone, the centre cut off
    /// from every other node on the board (the rulebook: when victory is
    /// impossible, everyone loses); or past the rules' rounds (a stall).
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.centre_cut_off() || self.round >= self.table.rules.max_rounds
    }

    /// Whether no open edge joins the centre to a node on the board.
    pub fn centre_cut_off(&self) -> bool {
        self.open_neighbours(self.table.centre).next().is_none()
    }

    /// Full rounds played.
    pub fn rounds(&self) -> u32 {
        self.round
    }

    /// Each seat's starting node, once taken.
    pub fn starts(&self) -> &[Option<u32>] {
        &self.starts
    }

    /// The centre node.
    pub fn centre(&self) -> u32 {
        self.table.centre
    }

    /// Whether edge `e` is cut: by index into the board's edges, or past
    /// them an edge drawn in the game ([`Action::Cut`]).
    pub fn is_cut(&self, e: u32) -> bool {
        match self.cut.get(e as usize) {
            Some(&cut) => cut,
            None => self.drawn_cut[e as usize - self.cut.len()],
        }
    }

    /// The two nodes edge `e` joins (numbered as in [`Game::is_cut`]).
    pub fn edge_ends(&self, e: u32) -> [u32; 2] {
        match self.table.edges.get(e as usize) {
            Some(&ends) => ends,
            None => self.drawn[e as usize - self.table.edges.len()],
        }
    }

    /// Whether `seat` loses their next turn, for a cut through a penalty
    /// node.
    pub fn loses_next_turn(&self, seat: usize) -> bool {
        self.skip[seat]
    }

    /// Whether node `v` is still on the board (some area round it is).
    pub fn on_board(&self, v: u32) -> bool {
        self.alive[v as usize]
    }

    /// Whether `seat` holds node `v`: an icon of theirs in one of its dots
    /// still on the board.
    #[inline]
    pub fn holds(&self, seat: usize, v: u32) -> bool {
        self.held[seat * self.words() + v as usize / 64] & (1 << (v % 64)) != 0
    }

    /// Words of [`Game::held`] a seat.
    fn words(&self) -> usize {
        self.table.adjacency.len().div_ceil(64)
    }

    /// The seats holding `v` (a bit a seat).
    fn held_by(&self, v: u32) -> u16 {
        (0..self.table.players).filter(|&s| self.holds(s, v)).fold(0, |m, s| m | 1 << s)
    }

    /// Marks `v` held by `seats` (a bit a seat) and by no one else.
    fn set_held_by(&mut self, v: u32, seats: u16) {
        let (words, bit) = (self.words(), 1u64 << (v % 64));
        for s in 0..self.table.players {
            let word = &mut self.held[s * words + v as usize / 64];
            if seats & (1 << s) != 0 {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
    }

    /// The nodes `seat` holds, from the lowest.
    fn held_nodes(&self, seat: usize) -> impl Iterator<Item = u32> + '_ {
        let words = self.words();
        self.held[seat * words..(seat + 1) * words]
            .iter()
            .enumerate()
            .flat_map(|(k, &word)| {
                let mut rest = word;
                std::iter::from_fn(move || {
                    (rest != 0).then(|| {
                        let bit = rest.trailing_zeros();
                        rest &= rest - 1;
                        k as u32 * 64 + bit
                    })
                })
            })
    }

    /// The nodes `seat` holds.
    pub fn held(&self, seat: usize) -> Vec<u32> {
        self.held_nodes(seat).collect()
    }

    /// Whether `seat` has done the mission.
    #[inline]
    pub fn mission_done(&self, seat: usize) -> bool {
        match self.table.rules.mission {
            Mission::Race => true,
            Mission::Traveler => self.quarters[seat] == 0b1111,
        }
    }

    /// The owner and whether it is on the board, for each dot of `v`.
    fn dots_of(&self, v: u32) -> impl Iterator<Item = (u8, bool)> + '_ {
        let t = &self.table;
        let range = t.first_dot[v as usize] as usize..t.first_dot[v as usize + 1] as usize;
        self.dots[range]
            .iter()
            .zip(&t.paper.dot_areas[v as usize])
            .map(|(&owner, &area)| (owner, Paper::inside(area) && self.live[area as usize]))
    }

    /// The first free dot of `v` still on the board (its index in the flat list).
    fn free_dot(&self, v: u32) -> Option<usize> {
        let first = self.table.first_dot[v as usize] as usize;
        self.dots_of(v).position(|(owner, live)| live && owner == FREE).map(|k| first + k)
    }

    /// Whether `seat` may enter `v`: it is on the board with a free dot, not
    /// held by them already, and they meet its number's need; the centre
    /// only once their mission is done.
    #[inline]
    fn may_enter(&self, seat: usize, v: u32) -> bool {
        if !self.has_free[v as usize] || self.holds(seat, v) {
            return false;
        }
        if v == self.table.centre {
            return self.mission_done(seat);
        }
        match self.table.needs[v as usize] {
            None => true,
            Some((kind, count)) => self.count_of(seat, kind) >= count,
        }
    }

    /// Nodes of type `kind` that `seat` holds.
    #[inline]
    fn count_of(&self, seat: usize, kind: u32) -> u32 {
        self.type_counts[seat * self.table.types + kind as usize]
    }

    /// `v`'s neighbours along edges still open: printed ones uncut, and the
    /// edges drawn in the game.
    fn open_neighbours(&self, v: u32) -> impl Iterator<Item = u32> + '_ {
        let printed = self
            .table
            .adjacency
            .of(v)
            .iter()
            .filter(|&&(_, e)| !self.cut[e as usize])
            .map(|&(w, _)| w);
        let drawn = self
            .drawn
            .iter()
            .zip(&self.drawn_cut)
            .filter(|(_, cut)| !**cut)
            .filter_map(move |(&[a, b], _)| {
                if a == v {
                    Some(b)
                } else if b == v {
                    Some(a)
                } else {
                    None
                }
            });
        printed.chain(drawn).filter(|&w| self.on_board(w))
    }

    /// Draws `seat`'s icon in the first free dot of `v`.
    fn draw_icon(&mut self, seat: usize, v: u32) {
        let Some(d) = self.free_dot(v) else { return };
        self.dots[d] = seat as u8;
        let t = &*self.table;
        let newly = !self.holds(seat, v);
        let word = seat * self.words() + v as usize / 64;
        self.held[word] |= 1 << (v % 64);
        self.has_free[v as usize] = self.free_dot(v).is_some();
        if newly && v != t.centre {
            self.quarters[seat] |= 1 << t.quarter[v as usize];
            if t.kind[v as usize] != u32::MAX {
                self.type_counts[seat * t.types + t.kind[v as usize] as usize] += 1;
            }
        }
    }

    /// Plays `m` for the player to move. A move not among [`Game::moves`]
    /// is refused, the game unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), PlayError> {
        if !self.moves().contains(m) {
            return Err(PlayError(format!("{m:?} is not a legal move for seat {}", self.seat + 1)));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Plays a move taken from [`Game::moves`] without checking it again.
    pub(crate) fn play_unchecked(&mut self, m: &Move) {
        let seat = self.seat;
        let mut again = false;
        match m {
            Move::Start { node } => {
                self.draw_icon(seat, *node);
                self.starts[seat].get_or_insert(*node);
            }
            Move::Teleport { to } => {
                self.draw_icon(seat, *to);
                self.teleports[seat] -= 1;
            }
            Move::Step { to, action, .. } => {
                self.draw_icon(seat, *to);
                self.stepped[seat] = true;
                if *to == self.table.centre {
                    self.winner = Some(seat);
                    return;
                }
                match action {
                    Action::None => {}
                    Action::Cut { edges } => {
                        if self.cut_costs_a_turn(edges) {
                            self.skip[seat] = true;
                        }
                        self.cut_edges(edges);
                    }
                    Action::Teleport { to: there } => {
                        let first = self.table.first_dot[*to as usize] as usize;
                        let last = self.table.first_dot[*to as usize + 1] as usize;
                        if let Some(d) = (first..last).rev().find(|&d| self.dots[d] == seat as u8) {
                            self.dots[d] = FREE;
                            let lost = self.restate(*to as usize);
                            self.requarter(lost);
                        }
                        self.draw_icon(seat, *there);
                    }
                    Action::NewEdge { to: end } => {
                        self.drawn.push([*to, *end]);
                        self.drawn_cut.push(false);
                    }
                }
                again = self.table.effect[*to as usize].extra_turn && !self.extra;
            }
            Move::Pass => {}
        }
        if again {
            self.extra = true;
            return;
        }
        self.extra = false;
        self.advance();
    }

    /// Hands the turn on: on the start round (a turn each), in the rules'
    /// start order; then round the table from the first seat, past a seat
    /// that loses its turn.
    fn advance(&mut self) {
        let n = self.players();
        if self.starting() {
            self.start_turns += 1;
            self.seat = self.table.picks.get(self.start_turns).copied().unwrap_or(0);
            if self.starting() {
                return;
            }
        } else {
            self.next_seat(n);
        }
        // Every seat skipping at once skips once each, in one pass.
        let mut passes = 0;
        while self.skip[self.seat] && passes < n {
            self.skip[self.seat] = false;
            self.next_seat(n);
            passes += 1;
        }
    }

    fn next_seat(&mut self, n: usize) {
        self.seat += 1;
        if self.seat == n {
            self.seat = 0;
            self.round += 1;
        }
    }
}
