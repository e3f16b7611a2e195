//! `solve`: the whole certified pipeline for one puzzle — saturate with `Cn`; where it
//! stops short, classify with the plain solver and run the assumption search; then trim
//! the trace into a certificate of the verdict.

use crate::cn::{Cn, CnOutcome};
use crate::grid::{Candidates, Digit, Grid};
use crate::proof::{certificate, roots_within, CONSEQUENCES_MAX_STEPS};
use crate::rules::{RuleKind, RuleSet};
use crate::search::{Ended, Search};
pub use crate::search::{SearchStats, Strategy, StrategyError};
use crate::solver::{Classification, FirstSolution};
use crate::state::State;
use crate::trace::{Budget, Conclusion, StepId, Trace, NONE};
use deduku_check::format::{Claim, Proof};
use oracle::Prior;
pub use oracle::{DFS_ORACLE_BUDGET, DFS_RESTART_BUDGET};
use std::cell::RefCell;
use std::time::{Duration, Instant};

#[cfg(test)]
mod budget_tests;
mod learned;
mod oracle;
mod settle;

/// How to solve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveOptions {
    /// The optional rules of `Cn`; `None`: the search strategy's defaults for the
    /// puzzle's order ([`Strategy::default_rules`]).
    pub rules: Option<RuleSet>,
    /// The deepest negation allowed; `None` is unbounded (complete), `Some(0)`
    /// is `Cn` alone (then the plain solver does not run, so an ambiguous
    /// puzzle ends `Stuck` rather than `Multiple`).
    pub max_depth: Option<usize>,
    /// Prune the search with the plain solver's unique solution.
    pub oracle: bool,
    /// How to search for refutations: shallowest proofs (`Bfs`) or a solver's
    /// depth-first search (`Dfs`).
    pub search: Strategy,
    /// Stop searching after this long, certifying what was derived so far
    /// (a `Consequences` certificate); `None` runs to the end.
    pub timeout: Option<Duration>,
}

impl Default for SolveOptions {
    fn default() -> SolveOptions {
        SolveOptions {
            rules: None,
            max_depth: None,
            oracle: true,
            search: Strategy::Bfs,
            timeout: None,
        }
    }
}

impl SolveOptions {
    /// The defaults for `search`, with its default rules
    /// ([`Strategy::default_rules`]).
    pub fn with_search(search: Strategy) -> SolveOptions {
        SolveOptions { search, ..SolveOptions::default() }
    }
}

/// What the engine concluded, each with a certificate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The unique solution.
    Solution(Grid),
    /// No solution.
    Contradiction,
    /// Two distinct solutions.
    Multiple(Grid, Grid),
    /// The search stopped (rules or depth exhausted) with these placements.
    Stuck(Grid),
}

impl Verdict {
    /// A one-word name: `solution`, `contradiction`, `multiple`, `stuck`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Solution(_) => "solution",
            Verdict::Contradiction => "contradiction",
            Verdict::Multiple(..) => "multiple",
            Verdict::Stuck(_) => "stuck",
        }
    }
}

/// Figures of one solve.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search counters (depth, assumptions, refutations).
    pub search: SearchStats,
    /// Steps ever derived, including those of failed assumptions.
    pub derived_steps: u64,
    /// Steps of the trace before trimming.
    pub trace_steps: usize,
    /// Steps of the certificate.
    pub certificate_steps: usize,
    /// Wall-clock time of the whole solve, in microseconds.
    pub micros: u64,
    /// Whether the search stopped at the time limit, or when its trace outgrew its budget
    /// (twice the checker's step limit, or 2³⁰ premises).
    pub timed_out: bool,
}

/// The result of [`solve`].
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The verdict.
    pub verdict: Verdict,
    /// Its certificate.
    pub proof: Proof,
    /// Figures.
    pub stats: Stats,
    /// Candidates of every cell at the end (for showing a stuck state).
    pub candidates: Vec<Candidates>,
}

/// Solve `puzzle` and certify the verdict: the entry point of the engine.
///
/// ```
/// use deduku::grid::{parse_one, ParseOptions};
/// use deduku::solve::{solve, SolveOptions, Verdict};
///
/// let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap().grid;
/// let outcome = solve(&puzzle, &SolveOptions::default());
/// assert!(matches!(outcome.verdict, Verdict::Solution(_)));
/// // The certificate stands on its own: the independent checker replays it.
/// let verified = deduku_check::check(&outcome.proof, Some(&puzzle.to_line())).unwrap();
/// assert_eq!(verified.to_string(), "VERIFIED Solution");
/// ```
pub fn solve(puzzle: &Grid, opts: &SolveOptions) -> Outcome {
    solve_within(puzzle, opts, Budget::DEFAULT)
}

/// [`solve`], the search stopping (`Stuck`, as at the timeout) once its trace outgrows
/// `budget`.
pub(crate) fn solve_within(puzzle: &Grid, opts: &SolveOptions, budget: Budget) -> Outcome {
    let start = Instant::now();
    let deadline = opts.timeout.map(|t| start + t);
    if opts.search == Strategy::Cdcl && opts.max_depth != Some(0) {
        return learned::solve_learned(puzzle, deadline, budget, start);
    }
    let rules = opts.rules.unwrap_or_else(|| opts.search.default_rules(puzzle.order()));
    let prior = match settle_first(puzzle, opts, rules, start, budget) {
        Ok(settled) => return settled,
        Err(prior) => prior,
    };
    let spare = SPARE_TRACE.with(|t| t.borrow_mut().take()).unwrap_or_default();
    let mut search = Search::new(Cn::new(rules), None)
        .with_deadline(deadline)
        .with_budget(budget)
        .with_trace(spare);
    // A root fixpoint derives at most one step per candidate plus one per cell.
    search.trace.reserve(puzzle.order().cells() * (puzzle.order().side() + 1));
    let max_depth = opts.max_depth.unwrap_or(puzzle.order().cells());
    let (verdict, claim, roots, candidates) = match search.cn.start(puzzle, &mut search.trace) {
        Err(bottom) => {
            let empty = vec![Candidates::EMPTY; puzzle.order().cells()];
            (Verdict::Contradiction, Claim::Contradiction, vec![bottom], empty)
        }
        Ok(mut state) => {
            let ended = search_root(puzzle, opts, start, &mut search, &mut state, max_depth, prior);
            if let Ended::Multiple(a, b) = ended {
                let stats = Stats { search: search.stats, ..Stats::default() };
                keep_spare(search.trace);
                return multiple(puzzle, a, b, stats, start);
            }
            let (verdict, claim, roots) = conclude(ended, &state, &search);
            (verdict, claim, roots, state.geo().all_cells().map(|c| state.cands(c)).collect())
        }
    };
    let proof = certificate(puzzle, claim, &search.trace, &roots);
    let stats = Stats {
        search: search.stats,
        derived_steps: search.trace.pushed(),
        trace_steps: search.trace.len(),
        certificate_steps: proof.steps.len(),
        micros: start.elapsed().as_micros() as u64,
        timed_out: search.timed_out(),
    };
    keep_spare(search.trace);
    Outcome { verdict, proof, stats, candidates }
}

/// The settling pass ([`settle::settle`]: the singles on bitboards, for `dfs` on 9×9 its own
/// search): the outcome when it certifies the puzzle, else what the plain solver told it, if
/// it was asked (for the engine's search, which then need not ask again).
fn settle_first(
    puzzle: &Grid,
    opts: &SolveOptions,
    rules: RuleSet,
    start: Instant,
    budget: Budget,
) -> Result<Outcome, Option<Prior>> {
    if !rules.contains(RuleKind::NakedSingle) || !rules.contains(RuleKind::HiddenSingle) {
        return Err(None);
    }
    // The pass's search knows only the singles, locked candidates and hidden pairs: with any
    // other rule on, the engine's search uses them.
    let with_locked = RuleSet::SINGLES.with(RuleKind::Locked);
    let own_rules = [RuleSet::SINGLES, with_locked, with_locked.with(RuleKind::HiddenPair)];
    let searched = opts.search == Strategy::Dfs
        && opts.oracle
        && opts.max_depth.is_none()
        && own_rules.contains(&rules);
    let mut first = None;
    // Asked with the root's placements as givens: the same solutions, a shorter search.
    let mut ask = |placed: &Grid| {
        let found = oracle::first_solution(placed, opts, start);
        let solution = match &found {
            FirstSolution::Found(g) => Some(g.clone()),
            _ => None,
        };
        first = Some(found);
        solution
    };
    let deadline = opts.timeout.map(|t| start + t);
    let searching = settle::Searching { oracle: &mut ask, deadline, steps: budget.steps };
    let locked = rules.contains(RuleKind::Locked);
    let pairs = locked && rules.contains(RuleKind::HiddenPair);
    match settle::settle(puzzle, locked, pairs, searched.then_some(searching)) {
        Some(settled) => Ok(settled_outcome(settled, start)),
        // The digit swap only now: a certified search needs no second solution.
        None => Err(first.map(|found| oracle::first_found(puzzle, found))),
    }
}

/// The outcome of a puzzle the singles settled ([`settle::settle`]): its solution, with no search.
fn settled_outcome(settled: settle::Settled, start: Instant) -> Outcome {
    let settle::Settled { grid, proof, derived, stats: search } = settled;
    let candidates =
        grid.values().iter().map(|&d| Candidates(Digit::new(usize::from(d)).bit())).collect();
    let stats = Stats {
        search,
        derived_steps: derived as u64,
        trace_steps: derived,
        certificate_steps: proof.steps.len(),
        micros: start.elapsed().as_micros() as u64,
        ..Stats::default()
    };
    Outcome { verdict: Verdict::Solution(grid), proof, stats, candidates }
}

/// `Cn` at the root, then, if it stops short, the plain solver and the search. What `Cn`
/// settles alone (a solved grid, ⊥) needs no solver: the classification only prunes the
/// search (or, two solutions, ends it), so asking it first cost every easy puzzle a solver run
/// (≈ 3–4 % of a pe96 or 17-clue certified solve). An ambiguous puzzle never ends here: `Cn`
/// is sound, so it neither solves nor refutes one.
fn search_root(
    puzzle: &Grid,
    opts: &SolveOptions,
    start: Instant,
    search: &mut Search,
    state: &mut State,
    max_depth: usize,
    prior: Option<Prior>,
) -> Ended {
    match search.cn.run(state, &mut search.trace) {
        CnOutcome::Bottom(bottom) => return Ended::Bottom(bottom),
        CnOutcome::Solved => return Ended::Solved,
        CnOutcome::Stuck => {}
    }
    match prior.unwrap_or_else(|| oracle::prior_for(puzzle, opts, start)) {
        Prior::Classified(Classification::Multiple(a, b)) => Ended::Multiple(a, b),
        prior => {
            search.set_oracle(prior.oracle(opts.oracle));
            search.run_root(state, opts.search, max_depth)
        }
    }
}

/// The largest trace (in steps it can hold) a thread keeps for its next puzzle: 256 Ki steps
/// of 48 bytes and their premises, about 15 MB: more than a 9×9 search uses.
const SPARE_TRACE_STEPS: usize = 1 << 18;

thread_local! {
    /// One trace per thread, kept between puzzles: a fresh one grown step by step reallocates
    /// and faults its pages in again on every puzzle (a tenth of a forum_hardest `dfs` solve).
    static SPARE_TRACE: RefCell<Option<Trace>> = const { RefCell::new(None) };
}

/// Keep `trace`'s memory for this thread's next puzzle, unless it is larger than
/// [`SPARE_TRACE_STEPS`] (a 25×25 trace of gigabytes is given back).
fn keep_spare(trace: Trace) {
    if trace.capacity() <= SPARE_TRACE_STEPS {
        SPARE_TRACE.with(|t| *t.borrow_mut() = Some(trace));
    }
}

/// The outcome for two distinct solutions: they are the whole certificate.
pub(crate) fn multiple(puzzle: &Grid, a: Grid, b: Grid, stats: Stats, start: Instant) -> Outcome {
    let claim = Claim::Multiple(a.to_line(), b.to_line());
    let proof = certificate(puzzle, claim, &Trace::new(), &[]);
    let stats = Stats { micros: start.elapsed().as_micros() as u64, ..stats };
    let candidates = vec![Candidates::EMPTY; puzzle.order().cells()];
    Outcome { verdict: Verdict::Multiple(a, b), proof, stats, candidates }
}

/// The verdict, claim and claim-supporting steps of a finished search. Givens
/// are axioms to the checker, so only derived placements are roots.
fn conclude(ended: Ended, state: &State, search: &Search) -> (Verdict, Claim, Vec<StepId>) {
    let grid = state.grid();
    match ended {
        Ended::Bottom(b) => (Verdict::Contradiction, Claim::Contradiction, vec![b]),
        Ended::Solved => {
            let claim = Claim::Solution(grid.to_line());
            (Verdict::Solution(grid), claim, search.derived_placements(state))
        }
        Ended::Stuck | Ended::Multiple(..) => {
            let placements = search.derived_placements(state);
            let mut roots = placements.clone();
            roots.extend(open_eliminations(state));
            let kept = roots_within(&search.trace, &roots, CONSEQUENCES_MAX_STEPS);
            let grid = claimed_grid(grid, &placements, &kept, &search.trace);
            let claim = Claim::Consequences(grid.to_line());
            (Verdict::Stuck(grid), claim, kept)
        }
    }
}

/// `grid` without the placements (of `placements`) that the certificate's budget left out
/// of `kept` (sorted): what a `Consequences` claim can stand for.
pub(crate) fn claimed_grid(
    mut grid: Grid,
    placements: &[StepId],
    kept: &[StepId],
    trace: &Trace,
) -> Grid {
    for &id in placements.iter().filter(|id| kept.binary_search(id).is_err()) {
        if let Conclusion::Lit(lit) = trace.step(id).conclusion {
            grid.set(lit.cell, None);
        }
    }
    grid
}

/// The eliminations in open cells: the candidate state a stuck verdict certifies.
fn open_eliminations(s: &State) -> impl Iterator<Item = StepId> + '_ {
    let side = s.side();
    s.geo().all_cells().filter(move |&c| s.placed(c).is_none()).flat_map(move |c| {
        (1..=side).map(Digit::new).map(move |d| s.elim_step(c, d)).filter(|&e| e != NONE)
    })
}
