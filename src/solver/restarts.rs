//! Finding one solution: by one search, or by restarted searches.
//!
//! A depth-first search that branches badly near the root can spend minutes in a subtree
//! without solutions: on the 25×25 gecode puzzles the first solution of line 1 takes one
//! uninterrupted search 3.2 M branches (≈ 100 s), while a search restarted after
//! `100 · luby(i)` branches — keeping the conflict weights each run learned, so the next run
//! branches where the last one failed — finds line 14's in 0.06 s, line 12's in 7 s and line
//! 7's in 14 s, three puzzles one search did not solve in 20 s (docs/performance.md). The
//! Luby sequence (1, 1, 2, 1, 1, 2, 4, 1, …; Luby, Sinclair and Zuckerman 1993) is the
//! restart schedule whose total work is within a log factor of the best fixed cutoff's.
//!
//! Restarts pay on finding *a* solution; proving that no second exists walks the whole tree
//! anyway, which is why [`Solver::classify`] does not restart.

use super::search::{Solver, Start};
use crate::grid::Grid;

/// Branches of the first run; run `i` may open `RESTART_UNIT · luby(i)`.
pub const RESTART_UNIT: u64 = 100;

/// What a search for one solution found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FirstSolution {
    /// A solution (there may be others).
    Found(Grid),
    /// A search finished its tree without one: the puzzle has no solution.
    None,
    /// The budget (or the solver's deadline) ran out first.
    Unknown,
}

impl Solver {
    /// Looks for one solution of `puzzle` by one search opening at most `budget` branches:
    /// cheaper than [`Solver::classify_with_budget`] by the part of the tree after the first
    /// solution, which proves there is no second.
    pub fn find_one(&mut self, puzzle: &Grid, budget: u64) -> FirstSolution {
        let mut found = None;
        let start = Start::Values(puzzle.values());
        let outcome = self.count(puzzle.order(), start, 1, budget, &mut |g| found = Some(g));
        match (outcome, found) {
            (_, Some(grid)) => FirstSolution::Found(grid),
            (Some(_), None) => FirstSolution::None,
            (None, None) => FirstSolution::Unknown,
        }
    }

    /// Looks for one solution of `puzzle` by searches restarted on the Luby schedule, opening
    /// at most `budget` branches in all. Order 3 takes one search of the band solver, which
    /// has no branching to learn and decides any 9×9 puzzle in milliseconds.
    pub fn find_one_restarting(&mut self, puzzle: &Grid, budget: u64) -> FirstSolution {
        let (order, start) = (puzzle.order(), Start::Values(puzzle.values()));
        let mut found = None;
        let (mut spent, mut run) = (0u64, 1u64);
        self.reset_weights(order);
        while spent < budget {
            let cutoff =
                if order.n() == 3 { budget } else { RESTART_UNIT.saturating_mul(luby(run)) };
            let cutoff = cutoff.min(budget - spent);
            let outcome =
                self.count_with_weights(order, start, 1, cutoff, &mut |g| found = Some(g));
            spent += self.nodes;
            match (outcome, found.take()) {
                (_, Some(grid)) => return FirstSolution::Found(grid),
                (Some(_), None) => return FirstSolution::None,
                (None, None) if self.deadline_passed() => return FirstSolution::Unknown,
                (None, None) => run += 1,
            }
        }
        FirstSolution::Unknown
    }
}

/// The `i`-th term (from 1) of the Luby sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, …
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k − 1 ≥ i: the sequence's first 2^k − 1 terms hold term i.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        // Term i is term i − (2^(k−1) − 1) of the repeated prefix.
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_one, ParseOptions};

    #[test]
    fn luby_follows_the_published_sequence() {
        let first: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        assert_eq!(luby(63), 32);
        assert_eq!(luby(64), 1);
    }

    fn puzzle(line: &str) -> Grid {
        parse_one(line, &ParseOptions::default()).expect("a valid puzzle").grid
    }

    const GECODE_25: &str = include_str!("../../data/25x25/gecode18.txt");

    #[test]
    fn restarts_find_a_solution_one_search_does_not_find_in_the_same_budget() {
        let line14 = GECODE_25.lines().filter(|l| !l.starts_with('#')).nth(13).expect("18 lines");
        let hard = puzzle(line14);
        let mut solver = Solver::new(hard.order());
        let budget = 20_000;
        let one_search =
            solver.count(hard.order(), Start::Values(hard.values()), 1, budget, &mut |_| {});
        assert_eq!(one_search, None, "one search decides line 14 within {budget} branches");
        match solver.find_one_restarting(&hard, budget) {
            FirstSolution::Found(grid) => assert!(grid.solves(&hard)),
            other => panic!("line 14 with restarts: {other:?}"),
        }
    }

    #[test]
    fn one_search_finds_a_solution_proves_none_or_runs_out() {
        let nine = puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        let mut solver = Solver::new(nine.order());
        match solver.find_one(&nine, u64::MAX) {
            FirstSolution::Found(grid) => assert!(grid.solves(&nine)),
            other => panic!("a valid 9×9: {other:?}"),
        }
        let none = puzzle("12....3...4.....");
        assert_eq!(solver.find_one(&none, u64::MAX), FirstSolution::None);
        let line14 = GECODE_25.lines().filter(|l| !l.starts_with('#')).nth(13).expect("18 lines");
        assert_eq!(solver.find_one(&puzzle(line14), 10), FirstSolution::Unknown);
    }

    #[test]
    fn a_budget_too_small_is_unknown_and_no_solution_is_proved() {
        let line14 = GECODE_25.lines().filter(|l| !l.starts_with('#')).nth(13).expect("18 lines");
        let hard = puzzle(line14);
        let mut solver = Solver::new(hard.order());
        assert_eq!(solver.find_one_restarting(&hard, 10), FirstSolution::Unknown);
        // Column 3 holds 3 and 4 and row 1 holds 1 and 2: r1c3 has no candidate.
        let none = puzzle("12....3...4.....");
        assert_eq!(solver.find_one_restarting(&none, u64::MAX), FirstSolution::None);
        let nine = puzzle(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        match solver.find_one_restarting(&nine, u64::MAX) {
            FirstSolution::Found(grid) => assert!(grid.solves(&nine)),
            other => panic!("9×9: {other:?}"),
        }
    }
}
