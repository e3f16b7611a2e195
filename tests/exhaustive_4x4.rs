//! Thousands of random 4×4 puzzles: the verdict equals a brute-force count of
//! solutions, with and without the oracle, and every certificate checks.

mod common;

use common::{puzzle_from, random_grid};
use deduku::grid::{Cell, Digit, Grid, Order};
use deduku::rng::SplitMix64;
use deduku::solve::{solve, SolveOptions, Verdict};

/// Number of solutions of a 4×4 puzzle, up to 2, by plain enumeration.
fn brute_count(grid: &mut Grid, from: usize) -> usize {
    let Some(i) = (from..16).find(|&i| grid.values()[i] == 0) else {
        return usize::from(grid.is_consistent());
    };
    let cell = Cell::from_index(i, 4);
    let mut total = 0;
    for d in 1..=4 {
        grid.set(cell, Some(Digit::new(d)));
        if grid.is_consistent() {
            total += brute_count(grid, i + 1);
            if total >= 2 {
                break;
            }
        }
    }
    grid.set(cell, None);
    total.min(2)
}

#[test]
fn verdicts_match_brute_force_on_random_4x4() {
    let mut rng = SplitMix64::new(0x2545_F491_4F6C_DD1D);
    let mut below = |k: usize| rng.below(k);
    let order = Order::new(2).unwrap();
    let mut seen = [0usize; 3];
    for round in 0..3000 {
        let solution = random_grid(order, &mut below);
        let keep = 15 + below(50);
        let mut puzzle = puzzle_from(&solution, |_| below(100) < keep);
        if round % 4 == 0 {
            // Random extra givens make impossible puzzles too.
            let i = below(16);
            puzzle.set(Cell::from_index(i, 4), Some(Digit::new(1 + below(4))));
        }
        let expected = brute_count(&mut puzzle.clone(), 0);
        for oracle in [true, false] {
            let outcome = solve(&puzzle, &SolveOptions { oracle, ..SolveOptions::default() });
            deduku_check::check(&outcome.proof, Some(&puzzle.to_line()))
                .unwrap_or_else(|e| panic!("{}: {e}", puzzle.to_line()));
            let class = match outcome.verdict {
                Verdict::Contradiction => 0,
                Verdict::Solution(_) => 1,
                Verdict::Multiple(..) => 2,
                Verdict::Stuck(_) => panic!("{}: stuck with unbounded depth", puzzle.to_line()),
            };
            assert_eq!(class, expected, "{} (oracle {oracle})", puzzle.to_line());
        }
        seen[expected] += 1;
    }
    // The generator must exercise every verdict class.
    assert!(seen.iter().all(|&n| n > 100), "classes seen: {seen:?}");
}
