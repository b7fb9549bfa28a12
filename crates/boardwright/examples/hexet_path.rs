//! Plays one hexet road: the shortest way over land from the tower to the
//! nearest city, found cell by cell with [`Hex`], each step a road (a bridge
//! where a river runs along the side it crosses), then the player's
//! networks and score: `cargo run --example hexet_path -- [seed]`.

use std::collections::{BTreeMap, VecDeque};

use boardwright::Seed;
use boardwright::hexet::{Action, Board, CellOut, Game, Hex, Params, RoadEntry, RoadType, Terrain};

/// The cell of the map at `hex`, if on it: cells are stored column by
/// column, so the offset coordinates give its place.
fn cell(board: &Board, hex: Hex) -> Option<&CellOut> {
    let (column, row) = hex.to_offset();
    if !(0..board.width as i32).contains(&column) || !(0..board.height as i32).contains(&row) {
        return None;
    }
    board.cells.get(column as usize * board.height as usize + row as usize)
}

/// The shortest way from `from` to `to` that enters no lake, both ends included.
fn path(board: &Board, from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let mut came_from = BTreeMap::from([(from, from)]);
    let mut open = VecDeque::from([from]);
    while let Some(at) = open.pop_front() {
        if at == to {
            let mut way = vec![to];
            while way[way.len() - 1] != from {
                way.push(came_from[&way[way.len() - 1]]);
            }
            way.reverse();
            return Some(way);
        }
        for next in at.neighbors() {
            let land = cell(board, next).is_some_and(|c| c.terrain != Terrain::Lake);
            if land && !came_from.contains_key(&next) {
                came_from.insert(next, at);
                open.push_back(next);
            }
        }
    }
    None
}

fn main() {
    let seed = std::env::args().nth(1).unwrap_or_else(|| "Tiamo".to_string());
    let mut game = Game::new(&Params::default(), &Seed::new(&seed)).expect("the default parameters make a map");
    let map = game.map_board();
    let city = map
        .cities
        .iter()
        .min_by_key(|c| (c.hex().distance(map.tower), c.id))
        .expect("a map has cities");
    println!(
        "tower {}, nearest city {} (type {}) at {}, {} steps away",
        map.tower,
        city.id,
        city.city_type,
        city.hex(),
        city.hex().distance(map.tower)
    );
    let way = path(&map, map.tower, city.hex()).expect("every city is reachable from the tower");
    for pair in way.windows(2) {
        let side = pair[0].side_to(pair[1]).expect("a path steps between neighbours");
        let river = cell(&map, pair[0]).is_some_and(|c| c.rivers.contains(side));
        let road_type = if river { RoadType::Bridge } else { RoadType::Normal };
        let change = game
            .apply(&RoadEntry::new(0, pair[0], pair[1], road_type, Action::Add))
            .expect("a road over land, bridged where a river lies, is legal");
        println!("{} -> {} across side {side}: {road_type:?}, {change:?}", pair[0], pair[1]);
    }
    for network in game.networks() {
        println!(
            "player {} network {}: {} cells, cities {:?}, tower {}",
            network.player,
            network.id,
            network.cells.len(),
            network.cities,
            network.tower
        );
    }
    println!("{:?}", game.scores()[0]);
}
