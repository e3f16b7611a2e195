//! The exclusions of a root state's givens, recorded in one sweep over the grid.
//!
//! Placing the givens one by one, each with its exclusions, costs an elimination call per
//! candidate lost — about 650 on a 9×9 puzzle, a fifth of certifying an easy one. What that
//! records is known in advance: `c≠d` for every other digit of a given cell and for every cell
//! seeing a given `d`, justified by the *earliest* placement implying it (the one that found
//! the candidate still there). [`State::exclude_placed`] computes exactly that per cell from
//! the earliest placement of each digit in each unit, then the places masks from the
//! candidates left.

use super::{pack, State};
use crate::grid::Digit;
use crate::trace::NONE;

impl State {
    /// Record every elimination the placements imply, each justified by the earliest
    /// (smallest step id) placement implying it: the state placing them one by one in step
    /// order with their exclusions would reach. Call on a state holding placements only (no
    /// elimination yet), none of them clashing — as [`crate::cn::Cn::start`] does with the
    /// givens.
    pub(crate) fn exclude_placed(&mut self) {
        let first = self.first_placements();
        let (geo, side) = (self.geo, self.side);
        for cell in geo.all_cells() {
            let i = cell.index();
            let [r, c, b] = geo.units_of(cell).map(usize::from);
            let [sr, sc, sb] = geo.slots_of(cell).map(|s| s as usize);
            let seen = self.unit_placed[r].0 | self.unit_placed[c].0 | self.unit_placed[b].0;
            let (own, own_step) = (self.placed[i], self.place_step[i]);
            let (own_bit, mut lost) = match own {
                0 => (0, seen),
                d => (1u64 << (d - 1), self.cands[i].0),
            };
            lost &= !own_bit;
            self.cands[i].0 &= !lost;
            while lost != 0 {
                let d0 = lost.trailing_zeros() as usize;
                lost &= lost - 1;
                let by_units = first[sr + d0].min(first[sc + d0]).min(first[sb + d0]);
                let by = if own == 0 { by_units } else { by_units.min(own_step) };
                self.elim_step[i * side + d0] = by;
                self.trail.push(pack(cell, Digit::new(d0 + 1), false));
            }
        }
        self.places_from_candidates();
    }

    /// The earliest placement step of each digit in each unit (`unit · N + digit − 1`).
    fn first_placements(&self) -> Vec<u32> {
        let (geo, side) = (self.geo, self.side);
        let mut first = vec![NONE; geo.unit_count() * side];
        for cell in geo.all_cells().filter(|c| self.placed[c.index()] != 0) {
            let (d, step) = (usize::from(self.placed[cell.index()]), self.place_step[cell.index()]);
            for s in geo.slots_of(cell) {
                let slot = &mut first[s as usize + d - 1];
                *slot = (*slot).min(step);
            }
        }
        first
    }

    /// Every unit's places masks, again from the cells' candidates.
    fn places_from_candidates(&mut self) {
        let geo = self.geo;
        self.places.fill(0);
        for cell in geo.all_cells() {
            let (slots, positions) = (geo.slots_of(cell), geo.positions_of(cell));
            let mut digits = self.cands[cell.index()].0;
            while digits != 0 {
                let d0 = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                for (s, p) in slots.into_iter().zip(positions) {
                    self.places[s as usize + d0] |= 1 << p;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::grid::{parse_puzzles, Cell, Digit, Grid, ParseOptions};
    use crate::state::State;

    /// The state placing `puzzle`'s givens one by one with their exclusions.
    fn one_by_one(puzzle: &Grid) -> State {
        let mut state = State::new(puzzle.order());
        for (step, (cell, digit)) in puzzle.filled().enumerate() {
            state.place(cell, digit, step as u32);
            let others = state.cands(cell).without(digit);
            for other in others.iter() {
                state.eliminate(cell, other, step as u32);
            }
            for &peer in state.geo().peers(cell) {
                if state.cands(peer).contains(digit) {
                    state.eliminate(peer, digit, step as u32);
                }
            }
        }
        state
    }

    fn in_bulk(puzzle: &Grid) -> State {
        let mut state = State::new(puzzle.order());
        for (step, (cell, digit)) in puzzle.filled().enumerate() {
            state.place(cell, digit, step as u32);
        }
        state.exclude_placed();
        state
    }

    #[test]
    fn the_sweep_records_what_placing_one_by_one_records() {
        let sets = [
            include_str!("../../data/9x9/top95.txt"),
            include_str!("../../data/9x9/pe96_easy50.txt"),
            include_str!("../../data/16x16/janko55.txt"),
        ];
        for text in sets {
            for parsed in parse_puzzles(text, &ParseOptions::default()).take(20) {
                let puzzle = parsed.expect("a valid puzzle").grid;
                let (a, b) = (one_by_one(&puzzle), in_bulk(&puzzle));
                for cell in a.geo().all_cells() {
                    assert_eq!(a.cands(cell), b.cands(cell), "{cell:?}");
                    for d in (1..=a.side()).map(Digit::new) {
                        assert_eq!(a.elim_step(cell, d), b.elim_step(cell, d), "{cell:?}≠{d:?}");
                    }
                }
                for unit in 0..a.geo().unit_count() {
                    for d in (1..=a.side()).map(Digit::new) {
                        assert_eq!(a.places(unit, d), b.places(unit, d), "unit {unit}, {d:?}");
                    }
                }
                let (mut x, mut y): (Vec<_>, Vec<_>) = (a.trail.clone(), b.trail.clone());
                x.sort_unstable();
                y.sort_unstable();
                assert_eq!(x, y, "the same literals on the trail");
                assert_eq!(a.unsolved(), b.unsolved());
            }
        }
        let empty = Grid::empty(crate::grid::Order::new(3).expect("order 3"));
        assert_eq!(in_bulk(&empty).cands(Cell::new(0, 0, 9)).len(), 9, "no given, no exclusion");
    }
}
