//! The bots: a player that picks the road to place on its turn. Write your
//! own by implementing [`Bot`].

use std::collections::VecDeque;

use crate::Rng;
use crate::hexet::RoadType;
use crate::hexet::game::{Action, Game, RoadEntry};
use crate::hexet::hex::{Cell, HexSide};
use crate::hexet::map::Terrain;

/// A player: given the game, picks the road `player` places on its turn, or
/// passes. `rng` is the player's own stream for this game: the same game
/// gives the same stream, so a bot that draws only from it plays the same
/// roads on every run. A road the game refuses ends the series with an
/// error naming it.
pub trait Bot: Send + Sync {
    /// The bot's name, as reports give it.
    fn name(&self) -> &str;
    /// The road `player` places now, or `None` to pass (the player wants
    /// nothing more).
    fn choose(&self, game: &Game, player: u32, rng: &mut Rng) -> Option<RoadEntry>;
}

/// The bots' names.
pub(crate) const BOTS: [&str; 1] = ["greedy"];

/// The bot called `name`, made for the map of `game`; `None` for a name
/// not in [`BOTS`].
pub(crate) fn bot(name: &str, game: &Game) -> Option<Box<dyn Bot>> {
    match name {
        "greedy" => Some(Box::new(GreedyBot::new(game))),
        _ => None,
    }
}

/// Not reached.
const FAR: u32 = u32::MAX;

/// Grows one network out of the tower, a road a turn, towards the city
/// that adds most to its score per road: for every city not yet in the
/// network, what joining it would add (the tower's points, its type's group
/// points, the type's completion) over the roads it is away; the best
/// ratio, then the nearest, then a draw of the player's stream. The road
/// is the first of a shortest way there: from a cell of the network to a
/// neighbour one road nearer the city (a bridge where a river lies
/// between), any of the shortest ways as likely. It passes once every
/// city it can reach is joined.
///
/// Each city's roads to every cell are counted once for the map, when the
/// bot is made, so a turn costs one pass over the cells.
#[derive(Clone, Debug)]
pub(crate) struct GreedyBot {
    /// Per city (by id), the fewest roads from it to each cell ([`FAR`]:
    /// no way, through lakes only).
    roads: Vec<Vec<u32>>,
}

impl GreedyBot {
    /// The bot for the map of `game`.
    pub fn new(game: &Game) -> GreedyBot {
        let map = game.map();
        GreedyBot {
            roads: map.cities.iter().map(|&(c, _)| roads_from(game, c)).collect(),
        }
    }

    /// What `player`'s score gains when a city of a type with `joined` of
    /// its `of` cities in the network joins it too.
    fn gain(game: &Game, joined: u32, of: u32) -> u64 {
        let p = game.params();
        let group = |n: u32| if n >= 2 { n * p.type_points } else { 0 };
        let complete = if joined + 1 == of { p.completion_points } else { 0 };
        u64::from(p.tower_points + group(joined + 1) - group(joined) + complete)
    }
}

/// The fewest roads from `from` to every cell: a breadth-first search over
/// the cells no lake covers (a river is crossed by a bridge, one road).
fn roads_from(game: &Game, from: Cell) -> Vec<u32> {
    let map = game.map();
    let grid = map.grid;
    let mut roads = vec![FAR; grid.len()];
    roads[from.index()] = 0;
    let mut queue = VecDeque::from([from]);
    while let Some(c) = queue.pop_front() {
        let next = roads[c.index()] + 1;
        for s in HexSide::ALL {
            if let Some(n) = grid.neighbor(c, s)
                && roads[n.index()] == FAR
                && map.terrain[n.index()] != Terrain::Lake
            {
                roads[n.index()] = next;
                queue.push_back(n);
            }
        }
    }
    roads
}

impl Bot for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&self, game: &Game, player: u32, rng: &mut Rng) -> Option<RoadEntry> {
        let map = game.map();
        let grid = map.grid;
        let tower = game.network(player, map.tower);
        let joined = |c: Cell| c == map.tower || (tower != 0 && game.network(player, c) == tower);
        let network: Vec<Cell> = if tower == 0 {
            vec![map.tower]
        } else {
            grid.cells().filter(|&c| game.network(player, c) == tower).collect()
        };
        let types = game.params().city_types as usize;
        let (mut have, mut of) = (vec![0u32; types], vec![0u32; types]);
        for &(c, t) in &map.cities {
            of[t as usize] += 1;
            have[t as usize] += u32::from(joined(c));
        }
        // The best cities: (gain, roads) compared as gain / roads, then
        // fewer roads; equals kept for the draw.
        let mut best: Option<(u64, u32)> = None;
        let mut ties: Vec<usize> = Vec::new();
        for (k, &(c, t)) in map.cities.iter().enumerate() {
            if joined(c) {
                continue;
            }
            let away = network.iter().map(|n| self.roads[k][n.index()]).min().unwrap_or(FAR);
            if away == FAR {
                continue;
            }
            let gain = Self::gain(game, have[t as usize], of[t as usize]);
            let order = match best {
                None => std::cmp::Ordering::Greater,
                Some((g, r)) => (gain * u64::from(r)).cmp(&(g * u64::from(away))).then(r.cmp(&away)),
            };
            match order {
                std::cmp::Ordering::Greater => {
                    best = Some((gain, away));
                    ties.clear();
                    ties.push(k);
                }
                std::cmp::Ordering::Equal => ties.push(k),
                std::cmp::Ordering::Less => {}
            }
        }
        let (_, away) = best?;
        let to = &self.roads[ties[rng.index(ties.len())]];
        // Every first road of a shortest way: a network cell `away` roads
        // from the city to a neighbour one nearer.
        let mut steps: Vec<(Cell, HexSide, Cell)> = Vec::new();
        for &n in network.iter().filter(|n| to[n.index()] == away) {
            for s in HexSide::ALL {
                if let Some(m) = grid.neighbor(n, s)
                    && to[m.index()] == away - 1
                {
                    steps.push((n, s, m));
                }
            }
        }
        let (from, side, next) = steps[rng.index(steps.len())];
        let road_type = if map.rivers[from.index()].contains(side) {
            RoadType::Bridge
        } else {
            RoadType::Normal
        };
        Some(RoadEntry::new(player, grid.hex(from), grid.hex(next), road_type, Action::Add))
    }
}
