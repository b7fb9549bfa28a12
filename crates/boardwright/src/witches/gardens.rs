//! Gardens: every cell without a cauldron, grown into organic shapes.
//!
//! Pick a random empty cell and grow breadth-first over its 4-neighbours, in
//! random order, adding each free neighbour with probability `2 / size` (a
//! garden of four grows on with 50 %); repeat until no cell is empty. Growth
//! stays inside one player's rectangle on one side.

use std::collections::VecDeque;

use super::{Cauldron, Face, Garden, HEIGHT, Player, WIDTH, owner};
use crate::seed::Rng;

/// Grows the gardens around `cauldrons`.
pub fn grow(owners: &[Player], cauldrons: &[Cauldron], rng: &mut Rng) -> Vec<Garden> {
    // `empty` lists free cells (side, x, y) in a fixed order; `taken` marks them.
    let mut taken = [[[false; WIDTH as usize]; HEIGHT as usize]; 2];
    for c in cauldrons {
        for y in c.y..c.y + c.h {
            for x in c.x..c.x + c.w {
                taken[c.side.index()][y as usize][x as usize] = true;
            }
        }
    }
    let mut gardens = Vec::new();
    loop {
        let empty: Vec<(Face, u32, u32)> = Face::BOTH
            .iter()
            .flat_map(|&f| (0..HEIGHT).flat_map(move |y| (0..WIDTH).map(move |x| (f, x, y))))
            .filter(|&(f, x, y)| !taken[f.index()][y as usize][x as usize])
            .collect();
        if empty.is_empty() {
            return gardens;
        }
        let (face, x, y) = empty[rng.index(empty.len())];
        let player = owner(owners, face, x, y);
        let mut cells = vec![[x, y]];
        taken[face.index()][y as usize][x as usize] = true;
        let mut queue = VecDeque::from([[x, y]]);
        while let Some([cx, cy]) = queue.pop_front() {
            let mut next: Vec<[u32; 2]> = [(0, -1), (1, 0), (0, 1), (-1, 0)]
                .iter()
                .filter_map(|&(dx, dy)| {
                    let (nx, ny) = (cx.checked_add_signed(dx)?, cy.checked_add_signed(dy)?);
                    (nx < WIDTH && ny < HEIGHT).then_some([nx, ny])
                })
                .filter(|&[nx, ny]| !taken[face.index()][ny as usize][nx as usize] && owner(owners, face, nx, ny) == player)
                .collect();
            rng.shuffle(&mut next);
            for [nx, ny] in next {
                if !taken[face.index()][ny as usize][nx as usize] && rng.chance(2.0 / cells.len() as f64) {
                    taken[face.index()][ny as usize][nx as usize] = true;
                    cells.push([nx, ny]);
                    queue.push_back([nx, ny]);
                }
            }
        }
        gardens.push(Garden { player, side: face, cells });
    }
}
