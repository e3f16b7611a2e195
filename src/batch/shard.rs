//! `--shard K/N`: one of `N` disjoint parts of a batch, so that a collection can be split
//! across processes or machines by any scheduler (GNU parallel, a Slurm job array).
//!
//! `K` is 1-based, like Slurm's array task ids (`--array=1-N`) and GNU parallel's `{#}`:
//! shard `K/N` takes puzzles `K, K+N, K+2N, …` of every input file, counted by their
//! `index` (1-based position in the file, malformed puzzles included). The `index` and
//! `line` printed are those of the file, never renumbered, and every puzzle belongs to
//! exactly one shard: the union of shards `1/N … N/N` is the whole batch.

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// One part `K/N` of a batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    k: usize,
    n: usize,
}

/// Why a `K/N` shard specification is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ShardError {
    /// Not two integers separated by `/`.
    #[error("`{0}` is not K/N (two positive integers, e.g. 1/4)")]
    Syntax(String),
    /// `N` is zero.
    #[error("`{0}`: N must be at least 1")]
    NoShards(String),
    /// `K` is not in `1..=N`.
    #[error("`{0}`: K must be in 1..=N (K is 1-based, like Slurm array task ids)")]
    OutOfRange(String),
}

impl Shard {
    /// The whole batch: `1/1`.
    pub const ALL: Shard = Shard { k: 1, n: 1 };

    /// Shard `k` of `n` (`1 ≤ k ≤ n`).
    pub fn new(k: usize, n: usize) -> Result<Shard, ShardError> {
        let text = format!("{k}/{n}");
        match (k, n) {
            (_, 0) => Err(ShardError::NoShards(text)),
            (k, n) if k == 0 || k > n => Err(ShardError::OutOfRange(text)),
            _ => Ok(Shard { k, n }),
        }
    }

    /// Whether the puzzle of 1-based `index` in its file belongs to this shard.
    pub fn takes(&self, index: usize) -> bool {
        index >= 1 && (index - 1) % self.n == self.k - 1
    }

    /// Whether this is the whole batch (`1/1`).
    pub fn is_all(&self) -> bool {
        self.n == 1
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::ALL
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let syntax = || ShardError::Syntax(s.to_string());
        let (k, n) = s.trim().split_once('/').ok_or_else(syntax)?;
        let int = |x: &str| x.trim().parse::<usize>().map_err(|_| syntax());
        let (k, n) = (int(k)?, int(n)?);
        Shard::new(k, n).map_err(|e| match e {
            ShardError::NoShards(_) => ShardError::NoShards(s.to_string()),
            _ => ShardError::OutOfRange(s.to_string()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_indices() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard::new(k, 3).unwrap()).collect();
        for index in 1..=20 {
            let owners: Vec<usize> = (0..3).filter(|&s| shards[s].takes(index)).collect();
            assert_eq!(owners.len(), 1, "index {index}: {owners:?}");
        }
        let first: Vec<usize> = (1..=10).filter(|&i| shards[0].takes(i)).collect();
        assert_eq!(first, [1, 4, 7, 10], "1/3 starts at the first puzzle");
        assert!((1..=10).all(|i| Shard::ALL.takes(i)));
        assert!(!shards[0].takes(0));
    }

    #[test]
    fn bad_specifications_are_refused_with_a_reason() {
        assert_eq!("2/4".parse::<Shard>().map(|s| s.to_string()), Ok("2/4".to_string()));
        assert_eq!("4/4".parse::<Shard>(), Shard::new(4, 4));
        assert!(matches!("0/4".parse::<Shard>(), Err(ShardError::OutOfRange(_))));
        assert!(matches!("5/4".parse::<Shard>(), Err(ShardError::OutOfRange(_))));
        assert!(matches!("1/0".parse::<Shard>(), Err(ShardError::NoShards(_))));
        for bad in ["x/y", "1", "1/2/3", "-1/4", "", "1/"] {
            assert!(matches!(bad.parse::<Shard>(), Err(ShardError::Syntax(_))), "{bad}");
        }
    }
}
