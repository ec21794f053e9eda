//! WAL checkpoints off the writer's thread. SQLite's automatic checkpoint runs
//! in the committing connection, after its commit: the writer would copy WAL
//! pages into the database file and sync it while appends wait. Here the
//! writer's connection does not checkpoint; this thread does, with a
//! connection of its own, in PASSIVE mode (it never blocks the writer or a
//! reader, and copies only what no reader still needs), at most every
//! [`EVERY`]. A page rewritten by many batches in between is copied once.
//! SQLite's own rules keep this safe: the WAL is the durable copy until a
//! checkpoint has synced the database file.

use std::path::Path;
use std::sync::mpsc;
use std::time::Duration;

use super::raw;
use crate::store::StoreError;

/// How often the WAL is copied into the database file, at most.
const EVERY: Duration = Duration::from_millis(250);

/// Stops the checkpointer when dropped (with the writer's storage).
pub(super) struct Checkpointer {
    /// Dropping it ends the thread's wait.
    _stop: mpsc::Sender<()>,
}

/// Starts the checkpointer on the database at `path`.
pub(super) fn start(path: &Path) -> Result<Checkpointer, StoreError> {
    let conn = raw::open(path, true)?;
    let (stop, stopped) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .name("decision-trail-checkpoint".into())
        .spawn(move || loop {
            match stopped.recv_timeout(EVERY) {
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // Stopped: the connection closes; the last one to close
                // checkpoints what is left.
                _ => return,
            }
            let checkpointed = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |row| {
                row.get::<_, i64>(0)
            });
            if let Err(e) = checkpointed {
                // The WAL keeps every commit; the next round tries again.
                tracing::warn!(error = %e, "WAL checkpoint failed");
            }
        })
        .map_err(|e| StoreError::Internal(format!("cannot start the checkpointer: {e}")))?;
    Ok(Checkpointer { _stop: stop })
}
