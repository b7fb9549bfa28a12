//! Machines (thrusters, weapons): drawn within a score budget among the
//! sizes and facings that may still fit, each with a clear line from the
//! edge it faces to the grid's border.

use super::place::{candidates, first_keeping};
use serde::{Deserialize, Serialize};

use super::fields::{Fields, MAX_PART_SIDE, MAX_WEIGHT, table};
use super::{Context, StageKind, scaled, search_work};
use crate::params::ParamError;
use crate::starship::part::Footprint;
use crate::starship::part::{Facing, Role};
use crate::starship::ship::{Ship, Tile};

/// Places a machine stage may fail to find before it gives up.
pub(super) const MACHINE_MISSES: u32 = 24;
/// Largest score budget of a machine stage, and largest score of a variant.
pub(crate) const MAX_SCORE: u32 = 200;
/// Most variants in a machine stage.
pub(crate) const MAX_VARIANTS: usize = 16;
/// Longest variant name, in characters.
pub(crate) const MAX_NAME: usize = 64;
/// Largest per-1000-hull-tiles rate of a machine stage's score.
pub(crate) const MAX_SCORE_RATE: f64 = 200.0;

table! {
    /// A machine variant (a thruster or weapon size).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct Variant {
        /// Part kind written in the JSON (`thruster_large`, `laser`, …): 1 to
        /// 64 characters, not a name the legend gives a tile or room.
        pub name: String;
        /// What the machine is (`thruster` or `weapon`): this, not the name,
        /// decides which supply it needs. A variant table without it takes its
        /// stage's role.
        pub role: Role;
        /// Width when facing up (1 to 8).
        pub w: u32;
        /// Height when facing up (1 to 8).
        pub h: u32;
        /// Score towards the stage's budget (1 to 200).
        pub score: u32;
        /// Chance of being picked, relative to the others (0 to 1e6; not all 0).
        pub weight: f64;
        /// The character that marks it in the tile rows: not white space and not
        /// one the legend gives a tile or room; one name, one symbol.
        pub symbol: char;
    }
}

impl Variant {
    fn validate(&self, f: &Fields<'_>) -> Result<(), ParamError> {
        f.text("name", &self.name, MAX_NAME)?;
        f.word("role", self.role.name(), self.role.is_machine(), "thruster or weapon")?;
        f.int("w", self.w, 1, MAX_PART_SIDE)?;
        f.int("h", self.h, 1, MAX_PART_SIDE)?;
        f.int("score", self.score, 1, MAX_SCORE)?;
        f.float("weight", self.weight, 0.0, MAX_WEIGHT)
    }
}

table! {
    /// Parameters of a machine stage (thrusters, weapons).
    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
    #[serde(deny_unknown_fields)]
    pub struct MachineParams {
        /// Smallest score budget (0 to 200).
        pub min_score: u32;
        /// Largest score budget (`min_score` to 200).
        pub max_score: u32;
        /// The sizes (1 to 16 of them).
        pub variants: Vec<Variant>;
        /// Weights of facing up, down, left, right (each 0 to 1e6; not all 0).
        pub facing_weights: [f64; 4];
        /// Points added to the budget per 1000 tiles of hull (0 to 200), so
        /// that a bigger ship carries more.
        pub score_per_1000_tiles: f64, #[serde(default)];
    }
}

/// The thrusters stage (`Machines<false>`), facing mostly down, or the
/// weapons stage (`Machines<true>`), far out in their facing.
pub(super) struct Machines<const WEAPONS: bool>;

impl<const WEAPONS: bool> StageKind for Machines<WEAPONS> {
    type Params = MachineParams;

    /// Thrusters: scores 3 to 6 and 30 per 1000 hull tiles, facing mostly
    /// down; weapons: scores 2 to 4 and 12 per 1000 hull tiles, facing
    /// mostly up.
    fn default() -> MachineParams {
        let variant = |name: &str, role, (w, h), score, weight, symbol| Variant {
            name: name.to_string(),
            role,
            w,
            h,
            score,
            weight,
            symbol,
        };
        if WEAPONS {
            MachineParams {
                min_score: 2,
                max_score: 4,
                score_per_1000_tiles: 12.0,
                facing_weights: [5.0, 1.0, 1.0, 1.0],
                variants: vec![
                    variant("weapon_small", Role::Weapon, (1, 2), 1, 2.0, 'w'),
                    variant("weapon_large", Role::Weapon, (2, 3), 3, 1.0, 'W'),
                ],
            }
        } else {
            MachineParams {
                min_score: 3,
                max_score: 6,
                score_per_1000_tiles: 30.0,
                facing_weights: [1.0, 5.0, 1.0, 1.0],
                variants: vec![
                    variant("thruster_small", Role::Thruster, (1, 2), 1, 1.0, 't'),
                    variant("thruster_medium", Role::Thruster, (2, 2), 2, 2.0, 'u'),
                    variant("thruster_large", Role::Thruster, (2, 3), 4, 3.0, 'v'),
                ],
            }
        }
    }

    fn check(p: &MachineParams, f: &Fields<'_>) -> Result<(), ParamError> {
        f.int("min_score", p.min_score, 0, MAX_SCORE)?;
        f.int("max_score", p.max_score, 0, MAX_SCORE)?;
        f.ordered("min_score", p.min_score, "max_score", p.max_score)?;
        f.weights("facing_weights", &p.facing_weights)?;
        f.count("variants", p.variants.len(), 1, MAX_VARIANTS)?;
        for (k, v) in p.variants.iter().enumerate() {
            let at = if f.record.is_some() {
                f.name("variants")
            } else {
                f.name(&format!("variants[{k}]"))
            };
            v.validate(&f.nested(&at))?;
        }
        let weights: Vec<f64> = p.variants.iter().map(|v| v.weight).collect();
        f.weights("variants", &weights)?;
        f.float("score_per_1000_tiles", p.score_per_1000_tiles, 0.0, MAX_SCORE_RATE)
    }

    /// A search for the largest variant once per point of the largest
    /// budget and once per miss it tolerates.
    fn work(p: &MachineParams, area: u64) -> u64 {
        let largest = p.variants.iter().map(|v| search_work(v.w, v.h)).max().unwrap_or(0);
        let budget = scaled(p.max_score.max(p.min_score), p.score_per_1000_tiles, area);
        budget.saturating_add(u64::from(MACHINE_MISSES)).saturating_mul(largest)
    }

    fn run(p: &MachineParams, ship: &mut Ship, cx: &mut Context<'_>) {
        let stage = if WEAPONS { "weapons" } else { "thrusters" };
        machines(ship, cx, stage, p, WEAPONS);
    }

    fn variants(p: &MachineParams) -> Option<(Role, &[Variant])> {
        Some((if WEAPONS { Role::Weapon } else { Role::Thruster }, &p.variants))
    }
}

/// The front share of the ship's length, from the nose's tip, out of which
/// no thruster blows forwards: a thruster there would push the ship back
/// from the nose.
pub const NOSE_SHARE: f64 = 1.0 / 3.0;

/// For each column the first and last ship row, and for each row the first
/// and last ship column (`None` where empty): whether a footprint has a clear
/// line to the border is then a look-up per column or row.
pub struct Profile {
    cols: Vec<Option<(u32, u32)>>,
    rows: Vec<Option<(u32, u32)>>,
}

impl Profile {
    /// The profile of the ship as it stands.
    pub fn of(ship: &Ship) -> Profile {
        let mut cols = vec![None; ship.width as usize];
        let mut rows = vec![None; ship.height as usize];
        for t in 0..ship.tiles.len() {
            if ship.tiles[t] == Tile::Space {
                continue;
            }
            let (x, y) = ship.xy(t);
            let widen = |span: &mut Option<(u32, u32)>, v: u32| *span = Some(span.map_or((v, v), |(a, b)| (a.min(v), b.max(v))));
            widen(&mut cols[x as usize], y);
            widen(&mut rows[y as usize], x);
        }
        Profile { cols, rows }
    }

    /// The ship's first and last row (the nose's tip and the tail), if it has any tile.
    fn length(&self) -> Option<(u32, u32)> {
        let first = self.rows.iter().position(Option::is_some)?;
        let last = self.rows.iter().rposition(Option::is_some)?;
        Some((first as u32, last as u32))
    }

    /// Whether a thruster on footprint `r` may blow its exhaust towards
    /// `facing`: backwards and sideways anywhere, forwards only from a
    /// shoulder of the hull, its front edge at least [`NOSE_SHARE`] of the
    /// ship's length behind the nose's tip, never out of the nose.
    pub fn exhaust_allowed(&self, (_, y, _, _): Footprint, facing: Facing) -> bool {
        if facing != Facing::Up {
            return true;
        }
        self.length()
            .is_some_and(|(tip, tail)| f64::from(y - tip.min(y)) >= NOSE_SHARE * f64::from(tail - tip + 1))
    }

    /// Whether every tile from the footprint's `facing` edge to the grid's border is space.
    pub fn clear_line(&self, (x, y, w, h): Footprint, facing: Facing) -> bool {
        let span = |v: &Option<(u32, u32)>| v.unwrap_or((u32::MAX, 0));
        match facing {
            Facing::Up => (x..x + w).all(|c| span(&self.cols[c as usize]).0 >= y),
            Facing::Down => (x..x + w).all(|c| span(&self.cols[c as usize]).1 < y + h || self.cols[c as usize].is_none()),
            Facing::Left => (y..y + h).all(|r| span(&self.rows[r as usize]).0 >= x),
            Facing::Right => (y..y + h).all(|r| span(&self.rows[r as usize]).1 < x + w || self.rows[r as usize].is_none()),
        }
    }
}

/// Places the machines of a stage within its score budget; `outward`
/// (weapons) puts each farthest out in the way it faces, else at random
/// among the places that fit. A thruster blows its exhaust only where
/// [`Profile::exhaust_allowed`] says the ship can use it.
pub(super) fn machines(ship: &mut Ship, cx: &mut Context<'_>, stage: &str, p: &MachineParams, outward: bool) {
    let drawn = cx
        .rng
        .range_inclusive(i64::from(p.min_score.min(p.max_score)), i64::from(p.max_score.max(p.min_score))) as u32;
    let budget = u32::try_from(scaled(drawn, p.score_per_1000_tiles, ship.hull_tiles())).unwrap_or(u32::MAX);
    let mut placed = 0;
    let mut misses = 0;
    let (mx, my) = ship.center();
    // Footprints `(w, h, facing)` that found no place: machines placed
    // since only take room, so they are not drawn again, and the stage
    // draws among what may still fit until nothing does.
    let mut no_place: Vec<(u32, u32, Facing)> = Vec::new();
    let dims = |v: &Variant, facing: Facing| {
        if matches!(facing, Facing::Left | Facing::Right) {
            (v.h, v.w)
        } else {
            (v.w, v.h)
        }
    };
    while placed < budget && misses < MACHINE_MISSES {
        let facing_weights = |v: &Variant, no_place: &[(u32, u32, Facing)]| -> [f64; 4] {
            std::array::from_fn(|f| {
                let (w, h) = dims(v, Facing::ALL[f]);
                if no_place.contains(&(w, h, Facing::ALL[f])) {
                    0.0
                } else {
                    p.facing_weights[f]
                }
            })
        };
        let weights: Vec<f64> = p
            .variants
            .iter()
            .map(|v| {
                let open = facing_weights(v, &no_place).iter().any(|&w| w > 0.0);
                if v.score <= budget - placed && open { v.weight } else { 0.0 }
            })
            .collect();
        let Some(k) = cx.rng.weighted(&weights) else { break };
        let v = &p.variants[k];
        let Some(f) = cx.rng.weighted(&facing_weights(v, &no_place)) else {
            break;
        };
        let facing = Facing::ALL[f];
        let (w, h) = dims(v, facing);
        let profile = Profile::of(ship);
        let mut spots: Vec<Footprint> = candidates(ship, w, h)
            .into_iter()
            .filter(|&r| profile.clear_line(r, facing) && (v.role != Role::Thruster || profile.exhaust_allowed(r, facing)))
            .collect();
        if outward {
            // Farthest from the centre in the facing direction first.
            let (dx, dy) = facing.step();
            let reach = |r: &Footprint| {
                (f64::from(r.0) + f64::from(r.2) / 2.0 - mx) * f64::from(dx) + (f64::from(r.1) + f64::from(r.3) / 2.0 - my) * f64::from(dy)
            };
            spots.sort_by(|a, b| reach(b).total_cmp(&reach(a)));
        } else {
            // Uniform among the places that pass: a random order, first passing.
            cx.rng.shuffle(&mut spots);
        }
        let Some(r) = first_keeping(ship, spots, cx.max_detour) else {
            no_place.push((w, h, facing));
            misses += 1;
            continue;
        };
        ship.place(&v.name, v.role, r, Some(facing));
        let ring = ship.ring(r);
        // An operator's tile kept already (a neighbour's) serves this one too.
        let shared: Vec<usize> = ring.iter().copied().filter(|&t| ship.reserved[t]).collect();
        let operator = if shared.is_empty() {
            ring[cx.rng.index(ring.len())]
        } else {
            shared[cx.rng.index(shared.len())]
        };
        ship.reserved[operator] = true;
        placed += v.score;
    }
    if placed < budget {
        cx.shortfalls.push(format!("{stage}: placed {placed} of {budget} points"));
    }
    cx.scores.push((stage.to_string(), budget, placed));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::starship::Stage;
    use crate::starship::stages::testing::{built, connected, run_stage, stage};

    #[test]
    fn machines_stay_within_budget_face_out_and_can_be_operated() {
        for i in 0..8 {
            let mut ship = built(32, &format!("machines {i}"), "thrusters");
            for (name, role) in [("thrusters", Role::Thruster), ("weapons", Role::Weapon)] {
                let (Stage::Thrusters(p) | Stage::Weapons(p)) = stage(name) else {
                    unreachable!()
                };
                let before = ship.parts.len();
                let (scores, _) = run_stage(&mut ship, &stage(name), &format!("{name} {i}"));
                let [(at, budget, placed)] = &scores[..] else {
                    panic!("{scores:?}")
                };
                assert_eq!(at, name);
                assert!(placed <= budget && *budget >= p.min_score, "seed {i}: {scores:?}");
                let score: u32 = ship.parts[before..]
                    .iter()
                    .map(|m| p.variants.iter().find(|v| v.name == m.kind).map_or(0, |v| v.score))
                    .sum();
                assert_eq!(score, *placed, "seed {i}");
                let profile = Profile::of(&ship);
                for m in &ship.parts[before..] {
                    assert_eq!(m.role, role);
                    let r = m.footprint();
                    let facing = m.facing.expect("a machine faces");
                    assert!(profile.clear_line(r, facing), "seed {i}: {} {} faces the hull", m.kind, m.id);
                    assert!(ship.ring(r).iter().any(|&t| ship.reserved[t]), "seed {i}: no operator");
                }
            }
            assert!(connected(&ship), "seed {i}");
        }
    }

    #[test]
    fn thrusters_blow_forwards_only_from_behind_the_nose() {
        // A hull of rows 1 to 12: its front third is rows 1 to 4.
        let mut ship = Ship::new(8, 14);
        for y in 1..13 {
            let t = ship.at(3, y);
            ship.tiles[t] = Tile::Floor;
        }
        let profile = Profile::of(&ship);
        assert!(!profile.exhaust_allowed((5, 2, 1, 2), Facing::Up));
        assert!(!profile.exhaust_allowed((5, 4, 1, 2), Facing::Up));
        assert!(profile.exhaust_allowed((5, 5, 1, 2), Facing::Up));
        for facing in [Facing::Down, Facing::Left, Facing::Right] {
            assert!(profile.exhaust_allowed((5, 1, 1, 2), facing));
        }
    }

    #[test]
    fn the_profile_sees_the_hull_in_every_direction() {
        let mut ship = Ship::new(8, 8);
        let t = ship.at(3, 3);
        ship.tiles[t] = Tile::Floor;
        let profile = Profile::of(&ship);
        // A part just right of the floor tile: clear but to the left.
        let r = (4, 3, 1, 1);
        assert!(profile.clear_line(r, Facing::Up) && profile.clear_line(r, Facing::Down) && profile.clear_line(r, Facing::Right));
        assert!(!profile.clear_line(r, Facing::Left));
        let below = (3, 4, 1, 1);
        assert!(!profile.clear_line(below, Facing::Up) && profile.clear_line(below, Facing::Down));
    }
}
