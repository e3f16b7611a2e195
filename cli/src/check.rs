//! `deduku check`: replay a certificate with the independent checker.

use super::explain::{certificate_file, from_itself_warning};
use super::fail;
use super::input::{self, InputArgs};
use clap::Args;
use deduku::explain::{derives_report, Derivation};
use deduku::proof::{read_proof, read_proof_text};
use deduku_check::format::{Claim, Proof};
use deduku_check::input::{MAX_CHECKED_PROOF_BYTES, MAX_PROOF_BYTES};
use deduku_check::{CheckError, ClaimKind, Verified};
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
    verify(args, proof_path, Some(&givens.to_line()))
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
    eprintln!("{}", from_itself_warning(&args.puzzle));
    verify(args, &args.puzzle, None)
}

/// Checks the certificate at `path`. A RON certificate is checked as it is parsed (memory:
/// the text and a small record per step, so certificates up to
/// [`MAX_CHECKED_PROOF_BYTES`] pass); the whole proof is built only when the answer needs
/// it — a `Derives` listing, or a rejection to report — and the file is within
/// [`MAX_PROOF_BYTES`]; beyond it the verdict comes alone. JSON is always parsed whole, so
/// it is refused beyond that limit.
fn verify(args: &CheckArgs, path: &str, givens: Option<&str>) -> ExitCode {
    let text = match read_proof_text(Path::new(path), MAX_CHECKED_PROOF_BYTES) {
        Ok(text) => text,
        Err(e) => return fail(not_a_certificate_hint(path, e)),
    };
    let json = text.trim_start().starts_with('{');
    let whole = text.len() as u64 <= MAX_PROOF_BYTES;
    if json && !whole {
        // JSON is only ever parsed whole, which costs about 2.5 times the text.
        let shown = Path::new(path).display();
        return fail(format!(
            "{shown}: larger than the limit of {MAX_PROOF_BYTES} bytes for a JSON certificate \
             (RON ones are checked as they are parsed, up to {MAX_CHECKED_PROOF_BYTES} bytes)"
        ));
    }
    if !json {
        let verdict = deduku_check::check_ron(&text, givens);
        if let Some(code) = streamed_answer(args, path, verdict, whole) {
            return code;
        }
    }
    // Small enough to parse whole (or unparsable): the full report, as before streaming.
    match read_proof(&text) {
        Ok(proof) => report(args, &proof, deduku_check::check(&proof, givens)),
        Err(e) => fail(not_a_certificate_hint(path, format!("{}: {e}", Path::new(path).display()))),
    }
}

/// The answer to a RON certificate from its streamed check, when that is the whole answer: a
/// verdict needing no listing, or any verdict on a file too large to parse whole. `None`:
/// parse it whole for the full report (a `Derives` listing, `--explain`, the parse error).
fn streamed_answer(
    args: &CheckArgs,
    path: &str,
    verdict: Result<Verified, CheckError>,
    whole: bool,
) -> Option<ExitCode> {
    match verdict {
        Ok(verified) if verified.claim != ClaimKind::Derives => {
            super::print_out(&format!("{verified}\n"));
            Some(ExitCode::SUCCESS)
        }
        Ok(verified) if !whole => {
            super::print_out(&format!("{verified} (too large to list the literals one by one)\n"));
            Some(ExitCode::SUCCESS)
        }
        Err(e @ CheckError::Parse { .. }) if !whole => {
            let shown = Path::new(path).display();
            Some(fail(not_a_certificate_hint(path, format!("{shown}: {e}"))))
        }
        Err(e) if !whole => {
            let note = if args.explain { " (too large to explain step by step)" } else { "" };
            super::print_out(&format!("REJECTED {e}{note}\n"));
            Some(ExitCode::from(1))
        }
        _ => None,
    }
}

fn not_a_certificate_hint(path: &str, e: String) -> String {
    match certificate_file(path) {
        true => e,
        false => {
            format!("{e} (this does not look like a certificate: RON `Proof(…)` or a JSON object)")
        }
    }
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
