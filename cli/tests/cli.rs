//! The binaries as a user runs them: verdicts, certificates, exit codes, and
//! clear errors on bad input.

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use predicates::prelude::*;
use std::fs;

const TOP95_1: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

fn deduku() -> Command {
    let mut cmd = Command::cargo_bin("deduku").expect("binary built");
    // The tests name files relative to the repository's root.
    cmd.current_dir(common::root());
    cmd
}

#[test]
fn solve_then_check_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    deduku()
        .args(["solve", TOP95_1, "--proof"])
        .arg(&proof)
        .assert()
        .success()
        .stdout(predicate::str::contains("solution"));
    deduku().args(["check", TOP95_1]).arg(&proof).assert().code(0).stdout("VERIFIED Solution\n");
}

#[test]
fn json_certificates_check_too() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.json");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().success();
    assert!(fs::read_to_string(&proof).unwrap().trim_start().starts_with('{'));
    deduku().args(["check", TOP95_1]).arg(&proof).assert().code(0);
}

#[test]
fn a_hand_corrupted_proof_is_rejected_with_its_step_id() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().success();
    let text = fs::read_to_string(&proof).unwrap();
    // Change the digit of the first naked single's conclusion.
    let line =
        text.lines().find(|l| l.contains("NakedSingle")).expect("a naked single").to_string();
    let id: u64 =
        line.split("id: ").nth(1).unwrap().split(',').next().unwrap().trim().parse().unwrap();
    let d_pos = line.find(", d: ").unwrap() + 5;
    let d: u8 = line[d_pos..].split(')').next().unwrap().parse().unwrap();
    let other = if d == 1 { 2 } else { 1 };
    let bad = line.replacen(&format!("d: {d})"), &format!("d: {other})"), 1);
    fs::write(&proof, text.replacen(&line, &bad, 1)).unwrap();
    deduku()
        .args(["check", TOP95_1])
        .arg(&proof)
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(format!("REJECTED step {id} (NakedSingle)")));
}

#[test]
fn several_puzzles_write_one_certificate_each() {
    let dir = tempfile::tempdir().unwrap();
    let input = common::data_dir().join("9x9/hardest11.txt");
    let out = dir.path().join("proofs");
    deduku()
        .args(["solve", "--format", "json", "--proof"])
        .arg(&out)
        .arg(&input)
        .assert()
        .success()
        .stdout(predicate::function(|s: &str| s.lines().count() == 11));
    let files: Vec<_> = fs::read_dir(&out).unwrap().collect();
    assert_eq!(files.len(), 11);
    let first = out.join("00001.ron");
    deduku().arg("check").arg("--").arg(input.to_str().unwrap()).arg(&first).assert().code(2);
}

#[test]
fn stuck_state_shows_candidates() {
    deduku()
        .args(["solve", TOP95_1, "--max-depth", "0"])
        .assert()
        .success()
        .stdout(predicate::str::contains("stuck").and(predicate::str::contains("{")));
}

#[test]
fn wrong_length_puzzle_is_a_usage_error() {
    deduku().args(["solve", "123"]).assert().code(2).stderr(
        predicate::str::contains("<argument>:1:").and(predicate::str::contains("cell count")),
    );
}

#[test]
fn bad_symbol_is_named_with_its_column() {
    let mut bad = TOP95_1.to_string();
    bad.replace_range(10..11, "?");
    deduku()
        .args(["solve", &bad])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("'?'").and(predicate::str::contains(":11")));
}

#[test]
fn empty_file_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let empty = dir.path().join("empty.txt");
    fs::write(&empty, "").unwrap();
    deduku().arg("solve").arg(&empty).assert().code(2).stderr(predicate::str::contains("empty"));
}

#[test]
fn truncated_proof_is_unusable_input() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().success();
    let text = fs::read_to_string(&proof).unwrap();
    fs::write(&proof, &text[..text.len() / 2]).unwrap();
    deduku()
        .args(["check", TOP95_1])
        .arg(&proof)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("line"));
}

#[test]
fn proof_for_another_puzzle_is_rejected() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().success();
    let mut other = TOP95_1.to_string();
    other.replace_range(1..2, "1");
    deduku().args(["check", &other]).arg(&proof).assert().code(1);
}

#[test]
fn unwritable_proof_path_leaves_nothing_behind() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("missing-dir").join("p.ron");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().code(2);
    assert!(!proof.exists());
    assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 0);
}

#[test]
fn impossible_puzzle_certifies_contradiction() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    let dup = "..9.7...5..21..9..1...28....7...5..1..851.....5....3.......3..68........21.....87";
    deduku()
        .args(["solve", dup, "--proof"])
        .arg(&proof)
        .assert()
        .success()
        .stdout(predicate::str::contains("contradiction"));
    deduku().args(["check", dup]).arg(&proof).assert().code(0).stdout("VERIFIED Contradiction\n");
}

#[test]
fn psystem_runs_the_papers_example() {
    deduku()
        .args(["psystem", "...13...12......"])
        .assert()
        .success()
        .stdout(predicate::str::contains("Yes").and(predicate::str::contains("steps: 43")));
    deduku()
        .args(["psystem", "--trace", "...13...12......"])
        .assert()
        .success()
        // C7 of the paper: s124 and s414 appear, i.e. r1c2=4 and r4c1=4 are placed.
        .stdout(
            predicate::str::contains("C7  R7×2 in e")
                .and(predicate::str::contains("placed: r1c2=4 r4c1=4")),
        );
}

/// A misspelt or unknown field is an error naming it (exit 2), in JSON as in RON, at every
/// level: the header, a step, a fact, a rule with fields, the claim.
#[test]
fn unknown_fields_in_a_certificate_are_refused_and_named() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("p.json");
    // With every rule, top95 #1's certificate uses locked candidates: a rule with fields.
    let puzzle = "examples/top95-1.txt";
    deduku().args(["solve", puzzle, "--rules", "all", "--proof"]).arg(&json).assert().success();
    let good: serde_json::Value =
        serde_json::from_str(&fs::read_to_string(&json).unwrap()).unwrap();
    let mut cases: Vec<(&str, serde_json::Value)> = Vec::new();
    let mut header = good.clone();
    header["signed_by"] = "me".into();
    cases.push(("signed_by", header));
    let mut step = good.clone();
    step["steps"][1]["scop"] = 7.into();
    cases.push(("scop", step));
    let mut fact = good.clone();
    fact["steps"][1]["fact"]["Elim"]["certainty"] = 1.into();
    cases.push(("certainty", fact));
    let mut rule = good.clone();
    let steps = rule["steps"].as_array_mut().unwrap();
    let locked = steps.iter_mut().find(|s| s["rule"].get("LockedCandidates").is_some());
    locked.expect("a LockedCandidates step")["rule"]["LockedCandidates"]["extra"] = 2.into();
    cases.push(("extra", rule));
    for (field, value) in cases {
        let bad = dir.path().join(format!("{field}.json"));
        fs::write(&bad, value.to_string()).unwrap();
        deduku()
            .args(["check", puzzle])
            .arg(&bad)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains(format!("unknown field `{field}`")));
    }
    let ron = dir.path().join("p.ron");
    deduku().args(["solve", puzzle, "--proof"]).arg(&ron).assert().success();
    let text =
        fs::read_to_string(&ron).unwrap().replacen("version: 1,", "version: 1, vresion: 2,", 1);
    fs::write(&ron, text).unwrap();
    deduku()
        .args(["check", puzzle])
        .arg(&ron)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("vresion"));
}

/// Input caps count the bytes read: a device reports no length, `/dev/zero` is refused at
/// once (no certificate or puzzle holds a NUL byte), and a pipe is read through a limit.
#[test]
fn devices_and_pipes_are_read_with_a_limit() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.ron");
    deduku().args(["solve", TOP95_1, "--proof"]).arg(&proof).assert().success();
    deduku()
        .args(["check", TOP95_1, "/dev/zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero: binary data (a NUL byte at offset 0)"));
    deduku()
        .args(["check", "/dev/zero"])
        .arg(&proof)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/dev/zero: binary data"));
    deduku()
        .args(["check", "-"])
        .arg(&proof)
        .write_stdin(format!("# from a pipe\n{TOP95_1}\n"))
        .assert()
        .code(0)
        .stdout("VERIFIED Solution\n");
    deduku()
        .args(["check", "-"])
        .arg(&proof)
        .write_stdin(format!("{TOP95_1}\n{TOP95_1}\n"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "holds several puzzles (another at line 2); check takes one",
        ));
}

#[test]
fn solve_into_a_reader_that_stops_ends_quietly() {
    // `deduku solve many.txt | head -1`: once the reader is gone, writes fail
    // with EPIPE; the run must end without a panic (exit 0, nothing on stderr).
    // 49,158 results overflow any pipe buffer, so the failure is certain.
    use std::io::{BufRead, BufReader};
    use std::process::{Command as Std, Stdio};
    let set = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/9x9/clue17_49158.txt");
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("deduku"))
        .args(["solve", set])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert!(first.starts_with("#1 (line "), "{first}");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(stderr.is_empty(), "{stderr}");
}
