//! Fitch-style natural deduction: numbered lines, each subproof a box drawn
//! with `│`, its hypothesis underlined (`├──`), every line's rule and cited lines.

use super::derivation::Derivation;
use super::grid_state::GridState;
use deduku_check::format::Rule;
use std::fmt::Write;

/// The derivation as Fitch-style text; with `grid_every = Some(k)` the
/// candidate grid is interleaved after every `k`-th line (at the root's view of it).
pub fn fitch(d: &Derivation, grid_every: Option<usize>) -> String {
    let width = Derivation::number(d.lines.len()).to_string().len();
    let max_level = d.lines.iter().map(|l| l.level).max().unwrap_or(0);
    let fact_col = 2 * (max_level + 1) + 10;
    let mut out = String::new();
    for (i, line) in d.lines.iter().enumerate() {
        let bars = "│ ".repeat(line.level + 1);
        let body = format!("{bars}{}", line.step.fact);
        let pad = fact_col.saturating_sub(body.chars().count());
        let cites = d.cites(i);
        let rule = format!("{:?}", line.step.rule);
        let _ = write!(out, "{:>width$} {body}{} {rule}", Derivation::number(i), " ".repeat(pad));
        if !cites.is_empty() {
            let _ = write!(out, " {cites}");
        }
        out.push('\n');
        if line.step.rule == Rule::Assume {
            // The hypothesis bar: what is above it is assumed, not derived.
            let _ = writeln!(out, "{:>width$} {}├──────", "", "│ ".repeat(line.level));
        }
        if grid_every.is_some_and(|k| k > 0 && (i + 1) % k == 0) {
            out.push_str(&grid_block(d, i));
        }
    }
    out
}

/// The candidate grid after line position `i`, framed for interleaving.
pub(crate) fn grid_block(d: &Derivation, i: usize) -> String {
    match GridState::at(d, Some(i)) {
        Ok(state) => format!(
            "    ┌ grid after line {}\n{}    └\n",
            Derivation::number(i),
            indent(&state.render_text())
        ),
        Err(e) => format!("    (no grid: {e})\n"),
    }
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("    │ {l}\n")).collect()
}
