//! The bots: a player that picks one of the legal moves. Write your own by
//! implementing [`Bot`].

use std::cell::RefCell;

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
pub(crate) struct RandomBot;

impl Bot for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&self, _game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        rng.index(moves.len())
    }
}

/// Steps along the shortest open path to winning and cuts where the cut
/// delays the nearest rival most. It picks the step (or teleport) after
/// which its own distance to winning ([`Game::distance_to_win`]) is least,
/// the node's action set aside; then, of the ways to take that node's
/// action, the one that adds most to the nearest rival's distance less
/// what it adds to its own (and a turn it would lose). Only cuts that run
/// within two hops of that rival's nodes are weighed (a cut anywhere else
/// delays no one). Ties are broken at random.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct GreedyBot;

impl GreedyBot {
    /// How far `seat` stands ahead: the nearest rival's distance to
    /// winning less its own (a game it can no longer win is worst).
    pub fn lead(game: &Game, seat: usize) -> i64 {
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

    /// `seat`'s distance to winning once `m` is played on `after`, or 0
    /// when `m` wins.
    fn own_after(after: &mut Game, seat: usize, m: &Move) -> u32 {
        after.play_unchecked(m);
        if after.winner() == Some(seat) {
            0
        } else {
            after.distance_to_win(seat)
        }
    }
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        weigh_and_pick(game, moves, rng, 0.0)
    }
}

/// The reference player: greedy's reckoning, but not always its best move.
/// Every place to go is weighed as greedy weighs it, and one is drawn with
/// a chance that falls by [`ReferenceBot::SPREAD`] for each move more it
/// leaves to winning than the best; the node's action is drawn the same
/// way from the ways greedy weighs. Its games on one board differ from one
/// another as people's do, where greedy's nearly repeat, so a board's
/// figures are many games, not one game replayed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ReferenceBot {
    /// The chance of a move one worse than the best, as a share of the
    /// best's (0: greedy; below 1).
    pub spread: f64,
}

impl Default for ReferenceBot {
    fn default() -> ReferenceBot {
        ReferenceBot { spread: Self::SPREAD }
    }
}

impl ReferenceBot {
    /// The default spread, chosen by measurement (`docs/play.md`).
    pub const SPREAD: f64 = 0.25;
}

impl Bot for ReferenceBot {
    fn name(&self) -> &str {
        "reference"
    }

    fn choose(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        weigh_and_pick(game, moves, rng, self.spread.clamp(0.0, 0.999))
    }
}

/// Picks among `options` by their values (higher is better): with
/// `spread` 0 one of the best, each as likely; else each with weight
/// `spread` to the power of how far below the best it is (integer powers,
/// multiplied out, so every machine draws alike).
fn pick(options: &[(usize, i64)], spread: f64, rng: &mut Rng) -> usize {
    let best = options.iter().map(|&(_, v)| v).max().unwrap_or(0);
    if spread <= 0.0 {
        let top: Vec<usize> = options.iter().filter(|&&(_, v)| v == best).map(|&(i, _)| i).collect();
        return top[rng.index(top.len())];
    }
    /// Past this many steps below the best an option is never drawn.
    const FARTHEST: i64 = 24;
    let weights: Vec<f64> = options
        .iter()
        .map(|&(_, v)| {
            let below = best.saturating_sub(v);
            if below > FARTHEST {
                0.0
            } else {
                (0..below).fold(1.0, |w, _| w * spread)
            }
        })
        .collect();
    options[rng.weighted(&weights).unwrap_or(0)].0
}

/// Greedy's reckoning, shared by [`GreedyBot`] (`spread` 0) and
/// [`ReferenceBot`]: the place to go by its distance to winning after it,
/// then the way to take its action by the nearest rival's distance less
/// its own (a lost turn counted as one more).
fn weigh_and_pick(game: &Game, moves: &[Move], rng: &mut Rng, spread: f64) -> usize {
    // One copy of the game to look ahead on, for every move weighed: the
    // thread's, its buffers kept from one move to the next.
    thread_local! {
        static AHEAD: RefCell<(Option<Game>, Scratch)> = const { RefCell::new((None, (Vec::new(), Vec::new()))) };
    }
    AHEAD.with_borrow_mut(|(ahead, scratch)| {
        let ahead = match ahead {
            Some(copy) => {
                copy.clone_from(game);
                copy
            }
            None => ahead.insert(game.clone()),
        };
        weigh_on(game, ahead, scratch, moves, rng, spread)
    })
}

/// Buffers for a walk: hops and its queue.
type Scratch = (Vec<u32>, Vec<u32>);

/// [`weigh_and_pick`] with `ahead`, a copy of `game` that it leaves
/// changed, and buffers for the walk round the nearest rival.
fn weigh_on(game: &Game, ahead: &mut Game, (near, queue): &mut Scratch, moves: &[Move], rng: &mut Rng, spread: f64) -> usize {
    let seat = game.to_move();
    // The places to go, each weighed once with its action declined.
    let mut places: Vec<(usize, i64)> = Vec::new();
    let mut weighed: Vec<(u32, Option<u32>)> = Vec::new();
    for (i, m) in moves.iter().enumerate() {
        let place = match m {
            Move::Step {
                to,
                action: Action::Teleport { to: there },
                ..
            } => (*to, Some(*there)),
            Move::Step { to, .. } | Move::Start { node: to } | Move::Teleport { to } => (*to, None),
            Move::Pass => (u32::MAX, None),
        };
        if weighed.contains(&place) {
            continue;
        }
        weighed.push(place);
        let own = match (m, place) {
            (Move::Step { .. }, (to, None)) if to == game.centre() => 0,
            (Move::Pass, _) => game.distance_to_win(seat),
            (_, (to, None)) => ahead.distance_if_drawn(seat, to),
            (_, (_, Some(_))) => {
                let own = GreedyBot::own_after(ahead, seat, m);
                ahead.clone_from(game);
                own
            }
        };
        places.push((i, -i64::from(own)));
    }
    let chosen = pick(&places, spread, rng);
    let Move::Step { to: target, action, .. } = &moves[chosen] else {
        return chosen;
    };
    if matches!(action, Action::Teleport { .. }) {
        return chosen;
    }
    // The ways of taking the chosen node's action, weighed against the
    // nearest rival.
    let options: Vec<usize> = (0..moves.len())
        .filter(|&i| matches!(&moves[i], Move::Step { to, action, .. } if to == target && !matches!(action, Action::Teleport { .. })))
        .collect();
    if options.len() == 1 {
        return options[0];
    }
    let Some(rival) = (0..game.players()).filter(|&s| s != seat).min_by_key(|&s| game.distance_to_win(s)) else {
        return chosen;
    };
    game.hops_within_into(rival, 2, near, queue);
    let hot = |edges: &[u32]| edges.iter().any(|&e| game.edge_ends(e).iter().any(|&v| near[v as usize] <= 2));
    let mut ways = Vec::new();
    for (k, &i) in options.iter().enumerate() {
        if let Move::Step {
            action: Action::Cut { edges },
            ..
        } = &moves[i]
            && k > 0
            && !hot(edges)
        {
            continue;
        }
        ahead.clone_from(game);
        ahead.play_unchecked(&moves[i]);
        if ahead.winner() == Some(seat) {
            return i;
        }
        let lost = i64::from(ahead.loses_next_turn(seat) && !game.loses_next_turn(seat));
        ways.push((
            i,
            i64::from(ahead.distance_to_win(rival)) - i64::from(ahead.distance_to_win(seat)) - lost,
        ));
    }
    pick(&ways, spread, rng)
}

/// A fixed-budget lookahead: the moves greedy's reckoning ranks best (at
/// most [`SearchBot::WIDTH`]) are each played out `budget / WIDTH` times
/// for a few rounds by reference players (whose play-outs differ, where
/// greedy's would repeat one future), and the one whose play-outs end
/// best is played: a win counts 1, a loss 0, an unfinished play-out by how
/// far it leaves this seat ahead of the nearest rival.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SearchBot {
    /// Play-outs per move chosen, 1 to 10,000.
    pub budget: u32,
    /// Rounds each play-out runs before it is judged.
    pub horizon: u32,
}

impl Default for SearchBot {
    fn default() -> SearchBot {
        SearchBot { budget: 48, horizon: 4 }
    }
}

impl SearchBot {
    /// Moves weighed by play-outs.
    pub const WIDTH: usize = 6;

    /// What a play-out from `game` says for `seat`, from 0 (lost) to 1 (won).
    fn play_out(&self, mut game: Game, seat: usize, rng: &mut Rng) -> f64 {
        let end = game.rounds() + self.horizon;
        while !game.is_over() && game.rounds() < end {
            let moves = game.moves();
            let pick = weigh_and_pick(&game, &moves, rng, ReferenceBot::SPREAD);
            game.play_unchecked(&moves[pick]);
        }
        match game.winner() {
            Some(w) => f64::from(u8::from(w == seat)),
            None => {
                let lead = GreedyBot::lead(&game, seat) as f64;
                0.5 + 0.5 * lead / (lead.abs() + 4.0)
            }
        }
    }
}

impl Bot for SearchBot {
    fn name(&self) -> &str {
        "search"
    }

    fn choose(&self, game: &Game, moves: &[Move], rng: &mut Rng) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        let seat = game.to_move();
        let mut ranked: Vec<(i64, usize)> = moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let mut after = game.clone();
                after.play_unchecked(m);
                (
                    if after.winner() == Some(seat) {
                        i64::MAX
                    } else {
                        GreedyBot::lead(&after, seat)
                    },
                    i,
                )
            })
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        if ranked[0].0 == i64::MAX {
            return ranked[0].1;
        }
        ranked.truncate(Self::WIDTH);
        let runs = (self.budget as usize / ranked.len()).max(1);
        let mut best = (f64::MIN, ranked[0].1);
        for &(_, i) in &ranked {
            let mut after = game.clone();
            after.play_unchecked(&moves[i]);
            let score: f64 = (0..runs).map(|_| self.play_out(after.clone(), seat, rng)).sum::<f64>() / runs as f64;
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }
}

/// The bots by name.
pub(crate) const BOTS: [&str; 4] = ["reference", "random", "greedy", "search"];

/// The bot called `name` ([`BOTS`]).
pub(crate) fn bot(name: &str) -> Option<Box<dyn Bot>> {
    match name {
        "reference" => Some(Box::new(ReferenceBot::default())),
        "random" => Some(Box::new(RandomBot)),
        "greedy" => Some(Box::new(GreedyBot)),
        "search" => Some(Box::new(SearchBot::default())),
        _ => None,
    }
}
