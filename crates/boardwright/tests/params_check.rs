//! Parameters built in code (struct literals) are held to the rules the
//! command line applies to TOML: every `generate` refuses a bad struct with
//! the error `resolve` gives for the same value, never a panic or a board
//! that disagrees with its own parameters.

use boardwright::params::{self, ParamError};
use boardwright::starship::{CrewParams, ShapeParams, Stage};
use boardwright::universe::NodeType;
use boardwright::{Error, Generator, Seed, hexet, starship, universe, witches};

/// What the command line says for `text` (a config file or `--set`).
fn cli_error<P: params::Params + std::fmt::Debug>(text: &str) -> String {
    params::resolve::<P>(&[text.parse().unwrap()]).unwrap_err().to_string()
}

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

#[test]
fn universe_refuses_bad_structs_as_the_command_line_does() {
    let cases = [
        (
            universe::Params {
                node_types: vec![],
                ..Default::default()
            },
            "node_types = []",
            "`node_types`: 0 types is not allowed; expected from 1 to 1000 node types",
        ),
        (
            universe::Params {
                players: 50,
                ..Default::default()
            },
            "players = 50",
            "`players`: 50 is not allowed; expected an integer from 2 to 9",
        ),
        (
            universe::Params {
                iterations: 0,
                ..Default::default()
            },
            "iterations = 0",
            "`iterations`",
        ),
        (
            universe::Params {
                clearance: f64::NAN,
                ..Default::default()
            },
            "clearance = nan",
            "`clearance`: nan is not allowed",
        ),
        (
            universe::Params {
                resolution: Some(1_000_000),
                ..Default::default()
            },
            "resolution = 1000000",
            "`resolution`",
        ),
        // A nested table: a node type whose max is below its min.
        (
            universe::Params {
                node_types: vec![NodeType {
                    min: 5,
                    max: Some(2),
                    prob: 1.0,
                    ..NodeType::new("Oil")
                }],
                ..Default::default()
            },
            "node_types = [{ name = \"Oil\", min = 5, max = 2, prob = 1.0 }]",
            "`node_types[0].max`: 2 is not allowed; expected `min` (5) to 10000, or \"none\"",
        ),
    ];
    for (params, text, wanted) in cases {
        let err = param_error(universe::generate(&params, &seed()));
        assert!(err.contains(wanted), "{err:?} lacks {wanted:?}");
        assert_eq!(err, cli_error::<universe::Params>(text), "{text}");
        assert_eq!(param_error(universe::Universe::generate_with(&params, &seed(), &(), &mut ())), err);
        assert_eq!(params::check(&params).unwrap_err().to_string(), err);
    }
}

#[test]
fn witches_refuses_bad_structs_as_the_command_line_does() {
    let cases = [
        (
            witches::Params {
                players: 0,
                ..Default::default()
            },
            "players = 0",
            "`players`: 0 is not allowed; expected an integer from 1 to 5",
        ),
        (
            witches::Params {
                players: 7,
                ..Default::default()
            },
            "players = 7",
            "`players`: 7 is not allowed; expected an integer from 1 to 5",
        ),
        (
            witches::Params {
                recipe_length: 5,
                ..Default::default()
            },
            "recipe_length = 5",
            "`recipe_length`: 5 is not allowed; expected one of 4, 6",
        ),
        (
            witches::Params {
                max_attempts: 0,
                ..Default::default()
            },
            "max_attempts = 0",
            "`max_attempts`",
        ),
    ];
    for (params, text, wanted) in cases {
        let err = param_error(witches::generate(&params, &seed()));
        assert!(err.contains(wanted), "{err:?} lacks {wanted:?}");
        assert_eq!(err, cli_error::<witches::Params>(text), "{text}");
        assert_eq!(param_error(witches::Witches::generate_with(&params, &seed(), &(), &mut ())), err);
    }
}

#[test]
fn starship_refuses_bad_structs_as_the_command_line_does() {
    let crew = |quarters| {
        Stage::Crew(CrewParams {
            quarters,
            ..CrewParams::default()
        })
    };
    let cases = [
        (
            starship::Params {
                width: 0,
                ..Default::default()
            },
            "width = 0".to_string(),
            "`width`: 0 is not allowed; expected an integer from 22 to 512",
        ),
        (
            starship::Params {
                height: u32::MAX,
                ..Default::default()
            },
            format!("height = {}", u32::MAX),
            "`height`",
        ),
        (
            starship::Params {
                pipeline: vec![],
                ..Default::default()
            },
            "pipeline = []".to_string(),
            "`pipeline`: 0 stages is not allowed; expected 1 to 64 stages",
        ),
        // Nested: a stage's parameter out of range, and two out of order.
        (
            starship::Params {
                pipeline: vec![crew(1000)],
                ..Default::default()
            },
            "[[pipeline]]\nstage = \"crew\"\nquarters = 1000".to_string(),
            "`pipeline[0] (crew).quarters`: 1000 is not allowed",
        ),
        (
            starship::Params {
                pipeline: vec![Stage::Shape(ShapeParams {
                    min_modules: 9,
                    max_modules: 3,
                    ..ShapeParams::default()
                })],
                ..Default::default()
            },
            "[[pipeline]]\nstage = \"shape\"\nmin_modules = 9\nmax_modules = 3".to_string(),
            "`pipeline[0] (shape).min_modules`: 9 is not allowed; expected at most max_modules (3)",
        ),
    ];
    for (params, text, wanted) in cases {
        let err = param_error(starship::generate(&params, &seed()));
        assert!(err.contains(wanted), "{err:?} lacks {wanted:?}");
        assert_eq!(err, cli_error::<starship::Params>(&text), "{text}");
        assert_eq!(param_error(starship::Starship::generate_with(&params, &seed(), &(), &mut ())), err);
    }
}

#[test]
fn hexet_refuses_bad_structs_as_the_command_line_does() {
    let cases = [
        (
            hexet::Params {
                width: 0,
                ..Default::default()
            },
            "width = 0",
            "`width`: 0 is not allowed",
        ),
        (
            hexet::Params {
                lake_share: -0.5,
                ..Default::default()
            },
            "lake_share = -0.5",
            "`lake_share`",
        ),
        // A rule across parameters (Params::validate).
        (
            hexet::Params {
                cities_per_type: 100,
                ..Default::default()
            },
            "cities_per_type = 100",
            "`cities_per_type`",
        ),
    ];
    for (params, text, wanted) in cases {
        let err = match hexet::Game::new(&params, &seed()) {
            Err(Error::Params(e)) => e.to_string(),
            Err(e) => panic!("not a parameter error: {e}"),
            Ok(_) => panic!("bad parameters were accepted"),
        };
        assert!(err.contains(wanted), "{err:?} lacks {wanted:?}");
        assert_eq!(err, cli_error::<hexet::Params>(text), "{text}");
        assert_eq!(param_error(hexet::generate_with_log(&params, &seed(), &[])), err);
        assert_eq!(param_error(hexet::Hexet::generate_with(&params, &seed(), &vec![], &mut ())), err);
    }
}

/// A checked struct is what runs: written as TOML and resolved, it comes back
/// equal, so the check judged the very values the generator uses.
#[test]
fn checked_structs_round_trip_through_resolve() {
    fn round_trip<P: params::Params + PartialEq + std::fmt::Debug>(p: &P) {
        let table = toml::Table::try_from(p).unwrap();
        assert_eq!(&params::resolve::<P>(&[table]).unwrap(), p);
        assert_eq!(params::check(p), Ok(()));
    }
    fn presets<P: params::Params + PartialEq + std::fmt::Debug>() {
        round_trip(&P::default());
        for (name, _) in P::PRESETS {
            round_trip(&params::resolve::<P>(&[params::preset::<P>(name).unwrap()]).unwrap());
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
        pipeline: vec![Stage::Shape(ShapeParams::default())],
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
    let resolved = params::resolve::<universe::Params>(&["players = 5\nobstacles = 3".parse().unwrap()]).unwrap();
    assert_eq!(literal, resolved);
    assert_eq!(
        universe::generate(&literal, &seed()).unwrap(),
        universe::generate(&resolved, &seed()).unwrap()
    );
    let literal = witches::Params {
        players: 3,
        ..Default::default()
    };
    let board = witches::generate(&literal, &seed()).unwrap();
    assert_eq!(board.header.params.players, 3);
}
