//! One line per placement: where it is derived, by which rule, and how deep a
//! refutation it depends on — a table of contents for long proofs.

use super::derivation::{rule_family, Derivation};
use deduku_check::format::{Fact, Rule};
use std::fmt::Write;

/// The depth of negation each line depends on, transitively through its premises.
pub fn needed_depth(d: &Derivation) -> Vec<usize> {
    let mut need = vec![0usize; d.lines.len()];
    for (i, line) in d.lines.iter().enumerate() {
        // Premises name earlier lines only when the proof is well formed; a later
        // or unknown one contributes nothing rather than reading ahead.
        let mut n = line.premises.iter().flatten().filter(|&&p| p < i).map(|&p| need[p]).max();
        if line.step.rule == Rule::Negation {
            if let Some(a) = line.premises.first().copied().flatten().filter(|&a| a < i) {
                let deepest = d.lines[a..i].iter().map(|l| l.level).max().unwrap_or(0);
                n = n.max(Some(deepest.saturating_sub(line.level)));
            }
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
    let placed = d.lines.iter().enumerate().filter(|(_, l)| {
        l.level == 0 && l.step.rule != Rule::Given && matches!(l.step.fact, Fact::Place { .. })
    });
    for (k, (i, line)) in placed.enumerate() {
        let _ = writeln!(
            out,
            "{:>4}. line {:>width$}  {:<10} {:<20} depth {}",
            k + 1,
            Derivation::number(i),
            line.step.fact.to_string(),
            rule_label(&line.step.rule),
            need[i]
        );
    }
    if out.is_empty() {
        out.push_str("(no placement derived at the root)\n");
    }
    out
}

/// `HiddenSingle row 3` for units, the family name otherwise.
fn rule_label(rule: &Rule) -> String {
    match rule {
        Rule::HiddenSingle(u) => format!("HiddenSingle {u}"),
        other => rule_family(other),
    }
}
