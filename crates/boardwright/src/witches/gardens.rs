//! Gardens: every cell without a cauldron, grown into organic shapes.
//!
//! Pick a random empty cell and grow breadth-first over its 4-neighbours, in
//! random order, adding each free neighbour with probability `2 / size` (a
//! garden of four grows on with 50 %); repeat until no cell is empty. Growth
//! stays inside one player's rectangle on one side, and around a reserved
//! cell (the notes cell under fair placement).

use super::{Cauldron, Cell, CellSet, Face, Garden, HEIGHT, Player, WIDTH, owner_table};
use crate::seed::Rng;

/// Grows the gardens around `cauldrons` and the `reserved` cell.
pub fn grow(owners: &[Player], cauldrons: &[Cauldron], reserved: Option<Cell>, rng: &mut Rng) -> Vec<Garden> {
    let owner = owner_table(owners);
    let mut taken = CellSet::of_cauldrons(cauldrons);
    if let Some(c) = reserved {
        taken.insert(c.side, c.x, c.y);
    }
    let mut gardens = Vec::new();
    loop {
        // The free cells in a fixed order (front then back, row by row):
        // the k-th set bit of the free words.
        let free = taken.complement();
        let count = free.len();
        if count == 0 {
            return gardens;
        }
        let (face, x, y) = free.nth(rng.index(count as usize));
        let player = owner[face.index()][(y * WIDTH + x) as usize];
        let mine = |nx: u32, ny: u32| owner[face.index()][(ny * WIDTH + nx) as usize] == player;
        let cells = grow_from((face, x, y), mine, &mut taken, rng, |size, rng| rng.chance(2.0 / size as f64));
        gardens.push(Garden { player, side: face, cells });
    }
}

/// One garden grown breadth first from the free cell `start`: each cell's
/// free 4-neighbours on the sheet for which `inside` holds, in random
/// order, join when `join(the garden's size so far, rng)` says so. The
/// cells are marked `taken` as they join; they come back in that order.
pub(super) fn grow_from(
    (face, x, y): (Face, u32, u32),
    inside: impl Fn(u32, u32) -> bool,
    taken: &mut CellSet,
    rng: &mut Rng,
    mut join: impl FnMut(usize, &mut Rng) -> bool,
) -> Vec<[u32; 2]> {
    let mut cells = vec![[x, y]];
    taken.insert(face, x, y);
    // Breadth first: the cells in the order they joined are the queue.
    let mut head = 0;
    while let Some(&[cx, cy]) = cells.get(head) {
        head += 1;
        let mut next = [[0; 2]; 4];
        let mut len = 0;
        for (dx, dy) in [(0, -1), (1, 0), (0, 1), (-1, 0)] {
            let (Some(nx), Some(ny)) = (cx.checked_add_signed(dx), cy.checked_add_signed(dy)) else {
                continue;
            };
            if nx < WIDTH && ny < HEIGHT && !taken.contains(face, nx, ny) && inside(nx, ny) {
                next[len] = [nx, ny];
                len += 1;
            }
        }
        rng.shuffle(&mut next[..len]);
        for &[nx, ny] in &next[..len] {
            if !taken.contains(face, nx, ny) && join(cells.len(), rng) {
                taken.insert(face, nx, ny);
                cells.push([nx, ny]);
            }
        }
    }
    cells
}
