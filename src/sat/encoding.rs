//! The "exactly one" encoding of a Sudoku grid: variables, constraint groups and
//! the fixed numbering of every encoding clause.
//!
//! Variable `v(r,c,d) = ((r−1)·N + (c−1))·N + d` (1-based) says "cell `rRcC` holds `d`".
//! The encoding has `4N²` *groups* of `N` variables each, and every group says "exactly
//! one of these is true": first the `N²` cells (r,c), then the rows (r,d), the columns
//! (c,d) and the boxes (b,d), each in lexicographic order. A group is written as one
//! at-least-one (ALO) clause followed by its `N(N−1)/2` pairwise at-most-one (AMO)
//! clauses, pairs `(i, j)`, `i < j`, in lexicographic order of member indices. Fixed
//! numbering is what lets LRAT hints name encoding clauses without storing them.

/// A DIMACS literal: a variable, negative when negated.
pub type DLit = i32;

/// The geometry of the encoding for one order: variables, groups and clause ids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Encoding {
    n: usize,
    side: usize,
}

/// The kind of a constraint group; each holds `N` variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// Cell (r, c): one digit per cell.
    Cell,
    /// Row r, digit d: the digit once per row.
    Row,
    /// Column c, digit d: the digit once per column.
    Col,
    /// Box b, digit d: the digit once per box.
    Box,
}

impl Encoding {
    /// The encoding of a grid of order `n` (side `n²`); `n` is 2..=8 for real grids.
    pub fn new(n: usize) -> Encoding {
        Encoding { n, side: n * n }
    }

    /// The side `N`.
    pub fn side(&self) -> usize {
        self.side
    }

    /// The number of variables, `N³`.
    pub fn vars(&self) -> usize {
        self.side * self.side * self.side
    }

    /// The variable of (row, col, digit), all 0-based.
    pub fn var(&self, r: usize, c: usize, d: usize) -> u32 {
        ((r * self.side + c) * self.side + d + 1) as u32
    }

    /// The 0-based (row, col, digit) of variable `v` (1-based).
    pub fn decode(&self, v: u32) -> (usize, usize, usize) {
        let x = v as usize - 1;
        (x / (self.side * self.side), (x / self.side) % self.side, x % self.side)
    }

    /// Clauses per group: one ALO plus the AMO pairs.
    pub fn group_size(&self) -> u64 {
        1 + (self.side * (self.side - 1) / 2) as u64
    }

    /// The number of groups, `4N²`.
    pub fn groups(&self) -> usize {
        4 * self.side * self.side
    }

    /// The number of encoding clauses (givens and blocking clause excluded).
    pub fn clause_count(&self) -> u64 {
        self.groups() as u64 * self.group_size()
    }

    /// The kind and 0-based (major, minor) coordinates of group `g`.
    pub fn group_kind(&self, g: usize) -> (GroupKind, usize, usize) {
        let nn = self.side * self.side;
        let kind = match g / nn {
            0 => GroupKind::Cell,
            1 => GroupKind::Row,
            2 => GroupKind::Col,
            _ => GroupKind::Box,
        };
        (kind, (g % nn) / self.side, g % self.side)
    }

    /// The variable of member `i` (0-based) of group `g`.
    pub fn member(&self, g: usize, i: usize) -> u32 {
        let (kind, a, b) = self.group_kind(g);
        match kind {
            GroupKind::Cell => self.var(a, b, i),
            GroupKind::Row => self.var(a, i, b),
            GroupKind::Col => self.var(i, a, b),
            GroupKind::Box => {
                let (r0, c0) = ((a / self.n) * self.n, (a % self.n) * self.n);
                self.var(r0 + i / self.n, c0 + i % self.n, b)
            }
        }
    }

    /// The four (group, member index) pairs of variable `v`: cell, row, column, box.
    pub fn groups_of(&self, v: u32) -> [(usize, usize); 4] {
        let (r, c, d) = self.decode(v);
        let (s, nn) = (self.side, self.side * self.side);
        let b = (r / self.n) * self.n + c / self.n;
        let in_box = (r % self.n) * self.n + c % self.n;
        [(r * s + c, d), (nn + r * s + d, c), (2 * nn + c * s + d, r), (3 * nn + b * s + d, in_box)]
    }

    /// Whether the placement `place` (a positive literal) falsifies variable `v` by one
    /// binary at-most-one clause: `v` is another member of one of its groups — another digit
    /// of its cell, or its digit in a peer cell (the eliminations a placement implies).
    pub fn excludes(&self, place: DLit, v: u32) -> bool {
        let Ok(p) = u32::try_from(place) else { return false };
        let valid = |x: u32| (1..=self.vars()).contains(&(x as usize));
        if p == v || !valid(p) || !valid(v) {
            return false;
        }
        let theirs = self.groups_of(v);
        self.groups_of(p).iter().any(|(g, _)| theirs.iter().any(|(h, _)| h == g))
    }

    /// The id (1-based, DIMACS order) of group `g`'s at-least-one clause.
    pub fn alo_id(&self, g: usize) -> u64 {
        g as u64 * self.group_size() + 1
    }

    /// The id of the at-most-one clause of members `i` and `j` (`i ≠ j`) of group `g`.
    pub fn amo_id(&self, g: usize, i: usize, j: usize) -> u64 {
        let (i, j) = if i < j { (i, j) } else { (j, i) };
        let pair = i * (2 * self.side - i - 1) / 2 + (j - i - 1);
        self.alo_id(g) + 1 + pair as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variables_round_trip_and_follow_the_documented_formula() {
        let e = Encoding::new(3);
        // v(r,c,d) = ((r−1)·N + (c−1))·N + d with 1-based r, c, d.
        assert_eq!(e.var(2, 4, 6), ((2 * 9 + 4) * 9 + 7) as u32);
        for v in 1..=e.vars() as u32 {
            let (r, c, d) = e.decode(v);
            assert_eq!(e.var(r, c, d), v);
        }
    }

    #[test]
    fn every_variable_is_the_listed_member_of_its_four_groups() {
        for n in 2..=4 {
            let e = Encoding::new(n);
            for v in 1..=e.vars() as u32 {
                for (g, i) in e.groups_of(v) {
                    assert_eq!(e.member(g, i), v, "order {n}, var {v}, group {g}");
                }
            }
        }
    }

    #[test]
    fn a_placement_excludes_its_cell_s_other_digits_and_its_digit_in_peers() {
        let e = Encoding::new(3);
        let p = e.var(0, 0, 4) as DLit; // r1c1=5
        assert!(e.excludes(p, e.var(0, 0, 3)), "r1c1≠4");
        assert!(e.excludes(p, e.var(0, 8, 4)), "r1c9≠5 (row)");
        assert!(e.excludes(p, e.var(8, 0, 4)), "r9c1≠5 (column)");
        assert!(e.excludes(p, e.var(2, 2, 4)), "r3c3≠5 (box)");
        assert!(!e.excludes(p, e.var(0, 0, 4)), "not itself");
        assert!(!e.excludes(p, e.var(0, 8, 3)), "another digit in a peer");
        assert!(!e.excludes(p, e.var(3, 3, 4)), "not a peer");
        assert!(!e.excludes(-p, e.var(0, 0, 3)), "an elimination excludes nothing");
        assert!(!e.excludes(p, 0) && !e.excludes(p, 730));
    }

    #[test]
    fn amo_ids_are_dense_and_distinct_within_a_group() {
        let e = Encoding::new(3);
        let mut ids: Vec<u64> = (0..9)
            .flat_map(|i| (i + 1..9).map(move |j| (i, j)))
            .map(|(i, j)| e.amo_id(5, i, j))
            .collect();
        ids.sort_unstable();
        let first = e.alo_id(5) + 1;
        assert_eq!(ids, (first..first + 36).collect::<Vec<_>>());
        assert_eq!(e.amo_id(5, 3, 1), e.amo_id(5, 1, 3));
        assert_eq!(e.alo_id(6), first + 36);
    }
}
