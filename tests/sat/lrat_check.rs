//! A small, test-only LRAT checker: clause ids increase, hints name live clauses, and
//! every lemma is RUP by its hints *in order* (each hint unit, the last one conflicting).

use std::collections::HashMap;

/// The clauses of a DIMACS CNF text, in order (ids `1..=len`).
pub fn parse_dimacs(text: &str) -> Vec<Vec<i32>> {
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('c') && !l.starts_with('p')) {
        for tok in line.split_whitespace() {
            let x: i32 = tok.parse().unwrap_or_else(|e| panic!("bad DIMACS token {tok:?}: {e}"));
            if x == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(x);
            }
        }
    }
    assert!(current.is_empty(), "unterminated clause");
    clauses
}

/// What a checked LRAT proof established.
#[derive(Debug, PartialEq, Eq)]
pub struct LratSummary {
    /// Lemmas added.
    pub lemmas: usize,
    /// Clauses deleted.
    pub deleted: usize,
    /// Whether the empty clause was derived.
    pub refuted: bool,
}

/// Check `lrat` against `cnf`; the first problem is the error.
pub fn check_lrat(cnf: &[Vec<i32>], lrat: &str) -> Result<LratSummary, String> {
    let mut db: HashMap<u64, Vec<i32>> =
        cnf.iter().enumerate().map(|(i, c)| (i as u64 + 1, c.clone())).collect();
    let mut last = cnf.len() as u64;
    let mut summary = LratSummary { lemmas: 0, deleted: 0, refuted: false };
    for (n, line) in lrat.lines().enumerate() {
        let at = |msg: String| format!("line {}: {msg}", n + 1);
        let toks: Vec<&str> = line.split_whitespace().collect();
        let id: u64 = toks.first().and_then(|t| t.parse().ok()).ok_or(at("no id".into()))?;
        if toks.get(1) == Some(&"d") {
            for t in &toks[2..toks.len() - 1] {
                let del: u64 = t.parse().map_err(|_| at(format!("bad id {t}")))?;
                db.remove(&del).ok_or(at(format!("deletes unknown clause {del}")))?;
                summary.deleted += 1;
            }
            continue;
        }
        if id <= last {
            return Err(at(format!("id {id} does not increase (last {last})")));
        }
        let nums: Vec<i64> = toks[1..]
            .iter()
            .map(|t| t.parse().map_err(|_| at(format!("bad {t}"))))
            .collect::<Result<_, _>>()?;
        let zero = nums.iter().position(|&x| x == 0).ok_or(at("no 0 after literals".into()))?;
        let lits: Vec<i32> = nums[..zero].iter().map(|&x| x as i32).collect();
        let hints = &nums[zero + 1..];
        if hints.last() != Some(&0) {
            return Err(at("hints not terminated by 0".into()));
        }
        let hints: Vec<u64> = hints[..hints.len() - 1].iter().map(|&h| h as u64).collect();
        rup(&db, &lits, &hints).map_err(at)?;
        summary.refuted |= lits.is_empty();
        summary.lemmas += 1;
        db.insert(id, lits);
        last = id;
    }
    Ok(summary)
}

/// The lemma `lits` is RUP by `hints` in order: each hint unit under the growing
/// assignment, the last one falsified.
fn rup(db: &HashMap<u64, Vec<i32>>, lits: &[i32], hints: &[u64]) -> Result<(), String> {
    let mut value: HashMap<u32, bool> = lits.iter().map(|&l| (l.unsigned_abs(), l < 0)).collect();
    for (k, h) in hints.iter().enumerate() {
        let clause = db.get(h).ok_or(format!("hint {h} names no live clause"))?;
        let mut open = Vec::new();
        for &l in clause {
            match value.get(&l.unsigned_abs()) {
                Some(&v) if v == (l > 0) => return Err(format!("hint {h} is satisfied")),
                Some(_) => {}
                None => open.push(l),
            }
        }
        match open.as_slice() {
            [] if k + 1 == hints.len() => return Ok(()),
            [] => return Err(format!("hint {h} conflicts before the last hint")),
            [l] => {
                value.insert(l.unsigned_abs(), *l > 0);
            }
            _ => return Err(format!("hint {h} is not unit ({} open literals)", open.len())),
        }
    }
    Err(format!("hints {hints:?} end without a conflict"))
}
