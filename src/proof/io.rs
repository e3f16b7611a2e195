//! Reading and writing certificates: RON (canonical) or JSON, written atomically.

use super::atomic::PendingFile;
use deduku_check::format::Proof;
use deduku_check::input::{read_file_limited, MAX_CHECKED_PROOF_BYTES, MAX_PROOF_BYTES};
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
    let mut text = Vec::new();
    write_proof(proof, encoding, &mut text).expect("proofs serialize into memory");
    String::from_utf8(text).expect("RON and JSON are UTF-8")
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

/// Writes the certificate into a new [`PendingFile`] for `path`, step by step (never as one
/// string); returns the file, to be committed in place, and its size in bytes.
pub fn pending_certificate(
    path: &Path,
    proof: &Proof,
    encoding: ProofEncoding,
) -> io::Result<(PendingFile, u64)> {
    let mut out = io::BufWriter::new(PendingFile::create(path)?);
    write_proof(proof, encoding, &mut out)?;
    let file = out.into_inner().map_err(io::IntoInnerError::into_error)?;
    let bytes = file.written_bytes()?;
    Ok((file, bytes))
}

/// What to tell a user about a certificate of `bytes` bytes at `path` that some command will
/// refuse to read (it is sound, and a checker with a larger limit may take it); `None` when
/// every command reads it.
pub fn size_warning(path: &Path, bytes: u64) -> Option<String> {
    let shown = path.display();
    if bytes > MAX_CHECKED_PROOF_BYTES {
        return Some(format!(
            "warning: {shown}: the certificate is {bytes} bytes, over the \
             {MAX_CHECKED_PROOF_BYTES}-byte input limit of `deduku check` and `deduku-check`, \
             which will refuse it"
        ));
    }
    (bytes > MAX_PROOF_BYTES).then(|| {
        format!(
            "warning: {shown}: the certificate is {bytes} bytes: `deduku check` and \
             `deduku-check` take it, but `explain` and `export` (which read a certificate \
             whole, up to {MAX_PROOF_BYTES} bytes) will refuse it"
        )
    })
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn certificates_over_a_limit_get_a_warning_naming_who_refuses_them() {
        let path = Path::new("p.ron");
        assert_eq!(size_warning(path, MAX_PROOF_BYTES), None);
        let whole = size_warning(path, MAX_PROOF_BYTES + 1).expect("over the whole-read limit");
        assert!(whole.contains("`explain` and `export`") && whole.contains("take it"), "{whole}");
        let over = size_warning(path, MAX_CHECKED_PROOF_BYTES + 1).expect("over every limit");
        assert!(over.contains("which will refuse it") && over.contains("p.ron"), "{over}");
    }

    #[test]
    fn a_pending_certificate_holds_render_proofs_text() {
        let dir = tempfile::tempdir().unwrap();
        let grid = crate::grid::parse_one("1.3..4.2.1....2.", &Default::default()).unwrap().grid;
        let proof = crate::solve::solve(&grid, &Default::default()).proof;
        for encoding in [ProofEncoding::Ron, ProofEncoding::Json] {
            let path = dir.path().join("p.txt");
            let (file, bytes) = pending_certificate(&path, &proof, encoding).unwrap();
            file.commit().unwrap();
            let text = std::fs::read_to_string(&path).unwrap();
            assert_eq!(text, render_proof(&proof, encoding));
            assert_eq!(bytes, text.len() as u64);
        }
    }
}
