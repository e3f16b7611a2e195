//! `deduku export PUZZLE --proof CERT` on the certificates of `tests/implied/` (singles,
//! EmptyCell, NoPlace citing placements for the eliminations they imply, Clash of two
//! placements, Lemma citing placements for hypotheses): the CLI checks each certificate, writes CNF, DRAT and LRAT in both
//! translations, and the LRAT replays in the test-only checker (hints in order); drat-trim,
//! lrat-check, cake_lpr and rate verify them in the ignored test.

#[path = "../../tests/sat/lrat_check.rs"]
mod lrat_check;
#[path = "support/export.rs"]
mod support;
#[path = "../../tests/sat/tools.rs"]
mod tools;

use lrat_check::{check_lrat, parse_dimacs};
use std::path::{Path, PathBuf};

/// Certificate (with its puzzle `NAME.txt`) and the verdict `export` reports.
const CASES: [(&str, &str); 5] = [
    ("singles-4x4", "verdict: solution"),
    ("falsum-4x4", "verdict: contradiction"),
    ("lemma-4x4", "verdict: contradiction"),
    ("top95-22", "verdict: solution"),
    ("tdoku-23", "verdict: contradiction"),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/implied")
}

/// Export `name` (with its puzzle `name.txt`) with `--lemmas lemmas` into `out`.
fn export(out: &Path, name: &str, lemmas: &str) -> (support::Files, String) {
    support::export(&dir(), out, name, name, lemmas)
}

#[test]
fn export_translates_every_implied_certificate_and_the_lrat_replays() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, verdict) in CASES {
        for lemmas in ["needed", "all"] {
            let ((cnf, drat, lrat), text) = export(tmp.path(), name, lemmas);
            assert!(text.contains(verdict), "{name}: {text}");
            let clauses = parse_dimacs(&std::fs::read_to_string(&cnf).unwrap());
            let summary = check_lrat(&clauses, &std::fs::read_to_string(&lrat).unwrap())
                .unwrap_or_else(|e| panic!("{name} {lemmas}: {e}"));
            assert!(summary.refuted, "{name} {lemmas}");
            assert!(!std::fs::read(&drat).unwrap().is_empty());
        }
    }
}

/// The Clash of two placements that ends `falsum-4x4` is the empty clause with three hints:
/// the lemmas of r1c1=3 and r1c4=3, then row 1's at-most-one clause of 3s (id 130).
#[test]
fn a_clash_of_two_placements_is_their_binary_clause() {
    let tmp = tempfile::tempdir().unwrap();
    let ((_, _, lrat), _) = export(tmp.path(), "falsum-4x4", "all");
    let text = std::fs::read_to_string(lrat).unwrap();
    let last = text.lines().last().unwrap();
    let (r1c1, r1c4) = ("455 3 0", "458 15 0");
    assert!(text.lines().any(|l| l.starts_with(r1c1)) && text.lines().any(|l| l.starts_with(r1c4)));
    assert_eq!(last, "460 0 455 458 130 0", "{text}");
}

#[test]
#[ignore = "needs drat-trim, lrat-check, cake_lpr, rate: bash ../shared/tools/build-checkers.sh DIR; cargo install rate --locked"]
fn the_third_party_checkers_verify_every_exported_implied_certificate() {
    let tmp = tempfile::tempdir().unwrap();
    for (name, _) in CASES {
        for lemmas in ["needed", "all"] {
            let ((cnf, drat, lrat), _) = export(tmp.path(), name, lemmas);
            assert!(tools::drat_trim_verifies(&cnf, &drat), "{name} {lemmas}: drat-trim rejects");
            assert!(tools::lrat_check_verifies(&cnf, &lrat), "{name} {lemmas}: lrat-check rejects");
            assert!(tools::cake_lpr_verifies(&cnf, &lrat), "{name} {lemmas}: cake_lpr rejects");
            assert!(tools::rate_verifies(&cnf, &drat), "{name} {lemmas}: rate rejects");
        }
    }
}
