//! Rules of a P system: enzymatic (with catalysts and inhibitors), dissolution
//! and send-out rules, grouped in named sets and priority levels.

use super::objects::ObjectId;

/// What a rule does with its products and its membrane.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RuleKind {
    /// `[u →(cat, ¬inh) v]_e`: `u` evolves into `v` inside the membrane.
    Evolve,
    /// `[u]_e → v`: `u` dissolves the membrane; `v` and the contents go to the parent.
    Dissolve,
    /// `[u]_e → [ ]_e v`: `u` leaves the membrane as `v` (to the parent or the environment).
    SendOut,
}

/// One rule. Catalysts (the paper's enzymatic "cat", also called promoters)
/// must be present and are not used up; any number of applications may share
/// them. Inhibitors must be absent. Both are tested on the configuration at
/// the start of the step.
#[derive(Clone, Debug)]
pub struct Rule {
    /// What the rule does.
    pub kind: RuleKind,
    /// The consumed multiset `u`, as (object, multiplicity).
    pub lhs: Vec<(ObjectId, u32)>,
    /// Objects that must be present.
    pub catalysts: Vec<ObjectId>,
    /// Objects that must be absent.
    pub inhibitors: Vec<ObjectId>,
    /// The produced multiset `v`, as (object, multiplicity).
    pub rhs: Vec<(ObjectId, u32)>,
}

impl Rule {
    /// `[u → v]`, with no catalyst or inhibitor yet.
    pub fn evolve(lhs: &[(ObjectId, u32)], rhs: &[(ObjectId, u32)]) -> Rule {
        Rule::new(RuleKind::Evolve, lhs, rhs)
    }

    /// `[u]_e → v`: dissolve the membrane.
    pub fn dissolve(lhs: &[(ObjectId, u32)], rhs: &[(ObjectId, u32)]) -> Rule {
        Rule::new(RuleKind::Dissolve, lhs, rhs)
    }

    /// `[a]_e → [ ]_e a`: send one copy of `object` out.
    pub fn send_out(object: ObjectId) -> Rule {
        Rule::new(RuleKind::SendOut, &[(object, 1)], &[(object, 1)])
    }

    fn new(kind: RuleKind, lhs: &[(ObjectId, u32)], rhs: &[(ObjectId, u32)]) -> Rule {
        Rule {
            kind,
            lhs: lhs.to_vec(),
            catalysts: Vec::new(),
            inhibitors: Vec::new(),
            rhs: rhs.to_vec(),
        }
    }

    /// The same rule with `catalysts` required.
    pub fn catalysed(mut self, catalysts: &[ObjectId]) -> Rule {
        self.catalysts.extend_from_slice(catalysts);
        self
    }

    /// The same rule with `inhibitors` forbidden.
    pub fn inhibited(mut self, inhibitors: &[ObjectId]) -> Rule {
        self.inhibitors.extend_from_slice(inhibitors);
        self
    }

    /// Whether the rule may be applied at most once per step. A dissolution
    /// dissolves once; a rule that produces one of its own inhibitors is
    /// "latched" by its first application — the paper relies on this in R6
    /// ("the occurrence of m_ijx ensures that the rule is applied once").
    pub fn once(&self) -> bool {
        self.kind == RuleKind::Dissolve || self.rhs.iter().any(|(o, _)| self.inhibitors.contains(o))
    }

    /// Every object the rule mentions.
    pub fn objects(&self) -> impl Iterator<Item = ObjectId> + '_ {
        let counted = self.lhs.iter().chain(&self.rhs).map(|&(o, _)| o);
        counted.chain(self.catalysts.iter().copied()).chain(self.inhibitors.iter().copied())
    }
}

/// A named set of rules, such as the paper's `R6` or `R3^r`.
#[derive(Clone, Debug)]
pub struct RuleSet {
    /// The name printed in traces.
    pub name: String,
    /// The rules.
    pub rules: Vec<Rule>,
}

impl RuleSet {
    /// A set named `name`.
    pub fn new(name: &str, rules: Vec<Rule>) -> RuleSet {
        RuleSet { name: name.to_string(), rules }
    }
}

/// Rule sets of equal priority. Priorities are strong: while any rule of a
/// higher level is applicable in a membrane, no rule of a lower level is used.
#[derive(Clone, Debug, Default)]
pub struct Level {
    /// The sets of this level.
    pub sets: Vec<RuleSet>,
}

impl Level {
    /// A level made of `sets`.
    pub fn new(sets: Vec<RuleSet>) -> Level {
        Level { sets }
    }

    /// A level of one set.
    pub fn single(name: &str, rules: Vec<Rule>) -> Level {
        Level { sets: vec![RuleSet::new(name, rules)] }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn self_inhibiting_rules_and_dissolutions_apply_once() {
        let (r, m, a) = (ObjectId(0), ObjectId(1), ObjectId(2));
        let latched = Rule::evolve(&[(r, 1)], &[(m, 1), (a, 1)]).inhibited(&[m]);
        assert!(latched.once());
        let free = Rule::evolve(&[(r, 1)], &[(a, 1)]).inhibited(&[m]);
        assert!(!free.once());
        assert!(Rule::dissolve(&[(r, 1)], &[]).once());
        assert_eq!(free.objects().count(), 3);
    }
}
