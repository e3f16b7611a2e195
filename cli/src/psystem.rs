//! `deduku psystem`: run the membrane-computing solver Π(n) of the seed paper.

use super::fail;
use super::input::{self, InputArgs};
use clap::Args;
use deduku::psystem::{render, render_trace, run, PsystemOptions};
use std::process::ExitCode;

/// Arguments of `deduku psystem`.
#[derive(Debug, Args)]
pub struct PsystemArgs {
    /// A puzzle file (every puzzle is run), `-` for stdin, or the puzzle string.
    pub puzzle: String,
    /// Print every configuration: rule sets fired, object counts, digits placed.
    #[arg(long)]
    pub trace: bool,
    /// Seed of the non-deterministic choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Give up after this many computation steps.
    #[arg(long, default_value_t = 1_000_000)]
    pub max_steps: usize,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Run `deduku psystem` on every puzzle of the input.
pub fn run_cli(args: &PsystemArgs) -> ExitCode {
    let (source, opts) = match input::open(&args.puzzle, &args.input) {
        Ok(opened) => opened,
        Err(e) => return fail(e),
    };
    let ps_opts = PsystemOptions { seed: args.seed, trace: args.trace, max_steps: args.max_steps };
    let mut status = ExitCode::SUCCESS;
    for (i, item) in input::puzzles(&source, &opts).enumerate() {
        let puzzle = match item {
            Ok(p) => p,
            Err(e) => {
                status = fail(e);
                continue;
            }
        };
        match run(&puzzle.grid, &ps_opts) {
            Ok(result) => {
                println!("#{} (line {})", i + 1, puzzle.line);
                if args.trace {
                    print!("{}", render_trace(&result));
                }
                print!("{}", render(&result));
            }
            Err(e) => status = fail(format!("#{} (line {}): {e}", i + 1, puzzle.line)),
        }
    }
    status
}
