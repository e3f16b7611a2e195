//! Where `deduku generate` puts its puzzles: lines on stdout or in a file (written atomically
//! at the end), certificates and puzzle files in a directory, a JSON line with the rating.

use super::generate::GenerateArgs;
use clap::ValueEnum;
use deduku::explain::{rate, Derivation};
use deduku::generate::{GenSummary, GenerateError, Generated};
use deduku::grid::{Alphabet, Grid};
use deduku::proof::{numbered_certificate, render_proof, write_atomically, ProofEncoding};
use indicatif::ProgressBar;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Output formats of `deduku generate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One puzzle per line.
    Text,
    /// One JSON object per line: the puzzle, its solution, clues, depth and rating.
    Json,
}

/// Writes each generated puzzle as it arrives, in index order.
pub struct Emitter {
    format: Format,
    alphabet: Option<Alphabet>,
    /// The `--out` file and the lines kept for it.
    out: Option<(PathBuf, String)>,
    proofs: Option<PathBuf>,
}

impl Emitter {
    /// An emitter for `args`; creates the certificate directory.
    pub fn new(args: &GenerateArgs, alphabet: Option<Alphabet>) -> Result<Emitter, String> {
        if let Some(dir) = &args.proofs {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("{}: cannot create proof directory: {e}", dir.display()))?;
        }
        let out = args.out.clone().map(|path| (path, String::new()));
        Ok(Emitter { format: args.format, alphabet, out, proofs: args.proofs.clone() })
    }

    /// Writes puzzle `index` (0-based) or reports why it is missing; counts it in `summary`.
    pub fn emit(
        &mut self,
        index: usize,
        made: Result<Generated, GenerateError>,
        summary: &mut GenSummary,
        progress: &ProgressBar,
    ) -> Result<(), String> {
        let made = match made {
            Ok(g) => g,
            Err(e) => {
                progress.suspend(|| eprintln!("error: puzzle {}: {e}", index + 1));
                summary.failed += 1;
                return Ok(());
            }
        };
        summary.add(&made);
        let line = self.line(index, &made)?;
        match &mut self.out {
            Some((_, text)) => text.push_str(&line),
            None => {
                let _ = std::io::stdout().lock().write_all(line.as_bytes());
            }
        }
        match &self.proofs {
            Some(dir) => write_certificate(dir, index, &made),
            None => Ok(()),
        }
    }

    /// Writes the `--out` file, if any.
    pub fn finish(self) -> Result<(), String> {
        match self.out {
            Some((path, text)) => write_atomically(&path, text.as_bytes())
                .map_err(|e| format!("{}: cannot write: {e}", path.display())),
            None => Ok(()),
        }
    }

    /// The output line of one puzzle, newline included.
    fn line(&self, index: usize, g: &Generated) -> Result<String, String> {
        let puzzle = self.render(&g.puzzle)?;
        match self.format {
            Format::Text => Ok(format!("{puzzle}\n")),
            Format::Json => {
                let rating = rate(&Derivation::new(&g.proof));
                let minimal = matches!(g.proof.claim, deduku_check::format::Claim::Minimal { .. });
                let value = serde_json::json!({
                    "index": index + 1,
                    "puzzle": puzzle,
                    "solution": self.render(&g.solution)?,
                    "clues": g.puzzle.filled_count(),
                    "minimal": minimal,
                    "depth": g.depth,
                    "rating": {
                        "label": rating.label(),
                        "depth": rating.depth,
                        "refutations": rating.refutations,
                        "root_refutations": rating.root_refutations,
                    },
                    "certificate_steps": g.proof.steps.len(),
                    "attempts": g.stats.attempts,
                    "generate_us": g.stats.micros,
                });
                Ok(format!("{value}\n"))
            }
        }
    }

    /// A grid in the chosen alphabet (the canonical form without one).
    fn render(&self, grid: &Grid) -> Result<String, String> {
        let Some(alphabet) = &self.alphabet else { return Ok(grid.to_line()) };
        let symbol = |&v: &u8| {
            alphabet.symbol(v).ok_or_else(|| {
                let side = grid.order().side();
                format!("--alphabet has fewer than the {side} digits of a {side}x{side} grid")
            })
        };
        grid.values().iter().map(symbol).collect()
    }
}

/// `DIR/NNNNN.ron` (the certificate) and `DIR/NNNNN.txt` (the puzzle), both atomically.
fn write_certificate(dir: &Path, index: usize, g: &Generated) -> Result<(), String> {
    let stem = numbered_certificate(dir, index + 1);
    let write = |path: PathBuf, text: String| {
        write_atomically(&path, text.as_bytes())
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))
    };
    write(stem.with_extension("txt"), format!("{}\n", g.puzzle.to_line()))?;
    write(stem.with_extension("ron"), render_proof(&g.proof, ProofEncoding::Ron))
}
