//! `deduku batch`: ordered JSON lines, verdict classes of the data sets, certificates,
//! parse errors mid-file, and a clean stop on Ctrl-C.

#[path = "../../tests/common/mod.rs"]
mod common;

use assert_cmd::Command;
use common::{data_dir, expected_from_note, load, Expected};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn deduku() -> Command {
    Command::cargo_bin("deduku").expect("binary built")
}

fn data(rel: &str) -> String {
    data_dir().join(rel).display().to_string()
}

/// The JSON lines of stdout, each parsed (a malformed line fails the test).
fn lines(stdout: &[u8]) -> Vec<Value> {
    let text = String::from_utf8(stdout.to_vec()).expect("UTF-8 output");
    text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn verdict_of(class: Expected) -> &'static str {
    match class {
        Expected::None => "contradiction",
        Expected::Unique => "solution",
        Expected::Multiple => "multiple",
    }
}

#[test]
fn verdict_classes_match_the_sets_and_certificates_verify() {
    let sets = [
        ("9x9/pe96_easy50.txt", Expected::Unique),
        ("tdoku_test_puzzles.txt", Expected::Unique),
        ("sudopedia_testcases.txt", Expected::Unique),
        ("invalid/sudopedia_invalid7.txt", Expected::None),
        ("16x16/janko55.txt", Expected::Unique),
    ];
    let files: Vec<String> = sets.iter().map(|(rel, _)| data(rel)).collect();
    let out =
        deduku().arg("batch").args(&files).args(["--check", "-j", "2", "--chunk", "7"]).output();
    let out = out.expect("batch runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let got = lines(&out.stdout);
    let mut expected = Vec::new();
    for ((rel, default), file) in sets.iter().zip(&files) {
        for (i, p) in load(rel).iter().enumerate() {
            let class = expected_from_note(p.note.as_deref(), *default);
            expected.push((file.clone(), i + 1, p.line, verdict_of(class)));
        }
    }
    assert_eq!(got.len(), expected.len());
    for (line, (file, index, at, verdict)) in got.iter().zip(&expected) {
        assert_eq!(line["file"], file.as_str());
        assert_eq!(line["index"], *index as u64, "{line}");
        assert_eq!(line["line"], *at as u64, "{line}");
        assert_eq!(line["verdict"], *verdict, "{line}");
        assert_eq!(line["check"], "verified", "{line}");
    }
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains(&format!("{} puzzles:", expected.len())), "{summary}");
    assert!(summary.contains("check: mean"), "{summary}");
}

#[test]
fn a_malformed_puzzle_is_reported_on_its_line_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("mixed.txt");
    let top95 = load("9x9/top95.txt");
    let text = format!(
        "{}\n{}x\n{}\n",
        top95[0].grid.to_line(),
        top95[1].grid.to_line().replacen('.', "Z", 1),
        top95[2].grid.to_line()
    );
    fs::write(&file, text).expect("write input");
    let out = deduku().arg("batch").arg(&file).output().expect("batch runs");
    assert_eq!(out.status.code(), Some(2));
    let got = lines(&out.stdout);
    let verdicts: Vec<&str> = got.iter().map(|l| l["verdict"].as_str().unwrap_or("")).collect();
    assert_eq!(verdicts, ["solution", "error", "solution"]);
    assert_eq!(got[1]["line"], 2);
    assert!(got[1]["error"].as_str().is_some_and(|e| e.contains("mixed.txt")), "{}", got[1]);
    assert_eq!(got[2]["index"], 3);
}

#[test]
fn written_certificates_are_complete_and_check() {
    let dir = tempfile::tempdir().expect("temp dir");
    let proofs = dir.path().join("proofs");
    let input = data("9x9/hardest11.txt");
    let out = deduku()
        .args(["batch", &input, &data("9x9/gecode18.txt"), "--proofs"])
        .arg(&proofs)
        .output()
        .expect("batch runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let got = lines(&out.stdout);
    assert_eq!(got.len(), 11 + 18);
    let first = &got[0];
    let path = first["proof"].as_str().expect("proof path");
    assert!(path.ends_with("hardest11/00001.ron"), "{path}");
    assert_eq!(
        fs::metadata(path).expect("proof file").len(),
        first["proof_bytes"].as_u64().unwrap()
    );
    let puzzle = load("9x9/hardest11.txt")[0].grid.to_line();
    deduku().args(["check", &puzzle, path]).assert().code(0).stdout("VERIFIED Solution\n");
    assert_eq!(fs::read_dir(proofs.join("gecode18")).expect("dir").count(), 18);
}

#[test]
fn an_unreadable_file_is_an_error_but_the_others_run() {
    let out = deduku()
        .args(["batch", "no/such/file.txt", &data("9x9/hardest11.txt")])
        .output()
        .expect("batch runs");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(lines(&out.stdout).len(), 11);
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/file.txt"));
}

#[cfg(unix)]
#[test]
fn ctrl_c_leaves_a_prefix_of_whole_lines_and_whole_certificates() {
    use std::process::{Command as Std, Stdio};
    let dir = tempfile::tempdir().expect("temp dir");
    let proofs = dir.path().join("proofs");
    let bin = assert_cmd::cargo::cargo_bin("deduku");
    let child = Std::new(bin)
        .args(["batch", &data("9x9/clue17_49158.txt"), "--chunk", "16", "--proofs"])
        .arg(&proofs)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("batch starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let kill = Std::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(kill.expect("kill runs").success());
    let out = child.wait_with_output().expect("batch ends");
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    let got = lines(&out.stdout);
    assert!(!got.is_empty() && got.len() < 49158, "{} lines", got.len());
    for (i, line) in got.iter().enumerate() {
        assert_eq!(line["index"], i as u64 + 1);
    }
    let written = proof_files(&proofs.join("clue17_49158"));
    assert!(written.iter().all(|p| p.extension().is_some_and(|e| e == "ron")), "{written:?}");
    assert_eq!(written.len(), got.len(), "a certificate for each line printed, no other");
    for p in &written {
        let text = fs::read_to_string(p).expect("readable");
        assert!(deduku::proof::read_proof(&text).is_ok(), "{} is incomplete", p.display());
    }
}

fn proof_files(dir: &Path) -> Vec<std::path::PathBuf> {
    fs::read_dir(dir).expect("proof dir").map(|e| e.expect("entry").path()).collect()
}
