//! Output files: the usual permissions (`0666` less the umask), no temporary file left by
//! Ctrl-C or TERM, and `batch --proofs` that writes certificates only for the lines it
//! printed, never over an earlier run's unless `--force`, and continues one with `--resume`.
#![cfg(unix)]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::{load, puzzle_from, random_grid};
use deduku::grid::Order;
use serde_json::Value;
use std::fs;
use std::io::{BufRead, BufReader};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// `deduku`, run from the repository's root: the tests name files relative to it.
fn deduku() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_deduku"));
    cmd.current_dir(common::root());
    cmd
}

/// `deduku ARGS` under `umask MASK`, through the shell.
fn with_umask(mask: &str, args: &str) -> std::process::Output {
    let script = format!("umask {mask} && exec \"$0\" {args}");
    let mut sh = Command::new("sh");
    sh.current_dir(common::root()).args(["-c", &script, env!("CARGO_BIN_EXE_deduku")]);
    sh.output().unwrap()
}

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o777
}

fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn outputs_get_the_usual_permissions_under_the_umask() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display();
    for (mask, want) in [("022", 0o644), ("077", 0o600), ("002", 0o664)] {
        let args = format!("solve examples/top95-1.txt --proof {d}/p{mask}.ron");
        assert!(with_umask(mask, &args).status.success());
        assert_eq!(mode(&dir.path().join(format!("p{mask}.ron"))), want, "umask {mask}");
    }
    let args = format!("export examples/pe96-01.txt --cnf {d}/a.cnf --lrat {d}/a.lrat");
    assert!(with_umask("022", &args).status.success());
    assert_eq!((mode(&dir.path().join("a.cnf")), mode(&dir.path().join("a.lrat"))), (0o644, 0o644));
}

/// A 36x36 puzzle (its CNF is 50 MB: long enough to be interrupted while written).
fn big_puzzle(dir: &Path) -> PathBuf {
    let mut seed = 5u64;
    let mut pick = |k: usize| {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((seed >> 33) % k as u64) as usize
    };
    let solution = random_grid(Order::new(6).unwrap(), &mut pick);
    let puzzle = puzzle_from(&solution, |_| pick(10) < 9);
    let path = dir.join("p36.txt");
    fs::write(&path, puzzle.to_line() + "\n").unwrap();
    path
}

/// Interrupts `export --cnf` while its temporary file exists; nothing may remain.
fn interrupt_while_writing(signal: &str) {
    let dir = tempfile::tempdir().unwrap();
    let puzzle = big_puzzle(dir.path());
    let out = dir.path().join("out");
    fs::create_dir(&out).unwrap();
    let mut child = deduku()
        .args(["export", "--max-depth", "0", "--no-blocking", "--cnf"])
        .arg(out.join("p.cnf"))
        .arg(&puzzle)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let seen = loop {
        if entries(&out).iter().any(|n| n.starts_with(".tmp")) {
            break true;
        }
        if start.elapsed() > Duration::from_secs(60) || child.try_wait().unwrap().is_some() {
            break false;
        }
        std::thread::sleep(Duration::from_micros(200));
    };
    assert!(seen, "no temporary file was ever seen: the test proves nothing");
    let kill = Command::new("kill").args([signal, &child.id().to_string()]).status().unwrap();
    assert!(kill.success());
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{signal}");
    assert_eq!(entries(&out), Vec::<String>::new(), "{signal} left files behind");
}

#[test]
fn ctrl_c_removes_the_temporary_file_of_an_output_being_written() {
    interrupt_while_writing("-INT");
}

#[test]
fn term_removes_the_temporary_file_of_an_output_being_written() {
    interrupt_while_writing("-TERM");
}

/// The JSON lines of a batch's stdout.
fn lines(stdout: &[u8]) -> Vec<Value> {
    let text = String::from_utf8_lossy(stdout);
    text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

/// The first `n` 17-clue puzzles, one per line.
fn clue17(dir: &Path, n: usize) -> PathBuf {
    let text: Vec<String> =
        load("9x9/clue17_49158.txt")[..n].iter().map(|p| p.grid.to_line()).collect();
    let path = dir.join("c17.txt");
    fs::write(&path, text.join("\n") + "\n").unwrap();
    path
}

#[test]
fn an_interrupted_batch_leaves_certificates_for_its_lines_only_and_resume_finishes_it() {
    let dir = tempfile::tempdir().unwrap();
    let (input, proofs) = (clue17(dir.path(), 1200), dir.path().join("proofs"));
    let mut child = deduku()
        .args(["batch", "-j", "2", "--chunk", "16", "--proofs"])
        .arg(&proofs)
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Interrupt as soon as the first line is out: the batch is then mid-run.
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let mut rest = Vec::new();
    std::io::Read::read_to_end(&mut stdout, &mut rest).unwrap();
    assert_eq!(child.wait().unwrap().code(), Some(130));
    let printed = lines(format!("{first}{}", String::from_utf8_lossy(&rest)).as_bytes());
    assert!(!printed.is_empty() && printed.len() < 1200, "{} lines", printed.len());
    let written = entries(&proofs.join("c17"));
    let index = |l: &Value| l["index"].as_u64().unwrap();
    let reported: Vec<String> = printed.iter().map(|l| format!("{:05}.ron", index(l))).collect();
    assert_eq!(written, reported, "certificates for exactly the lines printed, no temporary file");

    let out = deduku()
        .args(["batch", "--check", "--resume", "--proofs"])
        .arg(&proofs)
        .arg(&input)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let all = lines(&out.stdout);
    assert_eq!(all.len(), 1200);
    let resumed = all.iter().filter(|l| l["resumed"] == true).count();
    assert_eq!(resumed, printed.len(), "each certificate of the first run is kept");
    assert!(all.iter().all(|l| l["check"] == "verified" && l["verdict"] == "solution"));
    assert_eq!(entries(&proofs.join("c17")).len(), 1200);
    let summary = String::from_utf8_lossy(&out.stderr);
    assert!(summary.contains(&format!("resumed {resumed} ")), "{summary}");
}

#[test]
fn batch_refuses_to_overwrite_certificates_unless_forced_and_resume_replaces_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    let (input, proofs) = (clue17(dir.path(), 12), dir.path().join("proofs"));
    let run = |flags: &[&str]| {
        deduku().arg("batch").args(flags).arg("--proofs").arg(&proofs).arg(&input).output().unwrap()
    };
    assert!(run(&[]).status.success());
    let cert = |k: usize| proofs.join("c17").join(format!("{k:05}.ron"));
    let before = fs::read(cert(1)).unwrap();
    fs::write(cert(1), "tampered").unwrap();
    // Refused before anything is solved or written: no line, the tampered file untouched.
    let refused = run(&[]);
    assert_eq!((refused.status.code(), refused.stdout.len()), (Some(2), 0));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("00001.ron: a certificate of an earlier run; --force replaces"), "{err}");
    assert_eq!(fs::read(cert(1)).unwrap(), b"tampered");
    // --resume keeps the 11 good ones and replaces the tampered one and a missing one.
    fs::remove_file(cert(7)).unwrap();
    let resumed = run(&["--resume"]);
    assert!(resumed.status.success());
    let got = lines(&resumed.stdout);
    let kept: Vec<u64> =
        got.iter().filter(|l| l["resumed"] == true).map(|l| l["index"].as_u64().unwrap()).collect();
    assert_eq!(kept, (2..=12).filter(|&k| k != 7).collect::<Vec<u64>>());
    assert_eq!(fs::read(cert(1)).unwrap(), before, "the same certificate, solved again");
    assert!(cert(7).exists());
    // --force solves everything again and replaces every certificate.
    let forced = run(&["--force"]);
    assert!(forced.status.success());
    assert!(lines(&forced.stdout).iter().all(|l| l.get("resumed").is_none()));
    let both = run(&["--force", "--resume"]);
    assert_eq!(both.status.code(), Some(2), "the flags conflict");
}
