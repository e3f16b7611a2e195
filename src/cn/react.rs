//! What wakes on an event, and the first run's sweep: the rules about one cell (EmptyCell,
//! NakedSingle) and about one digit in one unit (NoPlace, HiddenSingle, and locked
//! candidates, which wait until the singles are done), plus the subsets' global scan.

use super::{eliminate_all, explicit, Cn, Site};
use crate::grid::{Cell, Digit};
use crate::rules::{self, RuleKind};
use crate::state::State;
use crate::trace::{Conclusion, StepId, Trace};

impl Cn {
    /// Apply the first pattern-rule instance found; false if there is none.
    pub(super) fn apply_pattern(&mut self, state: &mut State, trace: &mut Trace) -> bool {
        let mut found = Vec::new();
        // Locked candidates are looked at unit by unit (`apply_pending_locked`), and Hall sets
        // are looked up in the cache of units that changed: only the fixed-size subsets scan.
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
    pub(super) fn react(
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
    pub(super) fn sweep(&mut self, state: &mut State, trace: &mut Trace) -> Result<(), StepId> {
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

    /// The rules about one cell: EmptyCell, NakedSingle. Nearly every event leaves the cell
    /// two candidates or more, or placed, where neither can fire: those tests are inlined into
    /// the caller (a call costs more than the test, in saved registers), the rules run out of
    /// line.
    #[inline]
    fn react_cell(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        cell: Cell,
    ) -> Result<(), StepId> {
        let cands = state.cands(cell).0;
        // A placed cell has one candidate too, and neither rule fires there: its other digits'
        // events (one per candidate it lost when placed) wake only the unit rules.
        if cands & cands.wrapping_sub(1) != 0 || state.placed(cell).is_some() {
            return Ok(());
        }
        self.react_cell_rules(state, trace, cell)
    }

    #[inline(never)]
    fn react_cell_rules(
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

    /// The rules about one digit in one unit: NoPlace, HiddenSingle; the pair is left for
    /// locked candidates to look at once the singles are done. As for a cell, the common
    /// cases are inlined: the digit placed in the unit already (none of them can fire: the
    /// placement is one of the places), or two places left or more (only locked candidates
    /// may). `#[inline]` alone left it a call per unit, three per event and 243 per sweep:
    /// forced, a top95 `dfs` solve takes 7 % fewer instructions.
    #[inline(always)]
    fn react_unit(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        unit: usize,
        digit: Digit,
    ) -> Result<(), StepId> {
        if state.placed_in_unit(unit, digit) {
            return Ok(());
        }
        let places = state.places(unit, digit);
        if places & places.wrapping_sub(1) == 0 {
            return self.react_unit_rules(state, trace, unit, digit);
        }
        // Locked candidates need the places within one segment of a line (or a box's row or
        // column, not tested here): a line whose places span more than `n` positions is not
        // queued, and its next shrinking event queues it again.
        let side = state.side();
        if self.rules.contains(RuleKind::Locked)
            && (unit >= 2 * side
                || (places >> places.trailing_zeros()) >> state.geo().order().n() == 0)
        {
            self.locked_pending.push((unit, digit));
        }
        Ok(())
    }

    /// NoPlace or HiddenSingle, in a unit where the digit has at most one place.
    #[inline(never)]
    fn react_unit_rules(
        &mut self,
        state: &mut State,
        trace: &mut Trace,
        unit: usize,
        digit: Digit,
    ) -> Result<(), StepId> {
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
        Ok(())
    }

    /// Apply the first locked-candidates instance among the units and digits whose places
    /// changed (oldest first), forgetting those looked at; whether one fired.
    pub(super) fn apply_pending_locked(&mut self, state: &mut State, trace: &mut Trace) -> bool {
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
        let ids = premise_lits.iter().map(|&(c, d)| state.elim_step(c, d));
        rules::extend_distinct(&mut self.premises, ids);
        eliminate_all(state, trace, &mut self.queue, lits, rule, &self.premises);
        true
    }
}
