//! `deduku check`: replay a certificate with the independent checker.

use super::explain::{certificate_file, from_itself_warning};
use super::fail;
use super::input::{self, InputArgs};
use crate::explain::{derives_report, Derivation};
use crate::proof::read_proof;
use clap::Args;
use deduku_check::format::{Claim, Proof};
use deduku_check::{CheckError, Verified};
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

/// Largest certificate file read (a 10⁷-step proof is about 600 MB).
const MAX_PROOF_BYTES: u64 = 4 << 30;

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
    let text = read_text(path)?;
    read_proof(&text).map_err(|e| {
        let hint = match certificate_file(path) {
            true => "",
            false => " (this does not look like a certificate: RON `Proof(…)` or a JSON object)",
        };
        format!("{path}: {e}{hint}")
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
            println!("{verified}");
            print!("{}", listed(proof));
            ExitCode::SUCCESS
        }
        Err(e) if args.explain => {
            print!("{}{}", deduku_check::explain(proof, &e), listed(proof));
            ExitCode::from(1)
        }
        Err(e) => {
            println!("REJECTED {e}");
            print!("{}", listed(proof));
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
