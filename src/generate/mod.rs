//! Puzzle generation with certificates: a random solution grid (or a given one), clues removed
//! in a chosen symmetry while the puzzle stays uniquely solvable, the difficulty aimed at the
//! negation depth the engine's breadth-first proof needs, and a certificate of the result —
//! `Solution` (unique) or `Minimal` (unique, and every clue needed). See `docs/generate.md`.
//!
//! Every draw comes from a [`SplitMix64`](crate::rng::SplitMix64) seeded per puzzle by [`puzzle_seed`], so a puzzle
//! depends only on the options, the seed and its index, never on threads or timing.
//!
//! ```
//! use deduku::generate::{generate_one, GenerateOptions};
//! use deduku::grid::Order;
//!
//! let opts = GenerateOptions { minimal: true, ..GenerateOptions::new(Order::new(2).unwrap()) };
//! let made = generate_one(&opts, 7).unwrap();
//! let verified = deduku_check::check(&made.proof, Some(&made.puzzle.to_line())).unwrap();
//! assert_eq!(verified.to_string(), "VERIFIED Minimal");
//! ```

mod attempt;
mod judge;
mod minimal;
mod reduce;
mod run;
mod solution;
mod summary;
mod symmetry;
mod vicinity;

pub use attempt::generate_one;
pub use run::{generate_many, puzzle_seed};
pub use solution::{random_solution, scramble};
pub use summary::GenSummary;
pub use symmetry::Symmetry;

use crate::grid::{Grid, Order};
use crate::solve::SolveOptions;
use deduku_check::format::Proof;

/// What to generate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// The order of the grid (3: 9×9); taken from `from` when that is set.
    pub order: Order,
    /// The symmetry of the clue pattern.
    pub symmetry: Symmetry,
    /// Aim: at most this many clues (removal stops there unless `minimal`).
    pub clues: Option<usize>,
    /// No clue may be removable; the certificate is then a `Minimal` claim.
    pub minimal: bool,
    /// The exact negation depth the breadth-first proof must need (0: `Cn` alone).
    pub depth: Option<usize>,
    /// The engine's options: the rules of `Cn`, the depth bound every puzzle must be provable
    /// within (`max_depth`), the oracle. The certificate is made with them.
    pub solve: SolveOptions,
    /// Remove clues from this solution grid instead of drawing one.
    pub from: Option<Grid>,
    /// Attempts (fresh grids or perturbations) per puzzle before giving up.
    pub attempts: usize,
}

impl GenerateOptions {
    /// Unique puzzles of `order`, no symmetry, default engine options, 2000 attempts.
    pub fn new(order: Order) -> GenerateOptions {
        GenerateOptions {
            order,
            symmetry: Symmetry::None,
            clues: None,
            minimal: false,
            depth: None,
            solve: SolveOptions::default(),
            from: None,
            attempts: 2000,
        }
    }

    /// The engine options every kept puzzle must be provable with: `max_depth` lowered to the
    /// exact depth aimed at, when that is smaller. A depth aim is measured breadth-first
    /// (the only search whose depth is the puzzle's, not the search's).
    pub fn bounded(&self) -> SolveOptions {
        let search = match self.depth {
            Some(_) => crate::search::Strategy::Bfs,
            None => self.solve.search,
        };
        let max_depth = match (self.solve.max_depth, self.depth) {
            (Some(m), Some(d)) => Some(m.min(d)),
            (m, d) => m.or(d),
        };
        SolveOptions { max_depth, search, ..self.solve }
    }
}

/// One generated puzzle, with its certificate.
#[derive(Clone, Debug)]
pub struct Generated {
    /// The puzzle (its givens).
    pub puzzle: Grid,
    /// Its unique solution.
    pub solution: Grid,
    /// The certificate: a `Solution` claim, or `Minimal` when minimality was asked.
    pub proof: Proof,
    /// The negation depth the breadth-first proof needed (0: singles only).
    pub depth: usize,
    /// How it was found.
    pub stats: GenStats,
}

/// The work behind one generated puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Attempts made (1: the first one succeeded).
    pub attempts: usize,
    /// Plain-solver searches (uniqueness and witnesses).
    pub searches: u64,
    /// Certified solves (depth bound checks and certificates).
    pub solves: u64,
    /// Wall-clock time, in microseconds.
    pub micros: u64,
}

/// Why no puzzle was generated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    /// The attempts ran out before a puzzle met every aim.
    #[error("no puzzle {wanted} in {attempts} attempts (seen: {seen}); raise --attempts or relax the aim")]
    Exhausted {
        /// The aims, in words.
        wanted: String,
        /// Attempts made.
        attempts: usize,
        /// What the attempts produced instead.
        seen: String,
    },
    /// Every retry gave a puzzle already generated in this run.
    #[error("only puzzles already generated in this run after {retries} retries (fewer distinct puzzles exist than asked?)")]
    Duplicates {
        /// Retries made.
        retries: usize,
    },
    /// The `from` grid is not a complete valid grid.
    #[error("--from: not a complete valid grid ({0})")]
    BadFrom(String),
}
