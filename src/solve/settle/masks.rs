//! The 9×9 grid as 81-bit masks of cells (bit `9r + c`), built at compile time.

/// Every cell.
pub(super) const ALL: u128 = (1 << 81) - 1;

/// Per unit, its cells: rows, then columns, then boxes, as the geometry numbers units.
pub(super) const UNIT_MASKS: [u128; 27] = unit_masks();

/// Per cell, its 20 peers.
pub(super) const PEER_MASKS: [u128; 81] = peer_masks();

/// [`PEER_MASKS`] as low and high 64-bit halves, in two tables: a placement updates the
/// candidates with the mask read so (see `Settle::apply`).
pub(super) const PEER_HALVES: ([u64; 81], [u64; 81]) = {
    let (mut lo, mut hi) = ([0u64; 81], [0u64; 81]);
    let mut i = 0;
    while i < 81 {
        lo[i] = PEER_MASKS[i] as u64;
        hi[i] = (PEER_MASKS[i] >> 64) as u64;
        i += 1;
    }
    (lo, hi)
};

/// The nine rows of `cands`, each as a 9-bit number (bit `c` for column `c`).
fn rows(cands: u128) -> [u32; 9] {
    std::array::from_fn(|r| (cands >> (9 * r)) as u32 & 0x1ff)
}

/// The units (bit `u` for unit `u`) where the cells of `cands` number exactly one. Each row
/// is read as a 9-bit number once: a row has one cell when its number is a power of two; the
/// columns' counts are kept for all nine at once, row after row (which columns have seen one
/// cell, which two); a band's three boxes are counted at once, by their three-bit segments
/// ([`band_single_boxes`]).
pub(super) fn single_units(cands: u128) -> u32 {
    let rows = rows(cands);
    let (mut once, mut twice, mut units) = (0u32, 0u32, 0u32);
    for (r, &row) in rows.iter().enumerate() {
        twice |= once & row;
        once |= row;
        units |= u32::from(row.is_power_of_two()) << r;
    }
    units |= (once & !twice) << 9;
    for (t, band) in rows.chunks_exact(3).enumerate() {
        units |= band_single_boxes(band[0], band[1], band[2]) << (18 + 3 * t);
    }
    units
}

/// Which of a band's three boxes (bit `k` for the `k`-th) hold exactly one cell, the band's
/// rows being `a`, `b`, `c`: a box does when its segment of the rows' union has one column
/// (a three-bit lane with one bit) and that column one cell in the band. Bit-parallel over the
/// three lanes (a box at a time, as three segments gathered, took twice the instructions).
fn band_single_boxes(a: u32, b: u32, c: u32) -> u32 {
    let (any, shared) = (a | b | c, a & b | a & c | b & c);
    let lane_two = (any & any >> 1 | any & any >> 2 | any >> 1 & any >> 2) & LANE_LOW;
    gather_lanes(lane_any(any) & !lane_two & !lane_any(shared))
}

/// The lowest bit of each three-bit lane of a row's nine bits (a box's segment).
const LANE_LOW: u32 = 0b001_001_001;

/// Per lane of `x`, at its lowest bit, whether it has a bit set.
fn lane_any(x: u32) -> u32 {
    (x | x >> 1 | x >> 2) & LANE_LOW
}

/// The lanes' lowest bits (of [`LANE_LOW`]) as three bits, lane `k` at bit `k`.
fn gather_lanes(low: u32) -> u32 {
    (low & 1) | (low >> 2 & 2) | (low >> 4 & 4)
}

/// The units of `units` (bit `u` for unit `u`: rows, columns, boxes) in the order a digit's
/// hidden singles are taken (bit `k` for the unit [`unit_of_rank`] `k`): with `boxes_first`
/// (at the root), boxes, then rows, then columns; else as numbered.
///
/// A placement that is a digit's single in a box and in a line is then cited as the box's at
/// the root: a box single cites 4.3 premises on pe96, a row single 5.1 (the line's segments in
/// two other boxes, then each cell left in the segment of its own); rows first, pe96's
/// certificates had 7 % more premises, 17-clue's 7 %. The root's fixpoint does not depend on
/// the order, so neither does the search that follows. In a subproof it does: the order
/// decides which contradiction comes first, and boxes first there too made top95's
/// certificates 4 % longer and forum_hardest's 6.5 % (3 % and 1.4 % more assumptions).
pub(super) fn ranked(units: u32, boxes_first: bool) -> u32 {
    if boxes_first {
        units >> 18 | (units & 0x3_ffff) << 9
    } else {
        units
    }
}

/// The unit of rank `k` in [`ranked`] order.
pub(super) fn unit_of_rank(k: u32, boxes_first: bool) -> usize {
    let k = k as usize;
    match (boxes_first, k < 9) {
        (false, _) => k,
        (true, true) => k + 18,
        (true, false) => k - 9,
    }
}

/// A hidden pair that eliminates, `(unit, a, b)` with digits `a < b` (0-based): in the unit,
/// the two digits have the same two places (so neither is placed there), and those cells
/// have another candidate. Digit pairs in order, then units in order; `None` if there is none.
pub(super) fn hidden_pair(cands: &[u128; 9]) -> Option<(usize, usize, usize)> {
    let pairs = cands.map(pair_units);
    for a in 0..9 {
        for b in a + 1..9 {
            let mut units = pairs[a] & pairs[b];
            while units != 0 {
                let unit = units.trailing_zeros() as usize;
                units &= units - 1;
                let cells = cands[a] & UNIT_MASKS[unit];
                if cells != cands[b] & UNIT_MASKS[unit] {
                    continue;
                }
                let rest = (0..9).filter(|&e| e != a && e != b).fold(0, |m, e| m | cands[e]);
                if rest & cells != 0 {
                    return Some((unit, a, b));
                }
            }
        }
    }
    None
}

/// The units (bit `u` for unit `u`) where the cells of `cands` number exactly two: as in
/// [`single_units`], with the columns' counts kept for all nine at once up to three.
pub(super) fn pair_units(cands: u128) -> u32 {
    let rows = rows(cands);
    let (mut once, mut twice, mut thrice, mut units) = (0u32, 0u32, 0u32, 0u32);
    for (r, &row) in rows.iter().enumerate() {
        thrice |= twice & row;
        twice |= once & row;
        once |= row;
        units |= u32::from(row.count_ones() == 2) << r;
    }
    units |= (twice & !thrice) << 9;
    for b in 0..9 {
        let (top, shift) = (3 * (b / 3), 3 * (b % 3));
        let segment = |r: usize| rows[r] >> shift & 0b111;
        let cells = segment(top) | segment(top + 1) << 3 | segment(top + 2) << 6;
        units |= u32::from(cells.count_ones() == 2) << (18 + b);
    }
    units
}

/// Per count `k` from 1 to 9, the cells (of all 81) with exactly `k` candidates among the
/// nine digits' masks `cands` (index `k − 1`), by a four-bit counter per cell added up
/// bit-parallel.
pub(super) fn cells_by_count(cands: &[u128; 9]) -> [u128; 9] {
    let mut bits = [0u128; 4];
    for &mask in cands {
        let mut carry = mask;
        for bit in &mut bits {
            let next = *bit & carry;
            *bit ^= carry;
            carry = next;
        }
    }
    std::array::from_fn(|k| {
        let k = k + 1;
        bits.iter().enumerate().fold(ALL, |m, (j, &b)| m & if k >> j & 1 == 1 { b } else { !b })
    })
}

/// The units (bit `u` for unit `u`) without a cell of `cands`: a band's three boxes at once,
/// by the three-bit segments of its rows' union (a box at a time, each ANDed with its 81-bit
/// mask, took two words per operation).
pub(super) fn empty_units(cands: u128) -> u32 {
    let rows = rows(cands);
    let (mut units, mut columns) = (0u32, 0u32);
    for (r, &row) in rows.iter().enumerate() {
        units |= u32::from(row == 0) << r;
        columns |= row;
    }
    units |= (!columns & 0x1ff) << 9;
    for (t, band) in rows.chunks_exact(3).enumerate() {
        let empty = !lane_any(band[0] | band[1] | band[2]) & LANE_LOW;
        units |= gather_lanes(empty) << (18 + 3 * t);
    }
    units
}

/// The first cell of every box (bit `27t + 3k`): where the box's segments are counted.
const BOX_FIRSTS: u128 = {
    let mut bits = 0u128;
    let mut b = 0;
    while b < 9 {
        bits |= 1 << (27 * (b / 3) + 3 * (b % 3));
        b += 1;
    }
    bits
};

/// `x`'s bits moved by `shift` places up and down, kept where `BOX_FIRSTS` has a bit.
fn spread(x: u128, shift: usize) -> u128 {
    (x << shift | x >> shift) & BOX_FIRSTS
}

/// A locked-candidates instance for the digit whose cells are `cands`: a unit `from` where
/// they all lie in one crossing unit `to`, which has some outside `from` (to eliminate), as
/// `(from, to)` unit ids.
///
/// Every segment where a line meets a box is reduced to one bit, set when it holds a cell, and
/// the segments are lined up on the boxes' first cells (bit `27t + 3k` for the box in band `t`
/// and stack `k`): `rows[j]` holds the segments of each box's `j`th row, `cols[i]` of its `i`th
/// column. A box is confined to its row `j` when only `rows[j]` is set there, and that row has
/// more when one of its segments in the other two boxes of the band is set; the rest is the
/// same with the roles swapped (a line confined to a box) or with columns. All nine boxes and
/// all eighteen lines are tested at once.
pub(super) fn locked_instance(cands: u128) -> Option<(usize, usize)> {
    let row_segments = cands | cands >> 1 | cands >> 2;
    let col_segments = cands | cands >> 9 | cands >> 18;
    let rows = [0, 9, 18].map(|s| row_segments >> s & BOX_FIRSTS);
    let cols = [0, 1, 2].map(|s| col_segments >> s & BOX_FIRSTS);
    for (lines, along, is_col) in [(rows, 3, false), (cols, 27, true)] {
        for j in 0..3 {
            let (a, b) = (lines[(j + 1) % 3], lines[(j + 2) % 3]);
            // The same line's segments in the other boxes of its band (stack).
            let further = spread(lines[j], along) | spread(lines[j], 2 * along);
            let pointing = lines[j] & !a & !b & further;
            let claiming = lines[j] & !further & (a | b);
            for (found, box_first) in [(pointing, true), (claiming, false)] {
                if found != 0 {
                    let at = found.trailing_zeros() as usize;
                    let (t, k) = (at / 27, at % 27 / 3);
                    let line = if is_col { 9 + 3 * k + j } else { 3 * t + j };
                    let bx = 18 + 3 * t + k;
                    return Some(if box_first { (bx, line) } else { (line, bx) });
                }
            }
        }
    }
    None
}

/// Per cell, its row, column and box, as unit ids.
pub(super) const CELL_UNITS: [[u8; 3]; 81] = {
    let mut units = [[0u8; 3]; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        units[i] = [r as u8, 9 + c as u8, 18 + ((r / 3) * 3 + c / 3) as u8];
        i += 1;
    }
    units
};

/// Per unit, the units meeting it in three cells: a line's three boxes (twice over, so that
/// every unit has six entries and a loop over them has no branch: a box looked at again has
/// its segment already cited, or its placement still too late), a box's three rows and three
/// columns.
pub(super) const CROSSINGS: [[u8; 6]; 27] = {
    let mut crossings = [[0u8; 6]; 27];
    let mut k = 0;
    while k < 9 {
        // Line k lies in band (stack) k / 3: a row meets that band's three boxes, a column
        // the stack's box in every band.
        let third = (k / 3) as u8;
        let (b0, b1, b2) = (18 + 3 * third, 19 + 3 * third, 20 + 3 * third);
        crossings[k] = [b0, b1, b2, b0, b1, b2];
        let (b0, b1, b2) = (18 + third, 21 + third, 24 + third);
        crossings[9 + k] = [b0, b1, b2, b0, b1, b2];
        let (r0, c0) = (3 * (k / 3) as u8, 3 * (k % 3) as u8);
        crossings[18 + k] = [r0, r0 + 1, r0 + 2, 9 + c0, 10 + c0, 11 + c0];
        k += 1;
    }
    crossings
};

const fn unit_masks() -> [u128; 27] {
    let mut masks = [0u128; 27];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        masks[r] |= 1 << i;
        masks[9 + c] |= 1 << i;
        masks[18 + (r / 3) * 3 + c / 3] |= 1 << i;
        i += 1;
    }
    masks
}

const fn peer_masks() -> [u128; 81] {
    let units = unit_masks();
    let mut masks = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        let (r, c) = (i / 9, i % 9);
        let all = units[r] | units[9 + c] | units[18 + (r / 3) * 3 + c / 3];
        masks[i] = all & !(1 << i);
        i += 1;
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Geometry, Order};

    /// 81-bit masks from a simple generator (xorshift): each the state ANDed with itself
    /// shifted by every one of `thin` (the more shifts, the fewer cells).
    struct Masks(u128);

    impl Masks {
        fn next(&mut self, thin: &[u32]) -> u128 {
            let x = &mut self.0;
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            thin.iter().fold(*x, |m, &s| m & (*x >> s)) & ALL
        }
    }

    /// The units (bit `u` for unit `u`) whose cells of `cands` satisfy `holds`.
    fn units_where(cands: u128, holds: impl Fn(u128) -> bool) -> u32 {
        (0..27).filter(|&u| holds(cands & UNIT_MASKS[u])).fold(0, |m, u| m | 1 << u)
    }

    #[test]
    fn empty_units_are_the_units_holding_no_cell() {
        let mut masks = Masks(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        for _ in 0..2000 {
            let cands = masks.next(&[5, 9, 13]);
            assert_eq!(empty_units(cands), units_where(cands, |m| m == 0), "{cands:#x}");
        }
    }

    #[test]
    fn pair_units_are_the_units_holding_two_cells() {
        let mut masks = Masks(0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15);
        for _ in 0..2000 {
            let cands = masks.next(&[3, 7]);
            let expected = units_where(cands, |m| m.count_ones() == 2);
            assert_eq!(pair_units(cands), expected, "{cands:#x}");
        }
    }

    #[test]
    fn cells_are_classed_by_their_count_of_candidates() {
        let mut masks = Masks(0x9e37_79b9_7f4a_7c15_2545_f491_4f6c_dd1d);
        for _ in 0..500 {
            let cands: [u128; 9] = std::array::from_fn(|_| masks.next(&[11]));
            let classes = cells_by_count(&cands);
            for i in 0..81 {
                let n = cands.iter().filter(|&&m| m >> i & 1 == 1).count();
                for (k, class) in classes.iter().enumerate() {
                    assert_eq!(class >> i & 1 == 1, n == k + 1, "cell {i}, {n} candidates");
                }
            }
        }
    }

    #[test]
    fn ranks_put_boxes_first_then_rows_then_columns_at_the_root_only() {
        let ranked_units = |boxes_first| (0..27).map(move |k| unit_of_rank(k, boxes_first));
        let expected: Vec<usize> = (18..27).chain(0..18).collect();
        assert_eq!(ranked_units(true).collect::<Vec<_>>(), expected);
        assert_eq!(ranked_units(false).collect::<Vec<_>>(), (0..27).collect::<Vec<_>>());
        for (unit, boxes_first) in (0..27).flat_map(|u| [(u, true), (u, false)]) {
            let rank = ranked(1 << unit, boxes_first);
            assert!(rank.is_power_of_two(), "unit {unit}");
            assert_eq!(unit_of_rank(rank.trailing_zeros(), boxes_first), unit);
        }
    }

    #[test]
    fn single_units_are_the_units_holding_one_cell() {
        let mut masks = Masks(0x9e37_79b9_7f4a_7c15_f39c_c060_5ced_c835);
        for _ in 0..2000 {
            let cands = masks.next(&[3, 7]);
            let expected = units_where(cands, u128::is_power_of_two);
            assert_eq!(single_units(cands), expected, "{cands:#x}");
        }
    }

    /// The first instance by the definition: `from`'s cells all in `to`, `to` has others.
    fn locked_by_definition(cands: u128) -> Option<(usize, usize)> {
        let boxes = 18..27;
        let pairs = boxes.clone().flat_map(|b| (0..18).map(move |l| (b, l)));
        let pairs = pairs.chain((0..18).flat_map(|l| (18..27).map(move |b| (l, b))));
        let mut found = pairs.filter(|&(from, to)| {
            let places = cands & UNIT_MASKS[from];
            let meet = UNIT_MASKS[from] & UNIT_MASKS[to];
            meet != 0 && places != 0 && places & !meet == 0 && cands & UNIT_MASKS[to] & !meet != 0
        });
        found.next()
    }

    #[test]
    fn locked_instances_are_the_definition_s() {
        let mut masks = Masks(0x2545_f491_4f6c_dd1d_9e37_79b9_7f4a_7c15);
        let mut found = 0;
        for _ in 0..4000 {
            // Sparse masks, where confinement happens.
            let cands = masks.next(&[5, 11]);
            let ours = locked_instance(cands);
            assert_eq!(ours.is_some(), locked_by_definition(cands).is_some(), "{cands:#x}");
            if let Some((from, to)) = ours {
                let places = cands & UNIT_MASKS[from];
                assert!(places & !UNIT_MASKS[to] == 0 && places != 0, "{cands:#x}: {from} {to}");
                assert!(cands & UNIT_MASKS[to] & !UNIT_MASKS[from] != 0, "{cands:#x}");
                found += 1;
            }
        }
        assert!(found > 500, "{found} instances among the masks");
    }

    #[test]
    fn the_masks_are_the_geometry_s_units_and_peers() {
        let geo = Geometry::of(Order::new(3).expect("order 3"));
        for cell in geo.all_cells() {
            assert_eq!(CELL_UNITS[cell.index()].map(u16::from), geo.units_of(cell), "{cell:?}");
        }
        for (unit, crossings) in CROSSINGS.iter().enumerate() {
            let theirs: Vec<u8> = geo.crossings(unit).iter().map(|&(u, _)| u as u8).collect();
            let (first, again) = crossings.split_at(theirs.len());
            assert_eq!(first, &theirs[..], "unit {unit}");
            assert!(again.iter().all(|u| first.contains(u)), "unit {unit}");
        }
        for (unit, &mask) in UNIT_MASKS.iter().enumerate() {
            let cells = geo.unit_cells(unit).iter().fold(0u128, |m, c| m | 1 << c.index());
            assert_eq!(mask, cells, "unit {unit}");
        }
        for cell in geo.all_cells() {
            let peers = geo.peers(cell).iter().fold(0u128, |m, c| m | 1 << c.index());
            assert_eq!(PEER_MASKS[cell.index()], peers, "{cell:?}");
            let (low, high) = (PEER_HALVES.0[cell.index()], PEER_HALVES.1[cell.index()]);
            assert_eq!(u128::from(high) << 64 | u128::from(low), peers, "{cell:?}");
        }
    }
}
