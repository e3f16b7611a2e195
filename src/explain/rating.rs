//! Difficulty from the proof: how deep the negation had to go, how many
//! refutations it took, and which step was hardest — an order a teacher can
//! sort exercises by ("singles only" < "depth 1" < "depth 2" …).

use super::derivation::Derivation;
use deduku_check::format::Rule;
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
    /// The hardest root refutation: position of its `Negation` line (deepest box,
    /// then the longest one).
    pub hardest: Option<usize>,
    /// The hardest refutation's box depth and length in lines.
    pub hardest_size: (usize, usize),
}

impl Rating {
    /// `singles only`, `depth 1`, `depth 2`, …
    pub fn label(&self) -> String {
        match self.depth {
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
        write!(
            f,
            "difficulty: {} — negation depth {}, {} refutations ({} at the root)",
            self.label(),
            self.depth,
            self.refutations,
            self.root_refutations
        )?;
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

/// Rate the derivation `d`.
pub fn rate(d: &Derivation) -> Rating {
    let depth = d.lines.iter().map(|l| l.level).max().unwrap_or(0);
    let negations = || d.lines.iter().enumerate().filter(|(_, l)| l.step.rule == Rule::Negation);
    let mut hardest: Option<(usize, (usize, usize))> = None;
    for (i, line) in negations().filter(|(_, l)| l.level == 0) {
        let Some(a) = line.premises.first().copied().flatten().filter(|&a| a < i) else {
            continue;
        };
        let size = (d.lines[a..i].iter().map(|l| l.level).max().unwrap_or(0), i - a + 1);
        if hardest.map_or(true, |(_, best)| size > best) {
            hardest = Some((i, size));
        }
    }
    Rating {
        depth,
        refutations: negations().count(),
        root_refutations: negations().filter(|(_, l)| l.level == 0).count(),
        hardest: hardest.map(|(i, _)| i),
        hardest_size: hardest.map_or((0, 0), |(_, s)| s),
    }
}
