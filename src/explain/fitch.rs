//! Fitch-style natural deduction: numbered lines, each subproof a box drawn
//! with `│`, its hypothesis underlined (`├──`), every line's rule and cited lines.
//! Deep nesting is drawn with a bounded number of bars and the depth written out, so
//! the text stays linear in the certificate however deep the boxes go.

use super::derivation::Derivation;
use super::grid_state::TEXT_LEGEND;
use super::sweep::Sweep;
use super::verdict::Rejection;
use super::words::rule_label;
use deduku_check::format::Rule;
use std::fmt::Write;

/// What the text renderings (Fitch and steps) include.
#[derive(Clone, Debug, Default)]
pub struct TextOptions {
    /// Interleave the candidate grid after every `k`-th line.
    pub grid_every: Option<usize>,
    /// Leave out the givens and the exclusions drawn from them.
    pub skip_givens: bool,
    /// Mark this rejection at its line.
    pub rejection: Option<Rejection>,
}

/// Bars drawn in full up to this many; deeper lines show the outer and inner ones and
/// the count between.
const MAX_BARS: usize = 12;

/// `k` box bars: `│ │ │ `, or `│ │ │ ┄40┄ │ │ │ ` beyond [`MAX_BARS`].
pub(crate) fn bars(k: usize) -> String {
    if k <= MAX_BARS {
        return "│ ".repeat(k);
    }
    let shown = MAX_BARS / 2 - 1;
    format!("{}┄{}┄ {}", "│ ".repeat(shown), k - 2 * shown, "│ ".repeat(shown))
}

/// The derivation as Fitch-style text.
pub fn fitch(d: &Derivation, opts: &TextOptions) -> String {
    let width = Derivation::number(d.lines.len()).to_string().len();
    let max_level = d.lines.iter().map(|l| l.level).max().unwrap_or(0);
    let fact_col = bars(max_level + 1).chars().count() + 10;
    let mut out = skipped_note(d, opts, about_givens);
    let mut grids = GridBlocks::new(d, opts.grid_every);
    for (i, line) in d.lines.iter().enumerate() {
        let rejected = opts.rejection.as_ref().filter(|r| r.position == Some(i));
        if rejected.is_none() && opts.skip_givens && about_givens(d, i) {
            grids.after(&mut out, i);
            continue;
        }
        let body = format!("{}{}", bars(line.level + 1), d.lit(i));
        let pad = fact_col.saturating_sub(body.chars().count());
        let cites = d.cites(i);
        let rule = rule_label(d, i);
        let _ = write!(out, "{:>width$} {body}{} {rule}", Derivation::number(i), " ".repeat(pad));
        if !cites.is_empty() {
            let _ = write!(out, " {cites}");
        }
        out.push('\n');
        if line.step.rule == Rule::Assume {
            // The hypothesis bar: what is above it is assumed, not derived.
            let _ = writeln!(out, "{:>width$} {}├──────", "", bars(line.level));
        }
        if let Some(r) = rejected {
            let _ = writeln!(out, "{:>width$} {}", "", r.marker(d));
        }
        grids.after(&mut out, i);
    }
    out
}

/// Whether line `i` is a given or an exclusion drawn from one (what `--skip-givens` hides).
pub(crate) fn about_givens(d: &Derivation, i: usize) -> bool {
    let line = &d.lines[i];
    match line.step.rule {
        Rule::Given => true,
        Rule::Exclusion => line
            .premises
            .first()
            .copied()
            .flatten()
            .is_some_and(|p| d.lines[p].step.rule == Rule::Given),
        _ => false,
    }
}

/// The note that says how many lines `--skip-givens` left out (those `hidden` selects).
pub(crate) fn skipped_note(
    d: &Derivation,
    opts: &TextOptions,
    hidden: fn(&Derivation, usize) -> bool,
) -> String {
    if !opts.skip_givens {
        return String::new();
    }
    match (0..d.lines.len()).filter(|&i| hidden(d, i)).count() {
        0 => String::new(),
        1 => "(1 line about the givens not shown; --skip-givens=false shows it)\n".to_string(),
        k => format!("({k} lines about the givens not shown; --skip-givens=false shows them)\n"),
    }
}

/// The candidate grids interleaved every `k` lines, from one pass over the derivation.
pub(crate) struct GridBlocks<'d, 'a> {
    every: usize,
    sweep: Option<Result<Sweep<'d, 'a>, String>>,
    d: &'d Derivation<'a>,
}

impl<'d, 'a> GridBlocks<'d, 'a> {
    /// Grids every `every` lines (none for `None` or 0).
    pub(crate) fn new(d: &'d Derivation<'a>, every: Option<usize>) -> Self {
        let every = every.unwrap_or(0);
        let sweep = (every > 0).then(|| Sweep::new(d).map_err(|e| e.to_string()));
        GridBlocks { every, sweep, d }
    }

    /// Append the grid after line position `i` when it is due.
    pub(crate) fn after(&mut self, out: &mut String, i: usize) {
        if self.every == 0 || (i + 1) % self.every != 0 {
            return;
        }
        match self.sweep.as_mut() {
            Some(Ok(sweep)) => {
                let text = sweep.after(i).render_text(&self.d.digits);
                let _ = writeln!(out, "    ┌ grid after line {} ({TEXT_LEGEND})", i + 1);
                text.lines().for_each(|l| {
                    let _ = writeln!(out, "    │ {l}");
                });
                out.push_str("    └\n");
            }
            Some(Err(e)) => {
                let _ = writeln!(out, "    (no grid: {e})");
            }
            None => {}
        }
    }
}
