//! Universe board benchmarks: a default board, and boards of about 100k and
//! 1M nodes with their JSON written, beside the baseline the issue measures
//! them against (delaunator plus Kruskal over the same number of points);
//! and the default board drawn for print: SVG, PDF and PNG; and the check of
//! the default parameters every board begins with.
//! The default board also runs with every expansion on, beside the same
//! board without; the area walk (the faces of a board) runs on boards of
//! about 1k, 10k, 100k and 1M nodes, made once, to show it linear in the
//! edges.
//! Bots play the default board: greedy and random series (`universe/play`).
//! The 1M board also runs with `clearance = 0`, which skips the spanning
//! tree's clearance looks (`mst`) and little else: the two differ by what
//! keeping the tree clear of nodes costs.
//! `universe/threads` makes boards of growing size on one thread and split
//! over two, where `boardwright::threads::SPLIT_FROM` is read off.

use std::hint::black_box;

use boardwright::universe::{Params, Universe};
use boardwright::{Generator, Seed};
use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/baseline.rs"]
mod baseline;
#[path = "../tests/rng.rs"]
mod rng;
use baseline::delaunator_kruskal;

fn params(resolution: Option<u32>) -> Params {
    Params {
        resolution,
        ..Params::default()
    }
}

/// Generate and serialise, as `boardwright universe -o board.json` does,
/// into `out`, which the caller keeps between iterations. A buffer made anew
/// each time would measure the allocator rather than the generator: past
/// 32 MB (a 1M board's JSON is about 200 MB) glibc maps every allocation
/// fresh from the kernel and each of its pages faults on first write, while
/// a 100k board's buffer is served warm from the heap. The CLI writes through
/// a small buffered writer and never holds the whole document.
fn board_json(params: &Params, out: &mut Vec<u8>) -> usize {
    let board = Universe::generate(params, &Seed::new("bench")).expect("bench boards generate");
    out.clear();
    Universe::write_json(&board, out).expect("writes to memory");
    out.len()
}

fn jittered(resolution: u32) -> Vec<delaunator::Point> {
    let (w, h) = params(Some(resolution)).size();
    let mut rng = rng::Rng::new(u64::from(resolution), 1);
    let mut points = Vec::new();
    for x in 0..=w {
        for y in 0..=h {
            points.push(delaunator::Point {
                x: f64::from(x) - 0.5 + rng.unit(),
                y: f64::from(y) - 0.5 + rng.unit(),
            });
        }
    }
    points
}

fn default_board(c: &mut Criterion) {
    let mut out = Vec::new();
    c.bench_function("universe/default board json", |b| {
        b.iter(|| black_box(board_json(&params(None), &mut out)))
    });
    // Every expansion that goes together (the all-expansions preset).
    let ours = ["expeditions", "resources", "tiny_nodes"];
    let expanded = Params {
        expansions: boardwright::universe::expansions::names()
            .into_iter()
            .filter(|n| !ours.contains(n))
            .map(String::from)
            .collect(),
        ..params(None)
    };
    c.bench_function("universe/default board json, all expansions", |b| {
        b.iter(|| black_box(board_json(&expanded, &mut out)))
    });
    // What `generate` spends checking its parameters (included above).
    // Two parameter sets in turn, so that every check is made anew; then
    // the same set again, which passes as it passed before.
    let (four, five) = (
        params(None),
        Params {
            players: 5,
            ..params(None)
        },
    );
    let mut n = 0u32;
    c.bench_function("universe/default params check", |b| {
        b.iter(|| {
            n += 1;
            let params = if n.is_multiple_of(2) { &four } else { &five };
            boardwright::params::Params::check(black_box(params)).expect("the defaults are valid")
        })
    });
    c.bench_function("universe/default params check, the same again", |b| {
        b.iter(|| boardwright::params::Params::check(black_box(&four)).expect("the defaults are valid"))
    });
}

fn large_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("universe/large");
    group.sample_size(10);
    for (name, resolution) in [("100k", 375), ("1M", 1188)] {
        let points = jittered(resolution);
        let mut out = Vec::new();
        group.bench_function(format!("{name} board json"), |b| {
            b.iter(|| black_box(board_json(&params(Some(resolution)), &mut out)))
        });
        group.bench_function(format!("{name} delaunator+kruskal"), |b| {
            b.iter(|| black_box(delaunator_kruskal(&points)))
        });
    }
    let unchecked = Params {
        clearance: 0.0,
        ..params(Some(1188))
    };
    let mut out = Vec::new();
    group.bench_function("1M board json, clearance 0", |b| {
        b.iter(|| black_box(board_json(&unchecked, &mut out)))
    });
    group.finish();
}

/// Boards of growing size made whole on one thread, and split over a pool
/// of two: splitting pays from the work (nodes times the layouts made) at
/// which the second is faster, `threads::SPLIT_FROM`.
fn threads(c: &mut Criterion) {
    let one = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("a pool");
    let two = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool");
    let mut group = c.benchmark_group("universe/threads");
    group.sample_size(20);
    group.measurement_time(std::time::Duration::from_secs(3));
    for resolution in [10, 24, 48, 64, 96, 160] {
        let params = params(Some(resolution));
        let nodes = params.node_count();
        let work = <Universe as Generator>::work_size(&params);
        let mut n = 0u64;
        for (name, pool) in [("one thread", &one), ("split", &two)] {
            group.bench_function(format!("{nodes} nodes (work {work}), {name}"), |b| {
                b.iter(|| {
                    n += 1;
                    let seed = Seed::new(&n.to_string());
                    pool.install(|| Universe::generate(&params, &seed).expect("bench boards generate").nodes.len())
                })
            });
        }
    }
    group.finish();
}

/// Drawing the default board (seed Tiamo) for print: the scene and its SVG
/// text (the page a browser or printer gets), then the PDF and the PNG the
/// command line writes, each from a board made once.
fn drawing(c: &mut Criterion) {
    let board = Universe::generate(&params(None), &Seed::new("Tiamo")).expect("the default board generates");
    let options = boardwright::DrawOptions::default();
    let mut group = c.benchmark_group("universe/draw");
    group.bench_function("default board svg", |b| {
        b.iter(|| render::svg::document(&Universe::draw(black_box(&board), options.clone())).len())
    });
    group.sample_size(10);
    for (name, format) in [("pdf", render::Format::Pdf), ("png", render::Format::Png)] {
        group.bench_function(format!("default board {name}"), |b| {
            b.iter(|| {
                let doc = Universe::draw(black_box(&board), options.clone());
                render::render(&doc, format, render::Options::default()).expect("renders").len()
            })
        });
    }
    group.finish();
}

/// The walk of a board's faces (`Board::enclosed_areas`) on boards made
/// once, of about 1k, 10k, 100k and 1M nodes: the time per edge stays flat.
fn area_walk(c: &mut Criterion) {
    let mut group = c.benchmark_group("universe/area walk");
    group.sample_size(10);
    for (name, resolution) in [("1k", 37), ("10k", 118), ("100k", 375), ("1M", 1188)] {
        let board = Universe::generate(&params(Some(resolution)), &Seed::new("bench")).expect("bench boards generate");
        group.throughput(criterion::Throughput::Elements(board.edges.len() as u64));
        group.bench_function(format!("{name} board"), |b| b.iter(|| black_box(board.enclosed_areas()).len()));
    }
    group.finish();
}

/// Reference, greedy and random games on a default 4-player board (the
/// target: at least 1,000 reference games a second on 2 cores), in series
/// of 100 and 1,000 on every core: the time per game stays flat. A series
/// plays its games twice, by the rules and with the starts dealt, and the
/// throughput counts both.
fn play(c: &mut Criterion) {
    use boardwright::universe::play::Series;
    let board = Universe::generate(&Params::default(), &Seed::new("Tiamo")).expect("the bench board generates");
    let mut group = c.benchmark_group("universe/play");
    group.sample_size(10);
    for bot in ["reference", "greedy", "random"] {
        for games in [100u32, 1000] {
            let series = Series {
                games,
                bots: vec![bot.to_string()],
                ..Default::default()
            };
            group.throughput(criterion::Throughput::Elements(2 * u64::from(games)));
            group.bench_function(format!("{bot}, {games} games"), |b| {
                b.iter(|| black_box(series.play(&board).expect("the bench board plays")).stalls)
            });
        }
    }
    group.finish();
}

criterion_group!(benches, default_board, large_boards, threads, drawing, area_walk, play);
criterion_main!(benches);
