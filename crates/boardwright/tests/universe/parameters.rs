//! Universe parameters: errors that name what is wrong, partial
//! dictionary tables, round trips through TOML and JSON, extreme minimums.

use super::*;

#[test]
fn bad_parameters_name_what_is_wrong() {
    crate::assert_refused::<Params>(&[
        ("players = 12", "`players`: 12 is not allowed; expected an integer from 2 to 9"),
        ("players = \"four\"", "`players`"),
        ("colour = 3", "unknown parameter `colour`"),
        ("resolution = 100000", "`resolution`"),
        ("clearance = -1.0", "`clearance`"),
    ]);
    assert!(Params::INFO.iter().any(|i| i.name == "resolution"));
}

/// Errors inside the dictionary name the table and the field, and what is allowed.
#[test]
fn bad_dictionary_entries_name_their_path() {
    let err = crate::resolve_error::<Params>;
    crate::assert_refused::<Params>(&[
        (
            "node_types = [{ name = \"Oil\" }, { name = \"Fish\", min = -1 }]",
            "node_types[1].min",
        ),
        (
            "node_types = [{ name = \"Oil\", min = 20000 }]",
            "node_types[0].min`: 20000 is not allowed; expected an integer from 0 to 10000",
        ),
        ("node_types = [{ name = \"Oil\", prob = \"a\" }]", "node_types[0].prob"),
        (
            "node_types = [{ name = \"Oil\", colour = 1 }]",
            "`node_types[0].colour`: unknown field",
        ),
        (
            "node_types = [{ name = \"Oil\" }, { min = 1 }]",
            "`node_types[1]`: missing field `name`",
        ),
        ("node_types = [{ name = \"Oil\", max = \"few\" }]", "node_types[0].max"),
        (
            "node_types = [{ name = \"Oil\", max = 6 }, { name = \"Fish\", max_sequence = 0 }]",
            "node_types[1].max_sequence",
        ),
        (
            "node_types = [{ name = \"Oil\", min_distance_from_edge = 1e9 }]",
            "node_types[0].min_distance_from_edge",
        ),
        ("node_types = [{ name = \"none\", prob = 1.0 }]", "node_types[0].name"),
        (
            "node_types = [{ name = \"Oil\", number_from = \"Gold\" }]",
            "node_types[0].number_from",
        ),
        (
            "missions = [{ name = \"Traveler\" }, { name = \"Collector\", weight = -1.0 }]",
            "missions[1].weight",
        ),
        ("missions = [{ name = \"Traveler\", needs = [\"Platinum\"] }]", "missions[0].needs"),
        ("missions = [{ name = \"Traveler\", needs = 3 }]", "missions[0].needs"),
    ]);
    // A built-in mission needing a type left out says which mission, the
    // types there are, and what to do.
    let message = err("node_types = [{ name = \"Oil\" }, { name = \"Water\" }]");
    assert!(
        message.contains("missions[3].needs")
            && message.contains("\"Peacemaker\"")
            && message.contains("(Oil, Water)")
            && message.contains("left out of `missions`"),
        "{message}"
    );
    // A long name is cut short in the message.
    let message = err(&format!("node_types = [{{ name = \"{}\" }}]", "x".repeat(10_000)));
    assert!(message.contains("node_types[0].name") && message.len() < 400, "{message}");
}

fn builtin_type(name: &str) -> NodeType {
    Params::default().node_types.into_iter().find(|t| t.name == name).unwrap()
}

/// A table gives only some fields: a built-in name keeps the built-in
/// entry's other values, a new name the generic defaults, and "none" clears.
#[test]
fn partial_dictionary_tables_take_their_defaults() {
    let text = r#"
        node_types = [
            { name = "Oil", max = 8 },
            { name = "Water" },
            { name = "Dynamite", max = "none", prob = 1.5 },
            { name = "Critters", number_from = "none", min_distance_from_edge = "none" },
            { name = "Gold", min = 2, max_distance_from_edge = 1.5 },
        ]
        missions = [{ name = "Traveler" }, { name = "Collector", weight = 3.0 }, { name = "Fighter", weight = 0.5 }, { name = "Hoarder", needs = ["Gold"] }]
    "#;
    let p: Params = params::Params::resolve(&[text.parse().unwrap()]).unwrap();
    let types = &p.node_types;
    assert_eq!(
        types[0],
        NodeType {
            max: Some(8),
            ..builtin_type("Oil")
        }
    );
    assert_eq!(types[1], builtin_type("Water"));
    assert_eq!(
        types[2],
        NodeType {
            max: None,
            prob: 1.5,
            ..builtin_type("Dynamite")
        }
    );
    let critters = builtin_type("Critters");
    assert!(critters.number_from.is_some() && critters.min_distance_from_edge.is_some());
    assert_eq!(
        types[3],
        NodeType {
            number_from: None,
            min_distance_from_edge: None,
            ..critters
        }
    );
    assert_eq!(
        types[4],
        NodeType {
            min: 2,
            max_distance_from_edge: Some(1.5),
            ..NodeType::new("Gold")
        }
    );
    assert_eq!((types[4].category.as_str(), types[4].prob, types[4].max), ("Other", 0.0, None));
    let builtin_kind = |name: &str| Params::default().missions.into_iter().find(|m| m.name == name).unwrap();
    assert_eq!(p.missions[0], builtin_kind("Traveler"));
    assert_eq!(
        p.missions[1],
        MissionKind {
            weight: 3.0,
            ..builtin_kind("Collector")
        }
    );
    assert_eq!(
        p.missions[2],
        MissionKind {
            weight: 0.5,
            ..builtin_kind("Fighter")
        }
    );
    assert!(!p.missions[2].needs.is_empty());
    assert_eq!(
        p.missions[3],
        MissionKind {
            needs: vec!["Gold".into()],
            ..MissionKind::new("Hoarder")
        }
    );
    assert_eq!(p.missions[3].weight, 1.0);
    once(&p, &Seed::new("partial"));
}

/// The parameters written as TOML or JSON read back to the same parameters,
/// cleared optional fields of built-in names included.
#[test]
fn parameters_round_trip_through_toml_and_json() {
    let mut changed = Params {
        players: 7,
        resolution: Some(40),
        first_game: false,
        ..Params::default()
    };
    for t in &mut changed.node_types {
        t.max = None;
        t.min_distance_from_edge = None;
        t.max_distance_from_edge = Some(3.25);
        t.number_from = None;
        t.min += 1;
    }
    changed.node_types.push(NodeType {
        max: Some(9),
        prob: 0.1,
        forbidden_on_edge: true,
        number_from: Some("Oil".into()),
        ..NodeType::new("Gold \"quoted\"")
    });
    changed.missions[2].needs.clear();
    changed.missions.push(MissionKind::new("Hoarder"));
    let classic: Params = params::Params::resolve(&[<Params as params::Params>::preset("classic").unwrap()]).unwrap();
    for p in [Params::default(), classic, changed] {
        p.validate().unwrap();
        let toml_text = toml::to_string(&p).unwrap();
        assert_eq!(toml::from_str::<Params>(&toml_text).unwrap(), p, "{toml_text}");
        let resolved: Params = params::Params::resolve(&[toml_text.parse().unwrap()]).unwrap();
        assert_eq!(resolved, p);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(serde_json::from_str::<Params>(&json).unwrap(), p, "{json}");
    }
}

/// Minimums far past the node count (the largest accepted, on the default
/// board and a larger one) are cut to the board: every regular node is
/// typed, within the rules.
#[test]
fn huge_minimums_are_cut_to_the_board() {
    for (min, resolution) in [(10_000, None), (10_000, Some(40))] {
        let mut params = Params {
            resolution,
            ..Params::default()
        };
        for t in &mut params.node_types {
            t.min = min;
            t.max = t.max.map(|_| min);
        }
        let b = once(&params, &Seed::new("huge minimums"));
        types_hold(&b).unwrap();
        let regular = b.nodes.iter().filter(|n| n.kind == NodeKind::Regular).count();
        assert_eq!(b.metrics.type_counts.values().sum::<u32>() as usize, regular, "min {min}");
    }
    // Past the largest minimum the parameters are refused, not cut.
    let mut params = Params::default();
    params.node_types[0].min = u32::MAX;
    let err = Universe::generate(&params, &Seed::new("huge minimums")).unwrap_err().to_string();
    assert!(err.contains("`node_types[0].min`: 4294967295 is not allowed"), "{err}");
}
