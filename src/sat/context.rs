//! The compact translation's view of the clause database: one propagation of the givens,
//! the live lemmas and the open assumptions, kept level by level as subproofs open and
//! close (one level per open subproof), so that a step whose fact unit propagation
//! already reaches needs no lemma.
//!
//! Every live lemma of a translation has the form `(¬a1 ∨ … ∨ ¬aj ∨ l)` or `(¬a1 ∨ … ∨ ¬aj)`
//! for a prefix `a1..aj` of the open assumptions: under them it is the unit `l`, or a
//! conflict. So the database propagates as the encoding plus units, which is what
//! [`Propagator`] does; the hints of a lemma are the reasons of its conflict.

use super::encoding::DLit;
use super::propagate::{Conflict, Propagator, Reason};

impl Propagator {
    /// Start a compact translation: the given unit clauses `(literal, id)` at the root.
    pub(super) fn start(&mut self, givens: impl Iterator<Item = (DLit, u64)>) {
        self.clear();
        for (l, id) in givens {
            self.add_unit(l, id);
        }
    }

    /// Open a level (a subproof), assuming `assumption` when it is new to the chain.
    pub(super) fn push_level(&mut self, assumption: Option<DLit>) {
        self.levels.push(self.trail.len());
        let Some(a) = assumption.filter(|_| self.conflict.is_none()) else { return };
        if let Err((_, Some(v))) = self.assign(a, Reason::Negated) {
            // Already false: the clause that made it so is falsified.
            self.conflict = Some(((self.reason[v as usize], Some(v)), self.levels.len()));
        }
        self.propagate();
    }

    /// Close the innermost level, undoing its assignments (and its conflict).
    pub(super) fn pop_level(&mut self) {
        let Some(start) = self.levels.pop() else { return };
        for &v in &self.trail[start..] {
            self.value[v as usize] = 0;
        }
        self.trail.truncate(start);
        self.head = self.head.min(start);
        if self.conflict.is_some_and(|(_, level)| level > self.levels.len()) {
            self.conflict = None;
        }
    }

    /// Clause `id` is the unit `l` under the open assumptions: assign and propagate it.
    pub(super) fn add_unit(&mut self, l: DLit, id: u64) {
        if self.conflict.is_some() {
            return;
        }
        if let Err(c) = self.assign(l, Reason::Premise(id)) {
            self.conflict = Some((c, self.levels.len()));
        }
        self.propagate();
    }

    /// Clause `id` is falsified by the open assumptions alone.
    pub(super) fn add_bottom(&mut self, id: u64) {
        if self.conflict.is_none() {
            self.conflict = Some(((Reason::Premise(id), None), self.levels.len()));
        }
    }

    /// Whether unit propagation reaches `l` (or a conflict, which implies everything).
    pub(super) fn holds(&self, l: DLit) -> bool {
        let want: i8 = if l > 0 { 1 } else { -1 };
        self.conflict.is_some() || self.value[l.unsigned_abs() as usize] == want
    }

    /// The hints of the lemma whose negation is `negated` (the negated open assumptions),
    /// from the current conflict. `None` when there is none.
    pub(super) fn refute(&mut self, negated: &[DLit]) -> Option<Vec<u64>> {
        let conflict = self.opposite(negated).or(self.conflict.map(|(c, _)| c))?;
        Some(self.analyze(conflict, negated))
    }

    /// The hints of the lemma whose negation is `negated`, its last literal `probe` not yet
    /// assigned: assign it on a level of its own, propagate, analyze, undo.
    pub(super) fn probe(&mut self, negated: &[DLit], probe: DLit) -> Option<Vec<u64>> {
        self.levels.push(self.trail.len());
        let hints = match self.assign(probe, Reason::Negated) {
            Ok(()) => {
                self.propagate();
                self.refute(negated)
            }
            Err(_) => None,
        };
        self.pop_level();
        hints
    }

    /// The hints of the lemma whose negation is `negated` (its last literal `probe`, if
    /// any, not yet assigned), where the conflict may be the clause of lemma `against`
    /// (its literals in `lemmas`) once propagation stops: the ⊥ lemma a Lemma step cites.
    /// On a level of its own, undone.
    pub(super) fn probe_against(
        &mut self,
        negated: &[DLit],
        probe: Option<DLit>,
        against: u64,
    ) -> Option<Vec<u64>> {
        self.levels.push(self.trail.len());
        let assigned = probe.map_or(Ok(()), |p| self.assign(p, Reason::Negated));
        let hints = match assigned {
            Ok(()) => {
                self.propagate();
                self.falsify(against);
                self.refute(negated)
            }
            Err(_) => None,
        };
        self.pop_level();
        hints
    }

    /// The hints of the empty clause against the blocking clause `id` of the solution
    /// `vars`: each must be propagated true. `Err(var)` names one that is not.
    pub(super) fn refute_blocking(&mut self, vars: &[u32], id: u64) -> Result<Vec<u64>, u32> {
        if let Some(hints) = self.refute(&[]) {
            return Ok(hints);
        }
        if let Some(&v) = vars.iter().find(|&&v| self.value[v as usize] != 1) {
            return Err(v);
        }
        for &v in vars {
            self.seen[v as usize] = true;
        }
        let mut hints = self.collect(&[]);
        hints.push(id);
        Ok(hints)
    }

    /// The earliest variable of the trail that the lemma's negation sets to the opposite of
    /// its propagated value: the clause that propagated it is falsified at once. Using the
    /// earliest keeps every hint before it unit under the negation.
    fn opposite(&self, negated: &[DLit]) -> Option<Conflict> {
        let best = negated
            .iter()
            .map(|&l| (l, l.unsigned_abs()))
            .filter(|&(l, v)| {
                let value = self.value[v as usize];
                value != 0 && (value > 0) != (l > 0) && !self.reason[v as usize].is_negated()
            })
            .map(|(_, v)| (self.position(v), v))
            .min();
        best.map(|(_, v)| (self.reason[v as usize], Some(v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sat::encoding::Encoding;

    const GIVEN: u64 = 1000;

    #[test]
    fn an_assumption_propagation_already_refutes_cites_the_clause_that_refuted_it() {
        let e = Encoding::new(2);
        let (given, assumed) = (e.var(0, 0, 0), e.var(0, 1, 0)); // r1c1=1, then r1c2=1
        let mut p = Propagator::new(e);
        p.start([(given as DLit, GIVEN)].into_iter());
        assert!(p.holds(-(assumed as DLit)) && !p.holds(assumed as DLit));
        p.push_level(Some(assumed as DLit));
        assert!(p.holds(e.var(3, 3, 3) as DLit), "a conflict implies everything");
        let (row, i) = e.groups_of(given)[1];
        let hints = p.refute(&[assumed as DLit]);
        assert_eq!(hints, Some(vec![GIVEN, e.amo_id(row, i, 1)]), "the given, the row's AMO");
        p.pop_level();
        // Under an unrelated outer assumption, the refutation does not use it.
        let unrelated = e.var(3, 3, 3) as DLit;
        p.push_level(Some(unrelated));
        p.push_level(Some(assumed as DLit));
        assert_eq!(p.refute(&[unrelated, assumed as DLit]).map(|h| h.len()), Some(2));
        assert_eq!(p.used_negated, [assumed], "the lemma is ¬r1c2=1 alone");
        p.pop_level();
        p.pop_level();
        assert_eq!(p.refute(&[]), None, "closing the level closes its conflict");
        assert!(p.holds(-(assumed as DLit)) && !p.holds(e.var(3, 3, 3) as DLit));
    }

    #[test]
    fn a_probe_that_finds_no_conflict_leaves_nothing_behind() {
        let e = Encoding::new(2);
        let mut p = Propagator::new(e);
        p.start([(e.var(0, 0, 0) as DLit, GIVEN)].into_iter());
        let before = p.trail.clone();
        let probe = -(e.var(1, 1, 1) as DLit);
        assert_eq!(p.probe(&[probe], probe), None);
        assert_eq!((p.trail.clone(), p.levels.len()), (before, 0));
        assert!(!p.holds(probe) && !p.holds(-probe));
    }

    #[test]
    fn a_naked_pair_is_no_propagation_but_a_probe_finds_its_hints() {
        // r1c1, r1c2 ∈ {1,2} (lemmas 2000…): r1c3≠1 needs a probe of r1c3=1.
        let e = Encoding::new(3);
        let mut p = Propagator::new(e);
        let units = (0..2).flat_map(|c| (2..9).map(move |d| -(e.var(0, c, d) as DLit)));
        p.start(units.zip(2000..));
        let fact = -(e.var(0, 2, 0) as DLit);
        assert!(!p.holds(fact), "not reached by propagation");
        let trail = p.trail.len();
        let hints = p.probe(&[-fact], -fact).expect("RUP");
        assert!(hints.len() >= 14 + 3 && hints.iter().any(|&h| h >= 2000), "{hints:?}");
        assert_eq!((p.trail.len(), p.levels.len()), (trail, 0), "the probe is undone");
    }

    #[test]
    fn a_probe_may_end_on_a_cited_bottom_lemma() {
        // Lemma 3000 is (¬a ∨ ¬b), a ⊥ proved under a and b; under a, probing b falsifies it.
        let e = Encoding::new(2);
        let (a, b) = (e.var(0, 0, 0) as DLit, -(e.var(3, 3, 3) as DLit)); // r1c1=1, r4c4≠4
        let mut p = Propagator::new(e);
        p.start(std::iter::empty());
        p.push_level(Some(a));
        assert_eq!(p.probe_against(&[a, b], Some(b), 3000), None, "no such clause known");
        p.lemmas.insert(3000, vec![-a, -b]);
        assert_eq!(p.probe_against(&[a, b], Some(b), 3000), Some(vec![3000]));
        let mut used = p.used_negated.clone();
        used.sort_unstable();
        assert_eq!(used, [a.unsigned_abs(), b.unsigned_abs()], "both hypotheses");
        assert!(!p.holds(b) && p.conflict.is_none(), "the probe is undone");
        // For ⊥ (no probe), once b holds too.
        p.push_level(Some(b));
        assert_eq!(p.probe_against(&[a, b], None, 3000), Some(vec![3000]));
    }
}
