//! The premises of each step, found when it is written: every elimination a rule needs,
//! justified by the earliest step implying it.

use super::masks::{crossing_count, CELL_UNITS, CROSSINGS, UNIT_MASKS};
use super::Settle;
use crate::trace::{StepId, NONE};

impl Settle {
    /// The earliest step implying `c≠d0+1` for the cell `c` of index `i`: its elimination by
    /// locked candidates, a placement of the digit in a unit of `c`, or the placement of `c`.
    fn justification(&self, i: usize, d0: usize) -> StepId {
        let by_units = CELL_UNITS[i].map(|u| self.unit_step[usize::from(u) * 9 + d0]);
        let own = self.place_step[i].min(self.elim_step[i * 9 + d0]);
        by_units.into_iter().fold(own, StepId::min)
    }

    /// NakedSingle at the cell of index `i`, its digit `d0+1`: each other digit's elimination.
    pub(super) fn naked_premises(&mut self, i: usize, d0: usize) -> Option<()> {
        for e0 in (0..9).filter(|&e0| e0 != d0) {
            self.cite(self.justification(i, e0))?;
        }
        Some(())
    }

    /// HiddenSingle of `d0+1` at the cell of index `i` in `unit`: the digit's elimination from
    /// every other cell of the unit.
    pub(super) fn hidden_premises(&mut self, unit: usize, i: usize, d0: usize) -> Option<()> {
        self.cover(unit, UNIT_MASKS[unit] & !(1 << i), d0)
    }

    /// LockedCandidates from `from` to `to`: the digit's elimination from every cell of
    /// `from` outside `to`.
    pub(super) fn locked_premises(&mut self, from: usize, to: usize, d0: usize) -> Option<()> {
        self.cover(from, UNIT_MASKS[from] & !UNIT_MASKS[to], d0)
    }

    /// Cite `d0+1`'s elimination from the cells `open` of `unit`: a crossing unit's placement
    /// of the digit once for the segment where they meet, then each cell left by its own
    /// justification.
    fn cover(&mut self, unit: usize, mut open: u128, d0: usize) -> Option<()> {
        for &crossing in &CROSSINGS[unit][..crossing_count(unit)] {
            let crossing = usize::from(crossing);
            let by = self.unit_step[crossing * 9 + d0];
            if open & UNIT_MASKS[crossing] != 0 && by != NONE {
                self.cite(by)?;
                open &= !UNIT_MASKS[crossing];
            }
        }
        while open != 0 {
            let i = open.trailing_zeros() as usize;
            open &= open - 1;
            self.cite(self.justification(i, d0))?;
        }
        Some(())
    }

    /// Cite step `by`; `None` if there is none (the elimination was never made: the rule
    /// did not apply, and nothing may cite it).
    fn cite(&mut self, by: StepId) -> Option<()> {
        (by != NONE).then(|| self.premises.push(by))
    }
}
