//! The hull's outline: the shape stage's mirrored silhouette (a spine from
//! a tapering nose to the tail, modules behind the nose, redrawn until it
//! fills between [`FILL_LOW`] and [`FILL_HIGH`] of its bounding box; on a
//! wide grid, stretched across to [`WIDE_SPAN`] of its width)
//! and the fill-gaps stage, which closes gaps and keeps the largest piece.

use super::fields::{Fields, MAX_WEIGHT, stage_table};
use super::{Context, StageKind};
use crate::params::ParamError;
use crate::seed::Rng;
use crate::starship::part::Facing;
use crate::starship::ship::{Ship, Tile};

/// Most brush modules in a shape stage.
pub(crate) const MAX_MODULES: u32 = 50;
/// Largest scan range and most passes of a fill-gaps stage.
pub(crate) const MAX_GAP_SCAN: u32 = 16;

stage_table! {
    /// Parameters of the shape stage.
    pub struct ShapeParams {
        /// Fewest brush modules (1 to 50).
        min_modules: u32 = 3, int(1, MAX_MODULES);
        /// Most brush modules (`min_modules` to 50).
        max_modules: u32 = 6, int(1, MAX_MODULES);
        /// Weight of circle modules (0 to 1e6).
        circle_weight: f64 = 1.0, float(0.0, MAX_WEIGHT);
        /// Weight of rectangle modules (0 to 1e6; not 0 with `circle_weight`).
        rectangle_weight: f64 = 1.0, float(0.0, MAX_WEIGHT);
        /// Smallest module, as a share of the grid's width across and its height along (0 to 1).
        min_size: f64 = 0.15, float(0.0, 1.0);
        /// Largest module, as a share of the grid's width across and its height along (`min_size` to 1).
        max_size: f64 = 0.3, float(0.0, 1.0);
        /// Mirror left to right.
        mirror: bool = true, any;
        /// Length of the tapering nose, as a share of the ship's length (0 to
        /// 0.8; 0: a blunt bow). Modules stay behind it.
        nose: f64 = 0.3, float(0.0, 0.8);
        /// Width of the hull's central spine, as a share of the grid's width
        /// (0 to 1), which runs from the nose's tip to the tail.
        spine: f64 = 0.3, float(0.0, 1.0);
    }
}

stage_table! {
    /// Parameters of the fill-gaps stage.
    pub struct FillGapsParams {
        /// How far to look for ship tiles in each direction (0 to 16).
        scan_range: u32 = 1, int(0, MAX_GAP_SCAN);
        /// Passes (0 to 16).
        iterations: u32 = 1, int(0, MAX_GAP_SCAN);
    }
}

/// The shape stage: the silhouette.
pub(super) struct Shape;

impl StageKind for Shape {
    type Params = ShapeParams;

    fn default() -> ShapeParams {
        ShapeParams::default()
    }

    fn check(p: &ShapeParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)?;
        f.ordered("min_modules", p.min_modules, "max_modules", p.max_modules)?;
        f.weights("rectangle_weight", &[p.circle_weight, p.rectangle_weight])?;
        f.ordered("min_size", p.min_size, "max_size", p.max_size)
    }

    /// A pass, and 8 more per 4 modules, per silhouette drawn.
    fn work(p: &ShapeParams, _area: u64) -> u64 {
        SHAPE_DRAWS * (8 + u64::from(p.max_modules.max(p.min_modules) / 4))
    }

    fn run(p: &ShapeParams, ship: &mut Ship, cx: &mut Context<'_>) {
        shape(ship, p, cx.rng);
    }
}

/// The fill-gaps stage.
pub(super) struct FillGaps;

impl StageKind for FillGaps {
    type Params = FillGapsParams;

    fn default() -> FillGapsParams {
        FillGapsParams::default()
    }

    fn check(p: &FillGapsParams, f: &Fields<'_>) -> Result<(), ParamError> {
        p.check_fields(f)
    }

    fn work(_p: &FillGapsParams, _area: u64) -> u64 {
        8
    }

    fn run(p: &FillGapsParams, ship: &mut Ship, _cx: &mut Context<'_>) {
        fill_gaps(ship, p);
    }
}

/// Silhouettes a shape stage draws at most, keeping the first that fills
/// between [`FILL_LOW`] and [`FILL_HIGH`] of its bounding box (else the
/// nearest).
pub(super) const SHAPE_DRAWS: u64 = 6;
/// Least share of its bounding box a silhouette should fill.
pub const FILL_LOW: f64 = 0.45;
/// Most share of its bounding box a silhouette should fill.
pub const FILL_HIGH: f64 = 0.72;
/// The least share of a wide grid's width a silhouette spans across: a
/// grid wider than tall asks for a broad ship, where the spine and modules
/// alone give about half the width.
pub const WIDE_SPAN: f64 = 0.7;
/// A grid this many times as wide as tall, or more, is wide:
/// its silhouette spans [`WIDE_SPAN`] of it (less on a narrower grid).
pub const WIDE_GRID: f64 = 1.5;

/// Share of the bounding box of `inside`'s true tiles that they fill.
pub fn box_fill(inside: &[bool], width: u32) -> f64 {
    let (mut x0, mut y0, mut x1, mut y1, mut n) = (u32::MAX, u32::MAX, 0, 0, 0u32);
    for (t, _) in inside.iter().enumerate().filter(|&(_, &i)| i) {
        let (x, y) = (t as u32 % width, t as u32 / width);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        n += 1;
    }
    if n == 0 {
        return 0.0;
    }
    f64::from(n) / (f64::from(x1 - x0 + 1) * f64::from(y1 - y0 + 1))
}

/// Paints a silhouette as floor on the space tiles: a spine from the nose's
/// tip (top) to the tail (bottom), tapering over the nose, with brush
/// modules joined to it behind the nose, then mirrored left to right.
/// Drawn up to [`SHAPE_DRAWS`] times until one fills its bounding box
/// between [`FILL_LOW`] and [`FILL_HIGH`]: an outline, not a box.
pub(super) fn shape(ship: &mut Ship, p: &ShapeParams, rng: &mut Rng) {
    let mut best: Option<(f64, Vec<bool>)> = None;
    for _ in 0..SHAPE_DRAWS {
        let inside = silhouette(ship.width, ship.height, p, rng);
        let fill = box_fill(&inside, ship.width);
        let miss = (FILL_LOW - fill).max(fill - FILL_HIGH).max(0.0);
        if best.as_ref().is_none_or(|(m, _)| miss < *m) {
            best = Some((miss, inside));
        }
        if miss == 0.0 {
            break;
        }
    }
    let Some((_, mut inside)) = best else { return };
    // The span asked of a grid wider than tall grows with its width, from
    // none on a square grid to [`WIDE_SPAN`] from [`WIDE_GRID`] on.
    let wider = (f64::from(ship.width) / f64::from(ship.height) - 1.0) / (WIDE_GRID - 1.0);
    if wider > 0.0 {
        inside = widened(&inside, ship.width, WIDE_SPAN * wider.min(1.0));
    }
    for (tile, inside) in ship.tiles.iter_mut().zip(inside) {
        if inside && *tile == Tile::Space {
            *tile = Tile::Floor;
        }
    }
}

/// The silhouette `inside` (a grid `width` wide) stretched across about the
/// grid's middle, each column drawn from the nearest one before, until it
/// spans at least `span` of the width (at most all but its one-tile
/// margin): unchanged where it already does. Stretching keeps it in one piece,
/// mirrored, and as full of its bounding box.
fn widened(inside: &[bool], width: u32, span: f64) -> Vec<bool> {
    let (mut x0, mut x1) = (width, 0);
    for (t, _) in inside.iter().enumerate().filter(|&(_, &i)| i) {
        let x = t as u32 % width;
        (x0, x1) = (x0.min(x), x1.max(x));
    }
    let spans = f64::from(x1.saturating_sub(x0) + 1);
    let wanted = (span * f64::from(width)).ceil().min(f64::from(width - 2));
    if x0 > x1 || spans >= wanted {
        return inside.to_vec();
    }
    let stretch = wanted / spans;
    let cx = f64::from(width) / 2.0;
    let mut out = vec![false; inside.len()];
    for (t, cell) in out.iter_mut().enumerate() {
        let x = t as u32 % width;
        if x == 0 || x + 1 == width {
            continue;
        }
        let from = (cx + (f64::from(x) + 0.5 - cx) / stretch).floor();
        if (0.0..f64::from(width)).contains(&from) {
            *cell = inside[t - x as usize + from as usize];
        }
    }
    out
}

/// One silhouette draw: which tiles are inside (a one-tile margin of space
/// round the grid).
fn silhouette(width: u32, height: u32, p: &ShapeParams, rng: &mut Rng) -> Vec<bool> {
    let mut inside = vec![false; (width * height) as usize];
    let on_grid = |x: u32, y: u32| x > 0 && y > 0 && x + 1 < width && y + 1 < height;
    let cx = f64::from(width) / 2.0;
    let (top, bottom) = (1.0, f64::from(height) - 1.0);
    let length = bottom - top;
    let nose = (p.nose * length * rng.uniform(0.7, 1.0)).floor();
    let body = top + nose;
    let half = (p.spine * f64::from(width) / 2.0 * rng.uniform(0.6, 1.0)).max(1.0);
    // The spine: full width behind the nose, tapering to a point over it.
    for y in 1..height - 1 {
        let yc = f64::from(y) + 0.5;
        let reach = if yc < body { half * (yc - top) / nose.max(1.0) } else { half };
        for x in 1..width - 1 {
            if (f64::from(x) + 0.5 - cx).abs() <= reach.max(0.5) {
                inside[(y * width + x) as usize] = true;
            }
        }
    }
    let count = rng.range_inclusive(
        i64::from(p.min_modules.min(p.max_modules)),
        i64::from(p.max_modules.max(p.min_modules)),
    );
    for _ in 0..count {
        // A module's size is a share of the grid's side along each axis, so
        // that a wide grid gets a wide ship and a square one round modules.
        let share = rng.uniform(p.min_size, p.max_size.max(p.min_size));
        let (across, along) = ((f64::from(width) * share).max(2.0), (f64::from(height) * share).max(2.0));
        let circle = rng.weighted(&[p.circle_weight, p.rectangle_weight]) == Some(0);
        // Centred on a tile of the ship so far, behind the nose, so the
        // shape stays in one piece and the nose stays pointed.
        let hull: Vec<usize> = (0..inside.len())
            .filter(|&t| inside[t] && f64::from(t as u32 / width) + 0.5 >= body)
            .collect();
        if hull.is_empty() {
            break;
        }
        let t = hull[rng.index(hull.len())] as u32;
        let (mx, my) = (f64::from(t % width) + 0.5, f64::from(t / width) + 0.5);
        let (hw, hh) = if circle {
            (across / 2.0, along / 2.0)
        } else {
            (across / 2.0, rng.uniform(0.4, 1.0) * along / 2.0)
        };
        for y in 0..height {
            for x in 0..width {
                let (dx, dy) = (f64::from(x) + 0.5 - mx, f64::from(y) + 0.5 - my);
                let hit = if circle {
                    // An ellipse, as a circle of radius `hw` with `dy` scaled.
                    let dy = dy * (hw / hh);
                    dx * dx + dy * dy <= hw * hw
                } else {
                    dx.abs() <= hw && dy.abs() <= hh
                };
                if hit && on_grid(x, y) && f64::from(y) + 0.5 >= body {
                    inside[(y * width + x) as usize] = true;
                }
            }
        }
    }
    if p.mirror {
        for y in 0..height {
            for x in 0..width / 2 {
                let (a, b) = ((y * width + x) as usize, (y * width + width - 1 - x) as usize);
                let either = inside[a] || inside[b];
                inside[a] = either;
                inside[b] = either;
            }
        }
    }
    inside
}

pub(super) fn fill_gaps(ship: &mut Ship, p: &FillGapsParams) {
    for _ in 0..p.iterations {
        let mut fill = Vec::new();
        for t in 0..ship.tiles.len() {
            if ship.tiles[t] != Tile::Space {
                continue;
            }
            let sides = Facing::ALL
                .iter()
                .filter(|f| {
                    let mut at = t;
                    (0..p.scan_range).any(|_| match ship.offset(at, f.step()) {
                        Some(n) => {
                            at = n;
                            ship.tiles[n] != Tile::Space
                        }
                        None => false,
                    })
                })
                .count();
            let (x, y) = ship.xy(t);
            if sides >= 2 && x > 0 && y > 0 && x + 1 < ship.width && y + 1 < ship.height {
                fill.push(t);
            }
        }
        if fill.is_empty() {
            break;
        }
        for t in fill {
            ship.tiles[t] = Tile::Floor;
        }
    }
    keep_largest_piece(ship);
}

/// Drops floor not 4-connected to the largest piece of the ship.
fn keep_largest_piece(ship: &mut Ship) {
    let mut piece = vec![usize::MAX; ship.tiles.len()];
    let mut sizes = Vec::new();
    for start in 0..ship.tiles.len() {
        if ship.tiles[start] != Tile::Floor || piece[start] != usize::MAX {
            continue;
        }
        let id = sizes.len();
        let mut stack = vec![start];
        piece[start] = id;
        let mut size = 0;
        while let Some(t) = stack.pop() {
            size += 1;
            for n in ship.neighbors(t).collect::<Vec<_>>() {
                if ship.tiles[n] == Tile::Floor && piece[n] == usize::MAX {
                    piece[n] = id;
                    stack.push(n);
                }
            }
        }
        sizes.push(size);
    }
    let Some(best) = (0..sizes.len()).max_by_key(|&i| (sizes[i], std::cmp::Reverse(i))) else {
        return;
    };
    for (tile, &id) in ship.tiles.iter_mut().zip(&piece) {
        if *tile == Tile::Floor && id != best {
            *tile = Tile::Space;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::Seed;
    use crate::starship::stages::testing::{run_stage, stage};

    /// Which tiles are not space.
    fn inside(ship: &Ship) -> Vec<bool> {
        ship.tiles.iter().map(|&t| t != Tile::Space).collect()
    }

    #[test]
    fn the_silhouette_is_mirrored_fills_its_box_and_keeps_a_margin() {
        for i in 0..40 {
            let size = [24, 32, 40, 56][i % 4];
            let mut ship = Ship::new(size, size);
            run_stage(&mut ship, &stage("shape"), &format!("shape {i}"));
            let inside = inside(&ship);
            let fill = box_fill(&inside, size);
            assert!((FILL_LOW..=FILL_HIGH).contains(&fill), "seed {i}: fills {fill:.3}");
            for t in 0..inside.len() {
                let (x, y) = ship.xy(t);
                assert_eq!(inside[t], inside[ship.at(size - 1 - x, y)], "seed {i}: ({x}, {y}) is not mirrored");
                let border = x == 0 || y == 0 || x + 1 == size || y + 1 == size;
                assert!(!(border && inside[t]), "seed {i}: ({x}, {y}) is on the border");
                assert!(matches!(ship.tiles[t], Tile::Space | Tile::Floor));
            }
        }
    }

    #[test]
    fn without_mirror_a_silhouette_may_be_lopsided() {
        let p = ShapeParams {
            mirror: false,
            ..ShapeParams::default()
        };
        let lopsided = (0..20).any(|i| {
            let inside = silhouette(32, 32, &p, &mut Seed::new(&format!("lopsided {i}")).stream("shape", 0));
            (0..inside.len()).any(|t| inside[t] != inside[(t / 32) * 32 + 31 - t % 32])
        });
        assert!(lopsided);
    }

    #[test]
    fn box_fill_is_the_share_of_the_bounding_box() {
        // Three tiles of a 2 × 2 box, on a 4-wide grid.
        let inside = [false, true, true, false, false, true, false, false];
        assert_eq!(box_fill(&inside, 4), 0.75);
        assert_eq!(box_fill(&[false; 8], 4), 0.0);
    }

    #[test]
    fn fill_gaps_closes_gaps_and_keeps_the_largest_piece() {
        let mut ship = Ship::new(12, 8);
        // Two bars with a one-tile gap between them, and a lone tile.
        for x in (1..5).chain(6..10) {
            let t = ship.at(x, 2);
            ship.tiles[t] = Tile::Floor;
        }
        let lone = ship.at(9, 6);
        ship.tiles[lone] = Tile::Floor;
        fill_gaps(&mut ship, &FillGapsParams::default());
        let floor: Vec<(u32, u32)> = (0..ship.tiles.len())
            .filter(|&t| ship.tiles[t] == Tile::Floor)
            .map(|t| ship.xy(t))
            .collect();
        assert_eq!(floor, (1..10).map(|x| (x, 2)).collect::<Vec<_>>());
    }
}
