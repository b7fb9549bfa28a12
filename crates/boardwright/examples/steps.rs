//! Times each generation step of a large universe board (a profiling aid).
fn main() {
    if std::env::var_os("RELAX_ONLY").is_some() {
        let mut rng = boardwright::seed::Seed::new("x").stream("points", 0);
        let mut pts = boardwright::universe::relax::jittered_grid(1188, 840, &mut rng);
        let t = std::time::Instant::now();
        boardwright::universe::relax::relax(&mut pts, &[], 1188, 840, 10);
        eprintln!("relax 10 its {:.3}s", t.elapsed().as_secs_f64());
        return;
    }
    let resolution: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1188);
    let params = boardwright::universe::Params { resolution: Some(resolution), ..Default::default() };
    let start = std::time::Instant::now();
    let mut last = start;
    let board = boardwright::universe::generate_with_progress(&params, &boardwright::seed::Seed::new("x"), &mut |a, s| {
        let now = std::time::Instant::now();
        eprintln!("{:>8.3}s  attempt {a} step {s} {}", (now - last).as_secs_f64(), boardwright::universe::STEPS[s]);
        last = now;
    }).unwrap();
    let now = std::time::Instant::now();
    eprintln!("{:>8.3}s  last step; total {:.3}s", (now - last).as_secs_f64(), (now - start).as_secs_f64());
    let t = std::time::Instant::now();
    let json = serde_json::to_vec(&board).unwrap();
    eprintln!("json {:.3}s ({} bytes)", t.elapsed().as_secs_f64(), json.len());
}

#[allow(dead_code)]
fn relax_only() {}
