//! The order-3 fast path against the generic solver: the same classification
//! (count, and the unique solution) on the bundled 9×9 sets, on random
//! puzzles (proptest) and on random candidate states.

use super::*;
use crate::grid::{parse_puzzles, Cell, Digit, ParseOptions};
use crate::rng::SplitMix64 as Rng;
use proptest::prelude::*;
use std::fs;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/");

/// The generic solver with the band fast path switched off.
fn generic() -> Solver {
    let mut solver = Solver::new(Order::new(3).unwrap());
    solver.fast_path = false;
    solver
}

/// At most `limit` puzzles of a data file, through the crate's parser.
fn puzzles(file: &str, limit: usize) -> Vec<Grid> {
    let text = fs::read_to_string(format!("{DATA}{file}")).unwrap();
    let opts = ParseOptions::default();
    let all = parse_puzzles(&text, &opts).map(|p| p.unwrap().grid);
    all.take(limit).collect()
}

/// Both solvers classify `puzzle` alike: same count; same solution when
/// unique; two distinct solutions each when several.
fn assert_same(fast: &mut Solver, slow: &mut Solver, puzzle: &Grid) -> usize {
    let (a, b) = (fast.classify(puzzle), slow.classify(puzzle));
    match (&a, &b) {
        (Classification::Multiple(x, y), Classification::Multiple(..)) => {
            assert!(x.solves(puzzle) && y.solves(puzzle) && x != y, "{puzzle:?}");
        }
        _ => assert_eq!(a, b, "{puzzle:?}"),
    }
    a.count()
}

#[test]
fn fast_path_matches_generic_on_the_9x9_sets() {
    let (mut fast, mut slow) = (Solver::new(Order::new(3).unwrap()), generic());
    let sets = [
        ("9x9/clue17_49158.txt", 3000, 1),
        ("9x9/magictour_top1465.txt", 1465, 1),
        ("9x9/forum_hardest_1106.txt", 375, 1),
        ("9x9/top95.txt", 95, 1),
        ("9x9/pe96_easy50.txt", 50, 1),
        ("multiple/serg_multi10000.txt", 1000, 2),
    ];
    for (file, limit, want) in sets {
        for puzzle in puzzles(file, limit) {
            assert_eq!(assert_same(&mut fast, &mut slow, &puzzle), want, "{file}: {puzzle:?}");
        }
    }
}

#[test]
fn fast_path_counts_match_generic_on_the_tdoku_and_sudopedia_cases() {
    let (mut fast, mut slow) = (Solver::new(Order::new(3).unwrap()), generic());
    for file in
        ["tdoku_test_puzzles.txt", "sudopedia_testcases.txt", "invalid/sudopedia_invalid7.txt"]
    {
        for puzzle in puzzles(file, usize::MAX) {
            assert_same(&mut fast, &mut slow, &puzzle);
            let (n, all) = fast.solve_count(&puzzle, 1000);
            assert_eq!(n, slow.solve_count(&puzzle, 1000).0, "{file}: {puzzle:?}");
            assert!(all.iter().all(|s| s.solves(&puzzle)));
        }
    }
}

#[test]
fn fast_path_candidate_states_match_generic() {
    let order = Order::new(3).unwrap();
    let (mut fast, mut slow) = (Solver::new(order), generic());
    let mut rng = Rng::new(0x5EED_0003);
    let mut seen = [0usize; 3];
    for puzzle in puzzles("9x9/top95.txt", 95) {
        for _ in 0..20 {
            // Some givens dropped (more solutions), some digits removed
            // from blank cells (fewer solutions), the other givens single.
            let (drop, cut) = (rng.below(3), rng.below(3));
            let mut cell = |v: u8| match (v, rng.below(40)) {
                (0, k) if k < cut => Candidates(0o777 & !(1 << rng.below(9))),
                (0, _) => Candidates(0o777),
                (_, k) if k < drop => Candidates(0o777),
                (v, _) => Candidates(1 << (v - 1)),
            };
            let cands: Vec<Candidates> = puzzle.values().iter().map(|&v| cell(v)).collect();
            let (n, first) = fast.classify_candidates(order, &cands, 2);
            assert_eq!(n, slow.classify_candidates(order, &cands, 2).0, "{cands:?}");
            if let Some(grid) = first {
                assert!(grid.filled().all(|(c, d)| cands[c.index()].contains(d)));
                assert!(grid.is_complete() && grid.is_consistent());
            }
            seen[n] += 1;
        }
    }
    assert!(seen.iter().all(|&k| k > 50), "every class must be exercised: {seen:?}");
}

#[test]
fn budget_stops_the_fast_path_and_reports_nodes() {
    let mut solver = Solver::new(Order::new(3).unwrap());
    let hard = &puzzles("9x9/forum_hardest_1106.txt", 1)[0];
    let full = solver.classify(hard);
    let nodes = solver.nodes();
    assert!(nodes > 1, "a forum puzzle needs branching");
    assert_eq!(solver.classify_with_budget(hard, nodes - 1), None);
    assert!(solver.nodes() <= nodes);
    assert_eq!(solver.classify_with_budget(hard, nodes), Some(full));
}

/// A 9×9 puzzle from arbitrary (cell, digit) pairs.
fn arbitrary_9x9(givens: &[(usize, usize)]) -> Grid {
    let mut grid = Grid::empty(Order::new(3).unwrap());
    for &(i, d) in givens {
        grid.set(Cell::from_index(i, 9), Some(Digit::new(d + 1)));
    }
    grid
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]
    #[test]
    fn fast_path_and_generic_classify_random_9x9_alike(
        givens in prop::collection::vec((0usize..81, 0usize..9), 0..40),
    ) {
        let puzzle = arbitrary_9x9(&givens);
        assert_same(&mut Solver::new(Order::new(3).unwrap()), &mut generic(), &puzzle);
    }

    #[test]
    fn fast_path_and_generic_classify_thinned_solutions_alike(
        seed in any::<u64>(), keep in 17usize..40,
    ) {
        // Random puzzles that are mostly consistent: a solution's clues, thinned.
        let solution = pattern_solution(seed);
        let mut rng = Rng::new(seed);
        let mut puzzle = solution.clone();
        for i in 0..81 {
            if rng.below(81) >= keep {
                puzzle.set(Cell::from_index(i, 9), None);
            }
        }
        let n = assert_same(&mut Solver::new(Order::new(3).unwrap()), &mut generic(), &puzzle);
        prop_assert!(n >= 1);
    }
}

/// A valid 9×9 grid: the pattern solution with its digits relabelled and
/// rows permuted within bands, by `seed`.
fn pattern_solution(seed: u64) -> Grid {
    let mut rng = Rng::new(seed);
    let mut digits: Vec<u8> = (1..=9).collect();
    rng.shuffle(&mut digits);
    let mut rows: Vec<usize> = (0..9).collect();
    for band in rows.chunks_mut(3) {
        rng.shuffle(band);
    }
    let values = (0..81)
        .map(|i| {
            let (r, c) = (rows[i / 9], i % 9);
            digits[(3 * (r % 3) + r / 3 + c) % 9]
        })
        .collect();
    Grid::from_values(Order::new(3).unwrap(), values).unwrap()
}
