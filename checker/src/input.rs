//! Reading an input (file, pipe or device) whole, within a hard size limit.
//!
//! The limit is enforced on the bytes read, never trusting a file's reported length: a device
//! such as `/dev/zero` or a pipe reports none. (A regular file reporting more than the limit
//! is refused before it is read, which costs nothing and changes no verdict.) A NUL byte ends the read at once, since no puzzle
//! or certificate holds one, so an endless device of zeros costs one buffer, not the limit.

use std::io::Read;

/// The largest certificate read whole into a [`Proof`](crate::format::Proof) (about 10⁷
/// steps of RON), by the commands that need every step at once (explain, export, minimal).
/// Such a proof takes about 2.5 times its text in memory.
pub const MAX_PROOF_BYTES: u64 = 2 << 30;
/// The largest certificate checked (about 4·10⁷ steps of RON), by `deduku-check` and
/// `deduku check`, which check a certificate as it is parsed ([`check_ron`](crate::check_ron)):
/// memory is then the text plus 24 bytes per step, under 1.2 times the text.
pub const MAX_CHECKED_PROOF_BYTES: u64 = 8 << 30;
/// The largest puzzle input read whole.
pub const MAX_PUZZLE_BYTES: u64 = 1 << 30;

/// Why an input could not be read as text.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// More bytes than the limit.
    #[error("larger than the limit of {limit} bytes")]
    TooLarge {
        /// The limit.
        limit: u64,
    },
    /// A NUL byte: binary data, not text.
    #[error("binary data (a NUL byte at offset {offset}), not text")]
    Nul {
        /// Offset of the byte.
        offset: usize,
    },
    /// Bytes that are not UTF-8.
    #[error("not UTF-8 text (invalid byte at offset {offset})")]
    NotUtf8 {
        /// Offset of the first invalid byte.
        offset: usize,
    },
    /// The read failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// Reads `file` to its end as UTF-8 text of at most `limit` bytes, reserving its reported
/// length at once (a large certificate then costs its size once, not up to twice while the
/// buffer doubles). A file reporting more than `limit` is refused at once; the limit still
/// applies to the bytes read (a file may grow, and devices report nothing).
pub fn read_file_limited(file: std::fs::File, limit: u64) -> Result<String, InputError> {
    let reported = file.metadata().map_or(0, |m| m.len());
    if reported > limit {
        return Err(InputError::TooLarge { limit });
    }
    let mut bytes = Vec::new();
    // Only a hint: if the memory is not there, the read grows the buffer as it goes.
    let _ = bytes.try_reserve_exact(usize::try_from(reported).unwrap_or(0));
    read_into(file, limit, bytes)
}

/// Reads `reader` to its end as UTF-8 text of at most `limit` bytes.
pub fn read_limited(reader: impl Read, limit: u64) -> Result<String, InputError> {
    read_into(reader, limit, Vec::new())
}

fn read_into(reader: impl Read, limit: u64, mut bytes: Vec<u8>) -> Result<String, InputError> {
    let mut chunk = vec![0u8; 1 << 16];
    let mut reader = reader.take(limit.saturating_add(1));
    loop {
        let n = match reader.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let fresh = chunk.get(..n).unwrap_or_default();
        if let Some(at) = fresh.iter().position(|&b| b == 0) {
            return Err(InputError::Nul { offset: bytes.len() + at });
        }
        bytes.extend_from_slice(fresh);
        if bytes.len() as u64 > limit {
            return Err(InputError::TooLarge { limit });
        }
    }
    String::from_utf8(bytes)
        .map_err(|e| InputError::NotUtf8 { offset: e.utf8_error().valid_up_to() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_endless_reader_stops_at_the_limit() {
        let endless = std::io::repeat(b'a');
        assert!(matches!(
            read_limited(endless, 100_000),
            Err(InputError::TooLarge { limit: 100_000 })
        ));
        assert_eq!(read_limited(&b"abc"[..], 3).expect("at the limit"), "abc");
        assert!(matches!(read_limited(&b"abcd"[..], 3), Err(InputError::TooLarge { .. })));
    }

    #[test]
    fn zeros_and_bad_utf8_are_refused() {
        let zeros = std::io::repeat(0);
        assert!(matches!(read_limited(zeros, MAX_PROOF_BYTES), Err(InputError::Nul { offset: 0 })));
        let bad = read_limited(&b"ab\xffc"[..], 10);
        assert!(matches!(bad, Err(InputError::NotUtf8 { offset: 2 })), "{bad:?}");
    }
}
