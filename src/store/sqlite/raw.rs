//! SQLite driven directly (rusqlite on the same bundled libsqlite3 as sqlx)
//! for the hot paths: the writer's batches and the reads that return many
//! rows. sqlx's SQLite driver runs each connection on a worker thread and
//! sends every row across a channel to the async task; a profile put half a
//! page's time in those hand-offs (docs/design.md §4). Here a whole query
//! runs on one blocking thread, rows are stepped in place, and statements are
//! prepared once per connection.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::types::{Type, Value};
use rusqlite::{Connection, OpenFlags, Row};
use smallvec::SmallVec;
use tokio::sync::Semaphore;

use super::BUSY_TIMEOUT;
use crate::domain::merkle::StoredHashes;
use crate::domain::Record;
use crate::store::backend::rows::HashText;
use crate::store::backend::rows::{
    hash_hex, stored_hash, AuthoredColumns, LinkText, RecordColumns, StoredLink, RECORD_COLUMNS,
};
use crate::store::backend::sql::{position, Fault, Param, Query};
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
            match super::fault(i64::from(failure.extended_code)) {
                Fault::Conflict => StoreError::Conflict(text),
                Fault::Unavailable => StoreError::Unavailable(text),
                Fault::Corrupt => {
                    StoreError::RowAltered(crate::store::backend::sql::damaged(&text))
                }
                Fault::Internal => StoreError::Internal(text),
            }
        }
        _ => StoreError::Internal(e.to_string()),
    }
}

/// A shared statement's values, owned so that they go to the blocking
/// thread with it, and inline up to a filtered page's ten: a page read
/// allocates nothing for them but their text.
pub(super) struct Values(SmallVec<[Value; 12]>);

impl Values {
    pub(super) fn of(query: &Query<'_>) -> Values {
        Values(
            query
                .params()
                .iter()
                .map(|value| match *value {
                    Param::Int(n) => Value::Integer(n),
                    Param::Text(t) => Value::Text(t.to_string()),
                    Param::Bytes(b) => Value::Blob(b.to_vec()),
                })
                .collect(),
        )
    }

    pub(super) fn params(&self) -> impl rusqlite::Params + '_ {
        rusqlite::params_from_iter(self.0.iter())
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
    if !write {
        conn.pragma_update(None, "mmap_size", 1i64 << 30)
            .map_err(map_error)?;
    }
    Ok(conn)
}

/// The record columns of a row selected with `RECORD_COLUMNS`, in order.
pub(super) fn record_columns(row: &Row<'_>) -> rusqlite::Result<RecordColumns> {
    Ok(RecordColumns {
        log_index: row.get(0)?,
        id: row.get(1)?,
        seq: row.get(3)?,
        authored: AuthoredColumns {
            task_id: row.get(2)?,
            kind: row.get(4)?,
            agent_id: row.get(5)?,
            content: row.get(6)?,
            metadata: row.get(7)?,
            capabilities: row.get(8)?,
            session_id: row.get(9)?,
            parent_id: row.get(10)?,
        },
        timestamp: row.get(11)?,
        prev_hash: hash_text(row, 12, &mut [0; 64])?.into_owned(),
        hash: hash_text(row, 13, &mut [0; 64])?.into_owned(),
        content_commitment: optional_hash_text(row, 14)?,
        salt: optional_hash_text(row, 15)?,
        erased_at: row.get(16)?,
        erased_by: row.get(17)?,
        erased_reason: row.get(18)?,
    })
}

/// An optional stored hash (an erasable record's commitment or salt) as hex.
fn optional_hash_text(row: &Row<'_>, i: usize) -> rusqlite::Result<Option<HashText>> {
    if row.get_ref(i)? == rusqlite::types::ValueRef::Null {
        return Ok(None);
    }
    Ok(Some(HashText(
        hash_text(row, i, &mut [0; 64])?.into_owned(),
    )))
}

/// A stored record hash (`hash`, `prev_hash`) as the API writes it: its
/// bytes as hex (`rows::hash_hex`, into `buffer`), or text as it is (a
/// database not yet migrated, read by `fsck`; or a row written by hand, which
/// the chain walk then reports). Anything else fails as `row.get::<String>`
/// would.
pub(super) fn hash_text<'a>(
    row: &'a Row<'_>,
    i: usize,
    buffer: &'a mut [u8; 64],
) -> rusqlite::Result<std::borrow::Cow<'a, str>> {
    use rusqlite::types::ValueRef;
    match row.get_ref(i)? {
        ValueRef::Blob(bytes) => Ok(hash_hex(bytes, buffer)),
        ValueRef::Text(text) => std::str::from_utf8(text)
            .map(Into::into)
            .map_err(|e| rusqlite::Error::FromSqlConversionFailure(i, Type::Text, Box::new(e))),
        other => Err(rusqlite::Error::InvalidColumnType(
            i,
            format!("column {i}"),
            other.data_type(),
        )),
    }
}

/// Every record `sql` selects (with `RECORD_COLUMNS`) for `values`.
pub(super) fn records(
    conn: &Connection,
    sql: &str,
    values: impl rusqlite::Params,
) -> Result<Vec<Record>, StoreError> {
    let mut statement = conn.prepare_cached(sql).map_err(map_error)?;
    // Values are bound by position: a shared statement's `$n` must first
    // appear in order (`store::backend::sql`).
    debug_assert!((1..=statement.parameter_count()).all(|i| statement
        .parameter_name(i)
        .is_none_or(|name| name[1..] == i.to_string())));
    let mut rows = statement.query(values).map_err(map_error)?;
    let mut records = Vec::new();
    while let Some(row) = rows.next().map_err(map_error)? {
        records.push(Record::try_from(record_columns(row).map_err(map_error)?)?);
    }
    Ok(records)
}

/// The record whose `column` (a unique one: id, log_index) is `value`.
pub(super) fn record_where(
    conn: &Connection,
    column: &str,
    value: rusqlite::types::Value,
) -> Result<Option<Record>, StoreError> {
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE {column} = ?");
    Ok(records(conn, &sql, [value])?.pop())
}

/// Wanted stored hashes this close in index order are read by one range scan:
/// stepping to the next row costs a fraction of a fresh b-tree descent. A
/// chain walk's proofs want about a fifth of the hashes in their span; of the
/// gaps 0, 2, 6, 32 and 1,000, those above 2 measured within noise.
const RUN_GAP: i64 = 32;

/// The stored log hashes at `indexes` (those that exist).
pub(super) fn stored_hashes(
    conn: &Connection,
    indexes: &[u64],
) -> Result<StoredHashes, StoreError> {
    // One read transaction for all the lookups: each statement outside one
    // opens and closes its own, and those WAL read locks (fcntl on the -shm
    // file, an fstat) cost more than the lookup (in the chain walk's profile).
    // The writer calls this inside its own transaction, which serves as is.
    let snapshot = if conn.is_autocommit() {
        Some(conn.unchecked_transaction().map_err(map_error)?)
    } else {
        None
    };
    let mut statement = conn
        .prepare_cached("SELECT idx, hash FROM log_hashes WHERE idx BETWEEN ?1 AND ?2 ORDER BY idx")
        .map_err(map_error)?;
    let mut wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
    wanted.sort_unstable();
    wanted.dedup();
    let mut found = StoredHashes::with_capacity_and_hasher(wanted.len(), Default::default());
    let mut runs = wanted.as_slice();
    while let Some(&first) = runs.first() {
        let end = runs
            .windows(2)
            .position(|w| w[1] - w[0] > RUN_GAP)
            .map_or(runs.len(), |i| i + 1);
        let (run, rest) = runs.split_at(end);
        let last = run[run.len() - 1];
        let mut rows = statement.query([first, last]).map_err(map_error)?;
        let mut next = run.iter().peekable();
        while let Some(row) = rows.next().map_err(map_error)? {
            let idx: i64 = row.get(0).map_err(map_error)?;
            while next.next_if(|&&w| w < idx).is_some() {}
            if next.next_if_eq(&&idx).is_some() {
                let bytes = row.get_ref(1).map_err(map_error)?;
                let bytes = bytes.as_blob().map_err(|e| map_error(e.into()))?;
                found.insert(idx as u64, stored_hash(idx as u64, bytes)?);
            }
        }
        runs = rest;
    }
    drop(statement);
    drop(snapshot);
    Ok(found)
}

/// The columns a chain walk hashes, as stored (no validation: the walk
/// reports a tampered row).
pub(super) fn stored_link(row: &Row<'_>) -> rusqlite::Result<StoredLink> {
    // A value that is not text fails as `row.get::<String>` would, naming its column.
    let wrong_type = |i: usize, e| {
        let kind = row.get_ref(i).map(|v| v.data_type());
        rusqlite::Error::FromSqlConversionFailure(i, kind.unwrap_or(Type::Null), Box::new(e))
    };
    let text = |i| row.get_ref(i)?.as_str().map_err(|e| wrong_type(i, e));
    let optional = |i| {
        row.get_ref(i)?
            .as_str_or_null()
            .map_err(|e| wrong_type(i, e))
    };
    let (mut prev_hash, mut hash) = ([0; 64], [0; 64]);
    let (prev_hash, hash) = (
        hash_text(row, 11, &mut prev_hash)?,
        hash_text(row, 12, &mut hash)?,
    );
    let (commitment, salt) = (optional_hash_text(row, 13)?, optional_hash_text(row, 14)?);
    Ok(StoredLink::new(
        row.get::<_, i64>(0)?.max(0) as u64,
        row.get::<_, i64>(1)?.max(0) as u64,
        LinkText {
            id: text(2)?,
            agent_id: text(3)?,
            r#type: text(4)?,
            content: text(5)?,
            metadata: optional(6)?,
            capabilities: optional(7)?,
            session_id: optional(8)?,
            parent_id: optional(9)?,
            timestamp: text(10)?,
            prev_hash: &prev_hash,
            hash: &hash,
            commitment: commitment.as_ref().map(|c| c.0.as_str()),
            salt: salt.as_ref().map(|s| s.0.as_str()),
            erased_at: optional(15)?,
            erased_by: optional(16)?,
            erased_reason: optional(17)?,
        },
    ))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::merkle::Hash;

    #[test]
    fn the_bundled_sqlite_is_built_without_process_wide_mutexes() {
        // .cargo/config.toml's LIBSQLITE3_FLAGS: no memory statistics (a
        // global mutex per allocation) and no shared page-cache group (a
        // global mutex per page fetched), on the writer's and readers' paths.
        let conn = Connection::open_in_memory().unwrap();
        let options: Vec<String> = conn
            .prepare("PRAGMA compile_options")
            .unwrap()
            .query_map([], |row| row.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            options.iter().any(|o| o == "DEFAULT_MEMSTATUS=0"),
            "{options:?}"
        );
        assert!(
            !options.iter().any(|o| o == "ENABLE_MEMORY_MANAGEMENT"),
            "{options:?}"
        );
        // Still the bundled build the schema needs.
        assert!(options.iter().any(|o| o == "ENABLE_FTS5"), "{options:?}");
    }

    #[test]
    fn stored_hashes_finds_each_wanted_index_once_whatever_the_runs() {
        // Rows 0..300 but for a few gaps; wanted indexes close together (one
        // range scan), far apart (one each), repeated, missing, out of order.
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE log_hashes (idx INTEGER PRIMARY KEY, hash BLOB NOT NULL)")
            .unwrap();
        let gaps = [7, 8, 150];
        for idx in (0..300u64).filter(|i| !gaps.contains(i)) {
            conn.execute(
                "INSERT INTO log_hashes VALUES (?, ?)",
                rusqlite::params![idx as i64, vec![idx as u8; 32]],
            )
            .unwrap();
        }
        let wanted = [
            299,
            3,
            5,
            5,
            6,
            7,
            9,
            40,
            41,
            150,
            151,
            200,
            1_000,
            u64::MAX,
        ];
        let found = stored_hashes(&conn, &wanted).unwrap();
        let mut expected: Vec<u64> = wanted
            .iter()
            .copied()
            .filter(|i| *i < 300 && !gaps.contains(i))
            .collect();
        expected.sort_unstable();
        expected.dedup();
        let mut got: Vec<u64> = found.keys().copied().collect();
        got.sort_unstable();
        assert_eq!(got, expected);
        for (idx, hash) in &found {
            assert_eq!(*hash, Hash([*idx as u8; 32]), "index {idx}");
        }
    }
}
