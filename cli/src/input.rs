//! Where puzzles come from: a file, `-` for stdin, or the puzzle string itself.

use clap::Args;
use deduku::grid::{parse_puzzles, Alphabet, Grid, ParseError, ParseOptions, ParsedPuzzle};
use deduku_check::input::{read_limited, MAX_PUZZLE_BYTES};
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

/// Resolve a PUZZLE argument: `-` is stdin, an existing path is a file (or a device or
/// pipe), anything else is the puzzle itself. Input is read with a hard limit of
/// [`MAX_PUZZLE_BYTES`] bytes, counted as read, so pipes and devices are capped too.
pub fn load(arg: &str) -> Result<Source, String> {
    if arg == "-" {
        let text = read_limited(std::io::stdin(), MAX_PUZZLE_BYTES)
            .map_err(|e| format!("<stdin>: {e}"))?;
        return Ok(Source { name: "<stdin>".into(), text });
    }
    let path = Path::new(arg);
    if path.exists() {
        let file = std::fs::File::open(path).map_err(|e| format!("{arg}: {e}"))?;
        let text = read_limited(file, MAX_PUZZLE_BYTES).map_err(|e| format!("{arg}: {e}"))?;
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

/// The one puzzle of PUZZLE for a verb that takes exactly one (`check`, `export`, `explain`):
/// an input holding several puzzles, or anything after its puzzle, is refused.
pub fn one_puzzle(arg: &str, flags: &InputArgs, verb: &str) -> Result<Grid, String> {
    let (source, opts) = open(arg, flags)?;
    exactly_one(&source, &opts, verb)
}

/// The one puzzle of `source` — the single place deciding "exactly one puzzle" for every
/// verb and option that takes one (`what` names it in messages: a verb, or `--from`).
pub fn exactly_one(source: &Source, opts: &ParseOptions, what: &str) -> Result<Grid, String> {
    let mut puzzles = puzzles(source, opts);
    match (puzzles.next(), puzzles.next()) {
        (Some(Ok(p)), None) => Ok(p.grid),
        (Some(Err(e)), _) => Err(e.to_string()),
        (None, _) => Err(format!("{}: no puzzle found (empty input)", source.name)),
        (Some(Ok(_)), Some(Ok(second))) => Err(format!(
            "{}: holds several puzzles (another at line {}); {what} takes one",
            source.name, second.line
        )),
        (Some(Ok(_)), Some(Err(e))) => Err(format!("{e} (after the puzzle; {what} takes one)")),
    }
}

/// Every puzzle of `source`, each parsed or with its error (named by file).
pub fn puzzles<'a>(
    source: &'a Source,
    opts: &'a ParseOptions,
) -> impl Iterator<Item = Result<ParsedPuzzle, ParseError>> + 'a {
    parse_puzzles(&source.text, opts).map(move |r| r.map_err(|e| e.with_file(source.name.clone())))
}
