//! `solve` by clause learning (`--search cdcl`): the certificate is the learned-clause
//! trace of `cdcl::prove`, trimmed to what the verdict needs.

use super::{claimed_grid, multiple, Outcome, SearchStats, Stats, Verdict};
use crate::cdcl::{self, End};
use crate::grid::Grid;
use crate::proof::{certificate, roots_within, CONSEQUENCES_MAX_STEPS};
use crate::trace::{Budget, Conclusion, StepId, Trace};
use deduku_check::format::Claim;
use std::time::Instant;

/// Solves `puzzle` by clause learning before `deadline` and within the trace's `budget`, and
/// certifies the verdict.
pub(super) fn solve_learned(
    puzzle: &Grid,
    deadline: Option<Instant>,
    budget: Budget,
    start: Instant,
) -> Outcome {
    certify(puzzle, cdcl::prove(puzzle, deadline, budget), start)
}

/// The outcome of a clause-learning proof: the verdict and its trimmed certificate.
fn certify(puzzle: &Grid, proved: cdcl::Proved, start: Instant) -> Outcome {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_one, ParseOptions};

    #[test]
    fn a_trace_over_its_budget_ends_stuck_with_checked_consequences() {
        let text =
            "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";
        let puzzle = parse_one(text, &ParseOptions::default()).expect("parses").grid;
        // Half of what the unbudgeted proof needs, so the budget binds whatever the trace size.
        let full = cdcl::prove(&puzzle, None, Budget::DEFAULT).trace;
        assert!(full.len() > 1_000, "the puzzle needs a long trace: {}", full.len());
        let halves = [(full.len() / 2, usize::MAX), (usize::MAX, full.premise_count() / 2)];
        for (steps, premises) in halves {
            let proved = cdcl::prove(&puzzle, None, Budget { steps, premises });
            assert!(proved.trace.len() <= steps.saturating_add(1_000), "{}", proved.trace.len());
            let outcome = certify(&puzzle, proved, Instant::now());
            assert!(matches!(outcome.verdict, Verdict::Stuck(_)), "{:?}", outcome.verdict);
            let verified = deduku_check::check(&outcome.proof, Some(&puzzle.to_line()));
            assert!(verified.is_ok_and(|v| v.to_string().starts_with("VERIFIED Consequences")));
        }
    }
}
