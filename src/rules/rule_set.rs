//! The vocabulary of the optional rules: [`RuleKind`], one rule, and [`RuleSet`], a set of
//! them as a bitset (`--rules ns,hs,lc,np,nt,hp,ht,hall`). Exclusion and the ⊥ rules are always
//! on and are not in this vocabulary.

use std::fmt;
use std::str::FromStr;

/// One optional rule of `Cn`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleKind {
    /// Naked single (NS).
    NakedSingle,
    /// Hidden single (HS), in rows, columns and boxes.
    HiddenSingle,
    /// Locked candidates (LC), pointing and claiming.
    Locked,
    /// Naked pair (NP).
    NakedPair,
    /// Naked triple (NT).
    NakedTriple,
    /// Hidden pair (HP).
    HiddenPair,
    /// Hidden triple (HT).
    HiddenTriple,
    /// The matching rule on units (Hall): naked subsets of every size, found by matching.
    Hall,
}

impl RuleKind {
    /// Every rule, in the canonical order (that of `--rules` and of [`RuleSet`]'s bits).
    pub const ALL: [RuleKind; 8] = [
        RuleKind::NakedSingle,
        RuleKind::HiddenSingle,
        RuleKind::Locked,
        RuleKind::NakedPair,
        RuleKind::NakedTriple,
        RuleKind::HiddenPair,
        RuleKind::HiddenTriple,
        RuleKind::Hall,
    ];

    /// The short name (`ns`, `hs`, `lc`, `np`, `nt`, `hp`, `ht`, `hall`).
    pub fn name(self) -> &'static str {
        ["ns", "hs", "lc", "np", "nt", "hp", "ht", "hall"][self as usize]
    }

    /// The rule a short or long name means (case-insensitive), if any.
    pub fn from_name(name: &str) -> Option<RuleKind> {
        let name = name.to_ascii_lowercase();
        let long = match name.as_str() {
            "naked-single" | "nakedsingle" => "ns",
            "hidden-single" | "hiddensingle" => "hs",
            "locked" | "locked-candidates" => "lc",
            "matching" => "hall",
            short => short,
        };
        RuleKind::ALL.into_iter().find(|k| k.name() == long)
    }

    /// The kinds a rule set holds, in canonical order.
    pub fn of(rules: RuleSet) -> Vec<RuleKind> {
        rules.iter().collect()
    }

    /// This rule's bit in a [`RuleSet`].
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// A set of optional rules of `Cn`: bit `i` is [`RuleKind::ALL`]`[i]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet(u8);

/// An unknown name in a `--rules` list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}' in --rules (known: ns, hs, lc, np, nt, hp, ht, hall, all)")]
pub struct RuleSetError(pub String);

impl RuleSet {
    /// No optional rule: Exclusion and the ⊥ rules only.
    pub const NONE: RuleSet = RuleSet(0);
    /// The two singles `{NS, HS}`: the seed paper's system and the default.
    pub const SINGLES: RuleSet = RuleSet::NS.with(RuleKind::HiddenSingle);
    /// Every rule the engine knows: NS, HS, LC, NP, NT, HP, HT, Hall (`--rules all`).
    pub const EVERY: RuleSet = RuleSet(0xff);
    /// Naked singles only (what the P-system Π(n) computes).
    pub const NS: RuleSet = RuleSet::NONE.with(RuleKind::NakedSingle);
    /// Hidden singles only.
    pub const HS: RuleSet = RuleSet::NONE.with(RuleKind::HiddenSingle);

    /// Whether `rule` is in the set.
    pub const fn contains(self, rule: RuleKind) -> bool {
        self.0 & rule.bit() != 0
    }

    /// The set with `rule` added.
    #[must_use]
    pub const fn with(self, rule: RuleKind) -> RuleSet {
        RuleSet(self.0 | rule.bit())
    }

    /// The set with `rule` removed.
    #[must_use]
    pub const fn without(self, rule: RuleKind) -> RuleSet {
        RuleSet(self.0 & !rule.bit())
    }

    /// Whether every rule of `self` is in `other`.
    pub const fn is_subset(self, other: RuleSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The rules of the set, in canonical order.
    pub fn iter(self) -> impl Iterator<Item = RuleKind> {
        RuleKind::ALL.into_iter().filter(move |&k| self.contains(k))
    }

    /// Whether a subset rule is on: they need whole-grid scans in `Cn` (the
    /// singles and locked candidates are woken by each elimination instead).
    pub const fn has_global(self) -> bool {
        !RuleSet(self.0 & !RuleSet::SINGLES.with(RuleKind::Locked).0).is_empty()
    }

    /// Whether the set holds no rule.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set whose bit `i` of `bits` selects [`RuleKind::ALL`]`[i]` (used to enumerate
    /// every subset).
    pub const fn from_bits(bits: u8) -> RuleSet {
        RuleSet(bits & RuleSet::EVERY.0)
    }

    /// The bits of the set (see [`RuleSet::from_bits`]).
    pub const fn bits(self) -> u8 {
        self.0
    }
}

impl From<RuleKind> for RuleSet {
    fn from(rule: RuleKind) -> RuleSet {
        RuleSet::NONE.with(rule)
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::SINGLES
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    /// Parse a comma-separated list such as `ns,hs` (empty: no optional rule; `all`: every rule).
    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        let mut set = RuleSet::NONE;
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            set = if name.eq_ignore_ascii_case("all") {
                RuleSet::EVERY
            } else {
                set.with(RuleKind::from_name(name).ok_or_else(|| RuleSetError(name.to_string()))?)
            };
        }
        Ok(set)
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return write!(f, "none");
        }
        let names: Vec<&str> = self.iter().map(RuleKind::name).collect();
        write!(f, "{}", names.join(","))
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        assert_eq!("ns,hs".parse::<RuleSet>().unwrap(), RuleSet::SINGLES);
        assert_eq!("HS".parse::<RuleSet>().unwrap(), RuleSet::HS);
        assert_eq!(RuleSet::NS.to_string(), "ns");
        assert!("ns,xwing".parse::<RuleSet>().is_err());
        assert_eq!("all".parse::<RuleSet>().unwrap(), RuleSet::EVERY);
        assert_eq!(RuleSet::EVERY.to_string(), "ns,hs,lc,np,nt,hp,ht,hall");
        let lc_np = "lc,np".parse::<RuleSet>().unwrap();
        assert!(lc_np.contains(RuleKind::Locked) && lc_np.contains(RuleKind::NakedPair));
        assert!(!lc_np.contains(RuleKind::NakedSingle));
        assert_eq!(RuleSet::from_bits(0b11), RuleSet::SINGLES);
        assert_eq!(RuleSet::from_bits(0xff), RuleSet::EVERY);
        assert_eq!("matching".parse::<RuleSet>().unwrap(), RuleSet::from(RuleKind::Hall));
        assert_eq!(RuleSet::NONE.to_string(), "none");
    }

    #[test]
    fn only_the_subset_rules_are_global() {
        assert!(!RuleSet::SINGLES.with(RuleKind::Locked).has_global());
        for k in [RuleKind::NakedPair, RuleKind::NakedTriple, RuleKind::HiddenPair] {
            assert!(RuleSet::from(k).has_global());
        }
        assert!(RuleSet::from(RuleKind::HiddenTriple).has_global());
        assert!(RuleSet::from(RuleKind::Hall).has_global());
    }

    #[test]
    fn names_round_trip() {
        for k in RuleKind::ALL {
            assert_eq!(RuleKind::from_name(k.name()), Some(k));
            assert_eq!(RuleSet::from(k).iter().collect::<Vec<_>>(), vec![k]);
        }
    }
}
