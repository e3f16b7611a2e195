//! `solve` by clause learning (`--search cdcl`): the certificate is the learned-clause
//! trace of `cdcl::prove`, trimmed to what the verdict needs.

use super::{claimed_grid, multiple, Outcome, SearchStats, Stats, Verdict};
use crate::cdcl::{self, End};
use crate::grid::Grid;
use crate::proof::{certificate, roots_within, CONSEQUENCES_MAX_STEPS};
use crate::trace::{Conclusion, StepId, Trace};
use deduku_check::format::Claim;
use std::time::Instant;

/// Solves `puzzle` by clause learning before `deadline`, and certifies the verdict.
pub(super) fn solve_learned(puzzle: &Grid, deadline: Option<Instant>, start: Instant) -> Outcome {
    let proved = cdcl::prove(puzzle, deadline);
    let c = proved.counters;
    let search = SearchStats {
        assumptions: c.decisions,
        refutations: c.conflicts,
        root_refutations: 0,
        depth: c.deepest as usize,
        skipped: 0,
    };
    let trace = &proved.trace;
    let (verdict, claim, roots) = match proved.end {
        End::Contradiction(bottom) => (Verdict::Contradiction, Claim::Contradiction, vec![bottom]),
        End::Solution(grid, roots) => {
            (Verdict::Solution(grid.clone()), Claim::Solution(grid.to_line()), roots)
        }
        End::Multiple(a, b) => {
            return multiple(puzzle, a, b, Stats { search, ..Stats::default() }, start)
        }
        End::Stuck(grid, roots) => {
            let kept = roots_within(trace, &roots, CONSEQUENCES_MAX_STEPS);
            let grid = claimed_grid(grid, &placements(trace, &roots), &kept, trace);
            (Verdict::Stuck(grid.clone()), Claim::Consequences(grid.to_line()), kept)
        }
    };
    let proof = certificate(puzzle, claim, trace, &roots);
    let stats = Stats {
        search,
        derived_steps: trace.pushed(),
        trace_steps: trace.len(),
        certificate_steps: proof.steps.len(),
        micros: start.elapsed().as_micros() as u64,
        timed_out: matches!(verdict, Verdict::Stuck(_)),
    };
    Outcome { verdict, proof, stats, candidates: proved.candidates }
}

/// The steps among `roots` that place a digit.
fn placements(trace: &Trace, roots: &[StepId]) -> Vec<StepId> {
    let places =
        |&&id: &&StepId| matches!(trace.step(id).conclusion, Conclusion::Lit(l) if l.positive);
    roots.iter().filter(places).copied().collect()
}
