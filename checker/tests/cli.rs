//! The `deduku-check PUZZLE PROOF` binary, run as a user would.

mod common;

use std::path::PathBuf;
use std::process::Command;

use common::{proof, solve_with_singles};
use deduku_check::format::Claim;
use deduku_check::to_ron;

const PUZZLE: &str = "1.3..4.2.1....2.";

/// A file in the temp directory, unique to this process and test, removed on drop.
struct TempFile(PathBuf);

impl TempFile {
    fn new(name: &str, contents: &str) -> Self {
        let path = std::env::temp_dir().join(format!("deduku-check-{}-{name}", std::process::id()));
        std::fs::write(&path, contents).expect("temp dir is writable");
        TempFile(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().expect("utf-8 temp path")
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_deduku-check")).args(args).output().expect("runs");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8 output");
    (out.status.code().unwrap_or(-1), text(out.stdout), text(out.stderr))
}

fn solved_ron(name: &str) -> TempFile {
    let (steps, solution) = solve_with_singles(2, PUZZLE).expect("solvable");
    TempFile::new(name, &to_ron(&proof(2, PUZZLE, Claim::Solution(solution), steps)))
}

#[test]
fn a_valid_proof_prints_verified_and_exits_zero() {
    let proof = solved_ron("valid.ron");
    assert_eq!(run(&[PUZZLE, proof.path()]), (0, "VERIFIED Solution\n".into(), String::new()));
    let puzzle = TempFile::new("valid.txt", "# a 4x4\n\n1 0 3 0 0 4 0 2 0 1 0 0 0 0 2 0\n");
    assert_eq!(run(&[puzzle.path(), proof.path()]).0, 0);
}

#[test]
fn a_wrong_proof_prints_rejected_and_exits_one() {
    let proof = solved_ron("wrong.ron");
    let (code, out, _) = run(&["1.3..4.2.1....3.", proof.path()]);
    assert_eq!(code, 1);
    assert_eq!(out, "REJECTED header: the certificate's puzzle has 2 at r4c3 but the puzzle it is checked against has 3: the certificate is about another puzzle\n");
    let text = std::fs::read_to_string(proof.path()).expect("readable");
    let broken = TempFile::new("broken.ron", &text.replacen("premises: [0]", "premises: [1]", 1));
    let (code, out, _) = run(&[PUZZLE, broken.path()]);
    assert_eq!(code, 1);
    assert!(out.starts_with("REJECTED step ") && out.lines().count() == 1, "{out}");
}

#[test]
fn unusable_input_prints_an_error_and_exits_two() {
    let proof = solved_ron("unusable.ron");
    let (code, out, err) = run(&[PUZZLE, "/nonexistent/proof.ron"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.starts_with("ERROR: cannot read proof"), "{err}");
    let garbage = TempFile::new("garbage.ron", "Proof(format: 3");
    let (code, _, err) = run(&[PUZZLE, garbage.path()]);
    assert_eq!(code, 2);
    assert!(err.starts_with("ERROR: proof ") && err.contains("line 1"), "{err}");
    let (code, _, err) = run(&["1.3?", proof.path()]);
    assert_eq!(code, 2);
    assert!(err.starts_with("ERROR: givens has 4 cells, expected 16"), "{err}");
    assert_eq!(run(&[PUZZLE]).0, 2);
}

/// The repository's committed example certificates, replayed by the standalone
/// binary (puzzle files hold the grid on their first lines; the 4×4 one is in
/// integer rows, so the one-line canonical puzzle is taken from the proof itself).
#[test]
fn committed_examples_verify_with_the_standalone_binary() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../proofs");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("proofs/ exists") {
        let path = entry.expect("entry").path();
        if path.extension().is_none_or(|x| x != "ron") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("readable");
        let proof = deduku_check::parse_ron(&text).expect("parses");
        let (code, out, err) = run(&[&proof.puzzle, path.to_str().expect("utf-8")]);
        assert_eq!(code, 0, "{}: {out}{err}", path.display());
        assert!(out.starts_with("VERIFIED "), "{out}");
        seen += 1;
    }
    assert!(seen >= 8, "only {seen} certificates in proofs/");
}
