//! The stages a ship is built in. Each kind of stage is one file, which
//! declares its parameters and implements [`StageKind`]: its default, the
//! rules across its fields, its work estimate and what it does to the
//! ship; [`kinds!`] lists the kinds in the order the default pipeline runs
//! them, and from that list come the [`Stage`] enum and every dispatch
//! over it. `shape` (the silhouette, the gaps filled), `rooms` (cockpit,
//! reactor), `armor` (round them, beside machines, wherever it blocks no
//! walk), `machines`, `supplies`, `crew`, `doors`; `place` holds what the
//! placing stages share, `fields` how a kind declares and checks its
//! fields, `read` how a stage table is read.
//!
//! Every parameter has a range ([`Stage::validate`]) and every stage an
//! estimate of its worst work ([`Stage::work`]), so that any accepted
//! pipeline finishes in bounded time.
//!
//! Ships look like ships: the shape stage draws a silhouette (a spine from a
//! tapering nose at the top to the tail, modules behind the nose, mirrored)
//! that fills between 45 % and 72 % of its bounding box.
//! What fills a ship grows with it: machine budgets, supply rooms and crew
//! rooms each add a count per 1000 tiles of hull to their fixed part, so a
//! large ship is rooms, machines and corridors, not a slab of armor. The
//! default counts fit the hull: crew rooms by rate are placed as far as the
//! free floor holds them, and a machine stage draws only among sizes and
//! facings that may still fit; what a stage asked for and could not place
//! is a shortfall. Supply rooms go where their doors bring machines within
//! their walks ([`Walks`]), and more are added until every one is.

use std::cell::RefCell;

use super::part::Role;
use super::ship::Ship;
use crate::params::{ParamError, TableField};
use crate::seed::Rng;

mod armor;
mod crew;
mod doors;
pub(crate) mod fields;
mod machines;
mod place;
mod read;
mod rooms;
mod shape;
mod supplies;

pub use armor::ArmorParams;
pub use crew::CrewParams;
pub use doors::DoorParams;
pub use fields::NoParams;
use fields::{FieldList, Fields};
pub(super) use machines::Profile;
pub use machines::{MachineParams, Variant};
pub(crate) use read::read_pipeline;
pub use rooms::RoomParams;
pub use shape::{FillGapsParams, ShapeParams};
pub use supplies::SupplyParams;

/// Largest `max_detour` accepted, and the longest detour any stage asks
/// for when it widens it (crew rooms, filling with armor): their searches
/// never reach farther than an accepted `max_detour` already does.
pub(crate) const LONGEST_DETOUR: u32 = 40;

/// A kind of stage: what a pipeline's stage table of that kind holds and
/// does.
pub(crate) trait StageKind {
    /// Its parameters (a stage table's fields).
    type Params: FieldList;

    /// Its parameters in the default pipeline.
    fn default() -> Self::Params;

    /// Checks (or, for the form, records) every field of `p` against its
    /// range and the rules across fields.
    fn check(p: &Self::Params, f: &Fields<'_>) -> Result<(), ParamError>;

    /// The most work the stage may do on a ship of a grid of `area` tiles,
    /// in units of about an eighth of the search for a place for a
    /// one-tile part (some 0.03 ms at 40 × 40 in a release build; it grows
    /// with the grid's area): a pass over the grid counts 8, and each
    /// search for a place for a `w × h` part [`search_work`]. Counts that
    /// grow per 1000 tiles of hull count at a hull as large as the grid.
    fn work(p: &Self::Params, area: u64) -> u64;

    /// Does the stage's work on `ship`.
    fn run(p: &Self::Params, ship: &mut Ship, cx: &mut Context<'_>);

    /// A machine stage's role and variants; none for other kinds.
    fn variants(_p: &Self::Params) -> Option<(Role, &[Variant])> {
        None
    }
}

/// Every kind of stage, in the order the default pipeline runs them (one
/// of each): its variant of [`Stage`], with the doc the JSON Schema gives
/// it, its parameters, its [`StageKind`] and its name in a pipeline file.
macro_rules! kinds {
    ($($(#[doc = $doc:literal])+ $variant:ident($params:ty, $kind:ty) = $name:literal;)*) => {
        /// One stage of a pipeline, with its parameters.
        ///
        /// A stage table names its stage (`stage = "weapons"`) and gives any subset
        /// of its fields; the rest are that stage's in the default pipeline. A
        /// machine variant without `role` takes the stage's (thruster or weapon).
        /// Written out, a stage has every field.
        #[derive(Clone, Debug, PartialEq, serde::Serialize, schemars::JsonSchema)]
        #[serde(tag = "stage")]
        pub enum Stage {
            $($(#[doc = $doc])+ #[serde(rename = $name)] $variant($params),)*
        }

        impl Stage {
            /// The stage's name, as in a pipeline file.
            pub fn name(&self) -> &'static str {
                match self {
                    $(Stage::$variant(_) => $name,)*
                }
            }

            /// Each field's own doc, by name.
            fn docs(&self) -> &'static [(&'static str, &'static str)] {
                match self {
                    $(Stage::$variant(_) => <$params as $crate::starship::stages::fields::FieldList>::DOCS,)*
                }
            }

            fn check(&self, f: &$crate::starship::stages::fields::Fields<'_>) -> Result<(), $crate::params::ParamError> {
                match self {
                    $(Stage::$variant(p) => <$kind as $crate::starship::stages::StageKind>::check(p, f),)*
                }
            }

            /// The most work the stage may do on a ship of a grid of `area`
            /// tiles ([`StageKind::work`]).
            pub(crate) fn work(&self, area: u64) -> u64 {
                match self {
                    $(Stage::$variant(p) => <$kind as $crate::starship::stages::StageKind>::work(p, area),)*
                }
            }

            /// Runs the stage on `ship`.
            pub(crate) fn run(&self, ship: &mut $crate::starship::ship::Ship, cx: &mut $crate::starship::stages::Context<'_>) {
                match self {
                    $(Stage::$variant(p) => <$kind as $crate::starship::stages::StageKind>::run(p, ship, cx),)*
                }
            }

            /// A machine stage's role and variants.
            pub(crate) fn variants(&self) -> Option<($crate::starship::part::Role, &[$crate::starship::stages::Variant])> {
                match self {
                    $(Stage::$variant(p) => <$kind as $crate::starship::stages::StageKind>::variants(p),)*
                }
            }

            /// The stage of kind `name` with the parameters `read` gives for
            /// that kind; `None` for a name no kind has.
            fn read_as<E>(name: &str, read: impl $crate::starship::stages::Reader<E>) -> Option<Result<Stage, E>> {
                match name {
                    $($name => Some(read.read().map(Stage::$variant)),)*
                    _ => None,
                }
            }
        }

        /// The default pipeline: the original's fourteen stages.
        pub(crate) fn default_pipeline() -> Vec<Stage> {
            vec![$(Stage::$variant(<$kind as $crate::starship::stages::StageKind>::default()),)*]
        }
    };
}

kinds! {
    /// Brush modules painted as floor.
    Shape(ShapeParams, shape::Shape) = "shape";
    /// Gaps filled with floor.
    FillGaps(FillGapsParams, shape::FillGaps) = "fill_gaps";
    /// The cockpit, farthest from the perimeter.
    Cockpit(RoomParams, rooms::CoreRoom<true>) = "cockpit";
    /// The reactor, nearest the centre of mass.
    Reactor(RoomParams, rooms::CoreRoom<false>) = "reactor";
    /// Armor around the cockpit.
    CockpitArmor(ArmorParams, armor::ArmorAround<true>) = "cockpit_armor";
    /// Armor around the reactor.
    ReactorArmor(ArmorParams, armor::ArmorAround<false>) = "reactor_armor";
    /// Thrusters within a score budget.
    Thrusters(MachineParams, machines::Machines<false>) = "thrusters";
    /// Weapons within a score budget, far out in their facing.
    Weapons(MachineParams, machines::Machines<true>) = "weapons";
    /// Armor on the hull beside machines.
    ExteriorArmor(NoParams, armor::PlainArmor<false>) = "exterior_armor";
    /// Ammo supplies near weapons.
    AmmoSupplies(SupplyParams, supplies::Supplies<false>) = "ammo_supplies";
    /// Power storage near thrusters and ammo supplies.
    PowerStorage(SupplyParams, supplies::Supplies<true>) = "power_storage";
    /// Crew quarters and bunks.
    Crew(CrewParams, crew::Crew) = "crew";
    /// Armor wherever it blocks no path.
    FillArmor(NoParams, armor::PlainArmor<true>) = "fill_armor";
    /// Doors where walls force long walks.
    ExtraDoors(DoorParams, doors::ExtraDoors) = "extra_doors";
}

/// Reads a kind's parameters, whichever the kind ([`Stage::read_as`]).
trait Reader<E> {
    fn read<T: serde::de::DeserializeOwned>(self) -> Result<T, E>;
}

impl Stage {
    /// Checks every parameter of the stage against its range; `at` names the
    /// stage in errors (`pipeline[11] (crew)`).
    pub(crate) fn validate(&self, at: &str) -> Result<(), ParamError> {
        self.check(&Fields::new(at))
    }
}

/// The fields of a `param`'s tables for a form (the pipeline's stages: each
/// kind's fields, with doc and rule, in order); none for another parameter.
/// The rules are those [`Stage::validate`] checks, recorded as it runs.
pub(crate) fn stage_fields(param: &str) -> Vec<TableField> {
    if param != "pipeline" {
        return Vec::new();
    }
    let mut fields = Vec::new();
    let mut seen = Vec::new();
    for stage in default_pipeline() {
        if seen.contains(&stage.name()) {
            continue;
        }
        seen.push(stage.name());
        let record = RefCell::new(Vec::new());
        let _ = stage.check(&Fields {
            at: "",
            record: Some(&record),
        });
        let rules = record.into_inner();
        let docs = stage.docs().iter().map(|&(name, doc)| (name.to_string(), doc));
        let nested = Variant::DOCS.iter().map(|&(name, doc)| (format!("variants.{name}"), doc));
        let nested: Vec<_> = if stage.variants().is_some() { nested.collect() } else { Vec::new() };
        for (name, doc) in docs.chain(nested) {
            let rule = rules.iter().find(|rule| rule.0 == name);
            fields.push(TableField {
                table: stage.name(),
                doc: crate::params::plain(doc),
                min: rule.and_then(|r| r.1),
                max: rule.and_then(|r| r.2),
                allowed: rule.map(|r| r.3.clone()).unwrap_or_default(),
                name,
            });
        }
    }
    fields
}

/// The work of a search for a place for a `w × h` part: `8 + w × h`.
pub(super) fn search_work(w: u32, h: u32) -> u64 {
    8 + u64::from(w) * u64::from(h)
}

/// `max_detour` widened `times` over, for a stage that packs closer than
/// the path check's own bound (crew rooms, filling with armor), but never
/// past [`LONGEST_DETOUR`] (nor below `max_detour`): no search reaches
/// farther than an accepted `max_detour` already may.
pub(super) fn widened(max_detour: u32, times: u32) -> u32 {
    max_detour.saturating_mul(times).min(LONGEST_DETOUR).max(max_detour)
}

/// `base` plus `rate` per 1000 of `tiles`, rounded down.
pub(super) fn scaled(base: u32, rate: f64, tiles: u64) -> u64 {
    u64::from(base) + (rate * tiles as f64 / 1000.0) as u64
}

/// The longest walk from a weapon to its nearest ammo supply and from a
/// thruster to its nearest power storage or the reactor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Walks {
    /// Steps from a weapon to ammo.
    pub ammo: u32,
    /// Steps from a thruster to power.
    pub power: u32,
}

impl Walks {
    /// The limit for parts of role `consumer` (none for roles that need no supply).
    pub(crate) fn limit(self, consumer: Role) -> u32 {
        match consumer {
            Role::Weapon => self.ammo,
            Role::Thruster => self.power,
            _ => u32::MAX,
        }
    }
}

/// What the stages share: settings and the shortfalls they report.
pub(crate) struct Context<'a> {
    /// Random stream of the running stage.
    pub rng: &'a mut Rng,
    /// Path contiguity bound.
    pub max_detour: u32,
    /// Walking distances within which supplies must serve their consumers.
    pub walks: Walks,
    /// Budget and placed score per machine stage, `(stage, budget, placed)`.
    pub scores: &'a mut Vec<(String, u32, u32)>,
    /// Things a stage wanted but could not place.
    pub shortfalls: &'a mut Vec<String>,
}

/// Small ships built as [`crate::starship::generate`] builds them, stage by
/// stage, for the stages' own tests.
#[cfg(test)]
pub(super) mod testing {
    use super::default_pipeline;
    use super::{Context, Stage, Walks};
    use crate::seed::Seed;
    use crate::starship::part::Role;
    use crate::starship::ship::Ship;

    /// The default walks (12 steps to ammo, 16 to power).
    pub const WALKS: Walks = Walks { ammo: 12, power: 16 };
    /// The default path contiguity bound.
    pub const MAX_DETOUR: u32 = 5;

    /// What a stage reported: its scores and shortfalls.
    pub type Report = (Vec<(String, u32, u32)>, Vec<String>);

    /// The default pipeline's stage called `name`.
    pub fn stage(name: &str) -> Stage {
        default_pipeline().into_iter().find(|s| s.name() == name).expect("a default stage")
    }

    /// Runs `stage` on `ship` on a stream of `seed`.
    pub fn run_stage(ship: &mut Ship, stage: &Stage, seed: &str) -> Report {
        let (mut scores, mut shortfalls) = (Vec::new(), Vec::new());
        let mut rng = Seed::new(seed).stream(stage.name(), 0);
        let mut cx = Context {
            rng: &mut rng,
            max_detour: MAX_DETOUR,
            walks: WALKS,
            scores: &mut scores,
            shortfalls: &mut shortfalls,
        };
        stage.run(ship, &mut cx);
        (scores, shortfalls)
    }

    /// A `size` × `size` ship built by the default pipeline's stages that
    /// come before the one called `before`.
    pub fn built(size: u32, seed: &str, before: &str) -> Ship {
        let mut ship = Ship::new(size, size);
        for stage in default_pipeline().iter().take_while(|s| s.name() != before) {
            run_stage(&mut ship, stage, seed);
        }
        ship
    }

    /// Whether every walkable tile reaches every other.
    pub fn connected(ship: &Ship) -> bool {
        let walkable: Vec<usize> = (0..ship.tiles.len()).filter(|&t| ship.walkable(t)).collect();
        let Some(&first) = walkable.first() else { return true };
        let dist = ship.distances(&[first]);
        walkable.iter().all(|&t| dist[t] != u32::MAX)
    }

    /// The longest walk from a part of role `consumer` to the nearest of
    /// its suppliers (`u32::MAX`: one has none within reach).
    pub fn longest_walk(ship: &Ship, consumer: Role) -> u32 {
        let dist = ship.distances(&ship.tiles_of(consumer.suppliers()));
        let nearest = |p: &crate::starship::Part| ship.ring(p.footprint()).iter().map(|&t| dist[t]).min().unwrap_or(u32::MAX);
        ship.parts.iter().filter(|p| p.role == consumer).map(nearest).max().unwrap_or(0)
    }
}

/// A kind of stage added as a kind is meant to be: its parameters and its
/// [`StageKind`] in one place, and its line in a list of kinds. Nothing
/// else is written for it, yet it is read from a stage table over its
/// defaults, checked, costed and run, and its fields reach the form.
#[cfg(test)]
mod a_new_kind {
    use super::fields::{Fields, stage_table};
    use super::{Context, Reader, StageKind};
    use crate::params::ParamError;
    use crate::starship::ship::{Ship, Tile};

    stage_table! {
        /// Parameters of the portholes stage.
        pub struct PortholeParams {
            /// Portholes cut in the hull (1 to 9).
            count: u32 = 3, int(1, 9);
        }
    }

    /// Floor tiles turned to space, one per porthole, from the first.
    struct Portholes;

    impl StageKind for Portholes {
        type Params = PortholeParams;

        fn default() -> PortholeParams {
            PortholeParams::default()
        }

        fn check(p: &PortholeParams, f: &Fields<'_>) -> Result<(), ParamError> {
            p.check_fields(f)
        }

        fn work(p: &PortholeParams, _area: u64) -> u64 {
            8 * u64::from(p.count)
        }

        fn run(p: &PortholeParams, ship: &mut Ship, _cx: &mut Context<'_>) {
            let floor: Vec<usize> = (0..ship.tiles.len()).filter(|&t| ship.tiles[t] == Tile::Floor).collect();
            for &t in floor.iter().take(p.count as usize) {
                ship.tiles[t] = Tile::Space;
            }
        }
    }

    kinds! {
        /// Portholes cut in the hull.
        Portholes(PortholeParams, Portholes) = "portholes";
    }

    /// Reads a TOML table as a kind's parameters.
    struct Toml(&'static str);

    impl Reader<String> for Toml {
        fn read<T: serde::de::DeserializeOwned>(self) -> Result<T, String> {
            toml::from_str(self.0).map_err(|e| e.message().to_string())
        }
    }

    #[test]
    fn is_read_checked_costed_and_run_from_its_own_file_and_one_line() {
        let pipeline = default_pipeline();
        assert_eq!(pipeline, vec![Stage::Portholes(PortholeParams { count: 3 })]);
        assert_eq!(pipeline[0].name(), "portholes");
        assert_eq!(pipeline[0].docs(), &[("count", " Portholes cut in the hull (1 to 9).")]);
        assert!(pipeline[0].variants().is_none());

        let read = Stage::read_as("portholes", Toml("count = 5")).expect("a kind of that name");
        let five = read.expect("a valid table");
        assert_eq!(five, Stage::Portholes(PortholeParams { count: 5 }));
        assert_eq!(five.work(1600), 40);
        assert!(Stage::read_as("windows", Toml("")).is_none());

        let too_many = Stage::Portholes(PortholeParams { count: 12 });
        let refused = too_many.check(&Fields::new("pipeline[0] (portholes)")).unwrap_err().to_string();
        assert!(
            refused.contains("pipeline[0] (portholes).count") && refused.contains("1 to 9"),
            "{refused}"
        );

        let mut ship = Ship::new(30, 30);
        for t in 0..10 {
            ship.tiles[t] = Tile::Floor;
        }
        let (mut scores, mut shortfalls) = (Vec::new(), Vec::new());
        let mut rng = crate::seed::Seed::new("portholes").stream("portholes", 0);
        let mut cx = Context {
            rng: &mut rng,
            max_detour: 5,
            walks: super::Walks { ammo: 12, power: 16 },
            scores: &mut scores,
            shortfalls: &mut shortfalls,
        };
        five.run(&mut ship, &mut cx);
        assert_eq!(ship.tiles.iter().filter(|&&t| t == Tile::Floor).count(), 5);
    }
}
