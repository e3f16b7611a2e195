//! `deduku export`: a puzzle as DIMACS CNF and its certificate as DRAT / LRAT, for
//! third-party checkers (docs/sat.md).

use super::fail;
use super::input::{self, InputArgs};
use clap::Args;
use deduku::grid::Grid;
use deduku::proof::{read_proof_file, write_atomically, PendingFile};
use deduku::sat::{
    render_drat, render_drat_binary, render_lrat, translatable_rules, translate_with, Cnf, Lemmas,
};
use deduku::solve::solve;
use deduku_check::format::{Claim, Proof};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `deduku export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// A puzzle file holding one puzzle, `-` for stdin, or the puzzle string itself.
    pub puzzle: String,
    /// Write the DIMACS CNF here (with the blocking clause for a Solution certificate).
    #[arg(long, value_name = "FILE")]
    pub cnf: Option<PathBuf>,
    /// Write the certificate as a DRAT proof of the CNF here.
    #[arg(long, value_name = "FILE")]
    pub drat: Option<PathBuf>,
    /// Write the certificate as an LRAT proof of the CNF here.
    #[arg(long, value_name = "FILE")]
    pub lrat: Option<PathBuf>,
    /// Write the DRAT proof in binary DRAT instead of text.
    #[arg(long)]
    pub binary: bool,
    /// Leave the blocking clause out of the CNF (the plain puzzle; not with --drat/--lrat).
    #[arg(long)]
    pub no_blocking: bool,
    /// Translate this certificate (checked first) instead of solving the puzzle.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// Which steps become lemmas: `needed` (only those unit propagation cannot reach and the
    /// refutation uses: the smallest proof) or `all` (one lemma per derived step, each a named
    /// deduction; claims without a refutation always get these).
    #[arg(long, value_name = "WHICH", default_value = "needed", value_parser = parse_lemmas)]
    pub lemmas: Lemmas,
    /// How to solve (when no --proof is given).
    #[command(flatten)]
    pub solve: super::solve::SolveFlags,
    /// Input options.
    #[command(flatten)]
    pub input: InputArgs,
}

/// Run `deduku export`: exit 0 when every requested file is written, 2 otherwise.
pub fn run(args: &ExportArgs) -> ExitCode {
    let wants_proof = args.drat.is_some() || args.lrat.is_some();
    if args.cnf.is_none() && !wants_proof {
        return fail("nothing to export: give --cnf, --drat and/or --lrat");
    }
    if args.no_blocking && wants_proof {
        return fail("--no-blocking: the DRAT/LRAT proof refutes the CNF with its blocking clause");
    }
    match export(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn export(args: &ExportArgs) -> Result<(), String> {
    let puzzle = input::one_puzzle(&args.puzzle, &args.input, "export")?;
    let proof = match &args.proof {
        Some(path) => checked_proof(path, &puzzle)?,
        None => {
            let mut opts = args.solve.options();
            opts.rules.get_or_insert(translatable_rules(opts.search, puzzle.order()));
            solve(&puzzle, &opts).proof
        }
    };
    let cnf = if args.no_blocking { Ok(Cnf::new(&puzzle)) } else { Cnf::for_proof(&proof) };
    let cnf = cnf.map_err(|e| e.to_string())?;
    println!("verdict: {}", claim_name(&proof.claim));
    if let Some(path) = &args.cnf {
        // Streamed: a 64x64 CNF has 33 million clauses.
        let stream = |file: &mut PendingFile| {
            let mut w = std::io::BufWriter::new(file);
            cnf.write(&mut w)?;
            w.flush()
        };
        let mut file = PendingFile::create(path).map_err(|e| cannot_write(path, e))?;
        stream(&mut file).and_then(|()| file.commit()).map_err(|e| cannot_write(path, e))?;
        let vars = cnf.encoding().vars();
        println!("cnf: {} ({vars} variables, {} clauses)", path.display(), cnf.clause_count());
    }
    if !(args.drat.is_some() || args.lrat.is_some()) {
        return Ok(());
    }
    let t = translate_with(&proof, &cnf, args.lemmas).map_err(|e| e.to_string())?;
    let ending = if t.refutes { "ends with the empty clause" } else { "no empty clause" };
    if let Some(path) = &args.drat {
        let bytes = if args.binary { render_drat_binary(&t) } else { render_drat(&t) };
        write(path, &bytes)?;
        println!("drat: {} ({} lemmas, {ending})", path.display(), t.lemmas());
    }
    if let Some(path) = &args.lrat {
        write(path, &render_lrat(&t))?;
        println!("lrat: {} ({} lemmas, {ending})", path.display(), t.lemmas());
    }
    Ok(())
}

/// Read a certificate and replay it with the checker: only a verified one is translated.
fn checked_proof(path: &Path, puzzle: &Grid) -> Result<Proof, String> {
    let proof = read_proof_file(path)?;
    deduku_check::check(&proof, Some(&puzzle.to_line()))
        .map_err(|e| format!("{}: REJECTED {e}", path.display()))?;
    Ok(proof)
}

fn claim_name(claim: &Claim) -> &'static str {
    match claim {
        Claim::Solution(_) => "solution",
        Claim::Contradiction => "contradiction",
        Claim::Consequences(_) => "stuck (Consequences: lemmas only)",
        Claim::Multiple(..) => "multiple (no derivation: CNF only)",
        Claim::Derives(_) => "derives (the listed literals: lemmas only)",
        Claim::Minimal { .. } => "minimal (the solution's derivation; witnesses are grids)",
    }
}

fn write(path: &Path, bytes: &[u8]) -> Result<(), String> {
    write_atomically(path, bytes).map_err(|e| cannot_write(path, e))
}

fn cannot_write(path: &Path, e: std::io::Error) -> String {
    format!("{}: cannot write: {e}", path.display())
}

/// `--lemmas needed|all`.
fn parse_lemmas(text: &str) -> Result<Lemmas, String> {
    match text {
        "needed" => Ok(Lemmas::Needed),
        "all" => Ok(Lemmas::All),
        _ => Err(format!("`{text}`: expected `needed` or `all`")),
    }
}
