//! A board read back from its JSON is the same board.

use boardwright::params::Params;
use boardwright::{GENERATORS, Registered, Seed, Visit};

struct RoundTrip;
impl Visit for RoundTrip {
    type Output = ();
    fn visit<G: Registered>(self) {
        let presets = G::Params::PRESETS.iter().map(|(name, _)| Some(*name));
        for (preset, seed) in [None, None, None]
            .into_iter()
            .chain(presets)
            .zip(["round-1", "round-2", "round-3", "round-4"].iter().cycle())
        {
            let params = match preset {
                Some(name) => G::Params::resolve(&[G::Params::preset(name).unwrap()]).unwrap(),
                None => G::Params::default(),
            };
            let seed = format!("{seed}{}", preset.map(|p| format!(" {p}")).unwrap_or_default());
            let board = G::generate(&params, &Seed::new(&seed)).expect("a board");
            let json = serde_json::to_string(&board).unwrap();
            let back: G::Board =
                serde_json::from_str(&json).unwrap_or_else(|e| panic!("{} {seed}: its JSON does not read back: {e}", G::NAME));
            assert_eq!(
                serde_json::to_string(&back).unwrap(),
                json,
                "{} {seed}: read back, the board differs",
                G::NAME
            );
            assert!(back == board, "{} {seed}: read back, the board is not equal to itself", G::NAME);
        }
    }
}

/// A board read back from its JSON is the same board, equal field by field
/// and written again byte for byte, for every generator and preset (the
/// Python package and any program that stores boards draw from it).
#[test]
fn every_board_reads_back_from_its_json() {
    for name in GENERATORS {
        boardwright::with_generator(name, RoundTrip).unwrap();
    }
}
