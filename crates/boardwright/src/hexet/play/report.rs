//! What a series of hexet games says: each seat's score (mean with a 95 %
//! interval) and wins (Wilson 95 % intervals), draws, Balance, the first
//! player's advantage, a chi-square test across seats, and per city type
//! the round at which players joined it.

use serde::Serialize;

use crate::stats::{ChiSquare, Mean, Rate, Turns, spread};

/// How one game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each seat's final score, in turn order.
    pub scores: Vec<u32>,
    /// Rounds played.
    pub rounds: u32,
    /// Per seat, per city type: the round in which the seat's roads joined
    /// every city of the type to the tower (`None`: never).
    pub joined: Vec<Vec<Option<u32>>>,
}

impl Outcome {
    /// The seat with the highest score, when no other has it too.
    pub fn winner(&self) -> Option<usize> {
        let best = *self.scores.iter().max()?;
        let mut top = self.scores.iter().enumerate().filter(|&(_, &s)| s == best);
        match (top.next(), top.next()) {
            (Some((seat, _)), None) => Some(seat),
            _ => None,
        }
    }
}

/// One seat's results.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SeatScore {
    /// The seat in turn order, from 1.
    pub seat: u32,
    /// Its wins (the highest score alone) over every game.
    #[serde(flatten)]
    pub rate: Rate,
    /// Its final score over the games: the mean and its 95 % interval.
    pub score: Mean,
}

/// One city type in play.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct TypeJoined {
    /// The city type, from 0.
    pub city_type: u32,
    /// The fewest roads that join its cities and the tower (the map's
    /// `city_type_roads`; null where unknown).
    pub roads: Option<u32>,
    /// Seats (over every game) whose roads joined every city of the type to
    /// the tower.
    pub joined: u32,
    /// The round in which they did, over those seats: the mean and its 95 %
    /// interval.
    pub turn: Mean,
}

/// What a series of games on one map says.
#[derive(Clone, Debug, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Report {
    /// Games played.
    pub games: u32,
    /// Players in each game.
    pub players: u32,
    /// The bot every seat played.
    pub bots: Vec<String>,
    /// Per seat in turn order.
    pub seats: Vec<SeatScore>,
    /// Games in which two or more seats shared the highest score (no one won).
    pub draws: u32,
    /// 1 − the largest gap between two seats' win rates.
    pub balance: f64,
    /// The first seat's win rate minus an equal share of the games won.
    pub advantage_p1: f64,
    /// The seats' wins against equal shares.
    pub chi_square: ChiSquare,
    /// The best seat's mean score minus the worst's.
    pub score_spread: f64,
    /// Per city type.
    pub city_types: Vec<TypeJoined>,
    /// The mean round at which a seat joined a city type, over every type
    /// joined in every game.
    pub joined_turn: f64,
    /// The latest type's mean round joined minus the earliest's (types
    /// joined in some game).
    pub joined_turn_spread: f64,
    /// Game length in rounds.
    pub turns: Turns,
}

impl Report {
    /// The report of `outcomes`, played by `bot` on a map whose city types
    /// take `type_roads` roads each.
    pub fn new(outcomes: &[Outcome], bot: &str, type_roads: &[Option<u32>]) -> Report {
        let games = outcomes.len() as u32;
        let players = outcomes.first().map_or(0, |o| o.scores.len());
        let mut wins = vec![0u32; players];
        for o in outcomes {
            if let Some(s) = o.winner() {
                wins[s] += 1;
            }
        }
        let seats: Vec<SeatScore> = (0..players)
            .map(|s| SeatScore {
                seat: s as u32 + 1,
                rate: Rate::new(wins[s], games),
                score: Mean::of(&outcomes.iter().map(|o| f64::from(o.scores[s])).collect::<Vec<_>>()),
            })
            .collect();
        let rates: Vec<f64> = seats.iter().map(|s| s.rate.win_rate).collect();
        let decided: u32 = wins.iter().sum();
        let share = f64::from(decided) / f64::from(games.max(1)) / players.max(1) as f64;
        let city_types: Vec<TypeJoined> = type_roads
            .iter()
            .enumerate()
            .map(|(t, &roads)| {
                let rounds: Vec<f64> = outcomes
                    .iter()
                    .flat_map(|o| o.joined.iter().filter_map(move |j| j.get(t).copied().flatten()))
                    .map(f64::from)
                    .collect();
                TypeJoined {
                    city_type: t as u32,
                    roads,
                    joined: rounds.len() as u32,
                    turn: Mean::of(&rounds),
                }
            })
            .collect();
        let joins: u32 = city_types.iter().map(|t| t.joined).sum();
        let joined_turn = city_types.iter().map(|t| t.turn.mean * f64::from(t.joined)).sum::<f64>() / f64::from(joins.max(1));
        let type_means: Vec<f64> = city_types.iter().filter(|t| t.joined > 0).map(|t| t.turn.mean).collect();
        let rounds: Vec<u32> = outcomes.iter().map(|o| o.rounds).collect();
        Report {
            games,
            players: players as u32,
            bots: vec![bot.to_string()],
            draws: games - decided,
            balance: 1.0 - spread(&rates),
            advantage_p1: rates.first().copied().unwrap_or(0.0) - share,
            chi_square: ChiSquare::of(&wins),
            score_spread: spread(&seats.iter().map(|s| s.score.mean).collect::<Vec<_>>()),
            seats,
            joined_turn,
            joined_turn_spread: spread(&type_means),
            city_types,
            turns: Turns::of(&rounds),
        }
    }
}
