//! The SAT bridge: a puzzle as DIMACS CNF under the "exactly one" encoding, and a
//! certificate as a DRAT or LRAT proof that third-party checkers (rate, drat-trim,
//! cake_lpr) verify. See `docs/sat.md`.
//!
//! ```
//! # use deduku::grid::{parse_one, ParseOptions, Alphabet};
//! # use deduku::solve::{solve, SolveOptions};
//! use deduku::sat::{render_drat, render_lrat, translate, Cnf};
//! # let opts = ParseOptions { alphabet: Alphabet::standard(), csv_column: None };
//! # let puzzle = parse_one("1.3..4.2.1....2.", &opts).unwrap().grid;
//! let outcome = solve(&puzzle, &SolveOptions::default());
//! let cnf = Cnf::for_proof(&outcome.proof)?;          // with the blocking clause
//! let proof = translate(&outcome.proof, &cnf)?;
//! let (dimacs, drat, lrat) = (cnf.render(), render_drat(&proof), render_lrat(&proof));
//! assert!(dimacs.starts_with(b"c ") && !drat.is_empty() && !lrat.is_empty());
//! # Ok::<(), deduku::sat::SatError>(())
//! ```

mod cnf;
mod compact;
mod context;
mod drat;
mod encoding;
mod frames;
mod lrat;
mod propagate;
mod translate;

pub use cnf::Cnf;
pub use drat::{render_drat, render_drat_binary};
pub use encoding::{DLit, Encoding, GroupKind};
pub use lrat::render_lrat;
pub use propagate::Propagator;
pub use translate::{translate, translate_with, Lemmas, ProofLine, Translation};

use crate::grid::Order;
use crate::rules::{RuleKind, RuleSet};
use crate::solve::Strategy;
use deduku_check::format::Rule;
use thiserror::Error;

/// Why a certificate could not be exported.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SatError {
    /// A grid string of the certificate does not parse.
    #[error("bad grid in the certificate: {0}")]
    Grid(String),
    /// The claimed solution is incomplete or of another order.
    #[error("the claimed solution is not a complete grid of the puzzle's order")]
    BadSolution,
    /// A Multiple certificate carries no derivation to translate.
    #[error("a Multiple certificate (several solutions) has no derivation: only the CNF can be exported")]
    NoDerivation,
    /// A step's scope is not an open subproof.
    #[error("step {step}: its scope is not an open subproof")]
    BadScope {
        /// The step id.
        step: u64,
    },
    /// A fact out of range, or of the wrong kind for its rule.
    #[error("step {step}: fact out of range or of the wrong kind for its rule")]
    BadFact {
        /// The step id.
        step: u64,
    },
    /// A Given step that is not a given of the puzzle.
    #[error("step {step}: not a given of the puzzle")]
    NotAGiven {
        /// The step id.
        step: u64,
    },
    /// A Negation step not of the shape `[Assume a, ⊥ in a's subproof]`.
    #[error("step {step}: Negation does not cite an assumption and the ⊥ of its closed subproof")]
    BadNegation {
        /// The step id.
        step: u64,
    },
    /// A Lemma step whose first premise is not a ⊥ step translated before it.
    #[error("step {step}: Lemma does not cite a ⊥ step (of a closed subproof) first")]
    BadLemma {
        /// The step id.
        step: u64,
    },
    /// A premise that names no earlier usable step.
    #[error("step {step}: premise {premise} is unknown or not a literal")]
    UnknownPremise {
        /// The step id.
        step: u64,
        /// The premise id.
        premise: u64,
    },
    /// Unit propagation from the premises and the encoding finds no conflict.
    #[error("step {step} ({rule:?}): the lemma is not RUP from its premises under the encoding")]
    NotRup {
        /// The step id.
        step: u64,
        /// Its rule.
        rule: Rule,
    },
    /// A Contradiction certificate without a root-scope ⊥.
    #[error("the Contradiction certificate has no root-scope ⊥ step")]
    NoRootBottom,
    /// A cell of the claimed solution with neither a given nor a root placement.
    #[error("variable {var} of the claimed solution has no root-scope placement")]
    MissingPlacement {
        /// The DIMACS variable.
        var: u32,
    },
}

/// The rules a certificate meant for the DRAT/LRAT translation is built with when the user
/// names none: `search`'s defaults for `order` without the matching rule (`hall`).
///
/// Every lemma of the translation must be RUP from its premises. The matching rule writes
/// naked subsets of any size, and a subset of `k` cells is a pigeonhole argument (`k` cells,
/// `k − 1` digits once one is assumed outside), which unit propagation does not derive: a
/// 7-cell subset of `large/sudoku-25-1` is not RUP from its premises (`--lemmas all`
/// refuses it; `--lemmas needed` may still find it RUP among the units derived before it,
/// but cannot count on that). The depth-first defaults take `hall` from 25×25 on, so
/// `export` asks for these rules instead.
pub fn translatable_rules(search: Strategy, order: Order) -> RuleSet {
    search.default_rules(order).without(RuleKind::Hall)
}
