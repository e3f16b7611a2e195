//! deduku: a proof-system deduction engine for Sudoku.
//!
//! Data flows one way: text → [`grid::Grid`] → engine (`Cn`, rules, search) →
//! trace → certificate ([`deduku_check::format::Proof`]) → file; and, separately,
//! file → proof → the independent checker [`deduku_check`] → verdict.

pub mod grid;
pub mod psystem;
