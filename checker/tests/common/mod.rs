//! Test helpers: a proof builder and a tiny, independent singles solver that writes proofs.
//!
//! The solver shares nothing with the kernel or the engine: its own geometry, its own loop.
#![allow(dead_code)] // each test binary uses a different part of this module

use std::collections::HashMap;

use deduku_check::format::{Claim, Fact, Proof, Rule, Step, Unit};

/// `rRcC=D`.
pub fn pl(r: u8, c: u8, d: u8) -> Fact {
    Fact::Place { r, c, d }
}

/// `rRcC≠D`.
pub fn el(r: u8, c: u8, d: u8) -> Fact {
    Fact::Elim { r, c, d }
}

/// A step with the given fields.
pub fn step(id: u64, fact: Fact, rule: Rule, premises: &[u64], scope: Option<u64>) -> Step {
    Step { id, fact, rule, premises: premises.into(), scope }
}

/// A version-1 proof of the given order.
pub fn proof(order: u8, puzzle: &str, claim: Claim, steps: Vec<Step>) -> Proof {
    let (format, puzzle) = ("deduku-proof".to_string(), puzzle.to_string());
    Proof { format, version: 1, order, puzzle, claim, steps }
}

/// Appends steps with dense ids and remembers the id of each root fact.
pub struct Builder {
    /// The steps so far.
    pub steps: Vec<Step>,
    ids: HashMap<Fact, u64>,
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Self {
        Builder { steps: Vec::new(), ids: HashMap::new() }
    }

    /// Appends a root-scope step and returns its id.
    pub fn push(&mut self, fact: Fact, rule: Rule, premises: Vec<u64>) -> u64 {
        let id = self.steps.len() as u64;
        self.steps.push(Step { id, fact, rule, premises: premises.into(), scope: None });
        self.ids.entry(fact).or_insert(id);
        id
    }

    /// The id of a root fact derived so far.
    pub fn id(&self, fact: Fact) -> Option<u64> {
        self.ids.get(&fact).copied()
    }
}

/// Solves a puzzle given as a compact grid string using Given, Exclusion, NakedSingle and
/// HiddenSingle only. Returns the proof steps and the solution, or `None` if singles get stuck.
pub fn solve_with_singles(n: u8, puzzle: &str) -> Option<(Vec<Step>, String)> {
    let side = n * n;
    let mut grid: Vec<u8> = puzzle.chars().map(|ch| ch.to_digit(36).unwrap_or(0) as u8).collect();
    let mut b = Builder::new();
    let mut pending = Vec::new();
    for (i, &d) in grid.iter().enumerate() {
        if d != 0 {
            let (r, c) = ((i / side as usize) as u8 + 1, (i % side as usize) as u8 + 1);
            pending.push(b.push(pl(r, c, d), Rule::Given, vec![]));
        }
    }
    loop {
        while let Some(id) = pending.pop() {
            exclude_all(&mut b, n, id);
        }
        if grid.iter().all(|&d| d != 0) {
            let text: String =
                grid.iter().map(|&d| char::from_digit(d.into(), 36).unwrap_or('?')).collect();
            return Some((b.steps, text.to_uppercase()));
        }
        let (fact, rule, premises) = find_single(&b, n, &grid)?;
        if let Fact::Place { r, c, d } = fact {
            grid[(r as usize - 1) * side as usize + c as usize - 1] = d;
        }
        pending.push(b.push(fact, rule, premises));
    }
}

/// Every Exclusion consequence of the placement with this id not derived yet.
fn exclude_all(b: &mut Builder, n: u8, id: u64) {
    let Fact::Place { r, c, d } = b.steps[id as usize].fact else { return };
    let side = n * n;
    let mut targets = Vec::new();
    for r2 in 1..=side {
        for c2 in 1..=side {
            let same_box = (r - 1) / n == (r2 - 1) / n && (c - 1) / n == (c2 - 1) / n;
            if (r2, c2) != (r, c) && (r2 == r || c2 == c || same_box) {
                targets.push(el(r2, c2, d));
            }
        }
    }
    targets.extend((1..=side).filter(|&d2| d2 != d).map(|d2| el(r, c, d2)));
    for fact in targets {
        if b.id(fact).is_none() {
            b.push(fact, Rule::Exclusion, vec![id]);
        }
    }
}

/// The first naked single, else the first hidden single, as (fact, rule, premises).
fn find_single(b: &Builder, n: u8, grid: &[u8]) -> Option<(Fact, Rule, Vec<u64>)> {
    let side = n * n;
    for r in 1..=side {
        for c in 1..=side {
            if grid[(r as usize - 1) * side as usize + c as usize - 1] != 0 {
                continue;
            }
            let open: Vec<u8> = (1..=side).filter(|&d| b.id(el(r, c, d)).is_none()).collect();
            if let [d] = open[..] {
                let premises = (1..=side).filter(|&e| e != d).filter_map(|e| b.id(el(r, c, e)));
                return Some((pl(r, c, d), Rule::NakedSingle, premises.collect()));
            }
        }
    }
    for unit in units(n) {
        let cells = cells_of(n, unit);
        for d in 1..=side {
            let open: Vec<_> =
                cells.iter().filter(|&&(r, c)| b.id(el(r, c, d)).is_none()).collect();
            if let [&(r, c)] = open[..] {
                if b.id(pl(r, c, d)).is_some() {
                    continue;
                }
                let others = cells.iter().filter(|&&cell| cell != (r, c));
                let premises = others.filter_map(|&(r2, c2)| b.id(el(r2, c2, d))).collect();
                return Some((pl(r, c, d), Rule::HiddenSingle(unit), premises));
            }
        }
    }
    None
}

/// All units of order `n`.
pub fn units(n: u8) -> Vec<Unit> {
    let side = n * n;
    let all = (1..=side).map(Unit::Row).chain((1..=side).map(Unit::Col));
    all.chain((1..=side).map(Unit::Box)).collect()
}

/// The cells of a unit, 1-based, boxes numbered left to right, top to bottom.
pub fn cells_of(n: u8, unit: Unit) -> Vec<(u8, u8)> {
    let side = n * n;
    match unit {
        Unit::Row(i) => (1..=side).map(|c| (i, c)).collect(),
        Unit::Col(i) => (1..=side).map(|r| (r, i)).collect(),
        Unit::Box(i) => {
            let (br, bc) = ((i - 1) / n * n, (i - 1) % n * n);
            (0..side).map(|k| (br + k / n + 1, bc + k % n + 1)).collect()
        }
    }
}

/// A 4×4 refutation with sparse ids: the Assume `r1c2=1` clashes with `r1c2≠1` (from the
/// given `r1c1=1`), so `r1c2≠1` holds at the root.
pub fn refutation_proof() -> Proof {
    let steps = vec![
        step(0, pl(1, 1, 1), Rule::Given, &[], None),
        step(1, el(1, 2, 1), Rule::Exclusion, &[0], None),
        step(40, pl(1, 2, 1), Rule::Assume, &[], None),
        step(41, Fact::Bottom, Rule::Clash, &[40, 1], Some(40)),
        step(42, el(1, 2, 1), Rule::Negation, &[40, 41], None),
    ];
    proof(2, "1...............", Claim::Consequences("1...............".into()), steps)
}
