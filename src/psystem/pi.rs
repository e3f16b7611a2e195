//! The alphabet and initial multisets of Π(n), the family of P systems of
//! Díaz-Pernil et al. ("A Cellular Sudoku Solver") solving order-n Sudoku by
//! parallel naked singles. The rule sets R1–R12 are in [`super::pi_rules`].

use super::objects::{Alphabet, Multiset, ObjectId};
use super::pi_rules;
use super::system::{Membrane, PSystem};
use super::PsystemError;
use crate::grid::{Cell, Digit, Grid, Order};

/// The largest order Π(n) is built for: it has about `8·n⁶` rules (n = 5:
/// 130 000), so larger orders are refused rather than left to run for long.
pub const MAX_ORDER: usize = 5;

/// The interned objects of Π(n), by role. Vectors are indexed 0-based:
/// per cell `i·N + j`, per unit and digit `u·N + x`, per cell and digit `(i·N + j)·N + x`.
#[derive(Clone, Debug)]
pub struct PiObjects {
    /// `n`.
    pub n: usize,
    /// `N = n²`.
    pub side: usize,
    /// `z_ijx`: input, digit `x` given at `(i, j)`.
    pub z: Vec<ObjectId>,
    /// `s_ijx`: digit `x` placed at `(i, j)`.
    pub s: Vec<ObjectId>,
    /// `f_ix`: digit `x` not yet in row `i`.
    pub f: Vec<ObjectId>,
    /// `c_jx`: digit `x` not yet in column `j`.
    pub c: Vec<ObjectId>,
    /// `b_kx`: digit `x` not yet in box `k`.
    pub b: Vec<ObjectId>,
    /// `box_ijk`: the box `k` of the cell `(i, j)` (one per cell).
    pub boxes: Vec<ObjectId>,
    /// `sq_ij`: the cell `(i, j)` exists.
    pub sq: Vec<ObjectId>,
    /// `r_ij`: counter, one copy used per candidate of `(i, j)`.
    pub r: Vec<ObjectId>,
    /// `a_ij`: one copy per candidate of `(i, j)`.
    pub a: Vec<ObjectId>,
    /// `m_ijx`: candidate `x` of `(i, j)` has been counted.
    pub m: Vec<ObjectId>,
    /// `p`: one per placed digit.
    pub p: ObjectId,
    /// `d`: the reset stage is over.
    pub d: ObjectId,
    /// `w`: a digit was placed in this checking stage.
    pub w: ObjectId,
    /// `k0`, `k1`, `k2`: the control catalysts.
    pub k: [ObjectId; 3],
    /// `Yes`: the answer when the grid is complete.
    pub yes: ObjectId,
    /// `No`: the answer when a checking stage placed nothing.
    pub no: ObjectId,
}

impl PiObjects {
    fn intern(gamma: &mut Alphabet, order: Order) -> PiObjects {
        let (n, side) = (order.n(), order.side());
        let ix = |v: usize| (v + 1) as u8;
        let per_cell_digit = |gamma: &mut Alphabet, kind: &str| -> Vec<ObjectId> {
            let triples =
                (0..side * side * side).map(|t| (t / (side * side), t / side % side, t % side));
            triples.map(|(i, j, x)| gamma.intern(kind, &[ix(i), ix(j), ix(x)])).collect()
        };
        let per_pair = |gamma: &mut Alphabet, kind: &str| -> Vec<ObjectId> {
            (0..side * side).map(|t| gamma.intern(kind, &[ix(t / side), ix(t % side)])).collect()
        };
        let z = per_cell_digit(gamma, "z");
        let s = per_cell_digit(gamma, "s");
        let (f, c, b) = (per_pair(gamma, "f"), per_pair(gamma, "c"), per_pair(gamma, "b"));
        let boxes = (0..side * side)
            .map(|t| {
                let (i, j) = (t / side, t % side);
                gamma.intern("box", &[ix(i), ix(j), ix((i / n) * n + j / n)])
            })
            .collect();
        let (sq, r, a) = (per_pair(gamma, "sq"), per_pair(gamma, "r"), per_pair(gamma, "a"));
        let m = per_cell_digit(gamma, "m");
        let mut one = |kind: &str| gamma.intern(kind, &[]);
        let (p, d, w) = (one("p"), one("d"), one("w"));
        let k = [one("k0"), one("k1"), one("k2")];
        let (yes, no) = (one("Yes"), one("No"));
        PiObjects { n, side, z, s, f, c, b, boxes, sq, r, a, m, p, d, w, k, yes, no }
    }

    /// The box (0-based) of the cell `(i, j)`.
    pub fn box_of(&self, i: usize, j: usize) -> usize {
        (i / self.n) * self.n + j / self.n
    }

    /// Index of the cell `(i, j)` and digit `x` (all 0-based) in `z`, `s`, `m`.
    pub fn cxd(&self, i: usize, j: usize, x: usize) -> usize {
        (i * self.side + j) * self.side + x
    }

    /// Index of the pair `(u, v)` (0-based) in the per-pair vectors.
    pub fn pair(&self, u: usize, v: usize) -> usize {
        u * self.side + v
    }
}

/// Π(n) for one order: the P system, its objects, and its two membranes.
#[derive(Clone, Debug)]
pub struct PiSystem {
    order: Order,
    objects: PiObjects,
    system: PSystem,
}

impl PiSystem {
    /// Build Π(n): alphabet, membrane structure `[[ ]e]s`, initial multisets
    /// `w_e = k1 ∪ {box_ijk, sq_ij, f_ix, c_jx, b_kx, r_ij^N}`, `w_s = ∅`, and R1–R12.
    pub fn build(order: Order) -> Result<PiSystem, PsystemError> {
        if order.n() > MAX_ORDER {
            return Err(PsystemError::UnsupportedOrder(order.n()));
        }
        let mut gamma = Alphabet::new();
        let objects = PiObjects::intern(&mut gamma, order);
        let mut w_e = Multiset::new(gamma.len());
        w_e.add(objects.k[1], 1);
        let per_pair = [&objects.boxes, &objects.sq, &objects.f, &objects.c, &objects.b];
        for &o in per_pair.into_iter().flatten() {
            w_e.add(o, 1);
        }
        for &o in &objects.r {
            w_e.add(o, order.side() as u32);
        }
        let skin = Membrane {
            label: "s".into(),
            parent: None,
            initial: Multiset::new(gamma.len()),
            levels: pi_rules::skin_levels(&objects),
        };
        let e = Membrane {
            label: "e".into(),
            parent: Some(0),
            initial: w_e,
            levels: pi_rules::e_levels(&objects),
        };
        let system = PSystem::new(gamma, vec![skin, e])?;
        Ok(PiSystem { order, objects, system })
    }

    /// The order `n`.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The P system.
    pub fn system(&self) -> &PSystem {
        &self.system
    }

    /// The objects by role.
    pub fn objects(&self) -> &PiObjects {
        &self.objects
    }

    /// Index of the skin `s`.
    pub fn skin(&self) -> usize {
        0
    }

    /// Index of the input membrane `e`.
    pub fn inner(&self) -> usize {
        1
    }

    /// The input multiset: one `z_ijx` per given `x` at `(i, j)`.
    pub fn input(&self, puzzle: &Grid) -> Result<Multiset, PsystemError> {
        if puzzle.order() != self.order {
            return Err(PsystemError::OrderMismatch {
                system: self.order.n(),
                puzzle: puzzle.order().n(),
            });
        }
        let mut input = Multiset::new(self.system.alphabet().len());
        for (cell, digit) in puzzle.filled() {
            input.add(self.objects.z[self.objects.cxd(cell.row(), cell.col(), digit.get() - 1)], 1);
        }
        Ok(input)
    }

    /// The placements `s_ijx` found in `ms`, as a grid (at most one digit kept per cell).
    pub fn decode(&self, ms: &Multiset) -> Grid {
        let mut grid = Grid::empty(self.order);
        let side = self.order.side();
        for (t, &o) in self.objects.s.iter().enumerate() {
            let cell = Cell::from_index(t / side, side);
            if ms.count(o) > 0 && grid.get(cell).is_none() {
                grid.set(cell, Some(Digit::new(t % side + 1)));
            }
        }
        grid
    }
}
