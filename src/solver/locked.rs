//! Locked candidates (pointing and claiming) on the box–line intersections.
//!
//! The search tree of large grids explodes without them: on 25×25, singles
//! alone leave millions of nodes where intersections cut most branches.

use super::propagate::Conflict;
use super::tables::Tables;

/// How the lines of one direction are laid out: cell index of
/// (line, position) is `line·line_stride + position·pos_stride`.
#[derive(Clone, Copy)]
struct Direction {
    line_stride: usize,
    pos_stride: usize,
}

/// Applies pointing and claiming once over all box–row and box–column
/// intersections. Returns whether any candidate was removed; cells that
/// become single are queued.
pub(super) fn locked_candidates(
    t: &Tables,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<bool, Conflict> {
    let rows = Direction { line_stride: t.side, pos_stride: 1 };
    let cols = Direction { line_stride: 1, pos_stride: t.side };
    let mut changed = false;
    for dir in [rows, cols] {
        for band in 0..t.order.n() {
            changed |= band_pass(t, dir, band, cands, queue)?;
        }
    }
    Ok(changed)
}

/// One band: `n` lines crossing `n` boxes. `seg[i][s]` is the union of the
/// candidates of line `i` inside box `s`.
fn band_pass(
    t: &Tables,
    dir: Direction,
    band: usize,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<bool, Conflict> {
    let n = t.order.n();
    let mut seg = [[0u64; 8]; 8];
    for (i, line) in seg.iter_mut().enumerate().take(n) {
        for (s, union) in line.iter_mut().enumerate().take(n) {
            let cells = segment(dir, n, band * n + i, s);
            *union = cells.fold(0, |acc, c| acc | cands[c]);
        }
    }
    let mut changed = false;
    for i in 0..n {
        for s in 0..n {
            let in_line_elsewhere = (0..n).filter(|&x| x != s).fold(0, |a, x| a | seg[i][x]);
            let in_box_elsewhere = (0..n).filter(|&y| y != i).fold(0, |a, y| a | seg[y][s]);
            // Claiming: within line i the digit lives only in box s, so the
            // rest of box s loses it; pointing is the mirror image.
            let claimed = seg[i][s] & !in_line_elsewhere;
            let pointed = seg[i][s] & !in_box_elsewhere;
            for y in (0..n).filter(|&y| y != i && claimed & seg[y][s] != 0) {
                changed |= remove_all(segment(dir, n, band * n + y, s), claimed, cands, queue)?;
            }
            for x in (0..n).filter(|&x| x != s && pointed & seg[i][x] != 0) {
                changed |= remove_all(segment(dir, n, band * n + i, x), pointed, cands, queue)?;
            }
        }
    }
    Ok(changed)
}

/// The `n` cells of `line` inside the box at segment position `s`.
#[inline]
fn segment(dir: Direction, n: usize, line: usize, s: usize) -> impl Iterator<Item = usize> {
    (s * n..(s + 1) * n).map(move |p| line * dir.line_stride + p * dir.pos_stride)
}

/// Removes `bits` from every cell of `cells`; whether any was removed.
#[inline]
fn remove_all(
    cells: impl Iterator<Item = usize>,
    bits: u64,
    cands: &mut [u64],
    queue: &mut Vec<u16>,
) -> Result<bool, Conflict> {
    let mut changed = false;
    for cell in cells {
        let mask = cands[cell];
        if mask & bits != 0 {
            let rest = mask & !bits;
            if rest == 0 {
                return Err(Conflict);
            }
            cands[cell] = rest;
            changed = true;
            if rest & (rest - 1) == 0 {
                queue.push(cell as u16);
            }
        }
    }
    Ok(changed)
}
