//! A dictionary checked whole: every field in its range, names used once,
//! references that resolve, and a list that can always be filled.

use std::collections::BTreeSet;

use super::*;
use crate::params::ParamError;

/// Checks a dictionary: every field in its range, unique names, references
/// that resolve, and at least one uncapped type with weight so the list can
/// always be filled. Errors name the field's path (`node_types[3].min`).
pub fn validate(types: &[NodeType], missions: &[MissionKind], first_game: bool) -> Result<(), ParamError> {
    let bad = |field: &str, value: String, allowed: &str| Err(ParamError::invalid(field, value, allowed));
    if types.is_empty() || types.len() > MAX_TYPES {
        return bad(
            "node_types",
            format!("{} types", types.len()),
            &format!("from 1 to {MAX_TYPES} node types"),
        );
    }
    let weight = format!("a number from 0 to {MAX_WEIGHT}");
    let copies = format!("an integer from 0 to {MAX_COPIES}");
    let mut type_names = BTreeSet::new();
    for (i, t) in types.iter().enumerate() {
        let field = |name: &str| format!("node_types[{i}].{name}");
        check_name(&field("name"), &t.name, &mut type_names)?;
        if t.name == NONE {
            return bad(
                &field("name"),
                shown(&t.name),
                "a name other than \"none\" (which clears `number_from`)",
            );
        }
        if t.category.chars().count() > MAX_NAME {
            return bad(&field("category"), shown(&t.category), &format!("at most {MAX_NAME} characters"));
        }
        if let Some(icon) = t.icon.as_deref().filter(|p| p.is_empty() || p.chars().count() > MAX_PATH) {
            return bad(
                &field("icon"),
                shown(icon),
                &format!("the path of an SVG file, 1 to {MAX_PATH} characters, or \"none\""),
            );
        }
        if t.min > MAX_COPIES {
            return bad(&field("min"), t.min.to_string(), &copies);
        }
        if let Some(max) = t.max.filter(|&max| max < t.min || max > MAX_COPIES) {
            return bad(
                &field("max"),
                max.to_string(),
                &format!("`min` ({}) to {MAX_COPIES}, or \"none\"", t.min),
            );
        }
        if !(0.0..=MAX_WEIGHT).contains(&t.prob) {
            return bad(&field("prob"), t.prob.to_string(), &weight);
        }
        for (name, d) in [
            ("min_distance_from_edge", t.min_distance_from_edge),
            ("max_distance_from_edge", t.max_distance_from_edge),
        ] {
            if let Some(d) = d.filter(|d| !(0.0..=MAX_DISTANCE).contains(d)) {
                return bad(
                    &field(name),
                    d.to_string(),
                    &format!("a number from 0 to {MAX_DISTANCE}, or \"none\""),
                );
            }
        }
        if let Some(a) = t.actions.iter().find(|a| !ACTIONS.contains(&a.as_str())) {
            return bad(&field("actions"), shown(a), &format!("action types from {}", ACTIONS.join(", ")));
        }
        if let Some((k, a)) = t.actions.iter().enumerate().find(|(k, a)| t.actions[..*k].contains(a)) {
            return bad(&format!("node_types[{i}].actions[{k}]"), shown(a), "each action type once");
        }
        if t.requires.len() > MAX_NEEDS {
            return bad(
                &field("requires"),
                format!("{} names", t.requires.len()),
                &format!("at most {MAX_NEEDS} names"),
            );
        }
        check_rule(&field("rule"), &t.rule)?;
        if let Some(dots) = t.dots.filter(|d| !(1..=MAX_DOTS).contains(d)) {
            return bad(
                &field("dots"),
                dots.to_string(),
                &format!("an integer from 1 to {MAX_DOTS}, or \"none\""),
            );
        }
        if t.extra_dots > MAX_DOTS {
            return bad(
                &field("extra_dots"),
                t.extra_dots.to_string(),
                &format!("an integer from 0 to {MAX_DOTS}"),
            );
        }
        if !(1..=MAX_SEQUENCE).contains(&t.max_sequence) {
            return bad(
                &field("max_sequence"),
                t.max_sequence.to_string(),
                &format!("an integer from 1 to {MAX_SEQUENCE}"),
            );
        }
    }
    for (i, t) in types.iter().enumerate() {
        if let Some(from) = t.number_from.as_deref().filter(|from| !type_names.contains(from)) {
            return bad(
                &format!("node_types[{i}].number_from"),
                shown(from),
                "the name of a node type, or \"none\"",
            );
        }
    }
    if !types.iter().any(|t| t.max.is_none() && t.prob > 0.0) {
        return bad(
            "node_types",
            "every type capped or weightless".into(),
            "at least one type without `max` and with `prob` above 0",
        );
    }
    if missions.is_empty() || missions.len() > MAX_MISSIONS {
        return bad(
            "missions",
            format!("{} kinds", missions.len()),
            &format!("from 1 to {MAX_MISSIONS} mission kinds"),
        );
    }
    let mut kind_names = BTreeSet::new();
    for (i, m) in missions.iter().enumerate() {
        let field = |name: &str| format!("missions[{i}].{name}");
        check_name(&field("name"), &m.name, &mut kind_names)?;
        if !(0.0..=MAX_WEIGHT).contains(&m.weight) {
            return bad(&field("weight"), m.weight.to_string(), &weight);
        }
        if m.needs.len() > MAX_NEEDS {
            return bad(
                &field("needs"),
                format!("{} names", m.needs.len()),
                &format!("at most {MAX_NEEDS} names"),
            );
        }
        // A need may name a type an expansion brings (the original's
        // Peacemaker cares for Fire, a Nasty Nodes type) or a piece it
        // places (Gas, a natural resource).
        let known = |n: &str| type_names.contains(n) || super::catalogue::names_a_piece_or_type(n);
        if let Some(n) = m.needs.iter().find(|n| !known(n)) {
            // The types in their table's order, and what to do when one was
            // dropped on purpose: the built-in missions name built-in types.
            let names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
            return bad(
                &field("needs"),
                format!("{} (mission {:?})", shown(n), m.name),
                &format!(
                    "names of the node types ({}) or of the expansions' types and pieces; a mission that needs a type no longer in `node_types` must be left out of `missions` too",
                    names.join(", ")
                ),
            );
        }
        let expansions = super::catalogue::names();
        if let Some((k, e)) = m.expansions.iter().enumerate().find(|(_, e)| !expansions.contains(&e.as_str())) {
            return bad(
                &format!("missions[{i}].expansions[{k}]"),
                shown(e),
                &format!("expansion names from {}", expansions.join(", ")),
            );
        }
        check_rule(&field("rule"), &m.rule)?;
    }
    if !missions
        .iter()
        .any(|m| m.weight > 0.0 && m.needs.is_empty() && m.expansions.is_empty())
    {
        return bad(
            "missions",
            "no mission kind that is always available".into(),
            "at least one kind without `needs` or `expansions` and with `weight` above 0",
        );
    }
    if first_game {
        for name in FIRST_GAME_KINDS {
            if !missions.iter().any(|m| m.name == name) {
                return bad(
                    "missions",
                    format!("no {name:?}"),
                    "the kinds \"Traveler\" and \"Collector\" when `first_game` is on",
                );
            }
        }
    }
    Ok(())
}

/// Checks that a rule of thumb (at `field`) is not too long.
fn check_rule(field: &str, rule: &Option<String>) -> Result<(), ParamError> {
    match rule.as_deref().filter(|r| r.chars().count() > MAX_RULE) {
        Some(rule) => Err(ParamError::invalid(
            field,
            shown(rule),
            format!("at most {MAX_RULE} characters, or \"none\""),
        )),
        None => Ok(()),
    }
}

/// Checks that `name` (at `field`) is not blank, not too long, and not in
/// `seen`, the names before it; adds it there.
fn check_name<'a>(field: &str, name: &'a str, seen: &mut BTreeSet<&'a str>) -> Result<(), ParamError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME || !seen.insert(name) {
        let allowed = format!("a name of 1 to {MAX_NAME} characters, used once");
        return Err(ParamError::invalid(field, shown(name), allowed));
    }
    Ok(())
}

/// A name as an error message shows it: quoted, and cut short when long.
fn shown(name: &str) -> String {
    const SHOWN: usize = 40;
    match name.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{:?}… ({} characters)", &name[..cut], name.chars().count()),
        None => format!("{name:?}"),
    }
}
