//! The public entry points of [`Solver`]: classification and counting of
//! puzzles and candidate states, with or without a node budget.

use super::search::{Solver, Start};
use super::{swapped_solution, Classification};
use crate::grid::{Candidates, Cell, Grid, Order};
use std::time::Instant;

impl Solver {
    /// Classifies `puzzle` as having no, one, or several solutions (stops at two).
    pub fn classify(&mut self, puzzle: &Grid) -> Classification {
        self.classify_with_budget(puzzle, u64::MAX).expect("an unlimited budget never runs out")
    }

    /// Classifies `puzzle`, opening at most `budget` branches; `None` if the
    /// budget ran out before the answer (when it ran out after one solution, a second made
    /// by [`swapped_solution`] is an answer too). A *branch* is one digit tried at a
    /// choice point on a copy of the state (the alternative left once the
    /// others are refuted costs none). [`Solver::nodes`] tells how many were
    /// opened.
    pub fn classify_with_budget(&mut self, puzzle: &Grid, budget: u64) -> Option<Classification> {
        let mut found = Vec::with_capacity(2);
        let start = Start::Values(puzzle.values());
        let ended = self.count(puzzle.order(), start, 2, budget, &mut |g| found.push(g)).is_some();
        classification(puzzle, found, ended)
    }

    /// Makes later searches of orders ≥ 4 give up at `deadline` as if their
    /// budget had run out (`None`: no deadline). The order-3 band search
    /// finishes in milliseconds and does not read the clock.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// Finds up to `limit` solutions of `puzzle`; returns their number and them.
    pub fn solve_count(&mut self, puzzle: &Grid, limit: usize) -> (usize, Vec<Grid>) {
        let mut found = Vec::new();
        let start = Start::Values(puzzle.values());
        self.count(puzzle.order(), start, limit, u64::MAX, &mut |g| found.push(g));
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
        self.classify_candidates_with_budget(order, cands, limit, u64::MAX)
            .expect("an unlimited budget never runs out")
    }

    /// [`Solver::classify_candidates`] opening at most `budget` branches;
    /// `None` if the budget ran out before `limit` solutions or the end.
    pub fn classify_candidates_with_budget(
        &mut self,
        order: Order,
        cands: &[Candidates],
        limit: usize,
        budget: u64,
    ) -> Option<(usize, Option<Grid>)> {
        let mut first = None;
        let start = Start::Candidates(cands);
        let count = self.count(order, start, limit, budget, &mut |g| {
            first.get_or_insert(g);
        })?;
        Some((count, first))
    }

    /// The branches opened by the last call (see
    /// [`Solver::classify_with_budget`]): a measure of a puzzle's difficulty
    /// for this solver, and of the work a budget allows.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// A branching guide for a depth-first search over candidate states: the
    /// cell this solver would branch on at `cands` (one mask per cell,
    /// row-major) after its own propagation, weighted by the conflicts of its
    /// last search (so call [`Solver::classify`] on the puzzle first to
    /// learn where it is hard). `None` if propagation alone solves or
    /// refutes the state, or the slice is not `N²` long. The cell is open in
    /// `cands` too: propagation only removes candidates.
    pub fn branch_cell(&mut self, order: Order, cands: &[Candidates]) -> Option<Cell> {
        let i = self.branch_cell_at(order, cands)?;
        Some(Cell::from_index(i, order.side()))
    }
}

/// The class of `puzzle` from the solutions a search `found` (at most two) and whether it
/// `ended` (rather than ran out of budget or time): `None` if it is not known. A search that
/// ran out after one solution may still be answered: a digit swap may give a second.
pub(super) fn classification(
    puzzle: &Grid,
    mut found: Vec<Grid>,
    ended: bool,
) -> Option<Classification> {
    let (second, first) = (found.pop(), found.pop());
    match (first, second) {
        (Some(first), Some(second)) => Some(Classification::Multiple(first, second)),
        (None, Some(only)) if ended => Some(Classification::Unique(only)),
        (None, Some(only)) => {
            let other = swapped_solution(puzzle, &only)?;
            Some(Classification::Multiple(only, other))
        }
        (_, None) => ended.then_some(Classification::None),
    }
}
