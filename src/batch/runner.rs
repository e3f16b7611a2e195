//! Solving a stream of puzzles in parallel chunks, emitting results in input order.
//!
//! Memory is bounded by one chunk: puzzles are read lazily, a chunk of them is solved by
//! the rayon pool, its lines are emitted in order, and everything of the chunk (proofs
//! included) is dropped before the next is read.

use super::line::Line;
use crate::grid::{ParseError, ParsedPuzzle};
use crate::proof::{render_proof, write_atomically, ProofEncoding};
use crate::solve::{solve, Outcome, SolveOptions};
use rayon::prelude::*;
use rayon::ThreadPool;
use std::path::{Path, PathBuf};
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
    /// The worker threads; `None` is rayon's global pool (all cores).
    pub pool: Option<Arc<ThreadPool>>,
}

impl Default for BatchOptions {
    fn default() -> Self {
        BatchOptions {
            solve: SolveOptions::default(),
            check: false,
            proofs: None,
            chunk: 256,
            pool: None,
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

/// Solve every puzzle of `puzzles` on `opts.pool`, calling `emit` with each
/// line in input order. Raising `stop` ends the run after the puzzles being solved.
pub fn run_stream<I: Iterator<Item = Item>>(
    source: &Source,
    puzzles: I,
    opts: &BatchOptions,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(Line),
) -> Ending {
    let mut puzzles = puzzles.enumerate();
    let chunk_len = opts.chunk.max(1);
    loop {
        let chunk: Vec<(usize, Item)> = puzzles.by_ref().take(chunk_len).collect();
        if chunk.is_empty() {
            return Ending::Complete;
        }
        let solve_all = || -> Vec<Option<Line>> {
            chunk
                .into_par_iter()
                .map(|(i, item)| {
                    // Puzzles not yet started when interrupted are skipped, not half done.
                    (!stop.load(Ordering::Relaxed)).then(|| process(source, i + 1, item, opts))
                })
                .collect()
        };
        let lines = match &opts.pool {
            Some(pool) => pool.install(solve_all),
            None => solve_all(),
        };
        for line in lines {
            match line {
                Some(l) => emit(l),
                None => return Ending::Interrupted,
            }
        }
        if stop.load(Ordering::Relaxed) {
            return Ending::Interrupted;
        }
    }
}

/// The line of puzzle `index` of `source`: solved, checked and written as asked.
pub fn process(source: &Source, index: usize, item: Item, opts: &BatchOptions) -> Line {
    let puzzle = match item {
        Ok(p) => p,
        Err(e) => {
            let line = e.line;
            return Line::parse_error(&source.name, index, line, e.to_string());
        }
    };
    let outcome = solve(&puzzle.grid, &opts.solve);
    let s = &outcome.stats;
    let mut line = Line {
        file: source.name.clone(),
        index,
        line: puzzle.line,
        verdict: outcome.verdict.name().to_string(),
        depth: s.search.depth,
        assumptions: s.search.assumptions,
        steps: s.certificate_steps,
        solve_us: s.micros,
        ..Line::default()
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
    if let Some(dir) = &source.proof_dir {
        write_proof(&mut line, &dir.join(format!("{index:05}.ron")), &outcome);
    }
    line
}

/// Write the certificate atomically and note its path and size, or the failure.
fn write_proof(line: &mut Line, path: &Path, outcome: &Outcome) {
    let text = render_proof(&outcome.proof, ProofEncoding::Ron);
    match write_atomically(path, text.as_bytes()) {
        Ok(()) => {
            line.proof = Some(path.display().to_string());
            line.proof_bytes = Some(text.len() as u64);
        }
        Err(e) => line.error = Some(format!("{}: cannot write certificate: {e}", path.display())),
    }
}
