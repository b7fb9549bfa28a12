//! Universe board benchmarks: a default board, and boards of about 100k and
//! 1M nodes with their JSON written, beside the baseline the issue measures
//! them against (delaunator plus Kruskal over the same number of points);
//! and the default board drawn for print: SVG, PDF and PNG.
//! The 1M board also runs with `clearance = 0`, which skips the spanning
//! tree's clearance looks (`mst`) and little else: the two differ by what
//! keeping the tree clear of nodes costs.

use std::hint::black_box;

use boardwright::Seed;
use boardwright::universe::{self, Params};
use criterion::{Criterion, criterion_group, criterion_main};

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
    let board = universe::generate(params, &Seed::new("bench")).expect("bench boards generate");
    out.clear();
    universe::write_json(&board, out).expect("writes to memory");
    out.len()
}

/// The baseline: Delaunay triangulation and Kruskal's MST over `n` jittered points.
fn delaunator_kruskal(points: &[delaunator::Point]) -> usize {
    let tri = delaunator::triangulate(points);
    let mut edges: Vec<(f64, u32, u32)> = Vec::with_capacity(tri.triangles.len() / 2);
    for (h, &twin) in tri.halfedges.iter().enumerate() {
        if twin == delaunator::EMPTY || h < twin {
            let (a, b) = (tri.triangles[h], tri.triangles[delaunator::next_halfedge(h)]);
            let (pa, pb) = (&points[a], &points[b]);
            edges.push(((pa.x - pb.x).powi(2) + (pa.y - pb.y).powi(2), a as u32, b as u32));
        }
    }
    edges.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut sets = UnionFind::new(points.len());
    edges.iter().filter(|&&(_, a, b)| sets.union(a, b)).count()
}

/// Disjoint sets with path halving and union by size, as Kruskal's algorithm
/// wants them.
struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let grandparent = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = grandparent;
            v = grandparent;
        }
        v
    }

    /// Joins the sets of `a` and `b`; false when they were one already.
    fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }
}

fn jittered(resolution: u32) -> Vec<delaunator::Point> {
    let (w, h) = params(Some(resolution)).size();
    let mut rng = Seed::new("bench").stream("points", 0);
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

/// Drawing the default board (seed Tiamo) for print: the scene and its SVG
/// text (the page a browser or printer gets), then the PDF and the PNG the
/// command line writes, each from a board made once.
fn drawing(c: &mut Criterion) {
    let board = universe::generate(&params(None), &Seed::new("Tiamo")).expect("the default board generates");
    let options = boardwright::DrawOptions::default();
    let mut group = c.benchmark_group("universe/draw");
    group.bench_function("default board svg", |b| {
        b.iter(|| render::svg::document(&universe::draw(black_box(&board), options.clone())).len())
    });
    group.sample_size(10);
    for (name, format) in [("pdf", render::Format::Pdf), ("png", render::Format::Png)] {
        group.bench_function(format!("default board {name}"), |b| {
            b.iter(|| {
                let doc = universe::draw(black_box(&board), options.clone());
                render::render(&doc, format, render::Options::default()).expect("renders").len()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, default_board, large_boards, drawing);
criterion_main!(benches);
