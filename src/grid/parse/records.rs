//! Special lines: Project Euler `Grid NN` headers, CSV records and CSV header lines.

use super::alphabet::Alphabet;

/// `Grid 01`: the Project Euler header starting a multi-line grid.
pub(super) fn is_grid_header(trimmed: &str) -> bool {
    let mut words = trimmed.split_whitespace();
    words.next().is_some_and(|w| w.eq_ignore_ascii_case("grid"))
        && words.next().is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()))
        && words.next().is_none()
}

/// A CSV header field: words, not a puzzle (a letter, and no blank symbol).
pub(super) fn is_header_field(field: &str, alphabet: &Alphabet) -> bool {
    field.chars().any(|c| c.is_ascii_alphabetic())
        && !field.chars().any(|c| alphabet.value(c) == Some(0))
}

/// The puzzle field of a CSV record: its trimmed byte range and the other fields as a note.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct CsvField {
    /// Byte offset of the field's first non-space character.
    pub(super) start: usize,
    /// Byte offset just past its last non-space character.
    pub(super) end: usize,
    /// The other fields joined by `,`, if any is non-blank.
    pub(super) note: Option<String>,
}

/// Field `column` (1-based) of a CSV `line` (fields split at `,`, no quoting), or the
/// number of fields when it has none such.
pub(super) fn csv_field(line: &str, column: usize) -> Result<CsvField, usize> {
    let mut offset = 0;
    let mut fields = Vec::new();
    for field in line.split(',') {
        fields.push((offset, field));
        offset += field.len() + 1;
    }
    let Some(&(offset, field)) = column.checked_sub(1).and_then(|i| fields.get(i)) else {
        return Err(fields.len());
    };
    let start = offset + (field.len() - field.trim_start().len());
    let end = (offset + field.trim_end().len()).max(start);
    let others: Vec<&str> =
        fields.iter().enumerate().filter(|(i, _)| i + 1 != column).map(|(_, f)| f.1).collect();
    let note = Some(others.join(",")).filter(|n| !n.trim().is_empty());
    Ok(CsvField { start, end, note })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers() {
        assert!(is_grid_header("Grid 01"));
        assert!(is_grid_header("grid   7"));
        assert!(!is_grid_header("Grid one"));
        assert!(!is_grid_header("Grid 01 extra"));
        let std = Alphabet::standard();
        assert!(is_header_field("PUZZLE", &std));
        assert!(!is_header_field("4.....8.5", &std));
        assert!(!is_header_field("1234", &std));
    }

    #[test]
    fn csv_fields() {
        let f = csv_field("IM,1, 12.4 ,x", 3).expect("field 3");
        assert_eq!((f.start, f.end, f.note.as_deref()), (6, 10, Some("IM,1,x")));
        assert_eq!(csv_field("a,b", 3), Err(2));
        assert_eq!(csv_field("a,b", 0), Err(2));
        assert_eq!(csv_field("12.4", 1).map(|f| f.note), Ok(None));
    }
}
