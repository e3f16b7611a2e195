//! The depth-first search: a reusable [`Solver`] with a preallocated stack of
//! candidate states, copied on branch, so the hot loop never allocates once
//! the stack has grown to the search depth. Order 3 goes to the band solver.

use super::band;
use super::branch::choose_branch;
use super::propagate::propagate;
use super::tables::Tables;
use crate::grid::{Candidates, Cell, Digit, Grid, Order};

/// Reusable solver state for one order; reuse it across many puzzles (batch
/// mode) to avoid rebuilding tables and regrowing the search stack.
#[derive(Debug, Clone)]
pub struct Solver {
    pub(super) tables: Tables,
    /// Level-major candidate states: level `k` is `stack[k·N²..(k+1)·N²]`.
    stack: Vec<u64>,
    /// The cell branched on at each level.
    branched: Vec<u16>,
    /// Cells that became single and still have to be removed from their peers.
    queue: Vec<u16>,
    /// Whether order 3 takes the band solver (off only to test against it).
    pub(super) fast_path: bool,
    /// Branches opened by the last search.
    pub(super) nodes: u64,
}

/// Where a search starts: a puzzle's givens or a candidate state.
#[derive(Clone, Copy)]
pub(super) enum Start<'a> {
    /// Row-major values, `0` blank.
    Values(&'a [u8]),
    /// One candidate mask per cell, row-major.
    Candidates(&'a [Candidates]),
}

impl Solver {
    /// A solver for puzzles of `order` (it adapts if given another order).
    pub fn new(order: Order) -> Solver {
        let tables = Tables::new(order);
        let stack = vec![0; tables.cells * 8];
        let queue = Vec::with_capacity(tables.cells);
        Solver { tables, stack, branched: Vec::new(), queue, fast_path: true, nodes: 0 }
    }

    /// The order the solver is currently set up for.
    pub fn order(&self) -> Order {
        self.tables.order
    }

    /// Counts the solutions of `start` in `order` up to `limit`, opening at
    /// most `budget` branches; calls `on_solution` for each. `None` if the
    /// budget ran out first.
    pub(super) fn count(
        &mut self,
        order: Order,
        start: Start,
        limit: usize,
        budget: u64,
        on_solution: &mut dyn FnMut(Grid),
    ) -> Option<usize> {
        self.set_order(order);
        self.nodes = 0;
        if order.n() == 3 && self.fast_path {
            return self.count_bands(order, start, limit, budget, on_solution);
        }
        let loaded = match start {
            Start::Values(values) => {
                self.load_values(values);
                true
            }
            Start::Candidates(cands) => self.load_candidates(cands),
        };
        if !loaded || limit == 0 {
            return Some(0);
        }
        self.search(limit, budget, |state| on_solution(grid_of(order, state)))
    }

    fn count_bands(
        &mut self,
        order: Order,
        start: Start,
        limit: usize,
        budget: u64,
        on_solution: &mut dyn FnMut(Grid),
    ) -> Option<usize> {
        let state = match start {
            Start::Values(values) => band::from_values(values),
            Start::Candidates(cands) if cands.len() == 81 => match band::from_candidates(cands) {
                Some(state) => state,
                None => return Some(0),
            },
            Start::Candidates(_) => return Some(0),
        };
        let to_grid = |v: &[u8; 81]| Grid::from_values(order, v.to_vec()).expect("81 digits");
        let (found, nodes, cut) = band::count(state, limit, budget, |v| on_solution(to_grid(v)));
        self.nodes = nodes;
        (!cut).then_some(found)
    }

    fn set_order(&mut self, order: Order) {
        if self.tables.order != order {
            let fast_path = self.fast_path;
            *self = Solver { fast_path, ..Solver::new(order) };
        }
        self.queue.clear();
    }

    /// Loads the givens into level 0 and queues them; clashes show up as
    /// conflicts during the first propagation.
    fn load_values(&mut self, values: &[u8]) {
        let full = self.tables.full;
        for (i, &value) in values.iter().enumerate() {
            self.stack[i] = match value {
                0 => full,
                v => {
                    self.queue.push(i as u16);
                    1u64 << (v - 1)
                }
            };
        }
    }

    /// Loads candidate masks into level 0; `false` if some cell has none or
    /// the slice is not `N²` long.
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
    /// `None` if `budget` branches were opened before the search ended.
    fn search(
        &mut self,
        limit: usize,
        budget: u64,
        mut on_solution: impl FnMut(&[u64]),
    ) -> Option<usize> {
        let cells = self.tables.cells;
        let (mut level, mut found) = (0usize, 0usize);
        loop {
            let state = &mut self.stack[level * cells..(level + 1) * cells];
            let outcome = propagate(&self.tables, state, &mut self.queue);
            if let Ok(bilocal) = outcome {
                if let Some((cell, bit)) = choose_branch(&self.tables, state, bilocal) {
                    if self.nodes >= budget {
                        return None;
                    }
                    self.branch(level, cell, bit);
                    level += 1;
                    continue;
                }
                found += 1;
                on_solution(state);
                if found >= limit {
                    return Some(found);
                }
            } else {
                self.queue.clear();
            }
            // Back to the parent, whose state already excludes the digit tried.
            if level == 0 {
                return Some(found);
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
        self.nodes += 1;
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
