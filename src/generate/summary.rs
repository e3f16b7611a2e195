//! The distribution of what a run generated: clue counts, proof depths, attempts and times.

use super::Generated;
use std::collections::BTreeMap;
use std::fmt;

/// Tallies of a run, printed as a few lines after it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GenSummary {
    /// Puzzles per clue count.
    pub clues: BTreeMap<usize, usize>,
    /// Puzzles per negation depth of the breadth-first proof.
    pub depths: BTreeMap<usize, usize>,
    /// Per-puzzle times, in microseconds (one thread each).
    pub micros: Vec<u64>,
    /// Attempts over all puzzles.
    pub attempts: usize,
    /// Puzzles that could not be generated.
    pub failed: usize,
}

impl GenSummary {
    /// Counts one generated puzzle.
    pub fn add(&mut self, g: &Generated) {
        *self.clues.entry(g.puzzle.filled_count()).or_default() += 1;
        *self.depths.entry(g.depth).or_default() += 1;
        self.micros.push(g.stats.micros);
        self.attempts += g.stats.attempts;
    }

    /// Puzzles generated.
    pub fn count(&self) -> usize {
        self.micros.len()
    }

    /// The median time per puzzle, in microseconds (0 when none).
    pub fn median_micros(&self) -> u64 {
        let mut t = self.micros.clone();
        t.sort_unstable();
        t.get(t.len() / 2).copied().unwrap_or(0)
    }
}

/// `k:n` pairs of a histogram.
fn histogram(h: &BTreeMap<usize, usize>) -> String {
    let parts: Vec<String> = h.iter().map(|(k, n)| format!("{k}:{n}")).collect();
    parts.join(" ")
}

impl fmt::Display for GenSummary {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.count();
        writeln!(f, "generated {n} puzzles, {} failed", self.failed)?;
        if n == 0 {
            return Ok(());
        }
        let total: usize = self.clues.iter().map(|(k, c)| k * c).sum();
        writeln!(
            f,
            "clues (count:puzzles): {}; mean {:.1}",
            histogram(&self.clues),
            total as f64 / n as f64
        )?;
        writeln!(f, "depth (depth:puzzles): {}", histogram(&self.depths))?;
        let mean_attempts = self.attempts as f64 / n as f64;
        let median_ms = self.median_micros() as f64 / 1000.0;
        writeln!(f, "attempts per puzzle: mean {mean_attempts:.2}; time per puzzle: median {median_ms:.2} ms")
    }
}
