//! Implied eliminations: NakedSingle, HiddenSingle, EmptyCell and NoPlace may cite a
//! placement where they need an elimination it implies (`c'=d` in a peer of `c` implies
//! `c≠d`; `c=e` implies `c≠d`), and Clash may take two placements — the Exclusion rule's
//! relation, as the checker reads it. The renderings name such a placement as the reason
//! and point at the cells it rules out, as they do for an Exclusion premise.

use super::derivation::Derivation;
use deduku_check::format::{Fact, Rule, Unit};

/// Whether `fact` implies the elimination `want` (`c≠d`): it is that elimination, a
/// placement of another digit in `c`, or a placement of `d` in a peer of `c`.
pub fn implies(order: u8, fact: Fact, want: Fact) -> bool {
    let Fact::Elim { r, c, d } = want else { return false };
    match fact {
        Fact::Elim { .. } => fact == want,
        Fact::Place { r: r2, c: c2, d: d2 } if (r2, c2) == (r, c) => d2 != d,
        Fact::Place { r: r2, c: c2, d: d2 } => {
            d2 == d && shared_unit(order, (r, c), (r2, c2)).is_some()
        }
        Fact::Bottom => false,
    }
}

/// The first unit two distinct cells share (row, then column, then box), if they are peers.
pub fn shared_unit(order: u8, a: (u8, u8), b: (u8, u8)) -> Option<Unit> {
    let n = order.max(1);
    let band = |x: u8| x.saturating_sub(1) / n;
    if a == b {
        None
    } else if a.0 == b.0 {
        Some(Unit::Row(a.0))
    } else if a.1 == b.1 {
        Some(Unit::Col(a.1))
    } else if band(a.0) == band(b.0) && band(a.1) == band(b.1) {
        Some(Unit::Box(band(a.0) * n + band(a.1) + 1))
    } else {
        None
    }
}

/// The cells of `unit` as 1-based (row, column), in the unit's order (boxes row by row).
pub fn unit_positions(order: u8, unit: Unit) -> Vec<(u8, u8)> {
    let n = u16::from(order);
    let side = n * n;
    // Orders stop at 8 (side 64), so every coordinate fits a u8.
    let at = |k: u16| -> (u16, u16) {
        match unit {
            Unit::Row(i) => (u16::from(i), k + 1),
            Unit::Col(i) => (k + 1, u16::from(i)),
            Unit::Box(b) => {
                let b = u16::from(b).saturating_sub(1);
                (b / n * n + k / n + 1, b % n * n + k % n + 1)
            }
        }
    };
    let fits = |(r, c): (u16, u16)| u8::try_from(r).ok().zip(u8::try_from(c).ok());
    (0..side).map(at).filter_map(fits).collect()
}

/// The eliminations line `i` needs, when its rule is one of the four that take a cover of
/// them (NakedSingle, HiddenSingle, EmptyCell, NoPlace), or a Lemma (its eliminated
/// hypotheses, which placements may imply too); empty for the other rules. EmptyCell takes
/// its cell, NoPlace its digit, from the first premise, as the checker does.
pub fn wanted(d: &Derivation, i: usize) -> Vec<Fact> {
    let line = &d.lines[i];
    let order = d.proof.order;
    let side = order.saturating_mul(order);
    let first = d.fact(line.premises.first().copied().flatten());
    match (line.step.rule, line.step.fact, first) {
        (Rule::NakedSingle, Fact::Place { r, c, d: v }, _) => {
            (1..=side).filter(|&e| e != v).map(|e| Fact::Elim { r, c, d: e }).collect()
        }
        (Rule::HiddenSingle(u), Fact::Place { r, c, d: v }, _) => unit_positions(order, u)
            .into_iter()
            .filter(|&cell| cell != (r, c))
            .map(|(r, c)| Fact::Elim { r, c, d: v })
            .collect(),
        (Rule::EmptyCell, _, Some(Fact::Elim { r, c, .. })) => {
            (1..=side).map(|e| Fact::Elim { r, c, d: e }).collect()
        }
        (Rule::NoPlace(u), _, Some(Fact::Elim { d: v, .. })) => {
            unit_positions(order, u).into_iter().map(|(r, c)| Fact::Elim { r, c, d: v }).collect()
        }
        (Rule::Lemma, ..) => {
            let chain = d.lemma_chain(i).into_iter().map(|a| d.lines[a].step.fact);
            let mut hypotheses: Vec<Fact> =
                chain.filter(|f| matches!(f, Fact::Elim { .. })).collect();
            hypotheses.dedup();
            hypotheses
        }
        _ => Vec::new(),
    }
}

/// The eliminations line `i` needs that its premise at position `p` stands for, when that
/// premise is a placement: each one it implies. Empty for an elimination premise.
pub fn stands_for(d: &Derivation, i: usize, p: usize) -> Vec<Fact> {
    match d.lines.get(p).map(|l| l.step.fact) {
        Some(fact @ Fact::Place { .. }) => {
            wanted(d, i).into_iter().filter(|&w| implies(d.proof.order, fact, w)).collect()
        }
        _ => Vec::new(),
    }
}

/// The cells whose eliminations the placements cited by line `i` stand for (0-based cell
/// indices on a grid of `side`), each once, in order of appearance.
pub fn implied_cells(d: &Derivation, i: usize) -> Vec<usize> {
    let side = usize::from(d.proof.order) * usize::from(d.proof.order);
    let want = wanted(d, i);
    if want.is_empty() {
        return Vec::new();
    }
    let mut cells = Vec::new();
    for &p in d.lines[i].premises.iter().flatten() {
        let Some(fact @ Fact::Place { .. }) = d.fact(Some(p)) else { continue };
        for w in want.iter().filter(|&&w| implies(d.proof.order, fact, w)) {
            if let Some(cell) = super::sweep::cell_index(side, *w) {
                if !cells.contains(&cell) {
                    cells.push(cell);
                }
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::*;

    const fn el(r: u8, c: u8, d: u8) -> Fact {
        Fact::Elim { r, c, d }
    }

    const fn pl(r: u8, c: u8, d: u8) -> Fact {
        Fact::Place { r, c, d }
    }

    #[test]
    fn a_placement_implies_its_peers_and_its_cell_as_the_exclusion_rule_does() {
        assert!(implies(3, pl(1, 7, 5), el(1, 2, 5)), "row");
        assert!(implies(3, pl(7, 2, 5), el(1, 2, 5)), "column");
        assert!(implies(3, pl(3, 3, 5), el(1, 2, 5)), "box");
        assert!(implies(3, pl(1, 2, 4), el(1, 2, 5)), "another digit in the cell");
        assert!(implies(3, el(1, 2, 5), el(1, 2, 5)), "the elimination itself");
        assert!(!implies(3, pl(1, 2, 5), el(1, 2, 5)), "its own negation");
        assert!(!implies(3, pl(4, 4, 5), el(1, 2, 5)), "not a peer");
        assert!(!implies(3, pl(1, 7, 4), el(1, 2, 5)), "another digit in a peer");
        assert!(!implies(3, el(1, 2, 4), el(1, 2, 5)));
        assert_eq!(shared_unit(2, (1, 1), (2, 2)), Some(Unit::Box(1)));
        assert_eq!(shared_unit(2, (3, 3), (4, 4)), Some(Unit::Box(4)));
        assert_eq!(shared_unit(3, (4, 7), (6, 9)), Some(Unit::Box(6)));
        assert_eq!(shared_unit(3, (1, 1), (1, 1)), None);
    }

    #[test]
    fn unit_positions_list_a_box_row_by_row() {
        assert_eq!(unit_positions(2, Unit::Box(4)), vec![(3, 3), (3, 4), (4, 3), (4, 4)]);
        assert_eq!(unit_positions(3, Unit::Col(5)).len(), 9);
        assert_eq!(unit_positions(8, Unit::Row(64)).last(), Some(&(64, 64)));
    }
}
