//! A road log written compactly, for a web address: a game is its seed,
//! its parameters and this code, so that a link, a bookmark or a reload
//! gives the game back and any server replays it.
//!
//! Each road is the same number of letters of the URL-safe base64 alphabet
//! (`A–Z a–z 0–9 - _`), as few as the map's size needs (3 on the default
//! map, 6 on the largest): one number, most significant letter first,
//! ```text
//! ((((column × height + row) × 6 + side) × 8 + player) × 2 + bridge) × 2 + removal
//! ```
//! where `(column, row)` are the offset coordinates of the road's first end
//! on the map and `side` the side across which its other end lies.

use super::Params;
use super::board::RoadType;
use super::game::{Action, RoadEntry};
use super::hex::{Hex, HexSide};
use crate::Error;

/// The 64 letters, by value.
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/// Players a code can name (the parameter's largest value).
const PLAYERS: u64 = 8;

/// How many different roads a map of `params` has codes for.
fn roads(params: &Params) -> u64 {
    u64::from(params.width) * u64::from(params.height) * 6 * PLAYERS * 4
}

/// Letters per road on a map of `params`.
fn letters(params: &Params) -> usize {
    let mut n = 1;
    let mut reach: u64 = 64;
    while reach < roads(params) {
        reach *= 64;
        n += 1;
    }
    n
}

/// The cell `hex` as `(column, row)` when it lies on the map.
fn on_map(params: &Params, hex: Hex) -> Option<(u64, u64)> {
    let (column, row) = hex.to_offset();
    let inside = (0..params.width as i32).contains(&column) && (0..params.height as i32).contains(&row);
    inside.then_some((column as u64, row as u64))
}

/// `log` as a code for a map of `params`. Refused, naming the entry: a road
/// whose ends are not neighbours, off the map, or a player past 8.
pub fn encode(params: &Params, log: &[RoadEntry]) -> Result<String, Error> {
    let width = letters(params);
    let mut code = String::with_capacity(log.len() * width);
    for (index, entry) in log.iter().enumerate() {
        let refuse = |reason: String| Error::Log { index, reason };
        let (from, to) = (entry.from, entry.to);
        let side = from
            .side_to(to)
            .ok_or_else(|| refuse(format!("cells {from} and {to} are not neighbours")))?;
        let (column, row) = on_map(params, from).ok_or_else(|| refuse(format!("cell {from} is off the map")))?;
        if u64::from(entry.player) >= PLAYERS {
            return Err(refuse(format!("player {} is past the last, {}", entry.player, PLAYERS - 1)));
        }
        let mut value = column * u64::from(params.height) + row;
        value = value * 6 + u64::from(side.number());
        value = value * PLAYERS + u64::from(entry.player);
        value = value * 2 + u64::from(entry.road_type == RoadType::Bridge);
        value = value * 2 + u64::from(entry.action == Action::Remove);
        for k in (0..width).rev() {
            code.push(ALPHABET[((value >> (6 * k)) & 63) as usize] as char);
        }
    }
    Ok(code)
}

/// The road log a code gives on a map of `params`. Refused, naming the road
/// (counted from 0): a letter outside the alphabet, a code whose length is
/// not a whole number of roads, or a number past the map's roads.
pub fn decode(params: &Params, code: &str) -> Result<Vec<RoadEntry>, Error> {
    let width = letters(params);
    // Each letter's value; one outside the alphabet is named as it was
    // typed (a letter beyond ASCII is more than one byte).
    let digits = code
        .char_indices()
        .map(|(at, c)| {
            let digit = u8::try_from(c).ok().and_then(|b| ALPHABET.iter().position(|&a| a == b));
            digit.map(|d| d as u8).ok_or_else(|| Error::Log {
                index: at / width,
                reason: format!("{c:?} is not a letter of a road code (A-Z, a-z, 0-9, - and _)"),
            })
        })
        .collect::<Result<Vec<u8>, Error>>()?;
    if !digits.len().is_multiple_of(width) {
        return Err(Error::Log {
            index: digits.len() / width,
            reason: format!(
                "the road code is {} letters long; on this map every road is {width} letters, so it is cut short",
                digits.len()
            ),
        });
    }
    digits
        .chunks(width)
        .enumerate()
        .map(|(index, letters)| {
            let refuse = |reason: String| Error::Log { index, reason };
            let mut value = letters.iter().fold(0, |value, &digit| value * 64 + u64::from(digit));
            if value >= roads(params) {
                return Err(refuse("the code names no road on this map".to_string()));
            }
            let action = if value % 2 == 1 { Action::Remove } else { Action::Add };
            value /= 2;
            let road_type = if value % 2 == 1 { RoadType::Bridge } else { RoadType::Normal };
            value /= 2;
            let player = (value % PLAYERS) as u32;
            value /= PLAYERS;
            let side = HexSide::ALL[(value % 6) as usize];
            value /= 6;
            let (column, row) = (value / u64::from(params.height), value % u64::from(params.height));
            let from = Hex::from_offset(column as i32, row as i32);
            Ok(RoadEntry::new(player, from, from.neighbor(side), road_type, action))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(player: u32, from: (i32, i32), side: usize, bridge: bool, remove: bool) -> RoadEntry {
        let from = Hex::from_offset(from.0, from.1);
        RoadEntry::new(
            player,
            from,
            from.neighbor(HexSide::ALL[side]),
            if bridge { RoadType::Bridge } else { RoadType::Normal },
            if remove { Action::Remove } else { Action::Add },
        )
    }

    #[test]
    fn every_kind_of_road_reads_back() {
        let params = Params::default();
        let mut log = Vec::new();
        for side in 0..6 {
            for player in [0, 1, 7] {
                for (bridge, remove) in [(false, false), (true, false), (false, true), (true, true)] {
                    log.push(entry(
                        player,
                        (side as i32 * 3 % 24, (player as i32 * 5) % 18),
                        side,
                        bridge,
                        remove,
                    ));
                }
            }
        }
        log.push(entry(0, (23, 17), 5, false, false));
        let code = encode(&params, &log).unwrap();
        assert_eq!(code.len(), 3 * log.len(), "three letters a road on the default map");
        assert!(code.bytes().all(|b| ALPHABET.contains(&b)));
        assert_eq!(decode(&params, &code).unwrap(), log);
        assert_eq!(decode(&params, "").unwrap(), Vec::new());
    }

    #[test]
    fn larger_maps_take_more_letters() {
        let sized = |width, height| Params {
            width,
            height,
            ..Params::default()
        };
        assert_eq!(letters(&sized(4, 4)), 2);
        assert_eq!(letters(&sized(24, 18)), 3);
        assert_eq!(letters(&sized(100, 100)), 4);
        assert_eq!(letters(&sized(4000, 4000)), 6);
        let big = sized(4000, 4000);
        let log = vec![entry(7, (3999, 3999), 3, true, true), entry(0, (0, 0), 0, false, false)];
        assert_eq!(decode(&big, &encode(&big, &log).unwrap()).unwrap(), log);
    }

    #[test]
    fn bad_codes_and_roads_are_refused_by_their_place() {
        let params = Params::default();
        let refused = |r: Result<Vec<RoadEntry>, Error>| match r {
            Err(Error::Log { index, reason }) => (index, reason),
            other => panic!("{other:?}"),
        };
        let (index, reason) = refused(decode(&params, "AAAAA"));
        assert_eq!(index, 1);
        assert!(reason.contains("cut short"), "{reason}");
        let (index, reason) = refused(decode(&params, "AAAA!A"));
        assert_eq!(index, 1);
        assert!(reason.contains("'!'"), "{reason}");
        // A letter beyond ASCII is named as typed, whatever the length.
        let (index, reason) = refused(decode(&params, "AAAAéA"));
        assert_eq!(index, 1);
        assert!(reason.starts_with("'é' is not a letter"), "{reason}");
        let (index, reason) = refused(decode(&params, "AAA___"));
        assert_eq!(index, 1);
        assert!(reason.contains("no road"), "{reason}");
        let far = RoadEntry::new(0, Hex::new(0, 0), Hex::new(5, 5), RoadType::Normal, Action::Add);
        assert!(matches!(encode(&params, &[far]), Err(Error::Log { index: 0, .. })));
        let off = entry(0, (24, 0), 0, false, false);
        assert!(matches!(
            encode(&params, &[entry(0, (0, 0), 0, false, false), off]),
            Err(Error::Log { index: 1, .. })
        ));
    }
}
