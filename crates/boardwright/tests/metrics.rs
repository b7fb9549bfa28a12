//! Every figure in a board's metrics is described (label, unit, meaning),
//! and nothing described is missing.

use boardwright::metrics::Described;
use boardwright::params::Params;
use boardwright::{GENERATORS, Registered, Seed, Visit};

/// The metric keys written by the default board and by each preset's board
/// (some figures come only with a preset's features), and those described.
struct Keys;
impl Visit for Keys {
    type Output = (Vec<String>, Vec<String>, Vec<&'static str>);
    fn visit<G: Registered>(self) -> Self::Output {
        let keys = |params: &G::Params| -> Vec<String> {
            let board = G::generate(params, &Seed::new("metrics")).expect("a board");
            let json = serde_json::to_value(&board).unwrap();
            json["metrics"].as_object().expect("a metrics object").keys().cloned().collect()
        };
        let default = keys(&G::Params::default());
        let mut any: Vec<String> = default.clone();
        for (name, _) in <G::Params as Params>::PRESETS {
            let params = G::Params::resolve(&[G::Params::preset(name).unwrap()]).unwrap();
            any.extend(keys(&params));
        }
        any.sort_unstable();
        any.dedup();
        let mut described: Vec<&str> = G::Metrics::METRICS.iter().map(|m| m.name).collect();
        described.sort_unstable();
        (default, any, described)
    }
}

#[test]
fn every_metric_is_described() {
    for name in GENERATORS {
        let (default, any, described) = boardwright::with_generator(name, Keys).unwrap();
        assert!(
            default.iter().all(|k| described.contains(&k.as_str())),
            "{name}: a default board writes a metric not described: {default:?} against {described:?}"
        );
        assert_eq!(
            any, described,
            "{name}: the metrics written by the default and preset boards and those described differ"
        );
    }
}

struct Words;
impl Visit for Words {
    type Output = Vec<String>;
    fn visit<G: Registered>(self) -> Vec<String> {
        let mut wrong = Vec::new();
        for m in G::Metrics::METRICS {
            let meaning = m.meaning();
            if m.label.is_empty() || m.label.contains('_') || !m.label.starts_with(char::is_uppercase) {
                wrong.push(format!("{}.{}: label {:?} is not words", G::NAME, m.name, m.label));
            }
            if meaning.contains("  ") || meaning.contains('`') || !meaning.ends_with(['.', ')']) || meaning.len() < 8 {
                wrong.push(format!("{}.{}: meaning {meaning:?} is not one plain sentence", G::NAME, m.name));
            }
        }
        wrong
    }
}

#[test]
fn labels_are_words_and_meanings_plain_sentences() {
    let wrong: Vec<String> = GENERATORS
        .iter()
        .flat_map(|name| boardwright::with_generator(name, Words).unwrap())
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}
