//! The certificate files of a batch: written in parallel to temporary files, put in place
//! only when their line is printed (so a stopped batch leaves a certificate for exactly the
//! lines it reported), never over an earlier run's unless asked, and reused by `--resume`.

use super::shard::Shard;
use crate::grid::Grid;
use crate::proof::{
    pending_certificate, read_proof_text, size_warning, PendingFile, ProofEncoding,
};
use crate::record::{Record, VerdictKind};
use crate::solve::Outcome;
use deduku_check::input::MAX_CHECKED_PROOF_BYTES;
use deduku_check::ClaimKind;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// What to do with a certificate already at a puzzle's path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Existing {
    /// Never replace it (the default): the batch refuses to start over earlier certificates.
    #[default]
    Refuse,
    /// Replace it (`--force`).
    Overwrite,
    /// Keep it when it checks against its puzzle, without solving again; else replace it
    /// (`--resume`).
    Resume,
}

/// The first certificate of an earlier run in `dir` (a file named like `00001.ron`) whose
/// puzzle belongs to `shard`, if any: shards of one batch share a directory.
pub fn earlier_certificate(dir: &Path, shard: Shard) -> Option<PathBuf> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut found: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            let ron = p.extension().is_some_and(|x| x == "ron");
            let index = stem.bytes().all(|b| b.is_ascii_digit()).then(|| stem.parse().ok());
            ron && index.flatten().is_some_and(|i| shard.takes(i))
        })
        .collect();
    found.sort();
    found.into_iter().next()
}

/// The line for a certificate kept by `--resume`: it exists, reads, and checks against the
/// puzzle. `None` when any of that fails (the puzzle is then solved again).
pub fn resumed(line: &Record, grid: &Grid, path: &Path, check: bool) -> Option<Record> {
    let start = Instant::now();
    // Checked as it is parsed, like `deduku check`: any certificate it accepts is kept.
    let text = read_proof_text(path, MAX_CHECKED_PROOF_BYTES).ok()?;
    let verified = deduku_check::check_ron(&text, Some(&grid.to_line())).ok()?;
    let check_us = start.elapsed().as_micros() as u64;
    let verdict = match verified.claim {
        ClaimKind::Solution => VerdictKind::Solution,
        ClaimKind::Contradiction => VerdictKind::Contradiction,
        ClaimKind::Multiple => VerdictKind::Multiple,
        ClaimKind::Consequences => VerdictKind::Stuck,
        // Claims batch never produces (hand-written, or `generate`'s): not a certificate of this
        // puzzle's verdict, so it is solved again.
        ClaimKind::Derives | ClaimKind::Minimal => return None,
    };
    Some(Record {
        verdict,
        certificate_steps: verified.steps,
        check_us: check.then_some(check_us),
        check: check.then(|| "verified".to_string()),
        proof: Some(path.display().to_string()),
        proof_bytes: std::fs::metadata(path).ok().map(|m| m.len()),
        resumed: Some(true),
        ..line.clone()
    })
}

/// Writes the certificate to a temporary file beside `path` and notes it in `line`; the
/// file is put in place by [`commit`].
pub fn prepare(line: &mut Record, path: &Path, outcome: &Outcome) -> Option<PendingFile> {
    match pending_certificate(path, &outcome.proof, ProofEncoding::Ron) {
        Ok((file, bytes)) => {
            line.proof = Some(path.display().to_string());
            line.proof_bytes = Some(bytes);
            if let Some(warning) = size_warning(path, bytes) {
                eprintln!("{warning}");
            }
            Some(file)
        }
        Err(e) => {
            line.error = Some(format!("{}: cannot write certificate: {e}", path.display()));
            None
        }
    }
}

/// Puts a prepared certificate in place, just before its line is printed.
pub fn commit(line: &mut Record, file: PendingFile, existing: Existing) {
    let path = file.target().display().to_string();
    let done = match existing {
        Existing::Refuse => file.commit_new(),
        Existing::Overwrite | Existing::Resume => file.commit(),
    };
    if let Err(e) = done {
        let why = match e.kind() {
            std::io::ErrorKind::AlreadyExists => {
                "exists (--force overwrites, --resume continues)".to_string()
            }
            _ => e.to_string(),
        };
        line.error = Some(format!("{path}: cannot write certificate: {why}"));
        line.proof = None;
        line.proof_bytes = None;
    }
}
