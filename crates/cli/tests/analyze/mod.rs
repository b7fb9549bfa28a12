//! `boardwright analyze`: the report's figures recomputed from its CSV, the
//! CSV checked against the boards themselves, the fairness targets measured
//! again from the CSV's rows, the same bytes whatever the thread count or
//! sharding, failures counted, bad arguments refused, and an HTML page that
//! loads nothing.

use std::process::Command;

use serde_json::Value;

use super::{files_in, run, scratch, stderr};

/// Runs analyze with `args` and returns the file written to `name` in `dir`.
fn report(dir: &std::path::Path, name: &str, args: &[&str], threads: Option<&str>) -> Vec<u8> {
    let path = dir.join(name);
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_boardwright"));
    cmd.arg("analyze").args(args).arg("-o").arg(&path);
    if let Some(t) = threads {
        cmd.env("RAYON_NUM_THREADS", t);
    }
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    assert!(out.stdout.is_empty(), "analyze wrote to stdout with -o");
    std::fs::read(&path).unwrap()
}

/// `analyze` with `args` writes, in every format, the same report with one
/// thread and with two, and as many shards as `order` names, merged in that
/// order, give it again.
fn same_bytes_for_threads_and_shards(dir: &std::path::Path, args: &[&str], order: &[usize]) {
    for ext in ["json", "csv", "html"] {
        let one = report(dir, &format!("one.{ext}"), args, Some("1"));
        let two = report(dir, &format!("two.{ext}"), args, Some("2"));
        assert!(one == two, "{ext}: one thread and two differ");
        let part = |k: usize| dir.join(format!("part{k}.json"));
        for k in 0..order.len() {
            let shard = format!("{k}/{}", order.len());
            let mut shard_args = args.to_vec();
            shard_args.extend(["--shard", shard.as_str()]);
            report(dir, &format!("part{k}.json"), &shard_args, None);
        }
        let merged = dir.join(format!("merged.{ext}"));
        let mut merge: Vec<String> = vec!["analyze".into(), "merge".into()];
        merge.extend(order.iter().map(|&k| part(k).to_str().unwrap().to_string()));
        merge.extend(["-o".into(), merged.to_str().unwrap().into()]);
        let out = run(&merge.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(
            std::fs::read(&merged).unwrap() == one,
            "{ext}: merged shards differ from the single run"
        );
    }
}

/// A CSV of plain fields (no quoting needed for these seeds and labels),
/// its comment lines (starting with `#`, before the header) left out.
fn parse_csv(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    let mut lines = text.lines().skip_while(|l| l.starts_with('#'));
    let header: Vec<String> = lines.next().unwrap().split(',').map(str::to_string).collect();
    let rows: Vec<Vec<String>> = lines.map(|l| l.split(',').map(str::to_string).collect()).collect();
    for r in &rows {
        assert_eq!(r.len(), header.len(), "a CSV row with another number of fields");
    }
    (header, rows)
}

/// The figures of `values` ((seed, value) in row order), computed here from
/// their definitions: mean over the count, nearest-rank percentiles, the five
/// seeds farthest from the median (ties: earlier row first), median left out.
fn expected(values: &[(String, f64)]) -> Value {
    let n = values.len();
    let mean = values.iter().map(|v| v.1).sum::<f64>() / n as f64;
    let mut sorted: Vec<f64> = values.iter().map(|v| v.1).collect();
    sorted.sort_by(|a, b| a.partial_cmp(b).unwrap());
    let pct = |p: usize| {
        let rank = ((p * n) as f64 / 100.0).ceil().max(1.0) as usize;
        sorted[rank - 1]
    };
    let median = pct(50);
    let mut order: Vec<usize> = (0..n).filter(|&i| values[i].1 != median).collect();
    order.sort_by(|&a, &b| {
        let (da, db) = ((values[a].1 - median).abs(), (values[b].1 - median).abs());
        db.partial_cmp(&da).unwrap().then(a.cmp(&b))
    });
    let worst: Vec<Value> = order
        .iter()
        .take(5)
        .map(|&i| serde_json::json!({"seed": values[i].0, "value": values[i].1}))
        .collect();
    serde_json::json!({
        "count": n, "mean": mean, "min": sorted[0], "p5": pct(5), "p50": median,
        "p95": pct(95), "max": sorted[n - 1], "worst": worst,
    })
}

/// JSON numbers compared as numbers (the report writes whole ones without a fraction).
fn same_numbers(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
        (Value::Array(x), Value::Array(y)) => x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same_numbers(x, y)),
        (Value::Object(x), Value::Object(y)) => x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same_numbers(v, w))),
        _ => a == b,
    }
}

/// A fairness target as the specification states it, written here apart
/// from the code that measures it.
enum Want {
    /// A statistic (`mean`, `p95`, `max`) of one metric at most a bound.
    Stat(&'static str, &'static str, f64),
    /// The means of a group (`*`: any one index or key) within a bound of each other.
    Group(&'static str, f64),
    /// Each member's mean within a bound of its partner's (the same index or key).
    Pairs(&'static str, &'static str, f64),
    /// Above a value on at most a share of the boards that have it.
    Share(&'static str, f64, f64),
}

/// Every generator's targets, written down again from docs/fairness.md.
fn wanted(generator: &str) -> Vec<Want> {
    use Want::*;
    match generator {
        "universe" => vec![
            Group("quadrant_nodes.*", 1.0),
            Stat("quadrant_node_spread", "mean", 4.0),
            Stat("quadrant_node_spread", "p95", 8.0),
            Stat("mission_hop_spread", "mean", 1.2),
            Stat("mission_hop_spread", "p95", 2.0),
            Stat("mission_hop_spread", "max", 3.0),
            Group("side_mean_hops.*", 0.5),
            Stat("types_outside_bounds", "max", 0.0),
            Share("attempts", 1.0, 0.001),
            Group("play.seats.*.win_rate", 0.02),
            Stat("play.excess_start_spread", "mean", 0.01),
        ],
        "witches" => vec![
            Pairs("shares.*.cauldron_cells", "shares.*.cauldron_share", 0.3),
            Stat("cauldron_share_gap", "max", 2.0),
            Stat("cauldron_cells_spread", "p95", 2.0),
            Stat("cauldron_cells_spread", "max", 4.0),
            Stat("players_without_recipe_room", "max", 0.0),
            Stat("gardens_over_cap", "max", 0.0),
            Stat("recipe.strategy_potions", "p95 / median", 2.0),
            Stat("recipe.search_potions", "p95 / median", 2.0),
            Stat("recipe.strategy_potions", "max", 199.0),
            Share("attempts", 1.0, 0.001),
        ],
        "starship" => vec![
            Share("shortfalls", 0.0, 0.01),
            Stat("longest_weapon_to_ammo_walk", "max", 12.0),
            Stat("longest_thruster_to_power_walk", "max", 16.0),
        ],
        "hexet" => vec![
            Stat("city_type_road_spread", "mean", 2.0),
            Stat("city_type_road_spread", "p95", 4.0),
            Group("play.seats.*.score", 0.25),
            Group("play.seats.*.win_rate", 0.02),
        ],
        _ => Vec::new(),
    }
}

/// The part of `name` that `pattern`'s `*` stands for: what lies between
/// the text before the star and the text after it, one part without a dot.
fn star(pattern: &str, name: &str) -> Option<String> {
    let (before, after) = pattern.split_once('*')?;
    let key = name.strip_prefix(before)?.strip_suffix(after)?;
    (!key.is_empty() && !key.contains('.')).then(|| key.to_string())
}

/// A column's values, the boards without it left out.
fn column(header: &[String], rows: &[&Vec<String>], name: &str) -> Vec<f64> {
    let Some(c) = header.iter().position(|h| h == name) else {
        return Vec::new();
    };
    rows.iter()
        .filter(|r| !r[c].is_empty())
        .map(|r| r[c].parse::<f64>().unwrap())
        .collect()
}

fn mean(values: &[f64]) -> f64 {
    values.iter().sum::<f64>() / values.len() as f64
}

/// A target's metric (or group), bound and value measured from the CSV's
/// rows of one set (`None`: the rows lack what it names).
fn measure(want: &Want, header: &[String], rows: &[&Vec<String>]) -> (&'static str, f64, Option<f64>) {
    match *want {
        Want::Stat(metric, statistic, bound) => {
            let values: Vec<(String, f64)> = column(header, rows, metric).into_iter().map(|v| (String::new(), v)).collect();
            let value = (!values.is_empty()).then(|| {
                let stats = expected(&values);
                let of = |name: &str| stats[name].as_f64().unwrap();
                match statistic {
                    "p95 / median" => of("p95") / of("p50"),
                    other => of(other),
                }
            });
            (metric, bound, value)
        }
        Want::Group(metrics, bound) => {
            let means: Vec<f64> = header
                .iter()
                .filter(|h| star(metrics, h).is_some())
                .map(|h| column(header, rows, h))
                .filter(|v| !v.is_empty())
                .map(|v| mean(&v))
                .collect();
            let spread = means.iter().copied().reduce(f64::max).zip(means.iter().copied().reduce(f64::min));
            (metrics, bound, spread.map(|(hi, lo)| hi - lo))
        }
        Want::Pairs(metrics, against, bound) => {
            let mut largest = None;
            let mut complete = true;
            for h in header {
                let Some(key) = star(metrics, h) else { continue };
                let own = column(header, rows, h);
                let partner = column(header, rows, &against.replace('*', &key));
                if own.is_empty() {
                    continue;
                }
                if partner.is_empty() {
                    complete = false;
                    continue;
                }
                let gap = (mean(&own) - mean(&partner)).abs();
                largest = Some(largest.map_or(gap, |l: f64| l.max(gap)));
            }
            (metrics, bound, largest.filter(|_| complete))
        }
        Want::Share(metric, above, bound) => {
            let values = column(header, rows, metric);
            let over = values.iter().filter(|&&v| v > above).count();
            (metric, bound, (!values.is_empty()).then(|| over as f64 / values.len() as f64))
        }
    }
}

/// A set's `fairness` in the JSON report against its targets measured
/// again from the CSV's rows of that set: every target there once, the
/// same value, and a result that follows from the value and the bound.
fn check_fairness(generator: &str, set: &Value, header: &[String], rows: &[&Vec<String>]) {
    let reported = set["fairness"].as_array().expect("a fairness array per set");
    let wants = wanted(generator);
    assert_eq!(reported.len(), wants.len(), "{generator}: {reported:?}");
    for want in &wants {
        let (metric, bound, value) = measure(want, header, rows);
        let found: Vec<&Value> = reported
            .iter()
            .filter(|t| t["metric"] == metric && t["bound"].as_f64() == Some(bound))
            .collect();
        assert_eq!(found.len(), 1, "{generator}: the target on {metric} at most {bound}, once");
        let target = found[0];
        assert!(!target["figure"].as_str().unwrap().is_empty() && !target["check"].as_str().unwrap().is_empty());
        match value {
            None => assert_eq!(
                (&target["value"], target["result"].as_str()),
                (&Value::Null, Some("no data")),
                "{generator} {metric}: the CSV has no data for it"
            ),
            Some(want) => {
                let got = target["value"].as_f64().unwrap_or_else(|| panic!("{generator} {metric}: {target}"));
                assert!(
                    (got - want).abs() <= 1e-9 * want.abs().max(1.0),
                    "{generator} {metric}: reported {got}, the CSV gives {want}"
                );
                let result = if got <= bound { "pass" } else { "fail" };
                assert_eq!(target["result"], result, "{generator} {metric}: {got} against {bound}");
            }
        }
    }
}

/// The CSV's comment lines: one per target and set, before the header, each
/// saying the JSON's result and check (`# fairness: [SET: ]RESULT: CHECK, measured …`).
fn check_csv_comments(csv: &str, json: &Value) {
    let comments: Vec<&str> = csv.lines().take_while(|l| l.starts_with('#')).collect();
    assert!(
        csv.lines().skip(comments.len()).all(|l| !l.starts_with('#')),
        "comments only before the header"
    );
    let sets = json["sets"].as_array().unwrap();
    let mut expected = Vec::new();
    for set in sets {
        let label = if sets.len() > 1 {
            format!("{}: ", set["set"].as_str().unwrap())
        } else {
            String::new()
        };
        for target in set["fairness"].as_array().unwrap() {
            expected.push(format!(
                "# fairness: {label}{}: {}, measured ",
                target["result"].as_str().unwrap(),
                target["check"].as_str().unwrap()
            ));
        }
    }
    assert_eq!(comments.len(), expected.len(), "{comments:?}");
    for (line, start) in comments.iter().zip(&expected) {
        assert!(line.starts_with(start.as_str()), "{line:?} should start {start:?}");
    }
}

/// A metric of a result by its report name: `a.b` walks objects, a number
/// indexes a list (past its end: 0, a histogram bin no node reached), other
/// text picks the list entry whose text field it is; a list of texts counts.
fn lookup(metrics: &Value, name: &str) -> Option<f64> {
    let mut at = metrics;
    let mut past_end = false;
    for part in name.split('.') {
        at = match at {
            Value::Object(fields) => fields.get(part)?,
            Value::Array(items) => match part.parse::<usize>() {
                Ok(i) if i < items.len() => &items[i],
                Ok(_) => {
                    past_end = true;
                    break;
                }
                Err(_) => items
                    .iter()
                    .find(|x| x.as_object().is_some_and(|o| o.values().any(|v| v == part)))?,
            },
            _ => return None,
        };
    }
    if past_end {
        return Some(0.0);
    }
    match at {
        Value::Number(n) => n.as_f64(),
        Value::Array(items) => Some(items.len() as f64),
        _ => None,
    }
}

fn check_figures(generator: &str, boards: usize, extra: &[&str], samples: &[usize]) {
    let dir = scratch(&format!("analyze-figures-{generator}"));
    let n = boards.to_string();
    let mut args = vec![generator, "--boards", n.as_str()];
    args.extend(extra);
    let csv = String::from_utf8(report(&dir, "r.csv", &args, None)).unwrap();
    let json: Value = serde_json::from_slice(&report(&dir, "r.json", &args, None)).unwrap();
    let (header, rows) = parse_csv(&csv);
    assert_eq!(header[0], "seed");
    assert_eq!(rows.len(), boards, "one row per board");
    let set = &json["sets"][0];
    assert_eq!(set["boards"], boards);
    assert_eq!(set["failed"], 0);
    let metrics = set["metrics"].as_object().unwrap();
    assert_eq!(metrics.len(), header.len() - 1, "every CSV column has figures, and only those");
    check_fairness(generator, set, &header, &rows.iter().collect::<Vec<_>>());
    check_csv_comments(&csv, &json);
    for (c, name) in header.iter().enumerate().skip(1) {
        let values: Vec<(String, f64)> = rows
            .iter()
            .filter(|r| !r[c].is_empty())
            .map(|r| (r[0].clone(), r[c].parse::<f64>().unwrap()))
            .collect();
        let want = expected(&values);
        assert!(
            same_numbers(&metrics[name], &want),
            "{generator} {name}: report {} but the CSV gives {want}",
            metrics[name]
        );
    }
    // Sampled rows against the boards the plain command makes from their seeds.
    for &i in samples {
        let row = &rows[i - 1];
        let seed = format!("analyze-{i}");
        assert_eq!(row[0], seed);
        let mut board_args = vec![generator, "--seed", seed.as_str()];
        board_args.extend(extra);
        let out = run(&board_args);
        assert!(out.status.success(), "{}", stderr(&out));
        let board: Value = serde_json::from_slice(&out.stdout).unwrap();
        for (c, name) in header.iter().enumerate().skip(1) {
            // Witches' recipe is measured beside the board, not in it.
            let want = match name.strip_prefix("recipe.") {
                Some(figure) if generator == "witches" => recipe_figure(&board_args, figure),
                _ => lookup(&board["metrics"], name),
            };
            let got = (!row[c].is_empty()).then(|| row[c].parse::<f64>().unwrap());
            assert_eq!(got, want, "{generator} {seed} {name}");
        }
    }
}

/// A witches recipe's figure for the board `board_args` make: its
/// solutions as `--reveal` prints them, the strategy's potions from the
/// library.
fn recipe_figure(board_args: &[&str], figure: &str) -> Option<f64> {
    let mut args = board_args.to_vec();
    args.push("--reveal");
    let out = run(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let reveal: Value = serde_json::from_slice(&out.stdout).unwrap();
    match figure {
        "solutions" => reveal["solutions"].as_f64(),
        "strategy_potions" => {
            let seed = board_args[board_args.iter().position(|&a| a == "--seed").unwrap() + 1];
            // The player count (the only parameter the samples set) does not change a recipe.
            let params = boardwright::witches::Params::default();
            let recipe = boardwright::witches::puzzle::Recipe::new(&params, &boardwright::Seed::new(seed)).unwrap();
            assert_eq!(Some(recipe.solutions() as f64), reveal["solutions"].as_f64());
            recipe.potions_needed().map(f64::from)
        }
        other => panic!("no recipe figure {other}"),
    }
}

#[test]
fn analyze_figures_follow_from_the_csv_and_the_csv_from_the_boards() {
    check_figures("universe", 300, &[], &[1, 2, 150, 299]);
    check_figures("witches", 400, &["--players", "3"], &[1, 123, 400]);
    check_figures("starship", 200, &[], &[7, 200]);
    check_figures("hexet", 200, &[], &[1, 99]);
}

#[test]
fn analyze_reports_are_the_same_bytes_for_any_thread_count_and_any_sharding() {
    let dir = scratch("analyze-same");
    let args = ["universe", "--boards", "40", "--against-preset", "classic"];
    // Parts in any order merge to the single run's report.
    same_bytes_for_threads_and_shards(&dir, &args, &[2, 0, 1]);
    let csv = String::from_utf8(std::fs::read(dir.join("one.csv")).unwrap()).unwrap();
    let (header, rows) = parse_csv(&csv);
    assert_eq!(header[..2], ["seed", "set"]);
    assert_eq!(rows.len(), 80, "one row per board and set");
    assert_eq!((rows[0][1].as_str(), rows[1][1].as_str()), ("default", "preset classic"));
    let json: Value = serde_json::from_slice(&std::fs::read(dir.join("one.json")).unwrap()).unwrap();
    assert_eq!(json["sets"][1]["params"]["planar"], false);
    // The fairness section, in every form and from the merged shards too,
    // measured on each set's own rows.
    check_csv_comments(&csv, &json);
    for (k, set) in json["sets"].as_array().unwrap().iter().enumerate() {
        let label = set["set"].as_str().unwrap();
        let own: Vec<&Vec<String>> = rows.iter().filter(|r| r[1] == label).collect();
        assert_eq!(own.len(), 40, "set {k}");
        check_fairness("universe", set, &header, &own);
    }
    let html = String::from_utf8(std::fs::read(dir.join("one.html")).unwrap()).unwrap();
    assert!(html.contains("<table class=\"fairness\">"));
    // Each metric headed in words, its key beside it, with its meaning.
    assert!(
        html.contains("<h2>Spread of mission distances (hops) <code>mission_hop_spread</code></h2>"),
        "no metric heading in words"
    );
    assert!(html.contains("<h2>Nodes per quadrant 2 (nodes) <code>quadrant_nodes.2</code></h2>"));
    assert_eq!(
        html.matches("<p class=\"meaning\">").count(),
        html.matches("<section id=").count(),
        "a metric section without its meaning"
    );
}

/// Witches (a group measured against its partners), compared with another
/// preset: the fairness section the same bytes for any thread count and
/// from merged shards, each set measured on its own rows.
#[test]
fn analyze_fairness_is_the_same_bytes_from_merged_shards() {
    let dir = scratch("analyze-fairness-same");
    let args = ["witches", "--boards", "60", "--against-preset", "hardest"];
    same_bytes_for_threads_and_shards(&dir, &args, &[1, 0]);
    let csv = String::from_utf8(std::fs::read(dir.join("one.csv")).unwrap()).unwrap();
    let json: Value = serde_json::from_slice(&std::fs::read(dir.join("one.json")).unwrap()).unwrap();
    check_csv_comments(&csv, &json);
    let (header, rows) = parse_csv(&csv);
    for set in json["sets"].as_array().unwrap() {
        let own: Vec<&Vec<String>> = rows.iter().filter(|r| r[1] == set["set"].as_str().unwrap()).collect();
        assert_eq!(own.len(), 60);
        check_fairness("witches", set, &header, &own);
    }
}

/// Targets not met leave the exit code 0 (analyze measures), and stderr
/// sums them up in a line: how many were met, and which failed.
#[test]
fn analyze_exits_0_with_targets_failing_and_says_which_on_stderr() {
    let dir = scratch("analyze-fairness-exit");
    // Three relaxation steps and the widest clearance: many boards need a
    // second attempt, far more than one in a thousand.
    let path = dir.join("r.json");
    let args = [
        "analyze",
        "universe",
        "--boards",
        "30",
        "--set",
        "iterations=3",
        "--set",
        "clearance=0.45",
        "-o",
        path.to_str().unwrap(),
    ];
    let out = run(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
    let targets = json["sets"][0]["fairness"].as_array().unwrap();
    let with = |result: &str| targets.iter().filter(|t| t["result"] == result).collect::<Vec<_>>();
    let failing = with("fail");
    assert!(
        failing.iter().any(|t| t["metric"] == "attempts"),
        "these settings should need second attempts: {targets:?}"
    );
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().filter(|l| l.starts_with("fairness")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    let line = lines[0];
    assert!(
        line.starts_with(&format!(
            "fairness: {} of {} targets met; failing: ",
            with("pass").len(),
            targets.len()
        )),
        "{line}"
    );
    for t in &failing {
        assert!(line.contains(t["check"].as_str().unwrap()), "{line} names {}", t["check"]);
    }
}

#[test]
fn analyze_counts_failed_boards_with_their_reason() {
    let dir = scratch("analyze-failed");
    // Three relaxation steps, the widest clearance and one attempt: some
    // boards cannot be made.
    let settings = ["--set", "iterations=3", "--set", "clearance=0.45", "--set", "max_attempts=1"];
    let mut args = vec!["universe", "--boards", "24"];
    args.extend(settings);
    let json: Value = serde_json::from_slice(&report(&dir, "r.json", &args, None)).unwrap();
    let csv = String::from_utf8(report(&dir, "r.csv", &args, None)).unwrap();
    let mut failing = Vec::new();
    let mut reasons = Vec::new();
    for i in 1..=24 {
        let seed = format!("analyze-{i}");
        let mut one = vec!["universe", "--seed", seed.as_str()];
        one.extend(settings);
        let out = run(&one);
        match out.status.code() {
            Some(0) => {}
            Some(1) => {
                reasons.push((seed.clone(), String::from_utf8_lossy(&out.stderr).into_owned()));
                failing.push(seed);
            }
            other => panic!("{seed}: exit {other:?}"),
        }
    }
    assert!(
        !failing.is_empty() && failing.len() < 24,
        "the settings should fail some boards, not all"
    );
    let set = &json["sets"][0];
    assert_eq!(set["failed"], failing.len());
    let mut listed: Vec<String> = set["failures"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|f| {
            let reason = f["reason"].as_str().unwrap();
            let seeds: Vec<String> = f["seeds"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap().to_string())
                .collect();
            // The reason is the one the command line gives for that board.
            for seed in &seeds {
                let (_, stderr) = reasons
                    .iter()
                    .find(|(s, _)| s == seed)
                    .unwrap_or_else(|| panic!("{seed} listed as failed"));
                assert!(
                    !reason.is_empty() && stderr.contains(reason),
                    "{seed}: {reason:?} not in {stderr:?}"
                );
            }
            seeds
        })
        .collect();
    listed.sort();
    failing.sort();
    assert_eq!(listed, failing);
    assert_eq!(set["metrics"]["nodes"]["count"], 24 - failing.len());
    let (_, rows) = parse_csv(&csv);
    for r in &rows {
        assert_eq!(failing.contains(&r[0]), r[1..].iter().all(String::is_empty), "{}", r[0]);
    }
}

#[test]
fn bad_analyze_arguments_exit_2_and_write_nothing() {
    let dir = scratch("analyze-bad");
    let target = dir.join("report.json");
    let target = target.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["universe", "--boards", "0"], "--boards"),
        (vec!["universe", "--boards", "ten"], "--boards"),
        (vec!["universe"], "--boards"),
        (vec!["universe", "--boards", "3", "--players", "12"], "`players`: 12 is not allowed"),
        (
            vec!["universe", "--boards", "3", "--against-preset", "modern"],
            "unknown preset `modern`",
        ),
        (
            vec!["universe", "--boards", "3", "--against-set", "colour=red"],
            "unknown parameter `colour`",
        ),
        (vec!["universe", "--boards", "3", "--shard", "3/3"], "--shard \"3/3\": expected K/M"),
        (vec!["universe", "--boards", "3", "--shard", "a/b"], "expected K/M"),
        (vec!["universe", "--boards", "3", "--link-base", "x\"y"], "--link-base"),
        (vec!["galaxy", "--boards", "3"], "galaxy"),
        // About 160 GiB of figures: more than any machine this runs on has
        // free; refused at once rather than killed once memory runs out.
        (vec!["universe", "--boards", "100000000"], "GiB of figures in memory, more than"),
    ];
    for (args, message) in cases {
        let mut all = vec!["analyze"];
        all.extend(&args);
        all.extend(["-o", target]);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
    }
    let out = run(&["analyze", "universe", "--boards", "3", "-o", dir.join("r.txt").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("cannot tell the report format"));
    let out = run(&[
        "analyze",
        "universe",
        "--boards",
        "3",
        "--shard",
        "0/2",
        "-o",
        dir.join("r.html").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("part file"), "{}", stderr(&out));
    assert!(files_in(&dir).is_empty(), "files left behind: {:?}", files_in(&dir));

    // Merging: parts of other runs, a shard twice or missing, not a part file.
    let part = |name: &str, boards: &str, shard: &str| {
        let path = dir.join(name);
        let out = run(&[
            "analyze",
            "witches",
            "--boards",
            boards,
            "--shard",
            shard,
            "-o",
            path.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        path.to_str().unwrap().to_string()
    };
    let (a0, a1, b1) = (
        part("a0.json", "6", "0/2"),
        part("a1.json", "6", "1/2"),
        part("b1.json", "7", "1/2"),
    );
    let plain = dir.join("plain.json");
    assert!(
        run(&["analyze", "witches", "--boards", "2", "-o", plain.to_str().unwrap()])
            .status
            .success()
    );
    let none = dir.join("none.json");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![&a0, &b1], "a part of another run"),
        (vec![&a0, &a1, &a1], "also in"),
        (vec![&a0], "missing the part file(s) of shard 1/2"),
        (vec![plain.to_str().unwrap()], "not a part file"),
        (vec![none.to_str().unwrap()], "cannot read part file"),
    ];
    for (parts, message) in cases {
        let mut all = vec!["analyze", "merge"];
        all.extend(&parts);
        all.extend(["-o", target]);
        let out = run(&all);
        assert_eq!(out.status.code(), Some(2), "{parts:?}: {}", stderr(&out));
        assert!(stderr(&out).contains(message), "{parts:?}: {}", stderr(&out));
    }
    assert!(!std::path::Path::new(target).exists());
    assert!(files_in(&dir).iter().all(|n| !n.contains("tmp")));
}

/// Every `src`/`href` value of an HTML text.
fn references(html: &str) -> Vec<String> {
    let mut found = Vec::new();
    for attr in ["src=", "href=", "SRC=", "HREF="] {
        for (at, _) in html.match_indices(attr) {
            let rest = &html[at + attr.len()..];
            let quote = rest.chars().next().unwrap();
            let value = if quote == '"' || quote == '\'' {
                rest[1..].split(quote).next().unwrap()
            } else {
                rest.split([' ', '>']).next().unwrap()
            };
            found.push(value.to_string());
        }
    }
    found
}

#[test]
fn analyze_html_loads_nothing_and_links_worst_seeds_to_the_web_app() {
    let dir = scratch("analyze-html");
    let args = ["universe", "--boards", "30", "--players", "5", "--against-preset", "classic"];
    let html = String::from_utf8(report(&dir, "r.html", &args, None)).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>"));
    for banned in ["<script", "<link", "<img", "<iframe", "@import", "url("] {
        assert!(!html.contains(banned), "the report has {banned}");
    }
    let refs = references(&html);
    assert!(refs.iter().all(|r| !r.is_empty()));
    let (local, links): (Vec<&String>, Vec<&String>) = refs.iter().partition(|r| r.starts_with('#'));
    assert!(!local.is_empty() && !links.is_empty());
    for link in &links {
        assert!(link.starts_with("http://127.0.0.1:8080/universe?seed=analyze-"), "{link}");
    }
    // The classic set's links carry its parameters; every set's carry the players.
    assert!(
        links
            .iter()
            .any(|l| l.contains("planar=false") && l.contains("fair_missions=false"))
    );
    assert!(links.iter().all(|l| l.contains("&amp;players=5")));
    // One chart per metric, drawn as inline SVG with a title.
    let json: Value = serde_json::from_slice(&report(&dir, "r.json", &args, None)).unwrap();
    // The fairness table comes before the first histogram: per target and
    // set, the JSON's result marked in words, not by colour alone.
    let table = html.find("<table class=\"fairness\">").expect("a fairness table");
    assert!(table < html.find("<svg ").unwrap(), "the fairness table is above the histograms");
    let rows = &html[table..table + html[table..].find("</table>").unwrap()];
    let marks: Vec<&str> = rows
        .match_indices("<td class=\"")
        .map(|(at, _)| {
            let cell = &rows[at..];
            &cell[cell.find('>').unwrap() + 1..cell.find("</td>").unwrap()]
        })
        .collect();
    let mut results = Vec::new();
    let sets = json["sets"].as_array().unwrap();
    for t in 0..sets[0]["fairness"].as_array().unwrap().len() {
        for set in sets {
            results.push(set["fairness"][t]["result"].as_str().unwrap().to_string());
        }
    }
    assert_eq!(marks.len(), results.len(), "{marks:?}");
    for (mark, result) in marks.iter().zip(&results) {
        let want = match result.as_str() {
            "pass" => "✓ met",
            "fail" => "✗ not met",
            _ => "– no data",
        };
        assert_eq!(*mark, want);
    }
    let metrics = json["sets"][0]["metrics"].as_object().unwrap().len();
    assert_eq!(html.matches("<svg ").count(), metrics);
    assert!(html.contains("<title>mission_hop_spread</title>"));

    // A relative base, for a report served beside the web app.
    let html = String::from_utf8(report(&dir, "rel.html", &["witches", "--boards", "20", "--link-base", ""], None)).unwrap();
    for link in references(&html).iter().filter(|r| !r.starts_with('#')) {
        assert!(link.starts_with("/witches?seed=analyze-"), "{link}");
    }
}

/// `analyze universe --play N`: each board's play figures are what `play
/// universe` reports for it, the two play targets are measured from them
/// (and say "no data" without `--play`), and another generator refuses it.
#[test]
fn analyze_play_adds_each_boards_bots_figures_and_their_targets() {
    let dir = scratch("analyze-play");
    let args = ["universe", "--boards", "5", "--play", "12"];
    let csv = String::from_utf8(report(&dir, "p.csv", &args, None)).unwrap();
    let json: Value = serde_json::from_slice(&report(&dir, "p.json", &args, None)).unwrap();
    let (header, rows) = parse_csv(&csv);
    let set = &json["sets"][0];
    check_fairness("universe", set, &header, &rows.iter().collect::<Vec<_>>());
    for name in [
        "play.seats.1.win_rate",
        "play.seats.4.win_rate",
        "play.excess_start_spread",
        "play.stalls",
        "play.turns",
    ] {
        assert!(header.iter().any(|h| h == name), "{name} in {header:?}");
    }
    let row = &rows[2];
    let out = run(&["play", "universe", "--seed", "analyze-3", "--games", "12"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let played: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cell = |name: &str| row[header.iter().position(|h| h == name).unwrap()].parse::<f64>().unwrap();
    assert_eq!(cell("play.seats.2.win_rate"), played["seats"][1]["win_rate"].as_f64().unwrap());
    assert_eq!(cell("play.excess_start_spread"), played["excess_start_spread"].as_f64().unwrap());
    assert_eq!(cell("play.turns"), played["turns"]["mean"].as_f64().unwrap());

    let plain: Value = serde_json::from_slice(&report(&dir, "q.json", &["universe", "--boards", "3"], None)).unwrap();
    let no_data = plain["sets"][0]["fairness"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["metric"].as_str().unwrap().starts_with("play."))
        .all(|t| t["result"] == "no data");
    assert!(no_data, "{}", plain["sets"][0]["fairness"]);

    let out = run(&["analyze", "starship", "--boards", "3", "--play", "5"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("nothing is played on starship results")
            && ["universe (greedy games)", "witches (", "hexet (greedy games)"]
                .iter()
                .all(|g| stderr(&out).contains(g)),
        "{}",
        stderr(&out)
    );

    // Witches: --play adds the search strategy's potions, one per recipe.
    let out = run(&["analyze", "witches", "--boards", "3", "--play", "1", "--format", "json"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let search = &report["sets"][0]["metrics"]["recipe.search_potions"];
    assert_eq!(search["count"], 3, "{search}");
    assert!(search["max"].as_f64().is_some_and(|m| (1.0..200.0).contains(&m)), "{search}");
}

/// `analyze hexet --play N`: each map's play figures are what `play hexet`
/// reports for it, and the two play targets are measured from them.
#[test]
fn analyze_hexet_play_adds_each_maps_scores_and_types() {
    let dir = scratch("analyze-hexet-play");
    let args = ["hexet", "--boards", "4", "--play", "10"];
    let csv = String::from_utf8(report(&dir, "p.csv", &args, None)).unwrap();
    let json: Value = serde_json::from_slice(&report(&dir, "p.json", &args, None)).unwrap();
    let (header, rows) = parse_csv(&csv);
    let set = &json["sets"][0];
    check_fairness("hexet", set, &header, &rows.iter().collect::<Vec<_>>());
    let measured = set["fairness"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["metric"].as_str().unwrap().starts_with("play."))
        .all(|t| t["result"] != "no data");
    assert!(measured, "{}", set["fairness"]);
    let row = &rows[1];
    let out = run(&["play", "hexet", "--seed", "analyze-2", "--games", "10"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let played: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cell = |name: &str| row[header.iter().position(|h| h == name).unwrap()].parse::<f64>().unwrap();
    assert_eq!(cell("play.seats.2.score"), played["seats"][1]["score"]["mean"].as_f64().unwrap());
    assert_eq!(cell("play.seats.1.win_rate"), played["seats"][0]["win_rate"].as_f64().unwrap());
    assert_eq!(cell("play.score_spread"), played["score_spread"].as_f64().unwrap());
    assert_eq!(
        cell("play.city_types.3.turn"),
        played["city_types"][3]["turn"]["mean"].as_f64().unwrap()
    );
    assert_eq!(cell("play.joined_turn_spread"), played["joined_turn_spread"].as_f64().unwrap());
    assert_eq!(cell("play.draws"), played["draws"].as_f64().unwrap() / 10.0);
    assert_eq!(cell("play.turns"), played["turns"]["mean"].as_f64().unwrap());
}
