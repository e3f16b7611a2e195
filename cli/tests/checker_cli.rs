//! The `deduku-check PUZZLE PROOF` binary, run as a user would.

#[path = "../../checker/tests/common/mod.rs"]
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
    let puzzle = TempFile::new("valid.txt", "# a 4x4\r\n\r\n1 0 3 0\n0 4 0 2\n0 1 0 0\n0 0 2 0\n");
    assert_eq!(run(&[puzzle.path(), proof.path()]).0, 0);
    let bom = TempFile::new("bom.txt", "\u{feff}Grid 01\n1030\n0402\n0100\n0020\n# end\n");
    assert_eq!(run(&[bom.path(), proof.path()]).0, 0);
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
    let want = "ERROR: puzzle <argument>: line 1, column 4: '?' is not a digit or blank";
    assert!(err.starts_with(want), "{err}");
    assert_eq!(run(&[PUZZLE]).0, 2);
}

/// The repository's committed example certificates, replayed by the standalone binary
/// against their puzzle files (the 4×4 one is in integer rows).
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
        let puzzle = path.with_extension("txt");
        let args = [puzzle.to_str().expect("utf-8"), path.to_str().expect("utf-8")];
        let (code, out, err) = run(&args);
        assert!(!proof.puzzle.is_empty());
        assert_eq!(code, 0, "{}: {out}{err}", path.display());
        assert!(out.starts_with("VERIFIED "), "{out}");
        seen += 1;
    }
    assert!(seen >= 8, "only {seen} certificates in proofs/");
}

#[test]
fn help_prints_usage_and_exits_zero() {
    for flag in ["--help", "-h"] {
        let (code, out, err) = run(&[flag]);
        assert_eq!((code, err.as_str()), (0, ""), "{flag}");
        assert!(out.starts_with("usage: deduku-check [--alphabet SPEC]"), "{out}");
    }
    let (code, _, err) = run(&["--frobnicate", "a", "b"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("ERROR: unknown option --frobnicate\nusage:"), "{err}");
}

/// The issue-13 attack: a 16x16 file whose first row spells a 4x4 puzzle. The file holds one
/// 16x16 grid, so a 4x4 certificate for the first row is rejected, never verified.
#[test]
fn a_file_is_read_whole_never_by_its_first_line() {
    let row = "1 0 0 4 0 0 0 0 0 0 0 0 0 3 2 0";
    let mut rows = vec![row.to_string()];
    rows.extend((1..16).map(|_| vec!["0"; 16].join(" ")));
    let file = TempFile::new("wide.txt", &(rows.join("\n") + "\n"));
    let (steps, solution) = solve_with_singles(2, "1..4.........32.").expect("solvable");
    let small = TempFile::new(
        "small.ron",
        &to_ron(&proof(2, "1..4.........32.", Claim::Solution(solution), steps)),
    );
    let (code, out, _) = run(&[file.path(), small.path()]);
    assert_eq!(code, 1, "{out}");
    assert_eq!(out, "REJECTED givens has 256 cells, expected 16\n");
    let first_line_only = TempFile::new("first-line.txt", &format!("{row}\n"));
    let (code, _, err) = run(&[first_line_only.path(), small.path()]);
    assert_eq!(code, 2);
    assert!(err.contains("the grid ends after 1 of 16 rows"), "{err}");
}

#[test]
fn a_second_puzzle_or_stray_content_is_refused_with_exit_two() {
    let proof = solved_ron("two.ron");
    for (name, text, says) in [
        ("two.txt", "1.3..4.2.1....2.\n1.3..4.2.1....2.\n", "line 2: more after the puzzle"),
        ("stray.txt", "1030\n0402\n0100\n0020\nsolution follows\n", "line 5: more after"),
        ("empty.txt", "# only a comment\n", "no puzzle found"),
    ] {
        let file = TempFile::new(name, text);
        let (code, out, err) = run(&[file.path(), proof.path()]);
        assert_eq!((code, out.as_str()), (2, ""), "{name}");
        assert!(err.contains(says), "{name}: {err}");
    }
}

#[test]
fn stdin_csv_and_alphabet_options_are_read_like_the_engine_reads_them() {
    let proof = solved_ron("stdin.ron");
    let mut child = Command::new(env!("CARGO_BIN_EXE_deduku-check"))
        .args(["--alphabet", "0-3", "--csv-column=2", "-", proof.path()])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("runs");
    let csv = "LEVEL,PUZZLE\nIM,0.2..3.1.0....1.\n";
    std::io::Write::write_all(&mut child.stdin.take().expect("stdin"), csv.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("exits");
    assert_eq!((out.status.code(), out.stdout), (Some(0), b"VERIFIED Solution\n".to_vec()));
}

/// Caps hold for devices, whose reported length is 0: `/dev/zero` is refused at once.
#[test]
fn devices_are_read_with_a_limit_not_by_their_length() {
    let proof = solved_ron("dev.ron");
    let (code, _, err) = run(&[PUZZLE, "/dev/zero"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("cannot read proof /dev/zero: binary data (a NUL byte at offset 0)"),
        "{err}"
    );
    let (code, _, err) = run(&["/dev/zero", proof.path()]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read puzzle /dev/zero: binary data"), "{err}");
}
