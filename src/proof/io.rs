//! Reading and writing certificates: RON (canonical) or JSON, written atomically.

use deduku_check::format::Proof;
use deduku_check::input::{read_file_limited, MAX_PROOF_BYTES};
use std::io::{self, Write};
use std::path::Path;

/// The text encodings of a certificate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProofEncoding {
    /// RON, one step per line (canonical).
    Ron,
    /// JSON (same serde shapes).
    Json,
}

/// A certificate file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum ProofIoError {
    /// Not valid RON for the format.
    #[error("{0}")]
    Ron(deduku_check::CheckError),
    /// Not valid JSON for the format.
    #[error("JSON proof: line {line}, column {column}: {msg}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was wrong.
        msg: String,
    },
}

/// Where the certificate of puzzle `index` (1-based) goes in directory `dir`:
/// `dir/00001.ron`, … — the one naming of `solve`, `batch` and `generate` (which writes the
/// puzzle beside it, `00001.txt`).
pub fn numbered_certificate(dir: &Path, index: usize) -> std::path::PathBuf {
    dir.join(format!("{index:05}.ron"))
}

/// The certificate as text.
///
/// ```
/// use deduku::grid::{parse_one, ParseOptions};
/// use deduku::proof::{read_proof, render_proof, ProofEncoding};
/// use deduku::solve::{solve, SolveOptions};
///
/// let puzzle = parse_one("1.3..4.2.1....2.", &ParseOptions::default()).unwrap().grid;
/// let proof = solve(&puzzle, &SolveOptions::default()).proof;
/// for encoding in [ProofEncoding::Ron, ProofEncoding::Json] {
///     assert_eq!(read_proof(&render_proof(&proof, encoding)).unwrap(), proof);
/// }
/// ```
pub fn render_proof(proof: &Proof, encoding: ProofEncoding) -> String {
    match encoding {
        ProofEncoding::Ron => deduku_check::to_ron(proof),
        ProofEncoding::Json => {
            let mut text = serde_json::to_string_pretty(proof).expect("proofs serialize");
            text.push('\n');
            text
        }
    }
}

/// Writes the certificate to `out` in `encoding`, as [`render_proof`] would, without
/// building the text first (RON: step by step).
pub fn write_proof(proof: &Proof, encoding: ProofEncoding, out: &mut impl Write) -> io::Result<()> {
    match encoding {
        ProofEncoding::Ron => deduku_check::write_ron(proof, out),
        ProofEncoding::Json => {
            serde_json::to_writer_pretty(&mut *out, proof).map_err(io::Error::from)?;
            out.write_all(b"\n")
        }
    }
}

/// Read and parse a certificate file (or device, or pipe) of at most
/// [`MAX_PROOF_BYTES`](deduku_check::input::MAX_PROOF_BYTES); the error names the file.
pub fn read_proof_file(path: &Path) -> Result<Proof, String> {
    let text = read_proof_text(path, MAX_PROOF_BYTES)?;
    read_proof(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The text of a certificate file (or device, or pipe) of at most `limit` bytes; the error
/// names the file.
pub fn read_proof_text(path: &Path, limit: u64) -> Result<String, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: {e}"))?;
    read_file_limited(file, limit).map_err(|e| format!("{shown}: {e}"))
}

/// Parse a certificate, JSON if its first non-blank character is `{`, else RON.
pub fn read_proof(text: &str) -> Result<Proof, ProofIoError> {
    if text.trim_start().starts_with('{') {
        serde_json::from_str(text).map_err(|e| ProofIoError::Json {
            line: e.line(),
            column: e.column(),
            msg: e.to_string(),
        })
    } else {
        deduku_check::parse_ron(text).map_err(ProofIoError::Ron)
    }
}
