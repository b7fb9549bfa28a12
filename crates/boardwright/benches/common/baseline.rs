//! The baseline large universe boards are measured against: Delaunay
//! triangulation (delaunator) and Kruskal's algorithm over the same points.
//! Shared by the universe bench and the `attempts` example.

/// Delaunay triangulation and Kruskal's MST over `points`: the tree's edge count.
pub fn delaunator_kruskal(points: &[delaunator::Point]) -> usize {
    let tri = delaunator::triangulate(points);
    let mut edges: Vec<(f64, u32, u32)> = Vec::with_capacity(tri.triangles.len() / 2);
    for (h, &twin) in tri.halfedges.iter().enumerate() {
        if twin == delaunator::EMPTY || h < twin {
            let (a, b) = (tri.triangles[h], tri.triangles[delaunator::next_halfedge(h)]);
            let (pa, pb) = (&points[a], &points[b]);
            edges.push(((pa.x - pb.x).powi(2) + (pa.y - pb.y).powi(2), a as u32, b as u32));
        }
    }
    edges.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut sets = UnionFind::new(points.len());
    edges.iter().filter(|&&(_, a, b)| sets.union(a, b)).count()
}

/// Disjoint sets with path halving and union by size, as Kruskal's algorithm
/// wants them.
struct UnionFind {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl UnionFind {
    fn new(n: usize) -> UnionFind {
        UnionFind {
            parent: (0..n as u32).collect(),
            size: vec![1; n],
        }
    }

    fn find(&mut self, mut v: u32) -> u32 {
        while self.parent[v as usize] != v {
            let grandparent = self.parent[self.parent[v as usize] as usize];
            self.parent[v as usize] = grandparent;
            v = grandparent;
        }
        v
    }

    /// Joins the sets of `a` and `b`; false when they were one already.
    fn union(&mut self, a: u32, b: u32) -> bool {
        let (mut a, mut b) = (self.find(a), self.find(b));
        if a == b {
            return false;
        }
        if self.size[a as usize] < self.size[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        self.parent[b as usize] = a;
        self.size[a as usize] += self.size[b as usize];
        true
    }
}
