//! The `deduku-check` command line: `deduku-check [--alphabet SPEC] [--csv-column N] PUZZLE
//! PROOF` checks a RON certificate against a puzzle.
//!
//! It lives in the checker's library, not in a binary of this crate, so that the `deduku-cli`
//! package can ship the `deduku-check` binary beside `deduku` (one `cargo install` for both)
//! as a one-line `main` over [`main`], while every line of it stays in the trusted crate:
//! it uses this crate's own puzzle reader and kernel, nothing of the engine.
//!
//! Prints one line: `VERIFIED <claim>` (exit 0) or `REJECTED <reason>` (exit 1); input that
//! cannot be used at all (unreadable or oversized file, unparsable proof, a puzzle file that
//! does not hold exactly one puzzle) prints `ERROR: ...` to stderr and exits 2.

use std::fs::File;
use std::path::Path;
use std::process::ExitCode;

use crate::input::{read_file_limited, read_limited, MAX_CHECKED_PROOF_BYTES, MAX_PUZZLE_BYTES};
use crate::{check_ron, read_puzzle, Alphabet, CheckError, ReadOptions};

const USAGE: &str = "\
usage: deduku-check [--alphabet SPEC] [--csv-column N] PUZZLE PROOF

Checks the RON certificate PROOF against PUZZLE and prints one line:
VERIFIED <claim> (exit 0) or REJECTED <reason> (exit 1); unusable input exits 2.

PUZZLE    a file holding exactly one puzzle, `-` for stdin, or the puzzle itself
          (one line; Project Euler `Grid NN` blocks; multi-line grids in symbols or
          integers up to 64x64; `#` comments; CRLF and a UTF-8 BOM are accepted)
PROOF     a certificate in RON (docs/proof-format.md)

--alphabet SPEC    digit symbols in order, e.g. 0-9a-f (`0` is then digit 1)
--csv-column N     read comma-separated records, the puzzle in field N
-h, --help         print this help";

/// What the command line asks for.
struct Args {
    puzzle: String,
    proof: String,
    opts: ReadOptions,
}

/// Runs the command line on the process's arguments; returns its exit code: 0 verified,
/// 1 rejected, 2 unusable input.
///
/// A binary is one line: `fn main() -> std::process::ExitCode { deduku_check::cli::main() }`.
#[must_use]
pub fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(Some(args)) => args,
        Ok(None) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("ERROR: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match run(&args) {
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

/// The arguments, or `None` when help was asked for.
fn parse_args() -> Result<Option<Args>, String> {
    // args_os, not args: a non-UTF-8 argument must be reported, not panic.
    let args: Result<Vec<String>, _> =
        std::env::args_os().skip(1).map(std::ffi::OsString::into_string).collect();
    let args = args.map_err(|_| "arguments must be valid UTF-8".to_string())?;
    let (mut opts, mut positional) = (ReadOptions::default(), Vec::new());
    let mut it = args.into_iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (arg.clone(), None),
        };
        let mut value =
            || inline.clone().or_else(|| it.next()).ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "-h" | "--help" => return Ok(None),
            "--alphabet" => opts.alphabet = Alphabet::from_spec(&value()?)?,
            "--csv-column" => {
                let v = value()?;
                let n = v.parse().ok().filter(|&n: &usize| n >= 1);
                opts.csv_column =
                    Some(n.ok_or(format!("--csv-column {v:?}: not a column number"))?);
            }
            _ if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            _ => positional.push(arg),
        }
    }
    match <[String; 2]>::try_from(positional) {
        Ok([puzzle, proof]) => Ok(Some(Args { puzzle, proof, opts })),
        Err(found) => Err(format!("expected PUZZLE and PROOF, found {} arguments", found.len())),
    }
}

/// The verdict, or why the input could not be checked at all.
fn run(args: &Args) -> Result<Result<crate::Verified, crate::CheckError>, String> {
    let (name, text) = puzzle_text(&args.puzzle)?;
    let givens = read_puzzle(&text, &args.opts).map_err(|e| format!("puzzle {name}: {e}"))?;
    let proof_path = &args.proof;
    let file =
        File::open(proof_path).map_err(|e| format!("cannot read proof {proof_path}: {e}"))?;
    let text = read_file_limited(file, MAX_CHECKED_PROOF_BYTES)
        .map_err(|e| format!("cannot read proof {proof_path}: {e}"))?;
    // Checked as it is parsed: memory is the text and a small record per step.
    match check_ron(&text, Some(&givens.to_grid_string())) {
        Err(e @ CheckError::Parse { .. }) => Err(format!("proof {proof_path}: {e}")),
        verdict => Ok(verdict),
    }
}

/// The puzzle's name for messages and its text: stdin for `-`, the file's contents when the
/// argument names one, else the argument itself.
fn puzzle_text(arg: &str) -> Result<(String, String), String> {
    let read = |reader, name: &str| {
        read_limited(reader, MAX_PUZZLE_BYTES)
            .map_err(|e| format!("cannot read puzzle {name}: {e}"))
    };
    if arg == "-" {
        return Ok((
            "<stdin>".to_string(),
            read(Box::new(std::io::stdin()) as Box<dyn std::io::Read>, "<stdin>")?,
        ));
    }
    let path = Path::new(arg);
    if path.exists() {
        let file = File::open(path).map_err(|e| format!("cannot read puzzle {arg}: {e}"))?;
        return Ok((arg.to_string(), read(Box::new(file), arg)?));
    }
    if path.components().count() > 1 || arg.ends_with(".txt") {
        return Err(format!("cannot read puzzle {arg}: no such file"));
    }
    Ok(("<argument>".to_string(), arg.to_string()))
}
