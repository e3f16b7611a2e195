//! Conflict weights for the depth-first search's branching (dom/wdeg).
//!
//! The plain solver learned it first (`solver/branch.rs`): counting, per unit, the
//! refutations that ended there and branching where `alternatives² / weight` is
//! smallest sends the search back to where the puzzle is tight (fail first). The proof
//! search has the same trees to walk, so it counts the same way: each ⊥ blames the
//! unit, or the three units of the cell, where `Cn` found it.

use crate::cn::Site;
use crate::grid::{Cell, Geometry};

/// Refutations counted per unit, starting at 1 (plain fewest-alternatives order).
#[derive(Clone, Debug)]
pub(super) struct Weights {
    unit: Vec<u64>,
}

impl Weights {
    /// Every unit of `geo` at weight 1.
    pub fn new(geo: &Geometry) -> Weights {
        Weights { unit: vec![1; geo.unit_count()] }
    }

    /// Count a ⊥ found at `site`.
    pub fn blame(&mut self, geo: &Geometry, site: Site) {
        match site {
            Site::Unit(u) => self.unit[u] += 1,
            Site::Cell(c) => geo.units_of(c).iter().for_each(|&u| self.unit[u as usize] += 1),
        }
    }

    /// The weight of a cell: the sum over its three units.
    pub fn of_cell(&self, geo: &Geometry, cell: Cell) -> u64 {
        geo.units_of(cell).iter().map(|&u| self.unit[u as usize]).sum()
    }

    /// The weight of a unit, scaled to compare with cells (which sum three units).
    pub fn of_unit(&self, unit: usize) -> u64 {
        3 * self.unit[unit]
    }
}
