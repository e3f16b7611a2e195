//! `deduku commute`: confluence of rule schedules, and commutation of one-pass operators.

use super::fail;
use super::input::{self, InputArgs};
use clap::Args;
use deduku::commute::{
    compose_difference, confluence, shrink, states_along, Counterexample, FileReport, RuleKind,
    Schedule,
};
use deduku::grid::{Grid, ParsedPuzzle};
use deduku::proof::write_atomically;
use deduku::rules::RuleSet;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `deduku commute`.
#[derive(Debug, Args)]
pub struct CommuteArgs {
    /// Puzzle files (or `-`, or a puzzle string).
    #[arg(required = true)]
    pub files: Vec<String>,
    /// The rules whose schedules are compared: `ns,hs,lc,np,nt,hp,ht,hall` or `all`.
    #[arg(long, default_value = "ns,hs", value_parser = super::solve::parse_rules)]
    pub rules: RuleSet,
    /// Check every non-empty subset of --rules, one report each.
    #[arg(long)]
    pub all_subsets: bool,
    /// Test `Cn_A ∘ Cn_B = Cn_B ∘ Cn_A` instead, e.g. `--compose ns,hs` (rule sets joined by `+`
    /// inside a side: `--compose ns+hs,lc`).
    #[arg(long, value_name = "A,B")]
    pub compose: Option<String>,
    /// Schedules per state (priority orders, parallel, then seeded random ones).
    #[arg(long, default_value_t = 6)]
    pub schedules: usize,
    /// Seed of the random schedules and of the solution order of intermediate states.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// States per puzzle: the givens and states along the solution.
    #[arg(long, default_value_t = 3)]
    pub states: usize,
    /// Puzzles per file (the first ones); 0 is every puzzle.
    #[arg(long, default_value_t = 50)]
    pub limit: usize,
    /// Write the certificates of each counterexample into this directory.
    #[arg(long, value_name = "DIR")]
    pub proof_dir: Option<PathBuf>,
    /// Input options for the puzzles.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Run `deduku commute`: exit 0 when every printed certificate checks, 1 if one is
/// rejected, 2 on unusable input.
pub fn run(args: &CommuteArgs) -> ExitCode {
    let compose = match args.compose.as_deref().map(parse_pair).transpose() {
        Ok(c) => c,
        Err(e) => return fail(format!("--compose: {e}")),
    };
    let mut all_checked = true;
    let mut written = 0;
    for file in &args.files {
        let states = match load_states(args, file) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let found = match compose {
            Some((a, b)) => compose_file(file, &states, a, b),
            None => confluence_file(args, file, &states),
        };
        for cx in found {
            all_checked &= print_counterexample(&cx);
            written += save(args, &cx, written);
        }
    }
    if all_checked {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `A,B` as two rule sets; `+` joins rules inside a side.
fn parse_pair(s: &str) -> Result<(RuleSet, RuleSet), String> {
    let (a, b) = s.split_once(',').ok_or("expected two rule sets A,B")?;
    let side = |t: &str| t.replace('+', ",").parse::<RuleSet>().map_err(|e| e.to_string());
    Ok((side(a)?, side(b)?))
}

/// The states to check: for each of the first `limit` puzzles, states along its solution.
fn load_states(args: &CommuteArgs, file: &str) -> Result<Vec<Grid>, String> {
    let (source, opts) = input::open(file, &args.input)?;
    let limit = if args.limit == 0 { usize::MAX } else { args.limit };
    let mut all = input::puzzles(&source, &opts);
    let puzzles: Vec<ParsedPuzzle> =
        all.by_ref().take(limit).collect::<Result<_, _>>().map_err(|e| e.to_string())?;
    let rest = all.count();
    if rest > 0 {
        let total = puzzles.len() + rest;
        eprintln!(
            "note: {file}: checking the first {limit} of {total} puzzles (--limit N, 0 for all)"
        );
    }
    let seed = args.seed;
    Ok(puzzles.iter().flat_map(|p| states_along(&p.grid, args.states, seed)).collect())
}

/// Confluence reports for the file (one per rule subset); the first counterexample of each.
fn confluence_file(args: &CommuteArgs, file: &str, states: &[Grid]) -> Vec<Counterexample> {
    let mut found = Vec::new();
    for rules in rule_sets(args) {
        let kinds = RuleKind::of(rules);
        let schedules = Schedule::family(&kinds, args.schedules, args.seed);
        let mut report = FileReport::new(file, rules, &schedules);
        for g in states {
            report.add(confluence(g, &kinds, &schedules));
        }
        print!("{report}");
        found.extend(report.counterexamples.into_iter().take(1));
    }
    found
}

/// `--rules`, or every non-empty subset of it.
fn rule_sets(args: &CommuteArgs) -> Vec<RuleSet> {
    if !args.all_subsets {
        return vec![args.rules];
    }
    let subsets = (1..=RuleSet::EVERY.bits()).map(RuleSet::from_bits);
    subsets.filter(|s| s.is_subset(args.rules)).collect()
}

/// Count the states where the compositions differ; shrink and return the first.
fn compose_file(file: &str, states: &[Grid], a: RuleSet, b: RuleSet) -> Vec<Counterexample> {
    let differing: Vec<&Grid> =
        states.iter().filter(|g| compose_difference(g, a, b).is_some()).collect();
    println!(
        "{file}: Cn_{a}∘Cn_{b} vs Cn_{b}∘Cn_{a}: {} of {} states differ",
        differing.len(),
        states.len()
    );
    let Some(first) = differing.first() else { return Vec::new() };
    let small = shrink(first, |g| compose_difference(g, a, b).is_some());
    println!(
        "  shrunk the first from {} to {} givens (1-minimal: no single given can go)",
        first.filled_count(),
        small.filled_count()
    );
    compose_difference(&small, a, b).into_iter().collect()
}

/// Print a counterexample and check both certificates; false if one is rejected.
fn print_counterexample(cx: &Counterexample) -> bool {
    let (has, lacks) = if cx.in_first { (&cx.first, &cx.second) } else { (&cx.second, &cx.first) };
    println!("counterexample ({} givens): {}", cx.state.filled_count(), cx.state.to_line());
    println!("  {} derives {} ; {} does not", has, cx.literal, lacks);
    let mut ok = true;
    for (name, proof) in [(&cx.first, &cx.proofs[0]), (&cx.second, &cx.proofs[1])] {
        match deduku_check::check(proof, Some(&cx.state.to_line())) {
            Ok(v) => println!("  certificate of {name}: {} steps, {v}", proof.steps.len()),
            Err(e) => {
                println!("  certificate of {name}: REJECTED {e}");
                ok = false;
            }
        }
    }
    ok
}

/// Write both certificates of `cx` as `cx-<index>-{a,b}.ron`; returns 1 if written.
fn save(args: &CommuteArgs, cx: &Counterexample, index: usize) -> usize {
    let Some(dir) = &args.proof_dir else { return 0 };
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("error: {}: {e}", dir.display());
        return 0;
    }
    for (side, proof) in ["a", "b"].iter().zip(&cx.proofs) {
        let path = dir.join(format!("cx-{index:03}-{side}.ron"));
        if let Err(e) = write_atomically(&path, deduku_check::to_ron(proof).as_bytes()) {
            eprintln!("error: {}: {e}", path.display());
        }
    }
    1
}
