//! Step 4: twelve mission (starting) nodes, three per paper side, and the
//! mission kinds dealt to them.
//!
//! The original rule, per side in the order left, right, top, bottom: walk the
//! side's border points from farthest to nearest the centre and take a point
//! unless every one of its neighbours is already a neighbour of a mission node;
//! taking it claims all its neighbours.
//!
//! Fair starts (our addition) run the same rule restricted to a window of hop
//! distances to the centre, trying the narrowest windows first (the farthest
//! window among equals). Within a window every side walks its points nearest
//! the window's middle level first (rounded down; as near: the original
//! farthest-first order): the top and bottom sides lie nearer
//! the centre than the left and right ones, and walking each side farthest
//! first would give them the window's lower levels on every board. Fair starts
//! also keep, for every mission node, a neighbour that no other mission node
//! has: the original only checks this when a node is taken, so a later mission
//! could still take the last free neighbour of an earlier one.

use crate::geom::Point;
use crate::graph::Graph;
use crate::seed::Rng;

use super::dictionary::{FIRST_GAME_KINDS, MissionKind};
use super::{Side, Sides};

/// Missions per paper side.
pub const PER_SIDE: usize = 3;

/// The paper sides in the order missions are placed.
pub const SIDE_ORDER: [Side; 4] = [Side::Left, Side::Right, Side::Top, Side::Bottom];

/// Chooses the mission nodes: three per side in [`SIDE_ORDER`], or `None`
/// when some side has too few usable border points.
pub fn choose(graph: &Graph, points: &[Point], sides: &[Sides], center: u32, hops: &[u32], fair: bool) -> Option<Vec<u32>> {
    let c = points[center as usize];
    let candidates: Vec<Vec<u32>> = SIDE_ORDER
        .iter()
        .map(|&side| {
            let mut ids: Vec<u32> = (0..points.len() as u32).filter(|&i| sides[i as usize].contains(side)).collect();
            ids.sort_unstable_by(|&a, &b| points[b as usize].dist2(c).total_cmp(&points[a as usize].dist2(c)).then(a.cmp(&b)));
            ids
        })
        .collect();
    let mut claims = Claims::new(points.len());
    if !fair {
        return pick(graph, &candidates, false, &mut claims);
    }
    let mut levels: Vec<u32> = candidates.iter().flatten().map(|&i| hops[i as usize]).collect();
    levels.sort_unstable();
    levels.dedup();
    let (Some(&lowest), Some(&highest)) = (levels.first(), levels.last()) else {
        return None;
    };
    for spread in 0..=highest - lowest {
        for &lo in levels.iter().rev() {
            let window = lo..=lo + spread;
            let level = lo + spread / 2;
            // The window's points only, then stable: points as near the
            // level keep the original order.
            let ordered: Vec<Vec<u32>> = candidates
                .iter()
                .map(|side| {
                    let mut inside: Vec<u32> = side.iter().copied().filter(|&v| window.contains(&hops[v as usize])).collect();
                    inside.sort_by_key(|&v| hops[v as usize].abs_diff(level));
                    inside
                })
                .collect();
            if let Some(found) = pick(graph, &ordered, true, &mut claims) {
                return Some(found);
            }
        }
    }
    None
}

/// Three candidates per side from `lists`, under the neighbour rule:
/// a candidate needs a neighbour no chosen mission has and, with
/// `keep_private`, must leave every chosen mission a neighbour that no other
/// mission has. A depth-first search in the candidates' order, so its first
/// descent is the original greedy walk; backtracking (within a step budget)
/// finds choices the greedy walk misses. `claims` holds no mission on entry
/// and on return.
fn pick(graph: &Graph, lists: &[Vec<u32>], keep_private: bool, claims: &mut Claims) -> Option<Vec<u32>> {
    if lists.iter().any(|l| l.len() < PER_SIDE) {
        return None;
    }
    // A side that cannot take three on its own makes the window fail: said
    // by a small search of that side alone, where the whole board's search
    // would spend its budget proving it.
    for side in lists {
        let alone = std::slice::from_ref(side);
        if let (None, false) = search(graph, alone, keep_private, claims, 20 * side.len() + 200) {
            return None;
        }
    }
    let total: usize = lists.iter().map(Vec::len).sum();
    search(graph, lists, keep_private, claims, 20 * total + 20_000).0
}

/// Runs a [`Search`] over `lists` within `budget` steps: what it found, and
/// whether it ran out of steps (so that finding nothing proves nothing).
fn search(graph: &Graph, lists: &[Vec<u32>], keep_private: bool, claims: &mut Claims, budget: usize) -> (Option<Vec<u32>>, bool) {
    let mut search = Search {
        graph,
        lists,
        keep_private,
        claims,
        chosen: Vec::with_capacity(PER_SIDE * lists.len()),
        budget,
        taken: Vec::new(),
    };
    let found = search.run(0, 0).then(|| {
        let chosen = std::mem::take(&mut search.chosen);
        for &m in &chosen {
            search.release(m);
        }
        chosen
    });
    (found, search.budget == 0)
}

/// The chosen missions' hold on the nodes: how many chosen missions are
/// next to each node, and for a node next to one alone, which; and how many
/// such private neighbours each chosen mission has.
struct Claims {
    count: Vec<u8>,
    /// The sum of the ids of the chosen missions next to each node: the one
    /// mission's id where `count` is 1.
    owners: Vec<u64>,
    private: Vec<u32>,
}

impl Claims {
    fn new(nodes: usize) -> Claims {
        Claims {
            count: vec![0; nodes],
            owners: vec![0; nodes],
            private: vec![0; nodes],
        }
    }

    /// Mission `m` chosen, next to `near`.
    fn take(&mut self, m: u32, near: &[u32]) {
        for &w in near {
            let w = w as usize;
            match self.count[w] {
                0 => self.private[m as usize] += 1,
                1 => self.private[self.owners[w] as usize] -= 1,
                _ => {}
            }
            self.count[w] += 1;
            self.owners[w] += u64::from(m);
        }
    }

    /// Mission `m`, next to `near`, no longer chosen.
    fn release(&mut self, m: u32, near: &[u32]) {
        for &w in near {
            let w = w as usize;
            self.count[w] -= 1;
            self.owners[w] -= u64::from(m);
            match self.count[w] {
                0 => self.private[m as usize] -= 1,
                1 => self.private[self.owners[w] as usize] += 1,
                _ => {}
            }
        }
    }
}

struct Search<'a> {
    graph: &'a Graph,
    lists: &'a [Vec<u32>],
    keep_private: bool,
    claims: &'a mut Claims,
    chosen: Vec<u32>,
    budget: usize,
    /// Working space of [`Search::allows`]: chosen missions and how many of
    /// their private neighbours a candidate would take.
    taken: Vec<(u32, u32)>,
}

impl Search<'_> {
    /// Fills side `side` from position `from` of its list onwards.
    fn run(&mut self, side: usize, from: usize) -> bool {
        if side == self.lists.len() {
            return true;
        }
        let taken_here = self.chosen.len() - side * PER_SIDE;
        if taken_here == PER_SIDE {
            return self.run(side + 1, 0);
        }
        let list = &self.lists[side];
        for i in from..list.len() {
            if self.budget == 0 || list.len() - i < PER_SIDE - taken_here {
                return false;
            }
            self.budget -= 1;
            let v = list[i];
            if !self.allows(v) {
                continue;
            }
            self.chosen.push(v);
            self.claims.take(v, self.graph.neighbors(v));
            if self.run(side, i + 1) {
                return true;
            }
            self.chosen.pop();
            self.release(v);
        }
        false
    }

    /// Whether `v` may be chosen: it has a neighbour no chosen mission has
    /// and, with `keep_private`, leaves every chosen mission one that no
    /// other mission has (each has one while it is chosen, so only those
    /// whose private neighbours `v` is next to need counting).
    fn allows(&mut self, v: u32) -> bool {
        let near = self.graph.neighbors(v);
        let claims = &*self.claims;
        if self.chosen.contains(&v) || near.iter().all(|&w| claims.count[w as usize] > 0) {
            return false;
        }
        if !self.keep_private {
            return true;
        }
        self.taken.clear();
        for &w in near.iter().filter(|&&w| claims.count[w as usize] == 1) {
            let owner = claims.owners[w as usize] as u32;
            match self.taken.iter_mut().find(|(m, _)| *m == owner) {
                Some((_, n)) => *n += 1,
                None => self.taken.push((owner, 1)),
            }
        }
        self.taken.iter().all(|&(m, n)| claims.private[m as usize] > n)
    }

    fn release(&mut self, v: u32) {
        self.claims.release(v, self.graph.neighbors(v));
    }
}

/// The kind of each of `count` missions. A first game deals one of
/// Traveler or Collector to all; otherwise every kind whose needed types are
/// on the board and one of whose expansions is on (where it names any) once,
/// then weighted draws up to `count`, shuffled.
pub fn deal_kinds(
    kinds: &[MissionKind],
    present: impl Fn(&str) -> bool,
    expansion_on: impl Fn(&str) -> bool,
    count: usize,
    first_game: bool,
    rng: &mut Rng,
) -> Vec<String> {
    if first_game {
        let kind = FIRST_GAME_KINDS[rng.index(FIRST_GAME_KINDS.len())];
        return vec![kind.to_string(); count];
    }
    let available: Vec<&MissionKind> = kinds
        .iter()
        .filter(|k| k.needs.is_empty() || k.needs.iter().any(|n| present(n)))
        .filter(|k| k.expansions.is_empty() || k.expansions.iter().any(|e| expansion_on(e)))
        .collect();
    let mut dealt: Vec<String> = available.iter().take(count).map(|k| k.name.clone()).collect();
    let weights: Vec<f64> = available.iter().map(|k| k.weight).collect();
    while dealt.len() < count {
        // Validation guarantees a kind with positive weight and no needs.
        let Some(i) = rng.weighted(&weights) else { break };
        dealt.push(available[i].name.clone());
    }
    rng.shuffle(&mut dealt);
    dealt
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On random graphs and random choices, taken and released in stack
    /// order, a search allows a node exactly when the rule's own words do:
    /// it has a neighbour no chosen mission has, and every chosen mission
    /// keeps a neighbour next to no other chosen mission and not next to it.
    #[test]
    fn allows_is_the_rule_counted_from_scratch() {
        let mut rng = Rng::new(12, 34);
        let mut checked = 0;
        for round in 0..200 {
            let n = 8 + round % 24;
            let mut graph = Graph::new(n);
            for a in 0..n as u32 {
                for b in a + 1..n as u32 {
                    if rng.unit() < 0.25 {
                        graph.connect(a, b);
                    }
                }
            }
            let lists: Vec<Vec<u32>> = vec![(0..n as u32).collect()];
            let mut claims = Claims::new(n);
            let mut search = Search {
                graph: &graph,
                lists: &lists,
                keep_private: true,
                claims: &mut claims,
                chosen: Vec::new(),
                budget: usize::MAX,
                taken: Vec::new(),
            };
            for _ in 0..40 {
                let v = rng.below(n as u64) as u32;
                let chosen = search.chosen.clone();
                let next_to = |w: u32, m: u32| graph.neighbors(m).contains(&w);
                let claimed = |w: u32| chosen.iter().filter(|&&m| next_to(w, m)).count();
                let near = graph.neighbors(v);
                let plain = !chosen.contains(&v)
                    && near.iter().any(|&w| claimed(w) == 0)
                    && chosen
                        .iter()
                        .all(|&m| graph.neighbors(m).iter().any(|&w| claimed(w) == 1 && !near.contains(&w)));
                assert_eq!(search.allows(v), plain, "round {round}, chosen {chosen:?}, node {v}");
                checked += 1;
                if plain && rng.unit() < 0.7 {
                    search.chosen.push(v);
                    search.claims.take(v, graph.neighbors(v));
                } else if let Some(m) = search.chosen.pop() {
                    search.release(m);
                }
            }
        }
        assert!(checked == 8000);
    }
}
