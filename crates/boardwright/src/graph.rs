//! Undirected graphs over numbered nodes: adjacency lists, union–find and
//! breadth-first hop distances.

/// Adjacency lists of an undirected simple graph.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Graph {
    adj: Vec<Adjacency>,
    edges: Vec<[u32; 2]>,
}

/// Neighbours a node keeps in place before they move to the heap: enough for
/// almost every node of a board, so a graph allocates almost nothing per node
/// and reading a node's neighbours is one read of 32 bytes, not two.
const INLINE: usize = 6;

/// One node's neighbours, in the order their edges were added.
#[derive(Clone, Debug, PartialEq)]
enum Adjacency {
    Inline { len: u8, ids: [u32; INLINE] },
    Heap(Vec<u32>),
}

impl Adjacency {
    const EMPTY: Adjacency = Adjacency::Inline { len: 0, ids: [0; INLINE] };

    fn as_slice(&self) -> &[u32] {
        match self {
            Adjacency::Inline { len, ids } => &ids[..usize::from(*len)],
            Adjacency::Heap(ids) => ids,
        }
    }

    fn push(&mut self, id: u32) {
        match self {
            Adjacency::Inline { len, ids } if usize::from(*len) < INLINE => {
                ids[usize::from(*len)] = id;
                *len += 1;
            }
            Adjacency::Inline { ids, .. } => {
                let mut spilled = Vec::with_capacity(2 * INLINE);
                spilled.extend_from_slice(ids);
                spilled.push(id);
                *self = Adjacency::Heap(spilled);
            }
            Adjacency::Heap(ids) => ids.push(id),
        }
    }
}

impl Graph {
    /// `n` nodes and no edges.
    pub fn new(n: usize) -> Graph {
        Graph {
            adj: vec![Adjacency::EMPTY; n],
            edges: Vec::new(),
        }
    }

    /// Number of nodes.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Adds the edge `a–b`; the caller makes sure it is new and not a loop.
    pub fn connect(&mut self, a: u32, b: u32) {
        debug_assert!(a != b && !self.has_edge(a, b));
        self.adj[a as usize].push(b);
        self.adj[b as usize].push(a);
        self.edges.push([a.min(b), a.max(b)]);
    }

    /// Whether `a–b` is an edge.
    pub fn has_edge(&self, a: u32, b: u32) -> bool {
        self.neighbors(a).contains(&b)
    }

    /// The neighbours of `v`, in the order their edges were added.
    pub fn neighbors(&self, v: u32) -> &[u32] {
        self.adj[v as usize].as_slice()
    }

    /// Number of edges at `v`.
    pub fn degree(&self, v: u32) -> usize {
        self.neighbors(v).len()
    }

    /// Every edge once, as `[smaller, larger]`, in the order added.
    pub fn edges(&self) -> &[[u32; 2]] {
        &self.edges
    }

    /// Hop distance from `source` to every node; `u32::MAX` where unreachable.
    pub fn hops_from(&self, source: u32) -> Vec<u32> {
        let mut dist = vec![u32::MAX; self.len()];
        // Every node enters the queue once: a list read from the front.
        let mut queue = Vec::with_capacity(self.len());
        queue.push(source);
        dist[source as usize] = 0;
        let mut head = 0;
        while let Some(&v) = queue.get(head) {
            head += 1;
            // The queue runs around a widening ring, each node far in memory
            // from the one before: reading a node's neighbours a few places
            // ahead lets that trip to memory overlap with the work here.
            if let Some(&ahead) = queue.get(head + LOOK_AHEAD) {
                std::hint::black_box(self.neighbors(ahead).first());
            }
            for &w in self.neighbors(v) {
                if dist[w as usize] == u32::MAX {
                    dist[w as usize] = dist[v as usize] + 1;
                    queue.push(w);
                }
            }
        }
        dist
    }
}

/// How far ahead in its queue [`Graph::hops_from`] reads neighbours.
const LOOK_AHEAD: usize = 8;

/// Disjoint sets with union by size and path halving.
#[derive(Clone, Debug)]
pub struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    /// `n` singleton sets.
    pub fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    /// The representative of `v`'s set.
    pub fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let grand = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = grand;
            v = grand;
        }
        v
    }

    /// How many items `v`'s set holds.
    pub fn set_size(&mut self, v: u32) -> u32 {
        let root = self.find(v);
        self.size[root as usize]
    }

    /// Merges the sets of `a` and `b`; `false` if they were already one.
    pub fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut ra, mut rb) = (self.find(a), self.find(b));
        if ra == rb {
            return false;
        }
        if self.size[ra as usize] < self.size[rb as usize] {
            std::mem::swap(&mut ra, &mut rb);
        }
        self.parent[rb as usize] = ra;
        self.size[ra as usize] += self.size[rb as usize];
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hops_and_union_find() {
        let mut g = Graph::new(5);
        g.connect(0, 1);
        g.connect(1, 2);
        g.connect(0, 3);
        assert_eq!(g.hops_from(0), vec![0, 1, 2, 1, u32::MAX]);
        assert_eq!(g.edges(), &[[0, 1], [1, 2], [0, 3]]);
        let mut uf = UnionFind::new(4);
        assert!(uf.union(0, 1));
        assert!(!uf.union(1, 0));
        assert!(uf.union(2, 3));
        assert_ne!(uf.find(0), uf.find(2));
    }

    #[test]
    fn a_hub_past_the_inline_room_keeps_its_neighbours_in_order() {
        let mut g = Graph::new(3 * INLINE);
        for v in 1..3 * INLINE as u32 {
            g.connect(0, v);
            assert_eq!(g.degree(0), v as usize);
            assert!(g.has_edge(v, 0) && !g.has_edge(0, v + 1));
        }
        assert_eq!(g.neighbors(0), (1..3 * INLINE as u32).collect::<Vec<_>>());
        assert_eq!(g.neighbors(1), &[0]);
        assert!(std::mem::size_of::<Adjacency>() <= 32);
    }
}
