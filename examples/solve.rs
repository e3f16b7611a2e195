//! Embedding deduku: solve a puzzle, read the verdict and the figures, save the certificate.
//!
//! `cargo run --release --example solve [PUZZLE]` (a puzzle string; top95 #1 by default).

use deduku::grid::{parse_one, ParseOptions};
use deduku::proof::{render_proof, ProofEncoding};
use deduku::record::Record;
use deduku::solve::{solve, SolveOptions, Verdict};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().nth(1).unwrap_or_else(|| {
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".into()
    });
    let parsed = parse_one(&text, &ParseOptions::default())?;
    let outcome = solve(&parsed.grid, &SolveOptions::default());
    match &outcome.verdict {
        Verdict::Solution(grid) => {
            println!("unique solution:\n{}", grid.display_in(&Default::default()));
        }
        Verdict::Contradiction => println!("no solution"),
        Verdict::Multiple(a, b) => {
            println!("several solutions, e.g.\n{}\n{}", a.to_line(), b.to_line());
        }
        Verdict::Stuck(grid) => println!("stuck at {}", grid.to_line()),
    }
    // The same record `deduku solve --format json` prints (docs/results.md).
    let record = Record::of_outcome(1, parsed.line, &outcome, &Default::default());
    println!("{}", record.to_json());
    // The certificate: hand it to `deduku-check` or `deduku_check::check`.
    let ron = render_proof(&outcome.proof, ProofEncoding::Ron);
    println!("certificate: {} steps, {} bytes of RON", outcome.proof.steps.len(), ron.len());
    Ok(())
}
