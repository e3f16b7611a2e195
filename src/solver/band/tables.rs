//! Constant tables of the 9×9 band solver, built at compile time.
//!
//! A *subband* is one digit's possible cells in one band (three rows), a
//! 27-bit mask with bit `9·row + col`. Its nine *minirows* (one row inside one
//! box, three cells) are numbered `3·row + box`, so minirow `m` covers cell
//! bits `3m..3m+3`.

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;

/// The nine cells of one row of a band (row 0; shift by `9·row`).
pub(super) const ROW: u32 = 0o777;

/// The boxes (3 bits) in which a row's nine cell bits have a candidate.
pub(super) static ROW_BOXES: [u8; 512] = row_boxes();

/// For a minirow occupancy (9 bits), the cells (27 bits) of the minirows that
/// lie on some *permutation*: three minirows, one per row and one per box.
///
/// Why: in a band, a digit fills each row once and each box once, so the
/// minirows it uses form a permutation. A minirow on no such permutation
/// cannot hold the digit. This one lookup applies pointing, claiming and the
/// band-wide generalisation of both; `0` means no permutation is left (a row
/// or box without the digit, or rows competing for one box): a conflict.
pub(super) static PERMUTATION_CELLS: [u32; 512] = permutation_cells();

/// For the column set (9 bits) of a subband, the cells (27 bits) its other
/// two bands may keep.
///
/// Why: a box of the band in which the digit has one column left holds the
/// digit in that column, so the other bands lose that column (pointing along
/// columns). A placed digit is the special case of a box with one cell left.
pub(super) static OTHER_BANDS: [u32; 512] = other_bands();

const fn other_bands() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut cols: usize = 0;
    while cols < 512 {
        let mut taken = 0;
        let mut b = 0;
        while b < 3 {
            let in_box = cols >> (3 * b) & 0o7;
            if in_box & in_box.wrapping_sub(1) == 0 {
                taken |= in_box << (3 * b);
            }
            b += 1;
        }
        table[cols] = BAND & !column_cells(taken as u32);
        cols += 1;
    }
    table
}

/// For the columns (9 bits) in which a digit fits in one band only, the
/// cells (27 bits) that band may keep.
///
/// Why: a column whose only places are in this band holds the digit there,
/// inside one box; that box then has the digit in that column and its other
/// columns lose it (claiming along columns, and hidden singles in columns
/// once the permutation filter runs). Two such columns in one box cannot both
/// be served: the box keeps nothing, which the permutation filter reports.
pub(super) static COLUMN_CLAIMS: [u32; 512] = column_claims();

const fn column_claims() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut claimed = 0;
    while claimed < 512 {
        let mut keep = 0u32;
        let mut b = 0;
        while b < 3 {
            let in_box = (claimed >> (3 * b) & 0o7) as u32;
            keep |= match in_box.count_ones() {
                0 => 0o7,
                1 => in_box,
                _ => 0,
            } << (3 * b);
            b += 1;
        }
        table[claimed] = column_cells(keep);
        claimed += 1;
    }
    table
}

const fn row_boxes() -> [u8; 512] {
    let mut table = [0u8; 512];
    let mut row = 0;
    while row < 512 {
        let mut b = 0;
        while b < 3 {
            if row & (0o7 << (3 * b)) != 0 {
                table[row] |= 1 << b;
            }
            b += 1;
        }
        row += 1;
    }
    table
}

/// The six permutations as minirow masks: row `r` in box `p[r]`.
const PERMUTATIONS: [u32; 6] = {
    const P: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut masks = [0u32; 6];
    let mut i = 0;
    while i < 6 {
        masks[i] = 1 << P[i][0] | 1 << (3 + P[i][1]) | 1 << (6 + P[i][2]);
        i += 1;
    }
    masks
};

const fn permutation_cells() -> [u32; 512] {
    let mut table = [0u32; 512];
    let mut occupied = 0;
    while occupied < 512 {
        let mut kept = 0u32;
        let mut p = 0;
        while p < 6 {
            if occupied as u32 & PERMUTATIONS[p] == PERMUTATIONS[p] {
                kept |= PERMUTATIONS[p];
            }
            p += 1;
        }
        let mut m = 0;
        while m < 9 {
            if kept & (1 << m) != 0 {
                table[occupied] |= 0o7 << (3 * m);
            }
            m += 1;
        }
        occupied += 1;
    }
    table
}

/// The minirow occupancy (9 bits, `3·row + box`) of a subband.
#[inline(always)]
pub(super) fn minirows(x: u32) -> usize {
    ROW_BOXES[(x & ROW) as usize] as usize
        | (ROW_BOXES[(x >> 9 & ROW) as usize] as usize) << 3
        | (ROW_BOXES[(x >> 18 & ROW) as usize] as usize) << 6
}

/// The column set (9 bits) of the cells of a subband.
#[inline(always)]
pub(super) fn columns(x: u32) -> u32 {
    (x | x >> 9 | x >> 18) & ROW
}

/// Every cell of a band in the columns `cols` (9 bits).
#[inline(always)]
pub(super) const fn column_cells(cols: u32) -> u32 {
    cols * 0o1_001_001
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_boxes_marks_occupied_boxes() {
        assert_eq!(ROW_BOXES[0], 0);
        assert_eq!(ROW_BOXES[0o001], 0b001);
        assert_eq!(ROW_BOXES[0o420], 0b110);
        assert_eq!(ROW_BOXES[0o777], 0b111);
    }

    #[test]
    fn permutation_cells_filters_minirows() {
        // Every minirow open: nothing removed.
        assert_eq!(PERMUTATION_CELLS[0o777], BAND);
        // Row 0 only in box 0: box 0 is row 0's, so rows 1 and 2 lose it.
        let occupied = 0b110_110_001;
        let want = 0o7 | 0o770 << 9 | 0o770 << 18;
        assert_eq!(PERMUTATION_CELLS[occupied], want);
        // Rows 0 and 1 both only in box 0: no permutation, a conflict.
        assert_eq!(PERMUTATION_CELLS[0b111_001_001], 0);
        // A row without the digit: a conflict.
        assert_eq!(PERMUTATION_CELLS[0b111_111_000], 0);
    }

    #[test]
    fn kept_minirows_are_a_fixpoint() {
        for (occupied, &cells) in PERMUTATION_CELLS.iter().enumerate() {
            let kept = minirows(cells);
            assert_eq!(kept & !occupied, 0, "{occupied:o}");
            assert_eq!(PERMUTATION_CELLS[kept], cells, "{occupied:o}");
        }
    }

    #[test]
    fn other_bands_lose_the_single_columns_of_boxes() {
        assert_eq!(OTHER_BANDS[0o777], BAND);
        // Box 0 only in column 1, box 2 only in column 8; box 1 open.
        let cols = 0o400 | 0o070 | 0o002;
        assert_eq!(OTHER_BANDS[cols], BAND & !column_cells(0o402));
    }

    #[test]
    fn column_claims_keep_the_claimed_column_of_each_box() {
        assert_eq!(COLUMN_CLAIMS[0], BAND);
        // Column 4 claimed: box 1 keeps column 4 only.
        assert_eq!(COLUMN_CLAIMS[1 << 4], column_cells(0o727));
        // Columns 3 and 4 claimed: box 1 keeps nothing.
        assert_eq!(COLUMN_CLAIMS[0o030], column_cells(0o707));
    }

    #[test]
    fn columns_and_column_cells() {
        let x = 1 << 4 | 1 << (9 + 8) | 1 << (18 + 4);
        assert_eq!(columns(x), 1 << 4 | 1 << 8);
        assert_eq!(column_cells(1 << 2), 1 << 2 | 1 << 11 | 1 << 20);
    }
}
