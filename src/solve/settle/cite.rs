//! The premises of every step, found when its scope closes (the root's once the puzzle is
//! settled): each elimination a rule needs, justified by the earliest step implying it.
//!
//! Found at the end of the scope rather than as each step is written, the justifications are
//! the same: an elimination a step needs was made before the step, so the earliest step
//! implying it comes before the step too, and later steps only add later candidates to the
//! minimum. A subproof closed in between changed nothing: its state was restored, so what it
//! implied is gone from the tables. A crossing unit's placement, which stands for a whole
//! segment, is cited only if it precedes the step.

use super::masks::{CELL_UNITS, CROSSINGS, UNIT_MASKS};
use super::positions::{all_but, positions_of, ALL_POSITIONS, MEETS, UNIT_CELLS};
use super::{Settle, Why};
use crate::trace::{StepId, NONE};

impl Settle {
    /// Cite every step not cited yet — the root's, at the end (a subproof's were cited, or
    /// left out, when it closed: [`Settle::cite_subproof`]): its premises go to `premises`,
    /// where they lie to `spans`. `None` if an elimination a step needs was never made (then
    /// it did not hold).
    pub(super) fn cite_rest(&mut self) -> Option<()> {
        let mut premises = std::mem::take(&mut self.premises);
        premises.reserve(self.steps.len() * 6);
        self.spans.resize(self.steps.len(), super::UNCITED);
        for k in 0..self.steps.len() {
            if self.spans[k] != super::UNCITED {
                continue;
            }
            let start = premises.len() as u32;
            // The givens (the first steps) cite nothing: no call for them.
            if !matches!(self.steps[k].why, Why::Given) {
                self.cite_step(k, &mut premises)?;
            }
            self.spans[k] = (start, premises.len() as u32);
        }
        self.premises = premises;
        Some(())
    }

    /// Cite the steps of a subproof that its ⊥ `bottom` needs, transitively, from the last
    /// back to the one after its Assume `assume` (a step cites only earlier ones); the others
    /// are left out of the certificate (an empty span, never emitted). Steps of subproofs
    /// closed inside it were cited when they closed; their own premises are followed all
    /// the same, since those may lie in this subproof.
    pub(super) fn cite_subproof(&mut self, assume: usize, bottom: usize) -> Option<()> {
        let mut premises = std::mem::take(&mut self.premises);
        self.spans.resize(self.steps.len(), super::UNCITED);
        let mut needed = std::mem::take(&mut self.needed);
        needed.clear();
        needed.resize(bottom - assume, false);
        needed[bottom - assume - 1] = true;
        for k in (assume + 1..=bottom).rev() {
            if !needed[k - assume - 1] {
                if self.spans[k] == super::UNCITED {
                    self.spans[k] = (0, 0);
                }
                continue;
            }
            if self.spans[k] == super::UNCITED {
                let start = premises.len() as u32;
                self.cite_step(k, &mut premises)?;
                self.spans[k] = (start, premises.len() as u32);
            }
            let (start, end) = self.spans[k];
            for &p in &premises[start as usize..end as usize] {
                if p as usize > assume {
                    needed[p as usize - assume - 1] = true;
                }
            }
        }
        self.premises = premises;
        self.needed = needed;
        Some(())
    }

    /// The premises of step `k`, pushed onto `premises`.
    fn cite_step(&self, k: usize, premises: &mut Vec<StepId>) -> Option<()> {
        let written = &self.steps[k];
        let step = k as StepId;
        let (i, d0) = (written.cell.index(), written.digit.get() - 1);
        match written.why {
            // A step cited when written has its span already and is never cited here.
            Why::Given | Why::Assume | Why::Cited => {}
            Why::Naked => self.naked(i, d0, premises)?,
            Why::Hidden(unit) => {
                let unit = usize::from(unit);
                self.cover(unit, all_but(unit, i), d0, step, premises)?;
            }
            Why::Locked(from, to) => {
                let (from, to) = (usize::from(from), usize::from(to));
                let open = ALL_POSITIONS & !positions_of(from, UNIT_MASKS[to]);
                self.cover(from, open, d0, step, premises)?;
            }
            Why::Negation(assume, bottom) => premises.extend([assume, bottom]),
            Why::Exclusion(by) => premises.push(by),
            // A ⊥ holds the cell and digit of its first premise's elimination.
            Why::EmptyCell(first) => {
                premises.push(first);
                self.naked(i, d0, premises)?;
            }
            Why::NoPlace(unit, first) => {
                let unit = usize::from(unit);
                premises.push(first);
                self.cover(unit, all_but(unit, i), d0, step, premises)?;
            }
        }
        Some(())
    }

    /// The earliest step implying `c≠d0+1` for the cell `c` of index `i`: its elimination by
    /// locked candidates, a placement of the digit in a unit of `c`, or the placement of `c`.
    pub(super) fn justification(&self, i: usize, d0: usize) -> StepId {
        let by_units = CELL_UNITS[i].map(|u| self.unit_step[usize::from(u) * 9 + d0]);
        let eliminated = self.elim_step.get(i * 9 + d0).copied().unwrap_or(NONE);
        let own = self.place_step[i].min(eliminated);
        by_units.into_iter().fold(own, StepId::min)
    }

    /// NakedSingle at the cell of index `i`, its digit `d0+1`: each other digit's elimination.
    fn naked(&self, i: usize, d0: usize, premises: &mut Vec<StepId>) -> Option<()> {
        for e0 in (0..9).filter(|&e0| e0 != d0) {
            premises.push(cited(self.justification(i, e0))?);
        }
        Some(())
    }

    /// `d0+1`'s elimination from the cells of `unit` at the positions `open`, for step
    /// `step`: a crossing unit's earlier placement of the digit once for the segment where they
    /// meet, then each cell left by its own justification.
    ///
    /// Cells as a unit's positions ([`super::positions`]): as 81-bit masks, every operation of
    /// the loops took two words (pe96 solve + check −1.4 %). Gathered in a local array and
    /// appended at once: written into `premises` as found, every write went through the
    /// vector's length in memory (a store the next one waited for).
    ///
    /// Inlined into [`Settle::cite_step`], its one caller: called, it saved and restored six
    /// registers for every hidden single (pe96 solve −1.4 % of instructions, forum_hardest
    /// −0.6 %). `cite_step` itself stays a call: inlined into both its callers, it took the
    /// instructions of pe96's solve 1.1 % lower and forum_hardest's 1.7 % higher.
    #[inline(always)]
    fn cover(
        &self,
        unit: usize,
        mut open: u16,
        d0: usize,
        step: StepId,
        premises: &mut Vec<StepId>,
    ) -> Option<()> {
        // Each premise covers at least one of the (at most eight) cells of `open`.
        let mut found = [NONE; 8];
        // Without a branch per crossing (which one is cited follows no pattern the processor
        // could learn): a slot written for each, kept if it was cited.
        let mut count = 0;
        for (&crossing, &meet) in CROSSINGS[unit].iter().zip(&MEETS[unit]) {
            let by = self.unit_step[usize::from(crossing) * 9 + d0];
            let meets = open & meet;
            let cite = (meets != 0) & (by < step);
            *found.get_mut(count)? = by;
            count += usize::from(cite);
            open &= !(meets & u16::from(cite).wrapping_neg());
        }
        // Each cell left by its own justification: the first two without a branch on how many
        // there are, any more one by one (a loop over the cells left ended after a count that
        // varies from step to step; pe96 solve −1.9 % with two, none with three).
        let cells = &UNIT_CELLS[unit];
        let mut unmade = false;
        for _ in 0..2 {
            let left = open != 0;
            let p = (open.trailing_zeros() as usize).min(8);
            let by = self.justification(usize::from(cells[p]), d0);
            *found.get_mut(count)? = by;
            count += usize::from(left);
            unmade |= left & (by == NONE);
            open &= open.wrapping_sub(1);
        }
        if unmade {
            return None;
        }
        while open != 0 {
            let p = open.trailing_zeros() as usize;
            open &= open - 1;
            *found.get_mut(count)? = cited(self.justification(usize::from(cells[p]), d0))?;
            count += 1;
        }
        // All eight slots copied, the unused ones dropped again: a copy of a length known
        // only at run time was a call to `memcpy` (2 % of solving and checking pe96).
        let kept = premises.len() + count;
        premises.extend_from_slice(&found);
        premises.truncate(kept);
        Some(())
    }
}

/// `by`, if it is a step (`None` for [`NONE`]: the elimination was never made).
fn cited(by: StepId) -> Option<StepId> {
    (by != NONE).then_some(by)
}
