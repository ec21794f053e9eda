//! The witness's own copy of what it cosigned (docs/design.md §2,
//! "Witnesses"): an append-only text file beside its key, one line
//! `<size> <root hex> <origin>` per checkpoint it cosigned, synced before
//! the cosignature is answered. At start the witness's database must be at
//! or beyond the copy for every origin: a database restored to an earlier
//! state, or deleted, would let the witness cosign a second root at a size
//! it already cosigned. A line `reset <origin>` records an operator's
//! explicit choice to go on from the database's state.

use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::domain::merkle::{from_hex, to_hex, Hash};
pub use crate::domain::witness::standing::Cosigned;
use crate::store::log::copy::WholeLines;

/// The open copy.
pub struct CosignedCopy {
    /// Where it is, for messages.
    path: PathBuf,
    /// Appended under the lock, one whole line at a time.
    lines: Mutex<WholeLines>,
    /// Whether the file was there when it was opened (a missing copy beside
    /// a database with state is refused unless the operator accepts it).
    pub existed: bool,
}

impl CosignedCopy {
    /// Opens (creating) the copy at `path`, and reads what it says per
    /// origin. An unfinished last line (a crash while it was appended) is
    /// cut off: its checkpoint was never answered.
    pub fn open(path: &Path) -> Result<(CosignedCopy, HashMap<String, Cosigned>), String> {
        let existed = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
        if !existed {
            sync_dir(path)?;
        }
        let mut text = String::new();
        file.read_to_string(&mut text)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let whole = text.rfind('\n').map_or(0, |i| i + 1);
        if whole < text.len() {
            tracing::warn!(path = %path.display(), "the copy of what this witness cosigned ends in an unfinished line (a crash while it was written): cut off");
            file.set_len(whole as u64)
                .and_then(|()| file.sync_all())
                .and_then(|()| file.seek(SeekFrom::End(0)).map(drop))
                .map_err(|e| format!("cannot cut {}: {e}", path.display()))?;
        }
        let mut said: HashMap<String, Cosigned> = HashMap::new();
        for (n, line) in text[..whole].lines().enumerate() {
            let bad = || {
                format!(
                    "{} line {}: not `SIZE ROOT ORIGIN` or `reset ORIGIN`",
                    path.display(),
                    n + 1
                )
            };
            if let Some(origin) = line.strip_prefix("reset ") {
                said.insert(origin.to_string(), None);
                continue;
            }
            let mut parts = line.splitn(3, ' ');
            let (Some(size), Some(root), Some(origin)) = (parts.next(), parts.next(), parts.next())
            else {
                return Err(bad());
            };
            let size: u64 = size.parse().map_err(|_| bad())?;
            let root = from_hex(root).ok_or_else(bad)?;
            let entry = said.entry(origin.to_string()).or_insert(None);
            if entry.is_none_or(|(at, _)| size >= at) {
                *entry = Some((size, root));
            }
        }
        Ok((
            CosignedCopy {
                path: path.to_path_buf(),
                lines: Mutex::new(WholeLines::new(file, whole as u64)),
                existed,
            },
            said,
        ))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Appends that `origin` was cosigned at `size` with `root`, and syncs
    /// it: only then is the cosignature answered.
    pub fn cosigned(&self, origin: &str, size: u64, root: Hash) -> Result<(), String> {
        self.append(&format!("{size} {} {origin}\n", to_hex(&root)))
    }

    /// Appends that the operator chose to go on from the database's state
    /// for `origin`.
    pub fn reset(&self, origin: &str) -> Result<(), String> {
        self.append(&format!("reset {origin}\n"))
    }

    fn append(&self, line: &str) -> Result<(), String> {
        self.lines
            .lock()
            .expect("not poisoned")
            .append(line.as_bytes(), true)
            .map_err(|e| format!("cannot write {}: {e}", self.path.display()))
    }
}

/// Syncs the directory holding `path`, so that a new file's name is durable.
fn sync_dir(path: &Path) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| format!("cannot sync {}: {e}", dir.display()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn the_copy_says_the_largest_size_since_the_last_reset() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("w.cosigned");
        {
            let (copy, said) = CosignedCopy::open(&path).unwrap();
            assert!(said.is_empty());
            copy.cosigned("log a", 5, Hash([5; 32])).unwrap();
            copy.cosigned("log a", 9, Hash([9; 32])).unwrap();
            copy.cosigned("log a", 7, Hash([7; 32])).unwrap();
            copy.cosigned("b", 1, Hash([1; 32])).unwrap();
            copy.reset("b").unwrap();
        }
        std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap()
            .write_all(b"12 abc")
            .unwrap();
        let (_, said) = CosignedCopy::open(&path).unwrap();
        assert_eq!(said["log a"], Some((9, Hash([9; 32]))));
        assert_eq!(said["b"], None);
        assert!(std::fs::read_to_string(&path)
            .unwrap()
            .ends_with("reset b\n"));
    }
}
