//! Clause learning (`--search cdcl`) end to end: `solve` writes a certificate both checkers
//! verify, `batch --check` certifies a set, and flags that do not apply are named.

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use deduku_check::format::Rule;
use deduku_check::{check, parse_ron};

/// The first puzzle of `data/9x9/forum_hardest_1106.txt`.
const FORUM_1: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn deduku() -> Command {
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    cmd.current_dir(common::root());
    cmd
}

#[test]
fn solve_writes_a_lemma_certificate_both_checkers_verify() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.ron");
    deduku().args(["solve", FORUM_1, "--search", "cdcl", "--proof"]).arg(&path).assert().success();
    let proof = parse_ron(&std::fs::read_to_string(&path).unwrap()).expect("certificate parses");
    check(&proof, None).expect("the library checker verifies it");
    assert!(proof.steps.iter().any(|s| s.rule == Rule::Lemma));
    let out = deduku().args(["check", FORUM_1]).arg(&path).assert().success();
    let text = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert!(text.contains("VERIFIED Solution"), "{text}");
    let mut standalone = Command::cargo_bin("deduku-check").expect("checker built");
    let out = standalone.arg(FORUM_1).arg(&path).assert().success();
    assert!(String::from_utf8_lossy(&out.get_output().stdout).contains("VERIFIED Solution"));
}

#[test]
fn batch_certifies_a_set_by_clause_learning() {
    let out = deduku()
        .args(["batch", "data/9x9/hardest11.txt", "--search", "cdcl", "--check", "-j", "1"])
        .assert()
        .success();
    let lines = String::from_utf8_lossy(&out.get_output().stdout).to_string();
    assert_eq!(lines.matches(r#""check":"verified""#).count(), 11, "{lines}");
    let summary = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert!(summary.contains("11 puzzles: solution 11"), "{summary}");
}

#[test]
fn flags_clause_learning_does_not_use_are_named_once() {
    let out = deduku()
        .args(["solve", FORUM_1, "--search", "cdcl", "--rules", "all", "--no-oracle"])
        .assert()
        .success();
    let err = String::from_utf8_lossy(&out.get_output().stderr).to_string();
    assert_eq!(err.matches("ignores --rules").count(), 1, "{err}");
    assert_eq!(err.matches("ignores --no-oracle").count(), 1, "{err}");
    // With --max-depth 0 it is Cn alone, whose rules apply: nothing to warn about.
    let out = deduku()
        .args(["solve", FORUM_1, "--search", "cdcl", "--rules", "all", "--max-depth", "0"])
        .assert()
        .success();
    assert!(out.get_output().stderr.is_empty());
}
