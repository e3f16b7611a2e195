//! The root probes' ranking: heaviest first, ties in the order offered, each alternative once,
//! at most [`PROBES`].

use super::probe::{Probes, PROBES};

#[test]
fn probes_are_kept_heaviest_first_ties_in_offer_order_without_repeats() {
    // (weight, cell, digit) as offered; (7, 3, 1) comes twice (a digit's cell and its place in
    // a unit are offered apart).
    let offers = [
        (5, 10, 0),
        (7, 3, 1),
        (5, 11, 2),
        (9, 40, 3),
        (7, 3, 1),
        (2, 70, 4),
        (7, 12, 5),
        (9, 41, 6),
        (1, 80, 7),
        (5, 13, 8),
    ];
    let mut probes = Probes::default();
    for &(weight, i, d0) in &offers {
        probes.offer(weight, i, d0);
    }
    // Expected: the first offer of each alternative, stably sorted by weight, heaviest first.
    let mut firsts: Vec<(u32, u8, u8)> = Vec::new();
    for &(w, i, d0) in &offers {
        if !firsts.iter().any(|&(_, j, e0)| (usize::from(j), usize::from(e0)) == (i, d0)) {
            firsts.push((w, i as u8, d0 as u8));
        }
    }
    firsts.sort_by_key(|&(w, ..)| std::cmp::Reverse(w));
    firsts.truncate(PROBES);
    assert_eq!(probes.kept(), &firsts[..]);
    assert!(probes.kept().len() <= PROBES);
}
