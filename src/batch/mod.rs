//! Batch mode: every puzzle of many files, solved in parallel, one JSON line each in
//! input order (a [`Record`](crate::record::Record)), with a summary at the end
//! (`deduku batch`).
//!
//! ```
//! use deduku::batch::{run_stream, BatchOptions, Ending, Source, Summary};
//! use deduku::grid::{parse_puzzles, ParseOptions};
//! use std::sync::atomic::AtomicBool;
//!
//! let text = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
//! let parse = ParseOptions::default();
//! let opts = BatchOptions { check: true, ..BatchOptions::default() };
//! let source = Source { name: "inline".into(), proof_dir: None };
//! let mut summary = Summary::default();
//! let stop = AtomicBool::new(false);
//! let ending = run_stream(&source, parse_puzzles(text, &parse), &opts, &stop, &mut |line| {
//!     summary.add(&line)
//! });
//! assert_eq!(ending, Ending::Complete);
//! assert_eq!(summary.verdicts.get("solution"), Some(&1));
//! assert_eq!(summary.rejected, 0);
//! ```

mod certs;
mod runner;
mod shard;
mod summary;

pub use certs::{earlier_certificate, Existing};
pub use runner::{process, run_stream, BatchOptions, Ending, Source};
pub use shard::{Shard, ShardError};
pub use summary::{Figures, Histogram, Summary};

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// The certificate directory of each input file under `root`: the file's stem, with
/// `-2`, `-3` … appended when stems repeat (`9x9/gecode18.txt`, `25x25/gecode18.txt`).
pub fn proof_dirs(root: &Path, files: &[String]) -> Vec<PathBuf> {
    let mut taken = HashSet::new();
    files
        .iter()
        .map(|f| {
            let stem = Path::new(f)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .filter(|s| !s.is_empty() && s != "-")
                .unwrap_or_else(|| "stdin".to_string());
            let mut name = stem.clone();
            let mut k = 1;
            while !taken.insert(name.clone()) {
                k += 1;
                name = format!("{stem}-{k}");
            }
            root.join(name)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_stems_get_suffixes() {
        let files = ["a/gecode18.txt", "b/gecode18.txt", "top95.txt", "-"].map(String::from);
        let dirs = proof_dirs(Path::new("out"), &files);
        let names: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        assert_eq!(names, ["out/gecode18", "out/gecode18-2", "out/top95", "out/stdin"]);
    }
}
