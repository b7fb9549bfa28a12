//! Addresses of a long hexet game, for measuring the web app: plays `n`
//! roads (every land side of the map in turn, each player in turn, a bridge
//! where a river runs) on the default map of `seed`, then prints `n` query
//! strings, one per line, each the game's address with one road more: the
//! removal of road `k`. Every line is a different game of `n + 1` roads, so
//! no answer comes from the server's cache.
//! `cargo run --release --example road_game -- [seed] [n]`

use boardwright::Seed;
use boardwright::hexet::{Action, Game, Hex, HexSide, Hexet, Params, RoadEntry, RoadType};

fn main() {
    let mut args = std::env::args().skip(1);
    let seed = args.next().unwrap_or_else(|| "Tiamo".to_string());
    let n: usize = args.next().map_or(1000, |n| n.parse().expect("n is a count of roads"));
    let params = Params::default();
    let mut game = Game::new(&params, &Seed::new(&seed)).expect("the default map of the seed");
    let mut log = Vec::new();
    'sides: for player in 0..params.players {
        for column in 0..params.width as i32 {
            for row in 0..params.height as i32 {
                let from = Hex::from_offset(column, row);
                for side in HexSide::ALL {
                    if log.len() == n {
                        break 'sides;
                    }
                    let to = from.neighbor(side);
                    for road_type in [RoadType::Normal, RoadType::Bridge] {
                        let entry = RoadEntry::new(player, from, to, road_type, Action::Add);
                        if game.apply(&entry).is_ok() {
                            log.push(entry);
                            break;
                        }
                    }
                }
            }
        }
    }
    assert_eq!(log.len(), n, "the map of {seed:?} holds only {} roads", log.len());
    for k in 0..n {
        let mut longer = log.clone();
        longer.push(RoadEntry {
            action: Action::Remove,
            ..log[k].clone()
        });
        let code = Hexet::encode_log(&params, &longer).expect("a game that replays");
        println!("seed={seed}&roads={code}");
    }
}
