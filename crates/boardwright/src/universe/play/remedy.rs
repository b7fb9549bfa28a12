//! Remedies: rules that make up for moving later, each printed on a board
//! as one sentence and played by the same rule. `fair_play` and `boardwright
//! play --compensate` play every remedy of [`Remedy::catalogue`] on a board
//! and keep the one that brings the seats closest.

use serde::{Deserialize, Serialize};

use super::Outcome;

/// A rule that makes up for the order of play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Remedy {
    /// None: one start each, in turn order.
    #[default]
    None,
    /// After every player has a start, these players (by seat from 1), in
    /// this order, take a second one.
    SecondStart {
        /// The seats taking a second start, each once, none of them the first.
        seats: Vec<u32>,
    },
    /// Starts are taken from the last player to the first.
    ReverseOrder,
    /// Everyone takes two starts: in turn order, then back from the last
    /// player to the first.
    SnakeOrder,
    /// The first player's first move takes no node action.
    FirstMoveWithoutAction,
    /// This player (by seat from 1, not the first) may use the Traveler's
    /// teleport twice.
    ExtraTeleport {
        /// The seat.
        seat: u32,
    },
    /// Each player begins on the starting node given, by its printed
    /// label: the first label is player 1's. Chosen from how every start
    /// wins when the starts are dealt ([`Remedy::assigned`]).
    AssignedStarts {
        /// A start label per seat in turn order, each once.
        starts: Vec<String>,
    },
}

impl Remedy {
    /// The remedies tried on a board of `players` players, `None` first (so
    /// that it wins ties): the finer levers (an action forgone, a
    /// teleport), the start order turned round, and second starts for the
    /// last seat, the last two and the later half.
    pub fn catalogue(players: u32) -> Vec<Remedy> {
        let n = players;
        let mut all = vec![
            Remedy::None,
            Remedy::FirstMoveWithoutAction,
            Remedy::ExtraTeleport { seat: n },
            Remedy::ReverseOrder,
            Remedy::SnakeOrder,
            Remedy::SecondStart { seats: vec![n] },
        ];
        if n >= 3 {
            all.push(Remedy::SecondStart { seats: vec![n, n - 1] });
        }
        let half = n / 2 + 1;
        if n >= 5 {
            all.push(Remedy::SecondStart {
                seats: (half..=n).rev().collect(),
            });
        }
        all
    }

    /// The starts to assign so that the seats win most evenly, reckoned
    /// from `dealt`, games on a board with the starts dealt round the seats
    /// (`starts` are the board's `(node, label)` in the order dealt: in
    /// game `g` seat `s` holds the `(s + g)`-th). Each seat and each start
    /// has a strength, fitted to the games: a game is won by a seat with
    /// chance its seat's strength times its start's, over the sum of them
    /// all, and each start's strength is drawn towards the mean by two
    /// games' worth, for the few games it may have. Of the deals the games
    /// played (seat `s` on the `(s + g)`-th start, for each `g`), the one
    /// whose seats' chances lie closest is given: a deal never played
    /// would be reckoned from starts never met side by side. None without
    /// won games or with fewer starts than seats.
    pub fn assigned(dealt: &[Outcome], starts: &[(u32, String)]) -> Option<Remedy> {
        let players = dealt.first()?.starts.len();
        if starts.len() < players {
            return None;
        }
        // Each won game: its winner and every seat's start (by index in `starts`).
        let games: Vec<(usize, Vec<usize>)> = dealt
            .iter()
            .filter_map(|game| {
                let held: Option<Vec<usize>> = game
                    .starts
                    .iter()
                    .map(|node| starts.iter().position(|(n, _)| Some(*n) == *node))
                    .collect();
                Some((game.winner?, held?))
            })
            .filter(|(winner, held)| *winner < players && held.len() == players)
            .collect();
        if games.is_empty() {
            return None;
        }
        let (mut seat, mut start) = (vec![1.0; players], vec![1.0; starts.len()]);
        let (mut seat_wins, mut start_wins) = (vec![0.0; players], vec![0.0; starts.len()]);
        for (winner, held) in &games {
            seat_wins[*winner] += 1.0;
            start_wins[held[*winner]] += 1.0;
        }
        const PRIOR: f64 = 2.0;
        // Minorise-maximise steps of the fit (each never lowers its likelihood).
        for _ in 0..200 {
            let (mut seat_weight, mut start_weight) = (vec![0.0; players], vec![PRIOR; starts.len()]);
            for (_, held) in &games {
                let total: f64 = held.iter().enumerate().map(|(s, &x)| seat[s] * start[x]).sum();
                for (s, &x) in held.iter().enumerate() {
                    seat_weight[s] += start[x] / total;
                    start_weight[x] += seat[s] / total;
                }
            }
            for (s, w) in seat.iter_mut().enumerate() {
                *w = (seat_wins[s] / seat_weight[s]).max(1e-6);
            }
            for (x, v) in start.iter_mut().enumerate() {
                *v = ((start_wins[x] + PRIOR) / start_weight[x]).max(1e-6);
            }
        }
        let unevenness = |pick: &[usize]| {
            let each: Vec<f64> = pick.iter().enumerate().map(|(s, &x)| seat[s] * start[x]).collect();
            let total: f64 = each.iter().sum();
            (each.iter().copied().fold(f64::MIN, f64::max) - each.iter().copied().fold(f64::MAX, f64::min)) / total
        };
        let n = starts.len();
        // The first of the evenest deals.
        let pick = (0..n)
            .map(|g| (0..players).map(|s| (s + g) % n).collect::<Vec<usize>>())
            .min_by(|a, b| unevenness(a).total_cmp(&unevenness(b)))?;
        Some(Remedy::AssignedStarts {
            starts: pick.iter().map(|&x| starts[x].1.clone()).collect(),
        })
    }

    /// Refuses a remedy that names a seat a game of `players` does not
    /// have, in words.
    pub fn check(&self, players: usize) -> Result<(), String> {
        let later = 2..=players as u32;
        match self {
            Remedy::SecondStart { seats } => {
                let twice = seats.iter().enumerate().any(|(i, s)| seats[..i].contains(s));
                if seats.is_empty() || twice || seats.iter().any(|s| !later.contains(s)) {
                    return Err(format!(
                        "remedy.seats: {seats:?} is not allowed; one or more seats from 2 to {players}, each once"
                    ));
                }
            }
            Remedy::ExtraTeleport { seat } if !later.contains(seat) => {
                return Err(format!("remedy.seat: {seat} is not allowed; a seat from 2 to {players}"));
            }
            Remedy::AssignedStarts { starts } => {
                let twice = starts.iter().enumerate().any(|(i, s)| starts[..i].contains(s));
                if starts.len() != players || twice {
                    return Err(format!(
                        "remedy.starts: {starts:?} is not allowed; one start label per seat ({players}), each once"
                    ));
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// The seats (from 0) in the order they take starts, when the remedy
    /// sets it.
    pub(crate) fn picks(&self, players: usize) -> Option<Vec<usize>> {
        let each = 0..players;
        match self {
            Remedy::SecondStart { seats } => Some(each.chain(seats.iter().map(|&s| s as usize - 1)).collect()),
            Remedy::ReverseOrder => Some(each.rev().collect()),
            Remedy::SnakeOrder => Some(each.clone().chain(each.rev()).collect()),
            _ => None,
        }
    }

    /// The Traveler's teleports `seat` (from 0) has in a game.
    pub(crate) fn teleports(&self, seat: usize) -> u8 {
        match self {
            Remedy::ExtraTeleport { seat: s } if *s as usize == seat + 1 => 2,
            _ => 1,
        }
    }

    /// The remedy as the board prints it, for a game of `players`; none
    /// for [`Remedy::None`].
    pub fn sentence(&self, players: u32) -> Option<String> {
        Some(match self {
            Remedy::None => return None,
            Remedy::SecondStart { seats } => {
                let names: Vec<String> = seats.iter().map(|s| format!("player {s}")).collect();
                let (who, verb) = match names.as_slice() {
                    [one] => (one.clone(), "takes"),
                    [rest @ .., last] => (format!("{}, then {last}", rest.join(", then ")), "take"),
                    [] => return None,
                };
                format!("Starts: one each in turn order, then {who} {verb} a second.")
            }
            Remedy::ReverseOrder => format!("Starts: player {players} picks first, player 1 last."),
            Remedy::SnakeOrder => format!("Starts: two each, in turn order, then back from player {players} to player 1."),
            Remedy::FirstMoveWithoutAction => "Player 1's first move takes no node action.".to_string(),
            Remedy::ExtraTeleport { seat } => format!("Player {seat} may use the Traveler's teleport twice."),
            Remedy::AssignedStarts { starts } => {
                let each: Vec<String> = starts.iter().enumerate().map(|(s, l)| format!("player {} on {l}", s + 1)).collect();
                format!("Starts: {}.", each.join(", "))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_remedy_of_the_catalogue_is_allowed_and_printed_but_none() {
        for players in 2..=9 {
            let all = Remedy::catalogue(players);
            assert_eq!(all[0], Remedy::None);
            for (i, r) in all.iter().enumerate() {
                r.check(players as usize).unwrap();
                assert_eq!(r.sentence(players).is_none(), i == 0, "{r:?}");
                assert!(!all[..i].contains(r), "{r:?} twice at {players}");
            }
        }
    }

    #[test]
    fn seats_outside_the_game_are_refused() {
        let refused = Remedy::SecondStart { seats: vec![1] }.check(4).unwrap_err();
        assert!(refused.contains("from 2 to 4"), "{refused}");
        assert!(Remedy::SecondStart { seats: vec![3, 3] }.check(4).is_err());
        assert!(Remedy::ExtraTeleport { seat: 5 }.check(4).is_err());
        assert_eq!(Remedy::SnakeOrder.picks(3), Some(vec![0, 1, 2, 2, 1, 0]));
    }
}
