//! `deduku export PUZZLE --proof CERT` on the certificates of `tests/lemma/` (Lemma steps,
//! assumed eliminations): the CLI checks each certificate, writes CNF, DRAT and LRAT in both
//! translations, and the LRAT replays in the test-only checker; `rate` verifies the DRAT
//! (ignored test, like the other third-party checks: `rate` must be installed).

#[path = "../../tests/sat/lrat_check.rs"]
mod lrat_check;
#[path = "support/export.rs"]
mod support;
#[path = "../../tests/sat/tools.rs"]
mod tools;

use assert_cmd::Command;
use lrat_check::{check_lrat, parse_dimacs};
use std::path::{Path, PathBuf};

/// Certificate, puzzle and the verdict `export` reports.
const CASES: [(&str, &str, &str); 5] = [
    ("lemma", "top95-22", "verdict: solution"),
    ("lemma-nested", "top95-22", "verdict: solution"),
    ("forum-343-lemma", "forum-343", "verdict: solution"),
    ("contradiction-4x4", "contradiction-4x4", "verdict: contradiction"),
    ("absurd-4x4", "absurd-4x4", "verdict: contradiction"),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/lemma")
}

/// Export `proof` (of `puzzle`) with `--lemmas lemmas` into `out`: the CNF, DRAT and LRAT paths.
fn export(out: &Path, proof: &str, puzzle: &str, lemmas: &str) -> support::Files {
    support::export(&dir(), out, proof, puzzle, lemmas).0
}

#[test]
fn export_translates_every_lemma_certificate_and_the_lrat_replays() {
    let tmp = tempfile::tempdir().unwrap();
    for (proof, puzzle, verdict) in CASES {
        for lemmas in ["needed", "all"] {
            let (cnf, _, lrat) = export(tmp.path(), proof, puzzle, lemmas);
            let clauses = parse_dimacs(&std::fs::read_to_string(&cnf).unwrap());
            let summary = check_lrat(&clauses, &std::fs::read_to_string(&lrat).unwrap())
                .unwrap_or_else(|e| panic!("{proof} {lemmas}: {e}"));
            assert!(summary.refuted, "{proof} {lemmas}");
        }
        let out = Command::cargo_bin("deduku")
            .unwrap()
            .arg("export")
            .arg(dir().join(format!("{puzzle}.txt")))
            .arg("--proof")
            .arg(dir().join(format!("{proof}.ron")))
            .arg("--cnf")
            .arg(tmp.path().join("v.cnf"))
            .output()
            .unwrap();
        assert!(String::from_utf8_lossy(&out.stdout).contains(verdict), "{proof}");
    }
}

#[test]
fn a_subproof_under_contradictory_assumptions_exports() {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::cargo_bin("deduku")
        .unwrap()
        .arg("export")
        .arg(dir().join("assumed-elim-4x4.txt"))
        .arg("--proof")
        .arg(dir().join("assumed-elim-4x4.ron"))
        .arg("--lrat")
        .arg(tmp.path().join("a.lrat"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(1 lemmas, no empty clause)"), "{text}");
}

#[test]
#[ignore = "needs rate: cargo install rate --locked"]
fn rate_verifies_every_exported_lemma_drat() {
    let tmp = tempfile::tempdir().unwrap();
    for (proof, puzzle, _) in CASES {
        for lemmas in ["needed", "all"] {
            let (cnf, drat, _) = export(tmp.path(), proof, puzzle, lemmas);
            assert!(tools::rate_verifies(&cnf, &drat), "{proof} {lemmas}: rate rejects");
        }
    }
}
