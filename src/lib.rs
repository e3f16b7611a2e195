//! deduku: a proof-system deduction engine for Sudoku.
//!
//! Data flows one way: text → [`grid::Grid`] → engine (`Cn`, rules, search) →
//! trace → certificate ([`deduku_check::format::Proof`]) → file; and, separately,
//! file → proof → the independent checker [`deduku_check`] → verdict.
//!
//! # Entry points
//!
//! | to | call | gives |
//! |---|---|---|
//! | read puzzles | [`grid::parse_one`], [`grid::parse_puzzles`], [`grid::read_puzzles`] | [`grid::Grid`] |
//! | solve and certify | [`solve::solve`] with [`solve::SolveOptions`] | [`solve::Outcome`]: a [`solve::Verdict`] and its certificate |
//! | report a result | [`record::Record`] | the one JSON schema of `solve` and `batch` (`docs/results.md`) |
//! | check a certificate | [`deduku_check::check`] (the independent crate) | `VERIFIED <claim>` or why not |
//! | read and write certificates | [`proof::read_proof_file`], [`proof::render_proof`] | RON or JSON text |
//! | walk a certificate | [`proof::to_graph`] | a petgraph DAG of its steps |
//! | explain one | [`explain`] | Fitch, plain steps, DOT, SVG, an HTML viewer |
//! | export to SAT checkers | [`sat`] | DIMACS CNF, DRAT, LRAT |
//! | many puzzles | [`batch::run_stream`] | one [`record::Record`] per puzzle, in parallel |
//! | new puzzles | [`generate::generate_one`], [`generate::generate_many`] | puzzles with certificates |
//!
//! ```
//! use deduku::grid::{parse_one, ParseOptions};
//! use deduku::solve::{solve, SolveOptions};
//!
//! let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default())?.grid;
//! let outcome = solve(&puzzle, &SolveOptions::default());
//! let verdict = deduku_check::check(&outcome.proof, Some(&puzzle.to_line())).unwrap();
//! assert_eq!(verdict.to_string(), "VERIFIED Solution");
//! # Ok::<(), deduku::grid::ParseError>(())
//! ```
//!
//! `examples/` embeds the engine (`solve.rs`), the checker alone (`check_certificate.rs`) and
//! the DAG view (`walk_dag.rs`).
//!
//! Besides these, the public modules are the research verbs' own entry points and
//! vocabulary: [`rules`] (the rule names and sets), [`solver`] (the plain solver that
//! classifies 0 / 1 / ≥ 2 solutions), [`commute`] (order and commutation experiments),
//! [`psystem`] (the P-system Π(n)) and [`rng`] (the seeded generator whose stream `generate
//! --seed` depends on, kept stable so that seeds reproduce). `Cn`, the assumption searches,
//! the engine state and the trace are private to the crate: [`solve::solve`] drives them.

pub mod batch;
pub(crate) mod cdcl;
pub(crate) mod cn;
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
pub(crate) mod search;
pub mod solve;
pub mod solver;
pub(crate) mod state;
pub(crate) mod trace;
