//! One process per SQLite file (docs/design.md §4): the writer's open takes
//! an exclusive lock on `<file>.lock` for the process's life, so a second
//! service (or `log rebuild`) on the same file refuses to start instead of
//! signing a log of its own beside the first. The lock file holds the
//! holder's process id, which the refusal names. It is an advisory `flock`,
//! apart from SQLite's own locks; `fsck` and the tests' direct reads take
//! none.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};

use crate::store::StoreError;

/// The held lock: released when dropped (its file is closed).
pub(crate) struct FileLock {
    /// Open for as long as the lock is held.
    _file: File,
}

/// The lock file of the database at `db`.
fn lock_path(db: &Path) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// Takes the lock of the database at `db`, or says who holds it.
pub(crate) fn lock(db: &Path) -> Result<FileLock, StoreError> {
    let path = lock_path(db);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| StoreError::Config(format!("cannot open {}: {e}", path.display())))?;
    // SAFETY: flock on a descriptor this function owns; no memory is passed.
    let rc = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if rc != 0 {
        let e = std::io::Error::last_os_error();
        if e.raw_os_error() != Some(libc::EWOULDBLOCK) {
            return Err(StoreError::Config(format!(
                "cannot lock {}: {e}",
                path.display()
            )));
        }
        let mut holder = String::new();
        let _ = file.read_to_string(&mut holder);
        let holder = holder.trim();
        let who = if holder.is_empty() {
            "another process".to_string()
        } else {
            format!("another process ({holder})")
        };
        return Err(StoreError::Config(format!(
            "the database {} is in use by {who}, which holds {}: one process writes a SQLite \
             file (replicas need PostgreSQL); refusing to start",
            db.display(),
            path.display()
        )));
    }
    let mine = format!("pid {}", std::process::id());
    let written = file
        .set_len(0)
        .and_then(|()| file.seek(SeekFrom::Start(0)))
        .and_then(|_| file.write_all(mine.as_bytes()));
    if let Err(e) = written {
        // The lock holds all the same; only the refusal's naming is lost.
        tracing::warn!(error = %e, path = %path.display(), "cannot write the lock file's holder");
    }
    Ok(FileLock { _file: file })
}
