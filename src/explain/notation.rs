//! How literals and digits are written for people: in the user's alphabet (`--alphabet
//! 0-9a-f` writes digit 16 as `f`), else `1-9A-Z`, with numbers beyond 35.

use crate::grid::Alphabet;
use deduku_check::format::{Fact, Unit};

/// The written name of every digit of one grid size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digits {
    /// `names[d]` writes digit `d`; `names[0]` is the blank `.`.
    names: Vec<String>,
}

impl Digits {
    /// The standard names for a grid of side `side`: `1-9A-Z`, numbers beyond 35.
    pub fn standard(side: usize) -> Digits {
        let name = |v: usize| match v {
            0 => ".".to_string(),
            1..=9 => v.to_string(),
            _ if side <= 35 => char::from(b'A' + (v - 10) as u8).to_string(),
            _ => v.to_string(),
        };
        Digits { names: (0..=side.max(1)).map(name).collect() }
    }

    /// The names `alphabet` gives for side `side`; digits beyond it keep the standard name.
    pub fn from_alphabet(alphabet: &Alphabet, side: usize) -> Digits {
        let mut digits = Digits::standard(side);
        if alphabet.is_standard() {
            return digits;
        }
        for (v, name) in digits.names.iter_mut().enumerate().skip(1) {
            if let Some(ch) = u8::try_from(v).ok().and_then(|v| alphabet.symbol(v)) {
                *name = ch.to_string();
            }
        }
        digits
    }

    /// The name of digit `d` (`?d` when it is outside the grid).
    pub fn name(&self, d: u8) -> String {
        self.names.get(usize::from(d)).cloned().unwrap_or_else(|| format!("?{d}"))
    }

    /// Whether every name is one character (grid strings then need no separator).
    pub fn compact(&self) -> bool {
        self.names.iter().all(|n| n.chars().count() == 1)
    }

    /// `r3c5=7`, `r3c5≠7`, `⊥`.
    pub fn lit(&self, fact: Fact) -> String {
        match fact {
            Fact::Place { r, c, d } => format!("r{r}c{c}={}", self.name(d)),
            Fact::Elim { r, c, d } => format!("r{r}c{c}≠{}", self.name(d)),
            Fact::Bottom => "⊥".to_string(),
        }
    }

    /// `r3c5 = 7`, `r3c5 ≠ 7`, `⊥`: the literal with room to breathe.
    pub fn spaced(&self, fact: Fact) -> String {
        match fact {
            Fact::Place { r, c, d } => format!("r{r}c{c} = {}", self.name(d)),
            Fact::Elim { r, c, d } => format!("r{r}c{c} ≠ {}", self.name(d)),
            Fact::Bottom => "⊥".to_string(),
        }
    }

    /// `{4,8}`: the digits of a bit set (bit `d − 1` for digit `d`).
    pub fn set(&self, mask: u64) -> String {
        let names: Vec<String> =
            (1..=64u8).filter(|&d| mask & (1u64 << (d - 1)) != 0).map(|d| self.name(d)).collect();
        format!("{{{}}}", names.join(","))
    }

    /// `1, 6`: digits listed in words.
    pub fn list(&self, digits: &[u8]) -> String {
        digits.iter().map(|&d| self.name(d)).collect::<Vec<_>>().join(", ")
    }
}

/// `row 3`, `column 5`, `box 2`.
pub fn unit_name(unit: Unit) -> String {
    match unit {
        Unit::Row(i) => format!("row {i}"),
        Unit::Col(i) => format!("column {i}"),
        Unit::Box(i) => format!("box {i}"),
    }
}

/// `r3c5`: a cell's name.
pub fn cell_name(side: usize, index: usize) -> String {
    format!("r{}c{}", index / side + 1, index % side + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_alphabet() {
        let hex = Alphabet::parse_spec("0-9a-f").unwrap();
        let d = Digits::from_alphabet(&hex, 16);
        assert_eq!(d.lit(Fact::Place { r: 1, c: 1, d: 16 }), "r1c1=f");
        assert_eq!(d.spaced(Fact::Elim { r: 2, c: 3, d: 1 }), "r2c3 ≠ 0");
        let std16 = Digits::standard(16);
        assert_eq!(std16.name(16), "G");
        assert_eq!(Digits::standard(64).name(40), "40");
        assert!(!Digits::standard(64).compact() && std16.compact());
        assert_eq!(std16.set(0b1000_1000), "{4,8}");
        assert_eq!(std16.name(70), "?70");
    }
}
