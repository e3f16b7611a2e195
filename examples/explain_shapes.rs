//! Writes the certificate shapes of `tests/scale/explain_shapes.rs` to files, to measure
//! `deduku explain` (and `check`, `export`) on them:
//!
//! ```sh
//! cargo build --release --example explain_shapes
//! target/release/examples/explain_shapes nested 45000 > nested45k.ron
//! /usr/bin/time -v target/release/deduku explain nested45k.ron --format dot > /dev/null
//! ```
//!
//! Shapes: `nested DEPTH`, `negations COUNT`, `chain LENGTH` (open assumptions on a 64×64).

#[path = "../tests/scale/explain_shapes.rs"]
mod explain_shapes;

use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.get(1).and_then(|a| a.parse::<u64>().ok());
    let proof = match (args.first().map(String::as_str), size) {
        (Some("nested"), Some(n)) => explain_shapes::nested(n),
        (Some("negations"), Some(n)) => explain_shapes::many_negations(n),
        (Some("chain"), Some(n)) => explain_shapes::open_chain(n),
        _ => {
            eprintln!("usage: explain_shapes nested|negations|chain SIZE > proof.ron");
            return ExitCode::from(2);
        }
    };
    print!("{}", deduku_check::to_ron(&proof));
    ExitCode::SUCCESS
}
