//! deduku: a proof-system deduction engine for Sudoku.
//!
//! Data flows one way: text → [`grid::Grid`] → engine (`Cn`, rules, search) →
//! trace → certificate ([`deduku_check::format::Proof`]) → file; and, separately,
//! file → proof → the independent checker [`deduku_check`] → verdict.

pub mod batch;
pub mod cn;
pub mod commute;
pub mod explain;
pub mod generate;
pub mod grid;
pub mod proof;
pub mod psystem;
pub mod record;
pub mod rng;
pub mod rules;
pub mod sat;
pub mod search;
pub mod solve;
pub mod solver;
pub mod state;
pub mod trace;
