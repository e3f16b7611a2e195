//! Explaining a certificate to people: Fitch-style natural deduction, plain
//! language steps, a one-line-per-placement summary, a difficulty rating, and
//! pictures (Graphviz DOT, an SVG grid, a self-contained HTML viewer).
//!
//! Everything here reads a [`Proof`](deduku_check::format::Proof) as data and never
//! panics on a malformed one: unknown premise ids print as `?id`, an unknown scope
//! counts as the root. Every rendering is linear in the certificate and iterative:
//! subproof extents are measured once ([`Derivation`]), the grid of every line's scope
//! comes from one pass with an undo log ([`Sweep`]), and deep nesting is drawn with a
//! bounded indentation that states the depth.
//!
//! ```
//! use deduku::explain::{fitch, plain_steps, Derivation, TextOptions};
//! use deduku::grid::{parse_one, ParseOptions};
//! use deduku::solve::{solve, SolveOptions};
//!
//! let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap().grid;
//! let proof = solve(&puzzle, &SolveOptions::default()).proof;
//! let derivation = Derivation::new(&proof);
//! let text = fitch(&derivation, &TextOptions::default());
//! assert!(text.lines().count() >= proof.steps.len());
//! assert!(!plain_steps(&derivation, &TextOptions::default()).is_empty());
//! ```

mod derivation;
mod derives;
mod dot;
mod fitch;
mod grid_state;
mod html;
mod implied;
mod notation;
mod rating;
mod steps;
mod summary;
mod svg;
mod sweep;
mod verdict;
mod words;

pub use derivation::{rule_family, Derivation, Extent, Line};
pub use derives::{derives_report, where_derived, Found};
pub use dot::{to_dot, DotError, DotOptions, DOT_MAX_NODES};
pub use fitch::{fitch, TextOptions};
pub use grid_state::{CellKind, GridState, TEXT_LEGEND};
pub use html::{viewer_html, ViewerError};
pub use notation::{cell_name, unit_name, Digits};
pub use rating::{rate, ClaimKind, Rating};
pub use steps::plain_steps;
pub use summary::{needed_depth, summary};
pub use svg::{grid_svg, refutation_svg, SvgError};
pub use sweep::{cell_index, Sweep};
pub use verdict::{headline, Rejection, Verdict};
pub use words::{rule_label, sentence};
