//! Schedules: the order in which applicable rule instances fire on the way to a fixpoint.

pub use crate::rules::RuleKind;
use std::fmt;

/// How the runner picks among applicable instances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// Always fire the first instance of the first kind in this order that has one.
    Priority(Vec<RuleKind>),
    /// Collect every applicable instance, shuffle them with this seed, fire them one by
    /// one (each still valid: premises only grow), and repeat.
    Random(u64),
    /// Maximally parallel rounds: every instance applicable at the start of a round fires.
    Parallel,
}

impl Schedule {
    /// `k` schedules for `kinds`: priority in canonical and reversed order, then the parallel
    /// one, then random ones seeded `seed`, `seed+1`, … (fewer if `k` is smaller).
    pub fn family(kinds: &[RuleKind], k: usize, seed: u64) -> Vec<Schedule> {
        let reversed: Vec<RuleKind> = kinds.iter().rev().copied().collect();
        let mut out = vec![Schedule::Priority(kinds.to_vec())];
        if kinds.len() > 1 {
            out.push(Schedule::Priority(reversed));
        }
        out.push(Schedule::Parallel);
        let mut s = seed;
        while out.len() < k {
            out.push(Schedule::Random(s));
            s = s.wrapping_add(1);
        }
        out.truncate(k.max(1));
        out
    }
}

impl fmt::Display for Schedule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Schedule::Priority(order) => {
                let names: Vec<&str> = order.iter().map(|k| k.name()).collect();
                write!(f, "priority {}", names.join(">"))
            }
            Schedule::Random(seed) => write!(f, "random seed {seed}"),
            Schedule::Parallel => write!(f, "parallel"),
        }
    }
}

/// The seeded generator of random schedules (SplitMix64).
pub type Rng = crate::rng::SplitMix64;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_has_the_fixed_schedules_first_and_k_members() {
        let kinds = RuleKind::of(crate::rules::RuleSet::SINGLES);
        let fam = Schedule::family(&kinds, 5, 7);
        assert_eq!(fam.len(), 5);
        assert_eq!(fam[0].to_string(), "priority ns>hs");
        assert_eq!(fam[1].to_string(), "priority hs>ns");
        assert_eq!(fam[2], Schedule::Parallel);
        assert_eq!(fam[4], Schedule::Random(8));
        let mut a = [1, 2, 3, 4, 5];
        Rng::new(3).shuffle(&mut a);
        let mut b = [1, 2, 3, 4, 5];
        Rng::new(3).shuffle(&mut b);
        assert_eq!(a, b, "same seed, same shuffle");
    }
}
