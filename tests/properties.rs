//! Properties over random puzzles of orders 2–4, made by removing clues from
//! random valid grids: soundness of `Cn`, acceptance of every certificate, and
//! round trips of the proof encodings; and, over hard 9×9 puzzles, that the
//! breadth-first depth is the least that solves.

mod common;

use common::load;
use common::{puzzle_from, random_grid};
use deduku::grid::{Cell, Digit, Grid, Order};
use deduku::proof::{read_proof, render_proof, ProofEncoding};
use deduku::rng::SplitMix64;
use deduku::rules::RuleSet;
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::{Fact, Proof};
use proptest::prelude::*;

/// A random valid grid of `order` and a puzzle keeping about `keep_pct`% of it.
fn random_case(order: usize, seed: u64, keep_pct: usize) -> (Grid, Grid) {
    let mut rng = SplitMix64::new(seed);
    let solution = random_grid(Order::new(order).unwrap(), |k| rng.below(k));
    let puzzle = puzzle_from(&solution, |_| rng.below(100) < keep_pct);
    (solution, puzzle)
}

/// Every fact of the proof's root scope holds in `solution` (inner scopes live
/// under hypotheses and need not).
fn root_facts_agree(proof: &Proof, solution: &Grid) -> Result<(), String> {
    let side = solution.order().side();
    let at = |r: u8, c: u8| solution.get(Cell::new(r as usize - 1, c as usize - 1, side));
    for step in proof.steps.iter().filter(|s| s.scope.is_none()) {
        let ok = match (step.fact, step.rule) {
            (_, deduku_check::format::Rule::Assume) => true,
            (Fact::Place { r, c, d }, _) => at(r, c) == Some(Digit::new(d as usize)),
            (Fact::Elim { r, c, d }, _) => at(r, c) != Some(Digit::new(d as usize)),
            (Fact::Bottom, _) => false,
        };
        if !ok {
            return Err(format!("step {} ({:?}) contradicts the grid", step.id, step.fact));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn cn_derives_only_literals_true_in_the_grid(
        order in 2usize..=4, seed in any::<u64>(), keep in 20usize..90, rules in 0usize..3,
    ) {
        let (solution, puzzle) = random_case(order, seed, keep);
        let rules = [RuleSet::SINGLES, RuleSet::NS, RuleSet::HS][rules];
        let opts = SolveOptions { rules: Some(rules), max_depth: Some(0), oracle: true, ..SolveOptions::default() };
        let outcome = solve(&puzzle, &opts);
        prop_assert!(deduku_check::check(&outcome.proof, Some(&puzzle.to_line())).is_ok());
        root_facts_agree(&outcome.proof, &solution).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn every_engine_certificate_is_accepted(
        order in 2usize..=3, seed in any::<u64>(), keep in 25usize..80, oracle in any::<bool>(),
    ) {
        let (solution, puzzle) = random_case(order, seed, keep);
        let outcome = solve(&puzzle, &SolveOptions { oracle, ..SolveOptions::default() });
        let verified = deduku_check::check(&outcome.proof, Some(&puzzle.to_line()));
        prop_assert!(verified.is_ok(), "{:?}", verified);
        root_facts_agree(&outcome.proof, &solution).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn ron_and_json_round_trip(order in 2usize..=4, seed in any::<u64>(), keep in 30usize..90) {
        let (_, puzzle) = random_case(order, seed, keep);
        let opts = SolveOptions { max_depth: Some(1), ..SolveOptions::default() };
        let proof = solve(&puzzle, &opts).proof;
        for encoding in [ProofEncoding::Ron, ProofEncoding::Json] {
            let text = render_proof(&proof, encoding);
            let back = read_proof(&text).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&back, &proof);
        }
    }
}

/// The depth a breadth-first certificate reports is the least that solves the puzzle: allowed
/// one less, the same search ends without a solution — the rating's meaning, which the depth-1
/// passes and the skipped attempts must keep. (Random puzzles are ambiguous or singles-only
/// too often to exercise it: these are top95's depth-1 and forum_hardest's depth-2 puzzles.)
#[test]
fn the_breadth_first_depth_is_the_least_that_solves() {
    let top95 = load("9x9/top95.txt").into_iter().take(12);
    let forum = load("9x9/forum_hardest_1106.txt").into_iter().take(4);
    let mut depths = Vec::new();
    for puzzle in top95.chain(forum).map(|p| p.grid) {
        let outcome = solve(&puzzle, &SolveOptions::default());
        assert!(matches!(outcome.verdict, Verdict::Solution(_)), "{}", puzzle.to_line());
        let depth = outcome.stats.search.depth;
        let shallower = SolveOptions { max_depth: Some(depth - 1), ..SolveOptions::default() };
        let verdict = solve(&puzzle, &shallower).verdict;
        assert!(!matches!(verdict, Verdict::Solution(_)), "depth {} suffices", depth - 1);
        depths.push(depth);
    }
    assert!(depths.contains(&1) && depths.contains(&2), "both depths exercised: {depths:?}");
}
