//! Whole proofs built by the independent singles solver are verified; corruptions are not.

mod common;

use common::{proof, solve_with_singles};
use deduku_check::format::{Claim, Rule};
use deduku_check::{check, CheckError, ClaimKind};

const PUZZLE_4X4: &str = "1.3..4.2.1....2.";

fn solved_4x4() -> deduku_check::format::Proof {
    let (steps, solution) = solve_with_singles(2, PUZZLE_4X4).expect("singles solve the 4x4");
    proof(2, PUZZLE_4X4, Claim::Solution(solution), steps)
}

#[test]
fn a_whole_4x4_solved_with_singles_is_verified() {
    let p = solved_4x4();
    assert!(p.steps.iter().any(|s| matches!(s.rule, Rule::NakedSingle | Rule::HiddenSingle(_))));
    let verified = check(&p, Some(PUZZLE_4X4)).expect("valid proof");
    assert_eq!(verified.claim, ClaimKind::Solution);
    assert_eq!(verified.steps, p.steps.len());
    assert_eq!(verified.max_depth, 0);
    assert_eq!(verified.to_string(), "VERIFIED Solution");
    assert_eq!(check(&p, None), Ok(verified));
}

#[test]
fn dropping_any_premise_rejects_at_that_step() {
    let p = solved_4x4();
    for (i, s) in p.steps.iter().enumerate().filter(|(_, s)| !s.premises.is_empty()) {
        let mut bad = p.clone();
        bad.steps[i].premises.pop();
        let err = check(&bad, None).expect_err("a premise is missing");
        assert_eq!(err.step(), Some(s.id), "{err}");
    }
}

#[test]
fn removing_a_step_or_shuffling_order_is_rejected() {
    let p = solved_4x4();
    let cited = p.steps.iter().position(|s| s.rule == Rule::Given).expect("a given");
    let mut missing = p.clone();
    missing.steps.remove(cited);
    assert!(matches!(check(&missing, None), Err(CheckError::PremiseUnknown { .. })));
    let mut swapped = p.clone();
    swapped.steps.swap(0, 1);
    assert!(matches!(check(&swapped, None), Err(CheckError::IdNotIncreasing { .. })));
}

#[test]
fn sparse_ids_are_looked_up_by_binary_search() {
    let mut p = solved_4x4();
    for s in &mut p.steps {
        s.id = s.id * 10 + 7;
        s.premises.iter_mut().for_each(|q| *q = *q * 10 + 7);
    }
    assert_eq!(check(&p, None).map(|v| v.claim), Ok(ClaimKind::Solution));
    p.steps[40].premises[0] += 1;
    assert!(matches!(check(&p, None), Err(CheckError::PremiseUnknown { .. })));
}

/// The first grid of Project Euler 96 (the "easy 50"), read from the bundled puzzle sets.
fn pe96_first_grid() -> String {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/9x9/pe96_easy50.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines().skip(1).take(9).collect::<Vec<_>>().concat()
}

#[test]
fn a_9x9_from_the_shared_sets_solved_with_singles_is_verified() {
    let puzzle = pe96_first_grid();
    let (steps, solution) = solve_with_singles(3, &puzzle).expect("singles solve PE96 grid 1");
    let p = proof(3, &puzzle, Claim::Solution(solution), steps);
    assert_eq!(check(&p, Some(&puzzle)).map(|v| v.claim), Ok(ClaimKind::Solution));
    let mut wrong = p.clone();
    wrong.claim = Claim::Solution("1".repeat(81));
    assert!(matches!(check(&wrong, None), Err(CheckError::ClaimRepeat { .. })));
}
