//! `deduku batch`: every puzzle of every file, solved in parallel, one JSON line each.

use super::input::InputArgs;
use super::interrupt;
use super::{fail, EXIT_USAGE};
use clap::Args;
use deduku::batch::{
    earlier_certificate, proof_dirs, run_stream, BatchOptions, Ending, Existing, Shard, Source,
    Summary,
};
use deduku::grid::{read_puzzles, ParseOptions};
use deduku::record::{Record, VerdictKind};
use indicatif::{ProgressBar, ProgressStyle};
use std::fs::File;
use std::io::{BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Arguments of `deduku batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Puzzle files (`-` for stdin), each holding any number of puzzles.
    #[arg(required = true)]
    pub files: Vec<String>,
    /// Worker threads (default: all cores).
    #[arg(short = 'j', long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Write each certificate to DIR/<file stem>/<index>.ron.
    #[arg(long, value_name = "DIR")]
    pub proofs: Option<PathBuf>,
    /// Replace certificates of an earlier run in DIR (by default the batch refuses to start
    /// when DIR holds any).
    #[arg(long, requires = "proofs", conflicts_with = "resume")]
    pub force: bool,
    /// Continue an earlier, interrupted run: keep each certificate in DIR that checks against
    /// its puzzle (without solving it again), and solve and write the others.
    #[arg(long, requires = "proofs")]
    pub resume: bool,
    /// Replay every certificate with the independent checker.
    #[arg(long)]
    pub check: bool,
    /// Process only shard K of N: puzzles K, K+N, K+2N, … of each file (K is 1-based, like a
    /// Slurm array task id). Lines keep the puzzles' indices in their files.
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = parse_shard)]
    pub shard: Shard,
    /// How to solve.
    #[command(flatten)]
    pub solve: super::solve::SolveFlags,
    /// Puzzles solved in parallel before their lines are printed (bounds memory).
    #[arg(long, value_name = "K", default_value_t = 256)]
    pub chunk: usize,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Run `deduku batch`: exit 0 all done, 1 a certificate rejected, 2 unusable input or
/// unwritable certificate, 130 interrupted.
pub fn run(args: &BatchArgs) -> ExitCode {
    let parse = match args.input.options() {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let pool = match rayon::ThreadPoolBuilder::new().num_threads(args.jobs.unwrap_or(0)).build() {
        Ok(p) => p,
        Err(e) => return fail(format!("cannot start worker threads: {e}")),
    };
    let existing = match (args.force, args.resume) {
        (true, _) => Existing::Overwrite,
        (_, true) => Existing::Resume,
        _ => Existing::Refuse,
    };
    let dirs = args.proofs.as_ref().map(|root| proof_dirs(root, &args.files));
    if let (Some(dirs), Existing::Refuse) = (&dirs, existing) {
        if let Some(found) = dirs.iter().find_map(|d| earlier_certificate(d, args.shard)) {
            return fail(format!(
                "{}: a certificate of an earlier run; --force replaces them, --resume continues",
                found.display()
            ));
        }
    }
    let opts = BatchOptions {
        solve: args.solve.options(),
        check: args.check,
        proofs: args.proofs.clone(),
        chunk: args.chunk,
        existing,
        pool: Some(Arc::new(pool)),
        shard: args.shard,
    };
    let mut batch = Batch {
        stop: interrupt::graceful_stop(),
        progress: progress_bar(&args.files, &parse, args.shard),
        parse,
        opts,
        summary: Summary::default(),
    };
    let mut failed = false;
    let mut ending = Ending::Complete;
    for (k, file) in args.files.iter().enumerate() {
        let proof_dir = dirs.as_ref().and_then(|d| d.get(k).cloned());
        match batch.file(Source { name: file.clone(), proof_dir }) {
            Ok(e) => ending = e,
            Err(e) => {
                batch.progress.suspend(|| eprintln!("error: {e}"));
                failed = true;
            }
        }
        if ending == Ending::Interrupted {
            break;
        }
    }
    batch.progress.finish_and_clear();
    if !args.shard.is_all() {
        eprintln!("shard {}: puzzles K, K+N, K+2N, … of each file", args.shard);
    }
    finish(&batch.summary, ending, failed)
}

/// The state of a running batch.
struct Batch {
    opts: BatchOptions,
    parse: ParseOptions,
    stop: &'static AtomicBool,
    progress: ProgressBar,
    summary: Summary,
}

impl Batch {
    /// Every puzzle of one file; an unreadable file or uncreatable directory is an error.
    fn file(&mut self, source: Source) -> Result<Ending, String> {
        let reader = open(&source.name)?;
        if let Some(dir) = &source.proof_dir {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("{}: cannot create proof directory: {e}", dir.display()))?;
        }
        let name = source.name.clone();
        let puzzles = read_puzzles(reader, self.parse.clone())
            .map(move |r| r.map_err(|e| e.with_file(name.clone())));
        let (summary, progress) = (&mut self.summary, &self.progress);
        let mut emit = |line: Record| emit_line(&line, summary, progress);
        Ok(run_stream(&source, puzzles, &self.opts, self.stop, &mut emit))
    }
}

/// Print the summary and choose the exit code.
fn finish(summary: &Summary, ending: Ending, failed: bool) -> ExitCode {
    let _ = std::io::stdout().flush();
    eprint!("{summary}");
    let errors = summary.verdicts.get(VerdictKind::Error.name()).copied().unwrap_or(0);
    if ending == Ending::Interrupted {
        eprintln!("interrupted: the lines printed are the first {} puzzles", summary.puzzles());
        ExitCode::from(interrupt::EXIT_INTERRUPTED)
    } else if summary.rejected > 0 {
        ExitCode::from(1)
    } else if failed || errors > 0 || summary.write_errors > 0 {
        ExitCode::from(EXIT_USAGE)
    } else {
        ExitCode::SUCCESS
    }
}

fn emit_line(line: &Record, summary: &mut Summary, progress: &ProgressBar) {
    summary.add(line);
    // One write per whole line, so an interrupted run never leaves half a line.
    let text = format!("{}\n", line.to_json());
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    progress.inc(1);
}

fn open(file: &str) -> Result<Box<dyn BufRead>, String> {
    if file == "-" {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    let f = File::open(file).map_err(|e| format!("{file}: {e}"))?;
    Ok(Box::new(BufReader::new(f)))
}

/// A bar on stderr when it is a terminal (counting the shard's puzzles first), hidden otherwise.
fn progress_bar(files: &[String], parse: &ParseOptions, shard: Shard) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let total: usize = files
        .iter()
        .filter(|f| f.as_str() != "-")
        .filter_map(|f| open(f).ok())
        .map(|r| (1..=read_puzzles(r, parse.clone()).count()).filter(|&i| shard.takes(i)).count())
        .sum();
    let bar = ProgressBar::new(total as u64);
    let template = "{bar:40} {pos}/{len} puzzles  {per_sec}  ETA {eta}";
    if let Ok(style) = ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// `--shard K/N`, with the reason when it is malformed (clap then exits with code 2).
fn parse_shard(text: &str) -> Result<Shard, String> {
    text.parse().map_err(|e: deduku::batch::ShardError| e.to_string())
}
