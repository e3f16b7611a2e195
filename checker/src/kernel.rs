//! The kernel: the header, one forward pass over the steps, then the claim.
//!
//! # Design
//!
//! A certificate is a list of steps in topological order; each step names a fact, the rule
//! that justifies it, and the ids of earlier steps it consumes. Like metamath-knife's verifier,
//! the kernel trusts nothing it did not just check: it walks the list once, and at each step
//! asks only local questions whose answers were fixed by the steps before it. Soundness of the
//! whole is then soundness of each rule (in `rules/`, one small function each) plus three
//! invariants kept here:
//!
//! 1. *Well-foundedness*: ids strictly increase, and a premise must name an earlier step, so
//!    the premise graph is acyclic by construction; no graph algorithm is needed.
//! 2. *Scoping*: subproofs nest like brackets. A stack holds the open Assumes; a step naming
//!    scope `s` closes every subproof above `s` (for good: an `open` flag per step is cleared
//!    and never set again) and must find `s` open. A fact's *home* is its scope, except that an
//!    Assume's home is its own subproof. A premise is usable iff its home is the root or still
//!    open — exactly the enclosing subproofs of the citing step — an O(1) test per premise.
//!    Negation and Lemma alone reach into a closed subproof. Negation's rule checks that shape
//!    itself; for a Lemma the pass walks from its ⊥ out through the closed subproofs around it
//!    (their `scope` links) to the first open one, and hands the rule their hypotheses: the
//!    open context where the walk stops encloses the citing step, since the open subproofs
//!    are exactly the stack.
//! 3. *Claims only use the root*: facts whose home is the root are recorded as the pass goes;
//!    the claim is checked against those alone.
//!
//! The Given steps that open a certificate (a third of an easy one's steps) are checked by a
//! short path of their own, [`Pass::leading_givens`]: the same tests as the general step's,
//! without its work for scopes and premises. It stops at the first step it would not accept,
//! which the general pass then refuses with its own error; `check_ron` (which checks every
//! step by the general pass) and `check` are compared on corrupted givens to keep it so.
//!
//! Premise lookup is O(1) when ids are dense (id = position), a binary search otherwise, so
//! the pass is linear in the total number of premises (up to that log factor). Every index
//! derived from input is bounds-checked; the kernel returns `Err`, never panics.

use crate::claims::{self, RootFacts};
use crate::error::CheckError;
use crate::format::{Claim, Fact, Proof, Rule, Step, FORMAT, VERSION};
use crate::geometry::Geometry;
use crate::grid::{GridField, GridValues};
use crate::notation::CellRef;
use crate::rules::{self, Ctx, Premise};
use crate::Verified;

/// The most steps a certificate may have (2²⁶, about 67 million): the pass keeps a record of
/// 24 bytes per step, so this bounds its memory at about 1.6 GB whatever the input.
/// The largest certificates the engine has produced (25×25, depth-first) have 50 million.
pub const MAX_STEPS: usize = 1 << 26;

/// Checks a certificate, against the caller's givens when they are supplied.
pub fn check(proof: &Proof, givens: Option<&str>) -> Result<Verified, CheckError> {
    let (geo, puzzle) =
        check_header(&proof.format, proof.version, proof.order, &proof.puzzle, givens)?;
    let mut pass = Pass::new(geo, puzzle, proof.steps.len());
    let givens = pass.leading_givens(&proof.steps);
    for step in proof.steps.get(givens..).unwrap_or_default() {
        pass.check_step(step)?;
    }
    pass.finish(&proof.claim)
}

/// Checks format, version, order and puzzle; returns the geometry and the givens.
pub(crate) fn check_header(
    format: &str,
    version: u32,
    order: u8,
    puzzle: &str,
    givens: Option<&str>,
) -> Result<(Geometry, GridValues), CheckError> {
    if format != FORMAT {
        return Err(CheckError::BadFormat { found: format.chars().take(40).collect() });
    }
    if version != VERSION {
        return Err(CheckError::BadVersion { found: version });
    }
    let geo = Geometry::new(order).ok_or(CheckError::BadOrder { found: order })?;
    let puzzle_text = puzzle;
    let puzzle = GridValues::parse(puzzle_text, &geo, GridField::Puzzle)?;
    // The same string parses to the same grid: only a different one is read and compared.
    if let Some(text) = givens.filter(|&text| text != puzzle_text) {
        let theirs = GridValues::parse(text, &geo, GridField::Givens)?;
        if let Some((cell, header, givens)) = puzzle.first_difference(&theirs, &geo) {
            return Err(CheckError::PuzzleMismatch { cell, header, givens });
        }
    }
    Ok((geo, puzzle))
}

/// What the pass keeps of a checked step: all a later premise may ask of it (never its own
/// premises, so memory per step stays small however many it cites): 24 bytes. Of its rule a
/// later step asks only whether it is an Assume (a whole `Rule` doubled the record).
#[derive(Clone, Copy, Debug)]
struct Record {
    id: u64,
    fact: Fact,
    assume: bool,
    /// The position of the step's scope (its innermost open Assume when it was checked).
    scope: Pos,
    /// The Assume (position) whose subproof the fact lives in.
    home: Pos,
    /// For an Assume: its subproof is open now. Cleared once, never set again.
    open: bool,
}

// What `MAX_STEPS` bounds the memory by.
const _: () = assert!(std::mem::size_of::<Record>() == 24);

/// A position in the step list, or the root: 4 bytes where `Option<usize>` takes 16.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos(u32);

// Every position the pass stores is below `MAX_STEPS`, so it fits, and never meets `ROOT`.
const _: () = assert!(MAX_STEPS < u32::MAX as usize);

impl Pos {
    const ROOT: Pos = Pos(u32::MAX);

    /// `None` (the root) or a position below [`MAX_STEPS`].
    fn of(position: Option<usize>) -> Pos {
        position.and_then(|p| u32::try_from(p).ok()).map_or(Pos::ROOT, Pos)
    }

    fn get(self) -> Option<usize> {
        (self != Pos::ROOT).then_some(self.0 as usize)
    }
}

/// The state of the forward pass, fed one step at a time (so a certificate can be checked
/// as it is read); per-step records are indexed by position in the list.
pub(crate) struct Pass {
    geo: Geometry,
    puzzle: GridValues,
    records: Vec<Record>,
    /// The open Assumes (positions), innermost last.
    stack: Vec<usize>,
    /// The current step's premises, resolved (reused to avoid an allocation per step).
    resolved: Vec<Premise>,
    /// For a Lemma: the hypotheses of the closed subproofs around its ⊥, innermost first.
    chain: Vec<Fact>,
    root: RootFacts,
    premises: usize,
    max_depth: usize,
    /// [`MAX_STEPS`], smaller in tests.
    max_steps: usize,
}

impl Pass {
    /// A pass over a certificate of about `steps` steps (a capacity hint only).
    pub(crate) fn new(geo: Geometry, puzzle: GridValues, steps: usize) -> Self {
        let root = RootFacts::new(&geo);
        Pass {
            geo,
            puzzle,
            records: Vec::with_capacity(steps),
            stack: Vec::new(),
            // Every rule but Lemma cites at most `N²` premises; most cite fewer than `N`.
            resolved: Vec::with_capacity(usize::from(geo.side()) + 1),
            chain: Vec::new(),
            root,
            premises: 0,
            max_depth: 0,
            max_steps: MAX_STEPS,
        }
    }

    /// Checks the next step, then records it.
    pub(crate) fn check_step(&mut self, step: &Step) -> Result<(), CheckError> {
        let i = self.records.len();
        if i >= self.max_steps {
            let (step, rule, limit) = (step.id, step.rule, self.max_steps);
            return Err(CheckError::TooManySteps { step, rule, limit });
        }
        self.check_id(step)?;
        self.check_range(step)?;
        let scope = self.enter_scope(i, step)?;
        self.resolve_premises(i, step)?;
        self.resolve_chain(step)?;
        let ctx = Ctx { geo: &self.geo, puzzle: &self.puzzle, step, chain: &self.chain };
        rules::check_rule(&ctx, &self.resolved)?;
        let opens = rules::opens_subproof(step.rule);
        let (id, fact, assume) = (step.id, step.fact, matches!(step.rule, Rule::Assume));
        let scope = Pos::of(scope);
        let home = if opens { Pos::of(Some(i)) } else { scope };
        self.records.push(Record { id, fact, assume, scope, home, open: opens });
        if opens {
            self.stack.push(i);
            self.max_depth = self.max_depth.max(self.stack.len());
        }
        if home == Pos::ROOT {
            self.root.record(&self.geo, step.fact);
        }
        // As many as the step cites: `resolve_premises` refused the step otherwise.
        self.premises = self.premises.saturating_add(self.resolved.len());
        Ok(())
    }

    /// Checks and records the Given steps that open the list (every certificate the engine
    /// writes starts with its givens, a third of an easy one's steps), each as [`Pass::check_step`]
    /// would, without its work for the general step: returns how many. It stops at the first
    /// step that is not a Given, or not one `check_step` accepts, which `check_step` then
    /// takes (and refuses with its own error). Called only on a fresh pass, where no subproof
    /// is open: a Given of the root scope is then in scope, and the pass's stack stays empty.
    ///
    /// About 150 instructions fewer a given than the general pass (pe96: checking −7.4 %,
    /// solving and checking −3 %).
    pub(crate) fn leading_givens(&mut self, steps: &[Step]) -> usize {
        if !self.records.is_empty() {
            return 0;
        }
        let mut previous = None;
        for (k, step) in steps.iter().enumerate() {
            let Fact::Place { r, c, d } = step.fact else { return k };
            let accepted = matches!(step.rule, Rule::Given)
                && step.scope.is_none()
                && step.premises.is_empty()
                && previous.map_or(true, |p| step.id > p)
                && k < self.max_steps
                && [r, c, d].iter().all(|&v| self.geo.in_range(v))
                && self.puzzle.get(&self.geo, CellRef { r, c }) == d;
            if !accepted {
                return k;
            }
            let (id, fact, root) = (step.id, step.fact, Pos::ROOT);
            self.records.push(Record {
                id,
                fact,
                assume: false,
                scope: root,
                home: root,
                open: false,
            });
            self.root.record(&self.geo, fact);
            previous = Some(id);
        }
        steps.len()
    }

    /// Checks the claim against the root facts of the steps checked so far.
    pub(crate) fn finish(&self, claim: &Claim) -> Result<Verified, CheckError> {
        let claim = claims::check_claim(&self.geo, &self.puzzle, claim, &self.root)?;
        let (steps, premises, max_depth) = (self.records.len(), self.premises, self.max_depth);
        Ok(Verified { claim, order: self.geo.order(), steps, premises, max_depth })
    }

    fn check_id(&self, step: &Step) -> Result<(), CheckError> {
        match self.records.last() {
            Some(prev) if step.id <= prev.id => {
                let (rule, previous) = (step.rule, prev.id);
                Err(CheckError::IdNotIncreasing { step: step.id, rule, previous })
            }
            _ => Ok(()),
        }
    }
    fn check_range(&self, step: &Step) -> Result<(), CheckError> {
        let ok = match step.fact {
            Fact::Place { r, c, d } | Fact::Elim { r, c, d } => {
                [r, c, d].iter().all(|&v| self.geo.in_range(v))
            }
            Fact::Bottom => true,
        };
        if ok {
            return Ok(());
        }
        let (rule, fact, side) = (step.rule, step.fact, self.geo.side());
        Err(CheckError::FactOutOfRange { step: step.id, rule, fact, side })
    }

    /// Closes the subproofs above the step's scope and returns the scope's position.
    fn enter_scope(&mut self, i: usize, step: &Step) -> Result<Option<usize>, CheckError> {
        let target = match step.scope {
            None => None,
            Some(scope) => {
                let found = self.index_of(scope, i).filter(|&j| self.is_open(j));
                // Built only when needed: an error value made and dropped for every step in a
                // subproof shows in the pass's profile.
                let Some(found) = found else {
                    let (step, rule) = (step.id, step.rule);
                    return Err(CheckError::ScopeNotOpen { step, rule, scope });
                };
                Some(found)
            }
        };
        while let Some(&top) = self.stack.last() {
            if Some(top) == target {
                break;
            }
            if let Some(record) = self.records.get_mut(top) {
                record.open = false;
            }
            self.stack.pop();
        }
        Ok(target)
    }

    /// Resolves the step's premise ids to earlier steps usable here, into `self.resolved`.
    fn resolve_premises(&mut self, i: usize, step: &Step) -> Result<(), CheckError> {
        self.resolved.clear();
        let (id, rule) = (step.id, step.rule);
        // The list read once (each read of `Premises` asks where it is held).
        let ids: &[u64] = &step.premises;
        // Every rule's limit is at least `N²`: only a longer list asks which rule it is.
        let found = ids.len();
        if found > self.geo.cell_count() {
            let limit = rules::premise_limit(&self.geo, step.rule);
            if found > limit {
                return Err(CheckError::TooManyPremises { step: id, rule, found, limit });
            }
        }
        for (index, &premise) in ids.iter().enumerate() {
            if premise >= id {
                return Err(if premise == id {
                    CheckError::PremiseSelf { step: id, rule, premise }
                } else {
                    CheckError::PremiseForward { step: id, rule, premise }
                });
            }
            let unknown = || CheckError::PremiseUnknown { step: id, rule, premise };
            let cited = self.record_of(premise, i).ok_or_else(unknown)?;
            if let Some(h) = cited
                .home
                .get()
                .filter(|&h| rules::generic_scoping(rule, index) && !self.is_open(h))
            {
                let home = self.records.get(h).map_or(0, |r| r.id);
                return Err(CheckError::PremiseOutOfScope { step: id, rule, premise, home });
            }
            // Only Negation asks a premise's scope (of its Assume and its ⊥).
            let scope = if matches!(rule, Rule::Negation) {
                cited.scope.get().and_then(|s| self.records.get(s)).map(|r| r.id)
            } else {
                None
            };
            let (fact, assume, open) = (cited.fact, cited.assume, cited.open);
            self.resolved.push(Premise { id: premise, fact, assume, scope, open });
        }
        Ok(())
    }

    /// For a Lemma, the hypotheses of the closed subproofs around its first premise (found by
    /// `resolve_premises`), innermost first, into `self.chain`; left empty otherwise.
    ///
    /// The walk stops after as many subproofs as the step has premises: a longer chain could
    /// only be cited with hypotheses repeated in it, and walking it would make the pass
    /// quadratic (a long chain cited again and again by one-premise steps).
    fn resolve_chain(&mut self, step: &Step) -> Result<(), CheckError> {
        self.chain.clear();
        if !matches!(step.rule, Rule::Lemma) {
            return Ok(());
        }
        let first = step.premises.first().and_then(|&id| self.index_of(id, self.records.len()));
        let mut home = first.and_then(|j| self.records.get(j)).and_then(|r| r.home.get());
        while let Some(record) = home.and_then(|h| self.records.get(h)).filter(|r| !r.open) {
            if self.chain.len() == step.premises.len() {
                return Err(CheckError::LemmaBottom {
                    step: step.id,
                    rule: step.rule,
                    premise: step.premises.first().copied().unwrap_or_default(),
                    reason: format!(
                        "is a ⊥ inside more closed subproofs than the step has premises ({})",
                        step.premises.len()
                    ),
                });
            }
            self.chain.push(record.fact);
            home = record.scope.get();
        }
        Ok(())
    }

    /// The record of the step with this id among the first `before` steps.
    fn record_of(&self, id: u64, before: usize) -> Option<&Record> {
        let checked = self.records.get(..before)?;
        match usize::try_from(id).ok().and_then(|j| checked.get(j)) {
            Some(record) if record.id == id => Some(record),
            _ => checked.binary_search_by_key(&id, |r| r.id).ok().and_then(|j| checked.get(j)),
        }
    }

    /// The position of the step with this id among the first `before` steps.
    fn index_of(&self, id: u64, before: usize) -> Option<usize> {
        let checked = self.records.get(..before)?;
        let dense =
            usize::try_from(id).ok().filter(|&j| checked.get(j).is_some_and(|r| r.id == id));
        dense.or_else(|| checked.binary_search_by_key(&id, |r| r.id).ok())
    }

    fn is_open(&self, j: usize) -> bool {
        self.records.get(j).is_some_and(|r| r.open)
    }
}

#[cfg(test)]
#[path = "kernel_tests.rs"]
mod tests;
