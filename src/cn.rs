//! The consequence operator `Cn_R`: a worklist fixpoint of the rule set `R`.
//!
//! Exclusion is applied eagerly when a digit is placed, so the state is always
//! closed under it — but recorded implicitly: the eliminated candidates' justification is
//! the placement itself, which NakedSingle, HiddenSingle, EmptyCell, NoPlace, Clash and
//! LockedCandidates may cite for the eliminations it implies (`docs/proof-format.md`,
//! "Implied eliminations"). The rules that need the elimination as a step of its own (the
//! first premise of EmptyCell and NoPlace, the subsets) get an Exclusion step written when
//! they fire ([`explicit`]). On an easy 9×9 puzzle that leaves out most of the trace's steps.
//! Every elimination then becomes an event on a FIFO queue,
//! and the event `c≠d` wakes exactly the rules whose premises it can complete:
//! EmptyCell and NakedSingle at `c`, NoPlace and HiddenSingle for `d` in the
//! three units of `c`. Every derived literal is recorded in the trace with
//! the premises the reporting rule named. ⊥ is absorbing: the first one ends
//! the run. A unit where `d` is already placed is skipped at once: none of its rules for
//! `d` can fire there.
//!
//! The givens are the exception: their exclusions are about half of all eliminations on a
//! 9×9 puzzle, and as events each would wake four rules. [`Cn::start`] drops those events
//! and the first run begins with a sweep ([`Cn::sweep`]) that asks every cell, then every
//! unit and digit, once — the same rule instances, since a sweep after the last change is
//! what the events would have amounted to (the fixpoint is unique; only which instance fires
//! first, and so the certificate's order, differs). On pe96 this took a third off `Cn`.
//!
//! Locked candidates are woken the same way: the event `c≠d` shrinks the places of
//! `d` in the three units of `c`, the only change that can confine them to one line
//! or box. They are looked at only once the singles have nothing left to do, oldest
//! first, one instance at a time (its eliminations become events): on an easy puzzle the
//! singles finish before locked candidates ever fire, so the certificate carries neither
//! their eliminations nor the Exclusion steps their premises would need. The subset rules (naked and hidden pairs and triples) have no single
//! triggering event, so they run only when the queue is empty: the first instance
//! found is applied (its eliminations become events) and the singles react again.

use crate::grid::{Cell, Digit, Grid};
use crate::rules::{self, HallCache, Placement, RuleKind, RuleSet};
use crate::state::State;
use crate::trace::{Conclusion, StepId, Trace};
use deduku_check::format::Rule;

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
    queue: Fifo,
    premises: Vec<StepId>,
    locked_lits: Vec<(Cell, Digit)>,
    premise_lits: Vec<(Cell, Digit)>,
    hall: HallCache,
    site: Option<Site>,
    /// Units and digits whose places shrank since locked candidates last looked at them:
    /// looked at only when the singles have nothing left to do (cheap rules first).
    locked_pending: Vec<(usize, Digit)>,
    /// Whether the next run starts with a [`Cn::sweep`] (set by [`Cn::start`]).
    sweep: bool,
}

impl Cn {
    /// A fixpoint engine for `rules`.
    pub fn new(rules: RuleSet) -> Cn {
        let (premises, locked_lits) = (Vec::new(), Vec::new());
        let (hall, premise_lits) = (HallCache::default(), Vec::new());
        let queue = Fifo::default();
        Cn {
            rules,
            queue,
            premises,
            locked_lits,
            premise_lits,
            hall,
            site: None,
            sweep: false,
            locked_pending: Vec::new(),
        }
    }

    /// A root state holding the givens of `puzzle` (with their exclusions), or
    /// the ⊥ step if two givens clash. Run [`Cn::run`] next.
    pub fn start(&mut self, puzzle: &Grid, trace: &mut Trace) -> Result<State, StepId> {
        let mut state = State::new(puzzle.order());
        // The givens' exclusions alone queue about one event per cell: skip the regrowth.
        self.queue.reserve(puzzle.order().cells());
        for (cell, digit) in puzzle.filled() {
            let id = trace.push(Conclusion::place(cell, digit), Rule::Given, &[], state.scope);
            if let Err(bottom) = self.place(&mut state, trace, cell, digit, id) {
                self.queue.clear();
                return Err(bottom);
            }
        }
        // The first run sweeps every rule instance instead of reacting to these events.
        self.queue.clear();
        self.sweep = true;
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
        self.queue.push((cell, digit));
        id
    }

    /// Where the latest ⊥ was found.
    pub fn conflict_site(&self) -> Option<Site> {
        self.site
    }

    /// Apply the rules to a fixpoint (or ⊥).
    pub fn run(&mut self, state: &mut State, trace: &mut Trace) -> CnOutcome {
        if std::mem::take(&mut self.sweep) {
            if let Err(bottom) = self.sweep(state, trace) {
                self.queue.clear();
                self.locked_pending.clear();
                return CnOutcome::Bottom(bottom);
            }
        }
        loop {
            while let Some((cell, digit)) = self.queue.pop() {
                if let Err(bottom) = self.react(state, trace, cell, digit) {
                    self.queue.clear();
                    self.locked_pending.clear();
                    return CnOutcome::Bottom(bottom);
                }
            }
            if self.apply_pending_locked(state, trace) {
                continue;
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
        self.react_cell(state, trace, cell)?;
        for unit in state.geo().units_of(cell) {
            self.react_unit(state, trace, unit as usize, digit)?;
        }
        Ok(())
    }

    /// Every rule instance at once, as if every elimination so far were an event: what the
    /// first run does after [`Cn::start`] instead of one event per given's exclusion (about
    /// `N²·N/2` events on a 9×9 puzzle, each waking four rules, where the sweep asks each
    /// cell and each unit and digit once).
    fn sweep(&mut self, state: &mut State, trace: &mut Trace) -> Result<(), StepId> {
        let geo = state.geo();
        for cell in geo.all_cells() {
            self.react_cell(state, trace, cell)?;
        }
        for unit in 0..geo.unit_count() {
            for digit in (1..=geo.side()).map(Digit::new) {
                self.react_unit(state, trace, unit, digit)?;
            }
        }
        Ok(())
    }

    /// The rules about one cell: EmptyCell, NakedSingle.
    fn react_cell(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        cell: Cell,
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
        Ok(())
    }

    /// The rules about one digit in one unit: NoPlace, HiddenSingle, LockedCandidates.
    fn react_unit(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        unit: usize,
        digit: Digit,
    ) -> Result<(), StepId> {
        if state.placed_in_unit(unit, digit) {
            return Ok(()); // none of them can fire: the placement is one of the places
        }
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
            self.locked_pending.push((unit, digit));
        }
        Ok(())
    }

    /// Apply the first locked-candidates instance among the units and digits whose places
    /// changed (oldest first), forgetting those looked at; whether one fired.
    fn apply_pending_locked(&mut self, state: &mut State, trace: &mut Trace) -> bool {
        let mut seen = 0;
        while let Some(&(unit, digit)) = self.locked_pending.get(seen) {
            seen += 1;
            if self.apply_locked(state, trace, unit, digit) {
                self.locked_pending.drain(..seen);
                return true;
            }
        }
        self.locked_pending.clear();
        false
    }

    /// Apply locked candidates confining `digit` in `unit`, if they eliminate; whether they did.
    fn apply_locked(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        unit: usize,
        digit: Digit,
    ) -> bool {
        let (lits, premise_lits) = (&mut self.locked_lits, &mut self.premise_lits);
        let Some(rule) = rules::locked_from(state, unit, digit, lits, premise_lits) else {
            return false;
        };
        // Each premise as the state justifies it: a placement stands for the eliminations it
        // implies (once, however many of them), as for the singles.
        self.premises.clear();
        for &(c, d) in premise_lits.iter() {
            rules::push_unique(&mut self.premises, state.elim_step(c, d));
        }
        eliminate_all(state, trace, &mut self.queue, lits, rule, &self.premises);
        true
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
        // Implied eliminations (the Exclusion relation, in `rules::exclusions`' order): the
        // placement justifies each, no step is written.
        for other in state.cands(cell).without(digit).iter() {
            state.eliminate(cell, other, id);
            self.queue.push((cell, other));
        }
        for &peer in state.geo().peers(cell) {
            if state.cands(peer).contains(digit) {
                state.eliminate(peer, digit, id);
                self.queue.push((peer, digit));
            }
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
    queue: &mut Fifo,
    lits: &[(Cell, Digit)],
    rule: Rule,
    premises: &[StepId],
) {
    for &(c, d) in lits {
        let e = trace.push(Conclusion::elim(c, d), rule, premises, state.scope);
        state.eliminate(c, d, e);
        queue.push((c, d));
    }
}

/// The event queue: a FIFO of eliminations, drained completely by every run (so it is a
/// vector read from `head`, reset when empty, rather than a ring buffer).
#[derive(Clone, Debug, Default)]
struct Fifo {
    events: Vec<(Cell, Digit)>,
    head: usize,
}

impl Fifo {
    fn push(&mut self, event: (Cell, Digit)) {
        self.events.push(event);
    }

    fn pop(&mut self) -> Option<(Cell, Digit)> {
        let event = self.events.get(self.head).copied();
        self.head += 1;
        if event.is_none() {
            self.clear();
        }
        event
    }

    fn clear(&mut self) {
        self.events.clear();
        self.head = 0;
    }

    fn reserve(&mut self, additional: usize) {
        self.events.reserve(additional);
    }
}
