//! What the plain solver tells the proof search before it starts: for a breadth-first search
//! the classification (which settles an ambiguous puzzle at once), for a depth-first search a
//! first solution to prune with (the *oracle*), or two when a digit swap of it gives a second.
//! The proof search trusts neither: an oracle only orders its assumptions, and a wrong one
//! would leave a refutation unfound, never a certificate wrong.
//!
//! Why the depth-first search asks for no classification: after the first solution, the
//! solver's search proves there is no second by walking the rest of its tree — work the proof
//! search does again, with a certificate, and on a root assumption that ends in a different
//! solved grid it finds ambiguity itself. On top95 the first solution costs 69 k instructions
//! per puzzle, the classification 106 k (a `dfs` solve is about 900 k).

use super::SolveOptions;
use crate::grid::Grid;
use crate::search::Strategy;
use crate::solver::{swapped_solution, Classification, FirstSolution, Solver};
use std::cell::RefCell;
use std::time::Instant;

/// Branches the plain solver's one search for a first solution of a depth-first search's
/// puzzle may open (≈ 3 s of 25×25 search; 9×9 and 16×16 puzzles need far fewer). The
/// depth-first search is complete on its own (it finds solutions and ambiguity itself), so
/// the oracle is only worth a little.
pub const DFS_ORACLE_BUDGET: u64 = 100_000;

/// Branches the restarted search for one solution may open when one search ran out of
/// [`DFS_ORACLE_BUDGET`] (≈ 2 minutes of 25×25 search, and never more than half the time
/// left before a deadline). Worth more than the first search: without a solution to prune with,
/// the proof search must find one itself, and on the hard grids it does not in ten minutes
/// (gecode18 line 14: stuck at 60 s; with the oracle, solved). `large/sudoku-64-1` needs
/// about 1.1 million branches (two minutes); with its solution, a digit swap
/// ([`crate::solver::swapped_solution`]) gives the second at once.
pub const DFS_RESTART_BUDGET: u64 = 4_000_000;

/// What the plain solver found before the proof search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Prior {
    /// The puzzle's classification.
    Classified(Classification),
    /// A solution, unproved unique: an oracle only.
    Solution(Grid),
    /// Nothing (not asked for, or out of budget or time).
    Nothing,
}

impl Prior {
    /// The solution to prune the proof search with, if `oracle` is on and one is known.
    pub(super) fn oracle(self, oracle: bool) -> Option<Grid> {
        match self {
            Prior::Classified(Classification::Unique(g)) | Prior::Solution(g) if oracle => Some(g),
            _ => None,
        }
    }
}

/// What `opts` asks of the plain solver, within its budgets and before `deadline`. `Cn`
/// alone needs nothing (its verdict comes from the rules, and skipping the solver keeps
/// 64×64 grids cheap), nor does a depth-first search without oracle. A breadth-first
/// search classifies without limit; a depth-first one looks for a first solution by one
/// search within [`DFS_ORACLE_BUDGET`], then by restarted searches within
/// [`DFS_RESTART_BUDGET`].
pub(super) fn prior_for(puzzle: &Grid, opts: &SolveOptions, start: Instant) -> Prior {
    let deadline = opts.timeout.map(|t| start + t);
    match (opts.max_depth, opts.search, opts.oracle) {
        // Clause learning is complete on its own and finds solutions as fast as the solver.
        (Some(0), _, _) | (_, Strategy::Dfs, false) | (_, Strategy::Cdcl, _) => Prior::Nothing,
        (_, Strategy::Bfs, _) => with_solver(puzzle, deadline, |s| classified(s, puzzle, u64::MAX)),
        (_, Strategy::Dfs, true) => first_found(puzzle, first_solution(puzzle, opts, start)),
    }
}

/// A depth-first search's first solution of `puzzle`: by one search within
/// [`DFS_ORACLE_BUDGET`], then by restarted searches within [`DFS_RESTART_BUDGET`] and half the
/// time left. [`first_found`] makes it the search's [`Prior`]; the 9×9 search on bitboards
/// asks for the solution alone, and the digit swap only if it gives the puzzle up.
pub(super) fn first_solution(puzzle: &Grid, opts: &SolveOptions, start: Instant) -> FirstSolution {
    let deadline = opts.timeout.map(|t| start + t);
    let quick = with_solver(puzzle, deadline, |s| s.find_one(puzzle, DFS_ORACLE_BUDGET));
    if !matches!(quick, FirstSolution::Unknown) {
        return quick;
    }
    // Half the time left, so that the proof search keeps the other half.
    let half = opts.timeout.map(|t| start + t / 2);
    with_solver(puzzle, half, |s| s.find_one_restarting(puzzle, DFS_RESTART_BUDGET))
}

/// What a search for one solution tells the proof search: the solution to prune with, or two
/// when a digit swap gives a second ([`swapped_solution`]); no solution at all; or nothing.
pub(super) fn first_found(puzzle: &Grid, first: FirstSolution) -> Prior {
    match first {
        FirstSolution::Found(g) => match swapped_solution(puzzle, &g) {
            Some(other) => Prior::Classified(Classification::Multiple(g, other)),
            None => Prior::Solution(g),
        },
        FirstSolution::None => Prior::Classified(Classification::None),
        FirstSolution::Unknown => Prior::Nothing,
    }
}

fn classified(solver: &mut Solver, puzzle: &Grid, budget: u64) -> Prior {
    solver.classify_with_budget(puzzle, budget).map_or(Prior::Nothing, Prior::Classified)
}

thread_local! {
    /// One plain solver per thread: building its tables and stack costs as much as
    /// classifying an easy puzzle, so a batch reuses them across puzzles.
    static SOLVER: RefCell<Option<Solver>> = const { RefCell::new(None) };
}

/// Runs `job` with this thread's solver (created on first use, and adapted by the solver
/// itself when the order changes), its searches stopping at `deadline`.
fn with_solver<T>(puzzle: &Grid, deadline: Option<Instant>, job: impl Fn(&mut Solver) -> T) -> T {
    let run = |solver: &mut Solver| {
        solver.set_deadline(deadline);
        job(solver)
    };
    SOLVER.with(|cell| match cell.try_borrow_mut() {
        Ok(mut slot) => run(slot.get_or_insert_with(|| Solver::new(puzzle.order()))),
        // Only a re-entrant call could find it borrowed; it gets a fresh solver.
        Err(_) => run(&mut Solver::new(puzzle.order())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{parse_puzzles, ParseOptions};
    use crate::solve::{solve, SolveOptions, Verdict};

    fn first_puzzle(text: &str) -> Grid {
        let first = parse_puzzles(text, &ParseOptions::default()).next().expect("a puzzle");
        first.expect("a valid puzzle").grid
    }

    fn solver_built() -> bool {
        SOLVER.with(|cell| cell.borrow().is_some())
    }

    #[test]
    fn the_solver_runs_only_where_cn_stops_short() {
        // A fresh thread: its solver is built on first use only.
        std::thread::spawn(|| {
            let easy = first_puzzle(include_str!("../../data/9x9/pe96_easy50.txt"));
            for search in [Strategy::Bfs, Strategy::Dfs] {
                let outcome = solve(&easy, &SolveOptions::with_search(search));
                assert!(matches!(outcome.verdict, Verdict::Solution(_)), "singles solve pe96 #1");
            }
            assert!(!solver_built(), "Cn alone settled the puzzle");
            let hard = first_puzzle(include_str!("../../data/9x9/top95.txt"));
            assert!(matches!(solve(&hard, &SolveOptions::default()).verdict, Verdict::Solution(_)));
            assert!(solver_built(), "top95 #1 needs the search, and the search its oracle");
        })
        .join()
        .expect("the checks pass");
    }

    #[test]
    fn the_depth_first_search_asks_for_one_solution_and_finds_ambiguity_itself() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/multiple/serg_multi10000.txt");
        let text = std::fs::read_to_string(path).expect("the bundled ambiguous set");
        let opts = SolveOptions::with_search(Strategy::Dfs);
        let (mut by_swap, mut by_search) = (0, 0);
        for parsed in parse_puzzles(&text, &ParseOptions::default()).take(60) {
            let puzzle = parsed.expect("a valid puzzle").grid;
            match prior_for(&puzzle, &opts, Instant::now()) {
                Prior::Classified(Classification::Multiple(a, b)) => {
                    assert!(a != b && a.solves(&puzzle) && b.solves(&puzzle));
                    by_swap += 1;
                }
                Prior::Solution(g) => {
                    assert!(g.solves(&puzzle));
                    by_search += 1;
                }
                other => panic!("an ambiguous puzzle's dfs prior: {other:?}"),
            }
            let Verdict::Multiple(a, b) = solve(&puzzle, &opts).verdict else {
                panic!("{} is ambiguous", puzzle.to_line());
            };
            assert!(a != b && a.solves(&puzzle) && b.solves(&puzzle));
        }
        // Both ways occur, so both were tested.
        assert!(by_swap > 0 && by_search > 0, "{by_swap} by a swap, {by_search} by the search");
    }
}
