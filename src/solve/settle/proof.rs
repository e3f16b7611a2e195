//! The certificate of a settled puzzle: the steps its claim needs, renumbered.

use super::{Settle, Settled};
use crate::grid::Grid;
use crate::proof::{proof_of, wire_fact};
use crate::trace::{Conclusion, StepId, NONE};
use deduku_check::format::{Claim, Premises, Rule, Step};

impl Settle {
    /// The certificate of the solution: every placement (each is a cell of the claim), and
    /// the givens and eliminations they cite, transitively — found by one backward sweep, the
    /// steps being in order — renumbered 0, 1, 2 …
    pub(super) fn into_settled(self, puzzle: &Grid) -> Option<Settled> {
        let (premises, ends) = self.cite_all()?;
        let range = |k: usize| (if k == 0 { 0 } else { ends[k - 1] as usize })..ends[k] as usize;
        let mut needed: Vec<bool> =
            self.steps.iter().map(|s| s.placed && !matches!(s.rule, Rule::Given)).collect();
        for k in (0..self.steps.len()).rev() {
            if needed[k] {
                for &p in &premises[range(k)] {
                    needed[p as usize] = true;
                }
            }
        }
        let mut new_id = vec![NONE; self.steps.len()];
        let mut steps = Vec::with_capacity(self.steps.len());
        let mut grid = puzzle.clone();
        for (k, written) in self.steps.iter().enumerate() {
            if written.placed {
                grid.set(written.cell, Some(written.digit));
            }
            if !needed[k] {
                continue;
            }
            new_id[k] = steps.len() as StepId;
            let cited = premises[range(k)].iter().map(|&p| u64::from(new_id[p as usize]));
            let conclusion = match written.placed {
                true => Conclusion::place(written.cell, written.digit),
                false => Conclusion::elim(written.cell, written.digit),
            };
            steps.push(Step {
                id: steps.len() as u64,
                fact: wire_fact(self.geo, conclusion),
                rule: written.rule,
                premises: cited.collect::<Premises>(),
                scope: None,
            });
        }
        let proof = proof_of(puzzle, Claim::Solution(grid.to_line()), steps);
        Some(Settled { grid, proof, derived: self.steps.len() })
    }
}
