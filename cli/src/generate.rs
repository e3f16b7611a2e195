//! `deduku generate`: new puzzles with certificates (see `docs/generate.md`).

use super::fail;
use super::generate_out::{Emitter, Format};
use super::input::InputArgs;
use super::solve::SolveFlags;
use clap::Args;
use deduku::generate::{generate_many, GenSummary, GenerateOptions, Symmetry};
use deduku::grid::{Alphabet, Grid, Order};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `deduku generate`.
#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles (all distinct).
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub count: usize,
    /// Seed of the run: the same seed and options give the same puzzles (default: the clock,
    /// printed in the summary).
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Order of the grid: 2 (4x4), 3 (9x9, the default), 4 (16x16) … 8 (64x64).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=8))]
    pub order: Option<u8>,
    /// Aim: at most K clues (removal stops there unless --minimal).
    #[arg(long, value_name = "K")]
    pub clues: Option<usize>,
    /// Symmetry of the clue pattern: none, rot180, diagonal, mirror.
    #[arg(long, default_value = "none", value_parser = parse_symmetry)]
    pub symmetry: Symmetry,
    /// No clue removable; the certificate becomes a `Minimal` claim with witnesses.
    #[arg(long)]
    pub minimal: bool,
    /// Aim: the breadth-first proof needs exactly negation depth D (0: the rules alone).
    #[arg(long, value_name = "D")]
    pub depth: Option<usize>,
    /// The engine: --rules, --max-depth (every puzzle provable within it), --no-oracle.
    #[command(flatten)]
    pub solve: SolveFlags,
    /// Remove clues from this solution grid (a string or a file) instead of random grids.
    #[arg(long, value_name = "GRID")]
    pub from: Option<String>,
    /// Write the puzzles to FILE (atomically) instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write DIR/NNNNN.ron (the certificate) and DIR/NNNNN.txt (the puzzle) per puzzle.
    #[arg(long, value_name = "DIR")]
    pub proofs: Option<PathBuf>,
    /// One puzzle per line (text), or one JSON object per line with its rating (json).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Attempts per puzzle before giving up on the aims.
    #[arg(long, default_value_t = 2000, value_name = "N")]
    pub attempts: usize,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// The alphabet of --from and of the output.
    #[command(flatten)]
    pub input: InputArgs,
}

fn parse_symmetry(s: &str) -> Result<Symmetry, String> {
    s.parse()
}

/// Run `deduku generate`: exit 0 all generated, 1 some aims not met, 2 unusable input.
pub fn run(args: &GenerateArgs) -> ExitCode {
    let setup = match setup(args) {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let (opts, alphabet, seed) = setup;
    let mut emitter = match Emitter::new(args, alphabet) {
        Ok(e) => e,
        Err(e) => return fail(e),
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.jobs.unwrap_or(0)).build() {
        Ok(p) => p,
        Err(e) => return fail(format!("cannot start worker threads: {e}")),
    };
    let progress = progress_bar(args.count);
    let mut summary = GenSummary::default();
    let mut write_error = None;
    pool.install(|| {
        generate_many(&opts, seed, args.count, &|| progress.inc(1), |i, made| {
            match emitter.emit(i, made, &mut summary, &progress) {
                Ok(()) => true,
                Err(e) => {
                    write_error = Some(e);
                    false
                }
            }
        });
    });
    progress.finish_and_clear();
    let finished = emitter.finish();
    let _ = std::io::Write::flush(&mut std::io::stdout());
    eprint!("seed {seed}\n{summary}");
    match write_error.or(finished.err()) {
        Some(e) => fail(e),
        None if summary.failed > 0 => ExitCode::from(1),
        None => ExitCode::SUCCESS,
    }
}

/// The generator options, the output alphabet and the seed, or why the input is unusable.
fn setup(args: &GenerateArgs) -> Result<(GenerateOptions, Option<Alphabet>, u64), String> {
    let parse = args.input.options()?;
    let asked = usize::from(args.order.unwrap_or(3));
    let order = Order::new(asked).map_err(|e| format!("--order: {e}"))?;
    let from = match &args.from {
        Some(text) => Some(read_from(text, &parse)?),
        None => None,
    };
    if let (Some(g), Some(n)) = (&from, args.order) {
        if g.order() != order {
            let side = g.order().side();
            return Err(format!("--from is a {side}x{side} grid, but --order {n} was asked"));
        }
    }
    let solve = args.solve.options();
    if let (Some(d), Some(m)) = (args.depth, solve.max_depth) {
        if m < d {
            return Err(format!("--depth {d} cannot be met within --max-depth {m}"));
        }
    }
    let opts = GenerateOptions {
        order: from.as_ref().map_or(order, Grid::order),
        symmetry: args.symmetry,
        clues: args.clues,
        minimal: args.minimal,
        depth: args.depth,
        solve,
        from,
        attempts: args.attempts.max(1),
    };
    let alphabet = args.input.alphabet.as_ref().map(|_| parse.alphabet.clone());
    let side = opts.order.side();
    if alphabet.as_ref().is_some_and(|a| a.symbol(side as u8).is_none()) {
        return Err(format!("--alphabet has fewer than the {side} digits of a {side}x{side} grid"));
    }
    Ok((opts, alphabet, args.seed.unwrap_or_else(clock_seed)))
}

/// The `--from` grid: a string or a file holding one complete, valid grid.
fn read_from(text: &str, parse: &deduku::grid::ParseOptions) -> Result<Grid, String> {
    let source = super::input::load(text)?;
    let grid =
        super::input::exactly_one(&source, parse, "--from").map_err(|e| format!("--from: {e}"))?;
    if !grid.is_complete() {
        let blanks = grid.order().cells() - grid.filled_count();
        return Err(format!(
            "--from: {}: {blanks} blank cells; a complete solution grid is needed",
            source.name
        ));
    }
    if !grid.is_consistent() {
        return Err(format!("--from: {}: a digit repeats in a row, column or box", source.name));
    }
    Ok(grid)
}

/// A seed from the clock, for runs that do not give one.
fn clock_seed() -> u64 {
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH);
    now.map_or(0, |d| d.as_nanos() as u64)
}

/// A bar on stderr when it is a terminal, hidden otherwise.
fn progress_bar(count: usize) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(count as u64);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles  ETA {eta}") {
        bar.set_style(style);
    }
    bar
}
