//! `deduku check`: replay a certificate with the independent checker.

use super::fail;
use super::input::{self, InputArgs};
use crate::proof::read_proof;
use clap::Args;
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

/// Largest certificate file read (a 10⁷-step proof is about 600 MB).
const MAX_PROOF_BYTES: u64 = 4 << 30;

/// Run `deduku check`: exit 0 verified, 1 rejected, 2 unusable input.
pub fn run(args: &CheckArgs) -> ExitCode {
    let (source, opts) = match input::open(&args.puzzle, &args.input) {
        Ok(opened) => opened,
        Err(e) => return fail(e),
    };
    let mut puzzles = input::puzzles(&source, &opts);
    let givens = match (puzzles.next(), puzzles.next()) {
        (Some(Ok(p)), None) => p.grid,
        (Some(Err(e)), _) => return fail(e),
        (None, _) => return fail(format!("{}: no puzzle found (empty input)", source.name)),
        (Some(Ok(_)), Some(_)) => {
            return fail(format!("{}: holds several puzzles; check takes one", source.name))
        }
    };
    let text = match read_text(&args.proof) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let proof = match read_proof(&text) {
        Ok(p) => p,
        Err(e) => return fail(format!("{}: {e}", args.proof)),
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

fn read_text(path: &str) -> Result<String, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{path}: {e}"))?;
    if meta.len() > MAX_PROOF_BYTES {
        return Err(format!("{path}: proof file of {} bytes exceeds the 4 GiB limit", meta.len()));
    }
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    String::from_utf8(bytes).map_err(|e| {
        format!("{path}: not UTF-8 (invalid byte at offset {})", e.utf8_error().valid_up_to())
    })
}
