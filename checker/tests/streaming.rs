//! `check_ron` (the certificate checked as it is parsed) against `parse_ron` then `check`:
//! the same verdict on every proof, valid or not, whatever order the fields come in.

mod common;

use common::{proof, refutation_proof, solve_with_singles};
use deduku_check::format::{Claim, Fact, Proof, Rule};
use deduku_check::{check, check_ron, parse_ron, to_ron, CheckError};

/// The verdict of the two-stage path, for comparison.
fn two_stage(text: &str, givens: Option<&str>) -> Result<deduku_check::Verified, CheckError> {
    parse_ron(text).and_then(|p| check(&p, givens))
}

fn solved() -> Proof {
    let (steps, solution) = solve_with_singles(2, "1.3..4.2.1....2.").expect("solvable");
    proof(2, "1.3..4.2.1....2.", Claim::Solution(solution), steps)
}

#[test]
fn valid_proofs_verify_alike_with_and_without_givens() {
    for p in [solved(), refutation_proof()] {
        let text = to_ron(&p);
        for givens in [None, Some(p.puzzle.as_str())] {
            let streamed = check_ron(&text, givens).expect("verifies");
            assert_eq!(Ok(streamed), two_stage(&text, givens));
        }
    }
}

#[test]
fn every_corrupted_step_is_rejected_alike() {
    // Each step in turn loses its premises, cites itself, or moves to another scope.
    let p = solved();
    let mut rejected = 0;
    for i in 0..p.steps.len() {
        for corrupt in 0..3 {
            let mut bad = p.clone();
            let s = &mut bad.steps[i];
            match corrupt {
                0 => s.premises = Vec::new().into(),
                1 => s.premises = vec![s.id].into(),
                _ => s.scope = Some(s.id + 1),
            }
            let text = to_ron(&bad);
            let (streamed, whole) = (check_ron(&text, None), two_stage(&text, None));
            assert_eq!(streamed, whole, "step {i}, corruption {corrupt}");
            rejected += usize::from(streamed.is_err());
        }
    }
    assert!(rejected > p.steps.len(), "only {rejected} corruptions rejected");
}

#[test]
fn every_corrupted_given_is_rejected_alike() {
    // `check` takes the Given steps that open a certificate by a path of their own
    // (`Pass::leading_givens`); `check_ron` hands every step to the general pass. Each given
    // in turn, corrupted in each way below, must get the same verdict from both.
    let p = solved();
    let givens = p.steps.iter().take_while(|s| s.rule == Rule::Given).count();
    assert!(givens >= 4, "the test proof opens with {givens} givens");
    let mut rejected = 0;
    for i in 0..givens {
        for corrupt in 0..10 {
            let mut bad = p.clone();
            let next_id = bad.steps[i + 1].id;
            let s = &mut bad.steps[i];
            let Fact::Place { r, c, d } = s.fact else { panic!("a given places") };
            match corrupt {
                0 => s.fact = Fact::Place { r, c, d: d % 4 + 1 },
                1 => s.fact = Fact::Place { r, c: c % 4 + 1, d },
                2 => s.fact = Fact::Place { r, c, d: 5 },
                3 => s.fact = Fact::Elim { r, c, d },
                4 => s.id = if i == 0 { next_id } else { s.id - 1 },
                5 => s.premises = vec![s.id.saturating_sub(1)].into(),
                6 => s.scope = Some(0),
                7 => s.rule = Rule::Assume,
                8 => bad.steps.swap(i, i + 1),
                _ => s.fact = Fact::Bottom,
            }
            let text = to_ron(&bad);
            let (streamed, whole) = (check_ron(&text, None), two_stage(&text, None));
            assert_eq!(streamed, whole, "given {i}, corruption {corrupt}");
            rejected += usize::from(streamed.is_err());
        }
    }
    // Moving a given to another given's cell keeps it a clue only by chance; the rest fail.
    assert!(rejected >= 8 * givens, "only {rejected} corruptions rejected");
}

#[test]
fn a_wrong_header_or_puzzle_is_rejected_before_any_step() {
    let text = to_ron(&solved());
    let other = "2.3..4.2.1....2.";
    let streamed = check_ron(&text, Some(other));
    assert!(matches!(streamed, Err(CheckError::PuzzleMismatch { .. })), "{streamed:?}");
    assert_eq!(streamed, two_stage(&text, Some(other)));
    let bad = text.replacen("version: 1", "version: 9", 1);
    assert_eq!(check_ron(&bad, None), Err(CheckError::BadVersion { found: 9 }));
}

#[test]
fn steps_before_the_header_are_kept_and_checked_alike() {
    let text = to_ron(&refutation_proof());
    let (head, steps) = text.split_once("    steps: [").expect("a step list");
    let (steps, tail) = steps.split_once("    ],").expect("its end");
    let (prefix, fields) = head.split_once("Proof(\n").expect("a Proof");
    let moved = format!("{prefix}Proof(\n    steps: [{steps}    ],\n{fields}{tail}");
    assert_eq!(parse_ron(&moved).as_ref(), Ok(&refutation_proof()));
    assert_eq!(check_ron(&moved, None), two_stage(&moved, None));
    assert!(check_ron(&moved, None).is_ok());
    let corrupted = moved.replacen("premises: [40, 41]", "premises: [40]", 1);
    let streamed = check_ron(&corrupted, None);
    assert!(streamed.is_err());
    assert_eq!(streamed, two_stage(&corrupted, None));
}

#[test]
fn malformed_certificates_are_parse_errors_naming_the_fault() {
    let text = to_ron(&refutation_proof());
    let cases = [
        (text.replacen("    version: 1,\n", "    version: 1,\n    version: 1,\n", 1), "version"),
        (text.replacen("    order: 2,\n", "    order: 2,\n    signed: 1,\n", 1), "signed"),
        (text.replacen("    order: 2,\n", "", 1), "order"),
        (text.replacen("    claim: ", "    claims: ", 1), "claims"),
        (format!("{text} trailing"), ""),
        (text.replacen("(id: 42,", "(id: 42, scop: 3,", 1), "scop"),
    ];
    for (bad, named) in cases {
        let err = check_ron(&bad, None).expect_err(named);
        assert!(matches!(err, CheckError::Parse { .. }), "{named}: {err:?}");
        assert!(err.to_string().contains(named), "{named}: {err}");
        assert!(parse_ron(&bad).is_err(), "{named}: the two-stage path accepts it");
    }
    let no_steps = text.replacen("    steps: [", "    stepz: [", 1);
    assert!(matches!(check_ron(&no_steps, None), Err(CheckError::Parse { .. })));
}

#[test]
fn textual_variants_of_the_writers_layout_get_ron_s_verdict() {
    // The writer's layout is read by hand (crate::canonical); each variant below must still
    // get exactly what ron then the kernel say, valid or not.
    let mut compared = 0;
    for p in [solved(), refutation_proof()] {
        let text = to_ron(&p);
        let first_step = text.find("        (id:").expect("a step line");
        let (head, steps) = text.split_at(first_step);
        let variants = [
            some_scope(&text),
            text.replacen("(id: 1,", "(id: 01,", 1),
            text.replacen("(id: 1,", "(id:  1,", 1),
            text.replacen("(id: 1,", "(id: 99999999999999999999999,", 1),
            text.replacen(", d: 2)", ", d: 258)", 1),
            text.replacen("rule: Given", "rule: Gift", 1),
            text.replacen("rule: HiddenSingle(", "rule: HiddenSingle (", 1),
            text.replacen("premises: [", "premises: [ ", 1),
            format!("{head}        // a comment\n{steps}"),
            format!("{head}        (id: 0, fact: Bottom, rule: Clash, premises: []),\n{steps}"),
            text.replace('\n', "\r\n"),
            format!("{text}x"),
            format!("{text}\n// trailing comment\n"),
            text.replacen("),\n        (id:", ")\n        (id:", 1),
            text.replacen("    steps: [\n", "    steps: [\n\n", 1),
        ];
        for (k, variant) in variants.iter().enumerate().filter(|(_, v)| **v != text) {
            let (streamed, whole) = (check_ron(variant, None), two_stage(variant, None));
            assert_eq!(streamed, whole, "variant {k}");
            compared += 1;
        }
    }
    assert!(compared >= 24, "only {compared} variants differ from the writer's text");
}

/// The first `scope: N` written as `scope: Some(N)` (what ron's `implicit_some` also reads).
fn some_scope(text: &str) -> String {
    let Some(at) = text.find(", scope: ") else { return text.to_string() };
    let start = at + ", scope: ".len();
    let end = start + text[start..].find(')').expect("the step closes");
    format!("{}Some({}){}", &text[..start], &text[start..end], &text[end..])
}
