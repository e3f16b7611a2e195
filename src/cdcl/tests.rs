//! End-to-end tests of clause learning: every verdict's certificate is replayed by the
//! independent checker, and the verdict class agrees with the plain solver's.

use crate::grid::{parse_one, Cell, Digit, Grid, Order, ParseOptions};
use crate::solve::{solve, SolveOptions, Strategy, Verdict};
use crate::solver::{classify, Classification};
use deduku_check::format::{Fact, Rule};
use proptest::prelude::*;
use std::time::Duration;

fn grid(text: &str) -> Grid {
    parse_one(text, &ParseOptions::default()).expect("puzzle parses").grid
}

/// Solves with clause learning and checks the certificate; returns the verdict and the
/// checker's summary.
fn certified(puzzle: &Grid, timeout: Option<Duration>) -> (Verdict, Vec<(Fact, Rule)>) {
    let opts = SolveOptions { timeout, ..SolveOptions::with_search(Strategy::Cdcl) };
    let outcome = solve(puzzle, &opts);
    if let Err(e) = deduku_check::check(&outcome.proof, Some(&puzzle.to_line())) {
        panic!("certificate of {} rejected: {e}", puzzle.to_line());
    }
    let steps = outcome.proof.steps.iter().map(|s| (s.fact, s.rule)).collect();
    (outcome.verdict, steps)
}

/// The first puzzle of forum_hardest_1106: no singles at all, dozens of conflicts.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn learned_clauses_are_proved_once_and_cited_as_lemmas() {
    let puzzle = grid(HARD);
    let (verdict, steps) = certified(&puzzle, None);
    let Verdict::Solution(solution) = verdict else { panic!("expected a solution") };
    assert_eq!(classify(&puzzle), Classification::Unique(solution));
    let lemmas = steps.iter().filter(|(_, r)| *r == Rule::Lemma).count();
    let elim_hypotheses =
        steps.iter().filter(|(f, r)| *r == Rule::Assume && matches!(f, Fact::Elim { .. })).count();
    assert!(lemmas > 10, "only {lemmas} Lemma steps");
    assert!(elim_hypotheses > 0, "no clause with a placement literal");
    // No Negation: a clause is cited by Lemma, never discharged one hypothesis at a time.
    assert!(steps.iter().all(|(_, r)| *r != Rule::Negation));
}

#[test]
fn impossible_puzzles_end_in_a_root_bottom() {
    let clash = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";
    let deep = "..9.287..8.6..4..5..3.....46.........2.71345.........23.....5..9..4..8.7..125.3..";
    for text in [clash, deep] {
        let (verdict, steps) = certified(&grid(text), None);
        assert_eq!(verdict, Verdict::Contradiction, "{text}");
        assert!(steps.iter().any(|(f, _)| *f == Fact::Bottom));
    }
}

#[test]
fn an_ambiguous_puzzle_gets_two_distinct_solutions() {
    let puzzle = grid("1...............");
    let (verdict, _) = certified(&puzzle, None);
    let Verdict::Multiple(a, b) = verdict else { panic!("expected two solutions") };
    assert!(a != b && a.solves(&puzzle) && b.solves(&puzzle));
}

#[test]
fn out_of_time_ends_with_checked_consequences() {
    let puzzle = grid(HARD);
    let (verdict, _) = certified(&puzzle, Some(Duration::ZERO));
    let Verdict::Stuck(partial) = verdict else { panic!("expected a stuck verdict") };
    let Classification::Unique(solution) = classify(&puzzle) else { panic!("unique") };
    for (cell, digit) in partial.filled() {
        assert_eq!(solution.get(cell), Some(digit), "{cell}");
    }
}

fn arbitrary_puzzle(n: usize, givens: &[(usize, usize)]) -> Grid {
    let order = Order::new(n).expect("order");
    let mut grid = Grid::empty(order);
    for &(i, d) in givens {
        let cell = Cell::from_index(i % order.cells(), order.side());
        grid.set(cell, Some(Digit::new(d % order.side() + 1)));
    }
    grid
}

/// A solved grid with the rectangle r4c6=1 r4c9=3 / r5c6=3 r5c9=1 left open: two solutions.
const OPEN_RECTANGLE: &str =
    "53467891267219534819834256785976.42.42685.79.713924856961537284287419635345286179";

#[test]
fn a_second_solution_by_a_digit_swap_needs_no_uniqueness_round() {
    let puzzle = grid(OPEN_RECTANGLE);
    let opts = SolveOptions::with_search(Strategy::Cdcl);
    let outcome = solve(&puzzle, &opts);
    let Verdict::Multiple(a, b) = &outcome.verdict else { panic!("{:?}", outcome.verdict) };
    assert!(a != b && a.solves(&puzzle) && b.solves(&puzzle));
    // One decision found the first solution; a uniqueness round would have made a second.
    assert_eq!(outcome.stats.search.assumptions, 1);
    let verified = deduku_check::check(&outcome.proof, Some(&puzzle.to_line()));
    assert_eq!(verified.map(|v| v.to_string()), Ok("VERIFIED Multiple".to_string()));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any grid, solvable or not, ambiguous or not: the verdict is the plain solver's and the
    /// certificate checks.
    #[test]
    fn the_verdict_agrees_with_the_plain_solver_and_checks(
        n in 2usize..=3,
        givens in prop::collection::vec((0usize..81, 0usize..9), 0..40),
    ) {
        let puzzle = arbitrary_puzzle(n, &givens);
        let (verdict, _) = certified(&puzzle, None);
        match (classify(&puzzle), verdict) {
            (Classification::None, Verdict::Contradiction) => {}
            (Classification::Unique(s), Verdict::Solution(t)) => prop_assert_eq!(s, t),
            (Classification::Multiple(..), Verdict::Multiple(a, b)) => {
                prop_assert!(a != b && a.solves(&puzzle) && b.solves(&puzzle));
            }
            (expected, got) => prop_assert!(false, "{:?} but {:?}", expected, got),
        }
    }
}
