//! A board read back from its JSON is the same board.

use boardwright::{GENERATORS, Generator, Seed, Visit};

struct RoundTrip;
impl Visit for RoundTrip {
    type Output = ();
    fn visit<G: Generator>(self) {
        for seed in ["round-1", "round-2", "round-3"] {
            let board = G::generate(&G::Params::default(), &Seed::new(seed)).expect("a default board");
            let json = serde_json::to_string(&board).unwrap();
            let back: G::Board =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{} {seed}: its JSON does not read back: {e}", G::NAME));
            assert_eq!(
                serde_json::to_string(&back).unwrap(),
                json,
                "{} {seed}: read back, the board differs",
                G::NAME
            );
        }
    }
}

/// A board read back from its JSON is the same board (the Python package
/// and any program that stores boards draw from it).
#[test]
fn every_board_reads_back_from_its_json() {
    for name in GENERATORS {
        boardwright::with_generator(name, RoundTrip).unwrap();
    }
}
