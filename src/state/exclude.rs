//! The exclusions of a root state's givens, recorded in one sweep over the grid.
//!
//! Placing the givens one by one, each with its exclusions, costs an elimination call per
//! candidate lost — about 650 on a 9×9 puzzle, a fifth of certifying an easy one. What that
//! records is known in advance: `c≠d` for every other digit of a given cell and for every cell
//! seeing a given `d`, justified by the *earliest* placement implying it (the one that found
//! the candidate still there). [`State::exclude_placed`] removes the candidates cell by cell
//! (from the digits placed in its units), then lets each placement, latest first, store its
//! step into every elimination it implies, so the earliest one is left.
//!
//! Tried and measured worse: the places masks computed from the placements (per unit, its open
//! cells less the segments of crossing units holding the digit), instead of from the cells'
//! candidates (17-clue −0.5 %, pe96 +2 % instructions: more givens, more crossing digits); the
//! earliest placement per elimination, from a table of the earliest placement per unit and
//! digit (three loads and a minimum per elimination: 6 k more instructions per pe96 solve
//! than these stores); that table asked only when a rule cites an elimination (a search asks
//! for the same ones again and again: top95 +7 %); the minimum of every digit without a
//! branch (vectorized, but the baseline target has no unsigned vector minimum: +4 % in time).

use super::State;
use crate::trace::{StepId, NONE};

impl State {
    /// Record every elimination the placements imply, each justified by the earliest
    /// (smallest step id) placement implying it: what the state placing them one by one in
    /// step order with their exclusions would record. Call on a state holding placements only
    /// (no elimination yet), none of them clashing, made in cell order, with no mark taken — as
    /// [`crate::cn::Cn::start`] does with the givens. These eliminations are not pushed on the
    /// trail: with no mark before them, nothing could undo them.
    pub(crate) fn exclude_placed(&mut self) {
        let (geo, side) = (self.geo, self.side);
        // The tables are borrowed apart, as slices: through `self`, the compiler reloaded
        // every vector's pointer after each store.
        let State { cands, placed, place_step, elim_step, unit_placed, .. } = self;
        for (i, (cell_cands, &own)) in cands.iter_mut().zip(placed.iter()).enumerate() {
            let [r, c, b] = geo.units_of(geo.cell(i)).map(usize::from);
            cell_cands.0 &= match own {
                0 => !(unit_placed[r].0 | unit_placed[c].0 | unit_placed[b].0),
                d => 1u64 << (d - 1),
            };
        }
        // Each placement stores its step into every elimination it implies. The placements
        // are made in cell order (the givens, row-major), so their steps increase with the
        // cell: walked backwards, the last store into a slot is the earliest implying one, and
        // no store needs to read the slot first (a third fewer instructions than keeping the
        // minimum). A given's own digit is never stored into: a peer with the same digit
        // would clash, and its own loop skips it.
        let placements = placed.iter().zip(place_step.iter()).enumerate().rev();
        debug_assert!(increasing(place_step.iter().filter(|&&s| s != NONE)));
        for (i, (&d, &step)) in placements.filter(|(_, (&d, _))| d != 0) {
            let (cell, d0) = (geo.cell(i), usize::from(d) - 1);
            for peer in geo.peers(cell) {
                elim_step[peer.index() * side + d0] = step;
            }
            let own = &mut elim_step[i * side..(i + 1) * side];
            own.fill(step);
            own[d0] = NONE;
        }
        self.places_from_candidates();
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

/// Whether `steps` strictly increase.
fn increasing<'a>(steps: impl Iterator<Item = &'a StepId> + Clone) -> bool {
    steps.clone().zip(steps.skip(1)).all(|(a, b)| a < b)
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
            include_str!("../../data/9x9/clue17_49158.txt"),
            include_str!("../../data/25x25/gecode18.txt"),
            include_str!("../../data/large/sudoku-4-1.txt"),
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
                // One by one, every literal is on the trail; the sweep leaves the placements
                // alone there (nothing undoes its exclusions).
                let placements: Vec<_> = a.trail.iter().filter(|&&e| e & 1 == 1).collect();
                assert_eq!(b.trail.iter().collect::<Vec<_>>(), placements, "the trail");
                assert_eq!(a.unsolved(), b.unsolved());
                // Cells placed later (later steps) do not change what the sweep's
                // eliminations cite.
                let (mut a, mut b) = (a, b);
                let open: Vec<Cell> =
                    a.geo().all_cells().filter(|&c| a.placed(c).is_none()).collect();
                for (k, &cell) in open.iter().enumerate().step_by(3) {
                    let digit = a.cands(cell).iter().next().expect("an open cell keeps a digit");
                    a.place(cell, digit, 1000 + k as u32);
                    b.place(cell, digit, 1000 + k as u32);
                }
                for cell in a.geo().all_cells() {
                    for d in (1..=a.side()).map(Digit::new) {
                        assert_eq!(a.elim_step(cell, d), b.elim_step(cell, d), "{cell:?}≠{d:?}");
                    }
                }
            }
        }
        let empty = Grid::empty(crate::grid::Order::new(3).expect("order 3"));
        assert_eq!(in_bulk(&empty).cands(Cell::new(0, 0, 9)).len(), 9, "no given, no exclusion");
    }
}
