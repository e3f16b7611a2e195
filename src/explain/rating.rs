//! Difficulty from the proof: how deep the negation had to go, how many
//! refutations it took, and which step was hardest — an order a teacher can
//! sort exercises by ("singles only" < "depth 1" < "depth 2" …).

use super::derivation::Derivation;
use super::words::is_pattern;
use deduku_check::format::{Claim, Rule};
use std::fmt;

/// The difficulty a certificate shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The deepest nesting of subproofs (0: no assumption was needed).
    pub depth: usize,
    /// Negation steps, at every depth.
    pub refutations: usize,
    /// Negation steps at the root: eliminations that needed a subproof.
    pub root_refutations: usize,
    /// Lemma steps: refutations proved once and reused where their hypotheses hold.
    pub lemmas: usize,
    /// The hardest root refutation: position of its `Negation` line, or of a root `Lemma`
    /// reusing it (deepest box, then the longest one).
    pub hardest: Option<usize>,
    /// The hardest refutation's box depth and length in lines.
    pub hardest_size: (usize, usize),
    /// Whether a pattern rule (locked candidates, subsets) was used.
    pub patterns: bool,
    /// What the certificate claims: a rating means something else for each.
    pub claim: ClaimKind,
}

/// The claim of a rated certificate, as far as the rating cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClaimKind {
    /// The unique solution, derived.
    Solution,
    /// No solution: ⊥ derived.
    Contradiction,
    /// Two solutions shown, nothing derived.
    Multiple,
    /// Some consequences derived (the puzzle not finished, or an exercise).
    Partial,
}

impl Rating {
    /// `singles only`, `depth 1`, `depth 2`, … (for what the certificate derives).
    pub fn label(&self) -> String {
        match self.depth {
            0 if self.patterns => "patterns, no negation".to_string(),
            0 => "singles only".to_string(),
            k => format!("depth {k}"),
        }
    }

    /// A sort key: depth first, then the number of refutations.
    pub fn key(&self) -> (usize, usize) {
        (self.depth, self.refutations)
    }
}

impl fmt::Display for Rating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let label = self.label();
        match self.claim {
            ClaimKind::Multiple => {
                return write!(
                    f,
                    "difficulty: not rated — the puzzle has several solutions; the certificate \
                     shows two and derives nothing"
                )
            }
            ClaimKind::Solution => write!(f, "difficulty: {label}")?,
            ClaimKind::Contradiction => write!(f, "difficulty: no solution, shown with {label}")?,
            ClaimKind::Partial => write!(f, "difficulty: {label}, for what is derived")?,
        }
        let plural = |k: usize, word: &str| match k {
            1 => format!("1 {word}"),
            k => format!("{k} {word}s"),
        };
        write!(
            f,
            " — negation depth {}, {} ({} at the root)",
            self.depth,
            plural(self.refutations, "refutation"),
            self.root_refutations
        )?;
        if self.lemmas > 0 {
            write!(f, ", {} reusing refutations", plural(self.lemmas, "Lemma step"))?;
        }
        if let Some(h) = self.hardest {
            let (depth, len) = self.hardest_size;
            write!(
                f,
                "; hardest step: line {} (a depth-{depth} refutation of {len} lines)",
                Derivation::number(h)
            )?;
        }
        Ok(())
    }
}

/// Rate the derivation `d` in one pass (each refutation's box measured once, in advance).
pub fn rate(d: &Derivation) -> Rating {
    let depth = d.lines.iter().map(|l| l.level).max().unwrap_or(0);
    let (mut refutations, mut root_refutations, mut lemmas) = (0, 0, 0);
    let mut hardest: Option<(usize, (usize, usize))> = None;
    for (i, line) in d.lines.iter().enumerate() {
        let boxed = match line.step.rule {
            Rule::Negation => {
                refutations += 1;
                root_refutations += usize::from(line.level == 0);
                d.discharged(i)
            }
            // The refutation a Lemma reuses: the outermost box of its chain.
            Rule::Lemma => {
                lemmas += 1;
                (line.level == 0).then(|| d.lemma_chain(i).last().copied()).flatten()
            }
            _ => continue,
        };
        if line.level != 0 {
            continue;
        }
        let Some(a) = boxed else { continue };
        let Some(extent) = d.extent(a) else { continue };
        let size = (extent.deepest, extent.last + 2 - a);
        if hardest.map_or(true, |(_, best)| size > best) {
            hardest = Some((i, size));
        }
    }
    Rating {
        depth,
        refutations,
        root_refutations,
        lemmas,
        hardest: hardest.map(|(i, _)| i),
        hardest_size: hardest.map_or((0, 0), |(_, s)| s),
        patterns: d.lines.iter().any(|l| is_pattern(&l.step.rule)),
        claim: match d.proof.claim {
            Claim::Solution(_) => ClaimKind::Solution,
            Claim::Contradiction => ClaimKind::Contradiction,
            Claim::Multiple(..) => ClaimKind::Multiple,
            _ => ClaimKind::Partial,
        },
    }
}
