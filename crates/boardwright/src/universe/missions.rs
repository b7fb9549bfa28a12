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
//! window among equals). The widest window is the original rule itself, so
//! fairness never makes a board impossible that the original could build.

use crate::geom::Point;
use crate::graph::Graph;
use crate::seed::Rng;

use super::dictionary::{FIRST_GAME_KINDS, MissionKind};
use super::relax::Sides;

/// Missions per paper side.
pub const PER_SIDE: usize = 3;

/// The paper sides in the order missions are placed.
pub const SIDE_ORDER: [&str; 4] = ["left", "right", "top", "bottom"];

fn on_side(s: Sides, side: &str) -> bool {
    match side {
        "left" => s.left,
        "right" => s.right,
        "top" => s.top,
        _ => s.bottom,
    }
}

/// Chooses the mission nodes: three per side in [`SIDE_ORDER`], or `None`
/// when some side has too few usable border points.
pub fn choose(graph: &Graph, points: &[Point], sides: &[Sides], center: u32, hops: &[u32], fair: bool) -> Option<Vec<u32>> {
    let c = points[center as usize];
    let candidates: Vec<Vec<u32>> = SIDE_ORDER
        .iter()
        .map(|side| {
            let mut ids: Vec<u32> = (0..points.len() as u32).filter(|&i| on_side(sides[i as usize], side)).collect();
            ids.sort_unstable_by(|&a, &b| points[b as usize].dist2(c).total_cmp(&points[a as usize].dist2(c)).then(a.cmp(&b)));
            ids
        })
        .collect();
    let mut claimed = vec![false; points.len()];
    if !fair {
        return pick(graph, &candidates, |_| true, &mut claimed);
    }
    let mut levels: Vec<u32> = candidates.iter().flatten().map(|&i| hops[i as usize]).collect();
    levels.sort_unstable();
    levels.dedup();
    let (Some(&lowest), Some(&highest)) = (levels.first(), levels.last()) else {
        return None;
    };
    for spread in 0..=highest - lowest {
        for &lo in levels.iter().rev() {
            let hi = lo + spread;
            if let Some(found) = pick(graph, &candidates, |v| (lo..=hi).contains(&hops[v as usize]), &mut claimed) {
                return Some(found);
            }
        }
    }
    None
}

/// The original greedy rule over the candidates `usable` accepts. `claimed`
/// is all `false` on entry and on return.
fn pick(graph: &Graph, candidates: &[Vec<u32>], usable: impl Fn(u32) -> bool, claimed: &mut [bool]) -> Option<Vec<u32>> {
    let mut chosen: Vec<u32> = Vec::with_capacity(PER_SIDE * candidates.len());
    let mut touched: Vec<u32> = Vec::new();
    let mut complete = true;
    for side in candidates {
        let mut count = 0;
        for &v in side {
            if count == PER_SIDE {
                break;
            }
            if chosen.contains(&v) || !usable(v) || graph.neighbors(v).iter().all(|&w| claimed[w as usize]) {
                continue;
            }
            chosen.push(v);
            count += 1;
            for &w in graph.neighbors(v) {
                claimed[w as usize] = true;
                touched.push(w);
            }
        }
        if count < PER_SIDE {
            complete = false;
            break;
        }
    }
    for w in touched {
        claimed[w as usize] = false;
    }
    complete.then_some(chosen)
}

/// The kind of each of `count` missions. A first game deals one of
/// Traveler or Collector to all; otherwise every kind whose needed types are
/// on the board once, then weighted draws up to `count`, shuffled.
pub fn deal_kinds(kinds: &[MissionKind], present: impl Fn(&str) -> bool, count: usize, first_game: bool, rng: &mut Rng) -> Vec<String> {
    if first_game {
        let kind = FIRST_GAME_KINDS[rng.index(FIRST_GAME_KINDS.len())];
        return vec![kind.to_string(); count];
    }
    let available: Vec<&MissionKind> = kinds.iter().filter(|k| k.needs.is_empty() || k.needs.iter().any(|n| present(n))).collect();
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
