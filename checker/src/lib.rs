//! deduku-check: the proof format and the trusted kernel that checks it.
//!
//! This crate depends on nothing of the engine. It re-derives the grid's
//! geometry itself, plainly, so that a bug in the engine cannot hide here.

pub mod format;

mod error;
mod geometry;
mod grid;
mod notation;
mod rules;

pub use error::{CheckError, GridFault, GridField};
pub use notation::CellRef;
