//! Cauldrons: a size distribution fixed up front, then placed fairly.
//!
//! The distribution holds the recipe cauldron (2×2 for four ingredients, 3×2
//! for six), one more of at least 2×2, then random sizes (width and height in
//! 1..=3, area 2..=6) until the cells add up to exactly 32, sorted largest
//! first. A size is only drawn if what remains after it can still be reached
//! (never a single leftover cell).
//!
//! Placement goes round the players: each picks a random side and places the
//! largest remaining cauldron that fits in their rectangle there (either
//! orientation, a random position among those that fit), unless it would
//! leave them no free cell on both sides together. A round that places
//! nothing ends the attempt if no player can place anything on either side;
//! a finished placement needs a cauldron for every player.

use super::{Cauldron, Face, HEIGHT, Player, WIDTH, random_face};
use crate::seed::Rng;

/// Rounds without progress, while placements remain possible, before an
/// attempt is given up (random sides make such rounds rare).
const IDLE_ROUNDS: u32 = 64;

/// The cauldron sizes `(w, h)`, largest first, adding up to exactly 32 cells.
pub fn distribution(recipe_length: u32, rng: &mut Rng) -> Vec<(u32, u32)> {
    let recipe = if recipe_length >= 6 { (3, 2) } else { (2, 2) };
    let second = [(2, 2), (2, 3), (3, 2)][rng.index(3)];
    let mut sizes = vec![recipe, second];
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

/// Places every size in `sizes`, or says why this attempt cannot.
pub fn place(owners: &[Player], sizes: &[(u32, u32)], rng: &mut Rng) -> Result<Vec<Cauldron>, String> {
    let mut board = Occupancy::new();
    let mut free: Vec<u32> = owners.iter().map(|p| 2 * p.front[2] * p.front[3]).collect();
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
        let err = place(&players(5), &[(3, 3)], &mut rng).unwrap_err();
        assert!(err.contains("did not fit"), "{err}");
        // Every cell a cauldron: rule 2 leaves the last one unplaceable.
        let err = place(&players(1), &[(2, 2); 16], &mut rng).unwrap_err();
        assert!(err.contains("did not fit"), "{err}");
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
