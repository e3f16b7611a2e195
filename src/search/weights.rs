//! Conflict weights for the depth-first search's branching (dom/wdeg).
//!
//! The plain solver learned it first (`solver/branch.rs`): counting, per unit, the
//! refutations that ended there and branching where `alternatives² / weight` is
//! smallest sends the search back to where the puzzle is tight (fail first). The proof
//! search has the same trees to walk, so it counts the same way: each ⊥ blames the
//! unit, or the three units of the cell, where `Cn` found it.

use crate::cn::Site;
use crate::grid::Geometry;

/// Refutations counted per unit, starting at 1 (plain fewest-alternatives order), and per
/// cell the sum over its three units, kept up to date: the branching scan asks every open
/// cell's weight each time `Cn` is stuck, far more often than a ⊥ changes them.
#[derive(Clone, Debug)]
pub(super) struct Weights {
    unit: Vec<u64>,
    cell: Vec<u64>,
}

impl Weights {
    /// Every unit of `geo` at weight 1 (every cell at 3).
    pub fn new(geo: &Geometry) -> Weights {
        Weights { unit: vec![1; geo.unit_count()], cell: vec![3; geo.cells()] }
    }

    /// Count a ⊥ found at `site`.
    pub fn blame(&mut self, geo: &Geometry, site: Site) {
        match site {
            Site::Unit(u) => self.blame_unit(geo, u),
            Site::Cell(c) => geo.units_of(c).iter().for_each(|&u| self.blame_unit(geo, u as usize)),
        }
    }

    fn blame_unit(&mut self, geo: &Geometry, unit: usize) {
        self.unit[unit] += 1;
        for &cell in geo.unit_cells(unit) {
            self.cell[cell.index()] += 1;
        }
    }

    /// The weight of each cell (the sum over its three units), by cell index.
    pub fn of_cells(&self) -> &[u64] {
        &self.cell
    }

    /// The weight of a unit, scaled to compare with cells (which sum three units).
    pub fn of_unit(&self, unit: usize) -> u64 {
        3 * self.unit[unit]
    }
}
