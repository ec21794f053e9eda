//! The WAL's checkpoints, off the writer's path (docs/design.md §4): the
//! writer's connections never checkpoint (`wal_autocheckpoint` is off on
//! them); a thread of its own copies the WAL into the database file with a
//! connection of its own. PASSIVE checkpoints run while appends go on (they
//! wait for no one); one catches up with the WAL's end only when no commit
//! lands meanwhile, so a WAL grown past [`RESTART_PAST`] is copied to its
//! end and restarted when the writer is found between transactions (a
//! RESTART checkpoint holds appends for its copy of the frames since the
//! last PASSIVE one, and its fsync): the writer then writes the WAL again
//! from its start, over blocks the file already has (a file that grows
//! costs each commit's fsync a metadata update too), and the file is cut
//! back to `journal_size_limit` (64 MiB) when larger.

use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rusqlite::Connection;

use super::raw;
use crate::domain::metrics::BACKGROUND_BUSY;
use crate::store::StoreError;

/// How often a PASSIVE checkpoint runs.
const EVERY: Duration = Duration::from_millis(100);

/// WAL frames (pages) past which it is restarted: 32 MiB of 4 KiB pages.
const RESTART_PAST: i64 = 8_192;

/// Stops the checkpointer when dropped (with the writer's connections),
/// and waits for it: its connection, closed last, leaves the database one
/// file, the WAL copied into it and removed.
pub(super) struct Checkpointer {
    /// Dropped to stop the thread (its end of the channel disconnects).
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Starts the checkpointer of the database at `path`.
pub(super) fn start(path: &Path) -> Result<Checkpointer, StoreError> {
    let conn = raw::open(path, true)?;
    let (stop, stopping) = mpsc::channel();
    let thread = std::thread::Builder::new()
        .name("trail-walcheck".into())
        .spawn(move || run(&conn, &stopping))
        .map_err(|e| StoreError::Internal(format!("cannot start the WAL checkpointer: {e}")))?;
    Ok(Checkpointer {
        stop: Some(stop),
        thread: Some(thread),
    })
}

fn run(conn: &Connection, stopping: &mpsc::Receiver<()>) {
    let mut failed = false;
    while let Err(RecvTimeoutError::Timeout) = stopping.recv_timeout(EVERY) {
        match round(conn) {
            Ok(()) if failed => {
                failed = false;
                tracing::info!("the WAL checkpoints work again");
            }
            Ok(()) => {}
            Err(e) if !failed => {
                failed = true;
                tracing::warn!(error = %e, "a WAL checkpoint failed; the next round tries again");
            }
            Err(_) => {}
        }
    }
}

/// One PASSIVE checkpoint; then, when the WAL holds more than
/// [`RESTART_PAST`] frames, one RESTART that waits for no one: it runs
/// only if it finds the writer between transactions and every reader on
/// the newest snapshot (otherwise it is a PASSIVE one, and the next round
/// tries again), so appends wait only for its copy of the frames the
/// PASSIVE one left, and its fsync, never behind a long read.
fn round(conn: &Connection) -> Result<(), StoreError> {
    let (frames, _) = checkpoint(conn, "PASSIVE")?;
    if frames > RESTART_PAST {
        conn.busy_timeout(Duration::ZERO).map_err(raw::map_error)?;
        let restarted = checkpoint(conn, "RESTART");
        conn.busy_timeout(super::BUSY_TIMEOUT)
            .map_err(raw::map_error)?;
        restarted?;
    }
    Ok(())
}

/// Runs a checkpoint of `mode`, timed: the WAL's frames and those copied.
fn checkpoint(conn: &Connection, mode: &str) -> Result<(i64, i64), StoreError> {
    let since = Instant::now();
    let (_busy, frames, copied): (i64, i64, i64) = conn
        .query_row(&format!("PRAGMA wal_checkpoint({mode})"), [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .map_err(raw::map_error)?;
    if copied > 0 || mode != "PASSIVE" {
        metrics::histogram!(BACKGROUND_BUSY, "what" => "checkpoint")
            .record(since.elapsed().as_secs_f64());
    }
    Ok((frames, copied))
}
