//! The WAL's checkpoints, off the writer's path (docs/design.md §4): the
//! writer's connections never checkpoint (`wal_autocheckpoint` is off on
//! them); a thread of its own copies the WAL into the database file with a
//! connection of its own. PASSIVE checkpoints run while appends go on (they
//! wait for no one); one catches up with the WAL's end only when no commit
//! lands meanwhile, so a WAL grown past [`TRUNCATE_PAST`] is copied to its
//! end and truncated (a TRUNCATE checkpoint holds appends for its copy of
//! the frames since the last PASSIVE one, and its fsync).

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

/// WAL frames (pages) past which it is truncated: 32 MiB of 4 KiB pages.
const TRUNCATE_PAST: i64 = 8_192;

/// How long a TRUNCATE checkpoint waits for readers and the writer before
/// the next round tries again.
const TRUNCATE_WAIT: Duration = Duration::from_millis(200);

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
/// [`TRUNCATE_PAST`] frames, one TRUNCATE.
fn round(conn: &Connection) -> Result<(), StoreError> {
    let (frames, _) = checkpoint(conn, "PASSIVE")?;
    if frames > TRUNCATE_PAST {
        conn.busy_timeout(TRUNCATE_WAIT).map_err(raw::map_error)?;
        let truncated = checkpoint(conn, "TRUNCATE");
        conn.busy_timeout(super::BUSY_TIMEOUT)
            .map_err(raw::map_error)?;
        truncated?;
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
