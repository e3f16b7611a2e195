//! LockedCandidates: in unit `from`, digit `d` is eliminated from every cell outside unit
//! `to` (a box and a line that meet) ⟹ `d` leaves the cells of `to` outside `from`.
//! Pointing: `from` is the box; claiming: `from` is the row or column.

use super::{format_unit, positions, Instance};
use crate::grid::{Cell, Digit, Geometry, UnitKind};
use crate::state::State;
use deduku_check::format::Rule;

/// The instance confining `digit` in unit `from` to the unit `to` it meets there
/// (a line of a box, or a box of a line), if it eliminates anything: the rule,
/// with its eliminations written to `lits` and its premises (the eliminations of
/// `digit` from `from` outside `to`, as literals) to `premises`. `Cn` asks this of the three
/// units of each new elimination, the only events that can complete the pattern.
///
/// Most events find nothing to eliminate: a unit with fewer than two places is settled
/// inline in the caller; the rest of the test runs on the places masks (no cell is visited),
/// and cells are listed only for an instance that fires.
#[inline]
pub fn locked_from(
    state: &State,
    from: usize,
    digit: Digit,
    lits: &mut Vec<(Cell, Digit)>,
    premises: &mut Vec<(Cell, Digit)>,
) -> Option<Rule> {
    let places = state.places(from, digit);
    // Fewer than two bits, without counting them (no hardware popcount in the baseline target).
    if places & places.wrapping_sub(1) == 0 {
        return None; // a single place is a hidden single's; none is NoPlace's
    }
    confined(state, from, digit, places, lits, premises)
}

/// [`locked_from`] for a digit with two places or more (`places`) in `from`.
#[inline(never)]
fn confined(
    state: &State,
    from: usize,
    digit: Digit,
    places: u64,
    lits: &mut Vec<(Cell, Digit)>,
    premises: &mut Vec<(Cell, Digit)>,
) -> Option<Rule> {
    let geo = state.geo();
    let meet = meeting_unit(geo, from, places)?;
    let losers = state.places(meet.to, digit) & !meet.in_to;
    if losers == 0 {
        return None;
    }
    let (to_cells, from_cells) = (geo.unit_cells(meet.to), geo.unit_cells(from));
    lits.clear();
    lits.extend(positions(losers).map(|p| (to_cells[p], digit)));
    premises.clear();
    let outside = full_mask(geo.side()) & !meet.in_from;
    premises.extend(positions(outside).map(|p| (from_cells[p], digit)));
    let (from_u, to_u) = (format_unit(geo.unit(from)), format_unit(geo.unit(meet.to)));
    Some(Rule::LockedCandidates { from: from_u, to: to_u, digit: digit.get() as u8 })
}

/// Where a unit `from` meets the unit `to`: the positions of the shared cells in each.
struct Meeting {
    to: usize,
    in_from: u64,
    in_to: u64,
}

/// The unit that holds every position of `places` within unit `from` and meets
/// it in `n` cells (a row or column of a box, or the box of a line segment), with
/// the shared cells' positions in both units.
fn meeting_unit(geo: &Geometry, from: usize, places: u64) -> Option<Meeting> {
    let (n, side) = (geo.order().n(), geo.side());
    let (seg, at) = geo.split(places.trailing_zeros() as usize);
    let band = (1u64 << n) - 1;
    let col_mask = geo.box_column();
    let unit = geo.unit(from);
    let (kind, (major, minor)) = (unit.kind, geo.split(unit.index as usize));
    let confined = |mask: u64| places & !mask == 0;
    match kind {
        UnitKind::Row | UnitKind::Col => {
            let in_from = band << (seg * n);
            confined(in_from).then(|| match kind {
                UnitKind::Row => {
                    let in_to = band << (minor * n);
                    Meeting { to: 2 * side + major * n + seg, in_from, in_to }
                }
                _ => Meeting { to: 2 * side + seg * n + major, in_from, in_to: col_mask << minor },
            })
        }
        UnitKind::Box => {
            let (r0, c0) = (major * n, minor * n);
            let (row, col) = (band << (seg * n), col_mask << at);
            if confined(row) {
                Some(Meeting { to: r0 + seg, in_from: row, in_to: band << c0 })
            } else {
                confined(col).then(|| Meeting {
                    to: side + c0 + at,
                    in_from: col,
                    in_to: band << r0,
                })
            }
        }
    }
}

/// The mask of all `side` positions of a unit.
fn full_mask(side: usize) -> u64 {
    u64::MAX >> (64 - side)
}

/// Every pointing and claiming instance, for every digit, that eliminates something new.
pub fn locked_candidates(state: &State, out: &mut Vec<Instance>) {
    let side = state.side();
    for bx in 2 * side..3 * side {
        for line in lines_through(state, bx) {
            for d in (1..=side).map(Digit::new) {
                out.extend(instance(state, bx, line, d));
                out.extend(instance(state, line, bx, d));
            }
        }
    }
}

/// The rows and columns (unit ids) that meet box `bx`.
fn lines_through(state: &State, bx: usize) -> Vec<usize> {
    let geo = state.geo();
    let mut lines: Vec<usize> = Vec::new();
    for &c in geo.unit_cells(bx) {
        let [row, col, _] = geo.units_of(c);
        for u in [row as usize, col as usize] {
            if !lines.contains(&u) {
                lines.push(u);
            }
        }
    }
    lines
}

/// The instance confining `digit` in `from` to its meeting with `to`, if it eliminates.
fn instance(state: &State, from: usize, to: usize, digit: Digit) -> Option<Instance> {
    let geo = state.geo();
    let in_unit = |u: usize, c| geo.units_of(c).contains(&(u as u16));
    let from_cells = geo.unit_cells(from);
    if from_cells.iter().any(|&c| !in_unit(to, c) && state.cands(c).contains(digit)) {
        return None;
    }
    let lits: Vec<_> = geo
        .unit_cells(to)
        .iter()
        .filter(|&&c| !in_unit(from, c) && state.cands(c).contains(digit))
        .map(|&c| (c, digit))
        .collect();
    if lits.is_empty() {
        return None;
    }
    let premises = from_cells.iter().filter(|&&c| !in_unit(to, c)).map(|&c| (c, digit)).collect();
    let (from_u, to_u) = (format_unit(geo.unit(from)), format_unit(geo.unit(to)));
    debug_assert!((geo.unit(from).kind == UnitKind::Box) != (geo.unit(to).kind == UnitKind::Box));
    let rule = Rule::LockedCandidates { from: from_u, to: to_u, digit: digit.get() as u8 };
    Some(Instance { rule, lits, premises })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::test_support::with_elims;
    use deduku_check::format::Unit;

    #[test]
    fn pointing_from_a_box_clears_the_rest_of_the_row() {
        // 3 leaves row 2 of box 1, so box 1's 3 is in row 1: r1c3 and r1c4 lose it.
        let state = with_elims(&[(1, 0, 3), (1, 1, 3)]);
        let mut out = Vec::new();
        locked_candidates(&state, &mut out);
        let point = Rule::LockedCandidates { from: Unit::Box(1), to: Unit::Row(1), digit: 3 };
        let inst = out.iter().find(|i| i.rule == point).expect("pointing instance");
        assert_eq!(inst.lits.len(), 2);
        assert_eq!(inst.premises.len(), 2);
        // Row 2 also claims: its 3 lies in box 2, so box 2's row 1 loses 3.
        let claim = Rule::LockedCandidates { from: Unit::Row(2), to: Unit::Box(2), digit: 3 };
        assert!(out.iter().any(|i| i.rule == claim));
        let mut none = Vec::new();
        locked_candidates(&with_elims(&[(1, 0, 3)]), &mut none);
        assert!(none.is_empty(), "{none:?}");
    }

    #[test]
    fn the_event_driven_check_finds_what_the_scan_finds() {
        // Every instance the whole-grid scan reports (with two places or more) is the one
        // `locked_from` gives for its `from` unit, with the same eliminations and premises, on random 4×4 and 9×9 states.
        let mut rng = crate::rng::SplitMix64::new(11);
        for n in [2, 3] {
            let order = crate::grid::Order::new(n).unwrap();
            for _ in 0..200 {
                let mut s = State::new(order);
                let side = order.side();
                for k in 0..(side * side * side / 3) {
                    let cell = Cell::from_index(rng.below(side * side), side);
                    let d = Digit::new(rng.below(side) + 1);
                    if s.cands(cell).contains(d) && s.cands(cell).len() > 1 {
                        s.eliminate(cell, d, k as u32);
                    }
                }
                let mut scanned = Vec::new();
                locked_candidates(&s, &mut scanned);
                for inst in scanned {
                    let Rule::LockedCandidates { from, digit, .. } = inst.rule else { continue };
                    let from = match from {
                        deduku_check::format::Unit::Row(i) => i as usize - 1,
                        deduku_check::format::Unit::Col(i) => side + i as usize - 1,
                        deduku_check::format::Unit::Box(i) => 2 * side + i as usize - 1,
                    };
                    if s.count(from, Digit::new(digit as usize)) < 2 {
                        continue; // a hidden single's (or NoPlace's) case in `Cn`
                    }
                    let (mut lits, mut prem) = (Vec::new(), Vec::new());
                    let rule =
                        locked_from(&s, from, Digit::new(digit as usize), &mut lits, &mut prem);
                    assert_eq!(rule, Some(inst.rule));
                    assert_eq!(lits, inst.lits);
                    assert_eq!(prem, inst.premises);
                }
            }
        }
    }
}
