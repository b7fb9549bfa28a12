//! From rows to figures: the report's figures of a run's rows
//! ([`super::run`]) with their JSON and CSV forms, the generator's fairness
//! targets measured on each set among them ([`super::fairness`]).
//!
//! A board lacking an entry of a list of numbers that it has (a shorter
//! degree histogram) counts it as 0; a board lacking any other metric (a
//! node type absent from its dictionary) is not counted for it.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{self, Write};

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::fairness::{self, Verdict};
use super::figures;
use super::run::{Outcome, Run, SetRun};
use super::summary::Stats;

/// Seeds listed per failure reason.
const FAILED_SEEDS: usize = 20;

/// Boards of a set that failed for one reason.
#[derive(Clone, Debug, PartialEq)]
pub struct Failures {
    /// Why.
    pub reason: String,
    /// How many.
    pub count: u64,
    /// The first few, by index.
    pub indices: Vec<u64>,
}

/// One set's figures.
#[derive(Clone, Debug)]
pub struct SetFigures<'a> {
    /// The set.
    pub run: &'a SetRun,
    /// Boards that failed.
    pub failed: u64,
    /// By reason, the most frequent first.
    pub failures: Vec<Failures>,
    /// Per metric (by column), the values in seed order; `None` where a
    /// board failed or lacks it.
    pub values: Vec<Vec<Option<f64>>>,
    /// Per metric (by column), its figures (`None`: no board has it).
    pub stats: Vec<Option<Stats>>,
    /// The generator's fairness targets, measured on the set.
    pub fairness: Vec<Verdict>,
}

/// A list of figure names, with the column of each name and the columns
/// that name's board counts as 0 (entries past the end of its lists).
type NameColumns = (std::sync::Arc<[String]>, Vec<usize>, Vec<usize>);

/// The report: every set's figures per metric.
#[derive(Clone, Debug)]
pub struct Report<'a> {
    /// The run.
    pub run: &'a Run,
    /// Every metric any board has, in order: the fields' order, a list's
    /// entries after their siblings.
    pub columns: Vec<String>,
    /// Per set.
    pub sets: Vec<SetFigures<'a>>,
}

impl<'a> Report<'a> {
    /// The figures of `run`.
    pub fn of(run: &'a Run) -> Report<'a> {
        let columns = columns(run);
        let index: BTreeMap<&str, usize> = columns.iter().enumerate().map(|(i, c)| (c.as_str(), i)).collect();
        let lists: Vec<Option<&str>> = columns.iter().map(|c| figures::list_of(c)).collect();
        let targets = super::targets(&run.generator);
        let sets = run
            .sets
            .iter()
            .map(|set| {
                let mut values = vec![Vec::with_capacity(set.rows.len()); columns.len()];
                let mut failures: BTreeMap<&str, Failures> = BTreeMap::new();
                let mut failed = 0;
                let mut cached: Option<NameColumns> = None;
                for row in &set.rows {
                    let mut board: Vec<Option<f64>> = vec![None; columns.len()];
                    match &row.outcome {
                        Outcome::Figures(figures) => {
                            // Boards share names: map them to columns once per list of names.
                            if !cached
                                .as_ref()
                                .is_some_and(|(names, _, _)| std::sync::Arc::ptr_eq(names, &figures.names))
                            {
                                let cols: Vec<usize> = figures.names.iter().map(|n| index[n.as_str()]).collect();
                                let has: BTreeSet<&str> = cols.iter().filter_map(|&c| lists[c]).collect();
                                let padded: Vec<usize> = (0..columns.len())
                                    .filter(|&c| !cols.contains(&c) && lists[c].is_some_and(|l| has.contains(l)))
                                    .collect();
                                cached = Some((std::sync::Arc::clone(&figures.names), cols, padded));
                            }
                            let (_, cols, padded) = cached.as_ref().expect("set above");
                            for (&c, &value) in cols.iter().zip(&figures.values) {
                                board[c] = Some(value);
                            }
                            // A list the board has, shorter than another board's: its missing entries are 0.
                            for &c in padded {
                                board[c] = Some(0.0);
                            }
                        }
                        Outcome::Failed(reason) => {
                            failed += 1;
                            let f = failures.entry(reason).or_insert_with(|| Failures {
                                reason: reason.clone(),
                                count: 0,
                                indices: Vec::new(),
                            });
                            f.count += 1;
                            if f.indices.len() < FAILED_SEEDS {
                                f.indices.push(row.index);
                            }
                        }
                    }
                    for (column, value) in values.iter_mut().zip(board) {
                        column.push(value);
                    }
                }
                let stats: Vec<Option<Stats>> = values
                    .iter()
                    .map(|column| {
                        let present: Vec<(u64, f64)> = set
                            .rows
                            .iter()
                            .zip(column)
                            .filter_map(|(row, v)| v.map(|v| (row.index, v)))
                            .collect();
                        Stats::of(&present)
                    })
                    .collect();
                let mut failures: Vec<Failures> = failures.into_values().collect();
                failures.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.reason.cmp(&b.reason)));
                let fairness = fairness::evaluate(targets, &columns, &stats, &values);
                SetFigures {
                    run: set,
                    failed,
                    failures,
                    values,
                    stats,
                    fairness,
                }
            })
            .collect();
        Report { run, columns, sets }
    }

    /// The seed of board `index`.
    pub fn seed(&self, index: u64) -> String {
        format!("{}-{index}", self.run.seed)
    }

    /// `report.json`.
    pub fn write_json(&self, out: &mut dyn Write) -> io::Result<()> {
        serde_json::to_writer_pretty(&mut *out, &JsonReport(self)).map_err(io::Error::other)?;
        out.write_all(b"\n")
    }

    /// `report.csv`: the fairness targets as comment lines (starting with
    /// `#`), one per target and set; then the header, `seed`, `set` when
    /// comparing, then every metric; one row per board and set, seed by
    /// seed; a failed board's metrics empty.
    pub fn write_csv(&self, out: &mut dyn Write) -> io::Result<()> {
        let comparing = self.sets.len() > 1;
        for set in &self.sets {
            for verdict in &set.fairness {
                let label = if comparing { format!("{}: ", set.run.label) } else { String::new() };
                let line = format!(
                    "# fairness: {label}{}: {}, measured {} ({})",
                    verdict.mark().word(),
                    verdict.target.check,
                    verdict.value_text(),
                    verdict.target.figure
                );
                // A comment stays one line, whatever a label holds.
                let line = line.replace(['\n', '\r'], " ");
                out.write_all(line.as_bytes())?;
                out.write_all(b"\n")?;
            }
        }
        let mut line = String::from("seed");
        if comparing {
            line.push_str(",set");
        }
        for c in &self.columns {
            line.push(',');
            line.push_str(&csv_field(c));
        }
        line.push('\n');
        out.write_all(line.as_bytes())?;
        let boards = self.sets.first().map_or(0, |s| s.run.rows.len());
        for b in 0..boards {
            for set in &self.sets {
                line.clear();
                line.push_str(&csv_field(&self.seed(set.run.rows[b].index)));
                if comparing {
                    line.push(',');
                    line.push_str(&csv_field(&set.run.label));
                }
                for column in &set.values {
                    line.push(',');
                    if let Some(v) = column[b] {
                        line.push_str(&v.to_string());
                    }
                }
                line.push('\n');
                out.write_all(line.as_bytes())?;
            }
        }
        Ok(())
    }
}

/// Every figure name of the run, in order: as first met, board by board, but
/// a new name goes right after the last name sharing its longest parent
/// (`degree_histogram.6` after `degree_histogram.5`, wherever a board first has it).
fn columns(run: &Run) -> Vec<String> {
    let mut columns: Vec<String> = Vec::new();
    let mut known: BTreeSet<&str> = BTreeSet::new();
    let mut last: Option<&std::sync::Arc<[String]>> = None;
    for set in &run.sets {
        for row in &set.rows {
            let Outcome::Figures(figures) = &row.outcome else { continue };
            if last.is_some_and(|l| std::sync::Arc::ptr_eq(l, &figures.names)) {
                continue;
            }
            last = Some(&figures.names);
            for name in figures.names.iter() {
                if !known.insert(name) {
                    continue;
                }
                let at = name
                    .rmatch_indices('.')
                    .find_map(|(dot, _)| {
                        let parent = &name[..=dot];
                        columns.iter().rposition(|c| c.starts_with(parent))
                    })
                    .map_or(columns.len(), |i| i + 1);
                columns.insert(at, name.clone());
            }
        }
    }
    columns
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// A number as JSON: whole numbers without a fraction.
struct Number(f64);

impl Serialize for Number {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.fract() == 0.0 && self.0.abs() < 9.0e15 {
            s.serialize_i64(self.0 as i64)
        } else {
            s.serialize_f64(self.0)
        }
    }
}

struct JsonReport<'r, 'a>(&'r Report<'a>);

impl Serialize for JsonReport<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let report = self.0;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("generator", &report.run.generator)?;
        map.serialize_entry("version", &report.run.version)?;
        map.serialize_entry("seed", &report.run.seed)?;
        map.serialize_entry("boards", &report.run.boards)?;
        let sets: Vec<JsonSet<'_, '_>> = report.sets.iter().map(|set| JsonSet(report, set)).collect();
        map.serialize_entry("sets", &sets)?;
        map.end()
    }
}

struct JsonSet<'r, 'a>(&'r Report<'a>, &'r SetFigures<'a>);

impl Serialize for JsonSet<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (report, set) = (self.0, self.1);
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("set", &set.run.label)?;
        map.serialize_entry("params", &set.run.params)?;
        map.serialize_entry("boards", &(set.run.rows.len() as u64))?;
        map.serialize_entry("failed", &set.failed)?;
        let failures: Vec<serde_json::Value> = set
            .failures
            .iter()
            .map(|f| {
                serde_json::json!({
                    "reason": f.reason,
                    "count": f.count,
                    "seeds": f.indices.iter().map(|&i| report.seed(i)).collect::<Vec<_>>(),
                })
            })
            .collect();
        map.serialize_entry("failures", &failures)?;
        let fairness: Vec<JsonVerdict<'_>> = set.fairness.iter().map(JsonVerdict).collect();
        map.serialize_entry("fairness", &fairness)?;
        map.serialize_entry("metrics", &JsonMetrics(report, set))?;
        map.end()
    }
}

struct JsonMetrics<'r, 'a>(&'r Report<'a>, &'r SetFigures<'a>);

impl Serialize for JsonMetrics<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (report, set) = (self.0, self.1);
        let mut map = s.serialize_map(None)?;
        for (name, stats) in report.columns.iter().zip(&set.stats) {
            let Some(st) = stats else { continue };
            map.serialize_entry(name, &JsonStats(report, st))?;
        }
        map.end()
    }
}

struct JsonStats<'r, 'a>(&'r Report<'a>, &'r Stats);

impl Serialize for JsonStats<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (report, st) = (self.0, self.1);
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("count", &st.count)?;
        map.serialize_entry("mean", &Number(st.mean))?;
        map.serialize_entry("min", &Number(st.min))?;
        map.serialize_entry("p5", &Number(st.p5))?;
        map.serialize_entry("p50", &Number(st.p50))?;
        map.serialize_entry("p95", &Number(st.p95))?;
        map.serialize_entry("max", &Number(st.max))?;
        let worst: Vec<Worst> = st
            .worst
            .iter()
            .map(|&(i, v)| Worst {
                seed: report.seed(i),
                value: Number(v),
            })
            .collect();
        map.serialize_entry("worst", &worst)?;
        map.end()
    }
}

/// A fairness target in `report.json`: `figure`, `check` (in words),
/// `metric` (its name or group), `value` (null: no data), `bound`, and
/// `result`, one of `pass`, `fail`, `no data`.
struct JsonVerdict<'v>(&'v Verdict);

impl Serialize for JsonVerdict<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let verdict = self.0;
        let check = &verdict.target.check;
        let mut map = s.serialize_map(None)?;
        map.serialize_entry("figure", verdict.target.figure)?;
        map.serialize_entry("check", &check.to_string())?;
        map.serialize_entry("metric", check.metric())?;
        map.serialize_entry("value", &verdict.value.map(Number))?;
        map.serialize_entry("bound", &Number(check.bound()))?;
        map.serialize_entry("result", verdict.mark().word())?;
        map.end()
    }
}

#[derive(Serialize)]
struct Worst {
    seed: String,
    value: Number,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::figures::Figures;
    use crate::run::Row;

    #[test]
    fn a_new_list_entry_joins_its_siblings() {
        let row = |index, names: &[&str]| Row {
            index,
            outcome: Outcome::Figures(Figures {
                names: names.iter().map(|n| n.to_string()).collect(),
                values: vec![1.0; names.len()],
            }),
        };
        let run = Run {
            generator: "g".into(),
            version: "0".into(),
            seed: "s".into(),
            boards: 2,
            link_base: String::new(),
            shard: None,
            sets: vec![SetRun {
                label: "default".into(),
                params: serde_json::Value::Null,
                query: String::new(),
                rows: vec![row(1, &["a", "h.0", "h.1", "z"]), row(2, &["a", "h.0", "h.1", "h.2", "z"])],
            }],
        };
        assert_eq!(columns(&run), ["a", "h.0", "h.1", "h.2", "z"]);
        let report = Report::of(&run);
        assert_eq!(
            report.sets[0].values[3],
            vec![Some(0.0), Some(1.0)],
            "a shorter list's tail counts 0"
        );
    }
}
