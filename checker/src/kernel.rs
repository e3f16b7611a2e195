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
//!    Negation alone reaches into a closed subproof, and its rule checks that shape itself.
//! 3. *Claims only use the root*: facts whose home is the root are recorded as the pass goes;
//!    the claim is checked against those alone.
//!
//! Premise lookup is O(1) when ids are dense (id = position), a binary search otherwise, so
//! the pass is linear in the total number of premises (up to that log factor). Every index
//! derived from input is bounds-checked; the kernel returns `Err`, never panics.

use crate::claims::{self, RootFacts};
use crate::error::CheckError;
use crate::format::{Fact, Proof, Step, FORMAT, VERSION};
use crate::geometry::Geometry;
use crate::grid::{GridField, GridValues};
use crate::rules::{self, Ctx, Premise};
use crate::Verified;

/// Checks a certificate, against the caller's givens when they are supplied.
pub fn check(proof: &Proof, givens: Option<&str>) -> Result<Verified, CheckError> {
    let (geo, puzzle) = check_header(proof, givens)?;
    let mut pass = Pass::new(&geo, &puzzle, &proof.steps);
    for (i, step) in proof.steps.iter().enumerate() {
        pass.check_step(i, step)?;
    }
    let claim = claims::check_claim(&geo, &puzzle, &proof.claim, &pass.root)?;
    let (steps, premises, max_depth) = (proof.steps.len(), pass.premises, pass.max_depth);
    Ok(Verified { claim, order: proof.order, steps, premises, max_depth })
}

/// Checks format, version, order and puzzle; returns the geometry and the givens.
fn check_header(proof: &Proof, givens: Option<&str>) -> Result<(Geometry, GridValues), CheckError> {
    if proof.format != FORMAT {
        return Err(CheckError::BadFormat { found: proof.format.chars().take(40).collect() });
    }
    if proof.version != VERSION {
        return Err(CheckError::BadVersion { found: proof.version });
    }
    let geo = Geometry::new(proof.order).ok_or(CheckError::BadOrder { found: proof.order })?;
    let puzzle = GridValues::parse(&proof.puzzle, &geo, GridField::Puzzle)?;
    if let Some(text) = givens {
        let theirs = GridValues::parse(text, &geo, GridField::Givens)?;
        if let Some((cell, header, givens)) = puzzle.first_difference(&theirs, &geo) {
            return Err(CheckError::PuzzleMismatch { cell, header, givens });
        }
    }
    Ok((geo, puzzle))
}

/// The state of the forward pass; per-step vectors are indexed by position in the list.
struct Pass<'a> {
    geo: &'a Geometry,
    puzzle: &'a GridValues,
    steps: &'a [Step],
    /// For an Assume: its subproof is open now. Cleared once, never set again.
    open: Vec<bool>,
    /// The Assume (position) whose subproof the step's fact lives in; `None` for the root.
    home: Vec<Option<usize>>,
    /// The open Assumes, innermost last.
    stack: Vec<usize>,
    /// The current step's premises, resolved (reused to avoid an allocation per step).
    resolved: Vec<Premise>,
    root: RootFacts,
    premises: usize,
    max_depth: usize,
}

impl<'a> Pass<'a> {
    fn new(geo: &'a Geometry, puzzle: &'a GridValues, steps: &'a [Step]) -> Self {
        Pass {
            geo,
            puzzle,
            steps,
            open: Vec::with_capacity(steps.len()),
            home: Vec::with_capacity(steps.len()),
            stack: Vec::new(),
            resolved: Vec::new(),
            root: RootFacts::new(geo),
            premises: 0,
            max_depth: 0,
        }
    }

    /// Checks the step at position `i`, then records it.
    fn check_step(&mut self, i: usize, step: &Step) -> Result<(), CheckError> {
        self.check_id(i, step)?;
        self.check_range(step)?;
        let scope = self.enter_scope(i, step)?;
        self.resolve_premises(i, step)?;
        rules::check_rule(&Ctx { geo: self.geo, puzzle: self.puzzle, step }, &self.resolved)?;
        let opens = rules::opens_subproof(step.rule);
        let home = if opens { Some(i) } else { scope };
        self.home.push(home);
        self.open.push(opens);
        if opens {
            self.stack.push(i);
            self.max_depth = self.max_depth.max(self.stack.len());
        }
        if home.is_none() {
            self.root.record(self.geo, step.fact);
        }
        self.premises = self.premises.saturating_add(step.premises.len());
        Ok(())
    }

    fn check_id(&self, i: usize, step: &Step) -> Result<(), CheckError> {
        match i.checked_sub(1).and_then(|p| self.steps.get(p)) {
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
                let (id, rule) = (step.id, step.rule);
                Some(found.ok_or(CheckError::ScopeNotOpen { step: id, rule, scope })?)
            }
        };
        while let Some(&top) = self.stack.last() {
            if Some(top) == target {
                break;
            }
            if let Some(flag) = self.open.get_mut(top) {
                *flag = false;
            }
            self.stack.pop();
        }
        Ok(target)
    }

    /// Resolves the step's premise ids to earlier steps usable here, into `self.resolved`.
    fn resolve_premises(&mut self, i: usize, step: &Step) -> Result<(), CheckError> {
        self.resolved.clear();
        let (id, rule) = (step.id, step.rule);
        let (found, limit) = (step.premises.len(), rules::premise_limit(self.geo));
        if found > limit {
            return Err(CheckError::TooManyPremises { step: id, rule, found, limit });
        }
        for &premise in &step.premises {
            if premise == id {
                return Err(CheckError::PremiseSelf { step: id, rule, premise });
            }
            if premise > id {
                return Err(CheckError::PremiseForward { step: id, rule, premise });
            }
            let j = self.index_of(premise, i).ok_or(CheckError::PremiseUnknown {
                step: id,
                rule,
                premise,
            })?;
            let home = self.home.get(j).copied().flatten();
            if let Some(h) = home.filter(|&h| rules::generic_scoping(rule) && !self.is_open(h)) {
                let home = self.steps.get(h).map_or(0, |s| s.id);
                return Err(CheckError::PremiseOutOfScope { step: id, rule, premise, home });
            }
            let cited =
                self.steps.get(j).ok_or(CheckError::PremiseUnknown { step: id, rule, premise })?;
            let (fact, rule, scope, open) = (cited.fact, cited.rule, cited.scope, self.is_open(j));
            self.resolved.push(Premise { id: premise, fact, rule, scope, open });
        }
        Ok(())
    }

    /// The position of the step with this id among the first `before` steps.
    fn index_of(&self, id: u64, before: usize) -> Option<usize> {
        let checked = self.steps.get(..before)?;
        let dense =
            usize::try_from(id).ok().filter(|&j| checked.get(j).is_some_and(|s| s.id == id));
        dense.or_else(|| checked.binary_search_by_key(&id, |s| s.id).ok())
    }

    fn is_open(&self, j: usize) -> bool {
        self.open.get(j).copied().unwrap_or(false)
    }
}
