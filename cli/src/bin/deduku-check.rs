//! The `deduku-check` binary: the independent checker's command line.
//!
//! All of it lives in the trusted crate (`deduku_check::cli`); this file only gives it a
//! binary in the package that also builds `deduku`, so that one `cargo install` brings both.
//! It uses nothing of the engine.

fn main() -> std::process::ExitCode {
    deduku_check::cli::main()
}
