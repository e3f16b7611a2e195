//! The settling pass's depth-first search: its certificates verify, and it gives the puzzle up
//! (to the engine) whenever it cannot certify a unique solution.

use super::{settle, Searching, Settled};
use crate::grid::{parse_puzzles, Grid, ParseOptions};
use crate::solver::{Classification, FirstSolution, Solver};
use deduku_check::format::Rule;
use std::time::Instant;

fn puzzles(text: &str, count: usize) -> Vec<Grid> {
    let options = ParseOptions::default();
    let parsed = parse_puzzles(text, &options).take(count);
    parsed.map(|p| p.expect("a valid puzzle").grid).collect()
}

/// The first `count` puzzles of top95 that the rules (singles, locked candidates) leave open.
fn top95(count: usize) -> Vec<Grid> {
    let all = puzzles(include_str!("../../../data/9x9/top95.txt"), 95).into_iter();
    let open: Vec<Grid> =
        all.filter(|p| settle(p, true, false, None).is_none()).take(count).collect();
    assert_eq!(open.len(), count, "top95 has fewer open puzzles");
    open
}

/// The plain solver's first solution of `puzzle`.
fn first_solution(puzzle: &Grid) -> Grid {
    match Solver::new(puzzle.order()).find_one(puzzle, u64::MAX) {
        FirstSolution::Found(grid) => grid,
        other => panic!("no solution found: {other:?}"),
    }
}

/// The settling pass with its search, `oracle` as the solution, within `steps` and `deadline`;
/// panics if the rules alone settle the puzzle or end in ⊥ (the search is never asked).
fn searched(
    puzzle: &Grid,
    oracle: Grid,
    steps: usize,
    deadline: Option<Instant>,
) -> Option<Settled> {
    let asked = std::cell::Cell::new(false);
    let mut ask = |_: &Grid| {
        asked.set(true);
        Some(oracle.clone())
    };
    let settled =
        settle(puzzle, true, false, Some(Searching { oracle: &mut ask, deadline, steps }));
    assert!(asked.get(), "the rules left nothing to search: {puzzle:?}");
    settled
}

#[test]
fn searched_certificates_verify_and_hold_refutations() {
    for puzzle in top95(24) {
        let solution = first_solution(&puzzle);
        let settled = searched(&puzzle, solution.clone(), usize::MAX, None).expect("certified");
        assert_eq!(settled.grid, solution);
        let verified = deduku_check::check(&settled.proof, Some(&puzzle.to_line()));
        assert_eq!(verified.map(|v| v.to_string()), Ok("VERIFIED Solution".to_string()));
        let negations = settled.proof.steps.iter().filter(|s| s.rule == Rule::Negation).count();
        assert!(settled.stats.assumptions > 0 && settled.stats.root_refutations > 0);
        assert!(negations as u64 >= settled.stats.root_refutations, "{puzzle:?}");
    }
}

#[test]
fn an_ambiguous_puzzle_is_given_up() {
    let text = include_str!("../../../data/multiple/serg_multi10000.txt");
    let mut tried = 0;
    for puzzle in puzzles(text, 20) {
        let Classification::Multiple(a, _) = Solver::new(puzzle.order()).classify(&puzzle) else {
            panic!("serg_multi puzzles have two solutions or more");
        };
        if settle(&puzzle, true, false, None).is_some() {
            continue;
        }
        tried += 1;
        assert!(searched(&puzzle, a, usize::MAX, None).is_none(), "{puzzle:?}");
    }
    assert!(tried > 0, "no serg_multi puzzle left open by the rules");
}

#[test]
fn a_wrong_oracle_never_gives_a_wrong_certificate() {
    let mut certified = 0;
    for puzzle in top95(12) {
        let solution = first_solution(&puzzle);
        // A valid grid that is not the solution: digits 1 and 2 swapped.
        let swap = |&v: &u8| match v {
            1 => 2,
            2 => 1,
            v => v,
        };
        let wrong = Grid::from_values(puzzle.order(), solution.values().iter().map(swap).collect());
        if let Some(settled) = searched(&puzzle, wrong.expect("a grid"), usize::MAX, None) {
            assert_eq!(settled.grid, solution);
            let verified = deduku_check::check(&settled.proof, Some(&puzzle.to_line()));
            assert!(verified.is_ok(), "{puzzle:?}: {verified:?}");
            certified += 1;
        }
    }
    // Most root branches do not meet a cell where the wrong digit is the only other one.
    assert!(certified > 0, "no puzzle certified with the swapped oracle");
}

#[test]
fn a_puzzle_without_solution_is_given_up_at_the_root_contradiction() {
    // top95 #1 with one more given, r1c2 set to a digit other than its solution's that the
    // givens allow: no solution, but no clash of givens either.
    let puzzle = &top95(1)[0];
    let solution = first_solution(puzzle);
    let mut values = puzzle.values().to_vec();
    let other = (1..=9u8).find(|&d| {
        let mut v = values.clone();
        v[1] = d;
        d != solution.values()[1] && givens_agree(&v)
    });
    values[1] = other.expect("a digit the givens allow");
    let broken = Grid::from_values(puzzle.order(), values).expect("a grid");
    assert!(searched(&broken, solution, usize::MAX, None).is_none());
}

/// Whether the givens `values` clash in no unit.
fn givens_agree(values: &[u8]) -> bool {
    let grid = Grid::from_values(crate::grid::Order::new(3).expect("order 3"), values.to_vec());
    grid.is_ok_and(|g| super::Settle::new(&g).is_some())
}

#[test]
fn the_search_stops_at_its_budgets() {
    // forum_hardest #1 needs over a hundred assumptions: the clock is read every 64.
    let text = include_str!("../../../data/9x9/forum_hardest_1106.txt");
    let puzzle = &puzzles(text, 1)[0];
    let solution = first_solution(puzzle);
    assert!(searched(puzzle, solution.clone(), usize::MAX, None).is_some());
    assert!(searched(puzzle, solution.clone(), usize::MAX, Some(Instant::now())).is_none());
    assert!(searched(puzzle, solution, 100, None).is_none());
}

#[test]
fn the_root_probes_a_branch_the_rules_refute_before_branching_deeper() {
    // pe96 grid 47: its best-ranked branch needs six assumptions two deep (a certificate of
    // 200 steps); the wrong side of another two-way branch falls to the rules at once (94).
    let text = include_str!("../../../data/9x9/pe96_easy50.txt");
    let puzzle = &puzzles(text, 47)[46];
    let solution = first_solution(puzzle);
    let settled = searched(puzzle, solution, usize::MAX, None).expect("certified");
    let verified = deduku_check::check(&settled.proof, Some(&puzzle.to_line()));
    assert_eq!(verified.map(|v| v.to_string()), Ok("VERIFIED Solution".to_string()));
    assert_eq!(settled.stats.depth, 1, "{:?}", settled.stats);
    assert!(settled.proof.steps.len() < 120, "{} steps", settled.proof.steps.len());
}

#[test]
fn hidden_pairs_settle_puzzles_the_singles_leave_open_with_verified_certificates() {
    let text = include_str!("../../../data/9x9/pe96_easy50.txt");
    let (mut open, mut paired) = (0, 0);
    for puzzle in puzzles(text, 50) {
        if settle(&puzzle, true, false, None).is_some() {
            continue;
        }
        open += 1;
        let Some(settled) = settle(&puzzle, true, true, None) else { continue };
        paired += 1;
        let verified = deduku_check::check(&settled.proof, Some(&puzzle.to_line()));
        assert_eq!(verified.map(|v| v.to_string()), Ok("VERIFIED Solution".to_string()));
        let subset = |s: &&deduku_check::format::Step| matches!(s.rule, Rule::HiddenSubset { .. });
        let pairs = settled.proof.steps.iter().filter(subset).collect::<Vec<_>>();
        assert!(!pairs.is_empty(), "settled with pairs but none cited: {puzzle:?}");
        // Each cites the fourteen eliminations of its two digits from the unit's other cells.
        assert!(pairs.iter().all(|s| s.premises.len() == 14), "{puzzle:?}");
    }
    // pe96: the singles and locked candidates leave six open; hidden pairs settle five.
    assert_eq!((open, paired), (6, 5));
}

#[test]
fn searched_certificates_with_hidden_pairs_at_the_root_verify() {
    let mut with_pairs = 0;
    for puzzle in top95(12) {
        let solution = first_solution(&puzzle);
        let asked = std::cell::Cell::new(false);
        let mut ask = |_: &Grid| {
            asked.set(true);
            Some(solution.clone())
        };
        let searching = Searching { oracle: &mut ask, deadline: None, steps: usize::MAX };
        let Some(settled) = settle(&puzzle, true, true, Some(searching)) else {
            panic!("not certified: {puzzle:?}");
        };
        assert_eq!(settled.grid, solution);
        let verified = deduku_check::check(&settled.proof, Some(&puzzle.to_line()));
        assert_eq!(verified.map(|v| v.to_string()), Ok("VERIFIED Solution".to_string()));
        let subset = |s: &deduku_check::format::Step| matches!(s.rule, Rule::HiddenSubset { .. });
        with_pairs += usize::from(settled.proof.steps.iter().any(subset));
    }
    assert!(with_pairs > 0, "no top95 certificate used a hidden pair");
}

/// The givens placed at once ([`super::Settle::place_givens`]) leave the state that placing
/// them one by one leaves; two givens of a digit in one unit are refused.
#[test]
fn the_givens_placed_at_once_leave_the_state_placed_one_by_one_leaves() {
    use super::{Settle, Why};
    for puzzle in puzzles(include_str!("../../../data/9x9/top95.txt"), 95) {
        let at_once = Settle::new(&puzzle).expect("top95's givens agree");
        let mut empty = puzzle.clone();
        let geo = at_once.geo;
        (0..81).for_each(|i| empty.set(geo.cell(i), None));
        let mut one_by_one = Settle::new(&empty).expect("no givens");
        for (i, &v) in puzzle.values().iter().enumerate().filter(|(_, &v)| v != 0) {
            let digit = crate::grid::Digit::new(usize::from(v));
            one_by_one.place(geo.cell(i), digit, Rule::Given, Why::Given);
        }
        assert_eq!(at_once.cands, one_by_one.cands);
        assert_eq!((at_once.open, at_once.unsolved), (one_by_one.open, one_by_one.unsolved));
        assert_eq!(at_once.place_step, one_by_one.place_step);
        assert_eq!(at_once.unit_step, one_by_one.unit_step);
        assert_eq!(at_once.placed_units, one_by_one.placed_units);
        let cells = |s: &Settle| s.steps.iter().map(|w| (w.cell, w.digit)).collect::<Vec<_>>();
        assert_eq!(cells(&at_once), cells(&one_by_one));
        assert_eq!(at_once.givens, one_by_one.steps.len());
    }
    // A 1 in r1c1, and another in the same row, column or box.
    for other in [1, 9, 10] {
        let text: String = (0..81).map(|i| if i == 0 || i == other { '1' } else { '.' }).collect();
        let puzzle = puzzles(&text, 1).remove(0);
        assert!(Settle::new(&puzzle).is_none(), "{text}");
    }
}
