//! Node types and numbers (the original's devlog part 2).
//!
//! The complete multiset of types is built first: `round(min · scale)` of each,
//! then weighted draws (by `prob`, up to each `max · scale`) until there is a
//! type per regular node. Types and nodes are shuffled; each node takes the
//! first type in the list that its constraints allow.
//!
//! A constraint is never broken to use up the list. A node that no remaining
//! entry suits waits until the pass is over and then draws, by weight, a type
//! that is allowed there and under its cap; only a node that no type at all
//! suits takes the first remaining entry, and that is counted as a violation.
//!
//! Afterwards, a type still short of its minimum takes over nodes (in the
//! shuffled order) from types that are above their own minimum, where its
//! rules allow.
//!
//! Finding "the first allowed entry" keeps one queue of list positions per
//! type and the types sorted by the position of their next entry: O(types)
//! per node. The same-type groups are disjoint sets, joined as nodes are
//! typed, so that checking a group's size reads a few sets, not the group:
//! on large boards a type may be allowed groups of thousands of nodes.

use rayon::prelude::*;

use crate::geom::Point;
use crate::graph::Graph;
use crate::seed::Rng;

use super::Sides;
use super::dictionary::NodeType;

/// The board facts the constraints look at.
pub struct Layout<'a> {
    /// Node positions.
    pub points: &'a [Point],
    /// Border sides per node.
    pub sides: &'a [Sides],
    /// The finished edges.
    pub graph: &'a Graph,
    /// Whether each node is a mission node.
    pub is_mission: &'a [bool],
    /// Paper size in grid units.
    pub size: (u32, u32),
    /// Counts and distances scaled with the board's proportions ([`scale_factors`]).
    pub fair_scaling: bool,
}

impl Layout<'_> {
    /// Distance from node `v` to the nearest paper side.
    pub fn edge_distance(&self, v: u32) -> f64 {
        let p = self.points[v as usize];
        let (w, h) = (f64::from(self.size.0), f64::from(self.size.1));
        p.x.min(w - p.x).min(p.y).min(h - p.y)
    }
}

/// The scale factors for boards larger than the standard sheet (10 × 7
/// units): `(scale, dscale)`, multiplying counts and distances (and group
/// sizes) respectively; both are 1 on the standard sheet.
///
/// Fair scaling keeps a board's proportions: counts grow with the nodes
/// (`(w + 1)(h + 1) / 88`, the sheet's 88) and distances with the size
/// (`min(w / 10, h / 7)`), so a type's allowed band (say, more than 2 units
/// from the edge) covers about the same share of every board as of the
/// standard sheet (the same share where the board keeps the sheet's
/// proportions), and its minimum the same share of the nodes: a minimum
/// with room on the sheet has room on larger boards. The original's factors
/// grow counts with the added area over 15 (three times as many at 9
/// players, more than the board's nodes on large ones) and distances with
/// the added width in whole units (doubled at 9 players), which leaves the
/// types kept away from the edge almost nowhere to go.
pub fn scale_factors(w: u32, h: u32, fair: bool) -> (f64, f64) {
    let (rx, ry) = (f64::from(w), f64::from(h));
    if fair {
        return (((rx + 1.0) * (ry + 1.0) / 88.0).max(1.0), (rx / 10.0).min(ry / 7.0).max(1.0));
    }
    let extra = (rx - 10.0) * ry + (ry - 7.0) * rx - (rx - 10.0) * (ry - 7.0);
    let scale = (extra / 15.0).max(1.0);
    let dscale = (rx - 10.0).min(ry - 7.0).max(1.0);
    (scale, dscale)
}

/// What [`assign`] produced.
pub struct Assignment {
    /// The type index of each node (`None` for the centre and mission nodes).
    pub types: Vec<Option<usize>>,
    /// Nodes given a type their constraints forbid (0 unless no type fits a node).
    pub violations: u32,
}

/// The target count range of each type on a board of this size.
pub fn targets(types: &[NodeType], w: u32, h: u32, fair: bool) -> Vec<(u32, Option<u32>)> {
    let (scale, _) = scale_factors(w, h, fair);
    let scaled = |v: u32| (f64::from(v) * scale).round() as u32;
    types.iter().map(|t| (scaled(t.min), t.max.map(scaled))).collect()
}

/// Assigns a type to every node in `regular`.
pub fn assign(layout: &Layout<'_>, types: &[NodeType], regular: &[u32], rng: &mut Rng) -> Assignment {
    let (w, h) = layout.size;
    let (_, dscale) = scale_factors(w, h, layout.fair_scaling);
    let targets = targets(types, w, h, layout.fair_scaling);
    let mut list = multiset(types, &targets, regular.len(), rng);
    rng.shuffle(&mut list);
    let mut order = regular.to_vec();
    rng.shuffle(&mut order);

    let mut queues: Vec<Vec<u32>> = vec![Vec::new(); types.len()];
    for (pos, &t) in list.iter().enumerate() {
        queues[usize::from(t)].push(pos as u32);
    }
    let mut heads = vec![0usize; types.len()];
    let mut state = State::new(layout, types, dscale);
    let mut waiting = Vec::new();
    // The remaining types by the list position of their next entry: the
    // first one allowed at a node is the first allowed entry of the list.
    let mut by_position: Vec<(u32, usize)> = (0..types.len())
        .filter(|&t| !queues[t].is_empty())
        .map(|t| (queues[t][0], t))
        .collect();
    by_position.sort_unstable();
    for (i, &v) in order.iter().enumerate() {
        // The walk goes in shuffled order, each node a trip to memory: at
        // the start of each batch, the next batch's facts and this batch's
        // neighbours' types are read at once, so that the trips overlap.
        if i % BATCH == 0 {
            state.warm(order.get(i + BATCH..).unwrap_or(&[]), &order[i..]);
        }
        match by_position.iter().position(|&(_, t)| state.allows(t, v)) {
            Some(k) => {
                let t = by_position.remove(k).1;
                heads[t] += 1;
                if let Some(&next) = queues[t].get(heads[t]) {
                    let at = by_position.partition_point(|&(pos, _)| pos < next);
                    by_position.insert(at, (next, t));
                }
                state.place(t, v);
            }
            None => waiting.push(v),
        }
    }
    let mut violations = 0;
    for v in waiting {
        let weights: Vec<f64> = (0..types.len())
            .map(|t| {
                let under_cap = targets[t].1.is_none_or(|cap| state.counts[t] < cap);
                if under_cap && state.allows(t, v) { types[t].prob } else { 0.0 }
            })
            .collect();
        let t = match rng.weighted(&weights) {
            Some(t) => t,
            None => {
                violations += 1;
                (0..types.len())
                    .filter(|&t| heads[t] < queues[t].len())
                    .min_by_key(|&t| queues[t][heads[t]])
                    .unwrap_or(0)
            }
        };
        if heads[t] < queues[t].len() {
            heads[t] += 1;
        }
        state.place(t, v);
    }
    // Types left short of their minimum take over nodes from types above
    // theirs (a short type is never above its own: `donors` are the others).
    let above = |counts: &[u32], u: usize| counts[u] > targets[u].0;
    let mut donors = (0..types.len()).filter(|&u| above(&state.counts, u)).count();
    for (t, &(min, _)) in targets.iter().enumerate() {
        for &v in &order {
            if state.counts[t] >= min || donors == 0 {
                break;
            }
            let Some(u) = state.assigned(v) else { continue };
            if u != t && above(&state.counts, u) && state.allows(t, v) {
                state.place(t, v);
                donors -= usize::from(!above(&state.counts, u));
            }
        }
    }
    Assignment {
        types: state.assigned.iter().map(|&t| (t != NONE).then_some(usize::from(t))).collect(),
        violations,
    }
}

/// The list of types: the scaled minimums, then weighted draws up to `len`.
/// Type indices are `u16` (a dictionary holds at most `dictionary::MAX_TYPES`): the
/// list can hold millions of entries, and a compact one shuffles in cache.
///
/// On large boards the scaled minimums of the built-in dictionary ask for
/// about two and a half entries a node, and the entries no node takes are
/// what lets the constrained types find their nodes. Minimums that ask for
/// more than [`LIST_PER_NODE`] entries a node are cut in proportion, so the
/// list (and the work) stays a few times the node count whatever the
/// dictionary says.
fn multiset(types: &[NodeType], targets: &[(u32, Option<u32>)], len: usize, rng: &mut Rng) -> Vec<u16> {
    let wanted: Vec<u64> = targets
        .iter()
        .map(|&(min, max)| u64::from(max.map_or(min, |m| min.min(m))))
        .collect();
    let total: u64 = wanted.iter().sum();
    let room = LIST_PER_NODE * len as u64;
    let mut list = Vec::with_capacity(len.max(total.min(room) as usize));
    let mut counts = vec![0u32; types.len()];
    for (t, &n) in wanted.iter().enumerate() {
        // At most `room` here, whose product with `n` (a `u32`) fits in a `u64`.
        let n = if total > room { n * room / total } else { n };
        list.extend(std::iter::repeat_n(t as u16, n as usize));
        counts[t] = n as u32;
    }
    let open = |t: usize, count: u32| targets[t].1.is_none_or(|cap| count < cap);
    let mut weights: Vec<f64> = (0..types.len())
        .map(|t| if open(t, counts[t]) { types[t].prob } else { 0.0 })
        .collect();
    while list.len() < len {
        let Some(t) = rng.weighted(&weights) else { break };
        list.push(t as u16);
        counts[t] += 1;
        // A type leaves the draw when it reaches its cap.
        if !open(t, counts[t]) {
            weights[t] = 0.0;
        }
    }
    list
}

/// Most entries a node that the minimums may put in the list (see [`multiset`]).
const LIST_PER_NODE: u64 = 4;

/// What the constraints read of one node, in half a cache line: the walk over
/// the nodes goes in shuffled order, so each node costs a trip to memory, and
/// only one (and a million nodes' facts take 32 MB, not 64).
#[derive(Clone, Copy)]
#[repr(align(32))]
struct Facts {
    edge_distance: f64,
    on_border: bool,
    next_to_mission: bool,
    /// Number of neighbours (saturating), `near` holding them all when it is
    /// at most [`INLINE`].
    degree: u16,
    near: [u32; INLINE],
}

const _: () = assert!(std::mem::size_of::<Facts>() == 32);

/// Nodes of the walk whose memory is read together (see [`State::warm`]).
const BATCH: usize = 16;

/// Neighbours kept inside [`Facts`]; nodes with more (a few in a thousand)
/// are looked up in the graph.
const INLINE: usize = 5;

/// No type (yet): the centre, mission nodes and nodes still to be typed.
const NONE: u16 = u16::MAX;

struct State<'a> {
    layout: &'a Layout<'a>,
    types: &'a [NodeType],
    dscale: f64,
    facts: Vec<Facts>,
    /// Type index of each node, or [`NONE`] (dictionaries hold fewer types).
    assigned: Vec<u16>,
    counts: Vec<u32>,
    /// The same-type groups as disjoint sets: `parent[v]` leads towards the
    /// representative of the group of `v`, whose `size` is the group's.
    ///
    /// A node that changes type (only after the walk, when a type short of
    /// its minimum takes it over) leaves its old group's sets as they were:
    /// wrong for that type from then on, but the type it leaves is above its
    /// minimum and is never asked about again (only short types are, and a
    /// short type only gains nodes).
    parent: Vec<u32>,
    size: Vec<u32>,
    /// The groups next to a node, working space of [`State::group_size`].
    roots: Vec<u32>,
}

impl<'a> State<'a> {
    fn new(layout: &'a Layout<'a>, types: &'a [NodeType], dscale: f64) -> State<'a> {
        let graph = layout.graph;
        let facts = (0..layout.points.len() as u32)
            .into_par_iter()
            .map(|v| {
                let neighbors = graph.neighbors(v);
                let mut near = [0; INLINE];
                if neighbors.len() <= INLINE {
                    near[..neighbors.len()].copy_from_slice(neighbors);
                }
                Facts {
                    edge_distance: layout.edge_distance(v),
                    on_border: layout.sides[v as usize].any(),
                    next_to_mission: neighbors.iter().any(|&w| layout.is_mission[w as usize]),
                    degree: u16::try_from(neighbors.len()).unwrap_or(u16::MAX),
                    near,
                }
            })
            .collect();
        State {
            layout,
            types,
            dscale,
            facts,
            assigned: vec![NONE; layout.points.len()],
            counts: vec![0; types.len()],
            parent: (0..layout.points.len() as u32).collect(),
            size: vec![1; layout.points.len()],
            roots: Vec::new(),
        }
    }

    /// Reads the facts of the first [`BATCH`] nodes of `next` and the types
    /// and group links (`parent`) of the neighbours of the first [`BATCH`] of
    /// `now` (whose facts are read already): loads that do not wait for each
    /// other, so the processor overlaps their trips to memory, and the walk
    /// then finds them in cache.
    fn warm(&self, next: &[u32], now: &[u32]) {
        let mut sum = 0u32;
        for &v in next.iter().take(BATCH) {
            sum = sum.wrapping_add(u32::from(self.facts[v as usize].degree));
        }
        for &v in now.iter().take(BATCH) {
            let f = &self.facts[v as usize];
            for &w in &f.near[..usize::from(f.degree).min(INLINE)] {
                sum = sum.wrapping_add(u32::from(self.assigned[w as usize]));
                sum = sum.wrapping_add(self.parent[w as usize]);
            }
        }
        std::hint::black_box(sum);
    }

    fn assigned(&self, v: u32) -> Option<usize> {
        let t = self.assigned[v as usize];
        (t != NONE).then_some(usize::from(t))
    }

    fn neighbors(&self, v: u32) -> &[u32] {
        let f = &self.facts[v as usize];
        if f.degree as usize <= INLINE {
            &f.near[..f.degree as usize]
        } else {
            self.layout.graph.neighbors(v)
        }
    }

    /// Whether the type's fixed rules (border, distances, mission neighbours) allow `v`.
    fn fixed_rules_allow(&self, t: usize, v: u32) -> bool {
        let ty = &self.types[t];
        let f = &self.facts[v as usize];
        if ty.forbidden_on_edge && f.on_border {
            return false;
        }
        let d = f.edge_distance;
        if ty.min_distance_from_edge.is_some_and(|m| d <= m * self.dscale) {
            return false;
        }
        if ty.max_distance_from_edge.is_some_and(|m| d > m * self.dscale) {
            return false;
        }
        !(ty.number_from.is_some() && f.next_to_mission)
    }

    /// Whether `v` (not of type `t`) may take type `t` now.
    fn allows(&mut self, t: usize, v: u32) -> bool {
        self.fixed_rules_allow(t, v) && self.group_size(t, v) as f64 <= f64::from(self.types[t].max_sequence) * self.dscale
    }

    /// Size of the same-type group `v` would be in with type `t`, itself
    /// included: one more than the groups of type `t` next to it.
    fn group_size(&mut self, t: usize, v: u32) -> u64 {
        let t16 = t as u16;
        self.roots.clear();
        let mut size = 1;
        for i in 0..self.neighbors(v).len() {
            let w = self.neighbors(v)[i];
            if self.assigned[w as usize] == t16 {
                let root = self.root(w);
                if !self.roots.contains(&root) {
                    self.roots.push(root);
                    size += u64::from(self.size[root as usize]);
                }
            }
        }
        size
    }

    /// The representative of the group of `v`, halving the path there.
    fn root(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let up = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = up;
            v = up;
        }
        v
    }

    /// Gives `v` type `t`: it leaves its count, if it had a type, and joins
    /// the groups of type `t` next to it.
    fn place(&mut self, t: usize, v: u32) {
        if let Some(old) = self.assigned(v) {
            self.counts[old] -= 1;
        }
        self.assigned[v as usize] = t as u16;
        self.counts[t] += 1;
        self.parent[v as usize] = v;
        self.size[v as usize] = 1;
        for i in 0..self.neighbors(v).len() {
            let w = self.neighbors(v)[i];
            if self.assigned[w as usize] == t as u16 {
                let (mut a, mut b) = (self.root(v), self.root(w));
                if a != b {
                    if self.size[a as usize] < self.size[b as usize] {
                        std::mem::swap(&mut a, &mut b);
                    }
                    self.parent[b as usize] = a;
                    self.size[a as usize] += self.size[b as usize];
                }
            }
        }
    }
}

/// The number shown on a node whose type takes it from `source_count` nodes
/// of another type: `max(round(x + 0.5 − u), 1)` with
/// `x = source_count · min(2 / players, 0.5) · (1 − d(node, centre) / d(centre, farthest corner))`.
pub fn number(source_count: u32, players: u32, node: Point, center: Point, size: (u32, u32), rng: &mut Rng) -> u32 {
    let (w, h) = (f64::from(size.0), f64::from(size.1));
    let farthest = [(0.0, 0.0), (w, 0.0), (0.0, h), (w, h)]
        .iter()
        .map(|&(x, y)| center.dist(Point::new(x, y)))
        .fold(0.0, f64::max);
    let x = f64::from(source_count) * (2.0 / f64::from(players)).min(0.5) * (1.0 - node.dist(center) / farthest);
    (x + 0.5 - rng.unit()).round().max(1.0) as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn minimums_past_four_entries_a_node_are_cut_in_proportion() {
        let types: Vec<NodeType> = (0..3)
            .map(|i| NodeType {
                prob: 1.0,
                ..NodeType::new(format!("T{i}"))
            })
            .collect();
        let count = |list: &[u16], t: u16| list.iter().filter(|&&x| x == t).count();
        // Within four a node: the minimums as they are.
        let list = multiset(&types, &[(150, None), (100, None), (0, Some(0))], 100, &mut Rng::new(1, 1));
        assert_eq!((list.len(), count(&list, 0), count(&list, 1)), (250, 150, 100));
        // Past it: 400 entries for 100 nodes, shared two to one.
        let list = multiset(
            &types,
            &[(u32::MAX, None), (u32::MAX / 2, None), (0, Some(0))],
            100,
            &mut Rng::new(1, 1),
        );
        assert!((399..=400).contains(&list.len()), "{}", list.len());
        assert!((266..=267).contains(&count(&list, 0)) && (133..=134).contains(&count(&list, 1)));
        // Below the node count, draws fill the list.
        let list = multiset(&types, &[(10, None), (0, None), (0, Some(0))], 100, &mut Rng::new(1, 1));
        assert_eq!((list.len(), count(&list, 2)), (100, 0));
    }

    #[test]
    fn scale_factors_match_the_original() {
        assert_eq!(scale_factors(10, 7, false), (1.0, 1.0));
        assert_eq!(scale_factors(11, 7, false), (1.0, 1.0));
        let (scale, dscale) = scale_factors(12, 8, false);
        assert!((scale - 26.0 / 15.0).abs() < 1e-12);
        assert_eq!(dscale, 1.0);
        let (scale, dscale) = scale_factors(13, 9, false);
        assert!((scale - 47.0 / 15.0).abs() < 1e-12);
        assert_eq!(dscale, 2.0);
    }

    #[test]
    fn fair_scale_factors_keep_the_proportions() {
        assert_eq!(scale_factors(10, 7, true), (1.0, 1.0));
        // 9 players: 14 x 10 = 140 nodes; the height is the tighter side.
        let (scale, dscale) = scale_factors(13, 9, true);
        assert!((scale - 140.0 / 88.0).abs() < 1e-12 && (dscale - 9.0 / 7.0).abs() < 1e-12);
        // A board 100 times the sheet's width: 1001 x 701 nodes, distances 100 times.
        let (scale, dscale) = scale_factors(1000, 700, true);
        assert!((scale - 701_701.0 / 88.0).abs() < 1e-9 && (dscale - 100.0).abs() < 1e-12);
        // The share of a 1000 x 700 board farther than 2 x dscale from the
        // edge is the share of the sheet farther than 2: (6 x 3) / 70.
        let inner = (1000.0 - 4.0 * dscale) * (700.0 - 4.0 * dscale) / (1000.0 * 700.0);
        assert!((inner - 18.0 / 70.0).abs() < 1e-12, "{inner}");
    }
}
