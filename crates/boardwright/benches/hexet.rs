//! Hexet map generation (terrain noise, rivers, cities) on the default
//! 24 × 18 map and on 256 × 256, then road network benchmarks on a
//! 1000 × 1000 map, every road going
//! through `Game::apply` (its checks included): random road adds, removals at
//! several road densities (around the density where networks begin to span
//! the map too), a one-million-entry log replayed end to end, and the
//! incremental removal against a flood fill of the whole map on 128 × 128.
//!
//! The maps of the road benchmarks have no lakes and no rivers, so every
//! road is legal. Before the criterion groups, per-removal latencies are
//! measured one by one and their median and 99th percentile printed.

use boardwright::Generator;
use boardwright::Logged;
use boardwright::hexet::Hexet;
use std::collections::BTreeMap;
use std::hint::black_box;
use std::time::Instant;

use boardwright::Seed;
use boardwright::hexet::{Action, Game, Params, RoadEntry, RoadType};

#[path = "../tests/rng.rs"]
mod rng;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use rng::Rng;

/// Bond percolation threshold of the triangular lattice (hex cells' adjacency): 2 sin(π/18).
const CRITICAL: f64 = 0.347_296;

/// A game's map as the result shows it: cells, their neighbours and rivers.
struct Layout {
    cells: Vec<[i32; 2]>,
    /// Neighbour by side, as positions in `cells`.
    neighbours: Vec<[Option<usize>; 6]>,
    rivers: Vec<u8>,
}

impl Layout {
    fn of(game: &Game) -> Layout {
        let board = game.map_board();
        let cells: Vec<[i32; 2]> = board.cells.iter().map(|c| [c.q, c.r]).collect();
        let index: BTreeMap<[i32; 2], usize> = cells.iter().enumerate().map(|(i, &c)| (c, i)).collect();
        let neighbours = cells
            .iter()
            .map(|&[q, r]| board.directions.map(|[dq, dr]| index.get(&[q + dq, r + dr]).copied()))
            .collect();
        let rivers = board.cells.iter().map(|c| c.rivers.bits()).collect();
        Layout { cells, neighbours, rivers }
    }

    /// Player 0's road from cell `c` across `side`, if the neighbour is on the map.
    fn road(&self, c: usize, side: usize, action: Action) -> Option<RoadEntry> {
        let n = self.neighbours[c][side]?;
        Some(RoadEntry {
            player: 0,
            from: self.cells[c].into(),
            to: self.cells[n].into(),
            road_type: RoadType::Normal,
            action,
        })
    }

    /// Every possible road once (sides below 3), as player 0's additions.
    fn all_roads(&self) -> Vec<RoadEntry> {
        (0..self.cells.len())
            .flat_map(|c| (0..3).filter_map(move |s| self.road(c, s, Action::Add)))
            .collect()
    }
}

/// A one-player game on an open `size × size` map: no lakes, no rivers.
fn open_game(size: u32) -> Game {
    let params = Params {
        width: size,
        height: size,
        players: 1,
        lake_share: 0.0,
        rivers: 0,
        ..Params::default()
    };
    Game::new(&params, &Seed::new("bench")).unwrap()
}

/// The game with each possible road placed with probability `density`, and those roads.
fn game_at(empty: &Game, layout: &Layout, density: f64, rng: &mut Rng) -> (Game, Vec<RoadEntry>) {
    let mut game = empty.clone();
    let mut roads = Vec::new();
    for e in layout.all_roads() {
        if rng.chance(density) {
            game.apply(&e).unwrap();
            roads.push(e);
        }
    }
    (game, roads)
}

fn percentiles(mut ns: Vec<u64>) -> (u64, u64) {
    ns.sort_unstable();
    (ns[ns.len() / 2], ns[ns.len() * 99 / 100])
}

/// Removes and re-adds random roads, timing each removal alone.
fn removal_latencies(empty: &Game, layout: &Layout, density: f64, samples: usize) -> (u64, u64) {
    let mut rng = Rng::new(7, 7);
    let (mut game, roads) = game_at(empty, layout, density, &mut rng);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let add = &roads[rng.index(roads.len())];
        let remove = RoadEntry {
            action: Action::Remove,
            ..add.clone()
        };
        let start = Instant::now();
        game.apply(&remove).unwrap();
        times.push(start.elapsed().as_nanos() as u64);
        game.apply(add).unwrap();
    }
    percentiles(times)
}

/// Every cell's network by flood fill over the roads' neighbour lists: what
/// relabelling the whole map after a change costs.
fn flood_fill(links: &[Vec<usize>]) -> Vec<u32> {
    let mut network = vec![0u32; links.len()];
    let mut next = 0;
    let mut open = Vec::new();
    for start in 0..links.len() {
        if links[start].is_empty() || network[start] != 0 {
            continue;
        }
        next += 1;
        network[start] = next;
        open.push(start);
        while let Some(cell) = open.pop() {
            for &n in &links[cell] {
                if network[n] == 0 {
                    network[n] = next;
                    open.push(n);
                }
            }
        }
    }
    network
}

fn report_latencies(big: &Game, big_layout: &Layout) {
    for density in [0.1, 0.25, CRITICAL, 0.45, 0.7] {
        let (median, p99) = removal_latencies(big, big_layout, density, 20_000);
        eprintln!("hexet/1000x1000 removal at density {density:.3}: median {median} ns, p99 {p99} ns");
    }
    let small = open_game(128);
    let layout = Layout::of(&small);
    let mut rng = Rng::new(8, 8);
    let mut links = vec![Vec::new(); layout.cells.len()];
    for c in 0..layout.cells.len() {
        for s in 0..3 {
            if let Some(n) = layout.neighbours[c][s]
                && rng.chance(CRITICAL)
            {
                links[c].push(n);
                links[n].push(c);
            }
        }
    }
    let runs = 200;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(flood_fill(&links));
    }
    let flood = start.elapsed().as_nanos() as u64 / runs;
    let (median, _) = removal_latencies(&small, &layout, CRITICAL, 20_000);
    eprintln!(
        "hexet/128x128 at the critical density: flood fill {flood} ns, incremental removal median {median} ns, speed-up {}x",
        flood / median.max(1)
    );
}

fn adds(c: &mut Criterion) {
    let empty = open_game(1000);
    let layout = Layout::of(&empty);
    report_latencies(&empty, &layout);
    let roads = layout.all_roads();
    let mut rng = Rng::new(9, 9);
    let mut order: Vec<usize> = (0..roads.len()).collect();
    rng.shuffle(&mut order);
    let mut group = c.benchmark_group("hexet/1000x1000");
    group.sample_size(10);
    group.bench_function("1M random road adds", |b| {
        b.iter_batched(
            || empty.clone(),
            |mut game| {
                for &k in order.iter().take(1_000_000) {
                    game.apply(&roads[k]).unwrap();
                }
                game
            },
            BatchSize::LargeInput,
        )
    });
    for density in [0.25, CRITICAL, 0.7] {
        let mut rng = Rng::new(10, 10);
        let (mut game, live) = game_at(&empty, &layout, density, &mut rng);
        group.bench_function(format!("remove and re-add at density {density:.3}"), |b| {
            b.iter(|| {
                let add = &live[rng.index(live.len())];
                game.apply(&RoadEntry {
                    action: Action::Remove,
                    ..add.clone()
                })
                .unwrap();
                game.apply(add).unwrap();
            })
        });
    }
    group.finish();
}

/// A log of one million entries on the map: adds around the network, and removals.
fn million_log(params: &Params) -> Vec<RoadEntry> {
    let mut game = Game::new(params, &Seed::new("bench")).unwrap();
    let layout = Layout::of(&game);
    let mut rng = Rng::new(11, 11);
    let mut log = Vec::with_capacity(1_000_000);
    let mut live: Vec<RoadEntry> = Vec::new();
    while log.len() < 1_000_000 {
        let e = if !live.is_empty() && rng.chance(0.3) {
            RoadEntry {
                action: Action::Remove,
                ..live.swap_remove(rng.index(live.len()))
            }
        } else {
            let c = rng.index(layout.cells.len());
            let s = rng.index(6);
            let Some(n) = layout.neighbours[c][s] else { continue };
            let bridge = layout.rivers[c] & (1 << s) != 0;
            RoadEntry {
                player: rng.below(u64::from(params.players)) as u32,
                from: layout.cells[c].into(),
                to: layout.cells[n].into(),
                road_type: if bridge { RoadType::Bridge } else { RoadType::Normal },
                action: Action::Add,
            }
        };
        if game.apply(&e).is_ok() {
            if e.action == Action::Add {
                live.push(e.clone());
            }
            log.push(e);
        }
    }
    log
}

fn replay(c: &mut Criterion) {
    let params = Params {
        width: 1000,
        height: 1000,
        ..Params::default()
    };
    let log = million_log(&params);
    let text = serde_json::to_string(&log).unwrap();
    let mut group = c.benchmark_group("hexet/1000x1000");
    group.sample_size(10);
    group.bench_function("replay 1M-entry log end to end (parse, map, replay, JSON)", |b| {
        b.iter(|| {
            let log: Vec<RoadEntry> = serde_json::from_str(&text).unwrap();
            let board = Hexet::generate_logged(&params, &Seed::new("bench"), &log, &mut ()).unwrap();
            black_box(serde_json::to_vec(&board).unwrap().len())
        })
    });
    group.finish();
}

/// Whole maps, as the web app makes them per request: the default size and
/// a large one with rivers to match.
fn maps(c: &mut Criterion) {
    let mut group = c.benchmark_group("hexet/map");
    for (size, rivers) in [((24, 18), 3), ((256, 256), 40)] {
        let params = Params {
            width: size.0,
            height: size.1,
            rivers,
            ..Params::default()
        };
        let mut i = 0u64;
        group.bench_function(format!("{}x{}", size.0, size.1), |b| {
            b.iter(|| {
                i += 1;
                black_box(Hexet::generate(&params, &Seed::new(&i.to_string())).unwrap())
            })
        });
    }
    group.finish();
}

criterion_group!(benches, maps, adds, replay);
criterion_main!(benches);
