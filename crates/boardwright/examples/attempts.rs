//! Whole-board attempts of large universe boards, seed by seed:
//! `cargo run --release --example attempts -- 1188 20` generates boards of
//! resolution 1188 (about a million nodes) for the seeds `s0` to `s19` and
//! prints, for each, the attempts it took and its time. A third argument
//! names the seeds' prefix, or lists seeds separated by commas (`big,c,`); a fourth,
//! `baseline`, also times delaunator plus Kruskal's algorithm on the board's
//! own node positions, the floor a board's spanning tree is compared with.

use std::time::Instant;

use boardwright::Seed;
use boardwright::universe::{self, Params};

fn main() {
    let mut args = std::env::args().skip(1);
    let resolution: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1188);
    let count: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let prefix = args.next().unwrap_or_else(|| "s".into());
    let baseline = args.next().as_deref() == Some("baseline");
    let seeds: Vec<String> = if prefix.contains(',') {
        prefix.split(',').filter(|s| !s.is_empty()).map(str::to_string).collect()
    } else {
        (0..count).map(|k| format!("{prefix}{k}")).collect()
    };
    let params = Params {
        resolution: Some(resolution),
        ..Params::default()
    };
    println!("resolution {resolution}, {} nodes", params.node_count());
    println!("{:>8} {:>8} {:>8} {:>10}", "seed", "attempts", "seconds", "baseline");
    for seed in seeds {
        let start = Instant::now();
        match universe::generate(&params, &Seed::new(&seed)) {
            Ok(board) => {
                let seconds = start.elapsed().as_secs_f64();
                let floor = if baseline {
                    let points: Vec<delaunator::Point> = board.nodes.iter().map(|n| delaunator::Point { x: n.x, y: n.y }).collect();
                    drop(board.nodes);
                    let start = Instant::now();
                    let edges = delaunator_kruskal(&points);
                    assert_eq!(edges + 1, points.len());
                    format!("{:.2}", start.elapsed().as_secs_f64())
                } else {
                    "-".into()
                };
                println!("{seed:>8} {:>8} {seconds:>8.2} {floor:>10}", board.metrics.attempts);
            }
            Err(e) => println!("{seed:>8} failed: {e}"),
        }
    }
}

/// Delaunay triangulation, then Kruskal's algorithm over its edges: the
/// spanning tree edges found.
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
    // Disjoint sets with path halving and union by size, as the bench's.
    let mut parent: Vec<u32> = (0..points.len() as u32).collect();
    let mut size = vec![1u32; points.len()];
    let find = |mut v: u32, parent: &mut Vec<u32>| {
        while parent[v as usize] != v {
            parent[v as usize] = parent[parent[v as usize] as usize];
            v = parent[v as usize];
        }
        v
    };
    let mut joined = 0;
    for &(_, a, b) in &edges {
        let (mut ra, mut rb) = (find(a, &mut parent), find(b, &mut parent));
        if ra != rb {
            if size[ra as usize] < size[rb as usize] {
                std::mem::swap(&mut ra, &mut rb);
            }
            parent[rb as usize] = ra;
            size[ra as usize] += size[rb as usize];
            joined += 1;
        }
    }
    joined
}
