//! A copy of every signed checkpoint outside the database (docs/design.md §2):
//! one JSON line per checkpoint, `{"tree_size","root","note"}`, appended after
//! each commit, in a file beside the signing key unless configured elsewhere.
//!
//! At start the database's newest checkpoint must be consistent with the
//! file's last one: the same root at the same size, or a consistency proof
//! from it. So an insider who edits the database file alone (rewriting
//! history, cutting the log short, emptying the log's tables) is caught even
//! by a client that kept no state. One who holds the database, this file and
//! the signing key can forge all three: that needs witnesses (clients or
//! services that keep checkpoints of their own and demand consistency).

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::{from_hex, to_hex};
use crate::store::reads::Reads;
use crate::store::{SignedCheckpoint, StoreError};

/// File name of the copy when none is configured, beside the signing key.
pub const DEFAULT_FILE: &str = "checkpoints.ndjson";

/// How much of the file's end is read to find its last line.
const TAIL_BYTES: u64 = 64 * 1024;

#[derive(Serialize, Deserialize)]
struct Line {
    tree_size: u64,
    root: String,
    note: String,
}

/// The file, open for appending.
pub(crate) struct CheckpointCopy {
    /// Named in errors and log lines.
    path: PathBuf,
    lines: WholeLines,
}

/// A file of lines appended whole or not at all (this copy, and a
/// witness's copy of what it cosigned, `store::witness::copy`).
pub(crate) struct WholeLines {
    file: File,
    /// The file's length up to its last whole line: a failed append is cut
    /// back to it, and an append starts by cutting whatever lies past it.
    whole: u64,
}

impl WholeLines {
    /// `file`, opened for appending, whose whole lines end at `whole`.
    pub(crate) fn new(file: File, whole: u64) -> WholeLines {
        WholeLines { file, whole }
    }

    /// Appends `line` (newline-terminated), synced when `sync`. A failed
    /// append (a full disk) is cut back to the last whole line; should the
    /// cut fail too, the next append makes it first.
    pub(crate) fn append(&mut self, line: &[u8], sync: bool) -> std::io::Result<()> {
        if self.file.metadata()?.len() != self.whole {
            self.file.set_len(self.whole)?;
        }
        let written =
            self.file.write_all(line).and_then(
                |()| {
                    if sync {
                        self.file.sync_data()
                    } else {
                        Ok(())
                    }
                },
            );
        match written {
            Ok(()) => {
                self.whole += line.len() as u64;
                Ok(())
            }
            Err(e) => {
                if let Err(cut) = self.file.set_len(self.whole) {
                    tracing::error!(error = %cut, "cannot cut a failed append back; the next append does");
                }
                Err(e)
            }
        }
    }
}

impl CheckpointCopy {
    /// Opens (creating if missing) the copy at `path`, and reads its last
    /// checkpoint, which must be signed by `verifier_key` for `origin`.
    pub(crate) fn open(
        path: &Path,
        verifier_key: &str,
        origin: &str,
    ) -> Result<(CheckpointCopy, Option<SignedCheckpoint>), StoreError> {
        let refuse = |what: String| {
            StoreError::Config(format!("checkpoint copy {}: {what}", path.display()))
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .map_err(|e| refuse(format!("cannot open: {e}")))?;
        // One process keeps a copy: two replicas given one path would each
        // append their own checkpoints to it, and neither could trust it.
        // Held while the file is open (an advisory `flock`).
        // SAFETY: flock on a descriptor this function owns; no memory is passed.
        let rc = unsafe {
            libc::flock(
                std::os::fd::AsRawFd::as_raw_fd(&file),
                libc::LOCK_EX | libc::LOCK_NB,
            )
        };
        if rc != 0 {
            let e = std::io::Error::last_os_error();
            return Err(refuse(if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
                "is in use by another process: each replica keeps a copy of its own \
                 (--checkpoint-file)"
                    .to_string()
            } else {
                format!("cannot lock: {e}")
            }));
        }
        let len = file
            .metadata()
            .map_err(|e| refuse(format!("cannot read: {e}")))?
            .len();
        let from = len.saturating_sub(TAIL_BYTES);
        file.seek(SeekFrom::Start(from))
            .map_err(|e| refuse(format!("cannot read: {e}")))?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes)
            .map_err(|e| refuse(format!("cannot read: {e}")))?;
        // Bytes after the last newline are an append that never finished
        // (the process stopped mid-write, or a full disk kept the cut from
        // happening): never a checkpoint the file vouches for.
        let end = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        if end < bytes.len() {
            if end == 0 && from > 0 {
                return Err(refuse(format!(
                    "its last {TAIL_BYTES} bytes hold no whole line"
                )));
            }
            let whole = from + end as u64;
            tracing::warn!(
                path = %path.display(),
                bytes = len - whole,
                "the checkpoint copy ends in an unfinished line; trimming it"
            );
            file.set_len(whole)
                .map_err(|e| refuse(format!("cannot trim its unfinished last line: {e}")))?;
            bytes.truncate(end);
        }
        let whole = from + bytes.len() as u64;
        // A tail read from the middle of the file starts inside a line, maybe
        // inside a character (notes hold an em dash): whole lines start after
        // its first newline.
        if from > 0 {
            match bytes.iter().position(|&b| b == b'\n') {
                Some(i) if i + 1 < bytes.len() => drop(bytes.drain(..=i)),
                _ => {
                    return Err(refuse(format!(
                        "its last {TAIL_BYTES} bytes hold no whole line"
                    )))
                }
            }
        }
        let tail = String::from_utf8(bytes)
            .map_err(|e| refuse(format!("cannot read: its last lines are not UTF-8: {e}")))?;
        let last = match tail.lines().rev().find(|l| !l.trim().is_empty()) {
            None => None,
            Some(line) => {
                let line = read_line(line)
                    .map_err(|e| refuse(format!("its last line is not a checkpoint: {e}")))?;
                let opened = open_checkpoint(&line.note, verifier_key).map_err(|e| {
                    refuse(format!(
                        "its last checkpoint does not verify with the log's key: {e}"
                    ))
                })?;
                let root =
                    from_hex(&line.root).ok_or_else(|| refuse("a root is not hex".into()))?;
                if opened.size != line.tree_size || opened.root != root {
                    return Err(refuse("its last line does not match its own note".into()));
                }
                if opened.origin != origin {
                    return Err(refuse(format!(
                        "it holds checkpoints of the log `{}`, not of `{origin}`",
                        opened.origin
                    )));
                }
                Some(SignedCheckpoint {
                    tree_size: line.tree_size,
                    root,
                    note: line.note,
                })
            }
        };
        let copy = CheckpointCopy {
            path: path.to_path_buf(),
            lines: WholeLines::new(file, whole),
        };
        Ok((copy, last))
    }

    /// Appends a checkpoint, whole or not at all. Written after the commit
    /// it follows, so the file can lag the database (a crash in between, a
    /// full disk) but never lead it; a failed append is cut back to the
    /// file's previous length, and the next one covers it.
    pub(crate) fn append(&mut self, checkpoint: &SignedCheckpoint) -> std::io::Result<()> {
        let mut line = serde_json::to_vec(&Line {
            tree_size: checkpoint.tree_size,
            root: to_hex(&checkpoint.root),
            note: checkpoint.note.clone(),
        })?;
        line.push(b'\n');
        self.lines.append(&line, false)
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}

/// Reads one line of the copy. A line that an earlier release wrote onto an
/// unfinished one (two lines run together, the first cut short) is read as
/// the whole line at its end, with a warning.
fn read_line(line: &str) -> Result<Line, serde_json::Error> {
    let error = match serde_json::from_str(line) {
        Ok(line) => return Ok(line),
        Err(e) => e,
    };
    match line.rfind(r#"{"tree_size":"#) {
        Some(at) if at > 0 => {
            let whole: Line = serde_json::from_str(&line[at..]).map_err(|_| error)?;
            tracing::warn!(
                tree_size = whole.tree_size,
                "the checkpoint copy's last line starts with an unfinished append; reading the \
                 checkpoint after it"
            );
            Ok(whole)
        }
        _ => Err(error),
    }
}

/// The size a line of the copy names (None: not a whole line).
pub(crate) fn line_size(line: &str) -> Option<u64> {
    serde_json::from_str::<Line>(line).ok().map(|l| l.tree_size)
}

/// What a missing or empty copy means at start.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MissingCopy {
    /// The database held no log before this start: the copy begins with it.
    FirstStart,
    /// The database holds a log and the operator said to start a new copy
    /// (`--new-checkpoint-copy`): begun from its newest verified checkpoint.
    Restart,
    /// The database holds a log and nothing was said: refused, as a deleted
    /// copy is how a database rolled back or replaced would pass unseen.
    Refuse,
}

/// Checks the database's newest checkpoint against the copy's last one (it
/// must be the same, or a consistency proof must lead from it), then brings
/// the copy up to date. A missing or empty copy is taken as `missing` says.
pub(crate) async fn check_copy(
    path: &std::path::Path,
    latest: &SignedCheckpoint,
    reads: &Reads,
    verifier_key: &str,
    origin: &str,
    missing: MissingCopy,
) -> Result<CheckpointCopy, StoreError> {
    let (mut copy, last) = CheckpointCopy::open(path, verifier_key, origin)?;
    let refuse = |what: String| {
        StoreError::Config(format!(
            "the database's log disagrees with the checkpoint copy {}: {what}; refusing to start \
             (the database was altered, or replaced by an older one)",
            path.display()
        ))
    };
    match &last {
        None => match missing {
            MissingCopy::FirstStart => {
                tracing::info!(path = %path.display(), "starting the checkpoint copy")
            }
            MissingCopy::Restart => tracing::warn!(
                path = %path.display(),
                tree_size = latest.tree_size,
                "starting a new checkpoint copy from the database's newest verified checkpoint \
                 (--new-checkpoint-copy): the database's history before it is taken on trust"
            ),
            MissingCopy::Refuse => {
                return Err(StoreError::Config(format!(
                    "the checkpoint copy {} is missing or empty, but the database holds a log \
                     (its newest checkpoint is of size {}): the copy was deleted or moved, or \
                     this is a new replica or a moved database. Refusing to start: a lost copy \
                     is how a database rolled back or replaced would pass unseen. Give the \
                     copy's path (--checkpoint-file), or start once with --new-checkpoint-copy \
                     to begin a new copy from the database's newest verified checkpoint",
                    path.display(),
                    latest.tree_size
                )))
            }
        },
        Some(c) if c.tree_size > latest.tree_size => {
            return Err(StoreError::Config(
                crate::store::log::signed::behind_signed(
                    latest.tree_size,
                    c.tree_size,
                    &format!("the checkpoint copy {}", path.display()),
                ),
            ))
        }
        Some(c) if c.tree_size == latest.tree_size => {
            if c.root != latest.root {
                return Err(refuse(format!(
                    "two different roots were signed for size {}",
                    c.tree_size
                )));
            }
        }
        Some(c) if c.tree_size > 0 => {
            if !crate::store::log::signed::extends(reads, c.tree_size, &c.root, latest).await? {
                return Err(refuse(format!(
                    "the log of {} records does not extend the copy's log of {}",
                    latest.tree_size, c.tree_size
                )));
            }
        }
        Some(_) => {}
    }
    if last.as_ref().map(|c| c.tree_size) != Some(latest.tree_size) {
        copy.append(latest).map_err(|e| {
            StoreError::Unavailable(format!("cannot write {}: {e}", path.display()))
        })?;
    }
    Ok(copy)
}
