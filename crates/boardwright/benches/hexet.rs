//! Hexet road network benchmarks on a 1000 × 1000 map: random road adds,
//! removals at several road densities (around the density where networks
//! begin to span the map too), a one-million-entry log replayed end to end,
//! and the incremental removal against the flood-fill reference on 128 × 128.
//!
//! Before the criterion groups, per-removal latencies are measured one by one
//! and their median and 99th percentile printed.

use std::hint::black_box;
use std::time::Instant;

use boardwright::hexet::hex::Grid;
use boardwright::hexet::network::{Layer, flood_fill};
use boardwright::hexet::{self, Action, Params, RoadEntry, RoadType};
use boardwright::seed::{Rng, Seed};
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

const BIG: Grid = Grid { width: 1000, height: 1000 };
const SMALL: Grid = Grid { width: 128, height: 128 };
/// Bond percolation threshold of the triangular lattice (hex cells' adjacency): 2 sin(π/18).
const CRITICAL: f64 = 0.347_296;

/// Every possible road once, as (cell, side) with side < 3.
fn all_roads(grid: Grid) -> Vec<(usize, usize)> {
    (0..grid.len())
        .flat_map(|c| (0..3).filter(move |&s| grid.neighbor(c, s).is_some()).map(move |s| (c, s)))
        .collect()
}

/// A layer holding each possible road with probability `density`, and its roads.
fn layer_at(grid: Grid, density: f64, rng: &mut Rng) -> (Layer, Vec<(usize, usize)>) {
    let mut layer = Layer::new(grid);
    let mut roads = Vec::new();
    for (c, s) in all_roads(grid) {
        if rng.chance(density) {
            layer.add(c, s, grid.neighbor(c, s).unwrap());
            roads.push((c, s));
        }
    }
    (layer, roads)
}

fn percentiles(mut ns: Vec<u64>) -> (u64, u64) {
    ns.sort_unstable();
    (ns[ns.len() / 2], ns[ns.len() * 99 / 100])
}

/// Removes and re-adds random roads, timing each removal alone.
fn removal_latencies(grid: Grid, density: f64, samples: usize) -> (u64, u64) {
    let mut rng = Rng::new(7, 7);
    let (mut layer, roads) = layer_at(grid, density, &mut rng);
    let mut times = Vec::with_capacity(samples);
    for _ in 0..samples {
        let (c, s) = roads[rng.index(roads.len())];
        let n = grid.neighbor(c, s).unwrap();
        let start = Instant::now();
        layer.remove(c, s, n);
        times.push(start.elapsed().as_nanos() as u64);
        layer.add(c, s, n);
    }
    percentiles(times)
}

fn report_latencies() {
    for density in [0.1, 0.25, CRITICAL, 0.45, 0.7] {
        let (median, p99) = removal_latencies(BIG, density, 20_000);
        eprintln!("hexet/1000x1000 removal at density {density:.3}: median {median} ns, p99 {p99} ns");
    }
    // The reference relabels the whole map after a change.
    let mut rng = Rng::new(8, 8);
    let (layer, _) = layer_at(SMALL, CRITICAL, &mut rng);
    let runs = 200;
    let start = Instant::now();
    for _ in 0..runs {
        black_box(flood_fill(SMALL, layer.masks()));
    }
    let flood = start.elapsed().as_nanos() as u64 / runs;
    let (median, _) = removal_latencies(SMALL, CRITICAL, 20_000);
    eprintln!(
        "hexet/128x128 at the critical density: flood fill {flood} ns, incremental removal median {median} ns, speed-up {}x",
        flood / median.max(1)
    );
}

fn adds(c: &mut Criterion) {
    report_latencies();
    let roads = all_roads(BIG);
    let mut rng = Rng::new(9, 9);
    let mut order: Vec<usize> = (0..roads.len()).collect();
    rng.shuffle(&mut order);
    let mut group = c.benchmark_group("hexet/1000x1000");
    group.sample_size(10);
    group.bench_function("1M random road adds", |b| {
        b.iter_batched(
            || Layer::new(BIG),
            |mut layer| {
                for &k in order.iter().take(1_000_000) {
                    let (cell, side) = roads[k];
                    layer.add(cell, side, BIG.neighbor(cell, side).unwrap());
                }
                layer
            },
            BatchSize::LargeInput,
        )
    });
    for density in [0.25, CRITICAL, 0.7] {
        let mut rng = Rng::new(10, 10);
        let (mut layer, live) = layer_at(BIG, density, &mut rng);
        group.bench_function(format!("remove and re-add at density {density:.3}"), |b| {
            b.iter(|| {
                let (cell, side) = live[rng.index(live.len())];
                let n = BIG.neighbor(cell, side).unwrap();
                layer.remove(cell, side, n);
                layer.add(cell, side, n);
            })
        });
    }
    group.finish();
}

/// A log of one million entries on the map: adds around the network, and removals.
fn million_log(params: &Params) -> Vec<RoadEntry> {
    let (map, _) = hexet::generate_map(params, &Seed::new("bench")).unwrap();
    let grid = map.grid;
    let mut rng = Rng::new(11, 11);
    let mut game = hexet::Game::new(map, params.players);
    let mut log = Vec::with_capacity(1_000_000);
    let mut live: Vec<RoadEntry> = Vec::new();
    while log.len() < 1_000_000 {
        let e = if !live.is_empty() && rng.chance(0.3) {
            RoadEntry {
                action: Action::Remove,
                ..live.swap_remove(rng.index(live.len()))
            }
        } else {
            let c = rng.index(grid.len());
            let s = rng.index(6);
            let Some(n) = grid.neighbor(c, s) else { continue };
            let ((q, r), (nq, nr)) = (grid.axial(c), grid.axial(n));
            let bridge = game.map.rivers[c] & (1 << s) != 0;
            RoadEntry {
                player: rng.below(u64::from(params.players)) as u32,
                from: [q, r],
                to: [nq, nr],
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
            let board = hexet::generate_with_log(&params, &Seed::new("bench"), &log).unwrap();
            black_box(serde_json::to_vec(&board).unwrap().len())
        })
    });
    group.finish();
}

criterion_group!(benches, adds, replay);
criterion_main!(benches);
