//! The certificate of a settled puzzle: the steps its claim needs, renumbered.

use super::{Kind, Settle, Settled};
use crate::grid::Grid;
use crate::proof::{proof_of, wire_fact};
use crate::trace::{Conclusion, StepId, NONE};
use deduku_check::format::{Claim, Premises, Rule, Step, INLINE};

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
        let mut grid = puzzle.clone();
        let steps = if needed.iter().all(|&n| n) {
            // Nothing left out (41 of pe96's 44 puzzles the rules settle alone): every id
            // stays, and no premise is looked up to be renumbered.
            self.kept_steps(&needed, &mut grid, u64::from)
        } else {
            let new_id = renumbering(&needed);
            let renumbered = |p: StepId| u64::from(new_id.get(p as usize).copied().unwrap_or(NONE));
            self.kept_steps(&needed, &mut grid, renumbered)
        };
        let proof = proof_of(puzzle, Claim::Solution(grid.to_line()), steps);
        Some(Settled { grid, proof, derived: self.steps.len(), stats: self.stats })
    }

    /// The steps `needed`, their ids (premises, scopes) renumbered by `renumbered`, into
    /// certificate steps; the claimed cells set in `grid` on the way.
    fn kept_steps(
        &self,
        needed: &[bool],
        grid: &mut Grid,
        renumbered: impl Fn(StepId) -> u64,
    ) -> Vec<Step> {
        let mut steps = Vec::with_capacity(self.steps.len());
        // The givens first (the first steps written): no premise, no scope, no claimed cell.
        let (givens, rest) = self.steps.split_at(self.givens.min(self.steps.len()));
        for (written, &needed) in givens.iter().zip(needed) {
            if needed {
                let conclusion = Conclusion::place(written.cell, written.digit);
                steps.push(Step {
                    id: steps.len() as u64,
                    fact: wire_fact(self.geo, conclusion),
                    rule: Rule::Given,
                    premises: Premises::new(),
                    scope: None,
                });
            }
        }
        for (k, written) in rest.iter().enumerate().map(|(j, w)| (givens.len() + j, w)) {
            if claimed(written) {
                grid.set(written.cell, Some(written.digit));
            }
            if !needed[k] {
                continue;
            }
            let conclusion = match written.kind {
                Kind::Place => Conclusion::place(written.cell, written.digit),
                Kind::Elim => Conclusion::elim(written.cell, written.digit),
                Kind::Bottom => Conclusion::Bottom,
            };
            let scope = (written.scope != NONE).then(|| renumbered(written.scope));
            steps.push(Step {
                id: steps.len() as u64,
                fact: wire_fact(self.geo, conclusion),
                rule: written.rule,
                premises: premises_of(&self.premises, self.spans[k], &renumbered),
                scope,
            });
        }
        steps
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
    written.kind == Kind::Place
        && written.scope == NONE
        && !matches!(written.rule, Rule::Given | Rule::Assume)
}
