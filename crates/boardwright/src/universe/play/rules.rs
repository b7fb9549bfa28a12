//! The rules the games are played by, as data: what each node type does
//! when a player lands on it, the mission, the order starts are taken in,
//! the remedy for moving later, and when a game is called a stall.
//! `docs/play.md` cites the source of each rule and marks the readings of
//! rules the sources leave open.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::remedy::Remedy;

/// What landing on a node of one type lets its player do. A cut must be
/// made where one can be (unless [`Rules::optional_cuts`]); a teleport or
/// a new edge may be declined.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Effect {
    /// Steps of one cut, a step a node cut through (0: no cut). A cut
    /// starts at the paper's edge or at an earlier cut and follows printed
    /// edges, one after the other; it may stop early.
    pub cut: u32,
    /// The player takes another turn at once (an extra turn gives none).
    pub extra_turn: bool,
    /// The player may jump to another node of the same type with a free
    /// dot, erasing the icon on the node left.
    pub teleport: bool,
    /// The player may draw a new edge from here to a node across one of the
    /// node's areas; it is moved along like a printed edge, and never cut.
    pub new_edge: bool,
    /// No cut may cut a node of this type loose.
    pub guarded: bool,
    /// A cut through a node of this type (one no cut had reached before)
    /// costs its cutter their next turn.
    pub penalty: bool,
}

impl Effect {
    /// The effect of a node type with these action types (the dictionary's
    /// `actions`): Cutting cuts 2 edges (the basic cut), Turn gives an extra
    /// turn, Movement teleports, Modify draws an edge, Blocking makes a cut
    /// through the node cost a turn; Progression and Ownership do nothing
    /// when landed on (they are rules of entering and owning: a node's
    /// number, the missions).
    pub fn of_actions(actions: &[String]) -> Effect {
        let has = |a: &str| actions.iter().any(|x| x == a);
        Effect {
            cut: if has("Cutting") { 2 } else { 0 },
            extra_turn: has("Turn"),
            teleport: has("Movement"),
            new_edge: has("Modify"),
            guarded: false,
            penalty: has("Blocking"),
        }
    }
}

/// What a player must have done before stepping onto the centre.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Mission {
    /// The first game's Traveler: hold a node in each of the four quarters
    /// round the centre.
    #[default]
    Traveler,
    /// No mission: the first onto the centre wins.
    Race,
}

/// The order in which players take their starting nodes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StartOrder {
    /// The first player picks first.
    #[default]
    Seat,
    /// The last player picks first, the first player last: the best start
    /// goes to the one who moves last.
    Reverse,
    /// No one picks: in game `g` of a series the seat `s` is dealt the
    /// `(s + g)`-th starting node (counted round), so every seat holds
    /// every start in turn. A way to measure the starts apart from the
    /// seats; the printed game has players pick. A second start is still
    /// picked.
    Dealt,
}

impl StartOrder {
    /// The seats (from 0) in the order they take their one start each.
    pub(crate) fn seats(self, players: usize) -> Vec<usize> {
        match self {
            StartOrder::Seat | StartOrder::Dealt => (0..players).collect(),
            StartOrder::Reverse => (0..players).rev().collect(),
        }
    }
}

/// The rules of a series of games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    /// What must be done before the centre.
    pub mission: Mission,
    /// Who picks a starting node first, on a board that prints no order
    /// and with no `start_picks`.
    pub start_order: StartOrder,
    /// The order starting nodes are taken in, by seat from 1: every seat
    /// once, and a seat named twice takes a second start. Empty: as the
    /// remedy played says, and else `start_order`.
    pub start_picks: Vec<u32>,
    /// The remedy for moving later, in place of the one the board prints
    /// ([`Board::remedy`](crate::universe::Board::remedy)); `"none"` plays
    /// without one.
    pub remedy: Option<Remedy>,
    /// Two players may start on one starting node with two free dots
    /// (**reading**; off: each starting node is one player's).
    pub shared_starts: bool,
    /// A cut may run along an edge drawn in the game (a Modify node's),
    /// which is then gone (devlog part 2).
    pub cut_drawn_edges: bool,
    /// Rounds after which a game with no winner is a stall, 1 to 10,000.
    pub max_rounds: u32,
    /// A player landing on a cutting node may decline the cut (the
    /// rulebook: its action is executed).
    pub optional_cuts: bool,
    /// The Traveler may, once a game, jump to any node with a free dot
    /// instead of stepping (its power on the rulebook's missions page).
    pub traveler_teleport: bool,
    /// Effects by node type name, in place of the ones their action types
    /// give ([`Effect::of_actions`]).
    pub effects: BTreeMap<String, Effect>,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            mission: Mission::default(),
            start_order: StartOrder::default(),
            start_picks: Vec::new(),
            remedy: None,
            shared_starts: false,
            cut_drawn_edges: true,
            max_rounds: 200,
            optional_cuts: false,
            traveler_teleport: true,
            effects: BTreeMap::new(),
        }
    }
}

impl Rules {
    /// Most rounds a game may be given.
    pub const MOST_ROUNDS: u32 = 10_000;
    /// The longest cut an effect may give, in steps.
    pub const MOST_CUT: u32 = 20;

    /// Refuses rules a game cannot be played by, in words; `types` are the
    /// node types of the board played, which `effects` may name.
    pub fn check(&self, types: &[&str]) -> Result<(), String> {
        if let Some(name) = self.effects.keys().find(|name| !types.contains(&name.as_str())) {
            return Err(format!(
                "effects.{name}: the board has no node type of that name; its types are {}",
                types.join(", ")
            ));
        }
        if !(1..=Self::MOST_ROUNDS).contains(&self.max_rounds) {
            return Err(format!(
                "max_rounds: {} is not allowed; a whole number from 1 to {}",
                self.max_rounds,
                Self::MOST_ROUNDS
            ));
        }
        if let Some((name, effect)) = self.effects.iter().find(|(_, e)| e.cut > Self::MOST_CUT) {
            return Err(format!(
                "effects.{name}.cut: {} is not allowed; at most {} steps",
                effect.cut,
                Self::MOST_CUT
            ));
        }
        Ok(())
    }
}
