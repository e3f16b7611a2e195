//! `RuleSet`: which optional rules `Cn` may apply (`--rules ns,hs`).

use std::fmt;
use std::str::FromStr;

/// The optional rules of `Cn`; Exclusion and the ⊥ rules are always on.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Naked single (NS).
    pub naked_single: bool,
    /// Hidden single (HS), in rows, columns and boxes.
    pub hidden_single: bool,
}

/// An unknown name in a `--rules` list.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule '{0}' in --rules (known: ns, hs)")]
pub struct RuleSetError(pub String);

impl RuleSet {
    /// `{NS, HS}`, the default.
    pub const ALL: RuleSet = RuleSet { naked_single: true, hidden_single: true };
    /// Naked singles only (what the P-system Π(n) computes).
    pub const NS: RuleSet = RuleSet { naked_single: true, hidden_single: false };
    /// Hidden singles only.
    pub const HS: RuleSet = RuleSet { naked_single: false, hidden_single: true };
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::ALL
    }
}

impl FromStr for RuleSet {
    type Err = RuleSetError;

    /// Parse a comma-separated list such as `ns,hs` (empty: no optional rule).
    fn from_str(s: &str) -> Result<RuleSet, RuleSetError> {
        let mut set = RuleSet { naked_single: false, hidden_single: false };
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match name.to_ascii_lowercase().as_str() {
                "ns" | "naked-single" | "nakedsingle" => set.naked_single = true,
                "hs" | "hidden-single" | "hiddensingle" => set.hidden_single = true,
                _ => return Err(RuleSetError(name.to_string())),
            }
        }
        Ok(set)
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = [(self.naked_single, "ns"), (self.hidden_single, "hs")]
            .iter()
            .filter(|(on, _)| *on)
            .map(|(_, n)| *n)
            .collect();
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
    }
}
