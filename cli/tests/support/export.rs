//! Runs `deduku export` on a certificate of a test folder, for the export tests.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

/// The CNF, DRAT and LRAT paths an export wrote.
pub type Files = (PathBuf, PathBuf, PathBuf);

/// Exports `dir/PROOF.ron` (for `dir/PUZZLE.txt`) with `--lemmas lemmas` into `out`, named
/// after the proof: asserts it succeeds and ends with the empty clause; the paths and stdout.
pub fn export(dir: &Path, out: &Path, proof: &str, puzzle: &str, lemmas: &str) -> (Files, String) {
    let base = out.join(format!("{proof}-{lemmas}"));
    let files =
        (base.with_extension("cnf"), base.with_extension("drat"), base.with_extension("lrat"));
    let output = Command::cargo_bin("deduku")
        .expect("binary built")
        .arg("export")
        .arg(dir.join(format!("{puzzle}.txt")))
        .arg("--proof")
        .arg(dir.join(format!("{proof}.ron")))
        .args(["--lemmas", lemmas, "--cnf"])
        .arg(&files.0)
        .arg("--drat")
        .arg(&files.1)
        .arg("--lrat")
        .arg(&files.2)
        .output()
        .expect("deduku runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{proof} {lemmas}: {text}{err}");
    assert!(text.contains("ends with the empty clause"), "{proof} {lemmas}: {text}");
    (files, text)
}
