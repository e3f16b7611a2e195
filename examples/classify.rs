//! Classify puzzles with the plain solver (0, 1 or ≥2 solutions) and print,
//! per puzzle, its class, the branches the search opened and the time.
//!
//! ```sh
//! cargo run --release --example classify -- PUZZLES [BUDGET]
//! ```
//!
//! `PUZZLES` is a file (any format `deduku` reads) or a puzzle string;
//! `BUDGET` bounds the branches per puzzle (`unknown` when it runs out).
//! `benches/classify_vs_cadical.sh` runs it side by side with CaDiCaL.

use deduku::grid::{parse_puzzles, ParseOptions};
use deduku::solver::{Classification, Solver};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(source) = args.first() else {
        eprintln!("usage: classify PUZZLES [BUDGET]");
        std::process::exit(2);
    };
    let budget = match args.get(1).map(|b| b.parse::<u64>()) {
        None => u64::MAX,
        Some(Ok(b)) => b,
        Some(Err(e)) => {
            eprintln!("classify: bad budget {:?}: {e}", args[1]);
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(source).unwrap_or_else(|_| source.clone());
    let opts = ParseOptions::default();
    for (k, parsed) in parse_puzzles(&text, &opts).enumerate() {
        let puzzle = match parsed {
            Ok(p) => p.grid,
            Err(e) => {
                eprintln!("classify: puzzle {}: {e}", k + 1);
                std::process::exit(2);
            }
        };
        let mut solver = Solver::new(puzzle.order());
        let start = Instant::now();
        let class = match solver.classify_with_budget(&puzzle, budget) {
            None => "unknown",
            Some(Classification::None) => "none",
            Some(Classification::Unique(_)) => "unique",
            Some(Classification::Multiple(..)) => "multiple",
        };
        let seconds = start.elapsed().as_secs_f64();
        println!("{} {class} {} {seconds:.3}", k + 1, solver.nodes());
    }
}
