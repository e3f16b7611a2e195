//! Scale and hostile input for the checker: deep nesting without recursion, absurd numbers
//! rejected before any large allocation, and malformed text rejected without a panic.

#[path = "scale/long_chain.rs"]
mod long_chain;

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, FORMAT, VERSION};
use deduku_check::{check, explain, parse_ron, to_ron, CheckError};

const PUZZLE: &str = "1...............";

fn proof(order: u8, puzzle: &str, claim: Claim, steps: Vec<Step>) -> Proof {
    let (format, version, puzzle) = (FORMAT.to_string(), VERSION, puzzle.to_string());
    Proof { format, version, order, puzzle, claim, steps }
}

fn step(id: u64, fact: Fact, rule: Rule, premises: Vec<u64>, scope: Option<u64>) -> Step {
    Step { id, fact, rule, premises: premises.into(), scope }
}

/// Subproofs nested `depth` deep, each assuming r1c2=1 (false: r1c1=1 is given), refuted at
/// the bottom by a clash and discharged level by level back to the root.
pub fn nested(depth: u64) -> Proof {
    let (place, elim) = (Fact::Place { r: 1, c: 2, d: 1 }, Fact::Elim { r: 1, c: 2, d: 1 });
    let mut steps = vec![
        step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, vec![], None),
        step(1, elim, Rule::Exclusion, vec![0], None),
    ];
    // Assume k (id k + 1) lives in the subproof of Assume k - 1.
    let assume = |k: u64| k + 1;
    let scope_of = |k: u64| (k > 1).then(|| assume(k - 1));
    for k in 1..=depth {
        steps.push(step(assume(k), place, Rule::Assume, vec![], scope_of(k)));
    }
    let mut next = depth + 2;
    let mut refuted = 1; // the id of a root-or-enclosing r1c2≠1
    for k in (1..=depth).rev() {
        let bottom = next;
        steps.push(step(
            bottom,
            Fact::Bottom,
            Rule::Clash,
            vec![assume(k), refuted],
            Some(assume(k)),
        ));
        steps.push(step(bottom + 1, elim, Rule::Negation, vec![assume(k), bottom], scope_of(k)));
        refuted = bottom + 1;
        next += 2;
    }
    proof(2, PUZZLE, Claim::Consequences(PUZZLE.to_string()), steps)
}

#[test]
fn subproofs_nested_ten_thousand_deep_check_on_a_small_stack() {
    let p = nested(10_000);
    let text = to_ron(&p);
    // A 256 KiB stack: any recursion per nesting level would overflow it.
    let worker = std::thread::Builder::new().stack_size(256 << 10);
    let handle = worker.spawn(move || {
        let read = parse_ron(&text)?;
        check(&read, Some(PUZZLE))
    });
    let verdict = handle.expect("thread spawns").join().expect("no stack overflow");
    let v = verdict.expect("nested refutation is valid");
    assert_eq!((v.max_depth, v.steps), (10_000, 2 + 3 * 10_000));
}

#[test]
fn a_broken_innermost_step_of_a_deep_nest_is_found_and_explained() {
    let mut p = nested(10_000);
    let innermost = 10_000 + 2;
    let bottom = p.steps.iter_mut().find(|s| s.id == innermost).expect("innermost clash");
    // r1c2=1 with itself: a placement does not imply its own negation.
    bottom.premises = vec![10_001, 10_001].into();
    let err = check(&p, None).expect_err("clash of r1c2=1 with r1c2=1");
    assert!(matches!(err, CheckError::WrongPremise { step, .. } if step == innermost), "{err}");
    let shown = explain(&p, &err);
    assert!(shown.contains("open subproofs here: 2 (r1c2=1) > 3 (r1c2=1) > … 9993 more > "));
    assert!(shown.contains("> 10001 (r1c2=1)\n"), "{shown}");
}

#[test]
fn absurd_numbers_are_rejected_quickly() {
    let consequences = Claim::Consequences(PUZZLE.to_string());
    let given = step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, vec![], None);
    let bad_order = proof(u8::MAX, PUZZLE, consequences.clone(), vec![]);
    assert_eq!(check(&bad_order, None), Err(CheckError::BadOrder { found: u8::MAX }));
    let far = step(u64::MAX, Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, vec![0], None);
    let p = proof(2, PUZZLE, consequences.clone(), vec![given.clone(), far]);
    assert!(check(&p, None).is_ok(), "a huge but increasing id is just an id");
    let cite_max = step(5, Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, vec![u64::MAX], None);
    let p = proof(2, PUZZLE, consequences.clone(), vec![given.clone(), cite_max]);
    assert!(matches!(check(&p, None), Err(CheckError::PremiseForward { .. })));
    let scope_max =
        step(5, Fact::Elim { r: 1, c: 2, d: 1 }, Rule::Exclusion, vec![0], Some(u64::MAX));
    let p = proof(2, PUZZLE, consequences.clone(), vec![given.clone(), scope_max]);
    assert!(matches!(check(&p, None), Err(CheckError::ScopeNotOpen { .. })));
    let coords = step(5, Fact::Elim { r: 255, c: 0, d: 200 }, Rule::Exclusion, vec![0], None);
    let p = proof(2, PUZZLE, consequences, vec![given, coords]);
    assert!(matches!(check(&p, None), Err(CheckError::FactOutOfRange { .. })));
}

#[test]
fn a_million_premises_on_one_step_are_rejected_without_trouble() {
    let given = step(0, Fact::Place { r: 1, c: 1, d: 1 }, Rule::Given, vec![], None);
    let many = step(1, Fact::Place { r: 1, c: 2, d: 2 }, Rule::NakedSingle, vec![0; 1 << 20], None);
    let p = proof(2, PUZZLE, Claim::Consequences(PUZZLE.to_string()), vec![given, many]);
    let err = check(&p, None);
    let want =
        CheckError::TooManyPremises { step: 1, rule: Rule::NakedSingle, found: 1 << 20, limit: 16 };
    assert_eq!(err, Err(want));
}

#[test]
fn a_huge_grid_string_is_counted_not_copied() {
    let huge = ".".repeat(50_000_000);
    let p = proof(8, &huge, Claim::Contradiction, vec![]);
    let err = check(&p, None).expect_err("wrong length");
    assert_eq!(err.to_string(), "header: puzzle has 50000000 cells, expected 4096");
}

#[test]
fn deeply_nested_ron_text_is_a_parse_error_not_a_stack_overflow() {
    for text in [
        format!("Proof(format: {}", "[".repeat(1_000_000)),
        format!("Proof(unknown_field: {}", "(".repeat(1_000_000)),
        format!("Proof(unknown_field: {}", "Some(".repeat(200_000)),
        format!("Proof(format: \"x\", steps: [{}", "(id: 0, ".repeat(100_000)),
    ] {
        let worker = std::thread::Builder::new().stack_size(256 << 10);
        let handle = worker.spawn(move || parse_ron(&text).map(|_| ()));
        let parsed = handle.expect("thread spawns").join().expect("no stack overflow");
        assert!(matches!(parsed, Err(CheckError::Parse { .. })), "{parsed:?}");
    }
}

/// Ten million steps, checked in memory: about 1.3 s and 1 GB peak RSS in the optimized
/// test profile on the reference machine (see docs/trust.md).
#[test]
fn ten_million_steps_check_in_linear_time_and_memory() {
    let proof = long_chain::build(10_000_000);
    let v = check(&proof, Some(long_chain::PUZZLE)).expect("the long chain is valid");
    assert_eq!((v.steps, v.max_depth), (10_000_011, 1));
    assert_eq!(v.premises, 14_166_661);
}
