//! The trace budget of the nested searches: a search whose trace outgrows it ends `Stuck`
//! with a checked `Consequences` certificate, as at the timeout, for every strategy.

use super::{solve, solve_within, SolveOptions, Strategy, Verdict};
use crate::grid::{parse_one, ParseOptions};
use crate::trace::Budget;

/// The first puzzle of forum_hardest_1106: hundreds of assumptions in every strategy.
const HARD: &str =
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

#[test]
fn a_trace_over_its_budget_ends_every_search_stuck_with_checked_consequences() {
    let puzzle = parse_one(HARD, &ParseOptions::default()).expect("parses").grid;
    for search in [Strategy::Dfs, Strategy::Bfs, Strategy::Cdcl] {
        let opts = SolveOptions::with_search(search);
        let full = solve(&puzzle, &opts);
        assert!(matches!(full.verdict, Verdict::Solution(_)), "{search:?}");
        assert!(!full.stats.timed_out, "{search:?}");
        // Half the trace the whole search ended with: it must stop somewhere on the way.
        let steps = full.stats.trace_steps / 2;
        let stopped = solve_within(&puzzle, &opts, Budget { steps, premises: usize::MAX });
        assert!(matches!(stopped.verdict, Verdict::Stuck(_)), "{search:?}: {:?}", stopped.verdict);
        assert!(stopped.stats.timed_out, "{search:?}");
        let verified = deduku_check::check(&stopped.proof, Some(&puzzle.to_line()));
        let verified = verified.map(|v| v.to_string());
        assert!(
            verified.as_deref().is_ok_and(|v| v.starts_with("VERIFIED Consequences")),
            "{verified:?}"
        );
    }
}
