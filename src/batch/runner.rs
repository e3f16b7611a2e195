//! Solving a stream of puzzles in parallel chunks, emitting results in input order.
//!
//! Memory is bounded by one chunk: puzzles are read lazily, a chunk of them is solved by
//! the rayon pool, its lines are emitted in order, and everything of the chunk (proofs
//! included) is dropped before the next is read. Certificates are written to temporary
//! files in parallel and renamed into place as their lines are emitted: an interrupted
//! batch leaves certificates for exactly the lines it printed.

use super::certs::{self, Existing};
use super::shard::Shard;
use crate::grid::{Alphabet, ParseError, ParsedPuzzle};
use crate::proof::{numbered_certificate, PendingFile};
use crate::record::Record;
use crate::solve::{solve, SolveOptions};
use rayon::prelude::*;
use rayon::ThreadPool;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How to run a batch.
#[derive(Clone, Debug)]
pub struct BatchOptions {
    /// How to solve each puzzle.
    pub solve: SolveOptions,
    /// Replay every certificate with the independent checker.
    pub check: bool,
    /// Write each certificate into this directory (one subdirectory per input file).
    pub proofs: Option<PathBuf>,
    /// Puzzles solved in parallel before their lines are emitted (memory bound).
    pub chunk: usize,
    /// What to do with certificates already in `proofs` from an earlier run.
    pub existing: Existing,
    /// The worker threads; `None` is rayon's global pool (all cores).
    pub pool: Option<Arc<ThreadPool>>,
    /// The part of each file to process (`--shard K/N`); [`Shard::ALL`] by default.
    pub shard: Shard,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            solve: SolveOptions::default(),
            check: false,
            proofs: None,
            chunk: 256,
            existing: Existing::Refuse,
            pool: None,
            shard: Shard::ALL,
        }
    }
}

/// One input file of a batch: its name for the lines and where its proofs go.
#[derive(Clone, Debug)]
pub struct Source {
    /// The name printed in each line's `file`.
    pub name: String,
    /// The directory of its certificates (`--proofs`), already created.
    pub proof_dir: Option<PathBuf>,
}

/// How a stream ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every puzzle was emitted.
    Complete,
    /// `stop` was raised: the lines emitted form a prefix of the input.
    Interrupted,
}

type Item = Result<ParsedPuzzle, ParseError>;

/// Solve every puzzle of `puzzles` that belongs to `opts.shard` on `opts.pool`, calling
/// `emit` with each line in input order (with its index in the file, whatever the shard).
/// Raising `stop` ends the run after the puzzles being solved.
pub fn run_stream<I: Iterator<Item = Item>>(
    source: &Source,
    puzzles: I,
    opts: &BatchOptions,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(Record),
) -> Ending {
    let shard = opts.shard;
    let mut puzzles = puzzles.enumerate().filter(|(i, _)| shard.takes(i + 1));
    let chunk_len = opts.chunk.max(1);
    loop {
        let chunk: Vec<(usize, Item)> = puzzles.by_ref().take(chunk_len).collect();
        if chunk.is_empty() {
            return Ending::Complete;
        }
        let solve_all = || -> Vec<Option<(Record, Option<PendingFile>)>> {
            chunk
                .into_par_iter()
                .map(|(i, item)| {
                    // Puzzles not yet started when interrupted are skipped, not half done.
                    (!stop.load(Ordering::Relaxed)).then(|| prepare(source, i + 1, item, opts))
                })
                .collect()
        };
        let lines = match &opts.pool {
            Some(pool) => pool.install(solve_all),
            None => solve_all(),
        };
        // Lines after the first skipped one are dropped with their temporary files.
        for prepared in lines {
            let Some((mut line, file)) = prepared else { return Ending::Interrupted };
            if let Some(file) = file {
                certs::commit(&mut line, file, opts.existing);
            }
            emit(line);
        }
        if stop.load(Ordering::Relaxed) {
            return Ending::Interrupted;
        }
    }
}

/// The line of puzzle `index` of `source`: solved, checked and its certificate written
/// (in place) as asked.
pub fn process(source: &Source, index: usize, item: Item, opts: &BatchOptions) -> Record {
    let (mut line, file) = prepare(source, index, item, opts);
    if let Some(file) = file {
        certs::commit(&mut line, file, opts.existing);
    }
    line
}

/// The line of puzzle `index`, and its certificate in a temporary file not yet in place.
fn prepare(
    source: &Source,
    index: usize,
    item: Item,
    opts: &BatchOptions,
) -> (Record, Option<PendingFile>) {
    let puzzle = match item {
        Ok(p) => p,
        Err(e) => {
            let line = e.line;
            return (Record::parse_error(&source.name, index, line, e.to_string()), None);
        }
    };
    let path = source.proof_dir.as_deref().map(|dir| numbered_certificate(dir, index));
    if let (Some(path), Existing::Resume) = (&path, opts.existing) {
        let file = Some(source.name.clone());
        let base = Record { file, index, line: puzzle.line, ..Record::default() };
        if let Some(line) = certs::resumed(&base, &puzzle.grid, path, opts.check) {
            return (line, None);
        }
    }
    let outcome = solve(&puzzle.grid, &opts.solve);
    let mut line = Record {
        file: Some(source.name.clone()),
        ..Record::of_outcome(index, puzzle.line, &outcome, &Alphabet::standard())
    };
    if opts.check {
        let start = Instant::now();
        let verdict = deduku_check::check(&outcome.proof, Some(&puzzle.grid.to_line()));
        line.check_us = Some(start.elapsed().as_micros() as u64);
        line.check = Some(match verdict {
            Ok(_) => "verified".to_string(),
            Err(e) => format!("rejected: {e}"),
        });
    }
    let file = path.and_then(|path| certs::prepare(&mut line, &path, &outcome));
    (line, file)
}
