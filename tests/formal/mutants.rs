//! The certificates the differential test compares on: the engine's certificates (every
//! claim kind, singles, pattern rules, nested negation) and deterministic single-point
//! corruptions of each.

use crate::common::load;
use deduku::rules::RuleSet;
use deduku::solve::{solve, SolveOptions, Verdict};
use deduku_check::format::{Claim, Fact, Proof, Rule, Unit};

/// Every certificate of `proofs/`, parsed.
pub fn shipped() -> Vec<Proof> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proofs");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .expect("proofs/ exists")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    paths.sort();
    let read = |p: &std::path::PathBuf| std::fs::read_to_string(p).expect("readable proof");
    paths.iter().map(|p| deduku_check::parse_ron(&read(p)).expect("a proof of proofs/")).collect()
}

/// Engine certificates on the first puzzles of some data sets: solutions (singles, pattern
/// rules, depth 1 and 2), contradictions, several solutions, and `Cn` alone (Consequences).
/// Locked candidates and subsets are off by default; `RuleSet::EVERY` turns them on.
pub fn engine() -> Vec<Proof> {
    let full = SolveOptions::default();
    let cn_only = SolveOptions { max_depth: Some(0), ..SolveOptions::default() };
    // Locked candidates and subsets: every rule the engine knows, on puzzles that use them.
    let every = SolveOptions { rules: Some(RuleSet::EVERY), ..SolveOptions::default() };
    let every_cn = SolveOptions { max_depth: Some(0), ..every };
    let mut out = Vec::new();
    let mut take = |rel: &str, count: usize, opts: &SolveOptions, keep: fn(&Verdict) -> bool| {
        let proofs = load(rel).into_iter().map(|p| solve(&p.grid, opts));
        out.extend(proofs.filter(|o| keep(&o.verdict)).take(count).map(|o| o.proof));
    };
    take("9x9/pe96_easy50.txt", 4, &full, |_| true);
    take("9x9/top95.txt", 6, &full, |_| true);
    take("9x9/forum_hardest_1106.txt", 1, &full, |_| true);
    take("9x9/top95.txt", 3, &cn_only, |_| true);
    take("tdoku_test_puzzles.txt", 3, &full, |v| matches!(v, Verdict::Contradiction));
    take("tdoku_test_puzzles.txt", 2, &full, |v| matches!(v, Verdict::Multiple(..)));
    take("16x16/janko55.txt", 1, &full, |_| true);
    take("9x9/top95.txt", 4, &every, |_| true);
    take("9x9/top95.txt", 8, &every_cn, |_| true);
    out
}

/// A deterministic LCG for picking sites.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, k: usize) -> usize {
        self.0 =
            self.0.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % k.max(1) as u64) as usize
    }
}

fn bump(v: u8, side: u8) -> u8 {
    v % side + 1
}

fn bump_unit(u: Unit, side: u8) -> Unit {
    match u {
        Unit::Row(i) => Unit::Row(bump(i, side)),
        Unit::Col(i) => Unit::Col(bump(i, side)),
        Unit::Box(i) => Unit::Box(bump(i, side)),
    }
}

/// One corruption of the step at `i`, by `kind`; `None` if it does not apply there.
fn corrupt(proof: &Proof, i: usize, kind: usize) -> Option<Proof> {
    let side = proof.order * proof.order;
    let mut p = proof.clone();
    let earlier: Vec<u64> = proof.steps[..i].iter().map(|s| s.id).collect();
    let step = &mut p.steps[i];
    match kind {
        0 => match &mut step.fact {
            Fact::Place { d, .. } | Fact::Elim { d, .. } => *d = bump(*d, side),
            Fact::Bottom => return None,
        },
        1 => match &mut step.fact {
            Fact::Place { c, .. } | Fact::Elim { c, .. } => *c = bump(*c, side),
            Fact::Bottom => return None,
        },
        2 => {
            step.premises.pop()?;
        }
        3 => step.premises.push(*step.premises.first()?),
        4 => {
            let k = step.premises.len().checked_sub(1)?;
            step.premises[k] = *earlier.get(earlier.len().checked_sub(1 + k)?)?;
        }
        5 => step.scope = if step.scope.is_some() { None } else { Some(*earlier.last()?) },
        6 => {
            step.rule = match step.rule {
                Rule::HiddenSingle(u) => Rule::HiddenSingle(bump_unit(u, side)),
                Rule::NoPlace(u) => Rule::NoPlace(bump_unit(u, side)),
                Rule::NakedSingle => Rule::Exclusion,
                Rule::Exclusion => Rule::NakedSingle,
                Rule::Negation => Rule::Clash,
                Rule::Clash => Rule::EmptyCell,
                Rule::Given | Rule::Assume | Rule::EmptyCell => Rule::Negation,
                Rule::LockedCandidates { from, to, digit } => {
                    Rule::LockedCandidates { from: to, to: from, digit }
                }
                Rule::NakedSubset { unit, cells, digits } => {
                    Rule::HiddenSubset { unit, cells, digits }
                }
                Rule::HiddenSubset { unit, cells, digits } => {
                    Rule::NakedSubset { unit, cells, digits }
                }
            }
        }
        7 => {
            p.steps.remove(i);
        }
        _ => {
            let prev = i.checked_sub(1)?;
            p.steps.swap(prev, i);
        }
    }
    Some(p)
}

/// The certificate's single-point corruptions at a few sites per kind, and a false claim.
pub fn corruptions(proof: &Proof, seed: u64) -> Vec<Proof> {
    let mut rng = Lcg(seed);
    let mut out = Vec::new();
    for kind in 0..9 {
        for _ in 0..2 {
            let i = rng.below(proof.steps.len());
            out.extend(proof.steps.get(i).and_then(|_| corrupt(proof, i, kind)));
        }
    }
    let mut false_claim = proof.clone();
    false_claim.claim = match &proof.claim {
        Claim::Contradiction => Claim::Consequences(proof.puzzle.clone()),
        _ => Claim::Contradiction,
    };
    out.push(false_claim);
    out
}

/// The certificates of `proofs/` and the engine's, each followed by its corruptions, and
/// how many originals there are; every original must be accepted.
pub fn corpus() -> (usize, Vec<Proof>) {
    let mut originals = shipped();
    originals.extend(engine());
    let mut all = Vec::new();
    for (k, proof) in originals.iter().enumerate() {
        assert!(deduku_check::check(proof, None).is_ok(), "original #{k} is rejected");
        all.push(proof.clone());
        all.extend(corruptions(proof, k as u64 + 1));
    }
    (originals.len(), all)
}
