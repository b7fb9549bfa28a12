//! The bots: a player that picks one of the legal moves. Write your own by
//! implementing [`Bot`].

use super::game::{Action, Game, Move};
use crate::Rng;

/// A player: given the game and its legal moves (never empty), picks one by
/// its index. `rng` is the bot's own stream for this game: the same game
/// gives the same stream, so a bot that draws only from it plays the same
/// moves on every run.
pub trait Bot: Send + Sync {
    /// The bot's name, as reports give it.
    fn name(&self) -> &str;
    /// The index in `moves` of the move to play.
    fn choose(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> usize;
}

/// Any legal move, each as likely: the floor, where a bias built into the
/// board already shows.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, _game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        rng.index(moves.len())
    }
}

/// The move after which it stands nearest to winning against the nearest
/// rival ([`Game::distance_to_win`]): its own distance counted against the
/// rival's, so a cut that delays a rival or keeps its own path open weighs
/// as much as a step forward. Ties are broken at random.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyBot;

impl GreedyBot {
    /// How good the game is for `seat`: the nearest rival's distance to
    /// winning minus its own (a win is best; a game it can no longer win
    /// is worst, whatever it does to the others).
    pub fn value(game: &Game, seat: usize) -> i64 {
        if game.winner() == Some(seat) {
            return i64::MAX;
        }
        let own = i64::from(game.distance_to_win(seat));
        if own >= i64::from(Game::FAR) {
            return i64::MIN / 2 - own;
        }
        let rival = (0..game.players())
            .filter(|&s| s != seat)
            .map(|s| i64::from(game.distance_to_win(s)))
            .min()
            .unwrap_or(0);
        rival - own
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    /// Every move without a cut is weighed, and each step onto a cutting
    /// node with its first cut. Then the best of those steps is weighed
    /// with every cut that runs within two hops of the nearest rival's
    /// nodes: a cut anywhere else delays no one.
    fn choose(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        let seat = game.to_move();
        let mut best = Vec::new();
        let mut best_value = i64::MIN;
        let mut weigh = |i: usize, value: i64, best: &mut Vec<usize>| {
            if value > best_value {
                best_value = value;
                best.clear();
            }
            if value == best_value && !best.contains(&i) {
                best.push(i);
            }
        };
        let value_of = |m: &Move| {
            let mut after = game.clone();
            after.play_unchecked(m);
            GreedyBot::value(&after, seat)
        };
        // Each node that cuts is weighed with its first cut; the best of
        // them is weighed with every cut near the nearest rival.
        let mut cutting: Option<(u32, i64)> = None;
        let mut first_cut_of: Option<u32> = None;
        for (i, m) in moves.iter().enumerate() {
            match m {
                Move::Step {
                    to,
                    action: Action::Cut { .. },
                    ..
                } => {
                    if first_cut_of == Some(*to) {
                        continue;
                    }
                    first_cut_of = Some(*to);
                    let value = value_of(m);
                    if cutting.is_none_or(|(_, v)| value > v) {
                        cutting = Some((*to, value));
                    }
                    weigh(i, value, &mut best);
                }
                _ => weigh(i, value_of(m), &mut best),
            }
        }
        if let Some((target, _)) = cutting {
            let rival = (0..game.players()).filter(|&s| s != seat).min_by_key(|&s| game.distance_to_win(s));
            if let Some(rival) = rival {
                let near = game.hops(rival);
                let hot = |e: u32| game.edge_ends(e).iter().any(|&v| near[v as usize] <= 2);
                for (i, m) in moves.iter().enumerate() {
                    if let Move::Step {
                        to,
                        action: Action::Cut { edges },
                        ..
                    } = m
                        && *to == target
                        && edges.iter().any(|&e| hot(e))
                    {
                        weigh(i, value_of(m), &mut best);
                    }
                }
            }
        }
        best[rng.index(best.len())]
    }
}

/// The bots by name.
pub const BOTS: [&str; 2] = ["random", "greedy"];

/// The bot called `name` ([`BOTS`]).
pub fn bot(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "random" => Some(Box::new(RandomBot)),
        "greedy" => Some(Box::new(GreedyBot)),
        _ => None,
    }
}
