//! The `deduku` binary: a thin clap front end over the `deduku` library.
//!
//! Everything a user sees — flags, progress bars, Ctrl-C handling, exit codes — lives here;
//! the library reports progress through callbacks and stops on a flag it is handed.

mod batch;
mod check;
mod commute;
mod explain;
mod export;
mod generate;
mod generate_out;
mod input;
mod interrupt;
mod psystem;
mod report;
mod solve;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// deduku: certified Sudoku solving — every verdict comes with a proof that an
/// independent checker replays.
#[derive(Debug, Parser)]
#[command(name = "deduku", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The verbs of deduku.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve puzzles and certify each verdict (unique solution, impossible, ambiguous, stuck).
    Solve(solve::SolveArgs),
    /// Check a certificate against its puzzle: prints one VERIFIED / REJECTED line.
    Check(check::CheckArgs),
    /// Explain a certificate: Fitch-style deduction, plain steps, DOT, SVG or an HTML viewer.
    Explain(explain::ExplainArgs),
    /// Export a puzzle as DIMACS CNF and its certificate as DRAT / LRAT (docs/sat.md).
    Export(export::ExportArgs),
    /// Solve every puzzle of many files in parallel: one JSON line each, a summary at the end.
    Batch(batch::BatchArgs),
    /// Compare rule schedules (confluence) or one-pass operators (commutation), with certificates.
    Commute(commute::CommuteArgs),
    /// Run the P-system Π(n) of the seed paper (parallel naked singles in membranes).
    Psystem(psystem::PsystemArgs),
    /// Generate puzzles with certificates: unique or minimal, symmetric, of a chosen depth.
    Generate(generate::GenerateArgs),
}

/// Exit code for unusable input (malformed puzzle or proof, unreadable file).
pub const EXIT_USAGE: u8 = 2;

/// Run the parsed command line; returns the process exit code.
pub fn run(cli: Cli) -> ExitCode {
    interrupt::install();
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Export(args) => export::run(&args),
        Command::Psystem(args) => psystem::run_cli(&args),
        Command::Batch(args) => batch::run(&args),
        Command::Commute(args) => commute::run(&args),
        Command::Generate(args) => generate::run(&args),
    }
}

/// Print `text` to standard output; `false` when it could not be written. A closed
/// reader (`deduku explain … | head`) is not an error worth a panic: callers drop the
/// rest quietly.
pub fn print_out(text: &str) -> bool {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|()| out.flush()).is_ok()
}

/// Print `msg` as an error and return exit code 2.
pub fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(EXIT_USAGE)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap's own errors (unknown flags, bad values) are usage errors: exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { 0 });
        }
    };
    run(cli)
}
