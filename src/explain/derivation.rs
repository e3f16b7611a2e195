//! The shared reading of a certificate: each step's line number, nesting level,
//! resolved premises and enclosing subproof.

use deduku_check::format::{Fact, Proof, Rule, Step};
use std::collections::HashMap;

/// One step of a certificate, placed in its derivation.
#[derive(Clone, Debug)]
pub struct Line<'a> {
    /// The step itself.
    pub step: &'a Step,
    /// How many subproof boxes enclose the line; an `Assume` sits inside its own box.
    pub level: usize,
    /// Position of each premise in the step list (`None`: no such id).
    pub premises: Vec<Option<usize>>,
    /// Position of the `Assume` whose box holds this line (an `Assume`: itself).
    pub home: Option<usize>,
    /// Position of the step's `scope` (an `Assume`: the box around its own box).
    pub scope: Option<usize>,
}

/// A certificate read as a list of numbered lines (line `k` is step `k − 1`).
#[derive(Clone, Debug)]
pub struct Derivation<'a> {
    /// The certificate.
    pub proof: &'a Proof,
    /// Its steps in order.
    pub lines: Vec<Line<'a>>,
}

impl<'a> Derivation<'a> {
    /// Read `proof`; ids that name no step are kept as `None`, never a panic.
    pub fn new(proof: &'a Proof) -> Derivation<'a> {
        let index: HashMap<u64, usize> =
            proof.steps.iter().enumerate().map(|(i, s)| (s.id, i)).collect();
        let mut lines: Vec<Line<'a>> = Vec::with_capacity(proof.steps.len());
        for (i, step) in proof.steps.iter().enumerate() {
            // A scope must name an earlier step to count: this keeps levels well founded.
            let scope = step.scope.and_then(|s| index.get(&s).copied()).filter(|&s| s < i);
            let outer = scope.map_or(0, |s| lines[s].level_inside());
            let is_assume = step.rule == Rule::Assume;
            let (level, home) = if is_assume { (outer + 1, Some(i)) } else { (outer, scope) };
            let premises = step.premises.iter().map(|p| index.get(p).copied()).collect();
            lines.push(Line { step, level, premises, home, scope });
        }
        Derivation { proof, lines }
    }

    /// The 1-based line number of step position `i`.
    pub fn number(i: usize) -> usize {
        i + 1
    }

    /// Premise references as line numbers: `12, 15` (`?id` for an unknown id).
    pub fn cites(&self, i: usize) -> String {
        let line = &self.lines[i];
        let refs: Vec<String> = line
            .premises
            .iter()
            .zip(&line.step.premises)
            .map(|(p, id)| p.map_or(format!("?{id}"), |p| Derivation::number(p).to_string()))
            .collect();
        if line.step.rule == Rule::Negation && refs.len() == 2 {
            return format!("{}–{}", refs[0], refs[1]);
        }
        refs.join(", ")
    }

    /// The enclosing boxes of line `i`, innermost first (positions of their `Assume`s).
    pub fn open_boxes(&self, i: usize) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut cur = self.lines.get(i).and_then(|l| l.home);
        while let Some(a) = cur {
            if chain.contains(&a) {
                break;
            }
            chain.push(a);
            // An Assume's scope is always an earlier position, so the walk ends.
            cur = self.lines[a].scope;
        }
        chain
    }

    /// The fact of the step at position `p`, if `p` names one.
    pub fn fact(&self, p: Option<usize>) -> Option<Fact> {
        p.and_then(|p| self.lines.get(p)).map(|l| l.step.fact)
    }
}

impl Line<'_> {
    /// The level of lines written inside this line's box (an `Assume` only).
    fn level_inside(&self) -> usize {
        if self.step.rule == Rule::Assume {
            self.level
        } else {
            self.level + 1
        }
    }
}

/// The rule's name without its unit: `HiddenSingle(Row(3))` → `HiddenSingle`.
/// Works for any rule the format gains later, through its `Debug` spelling.
pub fn rule_family(rule: &Rule) -> String {
    let full = format!("{rule:?}");
    match full.find('(') {
        Some(i) => full[..i].to_string(),
        None => full,
    }
}
