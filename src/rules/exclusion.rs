//! Exclusion: `c=d` ⟹ `c'≠d` for every peer `c'` of `c`, and `c≠d'` for every `d'≠d`.

use super::positions;
use crate::grid::{Cell, Digit};
use crate::state::State;

/// The eliminations that follow from the placement `cell=digit` and are not
/// yet derived, appended to `out` (each has the placement as sole premise): the cell's other
/// digits, then the peers that still have `digit`, read from the places masks of the cell's
/// row, column and box in that order (a box cell sharing the row or column is listed with it).
pub fn exclusions(state: &State, cell: Cell, digit: Digit, out: &mut Vec<(Cell, Digit)>) {
    out.extend(state.cands(cell).without(digit).iter().map(|d| (cell, d)));
    let geo = state.geo();
    let units = geo.units_of(cell).into_iter().zip(geo.positions_of(cell));
    for (k, (unit, at)) in units.enumerate() {
        let cells = geo.unit_cells(unit as usize);
        let losers = positions(state.places(unit as usize, digit) & !(1u64 << at));
        let new = |c: &Cell| k < 2 || (c.row() != cell.row() && c.col() != cell.col());
        out.extend(losers.map(|p| cells[p]).filter(new).map(|c| (c, digit)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;

    #[test]
    fn excludes_other_digits_and_peers_not_yet_eliminated() {
        // 4x4: r1c2≠1 is already known, so it is not reported again.
        let state = with_elims(&[(0, 1, 1)]);
        let mut out = Vec::new();
        exclusions(&state, Cell::new(0, 0, 4), Digit::new(1), &mut out);
        let other_digits = out.iter().filter(|(c, _)| *c == Cell::new(0, 0, 4)).count();
        assert_eq!(other_digits, 3);
        // 7 peers in a 4x4 grid, minus r1c2 which already lacks 1.
        assert_eq!(out.len() - other_digits, 6);
        assert!(!out.contains(&(Cell::new(0, 1, 4), Digit::new(1))));
    }

    /// The literals of the definition: the cell's other digits, then every peer (in index
    /// order) that still has the digit.
    fn by_peers(state: &State, cell: Cell, digit: Digit) -> Vec<(Cell, Digit)> {
        let mut out: Vec<_> = state.cands(cell).without(digit).iter().map(|d| (cell, d)).collect();
        let peers = state.geo().peers(cell).iter().filter(|&&p| state.cands(p).contains(digit));
        out.extend(peers.map(|&p| (p, digit)));
        out
    }

    #[test]
    fn the_masks_give_the_peers_literals_in_the_order_cn_records_them() {
        use crate::cn::Cn;
        use crate::grid::{parse_puzzles, ParseOptions};
        use crate::rules::RuleSet;
        use crate::trace::Trace;
        let sets = [
            include_str!("../../data/9x9/top95.txt"),
            include_str!("../../data/16x16/janko55.txt"),
        ];
        for text in sets {
            for parsed in parse_puzzles(text, &ParseOptions::default()).take(5) {
                let puzzle = parsed.expect("a valid puzzle").grid;
                let (mut cn, mut trace) = (Cn::new(RuleSet::SINGLES), Trace::new());
                let mut state = cn.start(&puzzle, &mut trace).expect("no clash");
                cn.run(&mut state, &mut trace);
                let open = state.geo().all_cells().filter(|&c| state.placed(c).is_none());
                for cell in open.collect::<Vec<_>>() {
                    for digit in state.cands(cell).iter() {
                        let mut out = Vec::new();
                        exclusions(&state, cell, digit, &mut out);
                        let mut expected = by_peers(&state, cell, digit);
                        let mut sorted = out.clone();
                        sorted.sort_unstable_by_key(|&(c, d)| (c.index(), d.get()));
                        expected.sort_unstable_by_key(|&(c, d)| (c.index(), d.get()));
                        assert_eq!(sorted, expected, "{cell:?}={digit:?}");
                        let (mark, scope) = (state.mark(), state.scope);
                        let (_, placed) = cn.assume(&mut state, cell, digit, &mut trace);
                        assert!(placed.is_ok(), "a candidate of an open cell does not clash");
                        let recorded: Vec<_> =
                            state.since(mark).skip(1).map(|(c, d, _)| (c, d)).collect();
                        assert_eq!(recorded, out, "Cn records them in this order");
                        state.undo(mark);
                        state.scope = scope;
                    }
                }
            }
        }
    }
}
