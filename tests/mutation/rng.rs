//! A tiny deterministic generator (splitmix64), so every run corrupts the same positions.

/// The crate's SplitMix64, with the sampling the mutation suite needs.
pub struct Rng(deduku::rng::SplitMix64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(deduku::rng::SplitMix64::new(seed))
    }

    /// A value in `0..k` (0 when `k` is 0).
    pub fn below(&mut self, k: usize) -> usize {
        self.0.below(k)
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
