//! Explaining a certificate to people: Fitch-style natural deduction, plain
//! language steps, a one-line-per-placement summary, a difficulty rating, and
//! pictures (Graphviz DOT, an SVG grid, a self-contained HTML viewer).
//!
//! Everything here reads a [`Proof`] as data and never panics on a malformed
//! one: unknown premise ids print as `?id`, an unknown scope counts as the root.
//! Rules are named through their `Debug` spelling with a plain-language
//! fallback, so a rule variant added to the format later still renders.

mod derivation;
mod dot;
mod fitch;
mod grid_state;
mod html;
mod rating;
mod steps;
mod summary;
mod svg;

pub use derivation::{rule_family, Derivation, Line};
pub use dot::to_dot;
pub use fitch::fitch;
pub use grid_state::{parse_grid_string, GridState, GridStringError};
pub use html::{viewer_html, ViewerError};
pub use rating::{rate, Rating};
pub use steps::plain_steps;
pub use summary::summary;
pub use svg::{grid_svg, SvgError};
