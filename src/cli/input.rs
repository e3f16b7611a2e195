//! Where puzzles come from: a file, `-` for stdin, or the puzzle string itself.

use crate::grid::{parse_puzzles, Alphabet, ParseError, ParseOptions, ParsedPuzzle};
use clap::Args;
use std::io::Read;
use std::path::Path;

/// Options for reading puzzles, shared by the verbs.
#[derive(Debug, Clone, Args)]
pub struct InputArgs {
    /// Digit symbols in order, e.g. `0-9a-f` when `0` is the first digit (16x16 CSV sets).
    #[arg(long, value_name = "SPEC")]
    pub alphabet: Option<String>,
    /// Take the puzzle from this 1-based field of comma-separated lines.
    #[arg(long, value_name = "N")]
    pub csv_column: Option<usize>,
}

/// Puzzle text with a name for messages.
pub struct Source {
    /// File name, `<stdin>` or `<argument>`.
    pub name: String,
    /// The text.
    pub text: String,
}

/// Files larger than this are refused rather than read into memory.
const MAX_INPUT_BYTES: u64 = 1 << 30;

/// Resolve a PUZZLE argument: `-` is stdin, an existing path is a file,
/// anything else is the puzzle itself.
pub fn load(arg: &str) -> Result<Source, String> {
    if arg == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(|e| format!("<stdin>: {e}"))?;
        return Ok(Source { name: "<stdin>".into(), text });
    }
    let path = Path::new(arg);
    if path.is_file() {
        let len = path.metadata().map_err(|e| format!("{arg}: {e}"))?.len();
        if len > MAX_INPUT_BYTES {
            return Err(format!("{arg}: file of {len} bytes is too large (limit 1 GiB)"));
        }
        let bytes = std::fs::read(path).map_err(|e| format!("{arg}: {e}"))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            format!(
                "{arg}: not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            )
        })?;
        return Ok(Source { name: arg.to_string(), text });
    }
    if path.components().count() > 1 || arg.ends_with(".txt") || arg.ends_with(".ron") {
        return Err(format!("{arg}: no such file"));
    }
    Ok(Source { name: "<argument>".into(), text: arg.to_string() })
}

/// Load PUZZLE and the parse options its flags select; the error is the
/// message for an exit-2 failure.
pub fn open(arg: &str, flags: &InputArgs) -> Result<(Source, ParseOptions), String> {
    Ok((load(arg)?, flags.options()?))
}

impl InputArgs {
    /// The parse options these flags select.
    pub fn options(&self) -> Result<ParseOptions, String> {
        let alphabet = match &self.alphabet {
            Some(spec) => Alphabet::parse_spec(spec).map_err(|e| format!("--alphabet: {e}"))?,
            None => Alphabet::standard(),
        };
        Ok(ParseOptions { alphabet, csv_column: self.csv_column })
    }
}

/// Every puzzle of `source`, each parsed or with its error (named by file).
pub fn puzzles<'a>(
    source: &'a Source,
    opts: &'a ParseOptions,
) -> impl Iterator<Item = Result<ParsedPuzzle, ParseError>> + 'a {
    parse_puzzles(&source.text, opts).map(move |r| r.map_err(|e| e.with_file(source.name.clone())))
}
