//! `deduku explain`: a certificate (or a fresh solve) as Fitch-style natural
//! deduction, plain-language steps, a summary, DOT, SVG or an HTML viewer.

use super::fail;
use super::input::{self, InputArgs};
use crate::explain::{
    fitch, grid_svg, plain_steps, rate, summary, to_dot, viewer_html, Derivation,
};
use crate::grid::Grid;
use crate::proof::{read_proof_file, write_atomically};
use crate::solve::{solve, SolveOptions};
use clap::{Args, ValueEnum};
use deduku_check::format::Proof;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `deduku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle: a file, `-` for stdin, or the puzzle string itself.
    pub puzzle: String,
    /// The certificate (RON or JSON); without it the puzzle is solved first.
    pub proof: Option<PathBuf>,
    /// How to word the derivation in text output.
    #[arg(long, value_enum, default_value_t = Style::Fitch)]
    pub style: Style,
    /// Print one line per placement (rule and depth) instead of the whole derivation.
    #[arg(long)]
    pub summary: bool,
    /// Interleave the candidate grid after every K lines.
    #[arg(long, value_name = "K")]
    pub grid_every: Option<usize>,
    /// Output: text, Graphviz DOT of the proof DAG, or an SVG of the grid at `--at`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The line the SVG shows (0: the givens; default: the last line).
    #[arg(long, value_name = "N")]
    pub at: Option<usize>,
    /// Write the self-contained HTML proof viewer to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Wording of the text output.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Style {
    /// Fitch-style natural deduction: numbered lines, boxes, rules, cited lines.
    Fitch,
    /// Plain language for puzzle solvers.
    Steps,
}

/// Output formats of `deduku explain`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text (see `--style`, `--summary`).
    Text,
    /// Graphviz DOT of the proof DAG.
    Dot,
    /// SVG picture of the grid at one line.
    Svg,
}

/// Run `deduku explain`: exit 0, 1 when the checker rejects the certificate, 2 on bad input.
pub fn run(args: &ExplainArgs) -> ExitCode {
    let givens = match load_puzzle(args) {
        Ok(g) => g,
        Err(e) => return fail(e),
    };
    let proof = match &args.proof {
        Some(path) => match load_proof(path) {
            Ok(p) => p,
            Err(e) => return fail(e),
        },
        None => solve(&givens, &SolveOptions::default()).proof,
    };
    let verdict = deduku_check::check(&proof, Some(&givens.to_line()));
    let d = Derivation::new(&proof);
    let output = match render(args, &d, &verdict) {
        Ok(text) => text,
        Err(e) => return fail(e),
    };
    print!("{output}");
    if verdict.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn render(
    args: &ExplainArgs,
    d: &Derivation,
    verdict: &Result<deduku_check::Verified, deduku_check::CheckError>,
) -> Result<String, String> {
    let verdict_line = match verdict {
        Ok(v) => v.to_string(),
        Err(e) => format!("REJECTED {e}"),
    };
    if let Some(path) = &args.html {
        let page = viewer_html(d, verdict).map_err(|e| e.to_string())?;
        write_atomically(path, page.as_bytes())
            .map_err(|e| format!("{}: cannot write the viewer: {e}", path.display()))?;
        return Ok(format!("{verdict_line}\nwrote {}\n", path.display()));
    }
    match args.format {
        Format::Dot => Ok(to_dot(d)),
        Format::Svg => grid_svg(d, args.at.unwrap_or(d.lines.len())).map_err(|e| e.to_string()),
        Format::Text => {
            let body = if args.summary {
                summary(d)
            } else if args.style == Style::Steps {
                plain_steps(d, args.grid_every)
            } else {
                fitch(d, args.grid_every)
            };
            Ok(format!("{verdict_line}\n{}\n\n{body}", rate(d)))
        }
    }
}

fn load_puzzle(args: &ExplainArgs) -> Result<Grid, String> {
    input::one_puzzle(&args.puzzle, &args.input, "explain")
}

fn load_proof(path: &Path) -> Result<Proof, String> {
    read_proof_file(path)
}
