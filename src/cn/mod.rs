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
//! 9×9 puzzle, and as events each would wake four rules. [`Cn::start`] records them in one
//! sweep over the grid without events ([`State::exclude_placed`]: the same justifications as
//! placing the givens one by one) and the first run begins with a sweep ([`Cn::sweep`]) that
//! asks every cell, then every unit and digit, once — the same rule instances, since a sweep
//! after the last change is what the events would have amounted to (the fixpoint is unique; only which instance fires
//! first, and so the certificate's order, differs). On pe96 this took a third off `Cn`.
//!
//! Locked candidates are woken the same way: the event `c≠d` shrinks the places of
//! `d` in the three units of `c`, the only change that can confine them to one line
//! or box (a line whose places still span more than `n` positions is not queued: its next
//! shrinking event queues it again). They are looked at only once the singles have nothing
//! left to do, oldest first, one instance at a time (its eliminations become events): on an
//! easy puzzle the singles finish before locked candidates ever fire, so the certificate
//! carries neither their eliminations nor the Exclusion steps their premises would need.
//! The subset rules (naked and hidden pairs and triples) have no single triggering event, so
//! they run only when the queue is empty: the first instance found is applied (its
//! eliminations become events) and the singles react again.
//!
//! Which rules wake on what is in `react.rs`; the event queue in `fifo.rs`.

use crate::grid::{Cell, Digit, Grid};
use crate::rules::{self, HallCache, Placement, RuleSet};
use crate::state::State;
use crate::trace::{Conclusion, StepId, Trace};
use deduku_check::format::Rule;
use fifo::Fifo;

mod fifo;
mod react;

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
        // A run queues at most one event per candidate (each is eliminated once), and a rule
        // names at most `N` premises or so: skip the regrowth of every buffer (the queue, sized
        // for one event per cell, was reallocated three times per easy 9×9 puzzle).
        let (cells, side) = (puzzle.order().cells(), puzzle.order().side());
        self.queue.reserve(cells * side);
        self.locked_pending.reserve(cells);
        self.premises.reserve(2 * side);
        self.locked_lits.reserve(side);
        self.premise_lits.reserve(side);
        for (cell, digit) in puzzle.filled() {
            let id = trace.push(Conclusion::place(cell, digit), Rule::Given, &[], state.scope);
            if let Some(earlier) = earlier_given(&state, cell, digit) {
                self.site = Some(Site::Cell(cell));
                self.premises.clear();
                self.premises.extend([id, earlier]);
                return Err(self.record(&state, trace, Conclusion::Bottom, Rule::Clash));
            }
            state.place(cell, digit, id);
        }
        // Their exclusions in one sweep, without events: the first run sweeps every rule
        // instance instead of reacting to them.
        state.exclude_placed();
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

    /// The rule set this engine applies.
    pub fn rules(&self) -> RuleSet {
        self.rules
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
            // A solved grid leaves no pattern to find: the units and digits queued for locked
            // candidates (hundreds on an easy puzzle) are dropped unread.
            if state.unsolved() == 0 {
                self.locked_pending.clear();
                break;
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
        // Implied eliminations: the placement justifies each, no step is written. This is
        // `rules::exclusions` (same literals, same order) applied as it is computed: collecting
        // them into a buffer first costs 2–4 % of a solve.
        for other in state.cands(cell).without(digit).iter() {
            state.eliminate(cell, other, id);
            self.queue.push((cell, other));
        }
        // The peers losing `digit`, read from the places masks of the cell's row, column and
        // box in turn (each read after the eliminations before it: a cell is met once), rather
        // than by testing all `3N − 2n − 1` peers.
        let geo = state.geo();
        for (unit, at) in geo.units_of(cell).into_iter().zip(geo.positions_of(cell)) {
            let cells = geo.unit_cells(unit as usize);
            let mut losers = state.places(unit as usize, digit) & !(1u64 << at);
            while losers != 0 {
                let peer = cells[losers.trailing_zeros() as usize];
                losers &= losers - 1;
                state.eliminate(peer, digit, id);
                self.queue.push((peer, digit));
            }
        }
        Ok(())
    }
}

/// The earliest given placing `digit` in a unit of `cell`, if any: the placement that would
/// have eliminated `digit` from `cell` (what Clash cites with the given `cell=digit`).
fn earlier_given(state: &State, cell: Cell, digit: Digit) -> Option<StepId> {
    let units = state.geo().units_of(cell);
    if !units.iter().any(|&u| state.placed_in_unit(u as usize, digit)) {
        return None;
    }
    let peers = state.geo().peers(cell).iter().filter(|&&p| state.placed(p) == Some(digit));
    peers.map(|&p| state.place_step(p)).min()
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
