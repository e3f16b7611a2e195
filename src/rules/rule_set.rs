//! `RuleSet`: which optional rules `Cn` may apply (`--rules ns,hs,lc,np,nt,hp,ht`).

use std::fmt;
use std::str::FromStr;

/// The optional rules of `Cn`; Exclusion and the ⊥ rules are always on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Naked single (NS).
    pub naked_single: bool,
    /// Hidden single (HS), in rows, columns and boxes.
    pub hidden_single: bool,
    /// Locked candidates (LC), pointing and claiming.
    pub locked: bool,
    /// Naked pairs (NP).
    pub naked_pair: bool,
    /// Naked triples (NT).
    pub naked_triple: bool,
    /// Hidden pairs (HP).
    pub hidden_pair: bool,
    /// Hidden triples (HT).
    pub hidden_triple: bool,
}

/// An unknown name in a `--rules` list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}' in --rules (known: ns, hs, lc, np, nt, hp, ht, all)")]
pub struct RuleSetError(pub String);

impl RuleSet {
    /// No optional rule: Exclusion and the ⊥ rules only.
    pub const NONE: RuleSet = RuleSet {
        naked_single: false,
        hidden_single: false,
        locked: false,
        naked_pair: false,
        naked_triple: false,
        hidden_pair: false,
        hidden_triple: false,
    };
    /// `{NS, HS}`, the default.
    pub const ALL: RuleSet = RuleSet { naked_single: true, hidden_single: true, ..RuleSet::NONE };
    /// Every rule the engine knows: NS, HS, LC, NP, NT, HP, HT.
    pub const EVERY: RuleSet = RuleSet {
        naked_single: true,
        hidden_single: true,
        locked: true,
        naked_pair: true,
        naked_triple: true,
        hidden_pair: true,
        hidden_triple: true,
    };
    /// Naked singles only (what the P-system Π(n) computes).
    pub const NS: RuleSet = RuleSet { naked_single: true, ..RuleSet::NONE };
    /// Hidden singles only.
    pub const HS: RuleSet = RuleSet { hidden_single: true, ..RuleSet::NONE };
    /// The short names, in canonical order.
    pub const NAMES: [&'static str; 7] = ["ns", "hs", "lc", "np", "nt", "hp", "ht"];

    /// The flag of the rule with short name `name` (one of [`RuleSet::NAMES`]).
    fn flag(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "ns" => &mut self.naked_single,
            "hs" => &mut self.hidden_single,
            "lc" => &mut self.locked,
            "np" => &mut self.naked_pair,
            "nt" => &mut self.naked_triple,
            "hp" => &mut self.hidden_pair,
            "ht" => &mut self.hidden_triple,
            _ => return None,
        })
    }

    /// Whether the rule with short name `name` is on.
    pub fn has(&self, name: &str) -> bool {
        let mut copy = *self;
        copy.flag(name).is_some_and(|f| *f)
    }

    /// Whether a subset rule is on: they need whole-grid scans in `Cn` (the
    /// singles and locked candidates are woken by each elimination instead).
    pub fn has_global(&self) -> bool {
        self.naked_pair || self.naked_triple || self.hidden_pair || self.hidden_triple
    }

    /// The rule set with exactly the rules whose bit `i` of `bits` is set, `i` indexing
    /// [`RuleSet::NAMES`] (used to enumerate every subset).
    pub fn from_bits(bits: u8) -> RuleSet {
        let mut set = RuleSet::NONE;
        for (i, name) in RuleSet::NAMES.iter().enumerate() {
            if bits >> i & 1 == 1 {
                if let Some(f) = set.flag(name) {
                    *f = true;
                }
            }
        }
        set
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::ALL
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    /// Parse a comma-separated list such as `ns,hs` (empty: no optional rule; `all`: every rule).
    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        let mut set = RuleSet::NONE;
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            let short = match name.to_ascii_lowercase().as_str() {
                "naked-single" | "nakedsingle" => "ns".to_string(),
                "hidden-single" | "hiddensingle" => "hs".to_string(),
                "locked" | "locked-candidates" => "lc".to_string(),
                "all" => {
                    set = RuleSet::EVERY;
                    continue;
                }
                other => other.to_string(),
            };
            *set.flag(&short).ok_or_else(|| RuleSetError(name.to_string()))? = true;
        }
        Ok(set)
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = RuleSet::NAMES.iter().copied().filter(|n| self.has(n)).collect();
        if names.is_empty() {
            write!(f, "none")
        } else {
            write!(f, "{}", names.join(","))
        }
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
        assert_eq!("ns,hs".parse::<RuleSet>().unwrap(), RuleSet::ALL);
        assert_eq!("HS".parse::<RuleSet>().unwrap(), RuleSet::HS);
        assert_eq!(RuleSet::NS.to_string(), "ns");
        assert!("ns,xwing".parse::<RuleSet>().is_err());
        assert_eq!("all".parse::<RuleSet>().unwrap(), RuleSet::EVERY);
        assert_eq!(RuleSet::EVERY.to_string(), "ns,hs,lc,np,nt,hp,ht");
        let lc_np = "lc,np".parse::<RuleSet>().unwrap();
        assert!(lc_np.locked && lc_np.naked_pair && !lc_np.naked_single);
        assert_eq!(RuleSet::from_bits(0b11), RuleSet::ALL);
        assert_eq!(RuleSet::from_bits(0x7f), RuleSet::EVERY);
    }
}
