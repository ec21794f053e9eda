//! The writer's connection and transactions. Each batch: BEGIN, the log's
//! advisory lock, the log's size as committed (another replica may have
//! moved it), the heads and idempotency keys it needs, its rows, COMMIT.
//! A connection that fails is dropped and the next batch connects again, so
//! a database restart costs the batches in flight (503s), not a restart of
//! the service.

use std::time::Duration;

use futures_util::future::BoxFuture;
use sqlx::postgres::PgConnectOptions;
use sqlx::{Connection, PgConnection, Row};

use super::rows::IdempotencyRow;
use super::write::{bounded, erase, hold, insert_records, insert_the_rest};
use super::{map_error, LOG_LOCK};
use crate::domain::checkpoint::note_checkpoint;
use crate::domain::merkle::{leaf_data, leaf_hash, stored_leaf_index, Frontier, StoredHashes};
use crate::domain::Record;
use crate::store::backend::rows::{hash_bytes, head, stored_hash, RECORD_COLUMNS};
use crate::store::backend::sql::{Db, Param, Query};
use crate::store::backend::{
    breaks_connection, Answer, BatchError, BatchStorage, IndexRow, IndexStorage, Loaded,
    LogOpening, Moved, PlannedBatch, Wanted,
};
use crate::store::{check::log as log_check, log::rows as log_rows};
use crate::store::{SignedCheckpoint, StoreError};

/// Most stored hashes a batch reads to catch up with other replicas' appends
/// (about two per record); past it, the frontier is read at the new size.
const CATCH_UP_HASHES: usize = 8192;

/// How often, and how far apart, a commit's outcome is asked for on a fresh
/// connection before it is called unknown.
const LANDED_ATTEMPTS: usize = 3;
const LANDED_PAUSE: Duration = Duration::from_millis(500);

/// How long that question waits for the failed commit's transaction to end
/// on the server (the log's lock).
const LANDED_LOCK_WAIT: Duration = Duration::from_secs(5);

/// The writer's connection, made again after a failure.
pub(super) struct PgBatches {
    options: PgConnectOptions,
    /// How long connecting may take before the batch fails (503).
    connect_timeout: Duration,
    /// None after a failure, until the next call connects.
    conn: Option<PgConnection>,
    /// The longest a COMMIT may wait for its answer (the statement timeout;
    /// None: no bound): a commit waiting on a synchronous standby, or on a
    /// network gone silent, does not hold the only writer forever. Its
    /// outcome is then learned as any lost commit's is (`landed`).
    commit_wait: Option<Duration>,
    /// The server's clock as the open batch's `begin` read it (Unix ms).
    clock_ms: Option<i64>,
}

impl PgBatches {
    pub(super) fn new(
        options: PgConnectOptions,
        connect_timeout: Duration,
        commit_wait: Duration,
    ) -> PgBatches {
        PgBatches {
            options,
            connect_timeout,
            conn: None,
            commit_wait: (!commit_wait.is_zero()).then_some(commit_wait),
            clock_ms: None,
        }
    }

    /// The connection, connecting when there is none.
    pub(super) async fn connection(&mut self) -> Result<&mut PgConnection, StoreError> {
        if self.conn.is_none() {
            let connected = tokio::time::timeout(
                self.connect_timeout,
                PgConnection::connect_with(&self.options),
            )
            .await
            .map_err(|_| {
                StoreError::Unavailable(format!(
                    "no connection to PostgreSQL within {:?}",
                    self.connect_timeout
                ))
            })?
            .map_err(map_error)?;
            self.conn = Some(connected);
        }
        Ok(self.conn.as_mut().expect("connected above"))
    }

    /// The connection of the batch in progress: never made again here, as a
    /// new connection would run the rest of the batch outside its
    /// transaction and its lock.
    fn in_batch(&mut self) -> Result<&mut PgConnection, StoreError> {
        self.conn.as_mut().ok_or_else(|| {
            StoreError::Unavailable("the connection to PostgreSQL was lost during the batch".into())
        })
    }

    /// Runs one statement on the connection there is (a batch's, or one
    /// just made), settling its result.
    async fn execute(&mut self, query: Query<'_>) -> Result<(), StoreError> {
        let conn = self.in_batch()?;
        let result = Db::Pg(conn).execute(&query).await.map(drop);
        self.settle(result)
    }

    /// Passes a result on; a failure that may have broken the connection
    /// drops it, so that the next call starts on a fresh one.
    fn settle<T>(&mut self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if result.as_ref().is_err_and(breaks_connection) {
            self.connection_lost();
        }
        result
    }
}

impl BatchStorage for PgBatches {
    fn open_log<'a>(
        &'a mut self,
        opening: LogOpening<'a>,
    ) -> Answer<'a, (Frontier, SignedCheckpoint, bool)> {
        Box::pin(async move {
            let conn = self.connection().await?;
            // Under the log's lock: replicas may start together.
            let result = async {
                sqlx::Executor::execute(&mut *conn, locked_transaction().as_str())
                    .await
                    .map_err(map_error)?;
                let opened = log_check::open(Db::Pg(&mut *conn), opening).await;
                let end = if opened.is_ok() { "COMMIT" } else { "ROLLBACK" };
                Db::Pg(conn).execute(&Query::new(end)).await?;
                opened
            }
            .await;
            self.settle(result)
        })
    }

    fn between_batches(&mut self) -> Answer<'_, Db<'_>> {
        Box::pin(async move { Ok(Db::Pg(self.connection().await?)) })
    }

    fn connection_lost(&mut self) {
        self.conn = None;
    }

    fn probe(&mut self) -> Answer<'_, ()> {
        // The database answers on the writer's connection (connecting again if
        // it was lost). Its disk is the database server's to watch.
        Box::pin(async move {
            self.connection().await?;
            self.execute(Query::new("SELECT 1")).await
        })
    }

    fn database_clock_ms(&self) -> Option<i64> {
        self.clock_ms
    }

    fn begin<'a>(&'a mut self, known: &'a Frontier) -> Answer<'a, Option<Moved>> {
        Box::pin(async move {
            let conn = self.connection().await?;
            let mut clock = None;
            let clock_read = &mut clock;
            let result = async {
                // One round trip (the simple protocol takes several
                // statements): the transaction; the log's lock, held to the
                // commit, so no other replica moves a head or the log in
                // between and every read after it sees their commits; the
                // log's size as committed; the stored hashes written since
                // `known` (tlog writes them in index order), up to a bound;
                // and the newest checkpoint row's note, which must cover
                // them. The numbers are this process's own integers.
                let since = stored_leaf_index(known.size());
                let sql = format!(
                    "{}; SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts; \
                     SELECT idx, hash FROM log_hashes WHERE idx >= {since} ORDER BY idx LIMIT {}; \
                     SELECT note, tree_size, 0 FROM checkpoints ORDER BY tree_size DESC LIMIT 1; \
                     SELECT log_index, agent_id, hash, 0, 0 FROM thoughts WHERE log_index >= {} \
                     ORDER BY log_index LIMIT {}; \
                     SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint, 0, 0, 0",
                    locked_transaction(),
                    CATCH_UP_HASHES + 1,
                    known.size(),
                    CATCH_UP_HASHES + 1
                );
                let rows = sqlx::Executor::fetch_all(&mut *conn, sql.as_str())
                    .await
                    .map_err(map_error)?;
                // The lock's row and the size's have one column; hashes two;
                // the note three; the clock four; the new records' leaves five.
                let size: i64 = rows
                    .iter()
                    .rfind(|r| r.len() == 1)
                    .ok_or_else(|| StoreError::Internal("the log size was not read".into()))?
                    .try_get(0)
                    .map_err(map_error)?;
                let size = size as u64;
                let clock: Option<i64> = match rows.iter().find(|r| r.len() == 4) {
                    Some(row) => Some(row.try_get(0).map_err(map_error)?),
                    None => None,
                };
                *clock_read = clock;
                let note: Option<String> = match rows.iter().find(|r| r.len() == 3) {
                    Some(row) => Some(row.try_get(0).map_err(map_error)?),
                    None => None,
                };
                if size == known.size() {
                    // The size alone is not trusted: the newest checkpoint
                    // row of this size must sign this writer's root (a log
                    // rolled back and grown again by another writer has the
                    // size and another root).
                    let signed = note.as_deref().and_then(|n| note_checkpoint(n).ok());
                    return Ok(match signed {
                        Some((at, root)) if at == size && root != known.root() => Some(Moved {
                            size,
                            note,
                            frontier: Err(format!(
                                "the newest checkpoint row signs another root for the \
                                 {size} records than the log this writer holds"
                            )),
                        }),
                        _ => None,
                    });
                }
                let hashes: Vec<&sqlx::postgres::PgRow> =
                    rows.iter().filter(|r| r.len() == 2).collect();
                let frontier = if size < known.size() {
                    Err(format!("the log shrank from {} to {size}", known.size()))
                } else if hashes.len() <= CATCH_UP_HASHES {
                    let mut since = StoredHashes::default();
                    for row in hashes {
                        let idx: i64 = row.try_get(0).map_err(map_error)?;
                        let bytes: Vec<u8> = row.try_get(1).map_err(map_error)?;
                        since.insert(idx as u64, stored_hash(idx as u64, &bytes)?);
                    }
                    // Every new leaf must be its record's: a row rewritten
                    // under the stored hashes is no replica's append.
                    let mut leaves_match = Ok(());
                    for row in rows.iter().filter(|r| r.len() == 5) {
                        let idx: i64 = row.try_get(0).map_err(map_error)?;
                        let agent_id: String = row.try_get(1).map_err(map_error)?;
                        let hash: Vec<u8> = row.try_get(2).map_err(map_error)?;
                        let leaf = leaf_hash(&leaf_data(&agent_id, &hex::encode(&hash)));
                        if since.get(&stored_leaf_index(idx as u64)) != Some(&leaf) {
                            leaves_match = Err(format!(
                                "the stored leaf at log_index {idx} is not that of its record"
                            ));
                            break;
                        }
                    }
                    leaves_match
                        .and_then(|()| known.advanced(size, &since).map_err(|e| e.to_string()))
                } else {
                    // Far behind: read the O(log n) hashes of the new size.
                    match log_rows::frontier_at(Db::Pg(conn), size).await {
                        Err(e @ StoreError::Unavailable(_)) => return Err(e),
                        read => read.map_err(|e| e.to_string()),
                    }
                };
                Ok(Some(Moved {
                    size,
                    note,
                    frontier,
                }))
            }
            .await;
            self.clock_ms = clock;
            self.settle(result)
        })
    }

    fn load<'a>(&'a mut self, wanted: Wanted<'a>) -> Answer<'a, Loaded> {
        Box::pin(async move {
            let conn = self.in_batch()?;
            let result = async {
                let mut loaded = Loaded::default();
                let Wanted {
                    tasks,
                    idempotency,
                    now_ms,
                } = wanted;
                if !tasks.is_empty() {
                    // Each head from its chain (the last record, one index
                    // descent each), never from the task's summary row.
                    let rows: Vec<(String, i64, Vec<u8>, String)> = sqlx::query_as(
                        "SELECT t.task_id, l.seq, l.hash, l.timestamp \
                         FROM UNNEST($1::text[]) AS t(task_id) CROSS JOIN LATERAL \
                         (SELECT seq, hash, timestamp FROM thoughts \
                          WHERE task_id = t.task_id ORDER BY seq DESC LIMIT 1) l",
                    )
                    .bind(tasks)
                    .fetch_all(&mut *conn)
                    .await
                    .map_err(map_error)?;
                    for (task_id, seq, hash, last_timestamp) in rows {
                        let head = head(seq + 1, hex::encode(hash), last_timestamp);
                        loaded.heads.insert(task_id, head);
                    }
                }
                if !idempotency.is_empty() {
                    // Every key of the batch and the record each created, in
                    // one round trip (the lock is held).
                    let scopes: Vec<&str> = idempotency.iter().map(|i| i.scope.as_str()).collect();
                    let keys: Vec<&str> = idempotency
                        .iter()
                        .map(|i| i.idempotency_key.as_str())
                        .collect();
                    let sql = format!(
                        "SELECT i.scope, i.key, i.fingerprint, {} \
                         FROM idempotency i JOIN thoughts t ON t.id = i.record_id \
                         WHERE (i.scope, i.key) IN (SELECT * FROM UNNEST($1::text[], $2::text[])) \
                         AND i.expires_at > $3",
                        RECORD_COLUMNS
                            .split(", ")
                            .map(|c| format!("t.{c}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                    let found: Vec<IdempotencyRow> = sqlx::query_as(&sql)
                        .bind(&scopes)
                        .bind(&keys)
                        .bind(now_ms)
                        .fetch_all(&mut *conn)
                        .await
                        .map_err(map_error)?;
                    for row in found {
                        let (scoped, stored) = row.into_entry()?;
                        loaded.idempotency.insert(scoped, stored);
                    }
                }
                Ok(loaded)
            }
            .await;
            self.settle(result)
        })
    }

    fn write<'a>(
        &'a mut self,
        batch: &'a PlannedBatch<'a>,
    ) -> BoxFuture<'a, Result<Vec<IndexRow>, BatchError>> {
        Box::pin(async move {
            let conn = self.in_batch().map_err(BatchError::Batch)?;
            let written = match insert_records(conn, &batch.records).await {
                Err(StoreError::Conflict(e)) => Err(BatchError::Record(StoreError::Conflict(e))),
                Err(e) => Err(BatchError::Batch(e)),
                Ok(()) => match async {
                    erase(conn, &batch.erasures).await?;
                    hold(conn, &batch.holds).await
                }
                .await
                {
                    Err(e) => Err(e),
                    // A rule those rows break is no caller's doing: not a 409.
                    Ok(()) => insert_the_rest(conn, batch).await.map_err(|e| {
                        BatchError::Batch(match e {
                            StoreError::Conflict(m) => StoreError::Internal(m),
                            other => other,
                        })
                    }),
                },
            };
            if let Err(BatchError::Batch(StoreError::Unavailable(_) | StoreError::Internal(_))) =
                &written
            {
                self.conn = None;
            }
            // An erasure empties its record's search row in this transaction.
            written.map(|()| Vec::new())
        })
    }

    fn purge_idempotency(&mut self, now_ms: i64, latest_ms: i64) -> Answer<'_, ()> {
        Box::pin(async move {
            self.execute(
                Query::new("DELETE FROM idempotency WHERE expires_at <= $1")
                    .bind(Param::Int(now_ms)),
            )
            .await?;
            self.execute(
                Query::new("UPDATE idempotency SET expires_at = $1 WHERE expires_at > $1")
                    .bind(Param::Int(latest_ms)),
            )
            .await
        })
    }

    fn commit(&mut self) -> Answer<'_, ()> {
        Box::pin(async move {
            // The simple protocol: one `Q` message, the same bytes each time.
            let wait = self.commit_wait;
            let conn = self.in_batch()?;
            let commit = sqlx::Executor::execute(&mut *conn, "COMMIT");
            let result = bounded(wait, commit, "no answer to COMMIT").await;
            self.settle(result)
        })
    }

    fn landed<'a>(&'a mut self, log_index: u64, hash: &'a str) -> Answer<'a, bool> {
        Box::pin(async move {
            let want = hash_bytes(hash)?;
            let wait = self.commit_wait;
            // The old connection may be half gone: never trusted again.
            self.conn = None;
            let mut last = None;
            for attempt in 0..LANDED_ATTEMPTS {
                if attempt > 0 {
                    tokio::time::sleep(LANDED_PAUSE).await;
                }
                let result = async {
                    let conn = self.connection().await?;
                    // The log's lock is free only once the failed commit's
                    // transaction has ended, committed or rolled back, on
                    // the server: the read after it sees the outcome.
                    let sql = format!(
                        "{}; SET LOCAL lock_timeout = '{}s'; SELECT pg_advisory_xact_lock({LOG_LOCK})",
                        "BEGIN ISOLATION LEVEL READ COMMITTED",
                        LANDED_LOCK_WAIT.as_secs()
                    );
                    sqlx::Executor::execute(&mut *conn, sql.as_str())
                        .await
                        .map_err(map_error)?;
                    let stored: Option<(Vec<u8>,)> =
                        sqlx::query_as("SELECT hash FROM thoughts WHERE log_index = $1")
                            .bind(log_index as i64)
                            .fetch_optional(&mut *conn)
                            .await
                            .map_err(map_error)?;
                    sqlx::Executor::execute(&mut *conn, "ROLLBACK")
                        .await
                        .map_err(map_error)?;
                    let landed = stored.is_some_and(|(h,)| h == want);
                    if landed {
                        // Committed, but maybe on the primary alone (a wait
                        // for the synchronous standby cut short commits
                        // locally). A commit of this session after it waits
                        // until the standby holds everything before it too:
                        // only then is the batch as durable as any other.
                        let flush =
                            sqlx::Executor::execute(&mut *conn, "BEGIN; SELECT txid_current(); COMMIT");
                        bounded(wait, flush, "the commit landed, but no later commit was confirmed")
                            .await?;
                    }
                    Ok(landed)
                }
                .await;
                match self.settle(result) {
                    Ok(landed) => return Ok(landed),
                    Err(e) => last = Some(e),
                }
            }
            Err(last.expect("at least one attempt"))
        })
    }

    fn rollback(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if let Some(conn) = self.conn.as_mut() {
                if sqlx::query("ROLLBACK").execute(&mut *conn).await.is_err() {
                    self.conn = None;
                }
            }
        })
    }

    fn after_erasure(&mut self) -> Answer<'_, ()> {
        // The row was rewritten in place of the old one; what PostgreSQL
        // keeps of the old version until VACUUM is said in docs/design.md §12.
        Box::pin(async { Ok(()) })
    }

    fn close(self: Box<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            if let Some(conn) = self.conn {
                if let Err(e) = conn.close().await {
                    tracing::warn!(error = %e, "closing the write connection failed");
                }
            }
        })
    }
}

/// Opens a batch's transaction and takes the log's lock, held to the commit
/// (one simple-protocol string: its statements go in one round trip).
fn locked_transaction() -> String {
    format!("BEGIN ISOLATION LEVEL READ COMMITTED; SELECT pg_advisory_xact_lock({LOG_LOCK})")
}

/// The indexer's connection is a `PgBatches` of its own (docs/design.md §7):
/// its transactions hold the progress row's lock, never the log's.
impl IndexStorage for PgBatches {
    fn index_begin(&mut self) -> Answer<'_, (Option<u64>, u64)> {
        Box::pin(async move {
            let conn = self.connection().await?;
            // The progress row's lock: one replica's indexer at a time, and
            // an erasure (which takes it too) never interleaves with one.
            let result = async {
                sqlx::Executor::execute(&mut *conn, "BEGIN ISOLATION LEVEL READ COMMITTED")
                    .await
                    .map_err(map_error)?;
                let indexed: Option<(i64,)> =
                    sqlx::query_as("SELECT indexed_size FROM search_progress FOR UPDATE")
                        .fetch_optional(&mut *conn)
                        .await
                        .map_err(map_error)?;
                let (size,): (i64,) =
                    sqlx::query_as("SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
                        .fetch_one(&mut *conn)
                        .await
                        .map_err(map_error)?;
                Ok((indexed.map(|(i,)| i.max(0) as u64), size as u64))
            }
            .await;
            self.settle(result)
        })
    }

    fn index_reset(&mut self) -> Answer<'_, ()> {
        Box::pin(async move {
            let conn = self.in_batch()?;
            let result = async {
                sqlx::query("DELETE FROM thoughts_search")
                    .execute(&mut *conn)
                    .await?;
                sqlx::query(
                    "INSERT INTO search_progress (id, indexed_size) VALUES (1, 0) \
                     ON CONFLICT (id) DO UPDATE SET indexed_size = 0",
                )
                .execute(&mut *conn)
                .await
                .map(drop)
            }
            .await
            .map_err(map_error);
            self.settle(result)
        })
    }

    fn index_read(&mut self, from: u64, limit: usize) -> Answer<'_, Vec<Record>> {
        Box::pin(async move {
            let conn = self.in_batch()?;
            let sql = format!(
                "SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index >= $1 \
                 ORDER BY log_index LIMIT $2"
            );
            let rows: Result<Vec<super::rows::RecordRow>, _> = sqlx::query_as(&sql)
                .bind(from as i64)
                .bind(limit as i64)
                .fetch_all(&mut *conn)
                .await
                .map_err(map_error);
            let rows = self.settle(rows)?;
            super::rows::records(rows)
        })
    }

    fn index_write<'a>(&'a mut self, rows: &'a [IndexRow], indexed: u64) -> Answer<'a, Vec<u64>> {
        Box::pin(async move {
            // An erased record's words never reach the index, whatever
            // document was kept for it (another replica may have erased it;
            // every erasure takes the progress row's lock this step holds).
            let conn = self.in_batch()?;
            let indexes: Vec<i64> = rows.iter().map(|(i, _)| *i as i64).collect();
            let documents: Vec<&str> = rows.iter().map(|(_, d)| d.content.as_str()).collect();
            let result = sqlx::query(
                "WITH search AS (\
                    INSERT INTO thoughts_search (log_index, doc) \
                    SELECT u.i, CASE WHEN t.erased_at IS NULL THEN u.d::tsvector \
                        ELSE ''::tsvector END \
                    FROM UNNEST($1::bigint[], $2::text[]) AS u(i, d) \
                    JOIN thoughts t ON t.log_index = u.i) \
                 UPDATE search_progress SET indexed_size = $3",
            )
            .bind(&indexes)
            .bind(&documents)
            .bind(indexed as i64)
            .execute(&mut *conn)
            .await
            .map(drop)
            .map_err(map_error);
            // An erasure empties its row in its own transaction.
            self.settle(result).map(|()| Vec::new())
        })
    }

    fn index_erase<'a>(&'a mut self, _erased: &'a [IndexRow]) -> Answer<'a, ()> {
        // An erasure empties its record's search row in its own transaction.
        Box::pin(async { Ok(()) })
    }

    fn commit(&mut self) -> Answer<'_, ()> {
        BatchStorage::commit(self)
    }

    fn rollback(&mut self) -> BoxFuture<'_, ()> {
        BatchStorage::rollback(self)
    }

    fn close(self: Box<Self>) -> BoxFuture<'static, ()> {
        BatchStorage::close(self)
    }
}
