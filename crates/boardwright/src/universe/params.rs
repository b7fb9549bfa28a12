//! The parameters of a universe board: the struct, its defaults, and the
//! table of names, ranges and docs that validation, `list` and the web form
//! read.

use super::dictionary::{self, MissionKind, NodeType};
use super::expansions;
use crate::params::{Allowed, ParamError, declare, float, int};

/// Largest `resolution` accepted: about 6.4 million nodes, a few GiB of memory.
pub(crate) const MAX_RESOLUTION: u32 = 3000;

/// Largest `max_attempts` accepted. An attempt on a board of the default
/// sizes takes at most about 20 ms (a thousand iterations among a hundred
/// obstacles, a thousand node types), so failing every attempt ends within
/// a few seconds.
pub(crate) const MAX_ATTEMPTS: u32 = 100;

/// Most layouts a board chooses among (`start_layouts`).
pub(crate) const MAX_LAYOUTS: u32 = 64;

/// Largest board, in nodes, made in several layouts: on larger ones the
/// first layout is kept whatever `start_layouts` says.
pub(crate) const LAYOUT_NODES: u64 = 6_000;

declare! {
    /// Parameters of a universe board.
    pub struct Params {
        /// number of players; sets the board size unless resolution is given
        players: u32 = 4, int(2, 9);
        /// board width in grid units, overriding the player-count table
        /// (height = floor(210/297 x width)); the work grows with the node
        /// count, (width + 1) x (height + 1)
        resolution: Option<u32> = None, int(10, MAX_RESOLUTION as i64), #[serde(skip_serializing_if = "Option::is_none")];
        /// the board's height over its width, for a board printed over
        /// sheets that together make another shape than one landscape
        /// sheet (set from the tiling, --tile or the page's sheets per
        /// board, when it is more than one sheet); the board keeps
        /// about as many grid cells as one sheet's shape would give it
        aspect: Option<f64> = None, float(0.2, 5.0), #[serde(skip_serializing_if = "Option::is_none")];
        /// relaxation iterations
        iterations: u32 = 60, int(1, 1000);
        /// invisible repulsors that make holes
        obstacles: u32 = 5, int(0, 100);
        /// edges after which the fill leaves a node alone
        max_connections: u32 = 3, int(1, 12);
        /// all twelve missions the same kind (Traveler or Collector)
        first_game: bool = true, Allowed::Bool;
        /// no crossing edges and no edge passing near another node
        planar: bool = true, Allowed::Bool;
        /// distance (grid units) planar boards keep between an edge and
        /// other nodes
        clearance: f64 = 0.25, float(0.0, 0.45);
        /// mission nodes chosen for equal hop distances to the centre
        fair_missions: bool = true, Allowed::Bool;
        /// the centre is the node nearest the paper's middle after
        /// relaxation, moved up to half a unit to split the quadrants evenly
        /// (false: the point laid out at the grid's middle, half a row above
        /// the paper's on the standard sheet)
        fair_center: bool = true, Allowed::Bool;
        /// node-type counts scale with the board's nodes over the 10 x 7
        /// sheet's 88, distances from the edge and group sizes with
        /// min(width / 10, height / 7), so that every type's minimum has room
        /// on every board (false: the original's scaling)
        fair_scaling: bool = true, Allowed::Bool;
        /// the original's edges: Prim's tree with its grid search, its
        /// centre hub, and its fill (the partner may be a border node, under
        /// no cap, within two grid cells); with planar = false only
        /// (written out only when true)
        original_edges: bool = false, Allowed::Bool, #[serde(skip_serializing_if = "is_false")];
        /// whole-board attempts before giving up
        max_attempts: u32 = 25, int(1, MAX_ATTEMPTS as i64);
        /// layouts made from the seed for fair starts, on boards of up to
        /// 6,000 nodes: the one whose mission nodes lie most equally far
        /// from the centre is kept, the first with a spread of 1 hop or
        /// less at once (1: the first layout, as the original)
        start_layouts: u32 = 8, int(1, MAX_LAYOUTS as i64);
        /// reference games the layouts race by, the one whose starts win
        /// most evenly kept, then the remedies for moving later, the one
        /// whose seats win most evenly printed; each plays half, the
        /// better half all of them (0: none; a game costs about a
        /// millisecond, docs/play.md)
        fair_play: u32 = 0, int(0, 10_000);
        /// the node-type dictionary ([[node_types]] tables: name, min, max,
        /// prob, category, constraints, actions, requires, rule); a table gives any of its fields but
        /// the name, the others come from the built-in type of that name
        node_types: Vec<NodeType> = dictionary::default_node_types(),
            Allowed::Data("1 to 1000 node-type tables: name (1-100 characters), min and max 0-10000, prob 0-1000000, distances 0-1000, max_sequence 1-1000, icon (an SVG file's path, 1-1000 characters, read by the command line), actions (from Cutting, Turn, Modify, Movement, Progression, Blocking, Ownership), requires (node-type names), rule (up to 200 characters); \"none\" clears an optional field"),
            #[serde(deserialize_with = "dictionary::read_node_types")];
        /// the mission kinds ([[missions]] tables: name, needs, weight); a
        /// table gives any of its fields but the name, the others come from
        /// the built-in kind of that name
        missions: Vec<MissionKind> = dictionary::default_missions(),
            Allowed::Data("1 to 100 mission tables: name (1-100 characters), needs (up to 100 node-type names), weight 0-1000000"),
            #[serde(deserialize_with = "dictionary::read_missions")];
        /// expansions switched on (none by default): the original's
        /// nasty_nodes, nodes_of_knowledge and electric (node sets: their
        /// types join the dictionary's and the board takes a balanced set),
        /// extreme_expeditions (expeditions with join slots in up to ten
        /// areas nearest the centre) and sharp_scissors (tiny nodes on the
        /// edges, natural resources, landmarks); boardwright's own node sets
        /// deep_orbit, clockwork and wildwood, and its expeditions (an
        /// expedition or landmark in every area with room), resources and
        /// tiny_nodes (only where an edge's middle has room); each once
        expansions: Vec<String> = Vec::new(),
            Allowed::Data("a list of expansion names from nasty_nodes, nodes_of_knowledge, electric, extreme_expeditions, sharp_scissors, deep_orbit, clockwork, wildwood, expeditions, resources, tiny_nodes, each once (expeditions not with extreme_expeditions, resources and tiny_nodes not with sharp_scissors)"),
            #[serde(skip_serializing_if = "Vec::is_empty")];
        /// with sharp_scissors, tiny nodes only on edges whose middle has
        /// room to be seen (boardwright's rule, as tiny_nodes places them:
        /// half a unit from every node, 0.15 from every other edge); false:
        /// the original's, on the edges between two nodes off the border
        /// its walk reaches
        roomy_tiny_nodes: bool = false, Allowed::Bool,
            #[serde(skip_serializing_if = "is_false")];
        /// radius (grid units) of the circle an area must hold, clear of its
        /// nodes and edges, for an expedition or landmark (with expeditions;
        /// written out only when not 0.55)
        expedition_radius: f64 = EXPEDITION_RADIUS, float(0.2, 5.0),
            #[serde(skip_serializing_if = "is_expedition_radius")];
        /// distance (grid units) a natural resource keeps from every node and
        /// every other resource, and half of it from every edge (with
        /// resources; written out only when not 0.6)
        resource_radius: f64 = RESOURCE_RADIUS, float(0.2, 2.0),
            #[serde(skip_serializing_if = "is_resource_radius")];
        /// most tiny nodes on the edges of one node (with sharp_scissors or
        /// tiny_nodes; written out only when not 2, the original's)
        max_tiny_per_node: u32 = MAX_TINY_PER_NODE, int(1, 12),
            #[serde(skip_serializing_if = "is_max_tiny_per_node")];
    }
    presets: [
        (
            "classic",
            "# The original generator's choices: no planarity guard, its edges, farthest-first missions, the centre laid out at the grid's middle, its type scaling, its one layout.\nplanar = false\noriginal_edges = true\nfair_missions = false\nfair_center = false\nfair_scaling = false\nstart_layouts = 1\n",
        ),
        ("nasty_nodes", "# The original's Nasty Nodes: clocks, a critter boss, fire, poison and healing.\nexpansions = [\"nasty_nodes\"]\n"),
        ("nodes_of_knowledge", "# The original's Nodes of Knowledge: sun and moon, knowledge, curses, ruins; Sun by day, Moon by night.\nexpansions = [\"nodes_of_knowledge\"]\n"),
        ("electric", "# The original's Electric Expansion: electricity, batteries, factories, a dragon; a number at the centre.\nexpansions = [\"electric\"]\n"),
        ("extreme_expeditions", "# The original's Extreme Expeditions: expeditions with join slots in the areas nearest the centre.\nexpansions = [\"extreme_expeditions\"]\n"),
        ("sharp_scissors", "# The original's Sharp Scissors: tiny nodes on the edges, natural resources, landmarks.\nexpansions = [\"sharp_scissors\"]\n"),
        (
            "original-expansions",
            "# Every expansion of the original game.\nexpansions = [\"nasty_nodes\", \"nodes_of_knowledge\", \"electric\", \"extreme_expeditions\", \"sharp_scissors\"]\n",
        ),
        ("deep_orbit", "# boardwright's Deep Orbit node set: comets, satellites, wormholes.\nexpansions = [\"deep_orbit\"]\n"),
        ("clockwork", "# boardwright's Clockwork node set: gears, saws, locks.\nexpansions = [\"clockwork\"]\n"),
        ("wildwood", "# boardwright's Wildwood node set: brambles, wolves, owls.\nexpansions = [\"wildwood\"]\n"),
        ("expeditions", "# boardwright's expeditions and landmarks in every area with room.\nexpansions = [\"expeditions\"]\n"),
        ("resources", "# boardwright's natural resources scattered in the areas.\nexpansions = [\"resources\"]\n"),
        ("tiny_nodes", "# boardwright's tiny nodes, where an edge's middle has room.\nexpansions = [\"tiny_nodes\"]\n"),
        (
            "all-expansions",
            "# Every expansion that goes together: the original's five and boardwright's three node sets.\nexpansions = [\"nasty_nodes\", \"nodes_of_knowledge\", \"electric\", \"extreme_expeditions\", \"sharp_scissors\", \"deep_orbit\", \"clockwork\", \"wildwood\"]\n",
        ),
    ],
    size: ["resolution", "players", "start_layouts", "fair_play"],
    validate: |params: &Params| {
        dictionary::validate(&params.node_types, &params.missions, params.first_game)?;
        expansions::validate(params)?;
        if params.original_edges && params.planar {
            return Err(ParamError::invalid(
                "planar",
                "true",
                "false with original_edges: the original's edges cross and pass near nodes (set planar = false, or original_edges = false)",
            ));
        }
        Ok(())
    },
}

/// The fewest grid units a side of a board shaped by `aspect` has.
const MIN_SIDE: f64 = 4.0;

/// The default `expedition_radius`.
const EXPEDITION_RADIUS: f64 = 0.55;
/// The default `resource_radius`.
const RESOURCE_RADIUS: f64 = 0.6;
/// The default `max_tiny_per_node`.
const MAX_TINY_PER_NODE: u32 = 2;

// Left out of the written parameters at their defaults, so that boards
// without expansions or the original's edges keep their bytes.
fn is_false(v: &bool) -> bool {
    !*v
}

fn is_expedition_radius(v: &f64) -> bool {
    *v == EXPEDITION_RADIUS
}

fn is_resource_radius(v: &f64) -> bool {
    *v == RESOURCE_RADIUS
}

fn is_max_tiny_per_node(v: &u32) -> bool {
    *v == MAX_TINY_PER_NODE
}

impl Params {
    /// Board size in grid units `(width, height)`: one landscape sheet's
    /// shape, or `aspect`'s with about as many cells.
    pub fn size(&self) -> (u32, u32) {
        let extra = [0, 0, 0, 0, 1, 1, 2, 2, 3];
        let w = self
            .resolution
            .unwrap_or_else(|| 10 + extra[(self.players.clamp(1, 9) - 1) as usize]);
        let h = w * 210 / 297;
        let Some(aspect) = self.aspect else {
            return (w, h);
        };
        let cells = f64::from(w * h);
        let wide = (cells / aspect).sqrt().round().max(MIN_SIDE);
        (wide as u32, (wide * aspect).round().max(MIN_SIDE) as u32)
    }

    /// Number of points laid out: the board's nodes, less any that
    /// relaxation left closer than the clearance to another (merged).
    pub fn node_count(&self) -> u64 {
        let (w, h) = self.size();
        (u64::from(w) + 1) * (u64::from(h) + 1)
    }

    /// How many layouts a board makes at most: `start_layouts`, or one on
    /// boards of more than `LAYOUT_NODES` nodes.
    pub(crate) fn layouts(&self) -> u32 {
        if self.node_count() <= LAYOUT_NODES { self.start_layouts } else { 1 }
    }

    /// Whether a board makes one layout and finishes it as made (no
    /// `fair_play` games choose among finished boards).
    pub(crate) fn only_layout(&self) -> bool {
        self.layouts() == 1 && self.fair_play == 0
    }

    /// The work of a board at most, in nodes made: each layout it may
    /// make, and the `fair_play` games on each and on each remedy tried,
    /// a game weighing a fifth of its board (the reference bot's games
    /// and their remedies cost about twice the greedy games' of before).
    pub(crate) fn work(&self) -> u64 {
        let nodes = self.node_count();
        let layouts = u64::from(self.layouts());
        // The catalogue and the starts assigned.
        let orders = super::play::Remedy::catalogue(self.players).len() as u64 + 1;
        let games = u64::from(self.fair_play);
        let played = 2 * games;
        let tenths = layouts.saturating_mul(10 + played).saturating_add(orders.saturating_mul(played));
        nodes.saturating_mul(tenths) / 10
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Params as _;

    /// What `list` shows of the dictionary's ranges is what is checked.
    #[test]
    fn dictionary_ranges_shown_are_the_checked_ones() {
        use dictionary::*;
        let shown = |name: &str| match Params::INFO.iter().find(|i| i.name == name).map(|i| i.allowed) {
            Some(Allowed::Data(text)) => text,
            other => panic!("{name}: {other:?}"),
        };
        for wanted in [
            format!("1 to {MAX_TYPES} node-type tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("min and max 0-{MAX_COPIES}"),
            format!("prob 0-{MAX_WEIGHT}"),
            format!("distances 0-{MAX_DISTANCE}"),
            format!("max_sequence 1-{MAX_SEQUENCE}"),
            format!("icon (an SVG file's path, 1-{MAX_PATH} characters"),
        ] {
            assert!(shown("node_types").contains(&wanted), "{wanted}");
        }
        for wanted in [
            format!("1 to {MAX_MISSIONS} mission tables"),
            format!("name (1-{MAX_NAME} characters)"),
            format!("up to {MAX_NEEDS} node-type names"),
            format!("weight 0-{MAX_WEIGHT}"),
        ] {
            assert!(shown("missions").contains(&wanted), "{wanted}");
        }
    }
}
