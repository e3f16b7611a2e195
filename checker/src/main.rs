//! `deduku-check PUZZLE PROOF`: checks a RON certificate against a puzzle.
//!
//! PUZZLE is a grid string, or a file whose first non-blank, non-`#` line is one. Prints one
//! line: `VERIFIED <claim>` (exit 0) or `REJECTED <reason>` (exit 1); input that cannot be used
//! at all (unreadable file, unparsable proof, malformed puzzle) prints `ERROR: ...` to stderr
//! and exits 2.

use std::process::ExitCode;

use deduku_check::{check, parse_ron, CheckError, GridField};

fn main() -> ExitCode {
    // args_os, not args: a non-UTF-8 argument must be reported, not panic.
    let args: Result<Vec<String>, _> =
        std::env::args_os().skip(1).map(|a| a.into_string()).collect();
    let Ok(args) = args else {
        eprintln!("ERROR: arguments must be valid UTF-8");
        return ExitCode::from(2);
    };
    let [puzzle, proof] = args.as_slice() else {
        eprintln!("ERROR: usage: deduku-check PUZZLE PROOF (PUZZLE: grid string or file)");
        return ExitCode::from(2);
    };
    match run(puzzle, proof) {
        Ok(Ok(verified)) => {
            println!("{verified}");
            ExitCode::SUCCESS
        }
        Ok(Err(rejected)) => {
            println!("REJECTED {rejected}");
            ExitCode::from(1)
        }
        Err(unusable) => {
            eprintln!("ERROR: {unusable}");
            ExitCode::from(2)
        }
    }
}

/// The verdict, or why the input could not be checked at all.
fn run(
    puzzle_arg: &str,
    proof_path: &str,
) -> Result<Result<deduku_check::Verified, CheckError>, String> {
    let givens = read_puzzle(puzzle_arg)?;
    let text = std::fs::read_to_string(proof_path)
        .map_err(|e| format!("cannot read proof {proof_path}: {e}"))?;
    let proof = parse_ron(&text).map_err(|e| format!("proof {proof_path}: {e}"))?;
    match check(&proof, Some(&givens)) {
        Err(e @ CheckError::BadGrid { field: GridField::Givens, .. }) => Err(e.to_string()),
        verdict => Ok(verdict),
    }
}

/// The puzzle as a grid string: the argument itself, or the first content line of that file.
fn read_puzzle(arg: &str) -> Result<String, String> {
    let path = std::path::Path::new(arg);
    if !path.is_file() {
        return Ok(arg.to_string());
    }
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read puzzle {arg}: {e}"))?;
    let mut lines = text.lines().map(str::trim);
    let line = lines.find(|l| !l.is_empty() && !l.starts_with('#'));
    line.map(str::to_string).ok_or_else(|| format!("puzzle file {arg} holds no grid line"))
}
