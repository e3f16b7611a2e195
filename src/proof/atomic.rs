//! Output files written atomically: a temporary file beside the target, renamed over it
//! once complete, so a reader never sees half a file.
//!
//! Outputs get the usual permissions, `0666` less the umask (`0644` under umask 022), not
//! the `0600` of a bare temporary file. Every temporary file is registered while it exists,
//! so that an interrupt handler can remove them all ([`remove_pending`]) before the process
//! exits: Ctrl-C or TERM leaves no `.tmpXXXXXX` file behind.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};
use tempfile::NamedTempFile;

/// The temporary files that exist now. Creating, renaming and removing them happen under
/// this lock, so an interrupt cannot run between a file's creation and its registration,
/// nor remove a file that is being renamed into place.
static PENDING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn pending() -> MutexGuard<'static, Vec<PathBuf>> {
    // A panic elsewhere while holding the lock leaves the list itself intact.
    PENDING.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Removes every registered temporary file; for an interrupt handler about to exit. The
/// lock stays held until the process ends, so no new temporary file appears meanwhile.
pub fn remove_pending() {
    let mut list = pending();
    for path in list.drain(..) {
        let _ = std::fs::remove_file(path);
    }
    std::mem::forget(list);
}

/// An output being written: a registered temporary file beside its target.
pub struct PendingFile {
    /// `None` once committed.
    tmp: Option<NamedTempFile>,
    target: PathBuf,
}

impl PendingFile {
    /// A new, empty temporary file in `target`'s directory.
    pub fn create(target: &Path) -> io::Result<PendingFile> {
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let mut builder = tempfile::Builder::new();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            // Subject to the umask, like any file a program creates.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let mut list = pending();
        let tmp = builder.tempfile_in(dir)?;
        list.push(tmp.path().to_path_buf());
        Ok(PendingFile { tmp: Some(tmp), target: target.to_path_buf() })
    }

    /// The final path.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The bytes written so far (as the file system sees them: flush any buffer first).
    pub fn written_bytes(&self) -> io::Result<u64> {
        match &self.tmp {
            Some(tmp) => Ok(tmp.as_file().metadata()?.len()),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    /// Flushes to disk and renames over the target (replacing it).
    pub fn commit(self) -> io::Result<()> {
        self.finish(true)
    }

    /// Flushes to disk and renames to the target, failing if the target exists.
    pub fn commit_new(self) -> io::Result<()> {
        self.finish(false)
    }

    fn finish(mut self, replace: bool) -> io::Result<()> {
        let Some(tmp) = self.tmp.take() else { return Ok(()) };
        tmp.as_file().sync_all()?;
        let mut list = pending();
        let path = tmp.path().to_path_buf();
        let persisted = if replace {
            tmp.persist(&self.target).map(drop)
        } else {
            tmp.persist_noclobber(&self.target).map(drop)
        };
        // On failure the temporary file is dropped (and removed) with the error.
        list.retain(|p| *p != path);
        persisted.map_err(|e| e.error)
    }
}

impl Write for PendingFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match &mut self.tmp {
            Some(tmp) => tmp.write(buf),
            None => Err(io::Error::other("the file is already committed")),
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.tmp.as_mut().map_or(Ok(()), std::io::Write::flush)
    }
}

impl Drop for PendingFile {
    /// An uncommitted file is removed (by `NamedTempFile`) and unregistered.
    fn drop(&mut self) {
        if let Some(tmp) = self.tmp.take() {
            let mut list = pending();
            list.retain(|p| p != tmp.path());
            drop(tmp);
        }
    }
}

/// Write `contents` to `path` atomically, replacing any file there.
pub fn write_atomically(path: &Path, contents: &[u8]) -> io::Result<()> {
    let mut file = PendingFile::create(path)?;
    file.write_all(contents)?;
    file.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dropped_file_leaves_nothing_and_a_committed_one_is_whole() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("out.txt");
        let mut dropped = PendingFile::create(&target).unwrap();
        dropped.write_all(b"half").unwrap();
        assert!(pending().iter().any(|p| p.starts_with(dir.path())));
        drop(dropped);
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
        assert!(!pending().iter().any(|p| p.starts_with(dir.path())));
        write_atomically(&target, b"whole").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"whole");
        let mut again = PendingFile::create(&target).unwrap();
        again.write_all(b"new").unwrap();
        let refused = again.commit_new().expect_err("the target exists");
        assert_eq!(refused.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&target).unwrap(), b"whole");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
