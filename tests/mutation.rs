//! The mutation suite: every single-point corruption of engine certificates must be rejected
//! with the right `CheckError` variant at the right place. A mutant that stays a valid proof is
//! reported as such (never counted as a rejection) and must then be sound.
//!
//! Run with `cargo test --test mutation -- --nocapture` to see the table.

mod common;

#[path = "mutation/claims.rs"]
mod claims;
#[path = "mutation/corpus.rs"]
mod corpus;
#[path = "mutation/minimal.rs"]
mod minimal;
#[path = "mutation/mutate.rs"]
mod mutate;
#[path = "mutation/oracle.rs"]
mod oracle;
#[path = "mutation/premises.rs"]
mod premises;
#[path = "mutation/rng.rs"]
mod rng;

use corpus::{claim_name, Case};
use deduku_check::{check, CheckError};
use mutate::{Class, Locate, Mutant};
use std::collections::BTreeMap;

/// The tallies of one class.
#[derive(Default)]
struct Tally {
    generated: usize,
    rejected: usize,
    still_valid: usize,
    unexpected_valid: usize,
    failures: Vec<String>,
}

#[test]
fn every_single_point_corruption_is_rejected_with_the_right_error() {
    let cases = corpus::corpus();
    assert!(cases.len() >= 50, "only {} certificates", cases.len());
    print_corpus(&cases);
    let classes = mutate::classes();
    let mut rng = rng::Rng::new(0x00de_c0de);
    let mut tallies: Vec<Tally> = classes.iter().map(|_| Tally::default()).collect();
    for case in &cases {
        for (class, tally) in classes.iter().zip(&mut tallies) {
            for mutant in (class.make)(case, &mut rng) {
                judge(case, class, &mutant, tally);
            }
        }
    }
    print_table(&classes, &tallies);
    let mut problems = Vec::new();
    for (class, tally) in classes.iter().zip(&tallies) {
        if tally.generated == 0 {
            problems.push(format!("{}: no mutant generated", class.name));
        }
        if tally.unexpected_valid > 0 {
            let n = tally.unexpected_valid;
            problems.push(format!("{}: {n} mutants stayed valid unexpectedly", class.name));
        }
        problems.extend(tally.failures.iter().take(5).map(|f| format!("{}: {f}", class.name)));
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The positive side of `Derives`: every root literal of every corpus certificate (and
/// each given) verifies as a claim of its own, and all of them together as one list.
#[test]
fn every_root_literal_verifies_as_a_derives_claim() {
    use deduku_check::format::{Claim, Fact, Rule};
    let mut claims = 0;
    for case in corpus::corpus().iter().filter(|c| !c.proof.steps.is_empty()) {
        let root: Vec<Fact> = (case.proof.steps.iter())
            .filter(|s| s.scope.is_none() && s.rule != Rule::Assume && s.fact != Fact::Bottom)
            .map(|s| s.fact)
            .collect();
        let mut proof = case.proof.clone();
        for &fact in root.iter().step_by(7) {
            proof.claim = Claim::Derives(vec![fact]);
            let verdict = check(&proof, Some(&case.givens));
            assert!(verdict.is_ok(), "{}: Derives([{fact}]): {verdict:?}", case.name);
            claims += 1;
        }
        if !root.is_empty() {
            proof.claim = Claim::Derives(root);
            let verdict = check(&proof, Some(&case.givens));
            assert!(verdict.is_ok(), "{}: all root literals: {verdict:?}", case.name);
        }
    }
    assert!(claims > 100, "only {claims} claims checked");
}

/// Checks one mutant and records the outcome.
fn judge(case: &Case, class: &Class, mutant: &Mutant, tally: &mut Tally) {
    if mutant.proof == case.proof {
        return;
    }
    tally.generated += 1;
    let verdict = check(&mutant.proof, Some(&case.givens));
    // Checked as it is parsed (what deduku-check runs), the mutant gets the same verdict.
    let streamed =
        deduku_check::check_ron(&deduku_check::to_ron(&mutant.proof), Some(&case.givens));
    if streamed != verdict {
        tally.failures.push(format!("{}: check_ron {streamed:?}, check {verdict:?}", case.name));
    }
    match verdict {
        Ok(_) => {
            tally.still_valid += 1;
            let claim = claim_name(&case.proof.claim);
            if !class.may_stay_valid.is_some_and(|a| a.claims.contains(&claim)) {
                tally.unexpected_valid += 1;
                let at = mutant.step.and_then(|id| mutant.proof.steps.iter().find(|s| s.id == id));
                tally.failures.push(format!("{}: stayed valid: {at:?}", case.name));
            }
            if let Some(why) = oracle::unsound(case, &mutant.proof) {
                tally.failures.push(format!("{}: ACCEPTED AN UNSOUND PROOF: {why}", case.name));
            }
        }
        Err(e) => match misjudged(class, mutant, &e) {
            None => tally.rejected += 1,
            Some(why) => tally.failures.push(format!("{}: {why}: {e}", case.name)),
        },
    }
}

/// Why a rejection is not the right one: wrong variant, or reported at the wrong place.
fn misjudged(class: &Class, mutant: &Mutant, e: &CheckError) -> Option<String> {
    let name = variant(e);
    if !class.allowed.contains(&name) {
        return Some(format!("variant {name} not in {:?}", class.allowed));
    }
    let ok = match (class.locate, mutant.step, e.step()) {
        (Locate::Exact, Some(at), found) => found == Some(at),
        (Locate::AtOrAfter, Some(at), Some(found)) => found >= at,
        (Locate::AtOrAfter, Some(_), None) => name.starts_with("Claim"),
        (Locate::Whole, _, found) => found.is_none(),
        (_, None, _) => false,
    };
    (!ok).then(|| format!("reported at step {:?}, corrupted {:?}", e.step(), mutant.step))
}

/// The variant's name, as the classes list them.
fn variant(e: &CheckError) -> &'static str {
    let debug = format!("{e:?}");
    let name = debug.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    VARIANTS.iter().copied().find(|&v| v == name).unwrap_or("Unknown")
}

const VARIANTS: &[&str] = &[
    "Parse",
    "BadFormat",
    "BadVersion",
    "BadOrder",
    "BadGrid",
    "PuzzleMismatch",
    "IdNotIncreasing",
    "PremiseUnknown",
    "PremiseForward",
    "PremiseSelf",
    "PremiseOutOfScope",
    "ScopeNotOpen",
    "FactOutOfRange",
    "UnitOutOfRange",
    "WrongFact",
    "PremiseCount",
    "WrongPremise",
    "DuplicatePremise",
    "MissingPremise",
    "GivenInSubproof",
    "NegationAssume",
    "NegationBottom",
    "ClaimIncomplete",
    "ClaimRepeat",
    "ClaimGivens",
    "ClaimNotDerived",
    "ClaimNothingListed",
    "ClaimNotALiteral",
    "ClaimFactOutOfRange",
    "ClaimFactNotDerived",
    "ClaimNoContradiction",
    "ClaimIdentical",
    "ClaimWitnessCount",
    "ClaimWitnessCell",
    "ClaimWitnessIdentical",
];

fn print_corpus(cases: &[Case]) {
    let mut kinds: BTreeMap<(u8, &str, usize), usize> = BTreeMap::new();
    for c in cases {
        *kinds.entry((c.proof.order, claim_name(&c.proof.claim), c.depth)).or_default() += 1;
    }
    println!("corpus: {} certificates", cases.len());
    for ((order, claim, depth), count) in kinds {
        let side = usize::from(order).pow(2);
        println!("  {count:>3} × {side}x{side} {claim}, negation depth {depth}");
    }
}

fn print_table(classes: &[Class], tallies: &[Tally]) {
    println!("{:<36} {:>9} {:>9} {:>11}", "class", "generated", "rejected", "still-valid");
    for (class, t) in classes.iter().zip(tallies) {
        println!("{:<36} {:>9} {:>9} {:>11}", class.name, t.generated, t.rejected, t.still_valid);
        if t.still_valid > 0 {
            let why = class.may_stay_valid.map_or("NOT EXPECTED", |a| a.why);
            println!("    still valid (and checked sound): {why}");
        }
    }
}
