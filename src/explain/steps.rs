//! The derivation in plain language for puzzle solvers. Exclusion lines are
//! folded into the steps that use them: a solver reads "excluded by r3c1=1"
//! rather than the separate line "r3c5≠1"; one pattern's eliminations are one step.

use super::derivation::Derivation;
use super::fitch::{about_givens, skipped_note, GridBlocks, TextOptions};
use super::words::{group_end, sentence};
use deduku_check::format::Rule;
use std::fmt::Write;

/// Plain-language steps, numbered like the Fitch lines (`12–14.` for a pattern group).
pub fn plain_steps(d: &Derivation, opts: &TextOptions) -> String {
    let width = Derivation::number(d.lines.len()).to_string().len();
    // Exclusions are folded into the steps anyway: only the Given lines are left out.
    let given = |d: &Derivation, i: usize| d.lines[i].step.rule == Rule::Given;
    let mut out = skipped_note(d, opts, given);
    let mut grids = GridBlocks::new(d, opts.grid_every);
    let mut i = 0;
    while i < d.lines.len() {
        let line = &d.lines[i];
        let end = group_end(d, i);
        let rejected =
            opts.rejection.as_ref().filter(|r| r.position.is_some_and(|p| (i..=end).contains(&p)));
        let hidden = line.step.rule == Rule::Exclusion || (opts.skip_givens && about_givens(d, i));
        if rejected.is_some() || !hidden {
            let number = match end > i {
                true => format!("{}–{}", Derivation::number(i), Derivation::number(end)),
                false => Derivation::number(i).to_string(),
            };
            let indent = "  ".repeat(line.level.min(MAX_INDENT));
            let deep = match line.level > MAX_INDENT {
                true => format!("[depth {}] ", line.level),
                false => String::new(),
            };
            let _ = writeln!(out, "{number:>width$}. {indent}{deep}{}", sentence(d, i, end));
        }
        if let Some(r) = rejected {
            let _ = writeln!(out, "{:>width$}  {}", "", r.marker(d));
        }
        for j in i..=end {
            grids.after(&mut out, j);
        }
        i = end + 1;
    }
    out
}

/// Indentation levels drawn; deeper steps say their depth instead.
const MAX_INDENT: usize = 12;
