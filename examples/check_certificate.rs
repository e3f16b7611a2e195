//! Checking a certificate with the independent checker alone: `deduku_check` depends on
//! nothing of the engine, so this is all a program needs to trust a verdict.
//!
//! `cargo run --release --example check_certificate PUZZLE_FILE PROOF_FILE`; with no
//! arguments it checks `proofs/top95-01-depth1.ron` against its puzzle.

use deduku_check::input::{read_limited, MAX_PROOF_BYTES, MAX_PUZZLE_BYTES};
use deduku_check::{check, explain, parse_ron, read_puzzle, ReadOptions};
use std::fs::File;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let root = env!("CARGO_MANIFEST_DIR");
    let puzzle_path = args.next().unwrap_or_else(|| format!("{root}/proofs/top95-01-depth1.txt"));
    let proof_path = args.next().unwrap_or_else(|| format!("{root}/proofs/top95-01-depth1.ron"));
    // Both inputs are read within hard size limits, as the checker's own binary does.
    let puzzle_text = read_limited(File::open(&puzzle_path)?, MAX_PUZZLE_BYTES)?;
    let givens = read_puzzle(&puzzle_text, &ReadOptions::default())?;
    let proof = parse_ron(&read_limited(File::open(&proof_path)?, MAX_PROOF_BYTES)?)?;
    match check(&proof, Some(&givens.to_grid_string())) {
        Ok(verified) => println!("{verified}"),
        Err(rejected) => {
            // "REJECTED <reason>", then the failing step with its premises, as
            // `deduku check --explain` shows it.
            print!("{}", explain(&proof, &rejected));
            std::process::exit(1);
        }
    }
    Ok(())
}
