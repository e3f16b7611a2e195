//! `deduku explain`: a certificate (or a fresh solve) as Fitch-style natural
//! deduction, plain-language steps, a summary, DOT, SVG or an HTML viewer.

use super::fail;
use super::input::{self, InputArgs};
use super::solve::SolveFlags;
use clap::{Args, ValueEnum};
use deduku::explain::{
    derives_report, fitch, grid_svg, headline, plain_steps, rate, refutation_svg, summary, to_dot,
    viewer_html, Derivation, Digits, DotOptions, Rejection, TextOptions, Verdict, DOT_MAX_NODES,
};
use deduku::grid::Grid;
use deduku::proof::{read_proof_file, write_atomically};
use deduku::solve::solve;
use deduku_check::format::{Claim, Proof};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `deduku explain`.
#[derive(Debug, Args)]
pub struct ExplainArgs {
    /// The puzzle: a file, `-` for stdin, or the puzzle string itself — or a certificate
    /// file alone, whose header then supplies the puzzle.
    pub puzzle: String,
    /// The certificate (RON or JSON); without it the puzzle is solved first.
    pub proof: Option<PathBuf>,
    /// How to word the derivation in text output.
    #[arg(long, value_enum, default_value_t = Style::Fitch)]
    pub style: Style,
    /// Print one line per placement (rule and depth) instead of the whole derivation.
    #[arg(long)]
    pub summary: bool,
    /// Interleave the candidate grid after every K lines (text output).
    #[arg(long, value_name = "K")]
    pub grid_every: Option<usize>,
    /// Leave out the givens and the exclusions drawn from them (text output; on by
    /// default for `--style steps`, off for Fitch; `--skip-givens=false` turns it off).
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub skip_givens: Option<bool>,
    /// Output: text, Graphviz DOT of the proof DAG, or an SVG of the grid at `--at`.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// The line the SVG shows (0: the givens; default: the last line).
    #[arg(long, value_name = "N")]
    pub at: Option<usize>,
    /// DOT or SVG of one refutation: the line of its Assume, of the Negation that
    /// discharges it, or of a Lemma that reuses it.
    #[arg(long, value_name = "LINE")]
    pub subproof: Option<usize>,
    /// The most nodes a DOT drawing may have (Graphviz needs minutes for thousands).
    #[arg(long, value_name = "N", default_value_t = DOT_MAX_NODES)]
    pub max_nodes: usize,
    /// Write the self-contained HTML proof viewer to FILE.
    #[arg(long, value_name = "FILE")]
    pub html: Option<PathBuf>,
    /// How to solve when no certificate is given.
    #[command(flatten)]
    pub solve: SolveFlags,
    /// Input options (`--alphabet` also sets how digits are written).
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
    if let Err(e) = check_flags(args) {
        return fail(e);
    }
    let (proof, verdict) = match load(args) {
        Ok(loaded) => loaded,
        Err(e) => return fail(e),
    };
    let side = usize::from(proof.order).pow(2);
    let digits = match args.input.options() {
        Ok(opts) => Digits::from_alphabet(&opts.alphabet, side),
        Err(e) => return fail(e),
    };
    let d = Derivation::with_digits(&proof, digits);
    match render(args, &d, &verdict) {
        // A closed reader drops the rest quietly; the verdict decides the exit code.
        Ok(text) => {
            super::print_out(&text);
        }
        Err(e) => return fail(e),
    }
    match verdict {
        Ok(_) => ExitCode::SUCCESS,
        Err(_) => ExitCode::from(1),
    }
}

/// Refuse flags that the chosen output would silently ignore.
fn check_flags(args: &ExplainArgs) -> Result<(), String> {
    let text = args.format == Format::Text && args.html.is_none();
    // Fitch and steps: text that is not the summary.
    let derivation_text = text && !args.summary;
    let picture = args.html.is_none() && args.format != Format::Text;
    let refuse = |what: &str, why: &str| Err(format!("{what} {why}"));
    if args.at.is_some() && !(picture && args.format == Format::Svg) {
        return refuse("--at", "applies to --format svg (DOT draws a subproof: --subproof LINE)");
    }
    if args.subproof.is_some() && !picture {
        return refuse("--subproof", "applies to --format dot and --format svg");
    }
    if args.grid_every.is_some() && !derivation_text {
        return refuse("--grid-every", "applies to the Fitch and steps text");
    }
    if args.skip_givens.is_some() && !derivation_text {
        return refuse("--skip-givens", "applies to the Fitch and steps text");
    }
    if args.summary && (!text || args.style == Style::Steps) {
        return refuse("--summary", "is a text output of its own (no --style, DOT, SVG or HTML)");
    }
    if args.html.is_some() && args.format != Format::Text {
        return refuse("--html", "writes the viewer; it takes no --format");
    }
    Ok(())
}

/// The certificate and the checker's verdict on it: read from the file given, read alone
/// (its header supplies the puzzle), or made by solving the puzzle.
fn load(args: &ExplainArgs) -> Result<(Proof, Verdict), String> {
    let alone = args.proof.is_none() && certificate_file(&args.puzzle);
    if alone {
        let proof = load_proof(Path::new(&args.puzzle))?;
        eprintln!("{}", from_itself_warning(&args.puzzle));
        let verdict = deduku_check::check(&proof, None);
        return Ok((proof, verdict));
    }
    let givens = load_puzzle(args)?;
    let proof = match &args.proof {
        Some(path) => {
            if args.solve.options() != deduku::solve::SolveOptions::default() {
                return Err("--rules, --max-depth and --no-oracle apply when explain solves \
                            the puzzle itself (no certificate given)"
                    .to_string());
            }
            load_proof(path)?
        }
        None => solve(&givens, &args.solve.options()).proof,
    };
    let verdict = deduku_check::check(&proof, Some(&givens.to_line()));
    Ok((proof, verdict))
}

/// The note printed when the puzzle comes from the certificate itself.
pub fn from_itself_warning(path: &str) -> String {
    format!(
        "warning: the puzzle is read from the certificate {path} itself, not from an \
         independent source: a verdict shows the proof is right about the puzzle in its \
         header, not that this is the puzzle you meant"
    )
}

/// Whether `arg` names a file whose text starts like a certificate (RON `Proof(`/`(`, or
/// a JSON object) rather than a puzzle.
pub fn certificate_file(arg: &str) -> bool {
    use std::io::Read;
    let Ok(file) = std::fs::File::open(arg) else { return false };
    let mut head = String::new();
    let _ = file.take(4096).read_to_string(&mut head);
    let mut text = head.trim_start_matches('\u{feff}').trim_start();
    // RON may open with attributes (`#![enable(implicit_some)]`) and comments.
    while let Some(rest) = ["#![", "//"].iter().find_map(|p| text.strip_prefix(p)) {
        text = rest.split_once('\n').map_or("", |(_, after)| after).trim_start();
    }
    while let Some(rest) = text.strip_prefix("/*") {
        text = rest.split_once("*/").map_or("", |(_, after)| after).trim_start();
    }
    text.starts_with("Proof") || text.starts_with('(') || text.starts_with('{')
}

fn render(args: &ExplainArgs, d: &Derivation, verdict: &Verdict) -> Result<String, String> {
    let verdict_line = headline(d, verdict);
    if let Some(path) = &args.html {
        let page = viewer_html(d, verdict).map_err(|e| e.to_string())?;
        write_atomically(path, page.as_bytes())
            .map_err(|e| format!("{}: cannot write the viewer: {e}", path.display()))?;
        return Ok(format!("{verdict_line}\nwrote {}\n", path.display()));
    }
    let subproof = args.subproof.map(|line| d.subproof_at(line)).transpose()?;
    match args.format {
        Format::Dot => {
            to_dot(d, DotOptions { subproof, max_nodes: args.max_nodes }).map_err(|e| e.to_string())
        }
        Format::Svg => match subproof {
            Some(a) => refutation_svg(d, a, args.at),
            None => grid_svg(d, args.at.unwrap_or(d.lines.len())),
        }
        .map_err(|e| e.to_string()),
        Format::Text => Ok(text(args, d, verdict, &verdict_line)),
    }
}

fn text(args: &ExplainArgs, d: &Derivation, verdict: &Verdict, verdict_line: &str) -> String {
    let opts = TextOptions {
        grid_every: args.grid_every,
        skip_givens: args.skip_givens.unwrap_or(args.style == Style::Steps),
        rejection: verdict.as_ref().err().map(|e| Rejection::locate(d, e)),
    };
    let body = if args.summary {
        summary(d)
    } else if args.style == Style::Steps {
        plain_steps(d, &opts)
    } else {
        fitch(d, &opts)
    };
    let listed = match &d.proof.claim {
        Claim::Derives(facts) => derives_report(d, facts),
        _ => String::new(),
    };
    format!("{verdict_line}\n{listed}{}\n\n{body}", rate(d))
}

fn load_puzzle(args: &ExplainArgs) -> Result<Grid, String> {
    if certificate_file(&args.puzzle) {
        return Err(format!(
            "{} holds a certificate, not a puzzle: the puzzle comes first (deduku explain \
             PUZZLE PROOF), or give the certificate alone to read the puzzle from its header",
            args.puzzle
        ));
    }
    input::one_puzzle(&args.puzzle, &args.input, "explain")
}

fn load_proof(path: &Path) -> Result<Proof, String> {
    read_proof_file(path)
}
