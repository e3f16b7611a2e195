//! deduku-check: the proof format and the trusted kernel that checks it.
//!
//! This crate depends on nothing of the engine. It re-derives the grid's geometry itself,
//! plainly, so that a bug in the engine cannot hide here. The kernel's design is described at
//! the top of `kernel.rs`; the format in `docs/proof-format.md`.
//!
//! ```
//! let text = "Proof(format: \"deduku-proof\", version: 1, order: 2,
//!     puzzle: \"1...............\", claim: Consequences(\"1...............\"),
//!     steps: [(id: 0, fact: Place(r: 1, c: 1, d: 1), rule: Given)])";
//! let proof = deduku_check::parse_ron(text)?;
//! let verdict = deduku_check::check(&proof, Some("1..............."))?;
//! assert_eq!(verdict.to_string(), "VERIFIED Consequences");
//! # Ok::<(), deduku_check::CheckError>(())
//! ```

// The trusted base: no unsafe code, whatever the workspace's policy says.
#![forbid(unsafe_code)]

pub mod cli;
pub mod format;
pub mod input;

mod alphabet;
mod canonical;
mod claims;
mod error;
mod explain;
mod geometry;
mod grid;
mod kernel;
mod minimal;
mod notation;
mod premises;
mod puzzle_cells;
mod puzzle_error;
mod puzzle_reader;
mod ron_io;
mod rules;
mod stream;

use std::fmt;

pub use alphabet::Alphabet;
pub use error::CheckError;
pub use explain::explain;
pub use grid::{GridFault, GridField};
pub use kernel::{check, MAX_STEPS};
pub use notation::CellRef;
pub use puzzle_reader::{read_puzzle, Givens, PuzzleError, ReadOptions};
pub use ron_io::{parse_ron, to_ron, write_ron};
pub use stream::check_ron;

/// The kind of claim a certificate proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// The claimed grid is the unique solution.
    Solution,
    /// The puzzle has no solution.
    Contradiction,
    /// The claimed placements hold in every solution.
    Consequences,
    /// The puzzle has at least two solutions.
    Multiple,
    /// The listed literals hold in every solution.
    Derives,
    /// The claimed grid is the unique solution, and every clue is needed for uniqueness.
    Minimal,
}

impl fmt::Display for ClaimKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// A certificate that passed: what it proved, and the size of the derivation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// The claim proved.
    pub claim: ClaimKind,
    /// The order of the grid.
    pub order: u8,
    /// The number of steps checked.
    pub steps: usize,
    /// The total number of premises checked.
    pub premises: usize,
    /// The deepest nesting of subproofs (0 when no Assume was made).
    pub max_depth: usize,
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VERIFIED {}", self.claim)
    }
}
