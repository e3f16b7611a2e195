//! A `Derives` claim, literal by literal: where each listed literal is derived at the root,
//! so a student sees which parts of an exercise the certificate proves (the checker itself
//! stops at the first literal missing).

use super::derivation::Derivation;
use crate::grid::parse_grid_string;
use deduku_check::format::Fact;
use std::collections::HashMap;
use std::fmt::Write;

/// Where a listed literal is derived.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    /// A given of the puzzle.
    Given,
    /// At the root, at this line position.
    Line(usize),
    /// Nowhere at the root.
    Missing,
}

/// For each of `facts`, where the root derives it (one pass over the lines).
pub fn where_derived(d: &Derivation, facts: &[Fact]) -> Vec<Found> {
    let mut root: HashMap<Fact, usize> = HashMap::new();
    for (i, line) in d.lines.iter().enumerate().filter(|(_, l)| l.home.is_none()) {
        root.entry(line.step.fact).or_insert(i);
    }
    let givens = parse_grid_string(d.proof.order, &d.proof.puzzle).unwrap_or_default();
    let side = usize::from(d.proof.order).pow(2);
    let given = |f: Fact| match f {
        Fact::Place { r, c, d }
            if (1..=side).contains(&usize::from(r)) && (1..=side).contains(&usize::from(c)) =>
        {
            givens.get((usize::from(r) - 1) * side + usize::from(c) - 1) == Some(&d)
        }
        _ => false,
    };
    facts
        .iter()
        .map(|&f| match root.get(&f) {
            _ if given(f) => Found::Given,
            Some(&i) => Found::Line(i),
            None => Found::Missing,
        })
        .collect()
}

/// One line per listed literal: `  ✓ r2c1≠2  line 6` / `  ✗ r3c3=1  not derived at the root`.
pub fn derives_report(d: &Derivation, facts: &[Fact]) -> String {
    let mut out = String::new();
    for (&f, found) in facts.iter().zip(where_derived(d, facts)) {
        let lit = d.digits.lit(f);
        let _ = match found {
            Found::Given => writeln!(out, "  ✓ {lit}  a given"),
            Found::Line(i) => writeln!(out, "  ✓ {lit}  line {}", Derivation::number(i)),
            Found::Missing => writeln!(out, "  ✗ {lit}  not derived at the root"),
        };
    }
    out
}
