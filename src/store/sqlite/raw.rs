//! SQLite driven directly (rusqlite on the same bundled libsqlite3 as sqlx)
//! for the hot paths: the writer's batches and the reads that return many
//! rows. sqlx's SQLite driver runs each connection on a worker thread and
//! sends every row across a channel to the async task; the profile of issue
//! 12 put half a page's time in those hand-offs. Here a whole query runs on
//! one blocking thread, rows are stepped in place, and statements are
//! prepared once per connection.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OpenFlags, OptionalExtension, Row};
use tokio::sync::Semaphore;

use super::BUSY_TIMEOUT;
use crate::domain::merkle::Hash;
use crate::domain::Record;
use crate::store::backend::{RecordColumns, StoredLink};
use crate::store::StoreError;

/// Prepared statements each connection keeps (the queries are few; pages
/// with filters add variants).
const STATEMENT_CACHE: usize = 64;

/// Maps driver errors as `super::map_error` does: a rule the write broke, a
/// database that cannot be reached now, or an internal fault.
pub(super) fn map_error(e: rusqlite::Error) -> StoreError {
    match &e {
        rusqlite::Error::SqliteFailure(failure, message) => {
            let text = message.clone().unwrap_or_else(|| failure.to_string());
            match failure.extended_code & 0xff {
                // SQLITE_CONSTRAINT: unique, check, or a RAISE(ABORT) in a trigger.
                19 => StoreError::Conflict(text),
                // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
                5 | 6 | 8 | 10 | 13 | 14 => StoreError::Unavailable(text),
                _ => StoreError::Internal(text),
            }
        }
        _ => StoreError::Internal(e.to_string()),
    }
}

/// Opens a connection to the database file; `write` for the writer's.
pub(super) fn open(path: &Path, write: bool) -> Result<Connection, StoreError> {
    let access = if write {
        OpenFlags::SQLITE_OPEN_READ_WRITE
    } else {
        OpenFlags::SQLITE_OPEN_READ_ONLY
    };
    let conn = Connection::open_with_flags(path, access | OpenFlags::SQLITE_OPEN_NO_MUTEX)
        .map_err(|e| StoreError::Unavailable(format!("cannot open {}: {e}", path.display())))?;
    conn.busy_timeout(BUSY_TIMEOUT).map_err(map_error)?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    Ok(conn)
}

/// The record columns of a row selected with `RECORD_COLUMNS`, in order.
pub(super) fn record_columns(row: &Row<'_>) -> rusqlite::Result<RecordColumns> {
    Ok(RecordColumns {
        log_index: row.get(0)?,
        id: row.get(1)?,
        task_id: row.get(2)?,
        seq: row.get(3)?,
        kind: row.get(4)?,
        agent_id: row.get(5)?,
        content: row.get(6)?,
        metadata: row.get(7)?,
        capabilities: row.get(8)?,
        session_id: row.get(9)?,
        parent_id: row.get(10)?,
        timestamp: row.get(11)?,
        prev_hash: row.get(12)?,
        hash: row.get(13)?,
    })
}

/// Every record `sql` selects (with `RECORD_COLUMNS`) for `values`.
pub(super) fn records(
    conn: &Connection,
    sql: &str,
    values: impl rusqlite::Params,
) -> Result<Vec<Record>, StoreError> {
    let mut statement = conn.prepare_cached(sql).map_err(map_error)?;
    let mut rows = statement.query(values).map_err(map_error)?;
    let mut records = Vec::new();
    while let Some(row) = rows.next().map_err(map_error)? {
        records.push(Record::try_from(record_columns(row).map_err(map_error)?)?);
    }
    Ok(records)
}

/// The record whose `column` (a unique one: id, log_index, hash) is `value`.
pub(super) fn record_where(
    conn: &Connection,
    column: &str,
    value: rusqlite::types::Value,
) -> Result<Option<Record>, StoreError> {
    let sql = format!(
        "SELECT {} FROM thoughts WHERE {column} = ?",
        crate::store::rows::RECORD_COLUMNS
    );
    Ok(records(conn, &sql, [value])?.pop())
}

/// The stored log hashes at `indexes` (those that exist).
pub(super) fn stored_hashes(
    conn: &Connection,
    indexes: &[u64],
) -> Result<HashMap<u64, Hash>, StoreError> {
    let mut statement = conn
        .prepare_cached("SELECT hash FROM log_hashes WHERE idx = ?")
        .map_err(map_error)?;
    let mut found = HashMap::with_capacity(indexes.len());
    // In index order: neighbouring lookups share the b-tree's pages.
    let mut sorted = indexes.to_vec();
    sorted.sort_unstable();
    for idx in sorted {
        let Some(at) = super::position(idx) else {
            continue;
        };
        let bytes: Option<Vec<u8>> = statement
            .query_row([at], |row| row.get(0))
            .optional()
            .map_err(map_error)?;
        if let Some(bytes) = bytes {
            found.insert(idx, super::log::stored_hash(idx, &bytes)?);
        }
    }
    Ok(found)
}

/// The columns a chain walk hashes, as stored (no validation: the walk
/// reports a tampered row).
pub(super) fn stored_link(row: &Row<'_>) -> rusqlite::Result<StoredLink> {
    Ok(StoredLink {
        seq: row.get::<_, i64>(0)?.max(0) as u64,
        log_index: row.get::<_, i64>(1)?.max(0) as u64,
        id: row.get(2)?,
        agent_id: row.get(3)?,
        r#type: row.get(4)?,
        content: row.get(5)?,
        metadata: row.get(6)?,
        capabilities: row.get(7)?,
        session_id: row.get(8)?,
        parent_id: row.get(9)?,
        timestamp: row.get(10)?,
        prev_hash: row.get(11)?,
        hash: row.get(12)?,
    })
}

/// Read-only connections, each used by one blocking thread at a time; made
/// when first needed, kept after.
pub(super) struct ReadPool {
    path: PathBuf,
    /// Connections not in use.
    idle: Arc<Mutex<Vec<Connection>>>,
    /// One permit per connection the pool may hold.
    permits: Arc<Semaphore>,
}

/// How long a read waits for a connection before answering 503.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);

impl ReadPool {
    pub(super) fn new(path: PathBuf, size: u32) -> ReadPool {
        ReadPool {
            path,
            idle: Arc::new(Mutex::new(Vec::new())),
            permits: Arc::new(Semaphore::new(size.max(1) as usize)),
        }
    }

    /// Runs `read` on a blocking thread with a connection of the pool. The
    /// blocking thread gives the connection and its permit back itself, so a
    /// caller that goes away mid-read (a client hanging up) cannot let more
    /// reads run than the pool has connections.
    pub(super) async fn run<T, F>(&self, read: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        let permit = tokio::time::timeout(ACQUIRE_TIMEOUT, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| StoreError::Unavailable("no database connection is free".into()))?
            .map_err(|_| StoreError::Unavailable("the database is closed".into()))?;
        let idle = self.idle.clone();
        let permits = self.permits.clone();
        let path = self.path.clone();
        tokio::task::spawn_blocking(move || {
            let kept = idle
                .lock()
                .expect("the pool's lock is never poisoned")
                .pop();
            let conn = match kept {
                Some(conn) => conn,
                None => open(&path, false)?,
            };
            // A read that panics loses its connection; a later one opens one.
            let answer = read(&conn);
            if !permits.is_closed() {
                idle.lock()
                    .expect("the pool's lock is never poisoned")
                    .push(conn);
            }
            drop(permit);
            answer
        })
        .await
        .map_err(|e| StoreError::Internal(format!("a read failed: {e}")))?
    }

    /// Closes the idle connections; later reads are refused (503), and a
    /// read still running closes its connection when it ends.
    pub(super) fn close(&self) {
        self.permits.close();
        self.idle
            .lock()
            .expect("the pool's lock is never poisoned")
            .clear();
    }
}
