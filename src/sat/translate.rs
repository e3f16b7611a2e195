//! Certificate → clausal proof. A step derived under assumptions `a1..ak` (placements `v`
//! or eliminations `¬v`) becomes the lemma `(¬a1 ∨ … ∨ ¬ak ∨ fact)`; a ⊥ step drops
//! `fact`; a Negation step *is* its subproof's ⊥ lemma; a Lemma step citing a ⊥ whose
//! closed subproofs assumed `b1..bm` is `(¬a1 ∨ … ∨ ¬ak ∨ ¬bj)`, RUP from that ⊥ lemma and
//! its premises (the other `bi`). ⊥ lemmas are kept for good, so that any number of
//! Negations and Lemmas may cite them; the other lemmas of a closed subproof are deleted.
//! A Solution certificate ends with the empty clause, RUP by every cell's placement
//! against the blocking clause.
//!
//! [`Lemmas::Needed`] (the default, `compact.rs`) writes only the lemmas unit propagation
//! cannot reach: each subproof's ⊥, the steps of rules that are RUP but not propagation
//! (locked candidates, subsets), the empty clause; then drops every lemma the empty
//! clause does not depend on. [`Lemmas::All`] writes one lemma per step.

use super::cnf::Cnf;
use super::encoding::DLit;
use super::frames::{Closed, Frames};
use super::propagate::Propagator;
use super::SatError;
use deduku_check::format::{Claim, Fact, Proof, Rule, Step};
use std::collections::{HashMap, HashSet};

/// One line of a clausal proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofLine {
    /// A lemma: its clause id (continuing after the CNF's), literals and LRAT hints.
    Add {
        /// Clause id.
        id: u64,
        /// The literals; empty for the empty clause.
        lits: Vec<DLit>,
        /// Clause ids that make the lemma RUP, in propagation order.
        hints: Vec<u64>,
    },
    /// Lemmas no longer needed (a closed subproof's): (id, literals) each.
    Delete(Vec<(u64, Vec<DLit>)>),
}

/// A translated certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Translation {
    /// The proof lines in order.
    pub lines: Vec<ProofLine>,
    /// The CNF's clause count: lemma ids start right after it.
    pub cnf_clauses: u64,
    /// Whether the proof ends with the empty clause (Solution, Contradiction).
    pub refutes: bool,
}

impl Translation {
    /// The number of lemmas (added clauses).
    pub fn lemmas(&self) -> usize {
        self.lines.iter().filter(|l| matches!(l, ProofLine::Add { .. })).count()
    }
}

/// Which certificate steps become lemmas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lemmas {
    /// Only those unit propagation cannot reach, and only those the empty clause depends
    /// on: the smallest proof. Claims without a refutation (Consequences, Derives) are
    /// translated as with [`Lemmas::All`], since their lemmas are what they claim.
    #[default]
    Needed,
    /// One lemma per derived step (except Given, Assume, Negation): each lemma is one
    /// named deduction, readable next to the certificate.
    All,
}

/// What a certificate step stands for in the clausal proof.
#[derive(Clone, Copy, Debug)]
pub(super) enum Known {
    /// A clause (CNF or lemma) whose last literal is the step's fact.
    Clause(u64, DLit),
    /// The fact is an open assumption: true whenever the citing lemma is checked.
    Assumption(DLit),
    /// A ⊥ step, derived directly in the subproof `scope`; `lemma` is a clause of negated
    /// assumptions in force at the step (its own ⊥ lemma, or its subproof's first one);
    /// none under contradictory assumptions, where no lemma is needed.
    Bottom {
        /// The step's scope.
        scope: Option<u64>,
        /// The ⊥ lemma a Lemma step citing this one uses.
        lemma: Option<u64>,
    },
    /// Reached by unit propagation: no lemma of its own (compact translation).
    Implied,
}

/// Translate `proof` into the lemmas it needs over `cnf` (built by [`Cnf::for_proof`]):
/// [`translate_with`] and [`Lemmas::Needed`].
pub fn translate(proof: &Proof, cnf: &Cnf) -> Result<Translation, SatError> {
    translate_with(proof, cnf, Lemmas::Needed)
}

/// Translate `proof` into lemmas over `cnf` (built by [`Cnf::for_proof`]). The proof
/// should be one the checker accepts; a malformed one yields an error, never a panic.
/// With [`Lemmas::All`], time and memory are linear in the certificate and the output.
pub fn translate_with(proof: &Proof, cnf: &Cnf, lemmas: Lemmas) -> Result<Translation, SatError> {
    let refuting =
        matches!(proof.claim, Claim::Solution(_) | Claim::Minimal { .. } | Claim::Contradiction);
    match proof.claim {
        Claim::Multiple(..) => return Err(SatError::NoDerivation),
        _ if refuting && lemmas == Lemmas::Needed => return super::compact::translate(proof, cnf),
        _ => {}
    }
    let mut t = Translator::new(cnf);
    for step in &proof.steps {
        t.step(step)?;
        if t.refutes {
            break;
        }
    }
    match &proof.claim {
        Claim::Solution(_) | Claim::Minimal { .. } if !t.refutes => t.close_solution()?,
        Claim::Contradiction if !t.refutes => return Err(SatError::NoRootBottom),
        _ => {}
    }
    let cnf_clauses = cnf.clause_count();
    Ok(Translation { lines: t.lines, cnf_clauses, refutes: t.refutes })
}

/// The state of a translation, shared by both modes.
pub(super) struct Translator<'a> {
    pub(super) cnf: &'a Cnf,
    pub(super) prop: Propagator,
    pub(super) known: HashMap<u64, Known>,
    pub(super) frames: Frames,
    /// Root-scope placements: variable → lemma id.
    placed: HashMap<u32, u64>,
    /// Each ⊥ lemma's position in `lines` (its literals are there), for the Lemma steps
    /// that cite it.
    bottoms: HashMap<u64, usize>,
    /// The Assume steps opened under contradictory assumptions.
    absurd: HashSet<u64>,
    pub(super) lines: Vec<ProofLine>,
    next_id: u64,
    pub(super) refutes: bool,
}

impl<'a> Translator<'a> {
    pub(super) fn new(cnf: &'a Cnf) -> Translator<'a> {
        Translator {
            cnf,
            prop: Propagator::new(*cnf.encoding()),
            known: HashMap::new(),
            frames: Frames::new(cnf.encoding().vars()),
            placed: HashMap::new(),
            bottoms: HashMap::new(),
            absurd: HashSet::new(),
            lines: Vec::new(),
            next_id: cnf.clause_count() + 1,
            refutes: false,
        }
    }

    fn step(&mut self, s: &Step) -> Result<(), SatError> {
        self.close_to(s.scope, s.id)?;
        if self.frames.in_absurd() && s.rule != Rule::Assume {
            return self.absurd_step(s);
        }
        match s.rule {
            Rule::Given => self.given(s),
            Rule::Assume => self.assume(s),
            Rule::Negation => self.negation(s),
            Rule::Lemma => self.cited_lemma(s),
            _ => self.lemma(s),
        }
    }

    /// Close the subproofs above `scope` (for step `id`), writing the deletion of their lemmas.
    pub(super) fn close_to(&mut self, scope: Option<u64>, id: u64) -> Result<Closed, SatError> {
        let mut closed = self.frames.close_to(scope).ok_or(SatError::BadScope { step: id })?;
        if !closed.dead.is_empty() {
            self.lines.push(ProofLine::Delete(std::mem::take(&mut closed.dead)));
        }
        Ok(closed)
    }

    pub(super) fn lit(&self, s: &Step) -> Result<Option<DLit>, SatError> {
        let side = self.cnf.encoding().side();
        let (r, c, d, sign) = match s.fact {
            Fact::Place { r, c, d } => (r, c, d, 1),
            Fact::Elim { r, c, d } => (r, c, d, -1),
            Fact::Bottom => return Ok(None),
        };
        let ok = |x: u8| (1..=side).contains(&(x as usize));
        if !(ok(r) && ok(c) && ok(d)) {
            return Err(SatError::BadFact { step: s.id });
        }
        let v = self.cnf.encoding().var(r as usize - 1, c as usize - 1, d as usize - 1);
        Ok(Some(sign * v as DLit))
    }

    pub(super) fn given(&mut self, s: &Step) -> Result<(), SatError> {
        let lit = self.lit(s)?.unwrap_or(0);
        let (r, c) = match s.fact {
            Fact::Place { r, c, .. } => (r as usize, c as usize),
            _ => return Err(SatError::NotAGiven { step: s.id }),
        };
        let cell = (r - 1) * self.cnf.encoding().side() + (c - 1);
        match self.cnf.given(cell) {
            Some((id, var)) if var as DLit == lit => {
                self.known.insert(s.id, Known::Clause(id, lit));
                Ok(())
            }
            _ => Err(SatError::NotAGiven { step: s.id }),
        }
    }

    /// An Assume of a placement `v` or an elimination `¬v`: a lemma under it carries the
    /// opposite literal. Assuming the opposite of an assumption in force (or anything under
    /// such an assumption) opens an absurd subproof: see [`Translator::absurd_step`].
    pub(super) fn assume(&mut self, s: &Step) -> Result<(), SatError> {
        let lit = self.lit(s)?.ok_or(SatError::BadFact { step: s.id })?;
        if self.absurd_assume(lit) {
            self.frames.open_absurd(s.id);
            self.absurd.insert(s.id);
        } else {
            self.frames.open(s.id, lit);
        }
        self.known.insert(s.id, Known::Assumption(lit));
        Ok(())
    }

    /// Whether assuming `lit` now opens an absurd subproof.
    pub(super) fn absurd_assume(&self, lit: DLit) -> bool {
        self.frames.in_absurd() || self.frames.assumed(-lit)
    }

    /// A step under contradictory assumptions: every clause it could stand for is a
    /// tautology `(… ∨ ¬v ∨ v ∨ …)`, so none is written. A literal holds there as an
    /// assumption would; a ⊥ has no lemma, and a Lemma citing it from outside is RUP from its
    /// premises alone (its hypotheses hold both `l` and `¬l`, one of them cited or in force).
    pub(super) fn absurd_step(&mut self, s: &Step) -> Result<(), SatError> {
        let known = match self.lit(s)? {
            Some(l) => Known::Assumption(l),
            None => Known::Bottom { scope: s.scope, lemma: None },
        };
        self.known.insert(s.id, known);
        Ok(())
    }

    /// A Negation `[a, b]` is the ⊥ lemma `(¬a1 ∨ … ∨ ¬ak ∨ ¬a)` kept when a's subproof
    /// closed: no new clause, however many Negations cite the same refuted assumption. (For
    /// an assumed elimination `a = ¬v`, `¬a` is the placement `v`.)
    pub(super) fn negation(&mut self, s: &Step) -> Result<(), SatError> {
        let bad = || SatError::BadNegation { step: s.id };
        let (a, b) = match s.premises.as_slice() {
            [a, b] => (*a, self.known.get(b).copied()),
            _ => return Err(bad()),
        };
        let Some(Known::Assumption(lit)) = self.known.get(&a).copied() else {
            return Err(bad());
        };
        let in_subproof = matches!(b, Some(Known::Bottom { scope, .. }) if scope == Some(a));
        if self.absurd.contains(&a) && in_subproof {
            // `a` was the opposite of an assumption in force here: its negation is that one.
            if self.lit(s)? != Some(-lit) || !self.frames.assumed(-lit) {
                return Err(bad());
            }
            self.known.insert(s.id, Known::Assumption(-lit));
            return Ok(());
        }
        let lemma = self.frames.refutation(a, s.scope).filter(|_| in_subproof).ok_or_else(bad)?;
        if self.lit(s)? != Some(-lit) {
            return Err(bad());
        }
        self.known.insert(s.id, Known::Clause(lemma, -lit));
        Ok(())
    }

    /// Any other rule: a lemma RUP from its premises and the encoding clauses.
    fn lemma(&mut self, s: &Step) -> Result<(), SatError> {
        let fact = self.lit(s)?;
        if let Some(l) = fact.filter(|&l| self.frames.assumed(l)) {
            // `(¬a ∨ a)` is a tautology: the fact holds by the assumption itself.
            self.known.insert(s.id, Known::Assumption(l));
            return Ok(());
        }
        let lits = self.clause_of(fact);
        let premises = self.premise_units(&s.premises, s.id)?;
        let negated: Vec<DLit> = lits.iter().rev().map(|l| -l).collect();
        let hints = self.prop.hints(&negated, &premises);
        let hints = hints.ok_or(SatError::NotRup { step: s.id, rule: s.rule })?;
        self.add_step_lemma(s, fact, lits, hints);
        Ok(())
    }

    /// The lemma for `fact` (⊥ when `None`) under the open assumptions: `(¬a1 ∨ … ∨ fact)`.
    /// `¬a` under the assumption `a` is `(¬… ∨ ¬a)`: no literal twice.
    fn clause_of(&self, fact: Option<DLit>) -> Vec<DLit> {
        let mut lits: Vec<DLit> = self.frames.chain().iter().map(|a| -a).collect();
        lits.extend(fact.filter(|&l| !self.frames.assumed(-l)));
        lits
    }

    /// Adds the lemma `lits` with `hints` and records it as step `s`'s clause (or ⊥).
    fn add_step_lemma(&mut self, s: &Step, fact: Option<DLit>, lits: Vec<DLit>, hints: Vec<u64>) {
        let id = self.add(lits, hints, fact.is_none());
        match fact {
            Some(l) => {
                self.known.insert(s.id, Known::Clause(id, l));
                if s.scope.is_none() && l > 0 {
                    self.placed.insert(l as u32, id);
                }
            }
            None => {
                self.known.insert(s.id, Known::Bottom { scope: s.scope, lemma: Some(id) });
                self.refutes = s.scope.is_none();
            }
        }
    }

    /// A Lemma `[b, p1 … pk]`: `(¬a1 ∨ … ∨ ¬ak ∨ fact)` (no `fact` for ⊥), RUP from b's ⊥
    /// lemma once the premises' clauses make the cited hypotheses units. Hints: those
    /// premise clauses (a placement standing for eliminations it implies followed by the
    /// binary clause of each), then the ⊥ lemma.
    fn cited_lemma(&mut self, s: &Step) -> Result<(), SatError> {
        let (lemma, against) = self.cited_bottom(s)?;
        let fact = self.lit(s)?;
        if let Some(l) = fact.filter(|&l| self.frames.assumed(l)) {
            self.known.insert(s.id, Known::Assumption(l));
            return Ok(());
        }
        let lits = self.clause_of(fact);
        let mut premises = self.premise_units(&s.premises[1..], s.id)?;
        let negated: Vec<DLit> = lits.iter().rev().map(|l| -l).collect();
        let hints = match &against {
            Some(against) => {
                // A premise states a hypothesis (its negation is in the ⊥ lemma), or is a
                // placement implying hypotheses (implied eliminations): its binary clauses
                // make them units.
                let enc = self.cnf.encoding();
                let implied = |l: DLit| against.iter().any(|&a| a > 0 && enc.excludes(l, a as u32));
                premises.retain(|&(l, _)| against.contains(&-l) || implied(l));
                self.prop.hints_against(&negated, &premises, (lemma, against))
            }
            None => self.prop.hints(&negated, &premises),
        };
        let hints = hints.ok_or(SatError::NotRup { step: s.id, rule: s.rule })?;
        self.add_step_lemma(s, fact, lits, hints);
        Ok(())
    }

    /// The ⊥ lemma a Lemma step cites (its first premise): id and literals; none for a ⊥
    /// under contradictory assumptions.
    pub(super) fn cited_bottom(&self, s: &Step) -> Result<(u64, Option<Vec<DLit>>), SatError> {
        let bad = || SatError::BadLemma { step: s.id };
        let first = s.premises.first().ok_or_else(bad)?;
        let Some(Known::Bottom { lemma, .. }) = self.known.get(first).copied() else {
            return Err(bad());
        };
        let Some(lemma) = lemma else { return Ok((0, None)) };
        let line = self.bottoms.get(&lemma).and_then(|&k| self.lines.get(k));
        let Some(ProofLine::Add { lits, .. }) = line else { return Err(bad()) };
        Ok((lemma, Some(lits.clone())))
    }

    /// The clauses of `premises` (of step `step`) that are units under the assumptions.
    pub(super) fn premise_units(
        &self,
        premises: &[u64],
        step: u64,
    ) -> Result<Vec<(DLit, u64)>, SatError> {
        let mut units = Vec::with_capacity(premises.len());
        for p in premises {
            match self.known.get(p) {
                Some(Known::Clause(id, lit)) => units.push((*lit, *id)),
                Some(Known::Assumption(_) | Known::Implied) => {}
                _ => return Err(SatError::UnknownPremise { step, premise: *p }),
            }
        }
        Ok(units)
    }

    pub(super) fn add(&mut self, lits: Vec<DLit>, hints: Vec<u64>, bottom: bool) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        if bottom {
            self.bottoms.insert(id, self.lines.len());
        }
        self.frames.add(id, &lits, bottom);
        self.lines.push(ProofLine::Add { id, lits, hints });
        id
    }

    /// The empty clause of a Solution certificate: each cell's unit, then the blocking clause.
    fn close_solution(&mut self) -> Result<(), SatError> {
        let (Some(vars), Some(block)) = (self.cnf.blocking(), self.cnf.blocking_id()) else {
            return Err(SatError::BadSolution);
        };
        let mut hints = Vec::with_capacity(vars.len() + 1);
        for (cell, &v) in vars.iter().enumerate() {
            let id = match (self.cnf.given(cell), self.placed.get(&v)) {
                (Some((id, g)), _) if g == v => id,
                (_, Some(&id)) => id,
                _ => return Err(SatError::MissingPlacement { var: v }),
            };
            hints.push(id);
        }
        hints.push(block);
        self.add(Vec::new(), hints, true);
        self.refutes = true;
        Ok(())
    }
}
