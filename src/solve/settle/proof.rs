//! The certificate of a settled puzzle: the steps its claim needs, renumbered.

use super::masks::CELL_UNITS;
use super::{Kind, Settle, Settled};
use crate::grid::Grid;
use crate::proof::proof_of;
use crate::trace::{StepId, NONE};
use deduku_check::format::{Claim, Fact, Premises, Step, INLINE};

impl Settle {
    /// The certificate of the solution: every placement of the root scope (each is a cell of
    /// the claim), and the steps they cite, transitively ([`Settle::needed_steps`]),
    /// renumbered 0, 1, 2 …
    pub(super) fn into_settled(mut self, puzzle: &Grid) -> Option<Settled> {
        self.cite_rest()?;
        let needed = self.needed_steps();
        // Read eight at a time past a step's last premise (see `premises_of`); padded only
        // now, so that the padding is never taken for a citation of step 0.
        self.premises.extend([0; INLINE]);
        // Every cell is placed at the root by now (subproofs restore the state they found).
        let grid = self.placed(puzzle);
        let steps = if needed.iter().all(|&n| n) {
            // Nothing left out (41 of pe96's 44 puzzles the rules settle alone): every id
            // stays, and the steps are written in place, one after the other (pushed one by
            // one, each was built aside and copied: 128 bytes a step).
            let all = 0..self.steps.len();
            all.map(|k| self.step_of(k, k as u64, &u64::from)).collect()
        } else {
            let new_id = renumbering(&needed);
            let renumbered = |p: StepId| u64::from(new_id.get(p as usize).copied().unwrap_or(NONE));
            let kept = (0..self.steps.len()).filter(|&k| needed[k]);
            kept.zip(0u64..).map(|(k, id)| self.step_of(k, id, &renumbered)).collect()
        };
        let proof = proof_of(puzzle, Claim::Solution(grid.to_line()), steps);
        Some(Settled { grid, proof, derived: self.steps.len(), stats: self.stats })
    }

    /// Written step `k` as certificate step `id`, the ids it holds (premises, scope)
    /// renumbered by `renumbered`.
    #[inline(always)]
    fn step_of(&self, k: usize, id: u64, renumbered: &impl Fn(StepId) -> u64) -> Step {
        let written = &self.steps[k];
        let [row, col, _] = CELL_UNITS[written.cell.index()];
        // A 9×9 grid: rows, columns and digits 1 to 9.
        let (r, c, d) = (row + 1, col - 8, written.digit.get() as u8);
        let fact = match written.kind {
            Kind::Place => Fact::Place { r, c, d },
            Kind::Elim => Fact::Elim { r, c, d },
            Kind::Bottom => Fact::Bottom,
        };
        let scope = (written.scope != NONE).then(|| renumbered(written.scope));
        let premises = premises_of(&self.premises, self.spans[k], renumbered);
        Step { id, fact, rule: written.rule, premises, scope }
    }

    /// Which steps the claim needs: every placement of the root scope, and the steps they cite,
    /// transitively. When every step that cites is such a placement (a puzzle the rules settle
    /// alone), that is them and whatever is cited, found in one pass over all premises;
    /// otherwise by a backward sweep, the steps being in order.
    fn needed_steps(&self) -> Vec<bool> {
        let (premises, spans) = (&self.premises, &self.spans);
        let mut needed: Vec<bool> = self.steps.iter().map(claimed).collect();
        let cites = |k: usize| spans[k].0 < spans[k].1;
        if (0..self.steps.len()).all(|k| needed[k] || !cites(k)) {
            // One loop over all premises: a loop per step ends after a count that varies from
            // step to step, a mispredicted branch each.
            for &p in premises {
                needed[p as usize] = true;
            }
            return needed;
        }
        for k in (0..self.steps.len()).rev() {
            if needed[k] && cites(k) {
                for &p in &premises[spans[k].0 as usize..spans[k].1 as usize] {
                    needed[p as usize] = true;
                }
            }
        }
        needed
    }
}

/// The new ids of the steps `needed` (0, 1, 2 … in order), [`NONE`] for the others.
fn renumbering(needed: &[bool]) -> Vec<StepId> {
    let mut next: StepId = 0;
    let new_id = |&kept: &bool| {
        let id = if kept { next } else { NONE };
        next += StepId::from(kept);
        id
    };
    needed.iter().map(new_id).collect()
}

/// The premises of the step whose span is `span` in `premises`, renumbered. Up to [`INLINE`]
/// of them (nearly every step) are read as a whole array, the slots past the span ignored
/// (`premises` ends with [`INLINE`] padding ids): a loop as long as the span mispredicted its
/// end at every step.
fn premises_of(
    premises: &[StepId],
    span: (u32, u32),
    renumbered: &impl Fn(StepId) -> u64,
) -> Premises {
    let (start, end) = (span.0 as usize, span.1 as usize);
    let len = end.saturating_sub(start);
    if let Some(window) = premises.get(start..start + INLINE).filter(|_| len <= INLINE) {
        let ids = std::array::from_fn(|j| renumbered(window[j]));
        if let Some(inline) = Premises::from_first(ids, len) {
            return inline;
        }
    }
    premises[start..end].iter().map(|&p| renumbered(p)).collect()
}

/// Whether the step is a placement of the root scope that is no given and no assumption
/// (the givens are set already): the cells the claim rests on.
fn claimed(written: &super::Written) -> bool {
    // Asked of `why` (a byte), not of the rule it mirrors (24 bytes, matched by its tag).
    (written.kind == Kind::Place)
        & (written.scope == NONE)
        & !matches!(written.why, super::Why::Given | super::Why::Assume)
}
