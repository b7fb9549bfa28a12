//! The starship page: the ship, its parts and legend, measured.

use boardwright::starship::Starship;
use boardwright::{Generator, Paper, Seed};

use super::*;

/// Starship pages keep the margin and carry a legend naming every part kind.
#[test]
fn starship_pages_keep_the_margin_and_name_every_kind() {
    for paper in PAPERS {
        for i in 0..5 {
            let ship = Starship::generate(&boardwright::starship::Params::default(), &Seed::new(&format!("ship-{i}"))).unwrap();
            let doc = Starship::draw(&ship, on_paper(paper));
            let (width, height, elements) = elements(&render::svg::page(&doc.pages[0], &doc.title));
            inside_margin(width, height, &elements).unwrap_or_else(|e| panic!("{paper:?} ship-{i}: {e}"));
            let words: Vec<&str> = elements.iter().filter(|e| e.name == "text").map(|e| e.text.as_str()).collect();
            for kind in ship.parts.iter().map(|p| p.kind.as_str()) {
                assert!(
                    words.iter().any(|w| w.starts_with(kind) || w.starts_with(&kind.replace('_', " "))),
                    "{kind} not in the legend"
                );
            }
        }
    }
}
