//! Subproofs: opening, nesting, closing, and which facts are usable where.

mod common;

use common::{el, pl, proof, step};
use deduku_check::format::{Claim, Fact, Proof, Rule, Step};
use deduku_check::{check, CheckError, ClaimKind};

const PUZZLE: &str = "1...............";

fn with_steps(steps: Vec<Step>) -> Proof {
    proof(2, PUZZLE, Claim::Consequences(PUZZLE.to_string()), steps)
}

/// r1c1=1 given; assuming r1c2=1 clashes with the derived r1c2≠1; negation concludes it again.
fn refutation() -> Vec<Step> {
    vec![
        step(0, pl(1, 1, 1), Rule::Given, &[], None),
        step(1, el(1, 2, 1), Rule::Exclusion, &[0], None),
        step(2, pl(1, 2, 1), Rule::Assume, &[], None),
        step(3, Fact::Bottom, Rule::Clash, &[2, 1], Some(2)),
        step(4, el(1, 2, 1), Rule::Negation, &[2, 3], None),
    ]
}

fn extended(extra: Vec<Step>) -> Proof {
    let mut steps = refutation();
    steps.extend(extra);
    with_steps(steps)
}

#[test]
fn a_refuted_assumption_is_verified() {
    let v = check(&with_steps(refutation()), Some(PUZZLE)).expect("valid refutation");
    assert_eq!((v.claim, v.max_depth), (ClaimKind::Consequences, 1));
}

#[test]
fn nested_subproofs_use_enclosing_facts_and_discharge_in_order() {
    let p = extended(vec![
        step(5, pl(1, 3, 1), Rule::Assume, &[], None),
        step(6, pl(2, 2, 2), Rule::Assume, &[], Some(5)),
        step(7, el(1, 3, 1), Rule::Exclusion, &[0], Some(6)),
        step(8, Fact::Bottom, Rule::Clash, &[5, 7], Some(6)),
        step(9, el(2, 2, 2), Rule::Negation, &[6, 8], Some(5)),
        step(10, Fact::Bottom, Rule::Clash, &[7, 5], Some(5)),
    ]);
    let err = check(&p, None).expect_err("step 7 lives in the closed subproof 6");
    assert!(matches!(err, CheckError::PremiseOutOfScope { step: 10, premise: 7, home: 6, .. }));
    let mut ok = p.clone();
    ok.steps.truncate(10);
    ok.steps.push(step(10, el(1, 3, 1), Rule::Exclusion, &[0], Some(5)));
    ok.steps.push(step(11, Fact::Bottom, Rule::Clash, &[5, 10], Some(5)));
    ok.steps.push(step(12, el(1, 3, 1), Rule::Negation, &[5, 11], None));
    assert_eq!(check(&ok, None).map(|v| v.max_depth), Ok(2));
}

#[test]
fn a_fact_from_a_closed_subproof_is_out_of_scope() {
    let p = extended(vec![
        step(5, pl(2, 3, 4), Rule::Assume, &[], None),
        step(6, el(2, 4, 4), Rule::Exclusion, &[5], Some(5)),
        step(7, pl(2, 4, 4), Rule::Assume, &[], None),
        step(8, Fact::Bottom, Rule::Clash, &[7, 6], Some(7)),
    ]);
    let err = check(&p, None).expect_err("6 is closed");
    assert_eq!(err.step(), Some(8));
    assert!(matches!(err, CheckError::PremiseOutOfScope { premise: 6, home: 5, .. }), "{err}");
}

#[test]
fn an_assume_cited_at_the_root_as_if_a_given_is_out_of_scope() {
    let p = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[2], None)]);
    let err = check(&p, None).expect_err("assumption used at the root");
    assert!(matches!(err, CheckError::PremiseOutOfScope { step: 5, premise: 2, home: 2, .. }));
}

#[test]
fn reopening_a_closed_scope_or_naming_a_non_assume_is_rejected() {
    let reopen = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[2], Some(2))]);
    let err = check(&reopen, None).expect_err("subproof 2 closed at step 4");
    assert!(matches!(err, CheckError::ScopeNotOpen { step: 5, scope: 2, .. }), "{err}");
    let not_assume = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[0], Some(1))]);
    assert!(matches!(check(&not_assume, None), Err(CheckError::ScopeNotOpen { scope: 1, .. })));
    let never = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[0], Some(99))]);
    assert!(matches!(check(&never, None), Err(CheckError::ScopeNotOpen { scope: 99, .. })));
    let own = extended(vec![step(5, pl(4, 4, 1), Rule::Assume, &[], Some(5))]);
    assert!(matches!(check(&own, None), Err(CheckError::ScopeNotOpen { scope: 5, .. })));
}

#[test]
fn negation_with_a_bottom_outside_the_subproof_is_rejected() {
    let p = proof(
        2,
        "11..............",
        Claim::Contradiction,
        vec![
            step(0, pl(1, 1, 1), Rule::Given, &[], None),
            step(1, pl(1, 2, 1), Rule::Given, &[], None),
            step(2, el(1, 2, 1), Rule::Exclusion, &[0], None),
            step(3, Fact::Bottom, Rule::Clash, &[1, 2], None),
            step(4, pl(3, 3, 1), Rule::Assume, &[], None),
            step(5, el(3, 3, 1), Rule::Negation, &[4, 3], None),
        ],
    );
    let err = check(&p, None).expect_err("3 is not inside subproof 4");
    assert!(matches!(err, CheckError::NegationBottom { step: 5, premise: 3, .. }), "{err}");
    let mut root_bottom = p.clone();
    root_bottom.steps.truncate(4);
    assert_eq!(check(&root_bottom, None).map(|v| v.claim), Ok(ClaimKind::Contradiction));
}

#[test]
fn negation_of_the_wrong_literal_or_from_the_wrong_scope_is_rejected() {
    let mut steps = refutation();
    steps[4].fact = el(1, 2, 2);
    let err = check(&with_steps(steps), None).expect_err("negates r1c2=1, not r1c2=2");
    assert!(matches!(err, CheckError::WrongFact { step: 4, rule: Rule::Negation, .. }), "{err}");
    let inner = extended(vec![
        step(5, pl(2, 3, 4), Rule::Assume, &[], None),
        step(6, pl(1, 2, 1), Rule::Assume, &[], Some(5)),
        step(7, Fact::Bottom, Rule::Clash, &[6, 1], Some(6)),
        step(8, el(1, 2, 1), Rule::Negation, &[6, 7], None),
    ]);
    let err = check(&inner, None).expect_err("6 belongs to subproof 5, not the root");
    assert!(matches!(err, CheckError::NegationAssume { step: 8, premise: 6, .. }), "{err}");
}

#[test]
fn facts_inside_subproofs_do_not_count_for_claims() {
    let p = proof(
        2,
        PUZZLE,
        Claim::Consequences("1..2............".to_string()),
        vec![
            step(0, pl(1, 1, 1), Rule::Given, &[], None),
            step(1, pl(1, 4, 2), Rule::Assume, &[], None),
            step(2, el(1, 4, 3), Rule::Exclusion, &[1], Some(1)),
        ],
    );
    let err = check(&p, None).expect_err("r1c4=2 is only assumed");
    assert!(matches!(err, CheckError::ClaimNotDerived { digit: 2, .. }), "{err}");
}

#[test]
fn premise_ids_must_name_earlier_steps() {
    let forward = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[6], None)]);
    assert!(matches!(check(&forward, None), Err(CheckError::PremiseForward { premise: 6, .. })));
    let own = extended(vec![step(5, el(1, 3, 1), Rule::Exclusion, &[5], None)]);
    assert!(matches!(check(&own, None), Err(CheckError::PremiseSelf { premise: 5, .. })));
    let mut gap = refutation();
    gap.push(step(9, el(1, 3, 1), Rule::Exclusion, &[7], None));
    let err = check(&with_steps(gap), None).expect_err("no step 7");
    assert!(matches!(err, CheckError::PremiseUnknown { step: 9, premise: 7, .. }), "{err}");
    let mut repeat = refutation();
    repeat.push(step(4, el(1, 3, 1), Rule::Exclusion, &[0], None));
    let err = check(&with_steps(repeat), None).expect_err("id 4 twice");
    assert!(matches!(err, CheckError::IdNotIncreasing { step: 4, previous: 4, .. }), "{err}");
}

#[test]
fn out_of_range_facts_are_rejected_before_their_rule() {
    let p = extended(vec![step(5, el(1, 5, 1), Rule::Exclusion, &[0], None)]);
    let err = check(&p, None).expect_err("column 5 of a 4x4");
    assert!(matches!(err, CheckError::FactOutOfRange { step: 5, side: 4, .. }), "{err}");
    let zero = extended(vec![step(5, pl(0, 1, 1), Rule::Assume, &[], None)]);
    assert!(matches!(check(&zero, None), Err(CheckError::FactOutOfRange { .. })));
}
