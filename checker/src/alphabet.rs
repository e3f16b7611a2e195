//! Puzzle symbols: which characters spell which digit, and which spell a blank.
//!
//! Written for the checker alone (the engine has its own); `deduku-check --alphabet SPEC`
//! reads SPEC with the same meaning as `deduku --alphabet SPEC`, documented in the README.

/// Characters that separate fields, notes or boxes, and so may never be digit symbols.
const RESERVED: &[char] = &['.', ',', ';', ':', '#', '|', '+', '-'];

/// Which characters are digits (and which digit) and which are blanks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alphabet {
    /// The digit symbols of a spec in order (digit `k` is `digits[k-1]`); empty for the
    /// standard alphabet.
    digits: Vec<char>,
}

impl Alphabet {
    /// `.` and `0` blank; `1`–`9` then `A`–`Z` (either case) the digits 1 to 35.
    pub fn standard() -> Alphabet {
        Alphabet { digits: Vec::new() }
    }

    /// The alphabet of a spec listing the digit symbols in order, `a-f` standing for a range:
    /// `0-9a-f` makes `0` digit 1 and `f` digit 16. `.` is always blank, `0` too unless the
    /// spec lists it; a letter also stands for its other case unless that case is listed.
    pub fn from_spec(spec: &str) -> Result<Alphabet, String> {
        let chars: Vec<char> = spec.chars().collect();
        let mut digits: Vec<char> = Vec::new();
        let mut i = 0;
        while let Some(&first) = chars.get(i) {
            let range = chars.get(i + 1) == Some(&'-') && i + 2 < chars.len();
            let last = if range { chars[i + 2] } else { first };
            if last < first {
                return Err(format!("alphabet {spec:?}: the range {first}-{last} runs backwards"));
            }
            for symbol in first..=last {
                let usable = symbol.is_ascii_graphic() && !RESERVED.contains(&symbol);
                if !usable || digits.contains(&symbol) {
                    return Err(format!("alphabet {spec:?}: {symbol:?} cannot be a digit here"));
                }
                digits.push(symbol);
            }
            i += if range { 3 } else { 1 };
        }
        if digits.is_empty() || digits.len() > 64 {
            return Err(format!("alphabet {spec:?} has {} digits, not 1 to 64", digits.len()));
        }
        Ok(Alphabet { digits })
    }

    /// `Some(0)` for a blank, `Some(d)` for the digit `d`, `None` for any other character.
    pub fn value(&self, symbol: char) -> Option<u8> {
        if symbol == '.' {
            return Some(0);
        }
        if self.digits.is_empty() {
            return match symbol {
                '0' => Some(0),
                _ => symbol.to_digit(36).and_then(|v| u8::try_from(v).ok()),
            };
        }
        let at = |c: char| self.digits.iter().position(|&s| s == c);
        let swapped = |c: char| {
            let other = if c.is_ascii_lowercase() {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            (other != c).then(|| at(other)).flatten()
        };
        match at(symbol).or_else(|| swapped(symbol)) {
            // At most 64 symbols, so the position fits.
            Some(k) => u8::try_from(k + 1).ok(),
            None if symbol == '0' => Some(0),
            None => None,
        }
    }
}

impl Default for Alphabet {
    /// The standard alphabet.
    fn default() -> Self {
        Alphabet::standard()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_alphabet_reads_digits_letters_and_blanks() {
        let a = Alphabet::standard();
        let values: Vec<Option<u8>> = ".09AGgzZ*é ".chars().map(|c| a.value(c)).collect();
        let want = [0, 0, 9, 10, 16, 16, 35, 35].map(Some);
        assert_eq!(values[..8], want);
        assert_eq!(values[8..], [None, None, None]);
    }

    #[test]
    fn a_spec_with_ranges_numbers_its_symbols_in_order() {
        let a = Alphabet::from_spec("0-9a-f").expect("valid spec");
        let values: Vec<Option<u8>> =
            "0 9 a f F g .".split(' ').map(|s| a.value(s.chars().next().unwrap_or(' '))).collect();
        assert_eq!(values, [Some(1), Some(10), Some(11), Some(16), Some(16), None, Some(0)]);
        let literal = Alphabet::from_spec("123456789ABCDEFG").expect("valid spec");
        assert_eq!(
            (literal.value('0'), literal.value('g'), literal.value('H')),
            (Some(0), Some(16), None)
        );
        let both_cases = Alphabet::from_spec("aA").expect("valid spec");
        assert_eq!((both_cases.value('a'), both_cases.value('A')), (Some(1), Some(2)));
    }

    #[test]
    fn bad_specs_are_refused() {
        for spec in ["", "f-a", "1231", "1.2", "1 2", "*-0", "0-9A-Za-z!$%"] {
            assert!(Alphabet::from_spec(spec).is_err(), "{spec:?} accepted");
        }
    }
}
