//! RON reading and writing: round trips, both `scope` spellings, and no panic on any input.

mod common;

use common::{proof, refutation_proof, solve_with_singles};
use deduku_check::format::{Claim, Fact, Premises, Proof, Rule, Step, Unit};
use deduku_check::{check, parse_ron, to_ron, CheckError};
use proptest::prelude::*;

#[test]
fn to_ron_then_parse_ron_round_trips() {
    for p in [refutation_proof(), {
        let (steps, solution) = solve_with_singles(2, "1.3..4.2.1....2.").expect("solvable");
        proof(2, "1.3..4.2.1....2.", Claim::Solution(solution), steps)
    }] {
        let text = to_ron(&p);
        assert_eq!(
            text.lines().filter(|l| l.trim_start().starts_with("(id:")).count(),
            p.steps.len()
        );
        assert_eq!(parse_ron(&text).as_ref(), Ok(&p));
        assert_eq!(to_ron(&parse_ron(&text).expect("parses")), text);
    }
}

#[test]
fn scope_may_be_written_with_or_without_some() {
    let text = |scope: &str| {
        format!(
            "Proof(format: \"deduku-proof\", version: 1, order: 2, puzzle: \"1...............\",
              claim: Consequences(\"1...............\"), steps: [
                (id: 0, fact: Place(r: 1, c: 1, d: 1), rule: Given),
                (id: 1, fact: Elim(r: 1, c: 2, d: 1), rule: Exclusion, premises: [0]),
                (id: 40, fact: Place(r: 1, c: 2, d: 1), rule: Assume),
                (id: 41, fact: Bottom, rule: Clash, premises: [40, 1], scope: {scope}),
                (id: 42, fact: Elim(r: 1, c: 2, d: 1), rule: Negation, premises: [40, 41]),
              ])"
        )
    };
    let explicit = parse_ron(&text("Some(40)")).expect("Some(40) parses");
    let implicit = parse_ron(&text("40")).expect("40 parses");
    assert_eq!(explicit, refutation_proof());
    assert_eq!(implicit, refutation_proof());
    assert!(check(&implicit, Some("1...............")).is_ok());
}

#[test]
fn units_and_errors_read_as_written() {
    let s: Step =
        ron::from_str("(id: 3, fact: Place(r: 1, c: 2, d: 3), rule: HiddenSingle(Box(2)))")
            .expect("a step");
    assert_eq!(s.rule, Rule::HiddenSingle(Unit::Box(2)));
    let err = parse_ron("Proof(format: \"deduku-proof\",\n version: -1)").expect_err("bad version");
    assert!(matches!(err, CheckError::Parse { line: 2, .. }), "{err}");
    assert!(err.to_string().starts_with("parse: line 2, column "), "{err}");
}

fn any_fact() -> impl Strategy<Value = Fact> {
    let lit = (0u8..6, 0u8..6, 0u8..6);
    prop_oneof![
        lit.clone().prop_map(|(r, c, d)| Fact::Place { r, c, d }),
        lit.prop_map(|(r, c, d)| Fact::Elim { r, c, d }),
        Just(Fact::Bottom),
    ]
}

fn any_rule() -> impl Strategy<Value = Rule> {
    let unit = (0u8..3, 0u8..6).prop_map(|(k, i)| match k {
        0 => Unit::Row(i),
        1 => Unit::Col(i),
        _ => Unit::Box(i),
    });
    prop_oneof![
        Just(Rule::Given),
        Just(Rule::Exclusion),
        Just(Rule::NakedSingle),
        unit.clone().prop_map(Rule::HiddenSingle),
        Just(Rule::EmptyCell),
        unit.clone().prop_map(Rule::NoPlace),
        Just(Rule::Clash),
        Just(Rule::Assume),
        Just(Rule::Negation),
        (unit.clone(), unit.clone(), 0u8..6).prop_map(|(from, to, digit)| Rule::LockedCandidates {
            from,
            to,
            digit
        }),
        (unit.clone(), any::<u64>(), any::<u64>())
            .prop_map(|(unit, cells, digits)| Rule::NakedSubset { unit, cells, digits }),
        (unit.clone(), any::<u64>(), any::<u64>())
            .prop_map(|(unit, cells, digits)| Rule::HiddenSubset { unit, cells, digits }),
    ]
}

fn any_steps() -> impl Strategy<Value = Vec<Step>> {
    let raw = (0u64..3, any_fact(), any_rule(), prop::collection::vec(0u64..30, 0..6));
    let raw = (raw, prop::option::of(0u64..30));
    prop::collection::vec(raw, 0..30).prop_map(|raw| {
        let mut id = 0;
        let to_step = |((gap, fact, rule, premises), scope): ((u64, _, _, Vec<u64>), _)| {
            id += gap;
            Step { id, fact, rule, premises: Premises::from(premises), scope }
        };
        raw.into_iter().map(to_step).collect()
    })
}

proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(p) = parse_ron(&text) {
            let _ = check(&p, Some(&p.puzzle));
        }
    }

    #[test]
    fn arbitrary_ron_like_text_never_panics(text in "[(), :\\[\\]a-zA-Z0-9\"#!_.]{0,300}") {
        let wrapped = format!("Proof(format: \"deduku-proof\", version: 1, order: 2, {text}");
        if let Ok(p) = parse_ron(&wrapped) {
            let _ = check(&p, None);
        }
    }

    /// `to_ron` formats the common steps itself; each line must be exactly what ron writes.
    #[test]
    fn every_step_line_is_what_ron_writes(steps in any_steps(), big in any::<u64>()) {
        let mut steps = steps;
        if let Some(s) = steps.last_mut() {
            s.id = big;
            s.scope = s.scope.map(|_| big / 2);
        }
        let p = proof(2, "1...............", Claim::Contradiction, steps);
        let text = to_ron(&p);
        let lines: Vec<&str> = text.lines().filter(|l| l.starts_with("        (id:")).collect();
        prop_assert_eq!(lines.len(), p.steps.len());
        let config = ron::ser::PrettyConfig::new()
            .depth_limit(0)
            .extensions(ron::extensions::Extensions::IMPLICIT_SOME);
        let ron_options = ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
        for (line, step) in lines.iter().zip(&p.steps) {
            let theirs = ron_options.to_string_pretty(step, config.clone()).expect("serializes");
            prop_assert_eq!(*line, format!("        {theirs},"));
        }
    }

    #[test]
    fn arbitrary_proofs_never_panic_and_round_trip(
        order in 0u8..5,
        puzzle in "[.0-9A-Ga-g ]{0,20}",
        steps in any_steps(),
    ) {
        let p = proof(order, &puzzle, Claim::Consequences(puzzle.clone()), steps);
        let _ = check(&p, Some(&puzzle));
        // A well-formed header, so that the random steps themselves reach the pass.
        let sane = Proof { order: 2, puzzle: "1.3..4.2.1....2.".into(), ..p.clone() };
        let _ = check(&sane, None);
        prop_assert_eq!(parse_ron(&to_ron(&p)), Ok(p));
    }
}

/// An unknown or misspelt field is an error naming it, at every level of the format: the
/// header, a step, a fact, a rule with fields. A misspelling must never be read as absent.
#[test]
fn unknown_fields_are_rejected_and_named_at_every_level() {
    let good = to_ron(&refutation_proof());
    assert!(parse_ron(&good).is_ok());
    let cases = [
        ("version: 1,", "version: 1,\n    signed_by: \"me\",", "signed_by"),
        ("(id: 40,", "(id: 40, scop: 7,", "scop"),
        ("fact: Elim(r: 1, c: 2, d: 1)", "fact: Elim(r: 1, c: 2, d: 1, certainty: 1)", "certainty"),
    ];
    for (from, to, field) in cases {
        let bad = good.replacen(from, to, 1);
        assert_ne!(bad, good, "{from} not found");
        let err = parse_ron(&bad).expect_err(field);
        assert!(matches!(err, CheckError::Parse { .. }), "{err:?}");
        assert!(err.to_string().contains(field), "{field}: {err}");
    }
    let locked = "(id: 3, fact: Elim(r: 1, c: 3, d: 1), rule: LockedCandidates(from: Box(1), \
                  to: Row(1), digit: 1, extra: 2), premises: [1])";
    let bad = good.replacen("(id: 42,", &format!("{locked},\n        (id: 42,"), 1);
    let err = parse_ron(&bad).expect_err("extra");
    assert!(err.to_string().contains("extra"), "{err}");
}
