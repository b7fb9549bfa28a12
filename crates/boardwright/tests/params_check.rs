//! Parameters built in code (struct literals) are held to the rules the
//! command line applies to TOML: every `generate` refuses a bad struct with
//! the error `resolve` gives for the same value, never a panic or a board
//! that disagrees with its own parameters.

use boardwright::hexet::{self, Hexet};
use boardwright::params::{self, ParamError};
use boardwright::starship::Stage;
use boardwright::starship::pipeline::{CrewParams, ShapeParams};
use boardwright::starship::{self, Starship};
use boardwright::universe::NodeType;
use boardwright::universe::{self, Universe};
use boardwright::witches::{self, Witches};
use boardwright::{Error, Generator, Registered, Seed};

/// The parameter error in `result`, as its text; fails on anything else.
fn param_error<T>(result: Result<T, Error>) -> String {
    match result {
        Err(Error::Params(e)) => {
            assert!(matches!(e, ParamError::Invalid { .. }), "{e:?}");
            e.to_string()
        }
        Err(e) => panic!("not a parameter error: {e}"),
        Ok(_) => panic!("bad parameters were accepted"),
    }
}

fn seed() -> Seed {
    Seed::new("check")
}

/// The defaults of `G` changed by `change` are refused by each of its entry
/// points with the error the command line gives for `text`, which says
/// `wanted`.
fn refuses<G: Registered>(change: impl FnOnce(&mut G::Params), text: &str, wanted: &str) {
    let mut params = G::Params::default();
    change(&mut params);
    let err = param_error(G::generate(&params, &seed()));
    assert!(err.contains(wanted), "{err:?} lacks {wanted:?}");
    // What the command line says for `text` (a config file or `--set`).
    assert_eq!(err, crate::resolve_error::<G::Params>(text), "{text}");
    assert_eq!(param_error(G::generate_with(&params, &seed(), &mut ())), err);
    assert_eq!(params::Params::check(&params).unwrap_err().to_string(), err);
}

#[test]
fn universe_refuses_bad_structs_as_the_command_line_does() {
    let types = "`node_types`: 0 types is not allowed; expected from 1 to 1000 node types";
    refuses::<Universe>(|p| p.node_types.clear(), "node_types = []", types);
    let players = "`players`: 50 is not allowed; expected an integer from 2 to 9";
    refuses::<Universe>(|p| p.players = 50, "players = 50", players);
    refuses::<Universe>(|p| p.iterations = 0, "iterations = 0", "`iterations`");
    refuses::<Universe>(|p| p.clearance = f64::NAN, "clearance = nan", "`clearance`: nan is not allowed");
    refuses::<Universe>(|p| p.resolution = Some(1_000_000), "resolution = 1000000", "`resolution`");
    // A nested table: a node type whose max is below its min.
    let oil = NodeType {
        min: 5,
        max: Some(2),
        prob: 1.0,
        ..NodeType::new("Oil")
    };
    refuses::<Universe>(
        |p| p.node_types = vec![oil],
        "node_types = [{ name = \"Oil\", min = 5, max = 2, prob = 1.0 }]",
        "`node_types[0].max`: 2 is not allowed; expected `min` (5) to 10000, or \"none\"",
    );
}

#[test]
fn witches_refuses_bad_structs_as_the_command_line_does() {
    let players = |n| format!("`players`: {n} is not allowed; expected an integer from 1 to 5");
    refuses::<Witches>(|p| p.players = 0, "players = 0", &players(0));
    refuses::<Witches>(|p| p.players = 7, "players = 7", &players(7));
    let recipe = "`recipe_length`: 5 is not allowed; expected one of 4, 6";
    refuses::<Witches>(|p| p.recipe_length = 5, "recipe_length = 5", recipe);
    refuses::<Witches>(|p| p.max_attempts = 0, "max_attempts = 0", "`max_attempts`");
}

#[test]
fn starship_refuses_bad_structs_as_the_command_line_does() {
    let width = "`width`: 0 is not allowed; expected an integer from 22 to 512";
    refuses::<Starship>(|p| p.width = 0, "width = 0", width);
    refuses::<Starship>(|p| p.height = u32::MAX, &format!("height = {}", u32::MAX), "`height`");
    let empty = "`pipeline`: 0 stages is not allowed; expected 1 to 64 stages";
    refuses::<Starship>(|p| p.pipeline.clear(), "pipeline = []", empty);
    // A pipeline no seed can make a ship of: no reactor, or two cockpits.
    let reactor =
        "`pipeline (reactor)`: 0 reactor stages is not allowed; expected exactly one: every ship has one reactor, placed by its stage";
    refuses::<Starship>(
        |p| p.pipeline.retain(|s| s.name() == "cockpit"),
        "[[pipeline]]\nstage = \"cockpit\"",
        reactor,
    );
    let cockpits = "`pipeline (cockpit)`: 2 cockpit stages is not allowed; expected exactly one";
    let two = "[[pipeline]]\nstage = \"cockpit\"\n[[pipeline]]\nstage = \"cockpit\"\n[[pipeline]]\nstage = \"reactor\"";
    let twice = |p: &mut starship::Params| {
        p.pipeline.retain(|s| ["cockpit", "reactor"].contains(&s.name()));
        p.pipeline.insert(0, p.pipeline[0].clone());
    };
    refuses::<Starship>(twice, two, cockpits);
    // Nested: a stage's parameter out of range, and two out of order.
    let crew = Stage::Crew(CrewParams {
        quarters: 1000,
        ..CrewParams::default()
    });
    let shape = Stage::Shape(ShapeParams {
        min_modules: 9,
        max_modules: 3,
        ..ShapeParams::default()
    });
    for (stage, text, wanted) in [
        (
            crew,
            "[[pipeline]]\nstage = \"crew\"\nquarters = 1000",
            "`pipeline[0] (crew).quarters`: 1000 is not allowed",
        ),
        (
            shape,
            "[[pipeline]]\nstage = \"shape\"\nmin_modules = 9\nmax_modules = 3",
            "`pipeline[0] (shape).min_modules`: 9 is not allowed; expected at most max_modules (3)",
        ),
    ] {
        refuses::<Starship>(|p| p.pipeline = vec![stage], text, wanted);
    }
}

#[test]
fn hexet_refuses_bad_structs_as_the_command_line_does() {
    refuses::<Hexet>(|p| p.width = 0, "width = 0", "`width`: 0 is not allowed");
    refuses::<Hexet>(|p| p.lake_share = -0.5, "lake_share = -0.5", "`lake_share`");
    // A rule across parameters (Params::validate).
    refuses::<Hexet>(|p| p.cities_per_type = 100, "cities_per_type = 100", "`cities_per_type`");
    // A game checks them too.
    let params = hexet::Params {
        width: 0,
        ..Default::default()
    };
    match hexet::Game::new(&params, &seed()) {
        Err(Error::Params(e)) => assert_eq!(e.to_string(), crate::resolve_error::<hexet::Params>("width = 0")),
        Err(e) => panic!("not a parameter error: {e}"),
        Ok(_) => panic!("bad parameters were accepted"),
    }
}

/// A checked struct is what runs: written as TOML and resolved, it comes back
/// equal, so the check judged the very values the generator uses.
#[test]
fn checked_structs_round_trip_through_resolve() {
    fn round_trip<P: params::Params + PartialEq + std::fmt::Debug>(p: &P) {
        let table = toml::Table::try_from(p).unwrap();
        assert_eq!(&P::resolve(&[table]).unwrap(), p);
        assert_eq!(params::Params::check(p), Ok(()));
    }
    fn presets<P: params::Params + PartialEq + std::fmt::Debug>() {
        round_trip(&P::default());
        for (name, _) in P::PRESETS {
            round_trip(&P::resolve(&[P::preset(name).unwrap()]).unwrap());
        }
    }
    presets::<universe::Params>();
    presets::<witches::Params>();
    presets::<starship::Params>();
    presets::<hexet::Params>();
    // Struct literals that move away from the built-in entries.
    let mut types = universe::Params::default().node_types;
    types[0].max = None;
    types[1].number_from = Some(types[0].name.clone());
    types.push(NodeType {
        min: 1,
        max: Some(3),
        prob: 2.0,
        ..NodeType::new("Moss")
    });
    round_trip(&universe::Params {
        players: 7,
        resolution: Some(40),
        node_types: types,
        ..Default::default()
    });
    round_trip(&starship::Params {
        width: 64,
        supply_walk: Some(12),
        // The fewest stages that make a ship: its shape, cockpit and reactor.
        pipeline: starship::Params::default()
            .pipeline
            .into_iter()
            .filter(|s| ["shape", "cockpit", "reactor"].contains(&s.name()))
            .collect(),
        ..Default::default()
    });
    round_trip(&witches::Params {
        players: 5,
        recipe_length: 6,
        ..Default::default()
    });
}

/// A good struct literal gives the board its TOML twin gives.
#[test]
fn good_structs_generate_as_their_toml_does() {
    let literal = universe::Params {
        players: 5,
        obstacles: 3,
        ..Default::default()
    };
    let resolved = <universe::Params as params::Params>::resolve(&["players = 5\nobstacles = 3".parse().unwrap()]).unwrap();
    assert_eq!(literal, resolved);
    assert_eq!(
        Universe::generate(&literal, &seed()).unwrap(),
        Universe::generate(&resolved, &seed()).unwrap()
    );
    let literal = witches::Params {
        players: 3,
        ..Default::default()
    };
    let board = Witches::generate(&literal, &seed()).unwrap();
    assert_eq!(board.header.params.players, 3);
}

/// A parameter's doc is shown as plain text by `list` and the web form:
/// no rustdoc links or code marks.
#[test]
fn parameter_docs_are_plain_text() {
    struct Docs;
    impl boardwright::Visit for Docs {
        type Output = Vec<String>;
        fn visit<G: Registered>(self) -> Vec<String> {
            <G::Params as params::Params>::INFO
                .iter()
                .filter(|info| info.doc.contains('`') || info.doc.contains("](") || info.doc.trim() != info.doc)
                .map(|info| format!("{} {}: {:?}", G::NAME, info.name, info.doc))
                .collect()
        }
    }
    for name in boardwright::GENERATORS {
        let marked = boardwright::with_generator(name, Docs).unwrap();
        assert!(marked.is_empty(), "{marked:#?}");
    }
}

/// A value of the wrong kind is named with what is allowed, in plain words:
/// never the reader's own (`invalid type`, `expected u32`).
#[test]
fn wrong_kinds_of_value_are_refused_in_plain_words() {
    for (set, allowed) in [
        ("players = \"banana\"", "an integer from 2 to 9"),
        ("players = \"99999999999999999999999\"", "an integer from 2 to 9"),
        ("players = 2.5", "an integer from 2 to 9"),
        ("first_game = 3", "true or false"),
    ] {
        let message = super::resolve_error::<boardwright::universe::Params>(set);
        assert!(message.contains(allowed), "{set}: {message}");
        assert!(
            !message.contains("invalid type") && !message.contains("expected u32"),
            "{set}: {message}"
        );
    }
}

/// The listing's rule for each stage field is the rule enforced: every
/// field has a doc, every number field its bounds, and a stage table with
/// the field just past a bound is refused naming that field, while the
/// bound itself is taken.
#[test]
fn stage_fields_list_the_ranges_that_are_enforced() {
    use boardwright::params::Params;
    let fields = starship::Params::table_fields("pipeline");
    let stages: std::collections::BTreeSet<&str> = fields.iter().map(|f| f.table).collect();
    assert!(stages.len() >= 10, "only {} kinds of stage listed", stages.len());
    for field in &fields {
        let at = format!("{}.{}", field.table, field.name);
        assert!(field.doc.len() > 3 && !field.doc.contains('`'), "{at}: doc {:?}", field.doc);
        let rule_free = ["mirror", "variants.symbol"];
        assert!(
            !field.allowed.is_empty() || rule_free.contains(&field.name.as_str()),
            "{at}: no rule listed"
        );
        if field.name.contains('.') {
            continue;
        }
        let (Some(min), Some(max)) = (field.min, field.max) else { continue };
        let set = |value: f64| -> Result<starship::Params, ParamError> {
            let number = if value.fract() == 0.0 && value.abs() < 1e9 {
                format!("{}", value as i64)
            } else {
                format!("{value}")
            };
            // A size field is two sides; the other fields are one number.
            let value = if field.name.ends_with("_size") {
                format!("[{number}, {number}]")
            } else {
                number
            };
            let text = format!("[[pipeline]]\nstage = \"{}\"\n{} = {value}\n", field.table, field.name);
            starship::Params::resolve(&[text.parse().unwrap()])
        };
        for bound in [min, max] {
            if let Err(e) = set(bound) {
                // A bound may clash with another field's default (min_modules at 50 above max_modules).
                assert!(
                    e.to_string().contains("at most") || e.to_string().contains("not all"),
                    "{at} = {bound} is listed as allowed yet refused: {e}"
                );
            }
        }
        let step = if field.allowed.starts_with("a number") {
            max.abs().max(1.0) * 1e-3
        } else {
            1.0
        };
        for outside in [min - step, max + step] {
            match set(outside) {
                Ok(_) => panic!("{at} = {outside} is outside the listed {min}..={max} yet taken"),
                Err(e) => assert!(
                    e.to_string().contains(&field.name),
                    "{at} = {outside}: the error does not name the field: {e}"
                ),
            }
        }
    }
}
