//! The stages a ship is built in, each a plain function over the ship, in
//! the order the default pipeline runs them: `shape` (the silhouette, the
//! gaps filled), `rooms` (cockpit, reactor), `armor` (round them, beside
//! machines, wherever it blocks no walk), `machines`, `supplies`, `crew`,
//! `doors`; `place` holds what the placing stages share. This module: each
//! stage's work estimate and the runner. The [`Stage`] kinds, their
//! parameters and the default pipeline are the parameters' (`params/`).
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

use super::params::LONGEST_DETOUR;
use super::params::Stage;
use super::part::Role;
use super::ship::Ship;
use crate::seed::Rng;

mod armor;
mod crew;
mod doors;
mod machines;
mod place;
mod rooms;
mod shape;
mod supplies;

pub(super) use machines::Profile;
use shape::SHAPE_DRAWS;

/// Places a machine stage may fail to find before it gives up.
pub(super) const MACHINE_MISSES: u32 = 24;
/// Supply rooms a stage may add, beyond twice the number it plans, while a
/// consumer is still out of reach.
pub(super) const EXTRA_SUPPLIES: u32 = 8;

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

impl Stage {
    /// The most work the stage may do on a ship of a grid of `area` tiles,
    /// in units of about an eighth of the search for a place for a one-tile
    /// part (some 0.03 ms at 40 × 40 in a release build; it grows with the
    /// grid's area): a pass over the grid counts 8, a shape 8 more per 4
    /// modules (per silhouette drawn), filling with armor 160 (five path checks
    /// a tile at most, 32 each pass), and each search
    /// for a place for a `w × h` part `8 + w × h`, as many times as the stage
    /// may search (for a machine stage, once per point of its largest budget
    /// and once per miss it tolerates). The crew stage lists the places once
    /// per size and orientation (a pass each), path-checks each place at most
    /// once (`4 × w × h` a list; most fail at once, on the geometry alone),
    /// and counts `2 × w × h` per room (the rooms it touches) and 8 more (a pass
    /// for its door). Counts that
    /// grow per 1000 tiles of hull count at a hull as large as the grid.
    pub(crate) fn work(&self, area: u64) -> u64 {
        let search = |w: u32, h: u32| 8 + u64::from(w) * u64::from(h);
        match self {
            Stage::Cockpit(p) | Stage::Reactor(p) => search(p.w, p.h),
            Stage::Thrusters(p) | Stage::Weapons(p) => {
                let largest = p.variants.iter().map(|v| search(v.w, v.h)).max().unwrap_or(0);
                let budget = scaled(p.max_score.max(p.min_score), p.score_per_1000_tiles, area);
                budget.saturating_add(u64::from(MACHINE_MISSES)).saturating_mul(largest)
            }
            Stage::AmmoSupplies(p) | Stage::PowerStorage(p) => scaled(p.max.max(p.min), p.per_1000_tiles, area)
                .saturating_mul(2)
                .saturating_add(u64::from(EXTRA_SUPPLIES))
                .saturating_mul(search(p.w, p.h)),
            Stage::Crew(p) => {
                let ([qw, qh], [bw, bh]) = (p.quarters_size, p.bunks_size);
                let rooms = |n: u64, w: u32, h: u32| n.saturating_mul(8 + 2 * u64::from(w) * u64::from(h));
                // Each place of a size is listed once and path-checked at most once.
                let places = |w: u32, h: u32| {
                    let orientations = if w == h { 1 } else { 2 };
                    orientations * (8 + 4 * u64::from(w) * u64::from(h))
                };
                let ([qn, bn], [qr, br]) = (
                    [u64::from(p.quarters), u64::from(p.bunks)],
                    [scaled(0, p.quarters_per_1000_tiles, area), scaled(0, p.bunks_per_1000_tiles, area)],
                );
                (32 + places(qw, qh) + places(bw, bh))
                    .saturating_add(rooms(qn.saturating_add(qr), qw, qh))
                    .saturating_add(rooms(bn.saturating_add(br), bw, bh))
            }
            Stage::FillArmor(_) => 160,
            Stage::Shape(p) => SHAPE_DRAWS * (8 + u64::from(p.max_modules.max(p.min_modules) / 4)),
            Stage::FillGaps(_) | Stage::CockpitArmor(_) | Stage::ReactorArmor(_) | Stage::ExteriorArmor(_) | Stage::ExtraDoors(_) => 8,
        }
    }
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

/// Runs one stage.
pub(crate) fn run(stage: &Stage, ship: &mut Ship, cx: &mut Context<'_>) {
    match stage {
        Stage::Shape(p) => shape::shape(ship, p, cx.rng),
        Stage::FillGaps(p) => shape::fill_gaps(ship, p),
        Stage::Cockpit(p) => rooms::core_room(ship, cx, Role::Cockpit, p, true),
        Stage::Reactor(p) => rooms::core_room(ship, cx, Role::Reactor, p, false),
        Stage::CockpitArmor(p) => armor::armor_around(ship, cx, Role::Cockpit, p.layers),
        Stage::ReactorArmor(p) => armor::armor_around(ship, cx, Role::Reactor, p.layers),
        Stage::Thrusters(p) => machines::machines(ship, cx, "thrusters", p, false),
        Stage::Weapons(p) => machines::machines(ship, cx, "weapons", p, true),
        Stage::ExteriorArmor(_) => armor::exterior_armor(ship),
        Stage::AmmoSupplies(p) => supplies::supplies(ship, cx, p, Role::Weapon, &[]),
        Stage::PowerStorage(p) => supplies::supplies(ship, cx, p, Role::Thruster, &[Role::AmmoSupply]),
        Stage::Crew(p) => crew::crew(ship, cx, p),
        Stage::FillArmor(_) => armor::fill_armor(ship, cx.max_detour, cx.walks),
        Stage::ExtraDoors(p) => doors::extra_doors(ship, p.door_threshold),
    }
}

/// Small ships built as [`crate::starship::generate`] builds them, stage by
/// stage, for the stages' own tests.
#[cfg(test)]
pub(super) mod testing {
    use super::{Context, Stage, Walks, run};
    use crate::seed::Seed;
    use crate::starship::params::default_pipeline;
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
        run(stage, ship, &mut cx);
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
