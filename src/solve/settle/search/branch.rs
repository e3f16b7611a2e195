//! Where the depth-first search branches: the conflict weights per unit, and the smallest set
//! of alternatives for its weight (an open cell's candidates, or a digit's two places in a
//! unit), as the engine's depth-first search scores them (`search/weights.rs`).

use crate::grid::Grid;
use crate::solve::settle::masks::{self, CELL_UNITS, UNIT_MASKS};
use crate::solve::settle::{Conflict, Settle};

/// Refutations counted per unit, from 1, as the engine's depth-first search counts them
/// (`search/weights.rs`): branching where `alternatives² / weight` is smallest sends the
/// search back to where the puzzle is tight.
pub(super) struct Weights(pub(super) [u32; 27]);

impl Weights {
    /// A cell's weight: the sum over its three units.
    pub(super) fn cell(&self, i: usize) -> u32 {
        CELL_UNITS[i].iter().map(|&u| self.0[usize::from(u)]).sum()
    }

    /// A bound on every cell's weight: the heaviest row, column and box.
    fn heaviest_cell(&self) -> u32 {
        self.0.chunks(9).map(|kind| kind.iter().max().copied().unwrap_or(0)).sum()
    }

    /// A digit's two places in `unit`, weighed as the cells' three units are (a cell's weight
    /// sums three units' counts).
    pub(super) fn places(&self, unit: usize) -> u32 {
        3 * self.0[unit]
    }

    /// Count a ⊥ found at `conflict`: its unit, or its cell's three.
    pub(super) fn blame(&mut self, conflict: Conflict) {
        match conflict {
            Conflict::NoPlace(unit, _) => self.0[unit] += 1,
            Conflict::EmptyCell(i) => {
                for unit in CELL_UNITS[i] {
                    self.0[usize::from(unit)] += 1;
                }
            }
        }
    }
}

/// A set of alternatives to branch on.
#[derive(Clone, Copy)]
enum Branch {
    /// The candidates of the cell of this index.
    Cell(usize),
    /// The places of digit `d0+1` in the unit.
    Places(usize, usize),
}

/// The best branch offered so far, with its size (alternatives squared) and weight.
#[derive(Default)]
struct Best {
    branch: Option<Branch>,
    size: u32,
    weight: u32,
}

impl Best {
    /// Keep `branch` (with `n` alternatives) if `n² / weight` is strictly smaller.
    fn offer(&mut self, n: u32, weight: u32, branch: Branch) {
        let size = n * n;
        if self.branch.is_none() || size * self.weight < self.size * weight {
            *self = Best { branch: Some(branch), size, weight };
        }
    }
}

impl Settle {
    /// The assumption to open, from the smallest set of alternatives (one of which holds in
    /// every solution) for its weight, as the engine's branching scores them ([`Weights`]): an
    /// open cell's candidates, or a digit's two places in a unit where it is not placed,
    /// cells first on ties. At the root (with the `solution`) the first alternative outside
    /// it; in a subproof, the first.
    pub(super) fn choose(
        &self,
        weights: &Weights,
        solution: Option<&Grid>,
    ) -> Option<(usize, usize)> {
        let mut best = Best::default();
        let by_count = masks::cells_by_count(&self.cands);
        let heaviest = weights.heaviest_cell();
        for (n, &class) in by_count.iter().enumerate().skip(1) {
            let n = n as u32 + 1;
            // A cell with more candidates than this cannot score better.
            if best.branch.is_some() && n * n * best.weight >= best.size * heaviest {
                break;
            }
            let mut cells = class & self.open;
            while cells != 0 {
                let i = cells.trailing_zeros() as usize;
                cells &= cells - 1;
                best.offer(n, weights.cell(i), Branch::Cell(i));
            }
        }
        for d0 in 0..9 {
            let mut units = masks::pair_units(self.cands[d0]);
            while units != 0 {
                let unit = units.trailing_zeros() as usize;
                units &= units - 1;
                best.offer(2, weights.places(unit), Branch::Places(unit, d0));
            }
        }
        let (mut alternatives, d0) = match best.branch? {
            Branch::Cell(i) => return self.first_outside(i, solution).map(|d0| (i, d0)),
            Branch::Places(unit, d0) => (self.cands[d0] & UNIT_MASKS[unit], d0),
        };
        while alternatives != 0 {
            let i = alternatives.trailing_zeros() as usize;
            alternatives &= alternatives - 1;
            if outside(solution, i, d0) {
                return Some((i, d0));
            }
        }
        None
    }

    /// The first candidate (0-based) of the cell of index `i` outside `solution` (any, without
    /// one).
    pub(super) fn first_outside(&self, i: usize, solution: Option<&Grid>) -> Option<usize> {
        (0..9).find(|&d0| self.cands[d0] >> i & 1 == 1 && outside(solution, i, d0))
    }
}

/// Whether `d0+1` at the cell of index `i` is outside `solution` (always, without one).
pub(super) fn outside(solution: Option<&Grid>, i: usize, d0: usize) -> bool {
    solution.and_then(|s| s.values().get(i)).map_or(true, |&v| usize::from(v) != d0 + 1)
}
