//! Claims (Solution, Contradiction, Consequences, Multiple) and header checks.

mod common;

use common::{pl, proof, solve_with_singles, step};
use deduku_check::format::{Claim, Proof, Rule, Unit};
use deduku_check::{check, CellRef, CheckError, ClaimKind, GridFault, GridField};

const PUZZLE: &str = "1.3..4.2.1....2.";
const SOLUTION: &str = "1234341221434321";

fn solved() -> Proof {
    let (steps, solution) = solve_with_singles(2, PUZZLE).expect("singles solve the 4x4");
    assert_eq!(solution, SOLUTION);
    proof(2, PUZZLE, Claim::Solution(solution), steps)
}

fn with_claim(claim: Claim) -> Proof {
    Proof { claim, ..solved() }
}

#[test]
fn solution_claims_need_a_valid_grid_derived_at_the_root() {
    assert_eq!(check(&solved(), None).map(|v| v.claim), Ok(ClaimKind::Solution));
    let blank = check(&with_claim(Claim::Solution("1234341221434.21".into())), None);
    let cell = CellRef { r: 4, c: 2 };
    assert_eq!(blank, Err(CheckError::ClaimIncomplete { field: GridField::Solution, cell }));
    let repeat = check(&with_claim(Claim::Solution("1234341221434322".into())), None);
    assert!(matches!(repeat, Err(CheckError::ClaimRepeat { unit: Unit::Row(4), digit: 2, .. })));
    let mut few = solved();
    let last_single = few.steps.iter().rposition(|s| s.rule != Rule::Exclusion).expect("a single");
    few.steps.truncate(last_single);
    let err = check(&few, None).expect_err("the last placement is missing");
    assert!(matches!(err, CheckError::ClaimNotDerived { field: GridField::Solution, .. }), "{err}");
}

#[test]
fn solution_claims_must_agree_with_the_givens() {
    // A valid grid that is not this puzzle's: rows 1 and 2 swapped.
    let other = check(&with_claim(Claim::Solution("3412123421434321".into())), None);
    let cell = CellRef { r: 1, c: 1 };
    let expected = CheckError::ClaimGivens { field: GridField::Solution, cell, given: 1, found: 3 };
    assert_eq!(other, Err(expected));
}

#[test]
fn consequences_claims_need_each_filled_cell_derived() {
    let partial = "12..............";
    assert!(check(&with_claim(Claim::Consequences(partial.into())), None).is_ok());
    let empty = with_claim(Claim::Consequences(".".repeat(16)));
    assert_eq!(check(&empty, None).map(|v| v.claim), Ok(ClaimKind::Consequences));
    let wrong = check(&with_claim(Claim::Consequences("13..............".into())), None);
    assert!(matches!(wrong, Err(CheckError::ClaimNotDerived { digit: 3, .. })), "{wrong:?}");
    let against = check(&with_claim(Claim::Consequences("2...............".into())), None);
    assert!(matches!(against, Err(CheckError::ClaimGivens { given: 1, found: 2, .. })));
}

#[test]
fn contradiction_claims_need_a_root_bottom() {
    let p = with_claim(Claim::Contradiction);
    assert_eq!(check(&p, None), Err(CheckError::ClaimNoContradiction));
}

#[test]
fn multiple_claims_need_two_distinct_valid_grids_agreeing_with_the_givens() {
    let givens = "12..............";
    let a = "1234341221434321";
    let b = "1234341223414123";
    let m = |a: &str, b: &str| proof(2, givens, Claim::Multiple(a.into(), b.into()), vec![]);
    assert_eq!(check(&m(a, b), Some(givens)).map(|v| v.claim), Ok(ClaimKind::Multiple));
    assert_eq!(check(&m(a, a), None), Err(CheckError::ClaimIdentical));
    let bad_second = check(&m(a, "1234341223414124"), None);
    assert!(matches!(
        bad_second,
        Err(CheckError::ClaimRepeat { field: GridField::MultipleSecond, .. })
    ));
    let off_givens = check(&m("2143341212344321", b), None);
    assert!(matches!(
        off_givens,
        Err(CheckError::ClaimGivens { field: GridField::MultipleFirst, .. })
    ));
    let mut stepped = m(a, b);
    stepped.steps.push(step(0, pl(1, 1, 2), Rule::Given, &[], None));
    assert!(matches!(check(&stepped, None), Err(CheckError::WrongFact { step: 0, .. })));
}

#[test]
fn header_fields_are_checked() {
    let p = solved();
    let format = Proof { format: "sudoku".into(), ..p.clone() };
    assert_eq!(check(&format, None), Err(CheckError::BadFormat { found: "sudoku".into() }));
    let version = Proof { version: 2, ..p.clone() };
    let err = check(&version, None).expect_err("version 2");
    assert_eq!(err.to_string(), "header: version 2 is not supported (expected 1)");
    for order in [0, 1, 9, 255] {
        let bad = Proof { order, ..p.clone() };
        assert_eq!(check(&bad, None), Err(CheckError::BadOrder { found: order }));
    }
    let wrong_order = Proof { order: 3, ..p.clone() };
    let reason = GridFault::BadLength { expected: 81, found: 16 };
    let expected = CheckError::BadGrid { field: GridField::Puzzle, reason };
    assert_eq!(check(&wrong_order, None), Err(expected));
}

#[test]
fn the_puzzle_must_match_the_callers_givens() {
    let p = solved();
    assert!(check(&p, Some("1 0 3 0 0 4 0 2 0 1 0 0 0 0 2 0")).is_ok());
    let err = check(&p, Some("1.3..4.2.1....3.")).expect_err("r4c3 differs");
    let cell = CellRef { r: 4, c: 3 };
    assert_eq!(err, CheckError::PuzzleMismatch { cell, header: 2, givens: 3 });
    assert_eq!(err.to_string(), "header: the certificate's puzzle has 2 at r4c3 but the puzzle it is checked against has 3: the certificate is about another puzzle");
    let extra = check(&p, Some("1.3..4.2.1....21")).expect_err("an extra given");
    assert!(matches!(extra, CheckError::PuzzleMismatch { header: 0, givens: 1, .. }));
    let garbled = check(&p, Some("1.3..4.2.1....2"));
    assert!(matches!(garbled, Err(CheckError::BadGrid { field: GridField::Givens, .. })));
}

#[test]
fn large_orders_use_the_integer_form() {
    let mut cells = vec!["0"; 4096];
    cells[4095] = "64";
    let puzzle = cells.join(" ");
    let steps = vec![
        step(0, pl(64, 64, 64), Rule::Given, &[], None),
        step(1, common::el(1, 64, 64), Rule::Exclusion, &[0], None),
        step(2, common::el(57, 57, 64), Rule::Exclusion, &[0], None),
    ];
    let p = proof(8, &puzzle, Claim::Consequences(puzzle.clone()), steps);
    assert_eq!(check(&p, Some(&puzzle)).map(|v| v.claim), Ok(ClaimKind::Consequences));
    let mut far = p.clone();
    far.steps[2].fact = common::el(56, 57, 64);
    assert!(matches!(check(&far, None), Err(CheckError::WrongFact { step: 2, .. })));
    let mut beyond = p.clone();
    beyond.steps[1].fact = common::el(1, 65, 64);
    assert!(matches!(check(&beyond, None), Err(CheckError::FactOutOfRange { side: 64, .. })));
}
