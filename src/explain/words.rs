//! Every rule in words: a short label for the Fitch rule column and DOT nodes, and a
//! sentence for solvers (steps, the viewer, SVG captions). Pattern rules conclude one
//! elimination per step; consecutive steps of one pattern form a *group* that is told once,
//! its eliminations listed together.

use super::derivation::Derivation;
use super::implied::{implies, shared_unit, stands_for, unit_positions};
use super::notation::unit_name;
use deduku_check::format::{Fact, Rule, Unit};
use std::collections::HashSet;
use std::fmt::Write;

/// Reasons listed in a sentence before the rest are only counted.
const MAX_REASONS: usize = 12;

/// The rule of line `i` for the Fitch column: `HiddenSingle row 3`, `NoPlace 9 in row 6`,
/// `NakedPair {4,8} r3c8 r3c9`, `LockedCandidates 7: box 2 → row 1`.
pub fn rule_label(d: &Derivation, i: usize) -> String {
    let digits = &d.digits;
    match d.lines[i].step.rule {
        Rule::HiddenSingle(u) => format!("HiddenSingle {}", unit_name(u)),
        Rule::EmptyCell => match first_cell(d, i) {
            Some(cell) => format!("EmptyCell {cell}"),
            None => "EmptyCell".to_string(),
        },
        Rule::NoPlace(u) => match no_place_digit(d, i) {
            Some(v) => format!("NoPlace {} in {}", digits.name(v), unit_name(u)),
            None => format!("NoPlace in {}", unit_name(u)),
        },
        Rule::LockedCandidates { from, to, digit } => format!(
            "LockedCandidates {}: {} → {}",
            digits.name(digit),
            unit_name(from),
            unit_name(to)
        ),
        Rule::NakedSubset { unit, cells, digits: set } => {
            subset_label("Naked", d, unit, cells, set)
        }
        Rule::HiddenSubset { unit, cells, digits: set } => {
            subset_label("Hidden", d, unit, cells, set)
        }
        ref other => super::derivation::rule_family(other),
    }
}

fn subset_label(kind: &str, d: &Derivation, unit: Unit, cells: u64, set: u64) -> String {
    let size = subset_size(set.count_ones());
    let members = unit_cells(d.proof.order, unit, cells).join(" ");
    format!("{kind}{size} {} {members}", d.digits.set(set))
}

/// `Pair`, `Triple`, `Quad`, or `Subset(5)`.
fn subset_size(k: u32) -> String {
    match k {
        2 => "Pair".to_string(),
        3 => "Triple".to_string(),
        4 => "Quad".to_string(),
        k => format!("Subset({k})"),
    }
}

/// The names of the cells of `unit` at the positions set in `mask` (0-based, boxes row by row).
pub fn unit_cells(order: u8, unit: Unit, mask: u64) -> Vec<String> {
    let positions = unit_positions(order, unit).into_iter().enumerate().take(64);
    positions.filter(|&(k, _)| mask >> k & 1 == 1).map(|(_, rc)| cell(rc)).collect()
}

fn cell((r, c): (u8, u8)) -> String {
    format!("r{r}c{c}")
}

/// The lines told together with line `i`: `i` and the following lines of the same pattern
/// step in the same scope (a single line for every other rule).
pub fn group_end(d: &Derivation, i: usize) -> usize {
    let line = &d.lines[i];
    if !is_pattern(&line.step.rule) {
        return i;
    }
    let same = |j: &usize| {
        let l = &d.lines[*j];
        l.step.rule == line.step.rule && l.scope == line.scope && l.home == line.home
    };
    (i + 1..d.lines.len()).take_while(same).last().unwrap_or(i)
}

/// Whether `rule` is a pattern rule (one elimination per step, told in groups).
pub fn is_pattern(rule: &Rule) -> bool {
    matches!(
        rule,
        Rule::LockedCandidates { .. } | Rule::NakedSubset { .. } | Rule::HiddenSubset { .. }
    )
}

/// The sentence of lines `i..=end` (one line, or one pattern group).
pub fn sentence(d: &Derivation, i: usize, end: usize) -> String {
    let step = d.lines[i].step;
    let digits = &d.digits;
    let fact = digits.spaced(step.fact);
    match step.rule {
        Rule::Given => format!("{fact}: given"),
        Rule::Assume => format!("assume {fact}"),
        Rule::Lemma => lemma(d, i, &fact),
        Rule::Exclusion => exclusion(d, i, &fact),
        Rule::NakedSingle => {
            let excluded = elim_digits(d, i);
            format!(
                "{fact}: naked single — {} are excluded by {}",
                digits.list(&excluded),
                reasons(d, i)
            )
        }
        Rule::HiddenSingle(u) => {
            let digit = match step.fact {
                Fact::Place { d: v, .. } => digits.name(v),
                _ => "the digit".to_string(),
            };
            format!(
                "{fact}: hidden single in {} — {digit} is excluded from the other cells by {}",
                unit_name(u),
                reasons(d, i)
            )
        }
        Rule::EmptyCell => {
            let cell = first_cell(d, i).unwrap_or_else(|| "a cell".to_string());
            format!("contradiction: {cell} has no candidate left ({})", reasons(d, i))
        }
        Rule::NoPlace(u) => {
            let digit = no_place_digit(d, i).map_or("a digit".to_string(), |v| digits.name(v));
            format!("contradiction: no place for {digit} in {} ({})", unit_name(u), reasons(d, i))
        }
        Rule::Clash => clash(d, i),
        Rule::Negation => negation(d, i, &fact),
        Rule::LockedCandidates { from, to, digit } => format!(
            "locked candidates: {} in {} lies in {}, so {}",
            digits.name(digit),
            unit_name(from),
            unit_name(to),
            group_facts(d, i, end)
        ),
        Rule::NakedSubset { unit, cells, digits: set } => {
            let from = group_cells(d, i, end).join(", ");
            format!("{}{from}", subset_head(d, "naked", unit, cells, set, i, end))
        }
        Rule::HiddenSubset { unit, cells, digits: set } => {
            let head = subset_head(d, "hidden", unit, cells, set, i, end);
            format!("{head}them ({})", group_facts(d, i, end))
        }
    }
}

/// `naked pair {4,8} in r3c8, r3c9 (row 3): removes 4, 8 from `: a subset group's sentence
/// up to where its eliminations are named.
fn subset_head(
    d: &Derivation,
    kind: &str,
    unit: Unit,
    cells: u64,
    set: u64,
    i: usize,
    end: usize,
) -> String {
    format!(
        "{kind} {} {} in {} ({}): removes {} from ",
        subset_size(set.count_ones()).to_lowercase(),
        d.digits.set(set),
        unit_cells(d.proof.order, unit, cells).join(", "),
        unit_name(unit),
        d.digits.list(&group_digits(d, i, end)),
    )
}

/// `r1c7 ≠ 7, r1c8 ≠ 7`: the facts of a group.
fn group_facts(d: &Derivation, i: usize, end: usize) -> String {
    let facts: Vec<String> = (i..=end).map(|j| d.digits.spaced(d.lines[j].step.fact)).collect();
    facts.join(", ")
}

/// The distinct digits a group eliminates, in increasing order.
fn group_digits(d: &Derivation, i: usize, end: usize) -> Vec<u8> {
    let mut v: Vec<u8> = (i..=end).filter_map(|j| elim_of(d.lines[j].step.fact)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// The distinct cells a group eliminates from, in order of appearance.
fn group_cells(d: &Derivation, i: usize, end: usize) -> Vec<String> {
    let mut seen = HashSet::new();
    (i..=end)
        .filter_map(|j| cell_of(d.lines[j].step.fact))
        .filter(|c| seen.insert(c.clone()))
        .collect()
}

fn elim_of(fact: Fact) -> Option<u8> {
    match fact {
        Fact::Elim { d, .. } => Some(d),
        _ => None,
    }
}

fn cell_of(fact: Fact) -> Option<String> {
    match fact {
        Fact::Place { r, c, .. } | Fact::Elim { r, c, .. } => Some(format!("r{r}c{c}")),
        Fact::Bottom => None,
    }
}

/// `r1c2 ≠ 4: r1c1 = 4 is in the same row`.
fn exclusion(d: &Derivation, i: usize, fact: &str) -> String {
    let premise = d.fact(d.lines[i].premises.first().copied().flatten());
    let (Some(p @ Fact::Place { r, c, .. }), Fact::Elim { r: r2, c: c2, .. }) =
        (premise, d.lines[i].step.fact)
    else {
        return format!("{fact}: exclusion (lines {})", d.cites(i));
    };
    let relation = match shared_unit(d.proof.order, (r, c), (r2, c2)) {
        _ if (r, c) == (r2, c2) => "a cell holds one digit",
        Some(Unit::Row(_)) => "same row",
        Some(Unit::Col(_)) => "same column",
        Some(Unit::Box(_)) => "same box",
        None => "not a peer",
    };
    format!("{fact}: excluded by {} ({relation})", d.digits.spaced(p))
}

fn clash(d: &Derivation, i: usize) -> String {
    let premises = &d.lines[i].premises;
    if let [Some(a), Some(b)] = premises[..] {
        if let Some(text) = two_placements(d, a, b) {
            return text;
        }
    }
    let place = premises.iter().copied().find(|&p| matches!(d.fact(p), Some(Fact::Place { .. })));
    let other = premises.iter().copied().find(|&p| Some(p) != place);
    match (place.flatten(), other.flatten()) {
        // An assumed elimination refuted by a placement that holds.
        (Some(p), Some(q)) if d.lines[q].step.rule == Rule::Assume => format!(
            "contradiction: {} holds, against the assumption {} (line {})",
            reason(d, p),
            d.digits.spaced(d.lines[q].step.fact),
            Derivation::number(q)
        ),
        (Some(p), Some(q)) => format!(
            "contradiction: {} fails, it is excluded by {}",
            d.digits.spaced(d.lines[p].step.fact),
            reason(d, q)
        ),
        _ => format!("contradiction: clash of lines {}", d.cites(i)),
    }
}

/// `contradiction: r1c1=3 (line 9) and r1c4=3 (line 16) put 3 twice in row 1`: a Clash of two
/// placements, the same digit in two peers or two digits in one cell; an assumed one is
/// named last, as the assumption. `None` unless both premises are such placements.
fn two_placements(d: &Derivation, a: usize, b: usize) -> Option<String> {
    let (Fact::Place { r, c, d: v }, Fact::Place { r: r2, c: c2, d: v2 }) =
        (d.lines[a].step.fact, d.lines[b].step.fact)
    else {
        return None;
    };
    let what = if (r, c) == (r2, c2) && v != v2 {
        format!("put two digits in r{r}c{c}")
    } else if v == v2 {
        let unit = shared_unit(d.proof.order, (r, c), (r2, c2))?;
        format!("put {} twice in {}", d.digits.name(v), unit_name(unit))
    } else {
        return None;
    };
    let assumed = |p: usize| d.lines[p].step.rule == Rule::Assume;
    let (a, b) = if assumed(a) && !assumed(b) { (b, a) } else { (a, b) };
    let name = |p: usize| match assumed(p) {
        true => format!("the assumption {} (line {})", d.lit_spaced(p), Derivation::number(p)),
        false => reason(d, p),
    };
    Some(format!("contradiction: {} and {} {what}", name(a), name(b)))
}

/// `r5c6 ≠ 3: by the refutation of line 300 — assuming r5c6 = 3 (line 289) and r3c9 ≠ 2
/// (line 290) led to a contradiction, and here r3c9 ≠ 2 holds (line 288)`.
fn lemma(d: &Derivation, i: usize, fact: &str) -> String {
    let line = &d.lines[i];
    let chain = d.lemma_chain(i);
    let first = line.premises.first().copied().flatten();
    let Some(b) = first.filter(|&b| !chain.is_empty() && d.lines[b].step.fact == Fact::Bottom)
    else {
        return format!("{fact}: by a lemma (lines {})", d.cites(i));
    };
    // The hypotheses, outermost first, each once.
    let mut seen = HashSet::new();
    let hypotheses: Vec<usize> =
        chain.iter().rev().copied().filter(|&a| seen.insert(d.lines[a].step.fact)).collect();
    let named = |a: &usize| format!("{} (line {})", d.lit_spaced(*a), Derivation::number(*a));
    let assumed = and_list(hypotheses.iter().map(named).collect(), hypotheses.len());
    let head = match line.step.fact {
        Fact::Bottom => "contradiction".to_string(),
        _ => fact.to_string(),
    };
    let mut out = format!(
        "{head}: by the refutation of line {} — assuming {assumed} led to a contradiction",
        Derivation::number(b)
    );
    // A placement cited for hypotheses it implies (implied eliminations) says which.
    let facts: Vec<Fact> = hypotheses.iter().map(|&a| d.lines[a].step.fact).collect();
    let so = |p: usize| {
        let fact = d.lines[p].step.fact;
        let implied: Vec<String> = facts
            .iter()
            .filter(|&&h| h != fact && implies(d.proof.order, fact, h))
            .map(|&h| d.digits.spaced(h))
            .collect();
        let n = implied.len();
        match (fact, n) {
            (Fact::Place { .. }, 1..) => format!(", so {}", and_list(implied, n)),
            _ => String::new(),
        }
    };
    let holding: Vec<String> = line.premises[1..]
        .iter()
        .flatten()
        .map(|&p| match d.lines[p].step.rule {
            Rule::Assume => {
                format!("{} (assumed, line {}{})", d.lit_spaced(p), Derivation::number(p), so(p))
            }
            _ => format!("{} (line {}{})", d.lit_spaced(p), Derivation::number(p), so(p)),
        })
        .collect();
    if !holding.is_empty() {
        let verb = if holding.len() == 1 { "holds" } else { "hold" };
        let n = holding.len();
        let _ = write!(out, ", and here {} {verb}", and_list(holding, n));
    }
    out
}

/// `a`, `a and b`, `a, b and c`; past `MAX_REASONS` items the rest are counted.
fn and_list(mut items: Vec<String>, total: usize) -> String {
    if items.len() > MAX_REASONS {
        items.truncate(MAX_REASONS);
        items.push(format!("{} more", total - MAX_REASONS));
    }
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

fn negation(d: &Derivation, i: usize, fact: &str) -> String {
    let line = &d.lines[i];
    match (line.premises.first().copied().flatten(), line.premises.get(1).copied().flatten()) {
        (Some(a), Some(b)) => format!(
            "so {fact} — assuming {} (line {}) led to a contradiction (line {})",
            d.digits.spaced(d.lines[a].step.fact),
            Derivation::number(a),
            Derivation::number(b)
        ),
        _ => format!("so {fact} (negation of lines {})", d.cites(i)),
    }
}

/// The digits the premises of line `i` eliminate, in increasing order: those of its
/// elimination premises and those its placement premises imply (implied eliminations).
fn elim_digits(d: &Derivation, i: usize) -> Vec<u8> {
    let stated = d.lines[i].premises.iter().filter_map(|&p| elim_of(d.fact(p)?));
    let implied = d.lines[i].premises.iter().flatten().flat_map(|&p| stands_for(d, i, p));
    let mut digits: Vec<u8> = stated.chain(implied.filter_map(elim_of)).collect();
    digits.sort_unstable();
    digits.dedup();
    digits
}

/// The digit of a NoPlace: the one its first premise eliminates.
fn no_place_digit(d: &Derivation, i: usize) -> Option<u8> {
    elim_of(d.fact(d.lines[i].premises.first().copied().flatten())?)
}

/// The cell of the first premise of line `i`, as `r2c7`.
fn first_cell(d: &Derivation, i: usize) -> Option<String> {
    cell_of(d.fact(d.lines[i].premises.first().copied().flatten())?)
}

/// Why the premises of line `i` hold: an elimination by Exclusion is named by the placement
/// behind it (`r3c1=1`), anything else by its literal and line; each once, long lists cut.
fn reasons(d: &Derivation, i: usize) -> String {
    let mut seen = HashSet::new();
    let mut shown: Vec<String> = Vec::new();
    let mut more = 0usize;
    for &p in &d.lines[i].premises {
        let text = p.map_or_else(|| "an unknown line".to_string(), |p| reason(d, p));
        if seen.insert(text.clone()) {
            if shown.len() < MAX_REASONS {
                shown.push(text);
            } else {
                more += 1;
            }
        }
    }
    if more > 0 {
        shown.push(format!("and {more} more"));
    }
    shown.join(", ")
}

fn reason(d: &Derivation, p: usize) -> String {
    let line = &d.lines[p];
    if line.step.rule == Rule::Exclusion {
        if let Some(fact @ Fact::Place { .. }) = d.fact(line.premises.first().copied().flatten()) {
            return d.digits.lit(fact);
        }
    }
    format!("{} (line {})", d.digits.lit(line.step.fact), Derivation::number(p))
}
