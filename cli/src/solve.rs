//! `deduku solve`: certify puzzles, print verdicts, write certificates.

use super::input::{self, InputArgs};
use super::report;
use super::{fail, EXIT_USAGE};
use clap::{Args, ValueEnum};
use deduku::grid::Alphabet;
use deduku::proof::{numbered_certificate, pending_certificate, size_warning, ProofEncoding};
use deduku::record::Record;
use deduku::rules::RuleSet;
use deduku::solve::Strategy;
use deduku::solve::{solve, Outcome, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Once;
use std::time::Duration;

/// Arguments of `deduku solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// A puzzle file, `-` for stdin, or the puzzle string itself.
    pub puzzle: String,
    /// Write the certificate here (a directory when the input holds several puzzles).
    #[arg(long, value_name = "PATH")]
    pub proof: Option<PathBuf>,
    /// How to print each result.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// How to solve.
    #[command(flatten)]
    pub solve: SolveFlags,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
}

/// The solving flags shared by `solve` and `batch`.
#[derive(Debug, Clone, Args)]
pub struct SolveFlags {
    /// The optional rules of Cn, comma-separated: `ns`, `hs`, `lc`, `np`, `nt`, `hp`, `ht`,
    /// `hall` (the matching rule: naked subsets of any size), `all`
    /// [default: `ns,hs` with `--search bfs`; `ns,hs,lc` with `--search dfs`, plus `hp` on 9×9 and `hall` on 25×25 and larger;
    /// `--search cdcl` propagates with the singles and its learned clauses only].
    #[arg(long, value_parser = parse_rules)]
    pub rules: Option<RuleSet>,
    /// Deepest negation allowed (0: Cn alone); unbounded by default, which is complete.
    #[arg(long, value_name = "K")]
    pub max_depth: Option<usize>,
    /// Do not let the plain solver's solution prune the search (the paper's pure search).
    #[arg(long)]
    pub no_oracle: bool,
    /// How to search for refutations: `bfs` (shallowest proofs, the default),
    /// `dfs` (a solver's depth-first search: deeper proofs, much faster on hard puzzles) or
    /// `cdcl` (clause learning: each learned clause a lemma proved once and cited where it is
    /// used; the fastest on hard 25×25 grids).
    #[arg(long, default_value = "bfs", value_parser = parse_strategy)]
    pub search: Strategy,
    /// Stop searching after this many seconds per puzzle (decimals allowed) and
    /// certify what was derived so far (a `stuck` verdict, `Consequences` claim).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub timeout: Option<Duration>,
}

impl SolveFlags {
    /// The engine options these flags select. With `--search cdcl`, a warning on stderr
    /// (once per run) names each flag that does not apply: the search runs without it.
    pub fn options(&self) -> SolveOptions {
        static WARNED: Once = Once::new();
        if self.search == Strategy::Cdcl && self.max_depth != Some(0) {
            WARNED.call_once(|| self.warn_cdcl_ignores());
        }
        SolveOptions {
            rules: self.rules,
            max_depth: self.max_depth,
            oracle: !self.no_oracle,
            search: self.search,
            timeout: self.timeout,
        }
    }
}

impl SolveFlags {
    fn warn_cdcl_ignores(&self) {
        let ignored = [
            (
                self.rules.is_some(),
                "--rules (it propagates with the singles and its learned clauses)",
            ),
            (self.max_depth.is_some(), "--max-depth above 0 (it nests no refutations)"),
            (self.no_oracle, "--no-oracle (it uses no plain solver)"),
        ];
        for (_, flag) in ignored.iter().filter(|(given, _)| *given) {
            eprintln!("warning: --search cdcl ignores {flag}");
        }
    }
}

/// Output formats of a solve result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Verdict, figures and grid for people.
    Text,
    /// One RON value per puzzle.
    Ron,
    /// One JSON object per line.
    Json,
}

/// Parse a `--rules` list (shared by the verbs that take one).
pub fn parse_rules(s: &str) -> Result<RuleSet, String> {
    s.parse().map_err(|e: deduku::rules::RuleSetError| e.to_string())
}

/// Parse a `--search` strategy name.
pub fn parse_strategy(s: &str) -> Result<Strategy, String> {
    s.parse().map_err(|e: deduku::solve::StrategyError| e.to_string())
}

/// Parse a `--timeout` in seconds: positive, finite, decimals allowed.
pub fn parse_seconds(s: &str) -> Result<Duration, String> {
    let secs: f64 = s.trim().parse().map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !(secs.is_finite() && secs > 0.0 && secs < 1e9) {
        return Err(format!("the timeout must be a positive number of seconds, got `{s}`"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Run `deduku solve`.
pub fn run(args: &SolveArgs) -> ExitCode {
    let (source, opts) = match input::open(&args.puzzle, &args.input) {
        Ok(opened) => opened,
        Err(e) => return fail(e),
    };
    let solve_opts = args.solve.options();
    let parsed: Vec<_> = input::puzzles(&source, &opts).collect();
    if parsed.is_empty() {
        return fail(format!("{}: no puzzle found (empty input)", source.name));
    }
    let several = parsed.len() > 1;
    if let (true, Some(path)) = (several, &args.proof) {
        if names_a_file(path) && !path.is_dir() {
            let bad = parsed.iter().filter(|p| p.is_err()).count();
            let unread =
                if bad > 0 { format!(", {bad} of them unreadable") } else { String::new() };
            return fail(format!(
                "{}: holds {} puzzles{unread}; --proof {} names one certificate file: give a \
                 directory for one certificate per puzzle",
                source.name,
                parsed.len(),
                path.display()
            ));
        }
    }
    let several = several || args.proof.as_ref().is_some_and(|p| p.is_dir());
    if let (true, Some(dir)) = (several, &args.proof) {
        if let Err(e) = std::fs::create_dir_all(dir) {
            return fail(format!("{}: cannot create proof directory: {e}", dir.display()));
        }
    }
    let mut failed = false;
    for (i, item) in parsed.into_iter().enumerate() {
        let puzzle = match item {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {e}");
                failed = true;
                continue;
            }
        };
        let outcome = solve(&puzzle.grid, &solve_opts);
        let report = Record::of_outcome(i + 1, puzzle.line, &outcome, &opts.alphabet);
        // A reader that went away (`solve many.txt | head`) ends the run quietly
        // once this puzzle's certificate is written: nobody reads the rest.
        let reader_gone = !print_result(args.format, &report, &outcome, &opts.alphabet);
        if let Some(path) = &args.proof {
            let target = if several { numbered_certificate(path, i + 1) } else { path.clone() };
            if let Err(e) = save_proof(&target, &outcome) {
                eprintln!("error: {}: cannot write certificate: {e}", target.display());
                failed = true;
            }
        }
        if reader_gone {
            break;
        }
    }
    if failed {
        ExitCode::from(EXIT_USAGE)
    } else {
        ExitCode::SUCCESS
    }
}

/// Print one result; `false` when standard output is closed (or failing).
fn print_result(format: Format, report: &Record, outcome: &Outcome, alphabet: &Alphabet) -> bool {
    let text = match format {
        Format::Text => report::text(report, outcome, alphabet),
        Format::Json => serde_json::to_string(report).expect("reports serialize") + "\n",
        Format::Ron => ron::to_string(report).expect("reports serialize") + "\n",
    };
    super::print_out(&text)
}

/// Whether `path` names a certificate file (`.ron` or `.json`) rather than a directory.
fn names_a_file(path: &Path) -> bool {
    matches!(path.extension().and_then(|e| e.to_str()), Some("ron" | "json"))
}

fn save_proof(path: &Path, outcome: &Outcome) -> std::io::Result<()> {
    let encoding = match path.extension().and_then(|e| e.to_str()) {
        Some("json") => ProofEncoding::Json,
        _ => ProofEncoding::Ron,
    };
    let (file, bytes) = pending_certificate(path, &outcome.proof, encoding)?;
    file.commit()?;
    if let Some(warning) = size_warning(path, bytes) {
        eprintln!("{warning}");
    }
    Ok(())
}
