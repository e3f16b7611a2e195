//! The depth-first search: a reusable [`Solver`] with a preallocated stack of
//! states, copied on branch, so the hot loop never allocates once the stack
//! has grown to the search depth. Order 3 goes to the band solver.

use super::band;
use super::branch::{choose_branch, Weights};
use super::gac::Gac;
use super::propagate::{propagate, Conflict};
use super::tables::Tables;
use super::work::{State, Work};
use crate::grid::{Candidates, Cell, Digit, Grid, Order};
use std::time::Instant;

/// Reusable solver state for one order; reuse it across many puzzles (batch
/// mode) to avoid rebuilding tables and regrowing the search stack.
#[derive(Debug, Clone)]
pub struct Solver {
    pub(super) tables: Tables,
    /// Level-major states: level `k` is `stack[k·L..(k+1)·L]`, `L` the
    /// state length.
    stack: Vec<u64>,
    /// The cell and digit bit tried at each level.
    branched: Vec<(usize, u64)>,
    /// Pending propagation work.
    work: Work,
    /// The matching rule's warm starts.
    gac: Gac,
    /// Conflict counts guiding the branching.
    weights: Weights,
    /// Whether order 3 takes the band solver (off only to test against it).
    pub(super) fast_path: bool,
    /// Branches opened by the last search.
    pub(super) nodes: u64,
    /// When searches of orders ≥ 4 give up (as if the budget ran out).
    pub(super) deadline: Option<Instant>,
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
        Solver {
            stack: vec![0; tables.state_len() * 8],
            branched: Vec::new(),
            work: Work::default(),
            gac: Gac::new(&tables),
            weights: Weights::new(&tables),
            tables,
            fast_path: true,
            nodes: 0,
            deadline: None,
        }
    }

    /// Sets the solver up for `order` (rebuilding its tables if it had another), keeping
    /// its settings: the band fast path and the deadline.
    fn adapt_to(&mut self, order: Order) {
        if self.tables.order != order {
            *self =
                Solver { fast_path: self.fast_path, deadline: self.deadline, ..Solver::new(order) };
        }
    }

    /// Sets the solver up for `order` with every conflict weight back at 1.
    pub(super) fn reset_weights(&mut self, order: Order) {
        self.adapt_to(order);
        self.weights.reset();
    }

    /// Whether the deadline (if any) has passed, reading the clock now.
    pub(super) fn deadline_passed(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the deadline has passed; the clock is read every 1024 nodes only.
    fn past_deadline(&self) -> bool {
        self.nodes % 1024 == 1023 && self.deadline_passed()
    }

    /// The order the solver is currently set up for.
    pub fn order(&self) -> Order {
        self.tables.order
    }

    /// Counts the solutions of `start` in `order` up to `limit`, opening at
    /// most `budget` nodes; calls `on_solution` for each. `None` if the
    /// budget ran out first.
    pub(super) fn count(
        &mut self,
        order: Order,
        start: Start,
        limit: usize,
        budget: u64,
        on_solution: &mut dyn FnMut(Grid),
    ) -> Option<usize> {
        self.reset_weights(order);
        self.count_with_weights(order, start, limit, budget, on_solution)
    }

    /// [`Solver::count`] branching by the conflict weights of the searches before it
    /// (a restarted search keeps what its earlier runs learned about where it is hard).
    pub(super) fn count_with_weights(
        &mut self,
        order: Order,
        start: Start,
        limit: usize,
        budget: u64,
        on_solution: &mut dyn FnMut(Grid),
    ) -> Option<usize> {
        self.adapt_to(order);
        self.nodes = 0;
        if order.n() == 3 && self.fast_path {
            return self.count_bands(order, start, limit, budget, on_solution);
        }
        if limit == 0 || self.load(start).is_err() {
            return Some(0);
        }
        self.search(limit, budget, &mut |cells| on_solution(grid_of(order, cells)))
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

    /// The cell the search would branch on at the candidate state `cands`
    /// of `order` once propagated, with the conflict weights of this
    /// solver's last search; `None` if propagation solves or refutes it.
    pub(super) fn branch_cell_at(&mut self, order: Order, cands: &[Candidates]) -> Option<usize> {
        self.adapt_to(order);
        self.load(Start::Candidates(cands)).ok()?;
        let outcome = self.settle(0, None);
        self.work.clear();
        outcome.ok()?;
        let t = &self.tables;
        choose_branch(t, &self.stack[..t.cells], &self.weights).map(|(cell, _)| cell)
    }

    /// Loads `start` into level 0 with every rule pending; `Err` if it is
    /// already contradictory (clashing givens, an empty cell, a slice that
    /// is not `N²` long).
    fn load(&mut self, start: Start) -> Result<(), Conflict> {
        let t = &self.tables;
        let mut s = State::of(t, &mut self.stack[..t.state_len()]);
        s.fill(t);
        self.work.clear();
        self.work.mark_all(t);
        let result = match start {
            Start::Values(values) => values
                .iter()
                .enumerate()
                .filter(|(_, &v)| v != 0)
                .try_for_each(|(i, &v)| self.work.assign(t, &mut s, i, 1 << (v - 1))),
            Start::Candidates(cands) if cands.len() == t.cells => {
                cands.iter().enumerate().try_for_each(|(i, c)| self.work.remove(t, &mut s, i, !c.0))
            }
            Start::Candidates(_) => Err(Conflict::Cell(0)),
        };
        if result.is_err() {
            self.work.clear();
        }
        result
    }

    /// Depth-first search from the state at level 0 (with its pending work);
    /// calls `on_solution` with the cells of each solution and stops after
    /// `limit` of them. `None` if `budget` nodes were opened first.
    fn search(
        &mut self,
        limit: usize,
        budget: u64,
        on_solution: &mut dyn FnMut(&[u64]),
    ) -> Option<usize> {
        let len = self.tables.state_len();
        let (mut level, mut found) = (0usize, 0usize);
        // The removal a level must apply before propagating: the digit tried
        // below it, once refuted (or the child's own assignment).
        let mut pending: Option<(usize, u64)> = None;
        loop {
            self.ensure_levels(level + 2);
            let outcome = self.settle(level, pending.take());
            let t = &self.tables;
            match outcome {
                Ok(()) => {
                    let cells = &self.stack[level * len..level * len + t.cells];
                    if let Some((cell, bit)) = choose_branch(t, cells, &self.weights) {
                        if self.nodes >= budget || self.past_deadline() {
                            return None;
                        }
                        self.nodes += 1;
                        self.stack.copy_within(level * len..(level + 1) * len, (level + 1) * len);
                        self.branched.truncate(level);
                        self.branched.push((cell, bit));
                        level += 1;
                        pending = Some((cell, !bit));
                        continue;
                    }
                    found += 1;
                    on_solution(cells);
                    if found >= limit {
                        return Some(found);
                    }
                }
                Err(conflict) => self.weights.blame(t, conflict),
            }
            self.work.clear();
            // Back to the parent: the digit tried is refuted there.
            if level == 0 {
                return Some(found);
            }
            level -= 1;
            pending = Some(self.branched[level]);
        }
    }

    /// Applies `removal` at `level` and propagates.
    fn settle(&mut self, level: usize, removal: Option<(usize, u64)>) -> Result<(), Conflict> {
        let t = &self.tables;
        let len = t.state_len();
        let mut s = State::of(t, &mut self.stack[level * len..(level + 1) * len]);
        if let Some((cell, bits)) = removal {
            self.work.remove(t, &mut s, cell, bits)?;
        }
        propagate(t, &mut s, &mut self.work, &mut self.gac)
    }

    fn ensure_levels(&mut self, levels: usize) {
        let len = self.tables.state_len();
        if self.stack.len() < levels * len {
            self.stack.resize(levels * len * 2, 0);
        }
    }
}

/// The grid of a solved state (every cell mask a single digit).
fn grid_of(order: Order, cells: &[u64]) -> Grid {
    let mut grid = Grid::empty(order);
    let side = order.side();
    for (i, &mask) in cells.iter().enumerate() {
        let digit = Digit::new(mask.trailing_zeros() as usize + 1);
        grid.set(Cell::from_index(i, side), Some(digit));
    }
    grid
}
