//! One puzzle: attempts until every aim is met or the budget runs out.
//!
//! An attempt is a removal pass over the orbits in a random order. A pass that misses an aim
//! (too many clues, too shallow a proof, a removable clue) is followed by a few
//! *perturbations* — a random blank orbit or two refilled, then another pass in a new order —
//! a local search around the last puzzle, before a fresh solution grid is drawn. Each pass
//! counts as one attempt.

use super::judge::Judge;
use super::minimal::witnesses;
use super::reduce::{reduce, Known};
use super::solution::random_solution;
use super::vicinity::{refill, shift};
use super::{GenStats, GenerateError, GenerateOptions, Generated};
use crate::grid::{Cell, Grid, Order};
use crate::rng::SplitMix64;
use crate::solve::{solve, Verdict};
use deduku_check::format::Claim;
use std::collections::BTreeMap;
use std::time::Instant;

/// Passes around one solution grid before a fresh one is drawn.
const ROUNDS: usize = 12;
/// Passes around one solution grid when a depth is aimed at: hard puzzles are reached by
/// climbing, rarely by chance.
const CLIMB_ROUNDS: usize = 400;

/// How hard a missed puzzle was, compared lexicographically: the depth its proof needed, then
/// the refutations the search made (0 for a miss before any proof was attempted).
type Score = (usize, u64);

/// Generates one puzzle from `seed`: the same options and seed give the same puzzle.
///
/// ```
/// use deduku::generate::{generate_one, GenerateOptions};
/// use deduku::grid::Order;
///
/// let opts = GenerateOptions { minimal: true, ..GenerateOptions::new(Order::new(3)?) };
/// let made = generate_one(&opts, 7).expect("a minimal 9×9");
/// let verdict = deduku_check::check(&made.proof, Some(&made.puzzle.to_line())).unwrap();
/// assert_eq!(verdict.to_string(), "VERIFIED Minimal");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn generate_one(opts: &GenerateOptions, seed: u64) -> Result<Generated, GenerateError> {
    let start = Instant::now();
    let order = check_from(opts)?;
    let mut run = Run {
        opts,
        rng: SplitMix64::new(seed),
        judge: Judge::new(order, removal_bound(opts)),
        orbits: opts.symmetry.orbits(order),
        seen: Seen::default(),
    };
    let mut attempts = 0;
    while attempts < opts.attempts {
        let mut current = run.fresh(order);
        let mut known: Known = vec![None; order.cells()];
        let mut best: Option<Score> = None;
        for _ in 0..run.rounds().min(opts.attempts - attempts) {
            let (mut puzzle, solution) = match best {
                Some(_) => run.neighbour(&current, &mut known),
                None => (current.1.clone(), current.1.clone()),
            };
            attempts += 1;
            run.pass(&mut puzzle, &solution, &mut known);
            match run.finish(&puzzle, &solution, &mut known) {
                Ok(mut made) => {
                    let micros = start.elapsed().as_micros() as u64;
                    let (searches, solves) = (run.judge.searches, run.judge.solves);
                    made.stats = GenStats { attempts, searches, solves, micros };
                    return Ok(made);
                }
                // Climb: move on from the new puzzle unless it is easier than the best so far.
                Err(score) if best.map_or(true, |b| score >= b) => {
                    best = Some(score);
                    current = (puzzle, solution);
                }
                Err(_) => {}
            }
        }
    }
    Err(GenerateError::Exhausted { wanted: wanted(opts), attempts, seen: run.seen.to_string() })
}

/// The depth bound the removal passes keep to, if any. A bound costs a certified solve per
/// removal; it pays where the bound is what makes puzzles rare (`--max-depth`, `--depth 0`):
/// the passes then stop where the puzzle would get too hard, and yield the sparsest puzzles
/// within it. A minimal puzzle must survive every removal on uniqueness alone, and an exact
/// depth ≥ 1 is mostly missed by being too *easy*, so there the passes ask uniqueness only and
/// the depth is judged once per pass.
fn removal_bound(opts: &GenerateOptions) -> Option<crate::solve::SolveOptions> {
    let bounded = opts.bounded();
    let wanted = match opts.depth {
        Some(d) => d == 0,
        None => bounded.max_depth.is_some(),
    };
    (!opts.minimal && wanted).then_some(bounded)
}

/// The order to generate, after checking a `from` grid.
fn check_from(opts: &GenerateOptions) -> Result<Order, GenerateError> {
    match &opts.from {
        None => Ok(opts.order),
        Some(g) if g.is_complete() && g.is_consistent() => Ok(g.order()),
        Some(g) if !g.is_complete() => {
            let blanks = g.order().cells() - g.filled_count();
            Err(GenerateError::BadFrom(format!("{blanks} blank cells")))
        }
        Some(_) => Err(GenerateError::BadFrom("a digit repeats in a unit".to_string())),
    }
}

/// The aims in words, for the message when they are not met.
fn wanted(opts: &GenerateOptions) -> String {
    let mut parts = vec!["uniquely solvable".to_string()];
    if let Some(k) = opts.clues {
        parts.push(format!("with at most {k} clues"));
    }
    if opts.minimal {
        parts.push("minimal".to_string());
    }
    if let Some(d) = opts.depth {
        parts.push(format!("needing depth {d}"));
    } else if let Some(m) = opts.solve.max_depth {
        parts.push(format!("provable within depth {m}"));
    }
    if opts.symmetry != super::Symmetry::None {
        parts.push(format!("{} symmetric", opts.symmetry));
    }
    parts.join(", ")
}

/// The state of one puzzle's search.
struct Run<'a> {
    opts: &'a GenerateOptions,
    rng: SplitMix64,
    judge: Judge,
    orbits: Vec<Vec<Cell>>,
    seen: Seen,
}

impl Run<'_> {
    /// One removal pass over the orbits in a fresh random order.
    fn pass(&mut self, puzzle: &mut Grid, solution: &Grid, known: &mut Known) {
        self.rng.shuffle(&mut self.orbits);
        let target = if self.opts.minimal { 0 } else { self.opts.clues.unwrap_or(0) };
        reduce(puzzle, solution, &self.orbits, target, &mut self.judge, known);
    }

    /// Passes per solution grid.
    fn rounds(&self) -> usize {
        if self.opts.depth.is_some() {
            CLIMB_ROUNDS
        } else {
            ROUNDS
        }
    }

    /// A fresh start: the `from` grid or a random one, as (puzzle, solution).
    fn fresh(&mut self, order: Order) -> (Grid, Grid) {
        let solution = match &self.opts.from {
            Some(grid) => grid.clone(),
            None => random_solution(order, &mut self.rng, self.judge.solver()),
        };
        (solution.clone(), solution)
    }

    /// The next puzzle to reduce, near `current` = (puzzle, solution): a refill, or — when
    /// climbing towards a depth and the solution is free — a shift half of the time. A
    /// changed solution voids the known witnesses.
    fn neighbour(&mut self, current: &(Grid, Grid), known: &mut Known) -> (Grid, Grid) {
        let (puzzle, solution) = current;
        let may_shift = self.opts.depth.is_some() && self.opts.from.is_none();
        if may_shift && self.rng.below(2) == 0 {
            if let Some(moved) = shift(puzzle, &mut self.rng, self.judge.solver()) {
                known.fill(None);
                return moved;
            }
        }
        (refill(puzzle, solution, &self.orbits, &mut self.rng), solution.clone())
    }

    /// The generated puzzle if `puzzle` meets every aim; otherwise notes why not and returns
    /// how hard it was.
    fn finish(
        &mut self,
        puzzle: &Grid,
        solution: &Grid,
        known: &mut Known,
    ) -> Result<Generated, Score> {
        let clues = puzzle.filled_count();
        if self.opts.clues.is_some_and(|k| clues > k) {
            self.seen.note(format!("{clues} clues"));
            return Err((0, 0));
        }
        self.judge.solves += 1;
        let outcome = solve(puzzle, &self.opts.bounded());
        let (depth, score) = (outcome.stats.search.depth, outcome.stats.search.refutations);
        let solved = matches!(outcome.verdict, Verdict::Solution(_));
        if !solved || self.opts.depth.is_some_and(|d| d != depth) {
            self.seen.note(match solved {
                true => format!("depth {depth}"),
                false => format!("not provable within depth {depth}"),
            });
            // A puzzle too hard for the bound ranks with the aimed depth, as a starting point.
            return Err(match solved {
                true => (depth, score),
                false => (self.opts.depth.unwrap_or(depth), 0),
            });
        }
        let mut proof = outcome.proof;
        if self.opts.minimal {
            match witnesses(puzzle, solution, known, &mut self.judge) {
                Ok(pairs) => {
                    proof.claim = Claim::Minimal { solution: solution.to_line(), witnesses: pairs };
                }
                Err(_) => {
                    self.seen.note("not minimal".to_string());
                    return Err((depth, score));
                }
            }
        }
        let (puzzle, solution) = (puzzle.clone(), solution.clone());
        Ok(Generated { puzzle, solution, proof, depth, stats: GenStats::default() })
    }
}

/// What the failed attempts produced, counted, for the exhaustion message.
#[derive(Default)]
struct Seen(BTreeMap<String, usize>);

impl Seen {
    fn note(&mut self, what: String) {
        *self.0.entry(what).or_default() += 1;
    }
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(what, n)| format!("{what} ×{n}")).collect();
        match parts.is_empty() {
            true => f.write_str("nothing"),
            false => f.write_str(&parts.join(", ")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Symmetry;
    use crate::solver::{classify, Classification};

    fn nine() -> GenerateOptions {
        GenerateOptions::new(Order::new(3).unwrap())
    }

    #[test]
    fn aims_are_met_and_the_certificate_verifies() {
        let opts = GenerateOptions {
            symmetry: Symmetry::Diagonal,
            clues: Some(32),
            depth: Some(0),
            ..nine()
        };
        let made = generate_one(&opts, 3).unwrap();
        assert!(made.puzzle.filled_count() <= 32 && made.depth == 0);
        assert!(Symmetry::Diagonal.holds(made.puzzle.order(), made.puzzle.values()));
        assert_eq!(classify(&made.puzzle), Classification::Unique(made.solution.clone()));
        let verified = deduku_check::check(&made.proof, Some(&made.puzzle.to_line())).unwrap();
        assert_eq!((verified.to_string(), verified.max_depth), ("VERIFIED Solution".into(), 0));
    }

    #[test]
    fn from_keeps_the_grid_and_bad_grids_are_refused() {
        let first = generate_one(&nine(), 1).unwrap();
        let opts = GenerateOptions { from: Some(first.solution.clone()), minimal: true, ..nine() };
        let again = generate_one(&opts, 2).unwrap();
        assert_eq!(again.solution, first.solution);
        let mut holed = first.solution.clone();
        holed.set(Cell::from_index(5, 9), None);
        let bad = GenerateOptions { from: Some(holed), ..nine() };
        let refused = generate_one(&bad, 2).unwrap_err();
        assert_eq!(refused, GenerateError::BadFrom("1 blank cells".to_string()));
    }

    #[test]
    fn an_unreachable_aim_exhausts_the_budget_with_what_was_seen() {
        let opts = GenerateOptions {
            depth: Some(3),
            attempts: 5,
            ..GenerateOptions::new(Order::new(2).unwrap())
        };
        match generate_one(&opts, 1) {
            Err(GenerateError::Exhausted { attempts: 5, seen, wanted }) => {
                assert_eq!(wanted, "uniquely solvable, needing depth 3");
                assert_eq!(seen, "depth 0 ×5");
            }
            other => panic!("expected exhaustion, got {other:?}"),
        }
    }
}
