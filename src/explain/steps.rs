//! The derivation in plain language for puzzle solvers. Exclusion lines are
//! folded into the steps that use them: a solver reads "excluded by r3c1=1"
//! rather than the separate line "r3c5≠1".

use super::derivation::Derivation;
use super::fitch::grid_block;
use deduku_check::format::{Fact, Rule};
use std::fmt::Write;

/// Plain-language steps, numbered like the Fitch lines; `grid_every = Some(k)`
/// interleaves the candidate grid after every `k`-th line.
pub fn plain_steps(d: &Derivation, grid_every: Option<usize>) -> String {
    let width = Derivation::number(d.lines.len()).to_string().len();
    let mut out = String::new();
    for (i, line) in d.lines.iter().enumerate() {
        if line.step.rule != Rule::Exclusion {
            let indent = "  ".repeat(line.level);
            let _ = writeln!(out, "{:>width$}. {indent}{}", Derivation::number(i), sentence(d, i));
        }
        if grid_every.is_some_and(|k| k > 0 && (i + 1) % k == 0) {
            out.push_str(&grid_block(d, i));
        }
    }
    out
}

/// `r3c5 = 7`, `r3c5 ≠ 7`, `⊥` — the literal with room to breathe.
pub(crate) fn spaced(fact: Fact) -> String {
    match fact {
        Fact::Place { r, c, d } => format!("r{r}c{c} = {d}"),
        Fact::Elim { r, c, d } => format!("r{r}c{c} ≠ {d}"),
        Fact::Bottom => "⊥".to_string(),
    }
}

/// One line's sentence.
pub(crate) fn sentence(d: &Derivation, i: usize) -> String {
    let step = d.lines[i].step;
    let fact = spaced(step.fact);
    match step.rule {
        Rule::Given => format!("{fact}: given"),
        Rule::Assume => format!("assume {fact}"),
        Rule::NakedSingle => {
            let digits: Vec<String> = elim_digits(d, i).iter().map(u8::to_string).collect();
            format!("{fact}: naked single — {} are excluded by {}", digits.join(" "), reasons(d, i))
        }
        Rule::HiddenSingle(u) => {
            let digit = match step.fact {
                Fact::Place { d, .. } => d.to_string(),
                _ => "the digit".to_string(),
            };
            format!(
                "{fact}: hidden single in {u} — {digit} is excluded from the other cells by {}",
                reasons(d, i)
            )
        }
        Rule::EmptyCell => {
            let cell = first_cell(d, i).unwrap_or_else(|| "a cell".to_string());
            format!("contradiction: {cell} has no candidate left ({})", reasons(d, i))
        }
        Rule::NoPlace(u) => format!("contradiction: no place is left in {u} ({})", reasons(d, i)),
        Rule::Clash => clash(d, i),
        Rule::Negation => negation(d, i, &fact),
        _ => format!("{fact}: {:?} from lines {}", step.rule, d.cites(i)),
    }
}

fn clash(d: &Derivation, i: usize) -> String {
    let premises = &d.lines[i].premises;
    let place = premises.iter().copied().find(|&p| matches!(d.fact(p), Some(Fact::Place { .. })));
    let other = premises.iter().copied().find(|&p| Some(p) != place);
    match (place.flatten(), other.flatten()) {
        (Some(p), Some(q)) => format!(
            "contradiction: {} fails, it is excluded by {}",
            spaced(d.lines[p].step.fact),
            reason(d, q)
        ),
        _ => format!("contradiction: clash of lines {}", d.cites(i)),
    }
}

fn negation(d: &Derivation, i: usize, fact: &str) -> String {
    let line = &d.lines[i];
    match (line.premises.first().copied().flatten(), line.premises.get(1).copied().flatten()) {
        (Some(a), Some(b)) => format!(
            "so {fact} — assuming {} (line {}) led to a contradiction (line {})",
            spaced(d.lines[a].step.fact),
            Derivation::number(a),
            Derivation::number(b)
        ),
        _ => format!("so {fact} (negation of lines {})", d.cites(i)),
    }
}

/// The digits the premises of line `i` eliminate, in increasing order.
fn elim_digits(d: &Derivation, i: usize) -> Vec<u8> {
    let mut digits: Vec<u8> = (d.lines[i].premises.iter())
        .filter_map(|&p| match d.fact(p) {
            Some(Fact::Elim { d, .. }) => Some(d),
            _ => None,
        })
        .collect();
    digits.sort_unstable();
    digits
}

/// The cell of the first premise of line `i`, as `r2c7`.
fn first_cell(d: &Derivation, i: usize) -> Option<String> {
    match d.fact(d.lines[i].premises.first().copied().flatten())? {
        Fact::Place { r, c, .. } | Fact::Elim { r, c, .. } => Some(format!("r{r}c{c}")),
        Fact::Bottom => None,
    }
}

/// Why the premises of line `i` hold: an elimination by Exclusion is named by
/// the placement behind it (`r3c1=1`), anything else by its literal and line.
fn reasons(d: &Derivation, i: usize) -> String {
    let mut seen: Vec<String> = Vec::new();
    for &p in &d.lines[i].premises {
        let text = match p {
            Some(p) => reason(d, p),
            None => "an unknown line".to_string(),
        };
        if !seen.contains(&text) {
            seen.push(text);
        }
    }
    seen.join(", ")
}

fn reason(d: &Derivation, p: usize) -> String {
    let line = &d.lines[p];
    if line.step.rule == Rule::Exclusion {
        if let Some(fact @ Fact::Place { .. }) = d.fact(line.premises.first().copied().flatten()) {
            return fact.to_string();
        }
    }
    format!("{} (line {})", line.step.fact, Derivation::number(p))
}
