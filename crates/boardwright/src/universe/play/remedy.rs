//! Remedies: rules that make up for moving later, each printed on a board
//! as one sentence and played by the same rule. `fair_play` and `boardwright
//! play --compensate` play every remedy of [`Remedy::catalogue`] on a board
//! and keep the one that brings the seats closest.

use serde::{Deserialize, Serialize};

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
