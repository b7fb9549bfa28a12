//! Every figure in a board's metrics is described (label, unit, meaning),
//! and nothing described is missing.

use boardwright::metrics::Described;
use boardwright::{GENERATORS, Generator, Seed, Visit};

struct Keys;
impl Visit for Keys {
    type Output = (Vec<String>, Vec<&'static str>);
    fn visit<G: Generator>(self) -> Self::Output {
        let board = G::generate(&G::Params::default(), &Seed::new("metrics")).expect("a default board");
        let json = serde_json::to_value(&board).unwrap();
        let keys = json["metrics"].as_object().expect("a metrics object").keys().cloned().collect();
        let mut described: Vec<&str> = G::Metrics::METRICS.iter().map(|m| m.name).collect();
        described.sort_unstable();
        (keys, described)
    }
}

#[test]
fn every_metric_is_described() {
    for name in GENERATORS {
        let (written, described) = boardwright::with_generator(name, Keys).unwrap();
        assert_eq!(written, described, "{name}: the metrics written and the metrics described differ");
    }
}

struct Words;
impl Visit for Words {
    type Output = Vec<String>;
    fn visit<G: Generator>(self) -> Vec<String> {
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
