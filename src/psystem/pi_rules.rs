//! The rule sets R1–R12 of Π(n), in the paper's priority order
//! `R1 > R2 > R3^{a,r,m} > R4 > … > R11` in `e`, and `R12^{1,2}` in the skin.
//! Indices `i, j, x` run over `0..N` here; names print them 1-based.

use super::objects::ObjectId;
use super::pi::PiObjects;
use super::rules::{Level, Rule, RuleSet};

/// Every (row, column, digit) triple, 0-based.
fn triples(side: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..side * side * side).map(move |t| (t / (side * side), t / side % side, t % side))
}

/// Every (row, column) pair, 0-based.
fn pairs(side: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..side * side).map(move |t| (t / side, t % side))
}

/// The levels of membrane `e`, highest priority first.
pub fn e_levels(o: &PiObjects) -> Vec<Level> {
    vec![
        Level::single("R1", r1(o)),
        Level::single("R2", r2(o)),
        r3(o),
        Level::single("R4", r4(o)),
        Level::single("R5", vec![Rule::evolve(&[(o.k[1], 1)], &[(o.k[0], 1)])]),
        Level::single("R6", r6(o)),
        Level::single("R7", r7(o)),
        Level::single("R8", vec![Rule::evolve(&[(o.w, 1), (o.k[0], 1)], &[(o.k[2], 1)])]),
        Level::single(
            "R9",
            vec![Rule::evolve(&[(o.w, 1)], &[]), Rule::dissolve(&[(o.k[0], 1)], &[(o.no, 1)])],
        ),
        Level::single(
            "R10",
            vec![Rule::dissolve(&[(o.p, (o.side * o.side) as u32)], &[(o.yes, 1)])],
        ),
        Level::single(
            "R11",
            vec![Rule::evolve(&[(o.d, 1)], &[]), Rule::evolve(&[(o.k[2], 1)], &[(o.k[1], 1)])],
        ),
    ]
}

/// R1: `[z_ijx → s_ijx p]_e` — the input becomes placements, one `p` each.
fn r1(o: &PiObjects) -> Vec<Rule> {
    let rule = |(i, j, x)| {
        let t = o.cxd(i, j, x);
        Rule::evolve(&[(o.z[t], 1)], &[(o.s[t], 1), (o.p, 1)])
    };
    triples(o.side).map(rule).collect()
}

/// R2: `[f_ix →(s_ijx) λ]`, `[c_jx →(s_ijx) λ]`, `[b_kx →(s_ijx box_ijk) λ]` —
/// a given digit is no longer free in its row, column and box.
fn r2(o: &PiObjects) -> Vec<Rule> {
    let mut rules = Vec::with_capacity(3 * o.s.len());
    for (i, j, x) in triples(o.side) {
        let s = o.s[o.cxd(i, j, x)];
        let boxed = o.boxes[o.pair(i, j)];
        let k = o.box_of(i, j);
        rules.push(Rule::evolve(&[(o.f[o.pair(i, x)], 1)], &[]).catalysed(&[s]));
        rules.push(Rule::evolve(&[(o.c[o.pair(j, x)], 1)], &[]).catalysed(&[s]));
        rules.push(Rule::evolve(&[(o.b[o.pair(k, x)], 1)], &[]).catalysed(&[s, boxed]));
    }
    rules
}

/// R3^m, R3^a, R3^r: `[m_ijx →(k1, ¬d) λ]`, `[a_ij →(k1, ¬d) λ]`,
/// `[r_ij →(k1, ¬d) λ]` — the reset stage clears markers and counters.
fn r3(o: &PiObjects) -> Level {
    let clear = |objects: &[ObjectId]| -> Vec<Rule> {
        let rule = |&x: &ObjectId| Rule::evolve(&[(x, 1)], &[]).catalysed(&[o.k[1]]);
        objects.iter().map(rule).map(|r| r.inhibited(&[o.d])).collect()
    };
    Level::new(vec![
        RuleSet::new("R3a", clear(&o.a)),
        RuleSet::new("R3r", clear(&o.r)),
        RuleSet::new("R3m", clear(&o.m)),
    ])
}

/// R4: `[sq_ij →(k1, ¬d, ¬r_ij) sq_ij r_ij^N d]` — once the counters are gone,
/// refill `N` copies of each and mark the reset as done.
fn r4(o: &PiObjects) -> Vec<Rule> {
    let rule = |(i, j)| {
        let t = o.pair(i, j);
        let rhs = [(o.sq[t], 1), (o.r[t], o.side as u32), (o.d, 1)];
        Rule::evolve(&[(o.sq[t], 1)], &rhs).catalysed(&[o.k[1]]).inhibited(&[o.d, o.r[t]])
    };
    pairs(o.side).map(rule).collect()
}

/// R6: `[r_ij →(f_ix c_jx b_kx box_ijk, ¬m_ijx) m_ijx a_ij]` — count each
/// candidate `x` of `(i, j)` once: one `r_ij` becomes one `a_ij`.
fn r6(o: &PiObjects) -> Vec<Rule> {
    let rule = |(i, j, x)| {
        let (t, cell) = (o.cxd(i, j, x), o.pair(i, j));
        let frees = [o.f[o.pair(i, x)], o.c[o.pair(j, x)], o.b[o.pair(o.box_of(i, j), x)]];
        Rule::evolve(&[(o.r[cell], 1)], &[(o.m[t], 1), (o.a[cell], 1)])
            .catalysed(&frees)
            .catalysed(&[o.boxes[cell]])
            .inhibited(&[o.m[t]])
    };
    triples(o.side).map(rule).collect()
}

/// R7: `[r_ij^{N−1} a_ij f_ix c_jx b_kx →(d box_ijk, ¬s_ij1 … ¬s_ijN) s_ijx p w]` —
/// an empty cell with exactly one candidate gets it.
fn r7(o: &PiObjects) -> Vec<Rule> {
    let rule = |(i, j, x)| {
        let cell = o.pair(i, j);
        let lhs = [
            (o.r[cell], o.side as u32 - 1),
            (o.a[cell], 1),
            (o.f[o.pair(i, x)], 1),
            (o.c[o.pair(j, x)], 1),
            (o.b[o.pair(o.box_of(i, j), x)], 1),
        ];
        let placed: Vec<ObjectId> = (0..o.side).map(|q| o.s[o.cxd(i, j, q)]).collect();
        Rule::evolve(&lhs, &[(o.s[o.cxd(i, j, x)], 1), (o.p, 1), (o.w, 1)])
            .catalysed(&[o.d, o.boxes[cell]])
            .inhibited(&placed)
    };
    triples(o.side).map(rule).collect()
}

/// The skin's single level: R12^1 sends the answer out, R12^2 clears every
/// auxiliary object, leaving only the `s_ijx` of the solution.
pub fn skin_levels(o: &PiObjects) -> Vec<Level> {
    let send = vec![Rule::send_out(o.yes), Rule::send_out(o.no)];
    let singles = [o.p, o.d, o.k[2]];
    let families = [&o.m, &o.a, &o.f, &o.r, &o.c, &o.boxes, &o.b, &o.sq];
    let clear = (singles.iter().chain(families.into_iter().flatten()))
        .map(|&x| Rule::evolve(&[(x, 1)], &[]))
        .collect();
    vec![Level::new(vec![RuleSet::new("R12.1", send), RuleSet::new("R12.2", clear)])]
}
