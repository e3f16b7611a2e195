//! The shared reading of a certificate: each step's line number, nesting level,
//! resolved premises and enclosing subproof, and each subproof's extent — all
//! computed in one pass each, so every rendering stays linear in the certificate.

use super::notation::Digits;
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

/// The extent of one subproof: from its `Assume` to its last line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extent {
    /// Position of the box's last line (nested boxes included).
    pub last: usize,
    /// The deepest level of a line inside the box.
    pub deepest: usize,
}

/// A certificate read as a list of numbered lines (line `k` is step `k − 1`).
#[derive(Clone, Debug)]
pub struct Derivation<'a> {
    /// The certificate.
    pub proof: &'a Proof,
    /// Its steps in order.
    pub lines: Vec<Line<'a>>,
    /// How digits are written.
    pub digits: Digits,
    /// Step id → position.
    index: HashMap<u64, usize>,
    /// Per position: the extent of the box an `Assume` opens (`None` for other lines).
    extents: Vec<Option<Extent>>,
}

impl<'a> Derivation<'a> {
    /// Read `proof`; ids that name no step are kept as `None`, never a panic.
    pub fn new(proof: &'a Proof) -> Derivation<'a> {
        let side = usize::from(proof.order) * usize::from(proof.order);
        Derivation::with_digits(proof, Digits::standard(side))
    }

    /// Read `proof`, writing digits with `digits`.
    pub fn with_digits(proof: &'a Proof, digits: Digits) -> Derivation<'a> {
        let mut index = HashMap::with_capacity(proof.steps.len());
        for (i, s) in proof.steps.iter().enumerate() {
            index.entry(s.id).or_insert(i);
        }
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
        let extents = extents(&lines);
        Derivation { proof, lines, digits, index, extents }
    }

    /// The 1-based line number of step position `i`.
    pub fn number(i: usize) -> usize {
        i + 1
    }

    /// The position of the step with id `id`, if any.
    pub fn position(&self, id: u64) -> Option<usize> {
        self.index.get(&id).copied()
    }

    /// The extent of the box opened at position `a` (`None` unless `a` is an `Assume`).
    pub fn extent(&self, a: usize) -> Option<Extent> {
        self.extents.get(a).copied().flatten()
    }

    /// Premise references as line numbers: `12, 15` (`?id` for an unknown id); a long list
    /// is cut after `MAX_CITES` (64) with the count of the rest.
    pub fn cites(&self, i: usize) -> String {
        let line = &self.lines[i];
        let mut refs: Vec<String> = line
            .premises
            .iter()
            .zip(&line.step.premises)
            .take(MAX_CITES)
            .map(|(p, id)| p.map_or(format!("?{id}"), |p| Derivation::number(p).to_string()))
            .collect();
        if line.step.rule == Rule::Negation && refs.len() == 2 {
            return format!("{}–{}", refs[0], refs[1]);
        }
        if line.premises.len() > MAX_CITES {
            refs.push(format!("… {} more", line.premises.len() - MAX_CITES));
        }
        refs.join(", ")
    }

    /// The enclosing boxes of line `i`, innermost first (positions of their `Assume`s).
    pub fn open_boxes(&self, i: usize) -> Vec<usize> {
        let mut chain = Vec::new();
        let mut cur = self.lines.get(i).and_then(|l| l.home);
        // Each step goes to a strictly earlier position, so the walk ends.
        while let Some(a) = cur {
            chain.push(a);
            cur = self.lines[a].scope;
        }
        chain
    }

    /// The fact of the step at position `p`, if `p` names one.
    pub fn fact(&self, p: Option<usize>) -> Option<Fact> {
        p.and_then(|p| self.lines.get(p)).map(|l| l.step.fact)
    }

    /// The literal of position `p` in this derivation's digits.
    pub fn lit(&self, p: usize) -> String {
        self.digits.lit(self.lines[p].step.fact)
    }

    /// The literal of position `p`, spaced for sentences (`r3c5 = 7`).
    pub fn lit_spaced(&self, p: usize) -> String {
        self.digits.spaced(self.lines[p].step.fact)
    }

    /// The subproof named by line number `line`: an `Assume` opens it, a `Negation`
    /// discharges it. Returns the position of its `Assume`.
    pub fn subproof_at(&self, line: usize) -> Result<usize, String> {
        let i = line.checked_sub(1).filter(|&i| i < self.lines.len()).ok_or_else(|| {
            format!(
                "line {line} is out of range: the derivation has lines 1 to {}",
                self.lines.len()
            )
        })?;
        if self.extent(i).is_some() {
            return Ok(i);
        }
        // A Lemma names the refutation it reuses: the outermost box of its chain.
        let reused = || self.lemma_chain(i).last().copied();
        self.discharged(i).or_else(reused).ok_or_else(|| {
            format!(
                "line {line} is a {}, not an Assume, a Negation or a Lemma: --subproof takes \
                 the line that opens a subproof, one that discharges it, or a Lemma reusing it",
                rule_family(&self.lines[i].step.rule)
            )
        })
    }

    /// For a Lemma at `i`: the `Assume`s of the closed boxes around its ⊥ (its first
    /// premise), innermost first — from the ⊥'s box out to the first box still open at `i`,
    /// or the root, as the checker finds the lemma's hypotheses. Empty for other lines.
    /// Linear in the chain: a box is open at `i` when its extent reaches `i`.
    pub fn lemma_chain(&self, i: usize) -> Vec<usize> {
        let line = &self.lines[i];
        let first = line.premises.first().copied().flatten().filter(|&b| b < i);
        let Some(b) = first.filter(|_| line.step.rule == Rule::Lemma) else {
            return Vec::new();
        };
        let mut chain = Vec::new();
        let mut cur = self.lines[b].home;
        // Each step goes to a strictly earlier position, so the walk ends.
        while let Some(a) = cur.filter(|&a| self.extent(a).is_some_and(|e| e.last < i)) {
            chain.push(a);
            cur = self.lines[a].scope;
        }
        chain
    }

    /// The box a Negation at `i` discharges: its first premise, when that is an earlier Assume.
    pub fn discharged(&self, i: usize) -> Option<usize> {
        let line = &self.lines[i];
        let a = line.premises.first().copied().flatten()?;
        (line.step.rule == Rule::Negation && a < i && self.extent(a).is_some()).then_some(a)
    }
}

/// Premises listed by number before the rest are only counted.
pub const MAX_CITES: usize = 64;

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

/// Every box's extent: each line widens its home box, then boxes widen the box around
/// them, children before parents (a scope is always an earlier position).
fn extents(lines: &[Line]) -> Vec<Option<Extent>> {
    let mut ext: Vec<Option<Extent>> = lines
        .iter()
        .enumerate()
        .map(|(i, l)| (l.step.rule == Rule::Assume).then_some(Extent { last: i, deepest: l.level }))
        .collect();
    for (i, line) in lines.iter().enumerate() {
        if let Some(e) = line.home.and_then(|h| ext[h].as_mut()) {
            e.last = e.last.max(i);
            e.deepest = e.deepest.max(line.level);
        }
    }
    for a in (0..lines.len()).rev() {
        let (Some(inner), Some(s)) = (ext[a], lines[a].scope) else { continue };
        if let Some(outer) = ext[s].as_mut() {
            outer.last = outer.last.max(inner.last);
            outer.deepest = outer.deepest.max(inner.deepest);
        }
    }
    ext
}

/// The rule's name without its unit: `HiddenSingle(Row(3))` → `HiddenSingle`.
/// Works for any rule the format gains later, through its `Debug` spelling.
pub fn rule_family(rule: &Rule) -> String {
    let full = format!("{rule:?}");
    match full.find(['(', ' ', '{']) {
        Some(i) => full[..i].to_string(),
        None => full,
    }
}
