//! The third-party tools: rate (DRAT checker) and cadical (SAT solver). The tests
//! that run them are ignored by default; `.ci/run` installs both and runs them with
//! `--include-ignored`, where a missing tool fails the test.

use std::path::Path;
use std::process::Command;

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
