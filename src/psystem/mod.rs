//! The cellular P-system solver Π(n) of Díaz-Pernil et al., "A Cellular Sudoku
//! Solver": a small generic simulator of cell-like P systems (enzymatic,
//! dissolution and send-out rules, strong priorities between rule sets,
//! maximally parallel steps, seeded non-determinism), the construction of Π(n)
//! for orders 2 to [`MAX_ORDER`], its run on a puzzle, and a plain naked-single
//! reference to compare it with. See `docs/psystem.md`.
//!
//! ```
//! use deduku::grid::{Grid, Order};
//! use deduku::psystem::{run, Answer, PsystemOptions};
//! let values = "0001300012000000".bytes().map(|b| b - b'0').collect();
//! let puzzle = Grid::from_values(Order::new(2).unwrap(), values).unwrap();
//! let result = run(&puzzle, &PsystemOptions::default()).unwrap();
//! assert_eq!(result.answer, Answer::Yes);
//! assert!(result.grid.solves(&puzzle));
//! ```

mod objects;
mod pi;
mod pi_rules;
mod reference;
mod report;
mod rules;
mod run;
mod simulator;
#[cfg(test)]
mod simulator_tests;
mod system;

pub use objects::{Alphabet, Multiset, ObjectId};
pub use pi::{PiObjects, PiSystem, MAX_ORDER};
pub use reference::{naked_single_round_sizes, naked_single_rounds, NakedSingleRounds};
pub use report::{render, render_trace};
pub use rules::{Level, Rule, RuleKind, RuleSet};
pub use run::{run, run_on};
pub use simulator::{Configuration, Fired, SeededRng, Simulator, StepReport};
pub use system::{Membrane, PSystem};

use crate::grid::{Grid, Lit};

/// How to run Π(n).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PsystemOptions {
    /// Seed of the non-deterministic choices (which rule takes a contested object).
    pub seed: u64,
    /// Whether to record a [`TraceStep`] per configuration.
    pub trace: bool,
    /// Give up with [`PsystemError::StepLimit`] after this many steps.
    pub max_steps: usize,
}

impl Default for PsystemOptions {
    fn default() -> PsystemOptions {
        PsystemOptions { seed: 0, trace: false, max_steps: 1_000_000 }
    }
}

/// The object Π(n) sent to the environment in its last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The grid was completed.
    Yes,
    /// A checking stage found no cell with a unique candidate.
    No,
}

/// The result of a halting computation of Π(n).
#[derive(Clone, Debug)]
pub struct PsystemRun {
    /// `Yes` or `No`.
    pub answer: Answer,
    /// Number of computation steps (the halting configuration is `C_steps`).
    pub steps: usize,
    /// Number of checking–reset cycles (checking stages started, i.e. times `k1 → k0`).
    pub cycles: usize,
    /// The grid decoded from the `s_ijx` of the halting configuration.
    pub grid: Grid,
    /// One entry per configuration `C0 … C_steps` when tracing, else empty.
    pub trace: Vec<TraceStep>,
}

/// A rule set that fired in a step, with its number of rule applications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiredSet {
    /// The membrane's label.
    pub membrane: String,
    /// The set's name (`R1` … `R12.2`).
    pub set: String,
    /// How many rule applications.
    pub applications: u64,
}

/// The trace of one configuration `C_step`.
#[derive(Clone, Debug, Default)]
pub struct TraceStep {
    /// The index of the configuration.
    pub step: usize,
    /// The rule sets used to reach it (empty for `C0`).
    pub fired: Vec<FiredSet>,
    /// For each existing membrane, its label and object counts by kind.
    pub counts: Vec<(String, Vec<(String, u64)>)>,
    /// Digits placed in this configuration and not before (the givens at `C1`).
    pub placed: Vec<Lit>,
    /// Labels of the membranes dissolved in the step.
    pub dissolved: Vec<String>,
    /// Names of the objects sent to the environment in the step.
    pub sent_out: Vec<String>,
}

/// Why Π(n) could not be built or run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PsystemError {
    /// Π(n) is only built for small orders.
    #[error("order {0} is not supported by the P-system solver (orders 2 to {MAX_ORDER})")]
    UnsupportedOrder(usize),
    /// The puzzle does not have the order of the system.
    #[error("the puzzle has order {puzzle} but the P system was built for order {system}")]
    OrderMismatch {
        /// Order of Π(n).
        system: usize,
        /// Order of the puzzle.
        puzzle: usize,
    },
    /// A P system given to [`PSystem::new`] is malformed.
    #[error("invalid P system: {0}")]
    InvalidSystem(String),
    /// The computation did not halt within the step limit.
    #[error("the P system did not halt within {0} steps")]
    StepLimit(usize),
    /// The computation halted without sending out Yes or No.
    #[error("the P system halted after {0} steps without an answer")]
    NoAnswer(usize),
}
