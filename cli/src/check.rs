//! `deduku check`: replay a certificate with the independent checker.

use super::explain::{certificate_file, from_itself_warning};
use super::fail;
use super::input::{self, InputArgs};
use clap::Args;
use deduku::explain::{derives_report, Derivation};
use deduku::proof::read_proof_file;
use deduku_check::format::{Claim, Proof};
use deduku_check::{CheckError, Verified};
use std::path::Path;
use std::process::ExitCode;

/// Arguments of `deduku check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The puzzle the certificate is about: a file, `-` for stdin, or the puzzle string —
    /// or the certificate alone, whose header then supplies the puzzle (with a warning).
    pub puzzle: String,
    /// The certificate file (RON or JSON).
    pub proof: Option<String>,
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
    let Some(proof_path) = &args.proof else {
        return run_alone(args);
    };
    if certificate_file(&args.puzzle) {
        return fail(format!(
            "{} holds a certificate, not a puzzle: the puzzle comes first (deduku check PUZZLE \
             PROOF), or give the certificate alone to read the puzzle from its header",
            args.puzzle
        ));
    }
    let givens = match input::one_puzzle(&args.puzzle, &args.input, "check") {
        Ok(grid) => grid,
        Err(e) => return fail(e),
    };
    let proof = match load(proof_path) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    report(args, &proof, deduku_check::check(&proof, Some(&givens.to_line())))
}

/// `deduku check PROOF`: the puzzle comes from the certificate's own header.
fn run_alone(args: &CheckArgs) -> ExitCode {
    if !certificate_file(&args.puzzle) {
        return fail(format!(
            "{}: not a certificate file: deduku check takes PUZZLE PROOF, or a certificate \
             file alone (its header then supplies the puzzle)",
            args.puzzle
        ));
    }
    let proof = match load(&args.puzzle) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    eprintln!("{}", from_itself_warning(&args.puzzle));
    report(args, &proof, deduku_check::check(&proof, None))
}

fn load(path: &str) -> Result<Proof, String> {
    read_proof_file(Path::new(path)).map_err(|e| match certificate_file(path) {
        true => e,
        false => {
            format!("{e} (this does not look like a certificate: RON `Proof(…)` or a JSON object)")
        }
    })
}

/// Print the verdict (and, for a `Derives` claim, each listed literal); the exit code.
fn report(args: &CheckArgs, proof: &Proof, verdict: Result<Verified, CheckError>) -> ExitCode {
    let listed = |proof: &Proof| match &proof.claim {
        Claim::Derives(facts) => derives_report(&Derivation::new(proof), facts),
        _ => String::new(),
    };
    match verdict {
        Ok(verified) => {
            super::print_out(&format!("{verified}\n{}", listed(proof)));
            ExitCode::SUCCESS
        }
        Err(e) if args.explain => {
            super::print_out(&format!("{}{}", deduku_check::explain(proof, &e), listed(proof)));
            ExitCode::from(1)
        }
        Err(e) => {
            super::print_out(&format!("REJECTED {e}\n{}", listed(proof)));
            ExitCode::from(1)
        }
    }
}
