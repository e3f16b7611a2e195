//! One line per placement: where it is derived, by which rule, and how deep a
//! refutation it depends on — a table of contents for long proofs.

use super::derivation::Derivation;
use super::words::rule_label;
use deduku_check::format::{Fact, Rule};
use std::fmt::Write;

/// The depth of negation each line depends on, transitively through its premises.
pub fn needed_depth(d: &Derivation) -> Vec<usize> {
    let mut need = vec![0usize; d.lines.len()];
    for (i, line) in d.lines.iter().enumerate() {
        // Premises name earlier lines only when the proof is well formed; a later
        // or unknown one contributes nothing rather than reading ahead.
        let mut n = line.premises.iter().flatten().filter(|&&p| p < i).map(|&p| need[p]).max();
        // The box's depth is measured once (`Derivation::extent`), however many Negations
        // discharge it.
        // A Lemma depends on the refutation it reuses: the outermost box of its chain.
        let reused = || d.lemma_chain(i).last().copied();
        if let Some(extent) = d.discharged(i).or_else(reused).and_then(|a| d.extent(a)) {
            n = n.max(Some(extent.deepest.saturating_sub(line.level)));
        }
        need[i] = n.unwrap_or(0);
    }
    need
}

/// Placements derived at the root (givens left out), one per line.
pub fn summary(d: &Derivation) -> String {
    let need = needed_depth(d);
    let width = Derivation::number(d.lines.len()).to_string().len();
    let mut out = String::new();
    let placed: Vec<(usize, String)> = (d.lines.iter().enumerate())
        .filter(|(_, l)| {
            l.level == 0 && l.step.rule != Rule::Given && matches!(l.step.fact, Fact::Place { .. })
        })
        .map(|(i, _)| (i, rule_label(d, i)))
        .collect();
    let rule_width = placed.iter().map(|(_, r)| r.chars().count()).max().unwrap_or(0);
    for (k, (i, rule)) in placed.iter().enumerate() {
        let _ = writeln!(
            out,
            "{:>4}. line {:>width$}  {:<10} {rule:<rule_width$}  depth {}",
            k + 1,
            Derivation::number(*i),
            d.lit(*i),
            need[*i]
        );
    }
    if out.is_empty() {
        out.push_str("(no placement derived at the root)\n");
    }
    out
}
