//! Dealing: the cauldron sizes shared out between the players before any is
//! placed, so that the order of play favours nobody.
//!
//! A deal gives every player a hand of sizes such that
//! - the hand's cells lie within the tolerance of the player's share of the
//!   32 cauldron cells (32 × own cells / 64): within 0 if any deal allows,
//!   else within 1, and so on up to the most the caller allows (at most
//!   [`MAX_GAP`]);
//! - the hand holds a recipe: its largest cauldron has `recipe_length` cells,
//!   or its two largest together do;
//! - the hand leaves the player a free cell.
//!
//! The search runs depth first, player by player in a random order (drawn
//! by the caller): each chooses a hand from the sizes left, grouped by area,
//! largest first, taking the most of a group that fits first; the last
//! player takes the rest. A hand is cut as soon as it can no longer reach
//! its lower bound or hold a recipe from what is left, and a complete hand
//! when the cells left cannot bring the players after it between their
//! bounds. Every complete deal is
//! offered to `accept` (the placement), which may refuse it; the search then
//! goes on to the next. The work is bounded: [`NODES`] steps and [`OFFERS`]
//! refused deals in all, after which the deal fails with its reason.

/// Most cells a player's hand may lie from their share.
pub const MAX_GAP: u32 = 2;
/// Search steps, over every tolerance, before the deal gives up.
const NODES: u32 = 20_000;
/// Complete deals the placement may refuse before the deal gives up.
const OFFERS: u32 = 32;

/// The sizes `(w, h)` dealt to one player, largest first.
pub type Hand = Vec<(u32, u32)>;

/// Why no deal was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoDeal {
    /// The cells cannot be shared within the tolerance at all.
    Cells {
        /// Cells of the sizes.
        cells: u32,
        /// The tolerance.
        gap: u32,
    },
    /// Too few cauldrons to give every player a recipe.
    Recipes {
        /// Players who could have one.
        holders: usize,
        /// Players.
        players: usize,
    },
    /// The search found no deal within the tolerance.
    Gap(u32),
    /// The search ran out of steps or of refused deals.
    Bounds,
}

impl std::fmt::Display for NoDeal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoDeal::Cells { cells, gap } => {
                write!(
                    f,
                    "{cells} cauldron cells cannot give every player their share within {gap} cell(s)"
                )
            }
            NoDeal::Recipes { holders, players } => write!(
                f,
                "the cauldrons hold a recipe (one alone or two together) for only {holders} of {players} players"
            ),
            NoDeal::Gap(gap) => write!(f, "no deal gives every player a recipe and their share within {gap} cell(s)"),
            NoDeal::Bounds => write!(
                f,
                "no deal placed within the search's bounds ({NODES} steps, {OFFERS} deals refused)"
            ),
        }
    }
}

/// What a player may be dealt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seat {
    /// The player's fair share of the cauldron cells.
    pub share: u32,
    /// The most cauldron cells the player can hold (own cells less one free).
    pub room: u32,
}

/// Deals `sizes` (`(w, h)`, largest area first) to the players of `seats`,
/// each within `max_gap` cells of their share (at most [`MAX_GAP`]), taking
/// turns within each size in the order `order` (a permutation of the
/// seats), and returns what `accept` makes of the first deal it takes, with
/// the tolerance reached. `accept` gets one hand per seat, largest first.
pub fn deal<T>(
    seats: &[Seat],
    order: &[usize],
    sizes: &[(u32, u32)],
    recipe_length: u32,
    max_gap: u32,
    mut accept: impl FnMut(&[Hand]) -> Option<T>,
) -> Result<(T, u32), NoDeal> {
    debug_assert!(sizes.windows(2).all(|s| s[0].0 * s[0].1 >= s[1].0 * s[1].1));
    let max_gap = max_gap.min(MAX_GAP);
    impossible(seats, sizes, recipe_length, max_gap)?;
    let mut groups: Vec<Group> = Vec::new();
    for (i, &(w, h)) in sizes.iter().enumerate() {
        match groups.last_mut() {
            Some(g) if g.area == w * h => g.count += 1,
            _ => groups.push(Group {
                area: w * h,
                start: i,
                count: 1,
            }),
        }
    }
    let mut search = Search {
        seats,
        order,
        sizes,
        left: groups.iter().map(|g| g.count).collect(),
        lo: vec![0; seats.len()],
        hi: vec![0; seats.len()],
        sum: 0,
        top: [0; 2],
        taken: vec![0; seats.len() * groups.len()],
        hands: vec![Vec::new(); seats.len()],
        groups,
        recipe: recipe_length,
        nodes: NODES,
        offers: OFFERS,
        accept: &mut accept,
    };
    for gap in 0..=max_gap {
        for (p, seat) in seats.iter().enumerate() {
            search.lo[p] = seat.share.saturating_sub(gap);
            search.hi[p] = (seat.share + gap).min(seat.room);
        }
        if let Some(found) = search.step(0, 0) {
            return Ok((found, gap));
        }
        if search.nodes == 0 || search.offers == 0 {
            return Err(NoDeal::Bounds);
        }
    }
    Err(NoDeal::Gap(max_gap))
}

/// Why no deal can exist, found without searching: too few cells, or too
/// few cauldrons to give every player a recipe (one that holds it, or a pair
/// that does, counted by the greedy pairing that finds the most pairs).
fn impossible(seats: &[Seat], sizes: &[(u32, u32)], recipe_length: u32, max_gap: u32) -> Result<(), NoDeal> {
    let cells: u32 = sizes.iter().map(|(w, h)| w * h).sum();
    let least: u32 = seats.iter().map(|s| s.share.saturating_sub(max_gap)).sum();
    let most: u32 = seats.iter().map(|s| (s.share + max_gap).min(s.room)).sum();
    if cells < least || cells > most {
        return Err(NoDeal::Cells { cells, gap: max_gap });
    }
    let whole = sizes.iter().filter(|(w, h)| w * h >= recipe_length).count();
    // The smaller sizes, largest first: pair the largest left with the
    // smallest that completes it.
    let small = &sizes[whole..];
    let area = |k: usize| small[k].0 * small[k].1;
    let (mut i, mut j, mut pairs) = (0, small.len(), 0);
    while i + 1 < j {
        if area(i) + area(j - 1) >= recipe_length {
            pairs += 1;
            i += 1;
        }
        j -= 1;
    }
    if whole + pairs < seats.len() {
        return Err(NoDeal::Recipes {
            holders: whole + pairs,
            players: seats.len(),
        });
    }
    Ok(())
}

/// The sizes of one area: `count` of them from `start`.
struct Group {
    area: u32,
    start: usize,
    count: u32,
}

/// The depth-first search's state.
struct Search<'a, T> {
    seats: &'a [Seat],
    order: &'a [usize],
    sizes: &'a [(u32, u32)],
    groups: Vec<Group>,
    /// How many of each group no player has taken yet.
    left: Vec<u32>,
    /// Each player's bounds at the current tolerance.
    lo: Vec<u32>,
    hi: Vec<u32>,
    /// The hand being chosen: its cells and its two largest areas (0: none).
    sum: u32,
    top: [u32; 2],
    /// How many of each group each player took (group by group).
    taken: Vec<u32>,
    /// The hands of the deal offered.
    hands: Vec<Hand>,
    recipe: u32,
    nodes: u32,
    offers: u32,
    accept: &'a mut dyn FnMut(&[Hand]) -> Option<T>,
}

impl<T> Search<'_, T> {
    /// The `k`-th player in turn takes from group `g` on; the last takes
    /// whatever is left.
    fn step(&mut self, k: usize, g: usize) -> Option<T> {
        if self.nodes == 0 || self.offers == 0 {
            return None;
        }
        self.nodes -= 1;
        let p = self.order[k];
        if k + 1 == self.order.len() {
            let sum: u32 = self.groups.iter().zip(&self.left).map(|(x, &n)| x.area * n).sum();
            let mut areas = self
                .groups
                .iter()
                .zip(&self.left)
                .filter(|(_, n)| **n > 0)
                .flat_map(|(x, &n)| [x.area; 2].into_iter().take(n as usize));
            let top = [areas.next().unwrap_or(0), areas.next().unwrap_or(0)];
            if sum < self.lo[p] || sum > self.hi[p] || top[0] + top[1] < self.recipe {
                return None;
            }
            let players = self.seats.len();
            for (g, &n) in self.left.iter().enumerate() {
                self.taken[g * players + p] = n;
            }
            let found = self.offer();
            for g in 0..self.groups.len() {
                self.taken[g * players + p] = 0;
            }
            return found;
        }
        if g == self.groups.len() {
            // The hand is complete; the players after this one must still fit.
            let rest = &self.order[k + 1..];
            let cells: u32 = self.groups.iter().zip(&self.left).map(|(x, &n)| x.area * n).sum();
            let least: u32 = rest.iter().map(|&q| self.lo[q]).sum();
            let most: u32 = rest.iter().map(|&q| self.hi[q]).sum();
            if self.sum < self.lo[p] || self.top[0] + self.top[1] < self.recipe || cells < least || cells > most {
                return None;
            }
            let (sum, top) = (self.sum, self.top);
            (self.sum, self.top) = (0, [0, 0]);
            let found = self.step(k + 1, 0);
            (self.sum, self.top) = (sum, top);
            return found;
        }
        // Cut a hand that can no longer reach its lower bound or a recipe.
        let later: u32 = self.groups[g..].iter().zip(&self.left[g..]).map(|(x, &n)| x.area * n).sum();
        let largest = self.groups[g].area;
        let best = match self.top {
            [0, _] => [largest, largest],
            [a, 0] => [a, largest],
            full => full,
        };
        if self.sum + later < self.lo[p] || best[0] + best[1] < self.recipe {
            return None;
        }
        let area = self.groups[g].area;
        let most = self.left[g].min((self.hi[p] - self.sum) / area);
        for n in (0..=most).rev() {
            let (sum, top) = (self.sum, self.top);
            self.sum += n * area;
            if n >= 1 {
                self.top = match top {
                    [0, _] if n >= 2 => [area, area],
                    [0, _] => [area, 0],
                    [a, 0] => [a, area],
                    full => full,
                };
            }
            let at = g * self.seats.len() + p;
            self.taken[at] = n;
            self.left[g] -= n;
            let found = self.step(k, g + 1);
            self.left[g] += n;
            self.taken[at] = 0;
            (self.sum, self.top) = (sum, top);
            if found.is_some() || self.nodes == 0 || self.offers == 0 {
                return found;
            }
        }
        None
    }

    /// Builds the hands of a complete deal and offers them.
    fn offer(&mut self) -> Option<T> {
        self.offers -= 1;
        let players = self.seats.len();
        for hand in &mut self.hands {
            hand.clear();
        }
        for (g, group) in self.groups.iter().enumerate() {
            let mut next = group.start;
            for &p in self.order {
                let n = self.taken[g * players + p] as usize;
                self.hands[p].extend_from_slice(&self.sizes[next..next + n]);
                next += n;
            }
        }
        (self.accept)(&self.hands)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(shares: &[u32]) -> Vec<Seat> {
        shares.iter().map(|&s| Seat { share: s, room: 2 * s - 1 }).collect()
    }

    fn cells(hand: &[(u32, u32)]) -> u32 {
        hand.iter().map(|(w, h)| w * h).sum()
    }

    #[test]
    fn an_exact_deal_is_found_when_one_exists() {
        // 6+6+4+4+4+2+2+2+2 = 32 among four shares of 8: {6,2} {6,2} {4,4} {4,2,2}.
        let sizes = [(3, 2), (2, 3), (2, 2), (2, 2), (2, 2), (1, 2), (2, 1), (1, 2), (2, 1)];
        let s = seats(&[8, 8, 8, 8]);
        let (hands, gap) = deal(&s, &[2, 0, 3, 1], &sizes, 4, MAX_GAP, |h| Some(h.to_vec())).unwrap();
        assert_eq!(gap, 0);
        assert!(hands.iter().all(|h| cells(h) == 8), "{hands:?}");
        let mut all: Vec<_> = hands.concat();
        all.sort_by_key(|&(w, h)| std::cmp::Reverse(w * h));
        assert_eq!(all.len(), sizes.len());
    }

    /// 32 cells, one six among them: 6 + 4 + 4 + 3 + 3 + 6 × 2.
    const ONE_SIX: [(u32, u32); 11] = [
        (3, 2),
        (2, 2),
        (2, 2),
        (1, 3),
        (1, 3),
        (1, 2),
        (1, 2),
        (1, 2),
        (1, 2),
        (1, 2),
        (1, 2),
    ];

    #[test]
    fn the_turn_order_decides_who_gets_the_large_sizes() {
        let sizes = ONE_SIX;
        let s = seats(&[8, 8, 8, 8]);
        let first = |order: &[usize]| {
            let (hands, _) = deal(&s, order, &sizes, 4, MAX_GAP, |h| Some(h.to_vec())).unwrap();
            hands[order[0]][0]
        };
        assert_eq!(first(&[0, 1, 2, 3]), (3, 2));
        assert_eq!(first(&[3, 1, 2, 0]), (3, 2));
    }

    #[test]
    fn a_deal_comes_as_close_as_the_sizes_allow() {
        // 6+6+6+6+6+2 = 32 among four shares of 8: some hand gets two 6s,
        // 12 cells, so no deal lies within 2.
        let s = seats(&[8, 8, 8, 8]);
        let sizes = [(3, 2), (3, 2), (3, 2), (3, 2), (3, 2), (1, 2)];
        let err = deal(&s, &[0, 1, 2, 3], &sizes, 4, MAX_GAP, |h| Some(h.to_vec())).unwrap_err();
        assert!(err.to_string().contains("within 2 cell(s)"), "{err}");
        // 4×5 + 3×4 = 32: eight cells are only 4+4, so not every hand has
        // eight; 4+4, 4+4, 4+3, 3+3+3 lie within 1.
        let sizes = [(2, 2), (2, 2), (2, 2), (2, 2), (2, 2), (1, 3), (1, 3), (1, 3), (1, 3)];
        let (hands, gap) = deal(&s, &[0, 1, 2, 3], &sizes, 4, MAX_GAP, |h| Some(h.to_vec())).unwrap();
        assert_eq!(gap, 1);
        assert!(hands.iter().all(|h| cells(h).abs_diff(8) <= 1), "{hands:?}");
        // Asked for exact shares only, the same sizes give none.
        let err = deal(&s, &[0, 1, 2, 3], &sizes, 4, 0, |h| Some(h.to_vec())).unwrap_err();
        assert!(err.to_string().contains("within 0 cell(s)"), "{err}");
    }

    #[test]
    fn every_hand_holds_a_recipe_alone_or_in_two() {
        // Six-ingredient recipes, five players (shares 6, 6, 6, 6, 8).
        let s = seats(&[6, 6, 6, 6, 8]);
        let sizes = [(3, 2), (3, 2), (2, 2), (2, 2), (1, 3), (1, 3), (1, 2), (1, 2), (1, 2)];
        let (hands, _) = deal(&s, &[4, 3, 2, 1, 0], &sizes, 6, MAX_GAP, |h| Some(h.to_vec())).unwrap();
        for hand in &hands {
            let mut areas: Vec<u32> = hand.iter().map(|(w, h)| w * h).collect();
            areas.sort_unstable_by(|a, b| b.cmp(a));
            assert!(areas[0] + areas.get(1).unwrap_or(&0) >= 6, "{hands:?}");
        }
        // 6, then 4+2, 4+2, 3+3: only four players can have one, a clear
        // error before any search.
        let sizes = ONE_SIX;
        let err = deal(&s, &[0, 1, 2, 3, 4], &sizes, 6, MAX_GAP, |h| Some(h.to_vec())).unwrap_err();
        assert!(err.to_string().contains("for only 4 of 5 players"), "{err}");
    }

    #[test]
    fn refused_deals_lead_to_others_and_the_search_is_bounded() {
        let s = seats(&[8, 8, 8, 8]);
        let sizes = [(3, 2), (3, 2), (2, 2), (2, 2), (2, 2), (1, 2), (1, 2), (1, 2), (1, 2)];
        // Refuse the deals where player 0 has a 6: another deal follows.
        let (hands, gap) = deal(&s, &[0, 1, 2, 3], &sizes, 4, MAX_GAP, |h| {
            (!h[0].contains(&(3, 2))).then(|| h.to_vec())
        })
        .unwrap();
        assert!(!hands[0].contains(&(3, 2)) && gap == 0, "{hands:?}");
        // Refusing everything ends with a clear error, not a loop.
        let mut offers = 0;
        let err = deal(&s, &[0, 1, 2, 3], &sizes, 4, MAX_GAP, |_| {
            offers += 1;
            None::<()>
        })
        .unwrap_err();
        assert!(err.to_string().contains("bounds"), "{err}");
        assert_eq!(offers, OFFERS);
    }
}
