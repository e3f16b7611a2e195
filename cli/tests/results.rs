//! Every verb that reports results in JSON (or RON) follows the one schema of
//! `docs/results.md`: each line reads into `deduku::record::Record`, which refuses unknown
//! fields.

use assert_cmd::Command;
use deduku::record::{Record, VerdictKind};

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/..");

/// `deduku ARGS` from the repository's root; its stdout, asserting exit 0.
fn run(args: &[&str]) -> String {
    let out = Command::cargo_bin("deduku").unwrap().current_dir(ROOT).args(args).output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

fn records(json_lines: &str) -> Vec<Record> {
    json_lines.lines().map(|l| serde_json::from_str(l).expect(l)).collect()
}

#[test]
fn solve_json_lines_are_records() {
    let all =
        records(&run(&["solve", "data/9x9/top95.txt", "--format", "json", "--max-depth", "0"]));
    assert_eq!(all.len(), 95);
    assert!(all.iter().all(|r| r.file.is_none() && r.error.is_none()));
    assert_eq!(all[0].index, 1);
    let multiple = records(&run(&["solve", "1...............", "--format", "json"]));
    assert_eq!(multiple[0].verdict, VerdictKind::Multiple);
    assert!(multiple[0].second.is_some());
}

#[test]
fn solve_ron_is_the_same_record() {
    let ron_text = run(&["solve", "examples/top95-1.txt", "--format", "ron"]);
    let from_ron: Record = ron::from_str(ron_text.trim()).expect("a Record in RON");
    let from_json = &records(&run(&["solve", "examples/top95-1.txt", "--format", "json"]))[0];
    let timeless = |r: &Record| Record { solve_us: 0, ..r.clone() };
    assert_eq!(timeless(&from_ron), timeless(from_json));
}

#[test]
fn batch_lines_are_records_with_the_solve_fields() {
    let dir = tempfile::tempdir().unwrap();
    let proofs = dir.path().join("proofs");
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1.3..4.2.1....2.\n1.3..4.2.1..x.2.\n").unwrap();
    let out = Command::cargo_bin("deduku")
        .unwrap()
        .current_dir(ROOT)
        .args(["batch", "examples/top95-1.txt", "--check", "--proofs"])
        .arg(&proofs)
        .arg(&bad)
        .output()
        .unwrap();
    let all = records(&String::from_utf8(out.stdout).unwrap());
    assert_eq!(all.len(), 3);
    let solved = &all[0];
    assert_eq!(
        (solved.verdict, solved.check.as_deref()),
        (VerdictKind::Solution, Some("verified"))
    );
    assert!(solved.file.is_some() && solved.grid.is_some() && solved.proof_bytes.is_some());
    let alone = &records(&run(&["solve", "examples/top95-1.txt", "--format", "json"]))[0];
    assert_eq!((&solved.grid, solved.certificate_steps), (&alone.grid, alone.certificate_steps));
    assert_eq!(all[2].verdict, VerdictKind::Error);
    assert!(all[2].error.is_some());
}
