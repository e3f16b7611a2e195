//! The `deduku` binary.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match deduku::cli::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap's own errors (unknown flags, bad values) are usage errors: exit 2.
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { deduku::cli::EXIT_USAGE } else { 0 });
        }
    };
    deduku::cli::run(cli)
}
