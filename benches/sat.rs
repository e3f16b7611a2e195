//! Certified solving side by side: deduku (certified solve + check) against the
//! certified SAT pipeline (CaDiCaL finds a model, then refutes the formula with that
//! model blocked while writing a DRAT proof, which `rate` checks), per puzzle.
//!
//! `cargo bench --bench sat` — needs `cadical` (apt-get install cadical) and `rate`
//! (cargo install rate --locked) on PATH; fails with a clear message otherwise.

// `to_bytes` serves the benches that compare with the `sudoku` crate.
#[allow(dead_code)]
#[path = "sets.rs"]
mod sets;

use deduku::grid::Grid;
use deduku::solve::{solve, SolveOptions, Verdict};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// Puzzles timed per set: the SAT pipeline starts three processes per puzzle.
const PER_SET: usize = 20;

fn main() {
    for tool in ["cadical", "rate"] {
        if Command::new(tool).arg("--help").output().is_err() {
            eprintln!("bench sat: `{tool}` not found on PATH (cadical: apt-get install cadical; rate: cargo install rate --locked)");
            std::process::exit(2);
        }
    }
    let dir = tempfile::tempdir().expect("temp dir");
    println!(
        "| set | puzzles | deduku solve+check (mean µs) | cadical+DRAT+rate (mean µs) | ratio |"
    );
    println!("|---|---|---|---|---|");
    // The 25x25 puzzles take minutes each for deduku: the criterion bench covers them.
    for (name, rel, first, limit) in sets::SETS.into_iter().take(4) {
        let puzzles = sets::load(rel, first, limit.min(PER_SET));
        let (mut ours, mut theirs) = (0u128, 0u128);
        for (i, p) in puzzles.iter().enumerate() {
            let (us, solution) = deduku_certified(p);
            ours += us;
            theirs += sat_certified(p, &solution, &dir.path().join(format!("{i}")));
        }
        let n = puzzles.len() as u128;
        let (a, b) = (ours / n, theirs / n);
        println!("| {name} | {n} | {a} | {b} | {:.1}× |", b as f64 / a.max(1) as f64);
    }
}

/// Certified solve plus check of one puzzle: (µs, its solution).
fn deduku_certified(p: &Grid) -> (u128, Grid) {
    let start = Instant::now();
    let out = solve(p, &SolveOptions::default());
    let verified = deduku_check::check(&out.proof, Some(&p.to_line()));
    let us = start.elapsed().as_micros();
    assert!(verified.is_ok(), "deduku certificate rejected");
    match out.verdict {
        Verdict::Solution(g) => (us, g),
        other => panic!("bench puzzle is not unique: {}", other.name()),
    }
}

/// The SAT pipeline for one unique puzzle: model, then DRAT refutation of another, then
/// `rate`. Returns the µs of the three processes (CNF writing included).
fn sat_certified(p: &Grid, solution: &Grid, base: &Path) -> u128 {
    let start = Instant::now();
    let cnf = base.with_extension("cnf");
    std::fs::write(&cnf, cnf_text(p, None)).expect("write CNF");
    let out = Command::new("cadical").arg("-q").arg(&cnf).output().expect("cadical runs");
    assert_eq!(out.status.code(), Some(10), "cadical: the puzzle should be satisfiable");
    let model = String::from_utf8_lossy(&out.stdout);
    let found: Vec<i64> = model
        .lines()
        .filter(|l| l.starts_with("v "))
        .flat_map(|l| l[2..].split_whitespace().filter_map(|w| w.parse().ok()))
        .filter(|&v: &i64| v > 0)
        .collect();
    let blocked = base.with_extension("blocked.cnf");
    std::fs::write(&blocked, cnf_text(p, Some(&found))).expect("write CNF");
    let proof: PathBuf = base.with_extension("drat");
    let out = Command::new("cadical")
        .args(["-q", "--no-binary"])
        .arg(&blocked)
        .arg(&proof)
        .output()
        .expect("cadical runs");
    assert_eq!(out.status.code(), Some(20), "cadical: the blocked formula should be UNSAT");
    let out = Command::new("rate").arg(&blocked).arg(&proof).output().expect("rate runs");
    let us = start.elapsed().as_micros();
    assert!(out.status.success(), "rate rejected the DRAT proof");
    assert_eq!(found.len(), solution.order().cells(), "one true variable per cell");
    us
}

/// The complete CNF encoding of `p` (every cell exactly one digit, every unit every
/// digit exactly once, the givens), plus a clause excluding the model `block`.
fn cnf_text(p: &Grid, block: Option<&[i64]>) -> String {
    let (n, side) = (p.order().n(), p.order().side());
    let var = |r: usize, c: usize, d: usize| (r * side + c) * side + d + 1;
    let mut clauses: Vec<Vec<i64>> = Vec::new();
    let mut exactly_one = |lits: Vec<usize>| {
        clauses.push(lits.iter().map(|&v| v as i64).collect());
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                clauses.push(vec![-(a as i64), -(b as i64)]);
            }
        }
    };
    for a in 0..side {
        for b in 0..side {
            exactly_one((0..side).map(|d| var(a, b, d)).collect());
            exactly_one((0..side).map(|c| var(a, c, b)).collect());
            exactly_one((0..side).map(|r| var(r, a, b)).collect());
            let (br, bc) = (a / n * n, a % n * n);
            exactly_one((0..side).map(|k| var(br + k / n, bc + k % n, b)).collect());
        }
    }
    for (i, &v) in p.values().iter().enumerate().filter(|(_, &v)| v > 0) {
        clauses.push(vec![var(i / side, i % side, v as usize - 1) as i64]);
    }
    if let Some(model) = block {
        clauses.push(model.iter().map(|&v| -v).collect());
    }
    let mut text = format!("p cnf {} {}\n", side * side * side, clauses.len());
    for c in &clauses {
        for l in c {
            let _ = write!(text, "{l} ");
        }
        text.push_str("0\n");
    }
    text
}
