//! A starship's parameters: the grid, the walks, the attempts and the
//! pipeline, with the bounds that keep any accepted pipeline's work in
//! check; each kind of stage declares its own in `stages`.

use super::part::fixed_symbols;
use crate::params::{Allowed, ParamError, declare, int};

use super::stages::{LONGEST_DETOUR, Stage, Variant, default_pipeline, read_pipeline, stage_fields};

/// Largest grid side accepted.
pub(crate) const MAX_SIDE: u32 = 512;
/// Steps from a weapon to its nearest ammo supply at most, unless
/// `supply_walk` says otherwise.
pub(crate) const AMMO_WALK: u32 = 12;
/// Steps from a thruster to its nearest power storage or the reactor at
/// most, unless `supply_walk` says otherwise.
pub(crate) const POWER_WALK: u32 = 16;

/// Smallest grid side accepted: on a smaller grid the default stages find
/// no room for a ship (at 20 × 20 one seed in sixty failed every attempt, at
/// 16 × 16 nearly all; from 22 none of sixty).
pub(crate) const MIN_SIDE: u32 = 22;

declare! {
    /// Parameters of a starship.
    pub struct Params {
        /// grid width in tiles (the work grows with the area)
        width: u32 = 40, int(MIN_SIDE as i64, MAX_SIDE as i64);
        /// grid height in tiles (the work grows with the area)
        height: u32 = 40, int(MIN_SIDE as i64, MAX_SIDE as i64);
        /// steps the tiles round a new part may need to reach each other
        /// (twice that round a crew room, four times round armor filling
        /// the floor, at most 40, so that corridors are left, not halls)
        max_detour: u32 = 5, int(2, LONGEST_DETOUR as i64);
        /// walking distance within which every weapon has ammo and every
        /// thruster power, storage or the reactor (none: 12 to ammo, 16 to
        /// power, at every size); a walk is the fewest steps from where crew
        /// stand at the part to any tile of a supply
        supply_walk: Option<u32> = None, int(1, 1000), #[serde(skip_serializing_if = "Option::is_none")];
        /// whole-ship attempts before giving up (fewer for a costly
        /// pipeline: attempts times its work is bounded)
        max_attempts: u32 = 30, int(1, 1000);
        /// the stages in order ([[pipeline]] tables with stage = "name" and
        /// any of its parameters; 1 to 64 stages, their work times
        /// max_attempts bounded)
        pipeline: Vec<Stage> = default_pipeline(), Allowed::Data("a list of stage tables"),
            #[serde(deserialize_with = "read_pipeline")];
    }
    presets: [],
    size: ["width", "height"],
    validate: Params::check_pipeline,
    tables: stage_fields,
}

impl Params {
    /// The rules across parameters: the pipeline's length, each stage's
    /// own parameters, the work the pipeline and the attempts ask for, and
    /// one cockpit and one reactor stage.
    fn check_pipeline(&self) -> Result<(), ParamError> {
        if !(1..=MAX_STAGES).contains(&self.pipeline.len()) {
            return Err(ParamError::invalid(
                "pipeline",
                format!("{} stages", self.pipeline.len()),
                format!("1 to {MAX_STAGES} stages"),
            ));
        }
        for (i, stage) in self.pipeline.iter().enumerate() {
            stage.validate(&format!("pipeline[{i}] ({})", stage.name()))?;
        }
        check_variants(&self.pipeline)?;
        let area = u64::from(self.width) * u64::from(self.height);
        let work = self.pipeline.iter().map(|s| s.work(area)).fold(0, u64::saturating_add);
        // The bound grows with the grid as the work of a unit does not:
        // counts per 1000 hull tiles grow with it.
        let max_work = MAX_WORK.saturating_mul(area.div_ceil(REFERENCE_AREA));
        if work > max_work {
            return Err(ParamError::invalid(
                "pipeline",
                format!("{work} units of work a ship"),
                format!("at most {max_work} at this size (fewer stages, smaller counts or rates, or smaller parts)"),
            ));
        }
        if u64::from(self.max_attempts).saturating_mul(work) > max_work {
            return Err(ParamError::invalid(
                "max_attempts",
                self.max_attempts,
                format!(
                    "at most {} with this pipeline ({work} units of work a ship, {max_work} over all attempts at this size)",
                    max_work / work
                ),
            ));
        }
        // Every ship has one cockpit and one reactor, and only their stages
        // place them: without one, or with two, no seed makes a ship.
        for one in ["cockpit", "reactor"] {
            let n = self.pipeline.iter().filter(|s| s.name() == one).count();
            if n != 1 {
                return Err(ParamError::invalid(
                    &format!("pipeline ({one})"),
                    format!("{n} {one} stages"),
                    format!("exactly one: every ship has one {one}, placed by its stage"),
                ));
            }
        }
        Ok(())
    }
}

/// Most stages in a pipeline.
pub(crate) const MAX_STAGES: usize = 64;

/// Most work ([`Stage::work`]) over all attempts together, per
/// [`REFERENCE_AREA`] of grid (a 40 × 40 grid or less: some 4.5 s in a
/// release build for the costliest pipelines we could build; the default
/// pipeline may make 36 attempts). A unit's time grows
/// with the grid's area, and so do the counts of stages with per-hull rates
/// and this bound: a pipeline with rates may take time growing with the
/// square of the area, one without in proportion to it.
pub(crate) const MAX_WORK: u64 = 150_000;

/// The grid area [`MAX_WORK`] is given for.
pub(crate) const REFERENCE_AREA: u64 = 1600;

/// Each variant's symbol and name are its own: visible, not the legend's
/// for a tile or room, and a name always goes with the same symbol and role
/// (a variant may appear in several stages).
fn check_variants(pipeline: &[Stage]) -> Result<(), ParamError> {
    let mut seen: Vec<(String, &Variant)> = Vec::new();
    for (i, stage) in pipeline.iter().enumerate() {
        let Some((_, variants)) = stage.variants() else {
            continue;
        };
        for (k, v) in variants.iter().enumerate() {
            let at = format!("pipeline[{i}] ({}).variants[{k}]", stage.name());
            let field = |name: &str| format!("{at}.{name}");
            if v.symbol.is_whitespace() || v.symbol.is_control() || fixed_symbols().any(|(c, _)| c == v.symbol) {
                let taken: Vec<String> = fixed_symbols().map(|(c, _)| format!("{c:?}")).collect();
                return Err(ParamError::invalid(
                    &field("symbol"),
                    format!("{:?}", v.symbol),
                    format!("a visible character other than {}", taken.join(", ")),
                ));
            }
            if fixed_symbols().any(|(_, meaning)| meaning == v.name) {
                let taken: Vec<&str> = fixed_symbols().map(|(_, meaning)| meaning).collect();
                return Err(ParamError::invalid(
                    &field("name"),
                    format!("\"{}\"", v.name),
                    format!("a name other than {}", taken.join(", ")),
                ));
            }
            if let Some((other, u)) = seen.iter().find(|(_, u)| u.symbol == v.symbol || u.name == v.name) {
                if u.name != v.name {
                    return Err(ParamError::invalid(
                        &field("symbol"),
                        format!("{:?}", v.symbol),
                        format!("a symbol of its own ({other}, \"{}\", has it)", u.name),
                    ));
                }
                if u.symbol != v.symbol {
                    return Err(ParamError::invalid(
                        &field("symbol"),
                        format!("{:?}", v.symbol),
                        format!("{:?}, the symbol of \"{}\" at {other}", u.symbol, u.name),
                    ));
                }
                if u.role != v.role {
                    return Err(ParamError::invalid(
                        &field("role"),
                        v.role.name(),
                        format!("{}, the role of \"{}\" at {other}", u.role.name(), u.name),
                    ));
                }
            }
            seen.push((at, v));
        }
    }
    Ok(())
}
