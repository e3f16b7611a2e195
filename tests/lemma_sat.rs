//! Certificates with `Lemma` steps and assumed eliminations (`tests/lemma/`, built by
//! `tests/lemma/make.py` or by hand) translate to DRAT and LRAT: an assumed `c≠d` puts the
//! positive variable in the lemmas under it, its Negation is the placement, a Lemma citing
//! a ⊥ is `(¬T ∨ ¬a_j)` with the premise clauses and that ⊥ lemma as hints, and ⊥ lemmas are
//! never deleted. Our LRAT checker accepts every translation; the four third-party checkers
//! run in the ignored test (as in `tests/checkers.rs`).

#[path = "sat/both_modes.rs"]
mod both_modes;
#[path = "sat/lrat_check.rs"]
mod lrat_check;
#[path = "sat/tools.rs"]
mod tools;

use deduku::proof::read_proof;
use deduku::sat::{render_lrat, translate_with, Cnf, Lemmas, ProofLine, SatError};
use deduku_check::format::{Fact, Proof, Rule};
use std::path::PathBuf;

/// The certificates, each with its puzzle file.
const CASES: [(&str, &str); 5] = [
    ("lemma", "top95-22"),
    ("lemma-nested", "top95-22"),
    ("forum-343-lemma", "forum-343"),
    ("contradiction-4x4", "contradiction-4x4"),
    ("absurd-4x4", "absurd-4x4"),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/lemma")
}

/// The certificate `name`, checked against its puzzle first.
fn load(name: &str, puzzle: &str) -> Proof {
    let text = std::fs::read_to_string(dir().join(format!("{name}.ron"))).unwrap();
    let proof = read_proof(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let puzzle = std::fs::read_to_string(dir().join(format!("{puzzle}.txt"))).unwrap();
    deduku_check::check(&proof, Some(puzzle.trim())).unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(proof.steps.iter().any(|s| s.rule == Rule::Lemma), "{name}: no Lemma step");
    let assumed_elim =
        proof.steps.iter().any(|s| s.rule == Rule::Assume && matches!(s.fact, Fact::Elim { .. }));
    assert!(assumed_elim, "{name}: no assumed elimination");
    proof
}

#[test]
fn lemma_certificates_translate_in_both_modes_to_lrat_our_checker_accepts() {
    for (name, puzzle) in CASES {
        both_modes::translates_in_both_modes(name, &load(name, puzzle));
    }
}

/// The whole `--lemmas all` translation of the 4×4: v(r4c2=1) = 53, v(r2c2=1) = 21.
#[test]
fn the_4x4_lemmas_are_the_clauses_of_docs_sat_md() {
    let proof = load("contradiction-4x4", "contradiction-4x4");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let lrat = String::from_utf8(render_lrat(&t)).unwrap();
    let expected = [
        "453 -5 0 449 9 0",   // r1c2≠1 (Exclusion)
        "454 -21 0 450 39 0", // r2c2≠1
        "455 -37 0 451 170 0",
        "456 -53 0 451 396 0", // r4c2≠1
        // ⊥ under the assumed r4c2≠1 and r2c2≠1: the positive variables; hints r1c2≠1,
        // r3c2≠1, then column 2's at-least-one clause for 1.
        "457 53 21 0 453 455 253 0",
        // Clash of the Negation (r2c2=1: the ⊥ lemma itself) with r2c2≠1, under r4c2≠1.
        "458 53 0 457 454 0",
        "459 53 0 458 0",      // Lemma [14]: its ⊥ lemma alone
        "460 53 0 454 457 0",  // Lemma [12, 3]: the premise r2c2≠1, then the ⊥ lemma
        "461 0 456 454 457 0", // Lemma [12, 6, 3] ⟹ ⊥: the empty clause
    ];
    assert_eq!(lrat.lines().collect::<Vec<_>>(), expected, "{lrat}");
}

/// In the 9×9, the ⊥ of the nested refutation is cited after both its subproofs closed:
/// its lemma is written once and never deleted.
#[test]
fn a_cited_bottom_lemma_is_never_deleted() {
    let proof = load("lemma", "top95-22");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let mut added = std::collections::HashMap::new();
    let mut deleted = std::collections::HashSet::new();
    for line in &t.lines {
        match line {
            ProofLine::Add { id, hints, .. } => {
                for h in hints {
                    assert!(!deleted.contains(h), "hint {h} of {id} was deleted");
                }
                added.insert(*id, hints.clone());
            }
            ProofLine::Delete(clauses) => deleted.extend(clauses.iter().map(|(id, _)| *id)),
        }
    }
    // The root Lemma step (id 302) concludes r5c6≠3: its clause is the unit ¬v(5,6,3) = -372,
    // with the premise r3c9≠2 (v 236) and the ⊥ lemma (¬372 ∨ 236) as hints.
    let unit = t.lines.iter().find_map(|l| match l {
        ProofLine::Add { id, lits, hints } if lits == &[-372] && hints.len() == 2 => {
            Some((*id, hints.clone()))
        }
        _ => None,
    });
    let (_, hints) = unit.expect("the root Lemma's clause");
    let bottom = t.lines.iter().find_map(|l| match l {
        ProofLine::Add { id, lits, .. } if *id == hints[1] => Some(lits.clone()),
        _ => None,
    });
    assert_eq!(bottom, Some(vec![-372, 236]), "the ⊥ lemma: ¬r5c6=3 ∨ r3c9=2");
}

/// In the compact translation of the forum_hardest certificate, the root Lemma `r1c7≠1`
/// (¬v 55) is no unit consequence: its probe ends on the cited ⊥ lemma (¬55 ∨ 659), proved
/// under r1c7=1 and the assumed elimination r9c2≠2 (v 659).
#[test]
fn a_compact_lemma_is_rup_from_the_bottom_lemma_it_cites() {
    let proof = load("forum-343-lemma", "forum-343");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::Needed).unwrap();
    let lits_of = |want: u64| {
        t.lines.iter().find_map(|l| match l {
            ProofLine::Add { id, lits, .. } if *id == want => Some(lits.clone()),
            _ => None,
        })
    };
    let lemma = t.lines.iter().find_map(|l| match l {
        ProofLine::Add { lits, hints, .. } if lits == &[-55] => hints.last().copied(),
        _ => None,
    });
    let last = lemma.expect("the Lemma's clause is written");
    assert_eq!(lits_of(last), Some(vec![-55, 659]), "its last hint is the ⊥ lemma");
}

/// Under contradictory assumptions (r4c2=1 assumed inside r4c2≠1) no clause is written: the
/// Negation is the assumption r4c2≠1 itself, and a Lemma citing that subproof's ⊥ from the
/// root (hypotheses r4c2=1 and r4c2≠1, the latter cited) is RUP from its premise alone.
#[test]
fn a_subproof_assuming_the_opposite_of_an_open_assumption_writes_no_tautology() {
    let proof = load("absurd-4x4", "absurd-4x4");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    let lrat = String::from_utf8(render_lrat(&t)).unwrap();
    let tail: Vec<&str> = lrat.lines().skip(4).collect();
    let expected = [
        "457 53 0 453 454 455 253 0", // ⊥ under r4c2≠1, using its Negation (the assumption)
        "458 -53 0 456 0",            // Lemma [22, 6] at the root: the premise r4c2≠1 alone
        "459 0 456 457 0",            // Lemma [25, 6] ⟹ ⊥
    ];
    assert_eq!(tail, expected, "{lrat}");
    // The same shape in a Consequences certificate: nothing but its Exclusion is written.
    let text = std::fs::read_to_string(dir().join("assumed-elim-4x4.ron")).unwrap();
    let proof = read_proof(&text).unwrap();
    deduku_check::check(&proof, None).expect("valid, if roundabout");
    let cnf = Cnf::for_proof(&proof).unwrap();
    let t = translate_with(&proof, &cnf, Lemmas::All).unwrap();
    assert_eq!(t.lemmas(), 1, "{:?}", t.lines);
}

#[test]
fn a_lemma_citing_no_bottom_is_an_error_not_a_panic() {
    let mut proof = load("contradiction-4x4", "contradiction-4x4");
    let last = proof.steps.len() - 1;
    proof.steps[last].premises[0] = 6; // a literal, not a ⊥
    let cnf = Cnf::for_proof(&proof).unwrap();
    for lemmas in [Lemmas::Needed, Lemmas::All] {
        let r = translate_with(&proof, &cnf, lemmas);
        assert!(matches!(r, Err(SatError::BadLemma { step: 17 }) | Ok(_)), "{lemmas:?}: {r:?}");
    }
    assert_eq!(translate_with(&proof, &cnf, Lemmas::All), Err(SatError::BadLemma { step: 17 }));
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn lemma_certificates_are_verified_by_all_four_checkers() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, puzzle) in CASES {
        both_modes::four_checkers_verify(tmp.path(), name, &load(name, puzzle));
    }
}

/// The Lemma example of docs/proof-format.md is taken verbatim from the 4×4 certificate.
#[test]
fn the_lemma_example_of_the_format_page_is_the_checked_certificate() {
    let doc = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("docs/proof-format.md"),
    )
    .unwrap();
    let section = &doc[doc.find("### Lemma: a refutation proved once").expect("the section")..];
    let block = &section[section.find("```ron\n").unwrap() + 7..];
    let block = &block[..block.find("```").unwrap()];
    let cert = std::fs::read_to_string(dir().join("contradiction-4x4.ron")).unwrap();
    let lines: Vec<&str> = cert.lines().map(str::trim).collect();
    assert_eq!(block.lines().count(), 8);
    for line in block.lines() {
        assert!(lines.contains(&line.trim()), "{line} is not in the certificate");
    }
}
