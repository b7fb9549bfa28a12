//! The rows of a run: each board's figures or its failure, in seed order,
//! per parameter set; the part files a sharded run (`--shard K/M`) writes,
//! and [`merge`], which reads them back into the single run's rows, so that
//! the report ([`super::report`]) is the same bytes either way.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::Arc;

use serde::{Deserialize, Serialize, Serializer};

use super::figures::Figures;

/// Which boards a part file holds: those whose index is `k` modulo `m`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    /// This part.
    pub k: u64,
    /// Parts in all.
    pub m: u64,
}

/// One board's outcome.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Its figures, in the order of its metrics.
    Figures(Figures),
    /// Why every attempt failed.
    Failed(String),
}

/// One board of a parameter set.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The seed is `BASE-index`.
    pub index: u64,
    /// Its figures or its failure.
    pub outcome: Outcome,
}

/// One parameter set's boards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetRun {
    /// What people call the set (`default`, `preset classic`, `players=6`).
    pub label: String,
    /// Every parameter, resolved.
    pub params: serde_json::Value,
    /// The web app's query for the set's parameters (`&KEY=VALUE…`, or nothing).
    pub query: String,
    /// The boards, by index.
    #[serde(serialize_with = "rows_out", deserialize_with = "rows_in")]
    pub rows: Vec<Row>,
}

/// A run: what a part file holds, and what a report is made from.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The generator.
    pub generator: String,
    /// The toolkit's version.
    pub version: String,
    /// The seeds are `seed-1 … seed-boards`.
    pub seed: String,
    /// Boards of the whole run.
    pub boards: u64,
    /// Where permalinks point.
    pub link_base: String,
    /// The part, when sharded.
    pub shard: Option<Shard>,
    /// The parameter sets.
    pub sets: Vec<SetRun>,
}

/// A set's boards in a part file: each list of figure names once, then the
/// boards in index order, `[index, names, [value, …]]` (`names` the list's
/// place in `names`) or `[index, "reason"]` for a board that failed. Names
/// written once a list keep a part file to a few bytes a figure.
#[derive(Serialize, Deserialize)]
struct RowsFile<N, B> {
    names: Vec<N>,
    boards: Vec<B>,
}

/// A board in a part file.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum BoardFile<V, R> {
    Figures(u64, usize, V),
    Failed(u64, R),
}

fn rows_out<S: Serializer>(rows: &[Row], s: S) -> Result<S::Ok, S::Error> {
    // Nearly every board shares its names with the board before (the same
    // `Arc`); the others are looked up by content.
    let mut names: Vec<&[String]> = Vec::new();
    let mut known: BTreeMap<&[String], usize> = BTreeMap::new();
    let mut last: Option<(&Arc<[String]>, usize)> = None;
    let mut boards: Vec<BoardFile<&[f64], &str>> = Vec::with_capacity(rows.len());
    for row in rows {
        boards.push(match &row.outcome {
            Outcome::Figures(f) => {
                let list = match last {
                    Some((arc, list)) if Arc::ptr_eq(arc, &f.names) => list,
                    _ => {
                        let list = *known.entry(&f.names[..]).or_insert_with(|| {
                            names.push(&f.names[..]);
                            names.len() - 1
                        });
                        last = Some((&f.names, list));
                        list
                    }
                };
                BoardFile::Figures(row.index, list, &f.values[..])
            }
            Outcome::Failed(reason) => BoardFile::Failed(row.index, reason.as_str()),
        });
    }
    RowsFile { names, boards }.serialize(s)
}

fn rows_in<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<Row>, D::Error> {
    let file = RowsFile::<Vec<String>, BoardFile<Vec<f64>, String>>::deserialize(d)?;
    // Boards of one list share its names, as in a run.
    let names: Vec<Arc<[String]>> = file.names.into_iter().map(Into::into).collect();
    file.boards
        .into_iter()
        .map(|board| {
            Ok(match board {
                BoardFile::Figures(index, list, values) => {
                    let names = names.get(list).ok_or_else(|| {
                        serde::de::Error::custom(format!("board {index} names list {list}, but there are {} lists", names.len()))
                    })?;
                    if names.len() != values.len() {
                        return Err(serde::de::Error::custom(format!(
                            "board {index} has {} values for {} names",
                            values.len(),
                            names.len()
                        )));
                    }
                    Row {
                        index,
                        outcome: Outcome::Figures(Figures {
                            names: Arc::clone(names),
                            values,
                        }),
                    }
                }
                BoardFile::Failed(index, reason) => Row {
                    index,
                    outcome: Outcome::Failed(reason),
                },
            })
        })
        .collect()
}

/// How many figures the first board with figures among `rows` has (0: none has any).
pub fn figure_count(rows: &[Row]) -> u64 {
    rows.iter()
        .find_map(|row| match &row.outcome {
            Outcome::Figures(f) => Some(f.values.len() as u64),
            Outcome::Failed(_) => None,
        })
        .unwrap_or(0)
}

/// Writes `run` as a part file.
pub fn write_part(run: &Run, out: &mut dyn Write) -> io::Result<()> {
    serde_json::to_writer(&mut *out, run).map_err(io::Error::other)?;
    out.write_all(b"\n")
}

/// Reads a part file, as it streams in (the text is never held whole).
pub fn read_part(input: impl io::Read) -> Result<Run, String> {
    let run: Run = serde_json::from_reader(io::BufReader::new(input)).map_err(|e| {
        if e.is_io() {
            format!("cannot read it: {e}")
        } else {
            format!("not a part file of `analyze --shard` (or of another version): {e}")
        }
    })?;
    if run.shard.is_none() {
        return Err("not a part file: it has no shard (write parts with --shard K/M)".into());
    }
    Ok(run)
}

/// The parts of one sharded run, `(file name, part)`, as the single run:
/// every part of the same run, each shard once, all of them.
pub fn merge(parts: Vec<(String, Run)>) -> Result<Run, String> {
    let mut parts = parts.into_iter();
    let (first_name, first) = parts.next().ok_or("no part files given")?;
    let Some(Shard { m, .. }) = first.shard else {
        return Err(format!("{first_name}: not a part file"));
    };
    let same_run = |a: &Run, b: &Run| {
        a.generator == b.generator
            && a.version == b.version
            && a.seed == b.seed
            && a.boards == b.boards
            && a.link_base == b.link_base
            && a.sets.len() == b.sets.len()
            && a.sets
                .iter()
                .zip(&b.sets)
                .all(|(x, y)| x.label == y.label && x.params == y.params && x.query == y.query)
    };
    let mut seen = BTreeMap::new();
    let mut merged = Run {
        shard: None,
        sets: first
            .sets
            .iter()
            .map(|s| SetRun {
                rows: Vec::new(),
                ..s.clone()
            })
            .collect(),
        ..first.clone()
    };
    for (name, part) in std::iter::once((first_name, first)).chain(parts) {
        if !same_run(&merged, &part) {
            return Err(format!(
                "{name}: a part of another run (generator, version, seeds, boards, link base and parameter sets must all match)"
            ));
        }
        let Some(shard) = part.shard.filter(|s| s.m == m && s.k < m) else {
            return Err(format!("{name}: not one of the {m} shards of this run"));
        };
        if let Some(other) = seen.insert(shard.k, name.clone()) {
            return Err(format!("{name}: shard {}/{m} is also in {other}", shard.k));
        }
        for (into, set) in merged.sets.iter_mut().zip(part.sets) {
            if set
                .rows
                .iter()
                .any(|r| r.index % m != shard.k || r.index == 0 || r.index > merged.boards)
            {
                return Err(format!("{name}: holds boards that are not shard {}/{m}'s", shard.k));
            }
            into.rows.extend(set.rows);
        }
    }
    let missing: Vec<String> = (0..m).filter(|k| !seen.contains_key(k)).map(|k| format!("{k}/{m}")).collect();
    if !missing.is_empty() {
        return Err(format!("missing the part file(s) of shard {}", missing.join(", ")));
    }
    for set in &mut merged.sets {
        set.rows.sort_by_key(|r| r.index);
        let expected = 1..=merged.boards;
        if set.rows.len() as u64 != merged.boards || !set.rows.iter().map(|r| r.index).eq(expected) {
            return Err("the parts do not hold every board of the run once".into());
        }
    }
    Ok(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A part file gives back the rows written, each list of names written
    /// once and shared again by the boards that have it.
    #[test]
    fn part_files_give_back_their_rows_with_names_shared() {
        let list = |names: &[&str]| -> Arc<[String]> { names.iter().map(|n| n.to_string()).collect() };
        let (short, long) = (list(&["hist.0", "nodes"]), list(&["hist.0", "hist.1", "nodes"]));
        let figures = |names: &Arc<[String]>, values: &[f64]| {
            Outcome::Figures(Figures {
                // A fresh copy of the list, as a board made elsewhere has.
                names: names.to_vec().into(),
                values: values.to_vec(),
            })
        };
        let rows = vec![
            Row {
                index: 3,
                outcome: figures(&short, &[1.0, 88.0]),
            },
            Row {
                index: 6,
                outcome: figures(&long, &[0.5, 2.0, 90.0]),
            },
            Row {
                index: 9,
                outcome: Outcome::Failed("no room".into()),
            },
            Row {
                index: 12,
                outcome: figures(&short, &[-1.25, 1e300]),
            },
        ];
        let run = Run {
            generator: "universe".into(),
            version: "0".into(),
            seed: "s".into(),
            boards: 12,
            link_base: String::new(),
            shard: Some(Shard { k: 0, m: 3 }),
            sets: vec![SetRun {
                label: "default".into(),
                params: serde_json::json!({}),
                query: String::new(),
                rows,
            }],
        };
        let mut text = Vec::new();
        write_part(&run, &mut text).expect("writes to memory");
        let written = String::from_utf8(text.clone()).expect("JSON is text");
        assert_eq!(written.matches("\"nodes\"").count(), 2, "each list once: {written}");
        let back = read_part(&text[..]).expect("reads back");
        assert_eq!(back, run);
        let names = |k: usize| match &back.sets[0].rows[k].outcome {
            Outcome::Figures(f) => Arc::clone(&f.names),
            Outcome::Failed(_) => panic!("row {k} has figures"),
        };
        assert!(Arc::ptr_eq(&names(0), &names(3)));
        // A board naming a list that is not there, or with a value missing.
        let board = r#""boards":[[3,0,[1.0,88.0]]"#;
        assert!(written.contains(board), "{written}");
        for bad in [r#""boards":[[3,5,[1.0,88.0]]"#, r#""boards":[[3,0,[1.0]]"#] {
            let broken = written.replace(board, bad);
            assert!(read_part(broken.as_bytes()).is_err(), "{broken}");
        }
    }
}
