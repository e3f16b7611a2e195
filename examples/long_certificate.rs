//! A valid certificate of 10⁷ steps (or the count given), built in memory and checked, to show
//! the kernel's time and memory stay linear in the certificate's size.
//!
//! ```sh
//! cargo build --release --example long_certificate
//! /usr/bin/time -v target/release/examples/long_certificate 10000000        # in memory
//! /usr/bin/time -v target/release/examples/long_certificate 10000000 --ron  # through RON text
//! ```

#[path = "../tests/scale/long_chain.rs"]
mod long_chain;

use long_chain::{build, PUZZLE};
use std::process::ExitCode;
use std::time::Instant;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let target = args.first().and_then(|a| a.parse::<u64>().ok()).unwrap_or(10_000_000);
    let through_ron = args.iter().any(|a| a == "--ron");
    let start = Instant::now();
    let mut proof = build(target);
    eprintln!("built {} steps in {:.2?}", proof.steps.len(), start.elapsed());
    if through_ron {
        let t = Instant::now();
        let text = deduku_check::to_ron(&proof);
        drop(proof);
        eprintln!("wrote {} bytes of RON in {:.2?}", text.len(), t.elapsed());
        let t = Instant::now();
        proof = match deduku_check::parse_ron(&text) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("parse failed: {e}");
                return ExitCode::FAILURE;
            }
        };
        eprintln!("parsed in {:.2?}", t.elapsed());
    }
    let t = Instant::now();
    let verdict = deduku_check::check(&proof, Some(PUZZLE));
    eprintln!("checked in {:.2?}", t.elapsed());
    match verdict {
        Ok(v) => {
            println!("{v}: {} steps, {} premises, depth {}", v.steps, v.premises, v.max_depth);
            ExitCode::SUCCESS
        }
        Err(e) => {
            println!("REJECTED {e}");
            ExitCode::FAILURE
        }
    }
}
