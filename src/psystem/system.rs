//! A P system: its alphabet, its membrane structure, initial multisets and rules.

use super::objects::{Alphabet, Multiset};
use super::rules::{Level, RuleKind};
use super::PsystemError;

/// One membrane of the structure.
#[derive(Clone, Debug)]
pub struct Membrane {
    /// Its label (`s`, `e`, …).
    pub label: String,
    /// Index of the enclosing membrane; `None` for the skin.
    pub parent: Option<usize>,
    /// The initial multiset.
    pub initial: Multiset,
    /// Its rules, by decreasing priority.
    pub levels: Vec<Level>,
}

/// A cell-like P system: membranes nested in a tree whose root (index 0) is the skin.
#[derive(Clone, Debug)]
pub struct PSystem {
    alphabet: Alphabet,
    membranes: Vec<Membrane>,
}

impl PSystem {
    /// The system, after checking that membrane 0 is the only skin, that
    /// parents precede children, that the skin cannot dissolve and that every
    /// multiset and rule stays within the alphabet.
    pub fn new(alphabet: Alphabet, membranes: Vec<Membrane>) -> Result<PSystem, PsystemError> {
        let invalid = |why: String| Err(PsystemError::InvalidSystem(why));
        for (i, m) in membranes.iter().enumerate() {
            match m.parent {
                None if i != 0 => return invalid(format!("membrane {} has no parent", m.label)),
                Some(p) if p >= i => {
                    return invalid(format!("membrane {} must follow its parent", m.label))
                }
                _ => {}
            }
            if m.initial.iter().any(|(o, _)| o.index() >= alphabet.len()) {
                return invalid(format!("membrane {} holds an unknown object", m.label));
            }
            for set in m.levels.iter().flat_map(|l| &l.sets) {
                for rule in &set.rules {
                    if rule.objects().any(|o| o.index() >= alphabet.len()) {
                        return invalid(format!("rule set {} uses an unknown object", set.name));
                    }
                    if rule.kind == RuleKind::Dissolve && i == 0 {
                        return invalid("the skin cannot dissolve".to_string());
                    }
                    if rule.lhs.is_empty() || rule.lhs.iter().any(|&(_, k)| k == 0) {
                        return invalid(format!("rule set {} has an empty left side", set.name));
                    }
                }
            }
        }
        if membranes.is_empty() {
            return invalid("no membrane".to_string());
        }
        Ok(PSystem { alphabet, membranes })
    }

    /// The alphabet Γ.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// The membranes; index 0 is the skin.
    pub fn membranes(&self) -> &[Membrane] {
        &self.membranes
    }

    /// The index of the membrane labelled `label`.
    pub fn membrane(&self, label: &str) -> Option<usize> {
        self.membranes.iter().position(|m| m.label == label)
    }

    /// Total number of rules.
    pub fn rule_count(&self) -> usize {
        let sets = self.membranes.iter().flat_map(|m| &m.levels).flat_map(|l| &l.sets);
        sets.map(|s| s.rules.len()).sum()
    }
}
