//! Symbol alphabets: which characters are digits (and which digit) and which are blanks.

use std::fmt;

/// Table entry of a character that is no symbol.
const NONE: u8 = u8::MAX;

/// Characters that separate fields or boxes, so they can never be digits.
const RESERVED: &str = ".,;:#|+-";

/// Maps puzzle symbols (ASCII) to digits `1..=64`, or to blank.
#[derive(Clone, PartialEq, Eq)]
pub struct Alphabet {
    /// Per ASCII character: 0 blank, `1..=64` a digit, [`NONE`] not a symbol.
    table: [u8; 128],
    /// The digits in words, for error messages ("1-9, A-Z").
    digits: String,
    /// The blanks in words (". 0").
    blanks: String,
    /// The symbol written for digit `d` at index `d − 1` (the listed case of a letter).
    symbols: Vec<u8>,
}

impl Alphabet {
    /// Blanks `.` and `0`; digits `1-9` then `A-Z` for 10 to 35, letters in either case.
    pub fn standard() -> Alphabet {
        let mut table = [NONE; 128];
        table[usize::from(b'.')] = 0;
        table[usize::from(b'0')] = 0;
        for (value, symbol) in (1u8..).zip(b'1'..=b'9') {
            table[usize::from(symbol)] = value;
        }
        for (value, symbol) in (10u8..).zip(b'A'..=b'Z') {
            table[usize::from(symbol)] = value;
            table[usize::from(symbol.to_ascii_lowercase())] = value;
        }
        let symbols = (b'1'..=b'9').chain(b'A'..=b'Z').collect();
        Alphabet { table, digits: "1-9, A-Z".into(), blanks: ". 0".into(), symbols }
    }

    /// An alphabet from a spec listing the digits in order, with `a-f` style ranges:
    /// `"0-9a-f"` makes `0` digit 1 and `f` digit 16; `"123456789ABCDEFG"` is literal.
    /// `.` is always a blank, and so is `0` unless the spec uses it as a digit.
    /// A letter also stands for its other case unless the spec lists that case too.
    pub fn parse_spec(spec: &str) -> Result<Alphabet, String> {
        let symbols = expand(spec)?;
        let mut table = [NONE; 128];
        table[usize::from(b'.')] = 0;
        for (value, &symbol) in (1u8..).zip(&symbols) {
            if table[usize::from(symbol)] != NONE {
                return Err(format!("alphabet {spec:?} lists {:?} twice", symbol as char));
            }
            table[usize::from(symbol)] = value;
        }
        for (value, &symbol) in (1u8..).zip(&symbols) {
            let other = usize::from(if symbol.is_ascii_lowercase() {
                symbol.to_ascii_uppercase()
            } else {
                symbol.to_ascii_lowercase()
            });
            if table[other] == NONE {
                table[other] = value;
            }
        }
        let zero_blank = table[usize::from(b'0')] == NONE;
        if zero_blank {
            table[usize::from(b'0')] = 0;
        }
        let blanks = if zero_blank { ". 0" } else { "." };
        Ok(Alphabet { table, digits: spec.to_string(), blanks: blanks.into(), symbols })
    }

    /// The value of `symbol`: `Some(0)` for a blank, `Some(d)` for digit `d`, `None` otherwise.
    pub fn value(&self, symbol: char) -> Option<u8> {
        let code = usize::try_from(u32::from(symbol)).ok()?;
        self.table.get(code).copied().filter(|&v| v != NONE)
    }

    /// The symbol written for `value`: `.` for 0 (blank), the listed symbol of a digit, or
    /// `None` for a digit beyond the alphabet.
    pub fn symbol(&self, value: u8) -> Option<char> {
        match value {
            0 => Some('.'),
            v => self.symbols.get(usize::from(v) - 1).map(|&b| char::from(b)),
        }
    }

    /// Whether this is the standard alphabet (whose output the grid's own methods give).
    pub fn is_standard(&self) -> bool {
        *self == Alphabet::standard()
    }

    /// What the alphabet accepts, in words: "a digit 1-9, A-Z or a blank . 0".
    pub fn expected(&self) -> String {
        format!("a digit {} or a blank {}", self.digits, self.blanks)
    }
}

impl Default for Alphabet {
    /// The standard alphabet.
    fn default() -> Self {
        Alphabet::standard()
    }
}

impl fmt::Debug for Alphabet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Alphabet(digits {}, blanks {})", self.digits, self.blanks)
    }
}

/// The digit symbols of a spec in order, ranges expanded, each checked.
fn expand(spec: &str) -> Result<Vec<u8>, String> {
    let chars: Vec<char> = spec.chars().collect();
    let mut symbols = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let first = symbol_byte(chars[i], spec)?;
        if chars.get(i + 1) == Some(&'-') && i + 2 < chars.len() {
            let last = symbol_byte(chars[i + 2], spec)?;
            if last < first {
                return Err(format!("alphabet {spec:?}: range {first}-{last} runs backwards"));
            }
            for symbol in first..=last {
                symbols.push(symbol_byte(char::from(symbol), spec)?);
            }
            i += 3;
        } else {
            symbols.push(first);
            i += 1;
        }
    }
    if symbols.is_empty() || symbols.len() > 64 {
        return Err(format!("alphabet {spec:?} has {} digits; 1 to 64 needed", symbols.len()));
    }
    Ok(symbols)
}

/// `c` as a byte, if it may be a digit symbol.
fn symbol_byte(c: char, spec: &str) -> Result<u8, String> {
    if !c.is_ascii_graphic() || RESERVED.contains(c) {
        let why = format!("use printable ASCII other than {RESERVED}");
        return Err(format!("alphabet {spec:?}: {c:?} cannot be a digit ({why})"));
    }
    Ok(c as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_letters_either_case() {
        let a = Alphabet::standard();
        assert_eq!(a.value('.'), Some(0));
        assert_eq!(a.value('0'), Some(0));
        assert_eq!(a.value('9'), Some(9));
        assert_eq!(a.value('G'), Some(16));
        assert_eq!(a.value('g'), Some(16));
        assert_eq!(a.value('z'), Some(35));
        assert_eq!(a.value('x'), Some(33));
        assert_eq!(a.value('*'), None);
        assert_eq!(a.value('é'), None);
    }

    #[test]
    fn spec_ranges_make_zero_a_digit() {
        let a = Alphabet::parse_spec("0-9a-f").unwrap();
        assert_eq!(a.value('0'), Some(1));
        assert_eq!(a.value('9'), Some(10));
        assert_eq!(a.value('f'), Some(16));
        assert_eq!(a.value('F'), Some(16));
        assert_eq!(a.value('g'), None);
        assert_eq!(a.value('.'), Some(0));
        assert_eq!(a.expected(), "a digit 0-9a-f or a blank .");
        assert_eq!((a.symbol(1), a.symbol(16), a.symbol(17)), (Some('0'), Some('f'), None));
        assert!(!a.is_standard() && Alphabet::standard().is_standard());
        assert_eq!(Alphabet::standard().symbol(16), Some('G'));
    }

    #[test]
    fn literal_spec_keeps_zero_blank() {
        let a = Alphabet::parse_spec("123456789ABCDEFG").unwrap();
        assert_eq!(a.value('0'), Some(0));
        assert_eq!(a.value('g'), Some(16));
        assert_eq!(a.value('H'), None);
    }

    #[test]
    fn bad_specs_are_refused() {
        assert!(Alphabet::parse_spec("").is_err());
        assert!(Alphabet::parse_spec("f-a").is_err());
        assert!(Alphabet::parse_spec("1231").is_err());
        assert!(Alphabet::parse_spec("1.2").is_err());
        assert!(Alphabet::parse_spec("1 2").is_err());
        assert!(Alphabet::parse_spec("*-0").is_err(), "the range holds reserved symbols");
        assert!(Alphabet::parse_spec("0-9A-Za-z!$%").is_err(), "65 symbols exceed 64");
    }
}
