//! The compact translation ([`Lemmas::Needed`](super::Lemmas::Needed)): a step whose fact
//! unit propagation already reaches from the CNF, the live lemmas and the open assumptions
//! gets no lemma. What remains is each subproof's ⊥ lemma `(¬a1 ∨ … ∨ ¬ak)` (the clause a
//! Negation cites), the steps of rules that are RUP but not propagation (locked
//! candidates, subsets: a probe finds their hints), and the empty clause. A last pass
//! keeps only the lemmas the empty clause depends on through the LRAT hints, renumbered.
//!
//! Soundness does not rest on this file: every lemma written carries hints found by
//! propagation over clauses that are live at that point, and drat-trim, rate, lrat-check
//! and cake_lpr re-verify the result.

use super::cnf::Cnf;
use super::encoding::DLit;
use super::translate::{Known, ProofLine, Translation, Translator};
use super::SatError;
use deduku_check::format::{Claim, Proof, Rule, Step};
use std::collections::{HashMap, HashSet};

/// Translate a refuting certificate (Solution, Minimal, Contradiction) compactly.
pub(super) fn translate(proof: &Proof, cnf: &Cnf) -> Result<Translation, SatError> {
    let mut t = Translator::new(cnf);
    let side = cnf.encoding().side();
    let givens = (0..side * side).filter_map(|cell| cnf.given(cell));
    t.prop.start(givens.map(|(id, var)| (var as DLit, id)));
    for step in &proof.steps {
        t.compact_step(step)?;
        if t.refutes {
            break;
        }
    }
    if !t.refutes {
        match &proof.claim {
            Claim::Contradiction => return Err(SatError::NoRootBottom),
            _ => t.compact_close_solution()?,
        }
    }
    let cnf_clauses = cnf.clause_count();
    Ok(Translation { lines: trim(t.lines, cnf_clauses), cnf_clauses, refutes: true })
}

impl Translator<'_> {
    /// One step: close the subproofs it is outside of (their levels too), then translate it.
    fn compact_step(&mut self, s: &Step) -> Result<(), SatError> {
        let closed = self.close_to(s.scope, s.id)?;
        for _ in 0..closed.frames {
            self.prop.pop_level();
        }
        match closed.kept {
            Some((id, Some(unit))) => self.prop.add_unit(unit, id),
            Some((id, None)) => self.prop.add_bottom(id),
            None => {}
        }
        if self.frames.in_absurd() && s.rule != Rule::Assume {
            return self.absurd_step(s);
        }
        match s.rule {
            Rule::Given => self.given(s),
            Rule::Assume => {
                let lit = self.lit(s)?;
                let absurd = lit.is_some_and(|l| self.absurd_assume(l));
                let fresh = lit.filter(|&l| !absurd && !self.frames.assumed(l));
                self.assume(s)?;
                self.prop.push_level(fresh);
                Ok(())
            }
            Rule::Negation => self.negation(s),
            Rule::Lemma => self.compact_cited_lemma(s),
            _ => self.compact_lemma(s),
        }
    }

    /// A derived step: nothing when propagation reaches its fact (or a later ⊥ of a refuted
    /// subproof), else its lemma with the hints of a probe (or of the conflict, for a ⊥).
    fn compact_lemma(&mut self, s: &Step) -> Result<(), SatError> {
        self.premise_units(&s.premises, s.id)?; // they must name earlier literal steps
        let fact = self.lit(s)?;
        if self.implied(s, fact) {
            return Ok(());
        }
        let id = self.write_lemma(s, fact, None)?;
        self.record(s, fact, id);
        Ok(())
    }

    /// A Lemma `[b, p1 … pk]`: nothing when propagation reaches its fact (or its subproof
    /// is refuted already, for ⊥), else its lemma, whose probe may end on b's ⊥ lemma:
    /// the premises hold here (propagated, assumed or units), so once the fact is negated
    /// every literal of that clause is false.
    fn compact_cited_lemma(&mut self, s: &Step) -> Result<(), SatError> {
        let (lemma, lits) = self.cited_bottom(s)?;
        self.premise_units(&s.premises[1..], s.id)?;
        let fact = self.lit(s)?;
        if self.implied(s, fact) {
            return Ok(());
        }
        // A ⊥ under contradictory assumptions has no lemma: the premises clash by themselves.
        let against = lits.map(|lits| {
            self.prop.lemmas.entry(lemma).or_insert(lits);
            lemma
        });
        let id = self.write_lemma(s, fact, against)?;
        self.record(s, fact, id);
        Ok(())
    }

    /// Whether step `s` (of fact `fact`, `None` for ⊥) needs no lemma: propagation reaches
    /// its fact or it is assumed, or (a ⊥) its subproof is refuted already. Records it so.
    fn implied(&mut self, s: &Step, fact: Option<DLit>) -> bool {
        let known = match fact {
            Some(l) if self.frames.assumed(l) || self.prop.holds(l) => Known::Implied,
            None => match self.frames.top_bottom() {
                Some(lemma) => Known::Bottom { scope: s.scope, lemma: Some(lemma) },
                None => return false,
            },
            Some(_) => return false,
        };
        self.known.insert(s.id, known);
        true
    }

    /// Records step `s`, whose lemma `id` was just written.
    fn record(&mut self, s: &Step, fact: Option<DLit>, id: u64) {
        let known = match fact {
            Some(l) => Known::Clause(id, l),
            None => Known::Bottom { scope: s.scope, lemma: Some(id) },
        };
        self.known.insert(s.id, known);
    }

    /// Write the lemma of step `s` (its fact, or ⊥) under the open assumptions, with the
    /// hints of a probe or of the level's conflict, and add it to the propagation. With
    /// `against`, the clause of that (⊥) lemma may be the probe's conflict.
    fn write_lemma(
        &mut self,
        s: &Step,
        fact: Option<DLit>,
        against: Option<u64>,
    ) -> Result<u64, SatError> {
        // `¬a` under the assumption `a` is a ⊥ lemma: no literal twice.
        let probe = fact.filter(|&l| !self.frames.assumed(-l));
        let mut negated: Vec<DLit> = self.frames.chain().to_vec();
        negated.extend(probe.map(|l| -l));
        let hints = match (probe, against) {
            (Some(l), None) => self.prop.probe(&negated, -l),
            (None, None) => self.prop.refute(&negated),
            (probe, Some(lemma)) => self.prop.probe_against(&negated, probe.map(|l| -l), lemma),
        };
        let hints = hints.ok_or(SatError::NotRup { step: s.id, rule: s.rule })?;
        let lits = self.used_literals(probe);
        let id = self.add(lits.clone(), hints, probe.is_none());
        self.prop.lemmas.insert(id, lits);
        match probe {
            Some(l) => self.prop.add_unit(l, id),
            None => self.prop.add_bottom(id),
        }
        self.refutes = s.scope.is_none() && probe.is_none();
        Ok(id)
    }

    /// The lemma's literals: the negations of the open assumptions the last analysis used
    /// (outermost first; the others play no part in its hints), then the fact.
    fn used_literals(&mut self, fact: Option<DLit>) -> Vec<DLit> {
        let used = &mut self.prop.used_negated;
        used.sort_unstable();
        let chain = self.frames.chain().iter();
        let mut lits: Vec<DLit> =
            chain.filter(|a| used.binary_search(&a.unsigned_abs()).is_ok()).map(|a| -a).collect();
        lits.extend(fact);
        lits
    }

    /// The empty clause of a Solution certificate: every cell of the solution propagated at
    /// the root falsifies the blocking clause.
    fn compact_close_solution(&mut self) -> Result<(), SatError> {
        let (Some(vars), Some(block)) = (self.cnf.blocking(), self.cnf.blocking_id()) else {
            return Err(SatError::BadSolution);
        };
        let hints = self.prop.refute_blocking(vars, block);
        let hints = hints.map_err(|var| SatError::MissingPlacement { var })?;
        self.add(Vec::new(), hints, true);
        self.refutes = true;
        Ok(())
    }
}

/// Keep the lemmas the last one (the empty clause) depends on through the hints, number
/// them consecutively after the CNF's clauses, and drop the deletions of the others.
fn trim(lines: Vec<ProofLine>, cnf_clauses: u64) -> Vec<ProofLine> {
    let mut needed = HashSet::new();
    let mut last = true;
    for line in lines.iter().rev() {
        if let ProofLine::Add { id, hints, .. } = line {
            if std::mem::take(&mut last) || needed.contains(id) {
                needed.insert(*id);
                needed.extend(hints.iter().copied().filter(|&h| h > cnf_clauses));
            }
        }
    }
    let mut renumbered: HashMap<u64, u64> = HashMap::new();
    let mut out = Vec::with_capacity(needed.len());
    for line in lines {
        match line {
            ProofLine::Add { id, lits, hints } if needed.contains(&id) => {
                let new = cnf_clauses + 1 + renumbered.len() as u64;
                renumbered.insert(id, new);
                let hints = hints.iter().map(|h| renumbered.get(h).copied().unwrap_or(*h));
                out.push(ProofLine::Add { id: new, lits, hints: hints.collect() });
            }
            ProofLine::Add { .. } => {}
            ProofLine::Delete(clauses) => {
                let kept: Vec<_> = clauses
                    .into_iter()
                    .filter_map(|(id, lits)| renumbered.get(&id).map(|&new| (new, lits)))
                    .collect();
                if !kept.is_empty() {
                    out.push(ProofLine::Delete(kept));
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add(id: u64, lits: Vec<DLit>, hints: Vec<u64>) -> ProofLine {
        ProofLine::Add { id, lits, hints }
    }

    #[test]
    fn trimming_keeps_what_the_empty_clause_uses_renumbered() {
        let lines = vec![
            add(11, vec![-1, 2], vec![3]),
            add(12, vec![-1], vec![11, 4]),
            add(13, vec![5], vec![6]), // unused
            ProofLine::Delete(vec![(11, vec![-1, 2]), (13, vec![5])]),
            add(14, vec![], vec![12, 7]),
        ];
        let trimmed = trim(lines, 10);
        assert_eq!(
            trimmed,
            vec![
                add(11, vec![-1, 2], vec![3]),
                add(12, vec![-1], vec![11, 4]),
                ProofLine::Delete(vec![(11, vec![-1, 2])]),
                add(13, vec![], vec![12, 7]),
            ]
        );
    }
}
