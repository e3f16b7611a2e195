//! `deduku check`: replay a certificate with the independent checker.

use super::fail;
use super::input::{self, InputArgs};
use crate::proof::read_proof_file;
use clap::Args;
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `deduku check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle the certificate is about: a file, `-` for stdin, or the puzzle string.
    pub puzzle: String,
    /// The certificate file (RON or JSON).
    pub proof: String,
    /// On rejection, show the failing step in context: the premises it cited, what its
    /// rule required, and which literal was missing or wrong.
    #[arg(long)]
    pub explain: bool,
    /// Input options for the puzzle.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Run `deduku check`: exit 0 verified, 1 rejected, 2 unusable input.
pub fn run(args: &CheckArgs) -> ExitCode {
    let givens = match input::one_puzzle(&args.puzzle, &args.input, "check") {
        Ok(grid) => grid,
        Err(e) => return fail(e),
    };
    let proof = match read_proof_file(Path::new(&args.proof)) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    match deduku_check::check(&proof, Some(&givens.to_line())) {
        Ok(verified) => {
            println!("{verified}");
            ExitCode::SUCCESS
        }
        Err(e) if args.explain => {
            print!("{}", deduku_check::explain(&proof, &e));
            ExitCode::from(1)
        }
        Err(e) => {
            println!("REJECTED {e}");
            ExitCode::from(1)
        }
    }
}
