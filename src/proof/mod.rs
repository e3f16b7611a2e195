//! Certificates: the trace trimmed to what the claim needs, renumbered, and
//! written in the checker's format (RON by default, JSON on request).

mod atomic;
mod budget;
mod build;
mod dag;
mod io;

pub use atomic::{remove_pending, write_atomically, PendingFile};
pub(crate) use budget::{roots_within, CONSEQUENCES_MAX_STEPS};
pub use build::certificate;
pub(crate) use build::{proof_of, wire_fact};
pub use dag::{to_graph, ProofGraph};
pub use io::{
    numbered_certificate, pending_certificate, read_proof, read_proof_file, read_proof_text,
    render_proof, size_warning, write_proof, ProofEncoding, ProofIoError,
};
