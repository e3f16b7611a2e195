//! How a solve result is shown: text for people, JSON or RON for programs.

use deduku::grid::{Alphabet, Candidates, Grid};
use deduku::solve::{Outcome, Verdict};
use serde::Serialize;
use std::fmt::Write;

/// The machine-readable result of one puzzle (`--format json|ron`).
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// 1-based position of the puzzle in its input.
    pub index: usize,
    /// 1-based line where the puzzle starts.
    pub line: usize,
    /// `solution`, `contradiction`, `multiple` or `stuck`.
    pub verdict: String,
    /// The solution, the first witness, or the stuck placements.
    pub grid: Option<String>,
    /// The second witness of `multiple`.
    pub second: Option<String>,
    /// Largest negation depth used at the root (0: singles sufficed).
    pub depth: usize,
    /// Assumptions opened.
    pub assumptions: u64,
    /// Assumptions refuted (any depth).
    pub refutations: u64,
    /// Steps derived, failed attempts included.
    pub derived_steps: u64,
    /// Steps in the trace before trimming.
    pub trace_steps: usize,
    /// Steps in the certificate.
    pub certificate_steps: usize,
    /// Solve time in microseconds.
    pub micros: u64,
}

impl Report {
    /// The report of `outcome` for the puzzle at `index` / `line`, its grids written in
    /// `alphabet` (the user's `--alphabet`).
    pub fn new(index: usize, line: usize, outcome: &Outcome, alphabet: &Alphabet) -> Report {
        let (grid, second) = match &outcome.verdict {
            Verdict::Solution(g) | Verdict::Stuck(g) => (Some(g.to_line_in(alphabet)), None),
            Verdict::Multiple(a, b) => (Some(a.to_line_in(alphabet)), Some(b.to_line_in(alphabet))),
            Verdict::Contradiction => (None, None),
        };
        let s = &outcome.stats;
        Report {
            index,
            line,
            verdict: outcome.verdict.name().to_string(),
            grid,
            second,
            depth: s.search.depth,
            assumptions: s.search.assumptions,
            refutations: s.search.refutations,
            derived_steps: s.derived_steps,
            trace_steps: s.trace_steps,
            certificate_steps: s.certificate_steps,
            micros: s.micros,
        }
    }
}

/// The text form: a headline, then the grid(s) or the candidates of a stuck state, in
/// `alphabet`.
pub fn text(report: &Report, outcome: &Outcome, alphabet: &Alphabet) -> String {
    let mut out = String::new();
    let meaning = match &outcome.verdict {
        Verdict::Solution(_) => "unique solution",
        Verdict::Contradiction => "no solution (⊥ derived)",
        Verdict::Multiple(..) => "several solutions (two witnesses)",
        Verdict::Stuck(_) => "consequences certified, puzzle not finished",
    };
    let _ = writeln!(
        out,
        "#{} (line {}): {} — {meaning}; depth {}, {} assumptions, {} refuted, \
         certificate {} steps (trace {}, derived {}), {:.3} ms",
        report.index,
        report.line,
        report.verdict,
        report.depth,
        report.assumptions,
        report.refutations,
        report.certificate_steps,
        report.trace_steps,
        report.derived_steps,
        report.micros as f64 / 1000.0
    );
    match &outcome.verdict {
        Verdict::Solution(g) => out.push_str(&g.display_in(alphabet)),
        Verdict::Multiple(a, b) => {
            out.push_str(&a.display_in(alphabet));
            out.push_str("and\n");
            out.push_str(&b.display_in(alphabet));
        }
        Verdict::Stuck(g) => out.push_str(&candidate_grid(g, &outcome.candidates, alphabet)),
        Verdict::Contradiction => {}
    }
    out
}

/// Pencil marks: each open cell shows its candidates, placed cells their digit (in `alphabet`).
pub fn candidate_grid(grid: &Grid, cands: &[Candidates], alphabet: &Alphabet) -> String {
    let (n, side) = (grid.order().n(), grid.order().side());
    let cell_text = |i: usize| -> String {
        match grid.values()[i] {
            0 => {
                let syms: Vec<String> =
                    cands[i].iter().map(|d| grid.symbol_in(d.get() as u8, alphabet)).collect();
                format!("{{{}}}", syms.join(if side > 35 { "," } else { "" }))
            }
            v => grid.symbol_in(v, alphabet),
        }
    };
    let texts: Vec<String> = (0..grid.order().cells()).map(cell_text).collect();
    let width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(1);
    let mut out = String::new();
    for r in 0..side {
        if r > 0 && r % n == 0 {
            let _ = writeln!(out, "{}", "-".repeat((width + 1) * side + 2 * (n - 1)));
        }
        for c in 0..side {
            if c > 0 && c % n == 0 {
                out.push_str("| ");
            }
            let _ = write!(out, "{:<width$} ", texts[r * side + c]);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}
