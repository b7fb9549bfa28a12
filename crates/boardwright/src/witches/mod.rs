//! Witches boards: the folded-paper board of the cooperative potion game
//! *Wondering Witches*, split fairly between players.
//!
//! Steps, run in this order by [`Witches`]'s [`Generator::generate`]:
//! 1. `cauldrons`: the cauldron sizes fixed up front (exactly 32 cells,
//!    the recipe cauldron included), then dealt to the players and placed
//!    in their own rectangles (`deal`);
//! 2. the notes cell, a free cell of its own, then `gardens`: every other
//!    cell grown into organic gardens;
//! 3. contents: starting ingredients (on garden cells and in cauldrons) and
//!    special cells.
//!
//! What a board guarantees every player, whatever their place in the order
//! of play (`fair_placement`, the default):
//! - cauldron cells within 2 of their share of the 32 (32 × own cells / 64,
//!   the area of their front rectangle); sizes that cannot be dealt exactly
//!   are drawn again, so in practice every player gets exactly their share;
//! - a recipe: their largest cauldron holds a whole recipe (at least
//!   `recipe_length` cells), or their two largest together do;
//! - garden cells, and the notes cell is a cell of its own (never in a
//!   garden, not counted as one).
//!
//! With `fair_placement = false` (the `classic` preset) the original's rules
//! run instead: placement round the players from the first, largest
//! cauldron first, and the notes cell one of the garden cells.
//!
//! An attempt whose cauldrons cannot all be dealt and placed is thrown away
//! and the board is built again on fresh streams, up to `max_attempts`.
//!
//! `edition = 2023` builds the second edition's one-sided board instead
//! (`second_edition`: no cauldrons, gardens of at most 4 cells).
//!
//! Files: `params` ([`Params`]), `board` (the result and its metrics),
//! the steps' modules, `second_edition`, `draw`; here, the sheet's
//! constants and generation.
//! The secret recipe, the potions and their feedback, the game's digital
//! half, are [`puzzle`]: never part of a board.

use crate::seed::{Rng, Seed};
use crate::{DrawOptions, Error, Generator, Header, Logged, Played, Printed, Watch};

mod board;
mod cauldrons;
mod deal;
mod draw;
mod gardens;
mod params;
pub mod puzzle;
mod second_edition;

pub use board::{Board, Cauldron, Cell, Face, Garden, Label, Metrics, Player, Share};
pub(crate) use draw::{draw, rules_card};
pub use params::Params;

use board::metrics;

/// Cells across one side of the paper.
pub(crate) const WIDTH: u32 = 8;
/// Cells down one side of the paper.
pub(crate) const HEIGHT: u32 = 4;
/// Cauldron cells on a board: half of the 64.
pub(crate) const CAULDRON_CELLS: u32 = 32;

/// The players' rectangles `[x, y, w, h]` on the front, by player count.
pub(crate) const LAYOUTS: [&[[u32; 4]]; 5] = [
    &[[0, 0, 8, 4]],
    &[[0, 0, 4, 4], [4, 0, 4, 4]],
    &[[0, 0, 5, 2], [0, 2, 5, 2], [5, 0, 3, 4]],
    &[[0, 0, 4, 2], [4, 0, 4, 2], [0, 2, 4, 2], [4, 2, 4, 2]],
    &[[0, 0, 3, 2], [3, 0, 3, 2], [0, 2, 3, 2], [3, 2, 3, 2], [6, 0, 2, 4]],
];

/// The ingredients.
pub(crate) const INGREDIENTS: [&str; 10] = [
    "Parsley",
    "Sage",
    "Chives",
    "Rosemary",
    "Oregano",
    "Mint",
    "Dill",
    "Basil",
    "Thyme",
    "Black Pepper",
];
/// Special cells that help.
pub(crate) const HELPFUL_SPECIALS: [&str; 4] = ["Efficiency", "Versatility", "Painter", "Guesser"];
/// Special cells that hinder.
pub(crate) const HINDERING_SPECIALS: [&str; 4] = ["Low Ceiling", "Fertile Ground", "Hard Ground", "Black Magic"];

/// The generation steps, as reported to a progress callback.
pub(crate) const STEPS: [&str; 3] = ["placing cauldrons", "growing gardens", "placing contents"];

/// The players' areas for `players` players (1–5).
pub(crate) fn players(players: u32) -> Vec<Player> {
    LAYOUTS[(players.clamp(1, 5) - 1) as usize]
        .iter()
        .enumerate()
        .map(|(id, &[x, y, w, h])| Player {
            id: id as u32,
            front: [x, y, w, h],
            back: [WIDTH - x - w, y, w, h],
        })
        .collect()
}

fn finish(params: &Params, seed: &Seed, attempt: u32, owners: Vec<Player>, placed: Vec<Cauldron>, watch: &mut dyn Watch<()>) -> Board {
    watch.step(attempt, 1);
    // Fair: the notes cell first, a cell of its own that no garden grows into.
    let reserved = params
        .fair_placement
        .then(|| notes_cell(&owners, &placed, &mut seed.stream("notes", attempt)));
    let gardens = gardens::grow(&owners, &placed, reserved, &mut seed.stream("gardens", attempt));

    watch.step(attempt, 2);
    let mut rng = seed.stream("contents", attempt);
    let garden_cells: Vec<Cell> = gardens
        .iter()
        .flat_map(|g| g.cells.iter().map(move |&[x, y]| Cell { side: g.side, x, y }))
        .collect();
    let cauldron_cells: Vec<Cell> = placed
        .iter()
        .flat_map(|c| c.cells().map(|(side, x, y)| Cell { side, x, y }))
        .collect();
    // Distinct garden cells: the original's notes cell first, then
    // ingredients, then specials.
    let mut free = garden_cells;
    rng.shuffle(&mut free);
    let mut free = free.into_iter();
    let notes_cell = match reserved {
        Some(cell) => cell,
        None => free.next().expect("a board always has garden cells"),
    };
    let mut names: Vec<&str> = INGREDIENTS[..params.ingredients as usize].to_vec();
    rng.shuffle(&mut names);
    let mut names = names.into_iter().cycle();
    let mut ingredients: Vec<Label> = free
        .by_ref()
        .take(params.garden_ingredients as usize)
        .zip(&mut names)
        .map(|(c, name)| label(name, c))
        .collect();
    let mut in_cauldrons = cauldron_cells;
    rng.shuffle(&mut in_cauldrons);
    ingredients.extend(
        in_cauldrons
            .into_iter()
            .take(params.cauldron_ingredients as usize)
            .zip(&mut names)
            .map(|(c, name)| label(name, c)),
    );
    let hindering = params.special_cells / 3;
    let special_cells: Vec<Label> = free
        .take(params.special_cells as usize)
        .enumerate()
        .map(|(i, c)| label(special_kind((i as u32) < hindering, &mut rng), c))
        .collect();
    let metrics = metrics(&owners, &placed, &gardens, params, attempt + 1);
    Board {
        header: Header::new("witches", seed, params.clone()),
        metrics,
        width: WIDTH,
        height: HEIGHT,
        recipe_length: params.recipe_length,
        players: owners,
        cauldrons: placed,
        gardens,
        ingredients,
        special_cells,
        notes_cell: Some(notes_cell),
    }
}

/// A special cell's kind: a hindering one when `hinders`, else a helpful one.
fn special_kind(hinders: bool, rng: &mut Rng) -> &'static str {
    let kinds: &[&str] = if hinders { &HINDERING_SPECIALS } else { &HELPFUL_SPECIALS };
    kinds[rng.index(kinds.len())]
}

/// Any special cell's kind, the eight alike (the helpful ones first).
fn any_special_kind(rng: &mut Rng) -> &'static str {
    let k = rng.index(HELPFUL_SPECIALS.len() + HINDERING_SPECIALS.len());
    HELPFUL_SPECIALS
        .get(k)
        .unwrap_or_else(|| &HINDERING_SPECIALS[k - HELPFUL_SPECIALS.len()])
}

/// A random free cell (no cauldron) of a player who has another one, so
/// that every player keeps a garden cell.
fn notes_cell(owners: &[Player], placed: &[Cauldron], rng: &mut Rng) -> Cell {
    let free = CellSet::of_cauldrons(placed).complement();
    // The free cells of players with two or more of them.
    let mut spare = CellSet::default();
    for p in owners {
        let mine = CellSet(Face::BOTH.map(|face| {
            let [x, y, w, h] = p.rect(face);
            CellSet::rect(x, y, w, h) & free.0[face.index()]
        }));
        if mine.len() >= 2 {
            spare.0[0] |= mine.0[0];
            spare.0[1] |= mine.0[1];
        }
    }
    // A deal leaves every player at least 4 free cells.
    let (side, x, y) = spare.nth(rng.index(spare.len() as usize));
    Cell { side, x, y }
}

fn label(name: &str, c: Cell) -> Label {
    Label {
        name: name.to_string(),
        side: c.side,
        x: c.x,
        y: c.y,
    }
}

/// Which player owns cell `(x, y)` (every cell has one owner).
pub(crate) fn owner(owners: &[Player], face: Face, x: u32, y: u32) -> u32 {
    owners
        .iter()
        .find(|p| {
            let [rx, ry, rw, rh] = p.rect(face);
            (rx..rx + rw).contains(&x) && (ry..ry + rh).contains(&y)
        })
        .map_or(0, |p| p.id)
}

/// Each cell's owner, by side and bit (`y × 8 + x`).
fn owner_table(owners: &[Player]) -> [[u32; (WIDTH * HEIGHT) as usize]; 2] {
    let mut table = [[0; (WIDTH * HEIGHT) as usize]; 2];
    for p in owners {
        for face in Face::BOTH {
            let [x, y, w, h] = p.rect(face);
            for cy in y..y + h {
                for cx in x..x + w {
                    table[face.index()][(cy * WIDTH + cx) as usize] = p.id;
                }
            }
        }
    }
    table
}

/// A set of cells of both sides: a bit per cell (`y × 8 + x`) in one word
/// per side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct CellSet([u32; 2]);

const _: () = assert!(WIDTH * HEIGHT == u32::BITS, "a side's cells fill one word");

impl CellSet {
    /// The bits of a `w` × `h` rectangle at `(x, y)`.
    fn rect(x: u32, y: u32, w: u32, h: u32) -> u32 {
        (0..h).map(|r| ((1u32 << w) - 1) << ((y + r) * WIDTH + x)).sum()
    }

    /// The cells of `cauldrons`.
    fn of_cauldrons(cauldrons: &[Cauldron]) -> CellSet {
        let mut set = CellSet::default();
        for c in cauldrons {
            set.0[c.side.index()] |= CellSet::rect(c.x, c.y, c.w, c.h);
        }
        set
    }

    fn insert(&mut self, face: Face, x: u32, y: u32) {
        self.0[face.index()] |= 1 << (y * WIDTH + x);
    }

    fn contains(&self, face: Face, x: u32, y: u32) -> bool {
        self.0[face.index()] & 1 << (y * WIDTH + x) != 0
    }

    /// Every cell not in the set.
    fn complement(&self) -> CellSet {
        CellSet([!self.0[0], !self.0[1]])
    }

    fn len(&self) -> u32 {
        self.0[0].count_ones() + self.0[1].count_ones()
    }

    /// The `k`-th cell (from 0; `k` below [`CellSet::len`]) in the order
    /// front then back, row by row.
    fn nth(&self, mut k: usize) -> (Face, u32, u32) {
        for face in Face::BOTH {
            let mut bits = self.0[face.index()];
            let ones = bits.count_ones() as usize;
            if k >= ones {
                k -= ones;
                continue;
            }
            for _ in 0..k {
                bits &= bits - 1;
            }
            let bit = bits.trailing_zeros();
            return (face, bit % WIDTH, bit / WIDTH);
        }
        unreachable!("CellSet::nth past the set's length")
    }
}

/// A random side.
fn random_face(rng: &mut Rng) -> Face {
    if rng.chance(0.5) { Face::Front } else { Face::Back }
}

/// The witches generator: [`Generator::generate`] makes a board,
/// [`Generator::draw`] draws its two sides. Parameters that
/// [`Params::resolve`](crate::params::Params::resolve) would refuse give
/// [`Error::Params`], before any work.
///
/// ```
/// use boardwright::{DrawOptions, Generator, Seed, witches::{self, Witches}};
///
/// let params = witches::Params { players: 3, ..Default::default() };
/// let board = Witches::generate(&params, &Seed::new("Tiamo")).unwrap();
/// // 32 cauldron cells, half of the sheet's 64, each of its owner.
/// let cells: Vec<_> = board.cauldrons.iter().flat_map(|c| c.cells()).collect();
/// assert_eq!(cells.len(), 32);
/// assert!(board.cauldrons.iter().all(|c| c.cells().all(|(face, x, y)| board.owner(face, x, y) == c.player)));
/// let page = Witches::draw(&board, DrawOptions::default());
/// assert_eq!(page.pages.len(), 2); // front, then back
/// ```
pub struct Witches;

impl Generator for Witches {
    const NAME: &'static str = "witches";
    const ABOUT: &'static str = "folded-paper boards for the potion game Wondering Witches, split fairly between players";
    const STEPS: &'static [&'static str] = &STEPS;
    const FAIRNESS: &'static [crate::fairness::Target] = crate::fairness::WITCHES;
    const LIMITS: crate::Limits = crate::Limits {
        work_unit: "cells",
        served_work: 64,
    };
    type Params = Params;
    type Board = Board;
    type Metrics = Metrics;
    type Snapshot = ();

    /// Generates a board, telling `watch` as each of its [`STEPS`](Generator::STEPS) begins.
    /// Parameters are checked first.
    fn generate_with(params: &Params, seed: &Seed, watch: &mut dyn Watch<()>) -> Result<Board, Error> {
        crate::params::Params::check(params)?;
        if params.is_2023() {
            return second_edition::generate(params, seed, watch);
        }
        let owners = players(params.players);
        let placed = crate::retry("witches", params.max_attempts, watch.stop().cloned(), |attempt| {
            watch.step(attempt, 0);
            let mut rng = seed.stream("cauldrons", attempt);
            let placed = if params.fair_placement {
                cauldrons::place_fair(&owners, params.recipe_length, &mut rng)
            } else {
                let sizes = cauldrons::distribution(params.recipe_length, &mut rng);
                cauldrons::round_robin(&owners, &sizes, &mut rng)
            };
            placed
                .map(|placed| (attempt, placed))
                .map_err(|why| format!("{why} (players = {}, recipe_length = {})", params.players, params.recipe_length))
        })?;
        let (attempt, placed) = placed;
        Ok(finish(params, seed, attempt, owners, placed, watch))
    }

    fn draw(board: &Board, options: DrawOptions) -> scene::Document {
        draw(board, options)
    }

    fn metrics(board: &Board) -> &Metrics {
        &board.metrics
    }

    fn work_size(_params: &Params) -> u64 {
        u64::from(WIDTH * HEIGHT * 2)
    }
}

impl Logged for Witches {
    type Log = ();
}

impl Printed for Witches {
    const RULES_CARD: bool = true;

    /// The front and back sheets in the order a double-sided print needs:
    /// each front sheet, then the back sheet behind it (the 2023 edition:
    /// the front's sheets alone); then the rules
    /// card's page(s) on one sheet of the paper each when
    /// `options.rules_card` asks for it.
    fn sheets(board: &Board, options: DrawOptions) -> scene::Document {
        let card = if options.rules_card {
            rules_card(board, &options)
        } else {
            Vec::new()
        };
        let (paper, tile) = (options.paper, options.tile);
        let mut doc = if board.faces().len() == 2 {
            crate::print::cut_double_sided(draw(board, options), paper, tile)
        } else {
            crate::print::cut(draw(board, options), paper, tile)
        };
        doc.pages.extend(card);
        doc
    }
}

impl Played for Witches {
    const PLAYED: Option<&'static str> = Some("potions the search strategy brews");

    /// The secret recipe's winning potions (`recipe.solutions`), the
    /// potions the simple strategy brews until one wins
    /// (`recipe.strategy_potions`) and, with `games` (as it costs some 100
    /// times a board), those the search strategy brews
    /// (`recipe.search_potions`); 200 where a strategy gives up.
    fn extra_figures(params: &Params, seed: &Seed, _board: &Board, games: u32) -> Vec<(String, f64)> {
        let Ok(recipe) = puzzle::Recipe::new(params, seed) else {
            return Vec::new();
        };
        let mut figures = vec![
            ("recipe.solutions".to_string(), recipe.solutions() as f64),
            (
                "recipe.strategy_potions".to_string(),
                f64::from(recipe.potions_needed().unwrap_or(puzzle::GIVE_UP)),
            ),
        ];
        if games > 0 {
            let searched = recipe.potions_searched().unwrap_or(puzzle::GIVE_UP);
            figures.push(("recipe.search_potions".to_string(), f64::from(searched)));
        }
        figures
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_cover_each_side_exactly_once() {
        for n in 1..=5 {
            let owners = players(n);
            assert_eq!(owners.len(), n as usize);
            for face in Face::BOTH {
                let mut covered = [[0; WIDTH as usize]; HEIGHT as usize];
                for p in &owners {
                    let [x, y, w, h] = p.rect(face);
                    for row in covered.iter_mut().skip(y as usize).take(h as usize) {
                        for cell in row.iter_mut().skip(x as usize).take(w as usize) {
                            *cell += 1;
                        }
                    }
                }
                assert!(covered.iter().flatten().all(|&c| c == 1), "{n} players, {face:?}");
            }
        }
    }
}
