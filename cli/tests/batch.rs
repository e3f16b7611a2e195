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

/// `deduku batch FILE ARGS… --proofs DIR`: its exit code, lines and stderr.
fn batch_run(file: &Path, args: &[&str], proofs: &Path) -> (Option<i32>, Vec<Value>, String) {
    let out = deduku().arg("batch").arg(file).args(args).arg("--proofs").arg(proofs).output();
    let out = out.expect("batch runs");
    (out.status.code(), lines(&out.stdout), String::from_utf8_lossy(&out.stderr).into_owned())
}

/// What a line says about its puzzle, timings left out.
fn key(line: &Value) -> (u64, u64, String, u64, String, String) {
    let text = |k: &str| line[k].as_str().unwrap_or("").to_string();
    let file = Path::new(line["proof"].as_str().unwrap_or(""));
    let proof = file.file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    let n = |k: &str| line[k].as_u64().unwrap_or(u64::MAX);
    (n("index"), n("line"), text("verdict"), n("steps"), text("check"), proof)
}

#[test]
fn shards_one_to_three_together_are_the_whole_batch_with_its_line_numbers() {
    let dir = tempfile::tempdir().expect("temp dir");
    let input = dir.path().join("mixed.txt");
    let hard = load("9x9/hardest11.txt");
    let mut text: Vec<String> = hard.iter().map(|p| p.grid.to_line()).collect();
    text.insert(4, "# a comment line shifts the line numbers".into());
    text.insert(6, "123".into()); // malformed: an error line, in exactly one shard
    fs::write(&input, text.join("\n") + "\n").expect("write input");
    let check = ["--check", "-j", "2", "--chunk", "2"];
    let (code, whole, _) = batch_run(&input, &check, &dir.path().join("all"));
    assert_eq!(code, Some(2), "the malformed puzzle makes the run exit 2");
    let whole: Vec<_> = whole.iter().map(key).collect();
    assert_eq!(whole.len(), 12);
    assert!(whole.iter().any(|k| k.2 == "error") && whole.iter().any(|k| k.1 != k.0));
    // The three shards share one certificate directory, each refusing only its own earlier run.
    let shared = dir.path().join("shards");
    let mut union = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let args = [&check[..], &["--shard", &shard]].concat();
        let (code, got, stderr) = batch_run(&input, &args, &shared);
        assert_eq!(code, Some(if k == 3 { 2 } else { 0 }), "{shard}: {stderr}");
        let indices: Vec<u64> = got.iter().map(|l| l["index"].as_u64().unwrap()).collect();
        let want: Vec<u64> = (1..=12).filter(|i| (i - 1) % 3 == k - 1).collect();
        assert_eq!(indices, want, "shard {shard}");
        assert!(stderr.contains(&format!("{} puzzles:", want.len())), "{stderr}");
        union.extend(got.iter().map(key));
    }
    union.sort();
    assert_eq!(union, whole, "same indices, lines, verdicts, steps, checks, certificate names");
    // --resume keeps a shard's certificates; --force-less reruns of a shard are refused.
    let (code, again, _) = batch_run(&input, &["--shard", "2/3", "--resume", "--check"], &shared);
    assert_eq!((code, again.len()), (Some(0), 4));
    assert!(again.iter().all(|l| l["resumed"] == true && l["check"] == "verified"), "{again:?}");
    deduku()
        .arg("batch")
        .arg(&input)
        .args(["--shard", "1/3", "--proofs"])
        .arg(&shared)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("earlier run"));
}

#[test]
fn malformed_shard_specifications_exit_2_with_the_reason() {
    let file = data("9x9/hardest11.txt");
    for (spec, why) in [
        ("0/4", "1-based"),
        ("5/4", "K must be in 1..=N"),
        ("1/0", "N must be at least 1"),
        ("x/y", "not K/N"),
        ("3", "not K/N"),
    ] {
        let out = deduku().args(["batch", &file, "--shard", spec]).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{spec}");
        assert!(out.stdout.is_empty(), "{spec}: no puzzle is solved");
        assert!(String::from_utf8_lossy(&out.stderr).contains(why), "{spec}");
    }
}
