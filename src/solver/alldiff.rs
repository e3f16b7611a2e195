//! All-different by matching (Régin): generalised arc consistency on any
//! bipartite "each position takes a distinct value, every value is used"
//! constraint: a unit's cells and digits, a digit's rows and columns.
//!
//! Every solution matches positions and values perfectly, so an edge on no
//! perfect matching can go, and a graph with no perfect matching is a
//! conflict. Given one perfect matching, an unmatched edge (position `p`,
//! value `v`) lies on another one iff `p` and the position `q` matched to `v`
//! lie on a common cycle of the graph "`p → q` when `p` allows the value
//! matched to `q`", that is, in one strongly connected component.
//!
//! Sizes: up to 64 positions and values (bit sets of one `u64`).

/// No position matched to the value yet.
const FREE: u8 = u8::MAX;

/// A matching in progress: positions to values, over `masks` (the values
/// each position allows, at most 64 of each).
struct Matching<'a> {
    masks: &'a [u64],
    value_of: [u8; 64],
    pos_of: [u8; 64],
    /// The values matched so far.
    taken: u64,
}

/// Removes from `masks` every edge on no perfect matching; whether any was
/// removed, `None` if there is no perfect matching. `warm` holds a former
/// matching (one value per position) to start from, and receives the new one.
///
/// The cycle test runs on values rather than positions: with the matching,
/// "`v → w` when the position of `v` allows `w`" is the same graph, and its
/// adjacency is just the position's mask, no bit permutation needed.
pub(super) fn filter(masks: &mut [u64], warm: &mut [u8]) -> Option<bool> {
    let m = Matching::perfect(masks, warm)?;
    warm.copy_from_slice(&m.value_of[..masks.len()]);
    let mut adj = [0u64; 64];
    // Values whose position has a choice: the only ones on cycles.
    let mut open = 0u64;
    for (&v, &mask) in warm.iter().zip(masks.iter()) {
        adj[v as usize] = mask;
        if mask & mask.wrapping_sub(1) != 0 {
            open |= 1 << v;
        }
    }
    if open == 0 {
        return Some(false);
    }
    let mut comp = [0u64; 64];
    components(&adj, open, &mut comp);
    let mut changed = false;
    for (&v, mask) in warm.iter().zip(masks.iter_mut()) {
        if open & 1 << v != 0 && *mask & !comp[v as usize] != 0 {
            *mask &= comp[v as usize];
            changed = true;
        }
    }
    Some(changed)
}

/// For each value of `open`, its strongly connected component (a value set)
/// in the graph `adj`, into `comp`.
fn components(adj: &[u64; 64], open: u64, comp: &mut [u64; 64]) {
    let mut left = open;
    while left != 0 {
        let root = 1 << left.trailing_zeros();
        let forward = reach(adj, root, left);
        let this = reach_back(adj, root, forward);
        for v in ones(this) {
            comp[v] = this;
        }
        left &= !this;
    }
}

impl<'a> Matching<'a> {
    /// A perfect matching of `masks`, keeping the pairs of `warm` that are
    /// still edges; `None` if there is none.
    fn perfect(masks: &'a [u64], warm: &[u8]) -> Option<Matching<'a>> {
        let mut m = Matching { masks, value_of: [FREE; 64], pos_of: [FREE; 64], taken: 0 };
        let mut unmatched = 0u64;
        for (p, &v) in warm.iter().enumerate() {
            if v != FREE && masks[p] & 1 << v != 0 && m.taken & 1 << v == 0 {
                m.assign(p, v as usize);
            } else {
                unmatched |= 1 << p;
            }
        }
        for p in ones(unmatched) {
            if !m.augment(p, &mut 0) {
                return None;
            }
        }
        Some(m)
    }

    fn assign(&mut self, p: usize, v: usize) {
        self.value_of[p] = v as u8;
        self.pos_of[v] = p as u8;
        self.taken |= 1 << v;
    }

    /// Kuhn's augmenting path from the unmatched position `p`, through values
    /// not yet `visited`.
    fn augment(&mut self, p: usize, visited: &mut u64) -> bool {
        let free = self.masks[p] & !self.taken;
        if free != 0 {
            self.assign(p, free.trailing_zeros() as usize);
            return true;
        }
        for v in ones(self.masks[p]) {
            if *visited & 1 << v == 0 {
                *visited |= 1 << v;
                if self.augment(self.pos_of[v] as usize, visited) {
                    self.assign(p, v);
                    return true;
                }
            }
        }
        false
    }
}

/// The vertices of `within` reachable from `from` (included).
fn reach(adj: &[u64; 64], from: u64, within: u64) -> u64 {
    let (mut seen, mut frontier) = (from, from);
    while frontier != 0 {
        let next = ones(frontier).fold(0, |a, p| a | adj[p]) & within & !seen;
        seen |= next;
        frontier = next;
    }
    seen
}

/// The vertices of `within` from which `to` (included) is reachable.
fn reach_back(adj: &[u64; 64], to: u64, within: u64) -> u64 {
    let mut seen = to;
    loop {
        let next = ones(within & !seen).filter(|&p| adj[p] & seen != 0).fold(0, |a, p| a | 1 << p);
        if next == 0 {
            return seen;
        }
        seen |= next;
    }
}

/// The indices of the set bits of `bits`, lowest first.
#[inline]
pub(super) fn ones(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}
