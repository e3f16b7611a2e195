//! The name of a proof strategy, as the command line and reports spell it.

use crate::grid::Order;
use crate::rules::{RuleKind, RuleSet};
use std::fmt;
use std::str::FromStr;

/// How the negation rule is searched for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// Breadth-first (iterative deepening): the shallowest proofs.
    #[default]
    Bfs,
    /// Depth-first: a solver's search, recorded as nested subproofs.
    Dfs,
    /// Clause learning: a CDCL solver's search, each learned clause a lemma proved once
    /// and cited wherever it is used (`cdcl/`).
    Cdcl,
}

/// An unknown strategy name.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown search strategy `{0}` (expected `bfs`, `dfs` or `cdcl`)")]
pub struct StrategyError(pub String);

impl Strategy {
    /// `bfs`, `dfs` or `cdcl`.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Bfs => "bfs",
            Strategy::Dfs => "dfs",
            Strategy::Cdcl => "cdcl",
        }
    }

    /// The rules `Cn` runs with on a grid of `order` when the user names none: `{NS, HS}`
    /// for the breadth-first search (the seed paper's system); `{NS, HS, LC}` for the
    /// depth-first one, because without locked candidates its subproofs explode on orders
    /// ≥ 5 (sudoku-25-1: 256k assumptions in 10 s unfinished, 105 with LC), and from
    /// 25×25 on also the matching rule (Hall), which the solver's search needs there
    /// (gecode18 line 3: 73k assumptions, 13 s, certified; without it unfinished after
    /// 4.6 M) but which costs more than it saves on 9×9 (forum_hardest 1.8× slower).
    /// On 9×9 the depth-first search adds hidden pairs, which the settling pass applies at the
    /// root (pe96: five of the six puzzles it searched need no assumption). Clause learning
    /// propagates with the singles alone (its learned clauses do the rest).
    pub fn default_rules(self, order: Order) -> RuleSet {
        match self {
            Strategy::Bfs | Strategy::Cdcl => RuleSet::SINGLES,
            Strategy::Dfs if order.n() >= 5 => {
                RuleSet::SINGLES.with(RuleKind::Locked).with(RuleKind::Hall)
            }
            Strategy::Dfs if order.n() == 3 => {
                RuleSet::SINGLES.with(RuleKind::Locked).with(RuleKind::HiddenPair)
            }
            Strategy::Dfs => RuleSet::SINGLES.with(RuleKind::Locked),
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Strategy {
    type Err = StrategyError;

    fn from_str(s: &str) -> Result<Strategy, StrategyError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "bfs" => Ok(Strategy::Bfs),
            "dfs" => Ok(Strategy::Dfs),
            "cdcl" => Ok(Strategy::Cdcl),
            _ => Err(StrategyError(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for s in [Strategy::Bfs, Strategy::Dfs, Strategy::Cdcl] {
            assert_eq!(s.name().parse::<Strategy>(), Ok(s));
        }
        assert_eq!("DFS".parse::<Strategy>(), Ok(Strategy::Dfs));
        assert!("depth".parse::<Strategy>().unwrap_err().to_string().contains("`depth`"));
    }

    #[test]
    fn the_depth_first_search_adds_the_matching_rule_from_25x25_on() {
        let order = |n| Order::new(n).unwrap();
        let dfs_9 = Strategy::Dfs.default_rules(order(3));
        assert!(dfs_9.contains(RuleKind::Locked) && !dfs_9.contains(RuleKind::Hall));
        assert!(!Strategy::Dfs.default_rules(order(4)).contains(RuleKind::Hall));
        for n in [5, 8] {
            assert!(Strategy::Dfs.default_rules(order(n)).contains(RuleKind::Hall));
            assert_eq!(Strategy::Bfs.default_rules(order(n)), RuleSet::SINGLES);
        }
    }
}
