//! The certificate of a settled puzzle: the steps its claim needs, renumbered.

use super::{Kind, Settle, Settled};
use crate::grid::Grid;
use crate::proof::{proof_of, wire_fact};
use crate::trace::{Conclusion, StepId, NONE};
use deduku_check::format::{Claim, Premises, Rule, Step};

impl Settle {
    /// The certificate of the solution: every placement of the root scope (each is a cell of
    /// the claim), and the steps they cite, transitively — found by one backward sweep, the
    /// steps being in order — renumbered 0, 1, 2 …
    pub(super) fn into_settled(mut self, puzzle: &Grid) -> Option<Settled> {
        self.cite_rest()?;
        let (premises, spans) = (&self.premises, &self.spans);
        let cited = |k: usize| &premises[spans[k].0 as usize..spans[k].1 as usize];
        let mut needed: Vec<bool> = self.steps.iter().map(claimed).collect();
        for k in (0..self.steps.len()).rev() {
            if needed[k] {
                for &p in cited(k) {
                    needed[p as usize] = true;
                }
            }
        }
        let mut new_id = vec![NONE; self.steps.len()];
        let mut steps = Vec::with_capacity(self.steps.len());
        let mut grid = puzzle.clone();
        for (k, written) in self.steps.iter().enumerate() {
            if claimed(written) {
                grid.set(written.cell, Some(written.digit));
            }
            if !needed[k] {
                continue;
            }
            new_id[k] = steps.len() as StepId;
            let conclusion = match written.kind {
                Kind::Place => Conclusion::place(written.cell, written.digit),
                Kind::Elim => Conclusion::elim(written.cell, written.digit),
                Kind::Bottom => Conclusion::Bottom,
            };
            let scope = (written.scope != NONE).then(|| u64::from(new_id[written.scope as usize]));
            steps.push(Step {
                id: steps.len() as u64,
                fact: wire_fact(self.geo, conclusion),
                rule: written.rule,
                premises: cited(k)
                    .iter()
                    .map(|&p| u64::from(new_id[p as usize]))
                    .collect::<Premises>(),
                scope,
            });
        }
        let proof = proof_of(puzzle, Claim::Solution(grid.to_line()), steps);
        Some(Settled { grid, proof, derived: self.steps.len(), stats: self.stats })
    }
}

/// Whether the step is a placement of the root scope that is no given and no assumption
/// (the givens are set already): the cells the claim rests on.
fn claimed(written: &super::Written) -> bool {
    written.kind == Kind::Place
        && written.scope == NONE
        && !matches!(written.rule, Rule::Given | Rule::Assume)
}
