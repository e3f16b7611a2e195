//! The consequence operator `Cn_R`: a worklist fixpoint of the rule set `R`.
//!
//! Exclusion is applied eagerly when a digit is placed, so the state is always
//! closed under it — but recorded implicitly: the eliminated candidates' justification is
//! the placement itself, which NakedSingle, HiddenSingle, EmptyCell, NoPlace and Clash may
//! cite for the eliminations it implies (`docs/proof-format.md`, "Implied eliminations").
//! The rules that need the elimination as a step of its own (the first premise of EmptyCell
//! and NoPlace, locked candidates, subsets) get an Exclusion step written when they fire
//! ([`explicit`]). On an easy 9×9 puzzle that leaves out most of the trace's steps.
//! Every elimination then becomes an event on a FIFO queue,
//! and the event `c≠d` wakes exactly the rules whose premises it can complete:
//! EmptyCell and NakedSingle at `c`, NoPlace and HiddenSingle for `d` in the
//! three units of `c`. Every derived literal is recorded in the trace with
//! the premises the reporting rule named. ⊥ is absorbing: the first one ends
//! the run.
//!
//! Locked candidates are woken the same way: the event `c≠d` shrinks the places of
//! `d` in the three units of `c`, the only change that can confine them to one line
//! or box. The subset rules (naked and hidden pairs and triples) have no single
//! triggering event, so they run only when the queue is empty: the first instance
//! found is applied (its eliminations become events) and the singles react again.

use crate::grid::{Cell, Digit, Grid};
use crate::rules::{self, HallCache, Placement, RuleKind, RuleSet};
use crate::state::State;
use crate::trace::{Conclusion, StepId, Trace};
use deduku_check::format::Rule;
use std::collections::VecDeque;

/// How a run of `Cn` ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CnOutcome {
    /// ⊥ was derived by the given step.
    Bottom(StepId),
    /// Every cell has a placement.
    Solved,
    /// The fixpoint leaves cells open.
    Stuck,
}

/// Where a run of `Cn` found ⊥: the cell or the unit whose constraint failed (what a
/// search's conflict weights count).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// A cell lost every candidate, or two digits were placed in it.
    Cell(Cell),
    /// A digit has no place left in the unit (its index).
    Unit(usize),
}

/// The fixpoint engine: the rule set and reusable buffers.
#[derive(Clone, Debug)]
pub struct Cn {
    rules: RuleSet,
    queue: VecDeque<(Cell, Digit)>,
    premises: Vec<StepId>,
    lits: Vec<(Cell, Digit)>,
    locked_lits: Vec<(Cell, Digit)>,
    premise_lits: Vec<(Cell, Digit)>,
    hall: HallCache,
    site: Option<Site>,
}

impl Cn {
    /// A fixpoint engine for `rules`.
    pub fn new(rules: RuleSet) -> Cn {
        let (premises, lits, locked_lits) = (Vec::new(), Vec::new(), Vec::new());
        let (hall, premise_lits) = (HallCache::default(), Vec::new());
        let queue = VecDeque::new();
        Cn { rules, queue, premises, lits, locked_lits, premise_lits, hall, site: None }
    }

    /// A root state holding the givens of `puzzle` (with their exclusions), or
    /// the ⊥ step if two givens clash. Run [`Cn::run`] next.
    pub fn start(&mut self, puzzle: &Grid, trace: &mut Trace) -> Result<State, StepId> {
        let mut state = State::new(puzzle.order());
        // The givens' exclusions alone queue about one event per cell: skip the regrowth.
        self.queue.reserve(puzzle.order().cells());
        for (cell, digit) in puzzle.filled() {
            let id = trace.push(Conclusion::place(cell, digit), Rule::Given, &[], state.scope);
            self.place(&mut state, trace, cell, digit, id)?;
        }
        Ok(state)
    }

    /// Open a subproof assuming `cell=digit`, in place: `state` now lives under
    /// the new Assume step, whose id is returned with the result of placing the
    /// digit (⊥ if it clashes). The caller keeps a state mark and the
    /// previous scope to close the subproof again.
    pub fn assume(
        &mut self,
        state: &mut State,
        cell: Cell,
        digit: Digit,
        trace: &mut Trace,
    ) -> (StepId, Result<(), StepId>) {
        let id = trace.push(Conclusion::place(cell, digit), Rule::Assume, &[], state.scope);
        state.scope = id;
        let placed = self.place(state, trace, cell, digit, id);
        if placed.is_err() {
            self.queue.clear();
        }
        (id, placed)
    }

    /// Close a refuted subproof: `cell≠digit` at `state`'s scope by Negation of
    /// the Assume `assume` whose subproof derived ⊥ at `bottom`.
    pub fn negate(
        &mut self,
        state: &mut State,
        (cell, digit): (Cell, Digit),
        (assume, bottom): (StepId, StepId),
        trace: &mut Trace,
    ) -> StepId {
        let id = trace.push(
            Conclusion::elim(cell, digit),
            Rule::Negation,
            &[assume, bottom],
            state.scope,
        );
        state.eliminate(cell, digit, id);
        self.queue.push_back((cell, digit));
        id
    }

    /// Where the latest ⊥ was found.
    pub fn conflict_site(&self) -> Option<Site> {
        self.site
    }

    /// Apply the rules to a fixpoint (or ⊥).
    pub fn run(&mut self, state: &mut State, trace: &mut Trace) -> CnOutcome {
        loop {
            while let Some((cell, digit)) = self.queue.pop_front() {
                if let Err(bottom) = self.react(state, trace, cell, digit) {
                    self.queue.clear();
                    return CnOutcome::Bottom(bottom);
                }
            }
            if !self.rules.has_global() || !self.apply_pattern(state, trace) {
                break;
            }
        }
        if state.unsolved() == 0 {
            CnOutcome::Solved
        } else {
            CnOutcome::Stuck
        }
    }

    /// Apply the first pattern-rule instance found; false if there is none.
    fn apply_pattern(&mut self, state: &mut State, trace: &mut Trace) -> bool {
        let mut found = Vec::new();
        // Locked candidates are applied event by event (see `react`), and Hall sets are
        // looked up in the cache of units that changed: only the fixed-size subsets scan.
        let subsets = self.rules.without(RuleKind::Locked).without(RuleKind::Hall);
        rules::pattern_instances(state, subsets, true, &mut found);
        let mut first = found.into_iter().next();
        if first.is_none() && self.rules.contains(RuleKind::Hall) {
            first = self.hall.first_instance(state);
        }
        let Some(inst) = first else { return false };
        self.premises.clear();
        for &(c, d) in &inst.premises {
            let id = explicit(state, trace, c, d);
            self.premises.push(id);
        }
        eliminate_all(state, trace, &mut self.queue, &inst.lits, inst.rule, &self.premises);
        true
    }

    /// Wake the rules the event `cell≠digit` may complete.
    fn react(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        cell: Cell,
        digit: Digit,
    ) -> Result<(), StepId> {
        if let Some(ded) = rules::empty_cell(state, cell, &mut self.premises) {
            self.site = Some(Site::Cell(cell));
            // The first premise names the cell: it must be an elimination step.
            self.premises[0] = explicit(state, trace, cell, Digit::new(1));
            return Err(self.record(state, trace, Conclusion::Bottom, ded.rule));
        }
        if self.rules.contains(RuleKind::NakedSingle) {
            if let Some(ded) = rules::naked_single(state, cell, &mut self.premises) {
                self.apply_placement(state, trace, ded)?;
            }
        }
        for unit in state.geo().units_of(cell) {
            let unit = unit as usize;
            if let Some(ded) = rules::no_place(state, unit, digit, &mut self.premises) {
                self.site = Some(Site::Unit(unit));
                // The first premise names the digit: it must be an elimination step. The
                // placement it replaces may imply more of the unit's eliminations: it stays.
                let first = explicit(state, trace, state.geo().unit_cells(unit)[0], digit);
                if first != self.premises[0] {
                    self.premises.insert(0, first);
                }
                return Err(self.record(state, trace, Conclusion::Bottom, ded.rule));
            }
            if self.rules.contains(RuleKind::HiddenSingle) {
                if let Some(ded) = rules::hidden_single(state, unit, digit, &mut self.premises) {
                    self.apply_placement(state, trace, ded)?;
                }
            }
            if self.rules.contains(RuleKind::Locked) {
                self.apply_locked(state, trace, unit, digit);
            }
        }
        Ok(())
    }

    /// Apply locked candidates confining `digit` in `unit`, if they eliminate.
    fn apply_locked(&mut self, state: &mut State, trace: &mut Trace, unit: usize, digit: Digit) {
        let (lits, premise_lits) = (&mut self.locked_lits, &mut self.premise_lits);
        if let Some(rule) = rules::locked_from(state, unit, digit, lits, premise_lits) {
            self.premises.clear();
            for &(c, d) in premise_lits.iter() {
                let id = explicit(state, trace, c, d);
                self.premises.push(id);
            }
            eliminate_all(state, trace, &mut self.queue, lits, rule, &self.premises);
        }
    }

    /// Record `conclusion` by `rule` from the premises the rule left in `self.premises`.
    fn record(
        &self,
        state: &State,
        trace: &mut Trace,
        conclusion: Conclusion,
        rule: Rule,
    ) -> StepId {
        trace.push(conclusion, rule, &self.premises, state.scope)
    }

    fn apply_placement(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        placement: Placement,
    ) -> Result<(), StepId> {
        let Placement { lit, rule } = placement;
        let id = self.record(state, trace, Conclusion::Lit(lit), rule);
        self.place(state, trace, lit.cell, lit.digit, id)
    }

    /// Record the placement `cell=digit` (justified by step `id`) and its exclusions.
    fn place(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        cell: Cell,
        digit: Digit,
        id: StepId,
    ) -> Result<(), StepId> {
        if let Some(ded) = rules::clash(state, cell, digit, id, &mut self.premises) {
            self.site = Some(Site::Cell(cell));
            return Err(self.record(state, trace, Conclusion::Bottom, ded.rule));
        }
        state.place(cell, digit, id);
        self.lits.clear();
        rules::exclusions(state, cell, digit, &mut self.lits);
        // Implied eliminations: the placement justifies each, no step is written.
        for &(c, d) in &self.lits {
            state.eliminate(c, d, id);
            self.queue.push_back((c, d));
        }
        Ok(())
    }
}

/// The step of the elimination `cell≠digit` as a step of its own: the state's justification
/// if it is an elimination, else (a placement implying it) a new Exclusion step from that
/// placement, in the current scope. Not cached in the state: undoing a subproof would
/// leave the cache pointing into it.
pub(crate) fn explicit(state: &State, trace: &mut Trace, cell: Cell, digit: Digit) -> StepId {
    let by = state.elim_step(cell, digit);
    match trace.step(by).conclusion {
        Conclusion::Lit(lit) if lit.positive => {
            trace.push(Conclusion::elim(cell, digit), Rule::Exclusion, &[by], state.scope)
        }
        Conclusion::Lit(_) | Conclusion::Bottom => by,
    }
}

/// Record `c≠d` for each of `lits`, justified by `rule` from `premises`, and
/// queue each as an event.
fn eliminate_all(
    state: &mut State,
    trace: &mut Trace,
    queue: &mut VecDeque<(Cell, Digit)>,
    lits: &[(Cell, Digit)],
    rule: Rule,
    premises: &[StepId],
) {
    for &(c, d) in lits {
        let e = trace.push(Conclusion::elim(c, d), rule, premises, state.scope);
        state.eliminate(c, d, e);
        queue.push_back((c, d));
    }
}
