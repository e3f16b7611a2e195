//! How a solve result is shown: text for people, JSON or RON for programs.

use deduku::grid::{Alphabet, Candidates, Grid};
use deduku::record::Record;
use deduku::solve::{Outcome, Verdict};
use std::fmt::Write;

/// The text form: a headline, then the grid(s) or the candidates of a stuck state, in
/// `alphabet`.
pub fn text(report: &Record, outcome: &Outcome, alphabet: &Alphabet) -> String {
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
        report.solve_us as f64 / 1000.0
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
