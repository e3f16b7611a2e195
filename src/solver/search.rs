//! The depth-first search: a reusable [`Solver`] with a preallocated stack of
//! candidate states, copied on branch, so the hot loop never allocates once
//! the stack has grown to the search depth.

use super::branch::choose_branch;
use super::propagate::propagate;
use super::tables::Tables;
use super::Classification;
use crate::grid::{Candidates, Cell, Digit, Grid, Order};

/// Reusable solver state for one order; reuse it across many puzzles (batch
/// mode) to avoid rebuilding tables and regrowing the search stack.
#[derive(Debug, Clone)]
pub struct Solver {
    tables: Tables,
    /// Level-major candidate states: level `k` is `stack[k·N²..(k+1)·N²]`.
    stack: Vec<u64>,
    /// The cell branched on at each level.
    branched: Vec<u16>,
    /// Cells that became single and still have to be removed from their peers.
    queue: Vec<u16>,
}

impl Solver {
    /// A solver for puzzles of `order` (it adapts if given another order).
    pub fn new(order: Order) -> Solver {
        let tables = Tables::new(order);
        let stack = vec![0; tables.cells * 8];
        let queue = Vec::with_capacity(tables.cells);
        Solver { tables, stack, branched: Vec::new(), queue }
    }

    /// The order the solver is currently set up for.
    pub fn order(&self) -> Order {
        self.tables.order
    }

    /// Classifies `puzzle` as having no, one, or several solutions (stops at two).
    pub fn classify(&mut self, puzzle: &Grid) -> Classification {
        let (_, mut found) = self.solve_count(puzzle, 2);
        match (found.pop(), found.pop()) {
            (Some(second), Some(first)) => Classification::Multiple(first, second),
            (Some(only), None) => Classification::Unique(only),
            _ => Classification::None,
        }
    }

    /// Finds up to `limit` solutions of `puzzle`; returns their number and them.
    pub fn solve_count(&mut self, puzzle: &Grid, limit: usize) -> (usize, Vec<Grid>) {
        self.set_order(puzzle.order());
        let mut found = Vec::new();
        self.load_grid(puzzle);
        let order = self.tables.order;
        self.search(limit, |state| found.push(grid_of(order, state)));
        (found.len(), found)
    }

    /// Counts solutions of a candidate state up to `limit` and returns the
    /// first one found. `cands` has one mask per cell, row-major; placed cells
    /// hold a single candidate. A slice whose length is not `N²` describes no
    /// grid of `order` and has no solutions.
    pub fn classify_candidates(
        &mut self,
        order: Order,
        cands: &[Candidates],
        limit: usize,
    ) -> (usize, Option<Grid>) {
        self.set_order(order);
        let mut first = None;
        if !self.load_candidates(cands) {
            return (0, None);
        }
        let count = self.search(limit, |state| {
            if first.is_none() {
                first = Some(grid_of(order, state));
            }
        });
        (count, first)
    }

    fn set_order(&mut self, order: Order) {
        if self.tables.order != order {
            *self = Solver::new(order);
        }
        self.queue.clear();
    }

    /// Loads the givens into level 0 and queues them; clashes show up as
    /// conflicts during the first propagation.
    fn load_grid(&mut self, puzzle: &Grid) {
        let full = self.tables.full;
        for (i, &value) in puzzle.values().iter().enumerate() {
            self.stack[i] = match value {
                0 => full,
                v => {
                    self.queue.push(i as u16);
                    1u64 << (v - 1)
                }
            };
        }
    }

    /// Loads candidate masks into level 0; `false` if some cell has none.
    fn load_candidates(&mut self, cands: &[Candidates]) -> bool {
        if cands.len() != self.tables.cells {
            return false;
        }
        let full = self.tables.full;
        for (i, c) in cands.iter().enumerate() {
            let mask = c.0 & full;
            if mask == 0 {
                return false;
            }
            if mask & (mask - 1) == 0 {
                self.queue.push(i as u16);
            }
            self.stack[i] = mask;
        }
        true
    }

    /// Depth-first search from the state at level 0 (and the queued cells);
    /// calls `on_solution` for each solution, stops after `limit` of them.
    fn search(&mut self, limit: usize, mut on_solution: impl FnMut(&[u64])) -> usize {
        let cells = self.tables.cells;
        let (mut level, mut found) = (0usize, 0usize);
        if limit == 0 {
            return 0;
        }
        loop {
            let state = &mut self.stack[level * cells..(level + 1) * cells];
            let outcome = propagate(&self.tables, state, &mut self.queue);
            if let Ok(bilocal) = outcome {
                if let Some((cell, bit)) = choose_branch(&self.tables, state, bilocal) {
                    self.branch(level, cell, bit);
                    level += 1;
                    continue;
                }
                found += 1;
                on_solution(state);
                if found >= limit {
                    return found;
                }
            } else {
                self.queue.clear();
            }
            // Back to the parent, whose state already excludes the digit tried.
            if level == 0 {
                return found;
            }
            level -= 1;
            let cell = self.branched[level] as usize;
            let rest = self.stack[level * cells + cell];
            if rest & rest.wrapping_sub(1) == 0 {
                self.queue.push(cell as u16);
            }
        }
    }

    /// Splits the state at `level` on `cell`: level `level + 1` tries the
    /// digit `bit`, level `level` keeps the others for backtracking.
    fn branch(&mut self, level: usize, cell: usize, bit: u64) {
        let cells = self.tables.cells;
        if self.stack.len() < (level + 2) * cells {
            self.stack.resize((level + 2) * cells * 2, 0);
        }
        if self.branched.len() <= level {
            self.branched.resize(level + 1, 0);
        }
        let (here, below) = self.stack.split_at_mut((level + 1) * cells);
        let parent = &mut here[level * cells..];
        let child = &mut below[..cells];
        child.copy_from_slice(parent);
        parent[cell] &= !bit;
        child[cell] = bit;
        self.branched[level] = cell as u16;
        self.queue.push(cell as u16);
    }
}

/// The grid of a solved state (every mask a single digit).
fn grid_of(order: Order, state: &[u64]) -> Grid {
    let mut grid = Grid::empty(order);
    let side = order.side();
    for (i, &mask) in state.iter().enumerate() {
        let digit = Digit::new(mask.trailing_zeros() as usize + 1);
        grid.set(Cell::from_index(i, side), Some(digit));
    }
    grid
}
