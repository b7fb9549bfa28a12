//! Cauldrons: a size distribution fixed up front, then placed fairly.
//!
//! The distribution holds the recipe cauldron (2×2 for four ingredients, 3×2
//! for six), one more of at least 2×2, then random sizes (width and height in
//! 1..=3, area 2..=6) until the cells add up to exactly 32, sorted largest
//! first. A size is only drawn if what remains after it can still be reached
//! (never a single leftover cell).
//!
//! Fair placement ([`place_fair`], the default) lets the order of play
//! favour nobody: the sizes are first dealt to the players (see `deal`:
//! every player's cells exactly their share of the 32, and a recipe in every
//! hand, held by one cauldron or two together), players taking turns in a
//! random order; then each player's hand is packed into their own
//! rectangles, largest first, each on a random side at a random free
//! position (either orientation), backtracking over positions and sides
//! when a later one finds no room. A hand that cannot be packed sends the
//! deal on to its next candidate. Sizes that no deal shares out exactly
//! (a hand of 8 cells, say, takes a 3 only as 3 + 3 + 2) are drawn again,
//! up to [`DRAWS`] times; the last draw may be dealt up to 2 cells from the
//! shares. This keeps out of fair boards the distributions that cannot be
//! shared fairly, so their sizes differ a little from the original's: a
//! four-player board has on average 3.5 cauldrons of 2 cells and 1.6 of 6
//! (over 2,000 boards), against 2.4 and 2.1.
//!
//! The original's placement ([`round_robin`], the `classic` preset) goes
//! round the players from the first: each picks a random side and places the
//! largest remaining cauldron that fits in their rectangle there (either
//! orientation, a random position among those that fit), unless it would
//! leave them no free cell on both sides together. A round that places
//! nothing ends the attempt if no player can place anything on either side;
//! a finished placement needs a cauldron for every player.

use std::cmp::Reverse;

use super::deal::{self, NoDeal, Seat};
use super::{Cauldron, CellSet, Face, HEIGHT, Player, WIDTH, random_face};
use crate::seed::Rng;

/// Rounds without progress, while placements remain possible, before an
/// attempt is given up (random sides make such rounds rare).
const IDLE_ROUNDS: u32 = 64;

/// The cauldron sizes `(w, h)`, largest first, adding up to exactly 32 cells.
pub fn distribution(recipe_length: u32, rng: &mut Rng) -> Vec<(u32, u32)> {
    let recipe = if recipe_length >= 6 { (3, 2) } else { (2, 2) };
    let second = [(2, 2), (2, 3), (3, 2)][rng.index(3)];
    let mut sizes = Vec::with_capacity(16);
    sizes.extend([recipe, second]);
    let mut left = super::CAULDRON_CELLS - sizes.iter().map(|(w, h)| w * h).sum::<u32>();
    while left > 0 {
        let (w, h) = (rng.range_inclusive(1, 3) as u32, rng.range_inclusive(1, 3) as u32);
        let area = w * h;
        if (2..=6).contains(&area) && area <= left && left - area != 1 {
            sizes.push((w, h));
            left -= area;
        }
    }
    // Stable: equal areas keep their drawing order.
    sizes.sort_by_key(|&(w, h)| std::cmp::Reverse(w * h));
    sizes
}

/// Positions tried while packing one player's hand before it counts as
/// unpackable.
const PACK_STEPS: u32 = 400;

/// Distributions drawn in one attempt, looking for one that deals exactly.
pub const DRAWS: u32 = 16;

/// Draws a distribution that deals fairly (see the module's docs) and
/// places it, largest first, or says why this attempt cannot.
pub fn place_fair(owners: &[Player], recipe_length: u32, rng: &mut Rng) -> Result<Vec<Cauldron>, String> {
    let seats = seats(owners);
    let order = turns(owners.len(), rng);
    let mut why = NoDeal::Bounds;
    for draw in 1..=DRAWS {
        let sizes = distribution(recipe_length, rng);
        let max_gap = if draw == DRAWS { deal::MAX_GAP } else { 0 };
        match deal_and_pack(owners, &seats, &order, &sizes, recipe_length, max_gap, rng) {
            Ok(placed) => return Ok(placed),
            Err(e) => why = e,
        }
    }
    Err(format!("no fair deal in {DRAWS} distributions, the last: {why}"))
}

/// What each player may be dealt.
fn seats(owners: &[Player]) -> Vec<Seat> {
    owners
        .iter()
        .map(|p| Seat {
            share: p.cauldron_share(),
            room: p.cells() - 1,
        })
        .collect()
}

/// The players' order of turns in a deal: a random permutation.
fn turns(players: usize, rng: &mut Rng) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players).collect();
    rng.shuffle(&mut order);
    order
}

/// Deals `sizes` to the players, each within `max_gap` of their share,
/// taking turns in `order`, and packs every hand (largest first), or says why not.
fn deal_and_pack(
    owners: &[Player],
    seats: &[Seat],
    order: &[usize],
    sizes: &[(u32, u32)],
    recipe_length: u32,
    max_gap: u32,
    rng: &mut Rng,
) -> Result<Vec<Cauldron>, NoDeal> {
    let (mut placed, _gap) = deal::deal(seats, order, sizes, recipe_length, max_gap, |hands| {
        let mut placed = Vec::with_capacity(sizes.len());
        owners
            .iter()
            .zip(hands)
            .all(|(p, hand)| pack(p, hand, rng, &mut placed))
            .then_some(placed)
    })?;
    // Stable: equal areas stay in player order.
    placed.sort_by_key(|c| Reverse(c.w * c.h));
    Ok(placed)
}

/// Packs `hand` (largest first; fewer cells than `p` owns) into `p`'s
/// rectangles, appending the cauldrons to `placed`; `false`, with `placed`
/// as it was, if no packing turned up within [`PACK_STEPS`] positions.
pub fn pack(p: &Player, hand: &[(u32, u32)], rng: &mut Rng, placed: &mut Vec<Cauldron>) -> bool {
    let start = placed.len();
    let mut steps = PACK_STEPS;
    if fit(p, hand, &mut [0; 2], rng, &mut steps, placed) {
        return true;
    }
    placed.truncate(start);
    false
}

/// Places `hand[0]`, then the rest behind it, backtracking; `taken` holds
/// the player's cells in use per side, a bit per cell.
fn fit(p: &Player, hand: &[(u32, u32)], taken: &mut [u32; 2], rng: &mut Rng, steps: &mut u32, placed: &mut Vec<Cauldron>) -> bool {
    let Some((&(w, h), rest)) = hand.split_first() else {
        return true;
    };
    let first = random_face(rng);
    let second = if first == Face::Front { Face::Back } else { Face::Front };
    for face in [first, second] {
        let spots = Spots::of(p.rect(face), w, h, taken[face.index()]);
        if spots.len == 0 {
            continue;
        }
        let from = rng.index(spots.len);
        for k in 0..spots.len {
            if *steps == 0 {
                return false;
            }
            *steps -= 1;
            let s = spots.items[(from + k) % spots.len];
            taken[face.index()] |= s.mask;
            placed.push(Cauldron {
                player: p.id,
                side: face,
                x: s.x,
                y: s.y,
                w: s.w,
                h: s.h,
            });
            if fit(p, rest, taken, rng, steps, placed) {
                return true;
            }
            placed.pop();
            taken[face.index()] &= !s.mask;
        }
    }
    false
}

/// A free position for a cauldron: its cells (a bit per cell, `y × 8 + x`),
/// its corner and its size as placed.
#[derive(Clone, Copy, Default)]
struct Spot {
    mask: u32,
    x: u32,
    y: u32,
    w: u32,
    h: u32,
}

/// Every free position of one size in one rectangle, both orientations.
struct Spots {
    items: [Spot; (WIDTH * HEIGHT) as usize * 2],
    len: usize,
}

impl Spots {
    fn of([rx, ry, rw, rh]: [u32; 4], w: u32, h: u32, taken: u32) -> Spots {
        let mut spots = Spots {
            items: [Spot::default(); (WIDTH * HEIGHT) as usize * 2],
            len: 0,
        };
        let turns: &[(u32, u32)] = if w == h { &[(w, h)] } else { &[(w, h), (h, w)] };
        for &(cw, ch) in turns {
            if cw > rw || ch > rh {
                continue;
            }
            let block = CellSet::rect(0, 0, cw, ch);
            for y in ry..=ry + rh - ch {
                for x in rx..=rx + rw - cw {
                    let mask = block << (y * WIDTH + x);
                    if mask & taken == 0 {
                        spots.items[spots.len] = Spot { mask, x, y, w: cw, h: ch };
                        spots.len += 1;
                    }
                }
            }
        }
        spots
    }
}

/// Places every size in `sizes` the original's way, or says why this
/// attempt cannot.
pub fn round_robin(owners: &[Player], sizes: &[(u32, u32)], rng: &mut Rng) -> Result<Vec<Cauldron>, String> {
    let mut board = Occupancy::new();
    let mut free: Vec<u32> = owners.iter().map(Player::cells).collect();
    let mut remaining = sizes.to_vec();
    let mut placed = Vec::with_capacity(sizes.len());
    let mut idle = 0;
    while !remaining.is_empty() {
        let mut progress = false;
        for p in owners {
            if remaining.is_empty() {
                break;
            }
            let face = random_face(rng);
            let Some((k, spots)) = best_fit(&board, p, face, &remaining, free[p.id as usize]) else {
                continue;
            };
            let (x, y, w, h) = spots[rng.index(spots.len())];
            let c = Cauldron {
                player: p.id,
                side: face,
                x,
                y,
                w,
                h,
            };
            board.fill(&c);
            free[p.id as usize] -= w * h;
            remaining.remove(k);
            placed.push(c);
            progress = true;
        }
        if !progress {
            let possible = owners.iter().any(|p| {
                Face::BOTH
                    .iter()
                    .any(|&f| best_fit(&board, p, f, &remaining, free[p.id as usize]).is_some())
            });
            idle += 1;
            if !possible || idle > IDLE_ROUNDS {
                return Err(format!("{} cauldron(s) did not fit", remaining.len()));
            }
        }
    }
    if let Some(p) = owners.iter().find(|p| !placed.iter().any(|c| c.player == p.id)) {
        return Err(format!("player {} got no cauldron", p.id + 1));
    }
    Ok(placed)
}

/// The first (largest) remaining size that fits `p`'s rectangle on `face`
/// while leaving `p` a free cell, with every position and orientation where it fits.
#[allow(clippy::type_complexity)]
fn best_fit(board: &Occupancy, p: &Player, face: Face, remaining: &[(u32, u32)], free: u32) -> Option<(usize, Vec<(u32, u32, u32, u32)>)> {
    let [rx, ry, rw, rh] = p.rect(face);
    for (k, &(w, h)) in remaining.iter().enumerate() {
        if w * h >= free {
            continue;
        }
        let mut spots = Vec::new();
        let turns: &[(u32, u32)] = if w == h { &[(w, h)] } else { &[(w, h), (h, w)] };
        for &(cw, ch) in turns {
            if cw > rw || ch > rh {
                continue;
            }
            for y in ry..=ry + rh - ch {
                for x in rx..=rx + rw - cw {
                    if board.is_free(face, x, y, cw, ch) {
                        spots.push((x, y, cw, ch));
                    }
                }
            }
        }
        if !spots.is_empty() {
            return Some((k, spots));
        }
    }
    None
}

/// Which cells hold a cauldron, per side.
struct Occupancy {
    taken: [[[bool; WIDTH as usize]; HEIGHT as usize]; 2],
}

impl Occupancy {
    fn new() -> Occupancy {
        Occupancy {
            taken: [[[false; WIDTH as usize]; HEIGHT as usize]; 2],
        }
    }

    fn is_free(&self, face: Face, x: u32, y: u32, w: u32, h: u32) -> bool {
        (y..y + h).all(|cy| (x..x + w).all(|cx| !self.taken[face.index()][cy as usize][cx as usize]))
    }

    fn fill(&mut self, c: &Cauldron) {
        for cy in c.y..c.y + c.h {
            for cx in c.x..c.x + c.w {
                self.taken[c.side.index()][cy as usize][cx as usize] = true;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::witches::players;

    #[test]
    fn an_impossible_placement_fails_instead_of_looping() {
        let mut rng = Rng::new(1, 1);
        // No five-player rectangle holds a 3 × 3 cauldron.
        let err = round_robin(&players(5), &[(3, 3)], &mut rng).unwrap_err();
        assert!(err.contains("did not fit"), "{err}");
        // Every cell a cauldron: rule 2 leaves the last one unplaceable.
        let err = round_robin(&players(1), &[(2, 2); 16], &mut rng).unwrap_err();
        assert!(err.contains("did not fit"), "{err}");
    }

    #[test]
    fn packing_backtracks_to_fill_a_rectangle_exactly() {
        // Four 3×1 and two 1×2 fill a four-player rectangle (4×2, both sides)
        // only with the 3×1s of a side lined up; a random first try often
        // leaves two single cells.
        let p = &players(4)[2];
        let hand = [(3, 1), (3, 1), (3, 1), (3, 1), (1, 2), (1, 2)];
        for k in 0..50 {
            let mut placed = Vec::new();
            assert!(pack(p, &hand, &mut Rng::new(k, 1), &mut placed), "stream {k}");
            let mut cells = [0u32; 2];
            for c in &placed {
                let [rx, ry, rw, rh] = p.rect(c.side);
                assert!(c.x >= rx && c.y >= ry && c.x + c.w <= rx + rw && c.y + c.h <= ry + rh, "{c:?}");
                for y in c.y..c.y + c.h {
                    for x in c.x..c.x + c.w {
                        assert_eq!(cells[c.side.index()] & 1 << (y * WIDTH + x), 0, "overlap at {x},{y}");
                        cells[c.side.index()] |= 1 << (y * WIDTH + x);
                    }
                }
            }
            assert_eq!(cells.iter().map(|m| m.count_ones()).sum::<u32>(), 16);
        }
    }

    #[test]
    fn an_impossible_fair_placement_fails_with_its_reason() {
        let mut rng = Rng::new(2, 2);
        // A 3×2 rectangle holds one 3×2 and nothing else on that side.
        let mut placed = vec![];
        assert!(!pack(&players(5)[0], &[(3, 2), (3, 2), (1, 2)], &mut rng, &mut placed));
        assert!(placed.is_empty());
        // One cauldron holding a recipe of six among five players.
        let sizes = [
            (3, 2),
            (2, 2),
            (1, 3),
            (1, 3),
            (1, 3),
            (1, 3),
            (1, 2),
            (1, 2),
            (1, 2),
            (1, 2),
            (1, 2),
        ];
        let owners = players(5);
        let err = deal_and_pack(&owners, &seats(&owners), &[0, 1, 2, 3, 4], &sizes, 6, 2, &mut rng).unwrap_err();
        assert!(err.to_string().contains("hold a recipe"), "{err}");
        // Five 3×2 among four players: a hand of 12 cells, far from 8.
        let sizes = [(3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (1, 2)];
        let owners = players(4);
        let err = deal_and_pack(&owners, &seats(&owners), &[0, 1, 2, 3], &sizes, 4, 2, &mut rng).unwrap_err();
        assert!(err.to_string().contains("within 2 cell(s)"), "{err}");
    }

    #[test]
    fn fair_placement_deals_every_player_their_share() {
        let mut rng = Rng::new(3, 3);
        for n in 1..=5 {
            let owners = players(n);
            for recipe in [4, 6] {
                for _ in 0..200 {
                    let placed = place_fair(&owners, recipe, &mut rng).unwrap();
                    assert_eq!(placed.iter().map(|c| c.w * c.h).sum::<u32>(), 32);
                    assert!(placed.windows(2).all(|c| c[0].w * c[0].h >= c[1].w * c[1].h));
                    for p in &owners {
                        let cells: u32 = placed.iter().filter(|c| c.player == p.id).map(|c| c.w * c.h).sum();
                        assert!(cells.abs_diff(p.cauldron_share()) <= 2, "{n} players: {cells}");
                    }
                }
            }
        }
    }

    #[test]
    fn distributions_add_up_exactly_and_hold_the_recipe() {
        let mut rng = Rng::new(4, 4);
        for recipe in [4, 6] {
            for _ in 0..2000 {
                let sizes = distribution(recipe, &mut rng);
                assert_eq!(sizes.iter().map(|(w, h)| w * h).sum::<u32>(), 32);
                assert!(
                    sizes
                        .iter()
                        .all(|&(w, h)| (1..=3).contains(&w) && (1..=3).contains(&h) && (2..=6).contains(&(w * h)))
                );
                assert!(sizes.iter().any(|&(w, h)| w * h == recipe));
                assert!(sizes.iter().filter(|&&(w, h)| w >= 2 && h >= 2).count() >= 2);
                assert!(sizes.windows(2).all(|s| s[0].0 * s[0].1 >= s[1].0 * s[1].1));
            }
        }
    }
}
