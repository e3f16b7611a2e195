//! The premises of every step, found once the puzzle is settled: each elimination a rule
//! needs, justified by the earliest step implying it.
//!
//! Found at the end rather than as each step is written, the justifications are the same: an
//! elimination a step needs was made before the step, so the earliest step implying it comes
//! before the step too, and later steps only add later candidates to the minimum. A crossing
//! unit's placement, which stands for a whole segment, is cited only if it precedes the step.

use super::masks::{CELL_UNITS, CROSSINGS, UNIT_MASKS};
use super::{Settle, Why};
use crate::trace::{StepId, NONE};

impl Settle {
    /// The premises of every step, one after the other, and where each step's end among
    /// them (its start is the previous step's end); `None` if an elimination a step needs
    /// was never made (then it did not hold).
    pub(super) fn cite_all(&self) -> Option<(Vec<StepId>, Vec<u32>)> {
        let mut premises = Vec::with_capacity(self.steps.len() * 6);
        let mut ends = Vec::with_capacity(self.steps.len());
        for (k, written) in self.steps.iter().enumerate() {
            let step = k as StepId;
            let (i, d0) = (written.cell.index(), written.digit.get() - 1);
            match written.why {
                Why::Given => {}
                Why::Naked => self.naked(i, d0, &mut premises)?,
                Why::Hidden(unit) => {
                    let unit = usize::from(unit);
                    self.cover(unit, UNIT_MASKS[unit] & !(1 << i), d0, step, &mut premises)?;
                }
                Why::Locked(from, to) => {
                    let open = UNIT_MASKS[usize::from(from)] & !UNIT_MASKS[usize::from(to)];
                    self.cover(usize::from(from), open, d0, step, &mut premises)?;
                }
            }
            ends.push(premises.len() as u32);
        }
        Some((premises, ends))
    }

    /// The earliest step implying `c≠d0+1` for the cell `c` of index `i`: its elimination by
    /// locked candidates, a placement of the digit in a unit of `c`, or the placement of `c`.
    fn justification(&self, i: usize, d0: usize) -> StepId {
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

    /// `d0+1`'s elimination from the cells `open` of `unit`, for step `step`: a crossing
    /// unit's earlier placement of the digit once for the segment where they meet, then each
    /// cell left by its own justification.
    fn cover(
        &self,
        unit: usize,
        mut open: u128,
        d0: usize,
        step: StepId,
        premises: &mut Vec<StepId>,
    ) -> Option<()> {
        // Without a branch per crossing (which one is cited follows no pattern the processor
        // could learn): six slots written, as many kept as were cited.
        let base = premises.len();
        premises.resize(base + 6, NONE);
        let mut count = 0;
        for &crossing in &CROSSINGS[unit] {
            let crossing = usize::from(crossing);
            let by = self.unit_step[crossing * 9 + d0];
            let meets = open & UNIT_MASKS[crossing];
            let cite = (meets != 0) & (by < step);
            premises[base + count] = by;
            count += usize::from(cite);
            open &= !(meets & u128::from(cite).wrapping_neg());
        }
        premises.truncate(base + count);
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            premises.push(cited(self.justification(i, d0))?);
        }
        Some(())
    }
}

/// `by`, if it is a step (`None` for [`NONE`]: the elimination was never made).
fn cited(by: StepId) -> Option<StepId> {
    (by != NONE).then_some(by)
}
