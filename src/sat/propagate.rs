//! LRAT hints by unit propagation: assert the negation of a lemma, make each premise
//! lemma unit, propagate through the encoding clauses touching the literals assigned,
//! and keep, in propagation order, only the clauses the conflict actually used.
//!
//! Nothing here knows the inference rules: any rule whose conclusion is RUP from its
//! premises under the encoding (singles, locked candidates, subsets, …) translates. That
//! covers implied eliminations too: a placement cited where a rule needs an elimination it
//! implies is a unit like any premise, and its binary at-most-one clauses (peer cells of one
//! unit, or two digits of one cell) falsify what it stands for — each such clause follows
//! the placement's own in the hints, one per elimination the conflict uses; a Clash of two
//! placements ends on the binary clause between them.

use super::encoding::{DLit, Encoding};
use std::collections::HashMap;

/// Why a variable has its value.
#[derive(Clone, Copy, Debug)]
pub(super) enum Reason {
    /// Part of the negated lemma (or an open assumption): no clause.
    Negated,
    /// A clause that is unit under the assumptions (a premise, a given, a lemma whose
    /// other literals are the negated assumptions).
    Premise(u64),
    /// The at-most-one clause of a true member `other` of the same group.
    Amo(u64, u32),
    /// The at-least-one clause of group `g`: every other member is false.
    Alo(u64, usize),
}

impl Reason {
    /// Whether the value comes from the lemma's negation (or an assumption), no clause.
    pub(super) fn is_negated(self) -> bool {
        matches!(self, Reason::Negated)
    }

    fn id(self) -> Option<u64> {
        match self {
            Reason::Negated => None,
            Reason::Premise(id) | Reason::Amo(id, _) | Reason::Alo(id, _) => Some(id),
        }
    }
}

/// A falsified clause: its reason and the variable it falsified, if any.
pub(super) type Conflict = (Reason, Option<u32>);

/// A reusable propagation workspace for one encoding: a trail with decision levels, so
/// that the compact translation keeps the propagation of every open subproof.
pub struct Propagator {
    pub(super) enc: Encoding,
    /// Per variable: 0 unassigned, 1 true, -1 false.
    pub(super) value: Vec<i8>,
    pub(super) reason: Vec<Reason>,
    /// Per assigned variable: its position on the trail.
    pos: Vec<u32>,
    pub(super) trail: Vec<u32>,
    /// Trail entries already propagated.
    pub(super) head: usize,
    /// Trail length where each open level starts.
    pub(super) levels: Vec<usize>,
    /// The first conflict found, and the number of levels open when it was.
    pub(super) conflict: Option<(Conflict, usize)>,
    pub(super) seen: Vec<bool>,
    /// Per variable: set by the negated lemma being analyzed (never expanded).
    free: Vec<bool>,
    /// The variables of the negated lemma the last analysis used: the lemma needs no others.
    pub(super) used_negated: Vec<u32>,
    /// The literals of the lemmas used as units (compact translation): their other
    /// literals, the negated assumptions, are what they depend on.
    pub(super) lemmas: HashMap<u64, Vec<DLit>>,
}

impl Propagator {
    /// A workspace sized for `enc`.
    pub fn new(enc: Encoding) -> Propagator {
        let vars = enc.vars() + 1;
        Propagator {
            enc,
            value: vec![0; vars],
            reason: vec![Reason::Negated; vars],
            pos: vec![0; vars],
            trail: Vec::new(),
            head: 0,
            levels: Vec::new(),
            conflict: None,
            seen: vec![false; vars],
            free: vec![false; vars],
            used_negated: Vec::new(),
            lemmas: HashMap::new(),
        }
    }

    /// The LRAT hints proving the lemma whose negation is `negated` (literals set true)
    /// from the unit-making `premises` (literal, clause id): clause ids in propagation
    /// order, the conflicting clause last. `None` when propagation finds no conflict.
    pub fn hints(&mut self, negated: &[DLit], premises: &[(DLit, u64)]) -> Option<Vec<u64>> {
        self.hints_with(negated, premises, None)
    }

    /// As [`Propagator::hints`], with one more clause `(id, literals)` that may be the one
    /// falsified once propagation stops: the ⊥ lemma a Lemma step cites.
    pub(super) fn hints_against(
        &mut self,
        negated: &[DLit],
        premises: &[(DLit, u64)],
        against: (u64, &[DLit]),
    ) -> Option<Vec<u64>> {
        self.hints_with(negated, premises, Some(against))
    }

    fn hints_with(
        &mut self,
        negated: &[DLit],
        premises: &[(DLit, u64)],
        against: Option<(u64, &[DLit])>,
    ) -> Option<Vec<u64>> {
        self.clear();
        for &l in negated {
            // A clash inside the negated lemma means a tautology, which callers never ask.
            if self.assign(l, Reason::Negated).is_err() {
                return None;
            }
        }
        for &(l, id) in premises {
            if let Err(c) = self.assign(l, Reason::Premise(id)) {
                self.conflict = Some((c, 0));
                break;
            }
        }
        self.propagate();
        if let Some((id, lits)) = against {
            self.lemmas.insert(id, lits.to_vec());
            self.falsify(id);
        }
        let (conflict, _) = self.conflict?;
        Some(self.analyze(conflict, negated))
    }

    /// When no conflict is recorded and every literal of lemma `id` (its literals in
    /// `lemmas`) is false, record that clause as the conflict.
    pub(super) fn falsify(&mut self, id: u64) {
        let Some(lits) = self.lemmas.get(&id) else { return };
        let false_lit = |l: &DLit| {
            let value = self.value[l.unsigned_abs() as usize];
            value != 0 && (value > 0) != (*l > 0)
        };
        if self.conflict.is_none() && lits.iter().all(false_lit) {
            self.conflict = Some(((Reason::Premise(id), None), self.levels.len()));
        }
    }

    /// Forget every assignment and level.
    pub(super) fn clear(&mut self) {
        for &v in &self.trail {
            self.value[v as usize] = 0;
        }
        self.trail.clear();
        self.levels.clear();
        self.lemmas.clear();
        (self.head, self.conflict) = (0, None);
    }

    /// Set literal `l` true; a literal already false is a conflict in `why`'s clause.
    pub(super) fn assign(&mut self, l: DLit, why: Reason) -> Result<(), Conflict> {
        let v = l.unsigned_abs();
        let want: i8 = if l > 0 { 1 } else { -1 };
        match self.value[v as usize] {
            0 => {
                self.value[v as usize] = want;
                self.reason[v as usize] = why;
                self.pos[v as usize] = self.trail.len() as u32;
                self.trail.push(v);
                Ok(())
            }
            x if x == want => Ok(()),
            _ => Err((why, Some(v))),
        }
    }

    /// The trail position of assigned variable `v`.
    pub(super) fn position(&self, v: u32) -> usize {
        self.pos[v as usize] as usize
    }

    /// Propagate the trail from `head` until it is exhausted or a conflict is recorded.
    pub(super) fn propagate(&mut self) {
        while self.conflict.is_none() {
            let Some(&v) = self.trail.get(self.head) else { return };
            self.head += 1;
            let step =
                if self.value[v as usize] > 0 { self.true_var(v) } else { self.false_var(v) };
            if let Err(c) = step {
                self.conflict = Some((c, self.levels.len()));
            }
        }
    }

    /// A true variable falsifies the other members of its four groups.
    fn true_var(&mut self, v: u32) -> Result<(), Conflict> {
        for (g, i) in self.enc.groups_of(v) {
            for j in (0..self.enc.side()).filter(|&j| j != i) {
                let w = self.enc.member(g, j);
                self.assign(-(w as DLit), Reason::Amo(self.enc.amo_id(g, i, j), v))?;
            }
        }
        Ok(())
    }

    /// A false variable may leave one candidate (or none) in each of its groups.
    fn false_var(&mut self, v: u32) -> Result<(), Conflict> {
        for (g, _) in self.enc.groups_of(v) {
            let mut open = None;
            let mut count = 0;
            for j in 0..self.enc.side() {
                let w = self.enc.member(g, j);
                match self.value[w as usize] {
                    1 => {
                        count = 2; // satisfied: nothing to propagate
                        break;
                    }
                    0 => {
                        open = Some(w);
                        count += 1;
                    }
                    _ => {}
                }
            }
            let why = Reason::Alo(self.enc.alo_id(g), g);
            match (count, open) {
                (0, _) => return Err((why, Some(v))),
                (1, Some(w)) => self.assign(w as DLit, why)?,
                _ => {}
            }
        }
        Ok(())
    }

    /// The clause ids the conflict depends on, in trail order, then the conflict's own.
    /// The variables of `negated` are set by the lemma's negation itself: never expanded.
    pub(super) fn analyze(&mut self, conflict: Conflict, negated: &[DLit]) -> Vec<u64> {
        let (why, var) = conflict;
        self.mark_antecedents(why, var.unwrap_or(0));
        if let Some(v) = var {
            self.seen[v as usize] = true;
        }
        let mut used = self.collect(negated);
        used.extend(why.id());
        used
    }

    /// Walk the trail backwards from the marked variables: the reasons of the marked ones
    /// (except `negated`'s, which go to `used_negated`), in trail order. Leaves no mark behind.
    pub(super) fn collect(&mut self, negated: &[DLit]) -> Vec<u64> {
        self.set_free(negated, true);
        self.used_negated.clear();
        let mut used = Vec::new();
        for k in (0..self.trail.len()).rev() {
            let v = self.trail[k];
            if !std::mem::take(&mut self.seen[v as usize]) {
                continue;
            }
            if self.free[v as usize] {
                self.used_negated.push(v);
                continue;
            }
            let why = self.reason[v as usize];
            if let Some(id) = why.id() {
                used.push(id);
                self.mark_antecedents(why, v);
            }
        }
        self.set_free(negated, false);
        used.reverse();
        used
    }

    fn set_free(&mut self, negated: &[DLit], on: bool) {
        for &l in negated {
            if let Some(f) = self.free.get_mut(l.unsigned_abs() as usize) {
                *f = on;
            }
        }
    }

    /// Mark the variables whose values made clause `why` imply (or refute) `v` (0: none).
    fn mark_antecedents(&mut self, why: Reason, v: u32) {
        match why {
            Reason::Negated => {}
            Reason::Premise(id) => {
                for &l in self.lemmas.get(&id).into_iter().flatten() {
                    let w = l.unsigned_abs() as usize;
                    if w != v as usize && self.value[w] != 0 {
                        self.seen[w] = true;
                    }
                }
            }
            Reason::Amo(_, other) => self.seen[other as usize] = true,
            Reason::Alo(_, g) => {
                for j in 0..self.enc.side() {
                    let w = self.enc.member(g, j);
                    if w != v {
                        self.seen[w as usize] = true;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Premise clause ids for hand-made unit premises, far from any encoding id.
    const P: u64 = 1_000_000;

    fn elim(e: &Encoding, r: usize, c: usize, d: usize) -> DLit {
        -(e.var(r, c, d) as DLit)
    }

    #[test]
    fn a_pointing_pair_no_rule_of_format_1_is_rup_by_box_and_row_clauses() {
        // Digit 1 is out of rows 2–3 of box 1, so in box 1 it sits in row 1: r1c4≠1.
        let e = Encoding::new(3);
        let premises: Vec<(DLit, u64)> = (1..3)
            .flat_map(|r| (0..3).map(move |c| (r, c)))
            .enumerate()
            .map(|(k, (r, c))| (elim(&e, r, c, 0), P + k as u64))
            .collect();
        let mut prop = Propagator::new(e);
        let hints = prop.hints(&[e.var(0, 3, 0) as DLit], &premises).expect("RUP");
        let (box1, _) = e.groups_of(e.var(0, 0, 0))[3];
        assert_eq!(hints.last(), Some(&e.alo_id(box1)));
        assert_eq!(hints.iter().filter(|&&h| h >= P).count(), 6, "{hints:?}");
    }

    #[test]
    fn a_naked_pair_needs_a_chain_through_a_variable_no_premise_names() {
        // r1c1, r1c2 ∈ {1,2}: r1c3≠1, via r1c1=2 then r1c2 empty.
        let e = Encoding::new(3);
        let premises: Vec<(DLit, u64)> = (0..2)
            .flat_map(|c| (2..9).map(move |d| (c, d)))
            .enumerate()
            .map(|(k, (c, d))| (elim(&e, 0, c, d), P + k as u64))
            .collect();
        let mut prop = Propagator::new(e);
        let hints = prop.hints(&[e.var(0, 2, 0) as DLit], &premises).expect("RUP");
        assert!(hints.len() >= 14 + 3, "{hints:?}");
        // The same lemma without one premise is not RUP.
        assert_eq!(prop.hints(&[e.var(0, 2, 0) as DLit], &premises[1..]), None);
    }

    #[test]
    fn a_placement_premise_brings_one_binary_clause_per_elimination_it_stands_for() {
        // Hidden single r1c1=1 in box 1 of a 4×4 citing r1c2≠1 and the placement r2c3=1,
        // which stands for r2c1≠1 and r2c2≠1 (row 2): one at-most-one clause each, after it.
        let e = Encoding::new(2);
        let placed = e.var(1, 2, 0);
        let premises = [(elim(&e, 0, 1, 0), P), (placed as DLit, P + 1)];
        let mut prop = Propagator::new(e);
        let hints = prop.hints(&[-(e.var(0, 0, 0) as DLit)], &premises).expect("RUP");
        let (row2, i) = e.groups_of(placed)[1];
        let (box1, _) = e.groups_of(e.var(0, 0, 0))[3];
        let (r2c1, r2c2) = (e.amo_id(row2, i, 0), e.amo_id(row2, i, 1));
        assert_eq!(hints, vec![P, P + 1, r2c1, r2c2, e.alo_id(box1)]);
        // Without the placement it is not RUP.
        assert_eq!(prop.hints(&[-(e.var(0, 0, 0) as DLit)], &premises[..1]), None);
    }

    #[test]
    fn exclusion_needs_exactly_the_shared_at_most_one_clause() {
        let e = Encoding::new(2);
        let (a, b) = (e.var(0, 0, 0), e.var(0, 3, 0));
        let mut prop = Propagator::new(e);
        let hints = prop.hints(&[b as DLit], &[(a as DLit, P)]).expect("RUP");
        let (row, i) = e.groups_of(a)[1];
        assert_eq!(hints, vec![P, e.amo_id(row, i, 3)]);
    }
}
