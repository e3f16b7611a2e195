//! A tiny deterministic generator (splitmix64), so every run corrupts the same positions.

/// A splitmix64 state.
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A value in `0..k` (0 when `k` is 0).
    pub fn below(&mut self, k: usize) -> usize {
        if k == 0 {
            0
        } else {
            (self.next() % k as u64) as usize
        }
    }

    /// Up to `m` distinct items of `items`, in their original order.
    pub fn sample<T: Copy>(&mut self, items: &[T], m: usize) -> Vec<T> {
        if items.len() <= m {
            return items.to_vec();
        }
        let mut picked: Vec<usize> = Vec::with_capacity(m);
        while picked.len() < m {
            let i = self.below(items.len());
            if !picked.contains(&i) {
                picked.push(i);
            }
        }
        picked.sort_unstable();
        picked.into_iter().map(|i| items[i]).collect()
    }
}
