//! Hand-written certificates in `tests/crafted/`, each named after what it catches. Every
//! `NAME.ron` has a `NAME.expected` holding the one line the checker must print for it:
//! `VERIFIED <claim>` for the valid edge cases, `REJECTED <reason>` for the others.
//! Each proof is checked against its own header puzzle.

use deduku_check::{check, check_ron, explain, parse_ron};
use std::path::{Path, PathBuf};

/// The checker's one-line verdict for a proof file's text, parsed whole then checked; the
/// verdict of checking it as it is parsed (`check_ron`, what `deduku-check` runs) must agree.
fn verdict(text: &str) -> String {
    let whole = parse_ron(text).and_then(|proof| check(&proof, None));
    assert_eq!(check_ron(text, None), whole, "check_ron disagrees on:\n{text}");
    match whole {
        Ok(verified) => verified.to_string(),
        Err(e) => format!("REJECTED {e}"),
    }
}

fn crafted_files() -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("tests/crafted");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_crafted_proof_gets_its_expected_line() {
    let files = crafted_files();
    assert!(files.len() >= 30, "only {} crafted proofs", files.len());
    let mut mismatches = Vec::new();
    let (mut valid, mut rejected) = (0, 0);
    for path in &files {
        let text = std::fs::read_to_string(path).expect("crafted proof is readable");
        let expected_path = path.with_extension("expected");
        let expected = std::fs::read_to_string(&expected_path)
            .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        let (got, want) = (verdict(&text), expected.trim_end().to_string());
        if got.starts_with("VERIFIED") {
            valid += 1;
        } else {
            rejected += 1;
        }
        if got != want {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
            mismatches.push(format!("{name:?}:\n  expected {want}\n  got      {got}"));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
    assert!(valid >= 5 && rejected >= 20, "{valid} valid, {rejected} rejected");
}

#[test]
fn every_rejected_step_is_explained_with_its_premises() {
    for path in crafted_files() {
        let text = std::fs::read_to_string(&path).expect("crafted proof is readable");
        let Ok(proof) = parse_ron(&text) else { continue };
        let Err(e) = check(&proof, None) else { continue };
        let shown = explain(&proof, &e);
        assert!(shown.starts_with(&format!("REJECTED {e}")), "{}: {shown}", path.display());
        if let Some(id) = e.step() {
            assert!(shown.contains(&format!("step {id}")), "{}:\n{shown}", path.display());
        }
    }
}

#[test]
fn deduku_check_explain_shows_the_failing_step_in_context() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join("tests/crafted");
    let file = dir.join("naked-single-missing-premise.ron");
    let out = assert_cmd::Command::cargo_bin("deduku")
        .expect("the deduku binary is built")
        .args(["check", "123434122143432."])
        .arg(&file)
        .arg("--explain")
        .output()
        .expect("deduku runs");
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    for line in [
        "REJECTED step 18 (NakedSingle): missing premise r4c4≠2",
        "18: r4c4=1  by NakedSingle  premises [15, 16]  in root",
        "the rule requires: these 3 literals, any order, each stated or implied by a placement",
        "not in the concluded cell): r4c4≠2, r4c4≠3, r4c4≠4",
        "15: r4c4≠4  by Exclusion  premises [12]  in root  ✓",
        "required but not cited: r4c4≠2",
    ] {
        assert!(stdout.contains(line), "missing {line:?} in\n{stdout}");
    }
}
