//! The third-party tools: rate (DRAT checker), cadical (SAT solver), and drat-trim,
//! lrat-check and cake_lpr (built from `../shared/tools` by `.ci/run`). The tests that run
//! them are ignored by default; `.ci/run` installs and builds them and runs the tests with
//! `--include-ignored`, where a missing tool fails the test. Each verdict is read from the
//! tool's output, never from its exit code alone (cake_lpr exits 0 when it rejects).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// How to get drat-trim, lrat-check and cake_lpr.
pub const BUILD_CHECKERS: &str =
    "bash ../shared/tools/build-checkers.sh ~/.local/deduku-checkers and put it on PATH \
     (or set DEDUKU_CHECKERS to that folder); .ci/run does both";

/// A checker from `$DEDUKU_CHECKERS` when set, else from `PATH`.
fn checker(name: &str) -> PathBuf {
    match std::env::var_os("DEDUKU_CHECKERS") {
        Some(dir) => PathBuf::from(dir).join(name),
        None => PathBuf::from(name),
    }
}

/// Run a checker on two files; its stdout and stderr together (`\r` dropped).
fn run_checker(name: &str, args: &[&Path]) -> (Output, String) {
    let out = Command::new(checker(name))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {name} ({e}): {BUILD_CHECKERS}"));
    let text =
        format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out, text.replace('\r', "\n"))
}

/// `drat-trim CNF DRAT`: true iff it prints `s VERIFIED`; it must print a verdict either way.
pub fn drat_trim_verifies(cnf: &Path, drat: &Path) -> bool {
    let (_, text) = run_checker("drat-trim", &[cnf, drat]);
    let verified = text.lines().any(|l| l.trim() == "s VERIFIED");
    let rejected = text.lines().any(|l| l.trim() == "s NOT VERIFIED");
    assert!(verified != rejected, "drat-trim gave no single verdict on {}: {text}", drat.display());
    verified
}

/// `lrat-check CNF LRAT`: true iff it prints `c VERIFIED` and exits 0, with no error line.
pub fn lrat_check_verifies(cnf: &Path, lrat: &Path) -> bool {
    let (out, text) = run_checker("lrat-check", &[cnf, lrat]);
    let verified = text.lines().any(|l| l.trim() == "c VERIFIED");
    let failed = text.lines().any(|l| {
        let l = l.trim();
        l == "c NOT VERIFIED" || l.starts_with("c ERROR") || l.starts_with("c WARNING")
    });
    assert!(verified != failed, "lrat-check gave no single verdict on {}: {text}", lrat.display());
    verified && out.status.success()
}

/// `cake_lpr CNF LRAT` (formally verified): true iff it prints `s VERIFIED UNSAT`. It exits 0
/// whatever it decides, and prints nothing for a proof that never derives the empty clause,
/// so only that line counts.
pub fn cake_lpr_verifies(cnf: &Path, lrat: &Path) -> bool {
    let (_, text) = run_checker("cake_lpr", &[cnf, lrat]);
    let verified = text.lines().any(|l| l.trim() == "s VERIFIED UNSAT");
    assert!(
        !(verified && text.contains("c Checking failed")),
        "cake_lpr contradicts itself: {text}"
    );
    verified
}
/// Run `rate CNF DRAT`; true iff it prints `s VERIFIED`.
pub fn rate_verifies(cnf: &Path, drat: &Path) -> bool {
    let out =
        Command::new("rate").arg(cnf).arg(drat).output().unwrap_or_else(|e| {
            panic!("cannot run rate (install: cargo install rate --locked): {e}")
        });
    let stdout = String::from_utf8_lossy(&out.stdout);
    let verified = stdout.lines().any(|l| l.trim() == "s VERIFIED");
    let rejected = stdout.lines().any(|l| l.trim() == "s NOT VERIFIED");
    assert!(
        verified || rejected,
        "rate gave no verdict on {}: {stdout}{}",
        drat.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    verified
}

/// Solve with cadical: `Some(model)` (the true variables) if SAT, `None` if UNSAT.
pub fn cadical(cnf: &Path) -> Option<Vec<u32>> {
    let out =
        Command::new("cadical").arg("-q").arg(cnf).output().unwrap_or_else(|e| {
            panic!("cannot run cadical (install: apt-get install cadical): {e}")
        });
    let stdout = String::from_utf8_lossy(&out.stdout);
    match out.status.code() {
        Some(20) => None,
        Some(10) => Some(
            stdout
                .lines()
                .filter_map(|l| l.strip_prefix("v "))
                .flat_map(str::split_whitespace)
                .filter_map(|t| t.parse::<i64>().ok())
                .filter(|&x| x > 0)
                .map(|x| x as u32)
                .collect(),
        ),
        other => panic!("cadical exited with {other:?} on {}: {stdout}", cnf.display()),
    }
}
