//! The SQLite store: one file in WAL mode; a writer task that owns the only write
//! connection and appends one record per transaction (`BEGIN IMMEDIATE`, so the
//! chain head it reads cannot move before it commits); a read-only pool for reads.

use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use futures_util::TryStreamExt;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePool, SqlitePoolOptions,
    SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection, FromRow};
use tokio::sync::{mpsc, oneshot, watch, Mutex, OwnedSemaphorePermit, Semaphore};
use tokio::task::JoinHandle;

use super::cache::RecordCache;
use super::{
    signing, Appended, ChainVerdict, Claim, Page, Scope, Seams, SignedCheckpoint, StoreConfig,
    StoreError, Synchronous, TaskSummary,
};
use crate::domain::chain::{self, ChainHead, ChainWalk};
use crate::domain::checkpoint::LogKey;
use crate::domain::cursor::{self, CursorKind};
use crate::domain::merkle::{leaf_input, Frontier, Hash, LogQuery};
use crate::domain::{HashInput, Metadata, NewThought, Record, ThoughtType};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// How long a statement waits for a lock held by another process before failing.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Records kept by id for reads, and their bytes at most.
const RECENT_RECORDS: usize = 16_384;
const RECENT_BYTES: usize = 32 * 1024 * 1024;

/// Most appends committed in one transaction.
const MAX_BATCH: usize = 1024;

/// Chain heads the writer keeps; past this the cache starts over (a miss costs
/// one indexed read).
const MAX_CACHED_HEADS: usize = 100_000;

const RECORD_COLUMNS: &str =
    "log_index, id, task_id, seq, type, agent_id, content, metadata, timestamp, prev_hash, hash";

enum Job {
    Append(Box<Pending>),
    Shutdown,
}

/// An append waiting for the writer. Its permit holds its bytes' place in the
/// queue's byte budget until it is answered.
struct Pending {
    draft: NewThought,
    claim: Option<Claim>,
    reply: oneshot::Sender<Result<Appended, StoreError>>,
    _permit: OwnedSemaphorePermit,
}

pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// Bytes of appends queued; with the channel's bound, what keeps the queue
    /// from growing without limit.
    queued_bytes: Arc<Semaphore>,
    reads: SqlitePool,
    writer: Mutex<Option<JoinHandle<()>>>,
    /// The newest checkpoint; the writer publishes each one before answering
    /// the appends it covers.
    latest: watch::Receiver<Arc<SignedCheckpoint>>,
    verifier_key: String,
    /// Recent records by id (immutable, so never stale).
    recent: RecordCache,
}

/// What the writer keeps of the log between appends.
struct Log {
    frontier: Frontier,
    key: LogKey,
    origin: String,
    latest: watch::Sender<Arc<SignedCheckpoint>>,
}

impl Store {
    /// Opens (creating if missing) the database, applies migrations, starts the writer.
    pub async fn open(config: &StoreConfig) -> Result<Store, StoreError> {
        Store::open_with(config, Seams::default()).await
    }

    /// As [`Store::open`], with the id and clock seams replaced.
    pub async fn open_with(config: &StoreConfig, seams: Seams) -> Result<Store, StoreError> {
        let base = connect_options(&config.database_url)?;
        let path = base.get_filename().to_path_buf();
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| {
                StoreError::Unavailable(format!("cannot create directory {}: {e}", dir.display()))
            })?;
        }
        let write_options = base
            .clone()
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(match config.synchronous {
                Synchronous::Full => SqliteSynchronous::Full,
                Synchronous::Normal => SqliteSynchronous::Normal,
                Synchronous::Extra => SqliteSynchronous::Extra,
            })
            .busy_timeout(BUSY_TIMEOUT)
            // The index pages every append touches stay in memory (32 MiB).
            .pragma("cache_size", "-32768")
            .disable_statement_logging();
        let mut writer = SqliteConnection::connect_with(&write_options)
            .await
            .map_err(|e| open_error(&path, e))?;
        verify_durability(&mut writer, config.synchronous).await?;
        MIGRATOR
            .run(&mut writer)
            .await
            .map_err(|e| StoreError::Internal(format!("migrations failed: {e}")))?;
        let (key, key_path) =
            signing::load_or_generate(config.signing_key.as_deref(), &path, &config.origin)?;
        tracing::info!(key = %key.verifier_key(), path = %key_path.display(), origin = %config.origin, "log signing key");
        let verifier_key = key.verifier_key().to_string();
        let (frontier, latest) = open_log(&mut writer, &key, &config.origin).await?;
        let (publish, latest_rx) = watch::channel(Arc::new(latest));
        let log = Log {
            frontier,
            key,
            origin: config.origin.clone(),
            latest: publish,
        };
        let read_options = base
            .read_only(true)
            .busy_timeout(BUSY_TIMEOUT)
            .disable_statement_logging();
        let reads = SqlitePoolOptions::new()
            .max_connections(config.read_connections.max(1))
            .acquire_timeout(Duration::from_secs(5))
            .connect_with(read_options)
            .await
            .map_err(|e| open_error(&path, e))?;
        let (jobs, queue) = mpsc::channel(config.queue_capacity.max(1));
        let handle = tokio::spawn(run_writer(
            writer,
            queue,
            seams,
            log,
            Claims::new(config.idempotency_ttl),
        ));
        Ok(Store {
            jobs,
            queued_bytes: Arc::new(Semaphore::new(
                config.queue_bytes.clamp(1, u32::MAX as usize),
            )),
            reads,
            writer: Mutex::new(Some(handle)),
            latest: latest_rx,
            verifier_key,
            recent: RecordCache::new(RECENT_RECORDS, RECENT_BYTES),
        })
    }

    /// Appends a record to its task's chain; answers after the commit that holds
    /// it. When the queue is full (in appends or bytes) it refuses at once with
    /// `Busy` rather than queueing without limit.
    ///
    /// With a `claim` (an idempotency key), a request already answered, or still
    /// in the writer's queue, with the same key and fingerprint gets that
    /// record back (`replayed`) instead of a new one; the same key with another
    /// fingerprint is refused (`KeyReused`). The key is stored in the
    /// transaction that stores the record, so a crash keeps both or neither.
    pub async fn append(
        &self,
        draft: NewThought,
        claim: Option<Claim>,
    ) -> Result<Appended, StoreError> {
        let size = draft.content.len()
            + draft.task_id.len()
            + draft.agent_id.len()
            + draft.metadata.as_ref().map_or(0, |m| m.canonical().len())
            + 256;
        let permit = self
            .queued_bytes
            .clone()
            .try_acquire_many_owned(u32::try_from(size).unwrap_or(u32::MAX))
            .map_err(|_| StoreError::Busy("the append queue is full".into()))?;
        let (reply, answer) = oneshot::channel();
        let job = Job::Append(Box::new(Pending {
            draft,
            claim,
            reply,
            _permit: permit,
        }));
        self.jobs.try_send(job).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                StoreError::Busy("the append queue is full".into())
            }
            mpsc::error::TrySendError::Closed(_) => {
                StoreError::Unavailable("the writer has stopped".into())
            }
        })?;
        let appended = answer
            .await
            .map_err(|_| StoreError::Unavailable("the writer stopped before answering".into()))??;
        // Committed: agents read back what they just wrote, so keep it at hand.
        self.recent.put(&appended.record);
        Ok(appended)
    }

    /// Finishes the appends already queued, then stops the writer and closes the
    /// database. Appends after this are refused as unavailable.
    pub async fn close(&self) {
        let _ = self.jobs.send(Job::Shutdown).await;
        if let Some(handle) = self.writer.lock().await.take() {
            let _ = handle.await;
        }
        self.reads.close().await;
    }

    /// True when the writer runs and a read connection answers.
    pub async fn ready(&self) -> Result<(), StoreError> {
        if self.jobs.is_closed() {
            return Err(StoreError::Unavailable("the writer has stopped".into()));
        }
        sqlx::query("SELECT 1")
            .execute(&self.reads)
            .await
            .map(|_| ())
            .map_err(map_error)
    }

    /// The newest signed checkpoint: it covers every acknowledged append.
    pub fn latest_checkpoint(&self) -> Arc<SignedCheckpoint> {
        self.latest.borrow().clone()
    }

    /// The log's verifier key, in signed-note format.
    pub fn verifier_key(&self) -> &str {
        &self.verifier_key
    }

    /// The checkpoint signed at `tree_size`, if the log signed one at that size.
    pub async fn checkpoint(&self, tree_size: u64) -> Result<Option<SignedCheckpoint>, StoreError> {
        let row: Option<(i64, Vec<u8>, String)> =
            sqlx::query_as("SELECT tree_size, root, note FROM checkpoints WHERE tree_size = ?")
                .bind(tree_size as i64)
                .fetch_optional(&self.reads)
                .await
                .map_err(map_error)?;
        row.map(checkpoint_from_row).transpose()
    }

    /// Answers log queries (validated by the caller against a signed size) with
    /// one read of the O(log n) stored hashes they need.
    pub async fn log_answers(&self, queries: &[LogQuery]) -> Result<Vec<Vec<Hash>>, StoreError> {
        let mut indexes: Vec<u64> = queries.iter().flat_map(LogQuery::indexes).collect();
        indexes.sort_unstable();
        indexes.dedup();
        let known = read_stored_hashes(&self.reads, &indexes).await?;
        queries
            .iter()
            .map(|q| {
                q.answer(&known)
                    .map_err(|e| StoreError::Internal(format!("log: {e}")))
            })
            .collect()
    }

    /// The record at leaf `log_index` of the log.
    pub async fn record_at(&self, log_index: u64) -> Result<Option<Record>, StoreError> {
        let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index = ?");
        let row: Option<RecordRow> = sqlx::query_as(&sql)
            .bind(log_index as i64)
            .fetch_optional(&self.reads)
            .await
            .map_err(map_error)?;
        row.map(Record::try_from).transpose()
    }

    /// The newest checkpoint that covers leaf `log_index`. The writer publishes a
    /// checkpoint before it answers, but a reader can see a committed record a
    /// moment before that; the checkpoint committed with it is then read back.
    pub async fn checkpoint_covering(
        &self,
        log_index: u64,
    ) -> Result<SignedCheckpoint, StoreError> {
        let latest = self.latest_checkpoint();
        if log_index < latest.tree_size {
            return Ok((*latest).clone());
        }
        let row: Option<(i64, Vec<u8>, String)> = sqlx::query_as(
            "SELECT tree_size, root, note FROM checkpoints ORDER BY tree_size DESC LIMIT 1",
        )
        .fetch_optional(&self.reads)
        .await
        .map_err(map_error)?;
        row.map(checkpoint_from_row)
            .transpose()?
            .filter(|c| log_index < c.tree_size)
            .ok_or_else(|| StoreError::Internal(format!("no checkpoint covers leaf {log_index}")))
    }

    pub async fn record_by_hash(&self, hash: &str) -> Result<Option<Record>, StoreError> {
        let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE hash = ?");
        let row: Option<RecordRow> = sqlx::query_as(&sql)
            .bind(hash)
            .fetch_optional(&self.reads)
            .await
            .map_err(map_error)?;
        row.map(Record::try_from).transpose()
    }

    /// Walks a task's chain as stored, recomputing every hash, in constant
    /// memory; None when the task has no records. Rows stream from the driver's
    /// thread while this one hashes, which is faster than reading in pages.
    pub async fn verify_chain(&self, task_id: &str) -> Result<Option<ChainVerdict>, StoreError> {
        let mut rows = sqlx::query_as::<_, WalkRow>(
            "SELECT seq, id, type, content, metadata, timestamp, prev_hash, hash \
             FROM thoughts WHERE task_id = ? ORDER BY seq",
        )
        .bind(task_id)
        .fetch(&self.reads);
        let mut walk = ChainWalk::new();
        while let Some(row) = rows.try_next().await.map_err(map_error)? {
            let input = HashInput {
                id: &row.id,
                r#type: &row.kind,
                task_id,
                content: &row.content,
                timestamp: &row.timestamp,
                prev_hash: &row.prev_hash,
                metadata: row.metadata.as_deref(),
            };
            let seq = row.seq.max(0) as u64;
            if let Err(at) = walk.step(Some(seq), &input, &row.hash) {
                return Ok(Some(ChainVerdict::Broken { at, seq }));
            }
        }
        Ok((walk.length() > 0).then(|| ChainVerdict::Valid {
            length: walk.length(),
            head_hash: walk.head_hash().to_string(),
        }))
    }

    /// Up to `limit` records of a task's chain after `after_seq` that are in the
    /// tree of `tree_size`, each with its inclusion proof in that tree.
    pub async fn export_page(
        &self,
        task_id: &str,
        tree_size: u64,
        after_seq: i64,
        limit: u32,
    ) -> Result<Vec<(Record, Vec<Hash>)>, StoreError> {
        let sql = format!(
            "SELECT {RECORD_COLUMNS} FROM thoughts \
             WHERE task_id = ? AND seq > ? AND log_index < ? ORDER BY seq LIMIT ?"
        );
        let rows: Vec<RecordRow> = sqlx::query_as(&sql)
            .bind(task_id)
            .bind(after_seq)
            .bind(tree_size as i64)
            .bind(i64::from(limit))
            .fetch_all(&self.reads)
            .await
            .map_err(map_error)?;
        let records = rows
            .into_iter()
            .map(Record::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        let queries: Vec<LogQuery> = records
            .iter()
            .map(|r| LogQuery::Inclusion {
                leaf: r.log_index,
                tree_size,
            })
            .collect();
        let proofs = self.log_answers(&queries).await?;
        Ok(records.into_iter().zip(proofs).collect())
    }

    pub async fn record(&self, id: &str) -> Result<Option<Record>, StoreError> {
        if let Some(record) = self.recent.get(id) {
            return Ok(Some(record));
        }
        let record = record_by_id(&self.reads, id).await?;
        if let Some(r) = &record {
            self.recent.put(r);
        }
        Ok(record)
    }

    /// A page of records after the cursor `after`, in log order (`Scope::Log`) or
    /// chain order (`Scope::Task`).
    pub async fn records(
        &self,
        scope: Scope<'_>,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<Record>, StoreError> {
        let fetch = i64::from(limit) + 1;
        let rows: Vec<RecordRow> = match scope {
            Scope::Log => {
                let after = match after {
                    None => -1,
                    Some(token) => self.log_position(token, None).await?.0,
                };
                let sql = format!(
                    "SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index > ? ORDER BY log_index LIMIT ?"
                );
                sqlx::query_as(&sql)
                    .bind(after)
                    .bind(fetch)
                    .fetch_all(&self.reads)
                    .await
            }
            Scope::Task(task_id) => {
                let after = match after {
                    None => -1,
                    Some(token) => self.log_position(token, Some(task_id)).await?.1,
                };
                let sql = format!(
                    "SELECT {RECORD_COLUMNS} FROM thoughts WHERE task_id = ? AND seq > ? ORDER BY seq LIMIT ?"
                );
                sqlx::query_as(&sql)
                    .bind(task_id)
                    .bind(after)
                    .bind(fetch)
                    .fetch_all(&self.reads)
                    .await
            }
        }
        .map_err(map_error)?;
        let items = rows
            .into_iter()
            .map(Record::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(paginate(items, limit, |r| {
            cursor::encode(CursorKind::Records, r.log_index)
        }))
    }

    /// Resolves a record cursor to the (log_index, seq) it names; the record must
    /// exist, and belong to `task_id` when one is given.
    async fn log_position(
        &self,
        token: &str,
        task_id: Option<&str>,
    ) -> Result<(i64, i64), StoreError> {
        let position = cursor::decode(CursorKind::Records, token)
            .and_then(|p| i64::try_from(p).ok())
            .ok_or(StoreError::UnknownCursor)?;
        let row: Option<(i64, i64, String)> =
            sqlx::query_as("SELECT log_index, seq, task_id FROM thoughts WHERE log_index = ?")
                .bind(position)
                .fetch_optional(&self.reads)
                .await
                .map_err(map_error)?;
        match row {
            Some((log_index, seq, owner)) if task_id.is_none_or(|t| t == owner) => {
                Ok((log_index, seq))
            }
            _ => Err(StoreError::UnknownCursor),
        }
    }

    pub async fn task(&self, task_id: &str) -> Result<Option<TaskSummary>, StoreError> {
        let row: Option<TaskRow> = sqlx::query_as(
            "SELECT task_no, task_id, length, head_hash, first_timestamp, last_timestamp \
             FROM tasks WHERE task_id = ?",
        )
        .bind(task_id)
        .fetch_optional(&self.reads)
        .await
        .map_err(map_error)?;
        Ok(row.map(TaskSummary::from))
    }

    /// A page of tasks, in the order their first record was appended.
    pub async fn tasks(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<TaskSummary>, StoreError> {
        let after = match after {
            None => 0,
            Some(token) => {
                let position = cursor::decode(CursorKind::Tasks, token)
                    .and_then(|p| i64::try_from(p).ok())
                    .ok_or(StoreError::UnknownCursor)?;
                let known: Option<(i64,)> =
                    sqlx::query_as("SELECT task_no FROM tasks WHERE task_no = ?")
                        .bind(position)
                        .fetch_optional(&self.reads)
                        .await
                        .map_err(map_error)?;
                known.ok_or(StoreError::UnknownCursor)?.0
            }
        };
        let rows: Vec<TaskRow> = sqlx::query_as(
            "SELECT task_no, task_id, length, head_hash, first_timestamp, last_timestamp \
             FROM tasks WHERE task_no > ? ORDER BY task_no LIMIT ?",
        )
        .bind(after)
        .bind(i64::from(limit) + 1)
        .fetch_all(&self.reads)
        .await
        .map_err(map_error)?;
        let page = paginate(rows, limit, |t| {
            cursor::encode(CursorKind::Tasks, t.task_no as u64)
        });
        Ok(Page {
            items: page.items.into_iter().map(TaskSummary::from).collect(),
            next: page.next,
        })
    }
}

/// Keeps the first `limit` of `limit + 1` fetched items; the extra one, when
/// present, proves there is a next page, whose cursor names the last item kept.
fn paginate<T>(mut items: Vec<T>, limit: u32, cursor_of: impl Fn(&T) -> String) -> Page<T> {
    let more = items.len() > limit as usize;
    items.truncate(limit as usize);
    let next = if more {
        items.last().map(cursor_of)
    } else {
        None
    };
    Page { items, next }
}

fn connect_options(url: &str) -> Result<SqliteConnectOptions, StoreError> {
    if url.starts_with("postgres:") || url.starts_with("postgresql:") {
        return Err(StoreError::Config(
            "PostgreSQL is not supported by this build yet; use a sqlite:// URL".into(),
        ));
    }
    let options = if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Config(format!("invalid database URL `{url}`: {e}")))?
    } else if url.contains("://") {
        return Err(StoreError::Config(format!(
            "unsupported database URL `{url}`; use sqlite://PATH"
        )));
    } else {
        SqliteConnectOptions::new().filename(url)
    };
    let name = options.get_filename();
    if name.as_os_str().is_empty() || name == Path::new(":memory:") || url.contains(":memory:") {
        return Err(StoreError::Config(
            "an in-memory database cannot be shared by the writer and the readers; give a file path"
                .into(),
        ));
    }
    Ok(options)
}

/// SQLite falls back from WAL silently (on filesystems without shared memory, for
/// instance); read the settings back so the service never runs with weaker
/// guarantees than it was asked for.
async fn verify_durability(
    conn: &mut SqliteConnection,
    wanted: Synchronous,
) -> Result<(), StoreError> {
    let (journal,): (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    if !journal.eq_ignore_ascii_case("wal") {
        return Err(StoreError::Config(format!(
            "SQLite could not enable WAL (journal_mode is {journal}); put the database on a local filesystem"
        )));
    }
    let (level,): (i64,) = sqlx::query_as("PRAGMA synchronous")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    let expected = match wanted {
        Synchronous::Normal => 1,
        Synchronous::Full => 2,
        Synchronous::Extra => 3,
    };
    if level != expected {
        return Err(StoreError::Config(format!(
            "SQLite synchronous is {level}, not {wanted}"
        )));
    }
    tracing::info!(journal_mode = %journal, synchronous = %wanted, "database opened");
    Ok(())
}

fn open_error(path: &Path, e: sqlx::Error) -> StoreError {
    StoreError::Unavailable(format!("cannot open {}: {e}", path.display()))
}

/// Maps driver errors to what the caller can act on: a rule the write broke,
/// a database that cannot be reached now, or an internal fault.
fn map_error(e: sqlx::Error) -> StoreError {
    match &e {
        sqlx::Error::Database(db) => {
            let code: i64 = db.code().and_then(|c| c.parse().ok()).unwrap_or(0);
            match code & 0xff {
                // SQLITE_CONSTRAINT: unique, check, or a RAISE(ABORT) in a trigger.
                19 => StoreError::Conflict(db.message().to_string()),
                // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
                5 | 6 | 8 | 10 | 13 | 14 => StoreError::Unavailable(db.message().to_string()),
                _ => StoreError::Internal(e.to_string()),
            }
        }
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::WorkerCrashed => StoreError::Unavailable(e.to_string()),
        _ => StoreError::Internal(e.to_string()),
    }
}

async fn run_writer(
    mut conn: SqliteConnection,
    mut queue: mpsc::Receiver<Job>,
    seams: Seams,
    mut log: Log,
    mut claims: Claims,
) {
    let mut heads: HashMap<String, ChainHead> = HashMap::new();
    let mut stopping = false;
    while !stopping {
        let Some(first) = queue.recv().await else {
            break;
        };
        // Group commit: everything already waiting joins this transaction.
        let mut batch = Vec::new();
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Append(pending) => batch.push(*pending),
                Job::Shutdown => {
                    stopping = true;
                    break;
                }
            }
            if batch.len() < MAX_BATCH {
                next = queue.try_recv().ok();
            }
        }
        if !batch.is_empty() {
            let mut writer = Writer {
                conn: &mut conn,
                seams: &seams,
                log: &mut log,
                heads: &mut heads,
                claims: &mut claims,
            };
            writer.commit_batch(batch).await;
        }
    }
    queue.close();
    // Anything queued after the shutdown request is refused, not dropped silently.
    while let Ok(job) = queue.try_recv() {
        if let Job::Append(pending) = job {
            let _ = pending.reply.send(Err(StoreError::Unavailable(
                "the service is shutting down".into(),
            )));
        }
    }
    if let Err(e) = conn.close().await {
        tracing::warn!(error = %e, "closing the write connection failed");
    }
}

/// How long idempotency keys are kept, and when expired ones are next purged.
struct Claims {
    ttl: Duration,
    next_purge: Instant,
}

impl Claims {
    fn new(ttl: Duration) -> Claims {
        Claims {
            ttl,
            next_purge: Instant::now(),
        }
    }
}

/// Expired keys are deleted at most this often (in a write transaction anyway).
const PURGE_EVERY: Duration = Duration::from_secs(60);

fn unix_millis(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// How a batch failed.
enum BatchError {
    /// A record was refused before the commit (a constraint): the others may
    /// still be written, one by one.
    Record(StoreError),
    /// The transaction as a whole failed (begin, checkpoint or commit): nothing
    /// of it was written, and every caller is told so.
    Batch(StoreError),
}

/// What became of one append of a batch.
enum Outcome {
    /// A new record: the batch's `records[i]`.
    New(usize),
    /// A retry of an append earlier in the batch (same key and request).
    Again(usize),
    /// A retry of an append committed before.
    Stored(Record),
    /// Refused on its own (a moved head, a reused key); the batch goes on.
    Refused(StoreError),
}

/// An idempotency key seen in this batch or found stored: its fingerprint and
/// what it created.
enum Earlier {
    Index(usize),
    Stored(Box<Record>),
}

/// The writer's state, for one batch.
struct Writer<'a> {
    conn: &'a mut SqliteConnection,
    seams: &'a Seams,
    log: &'a mut Log,
    heads: &'a mut HashMap<String, ChainHead>,
    claims: &'a mut Claims,
}

impl Writer<'_> {
    /// Answers every caller of a batch, after the commit that holds its record.
    /// If one record is refused by the database the batch is retried one record
    /// per transaction, so each caller gets its own answer.
    async fn commit_batch(&mut self, batch: Vec<Pending>) {
        let items: Vec<(&NewThought, Option<&Claim>)> =
            batch.iter().map(|p| (&p.draft, p.claim.as_ref())).collect();
        match self.write_batch(&items).await {
            Ok(answers) => {
                for (pending, answer) in batch.into_iter().zip(answers) {
                    // The caller may have gone away; the record is committed regardless.
                    let _ = pending.reply.send(answer);
                }
            }
            Err(BatchError::Record(_)) if batch.len() > 1 => {
                for pending in batch {
                    let result = self
                        .write_batch(&[(&pending.draft, pending.claim.as_ref())])
                        .await
                        .map_err(|e| match e {
                            BatchError::Record(e) | BatchError::Batch(e) => e,
                        })
                        .and_then(|mut answers| answers.remove(0));
                    if let Err(e) = &result {
                        tracing::warn!(error = %e, "append refused");
                    }
                    let _ = pending.reply.send(result);
                }
            }
            Err(BatchError::Record(e) | BatchError::Batch(e)) => {
                tracing::warn!(error = %e, appends = batch.len(), "batch failed; nothing of it was written");
                for pending in batch {
                    let _ = pending.reply.send(Err(e.clone()));
                }
            }
        }
    }

    /// One transaction: the new records (chained on the cached heads), their log
    /// hashes, their idempotency keys and one signed checkpoint of the result,
    /// committed with one sync. The new frontier, heads and checkpoint take
    /// effect only once committed, and the checkpoint is published before any
    /// caller is answered.
    async fn write_batch(
        &mut self,
        items: &[(&NewThought, Option<&Claim>)],
    ) -> Result<Vec<Result<Appended, StoreError>>, BatchError> {
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut *self.conn)
            .await
            .map_err(|e| BatchError::Batch(map_error(e)))?;
        let result = self.write_in_transaction(items).await;
        match result {
            Ok((answers, checkpoint, moved, frontier)) => {
                if let Err(e) = sqlx::query("COMMIT").execute(&mut *self.conn).await {
                    let _ = sqlx::query("ROLLBACK").execute(&mut *self.conn).await;
                    return Err(BatchError::Batch(StoreError::Unavailable(format!(
                        "the commit failed, nothing of the batch was written: {e}"
                    ))));
                }
                self.log.frontier = frontier;
                if self.heads.len() + moved.len() > MAX_CACHED_HEADS {
                    self.heads.clear();
                }
                self.heads.extend(moved);
                if let Some(checkpoint) = checkpoint {
                    self.log.latest.send_replace(Arc::new(checkpoint));
                }
                Ok(answers)
            }
            Err(e) => {
                // Nothing half-written: whatever the failure, the transaction goes.
                let _ = sqlx::query("ROLLBACK").execute(&mut *self.conn).await;
                Err(e)
            }
        }
    }

    #[allow(clippy::type_complexity)]
    async fn write_in_transaction(
        &mut self,
        items: &[(&NewThought, Option<&Claim>)],
    ) -> Result<
        (
            Vec<Result<Appended, StoreError>>,
            Option<SignedCheckpoint>,
            HashMap<String, ChainHead>,
            Frontier,
        ),
        BatchError,
    > {
        let now = SystemTime::now();
        let now_ms = unix_millis(now);
        let mut frontier = self.log.frontier.clone();
        let mut moved: HashMap<String, ChainHead> = HashMap::new();
        let mut records: Vec<Record> = Vec::with_capacity(items.len());
        let mut outcomes = Vec::with_capacity(items.len());
        let mut leaves = Vec::with_capacity(items.len() * 2);
        let mut seen: HashMap<(String, String), (String, Earlier)> = HashMap::new();
        let mut new_claims: Vec<(&Claim, usize)> = Vec::new();
        // Chain and log are computed in memory; the rows go in with one statement each.
        for (draft, claim) in items {
            if let Some(claim) = claim {
                let id = (claim.scope.clone(), claim.key.clone());
                if !seen.contains_key(&id) {
                    if let Some((fingerprint, record)) = stored_claim(self.conn, claim, now_ms)
                        .await
                        .map_err(BatchError::Batch)?
                    {
                        seen.insert(id.clone(), (fingerprint, Earlier::Stored(Box::new(record))));
                    }
                }
                if let Some((fingerprint, earlier)) = seen.get(&id) {
                    outcomes.push(if *fingerprint != claim.fingerprint {
                        Outcome::Refused(StoreError::KeyReused(format!(
                            "Idempotency-Key `{}` was used for a different request; \
                             use a new key for a new record",
                            claim.key
                        )))
                    } else {
                        match earlier {
                            Earlier::Index(i) => Outcome::Again(*i),
                            Earlier::Stored(r) => Outcome::Stored((**r).clone()),
                        }
                    });
                    continue;
                }
            }
            let head = match moved
                .get(&draft.task_id)
                .or_else(|| self.heads.get(&draft.task_id))
            {
                Some(h) => Some(h.clone()),
                None => stored_head(self.conn, &draft.task_id)
                    .await
                    .map_err(BatchError::Batch)?,
            };
            if let Err((head_hash, length)) = chain::check_expected_head(draft, head.as_ref()) {
                outcomes.push(Outcome::Refused(StoreError::HeadMoved {
                    task_id: draft.task_id.clone(),
                    head_hash,
                    length,
                }));
                continue;
            }
            let record = chain::link(
                (*draft).clone(),
                head.as_ref(),
                frontier.size(),
                (self.seams.new_id)(),
                (self.seams.now)(),
            );
            let input = leaf_input(&record.hash).ok_or_else(|| {
                BatchError::Batch(StoreError::Internal("a record hash is not hex".into()))
            })?;
            leaves.extend(frontier.append(&input));
            moved.insert(record.task_id.clone(), ChainHead::after(&record));
            if let Some(claim) = claim {
                seen.insert(
                    (claim.scope.clone(), claim.key.clone()),
                    (claim.fingerprint.clone(), Earlier::Index(records.len())),
                );
                new_claims.push((claim, records.len()));
            }
            outcomes.push(Outcome::New(records.len()));
            records.push(record);
        }
        let mut checkpoint = None;
        if !records.is_empty() {
            insert_records(self.conn, &records)
                .await
                .map_err(BatchError::Record)?;
            insert_hashes(self.conn, &leaves)
                .await
                .map_err(BatchError::Batch)?;
            let expires_at = unix_millis(now + self.claims.ttl);
            insert_claims(self.conn, &new_claims, &records, expires_at)
                .await
                .map_err(BatchError::Batch)?;
            checkpoint = Some(
                sign_and_store(self.conn, &frontier, &self.log.key, &self.log.origin)
                    .await
                    .map_err(BatchError::Batch)?,
            );
        }
        if Instant::now() >= self.claims.next_purge {
            sqlx::query("DELETE FROM idempotency WHERE expires_at <= ?")
                .bind(now_ms)
                .execute(&mut *self.conn)
                .await
                .map_err(|e| BatchError::Batch(map_error(e)))?;
            self.claims.next_purge = Instant::now() + PURGE_EVERY;
        }
        // Each new record goes to its caller; retries within the batch get a copy.
        // A retry comes after the append it repeats, so walking backwards copies
        // each record before it is moved out.
        let mut records: Vec<Option<Record>> = records.into_iter().map(Some).collect();
        let mut answers: Vec<Result<Appended, StoreError>> = outcomes
            .into_iter()
            .rev()
            .map(|o| match o {
                Outcome::New(i) => Ok(Appended {
                    record: records[i].take().expect("a record is moved out once"),
                    replayed: false,
                }),
                Outcome::Again(i) => Ok(Appended {
                    record: records[i].clone().expect("a retry comes after its record"),
                    replayed: true,
                }),
                Outcome::Stored(record) => Ok(Appended {
                    record,
                    replayed: true,
                }),
                Outcome::Refused(e) => Err(e),
            })
            .collect();
        answers.reverse();
        Ok((answers, checkpoint, moved, frontier))
    }
}

/// The fingerprint and record of an unexpired idempotency key, if stored.
async fn stored_claim(
    conn: &mut SqliteConnection,
    claim: &Claim,
    now_ms: i64,
) -> Result<Option<(String, Record)>, StoreError> {
    let row: Option<(String, String)> = sqlx::query_as(
        "SELECT fingerprint, record_id FROM idempotency WHERE scope = ? AND key = ? AND expires_at > ?",
    )
    .bind(&claim.scope)
    .bind(&claim.key)
    .bind(now_ms)
    .fetch_optional(&mut *conn)
    .await
    .map_err(map_error)?;
    let Some((fingerprint, record_id)) = row else {
        return Ok(None);
    };
    let record = record_by_id(&mut *conn, &record_id).await?.ok_or_else(|| {
        StoreError::Internal(format!(
            "idempotency key names record {record_id}, which is not stored"
        ))
    })?;
    Ok(Some((fingerprint, record)))
}

/// One record by id, from the read pool or the writer's connection.
async fn record_by_id<'c, E>(executor: E, id: &str) -> Result<Option<Record>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE id = ?");
    let row: Option<RecordRow> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(executor)
        .await
        .map_err(map_error)?;
    row.map(Record::try_from).transpose()
}

/// Stores the idempotency keys of new records; an expired row for the same key
/// is replaced.
async fn insert_claims(
    conn: &mut SqliteConnection,
    claims: &[(&Claim, usize)],
    records: &[Record],
    expires_at: i64,
) -> Result<(), StoreError> {
    for (claim, i) in claims {
        sqlx::query(
            "INSERT INTO idempotency (scope, key, fingerprint, record_id, expires_at) \
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET \
             fingerprint = excluded.fingerprint, record_id = excluded.record_id, \
             expires_at = excluded.expires_at",
        )
        .bind(&claim.scope)
        .bind(&claim.key)
        .bind(&claim.fingerprint)
        .bind(&records[*i].id)
        .bind(expires_at)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    }
    Ok(())
}

/// A chain head as stored, for a task the writer has not cached.
async fn stored_head(
    conn: &mut SqliteConnection,
    task_id: &str,
) -> Result<Option<ChainHead>, StoreError> {
    let row: Option<(i64, String, String)> =
        sqlx::query_as("SELECT length, head_hash, last_timestamp FROM tasks WHERE task_id = ?")
            .bind(task_id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(map_error)?;
    Ok(row.map(|(length, head_hash, last_timestamp)| ChainHead {
        length: length as u64,
        head_hash,
        last_timestamp,
    }))
}

/// Signs the checkpoint of `frontier`'s tree and stores it (and so refuses a
/// second root for a size already signed).
async fn sign_and_store(
    conn: &mut SqliteConnection,
    frontier: &Frontier,
    key: &LogKey,
    origin: &str,
) -> Result<SignedCheckpoint, StoreError> {
    let root = frontier.root();
    let note = key.sign_checkpoint(origin, frontier.size(), root);
    sqlx::query("INSERT INTO checkpoints (tree_size, root, note) VALUES (?, ?, ?)")
        .bind(frontier.size() as i64)
        .bind(root.0.as_slice())
        .bind(&note)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    Ok(SignedCheckpoint {
        tree_size: frontier.size(),
        root,
        note,
    })
}

async fn read_stored_hashes<'c, E>(
    executor: E,
    indexes: &[u64],
) -> Result<HashMap<u64, Hash>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    if indexes.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT idx, hash FROM log_hashes WHERE idx IN ({})",
        vec!["?"; indexes.len()].join(",")
    );
    let mut query = sqlx::query_as::<_, (i64, Vec<u8>)>(&sql);
    for i in indexes {
        query = query.bind(*i as i64);
    }
    let rows = query.fetch_all(executor).await.map_err(map_error)?;
    rows.into_iter()
        .map(|(idx, bytes)| {
            let hash: [u8; 32] = bytes
                .try_into()
                .map_err(|_| StoreError::Internal(format!("stored hash {idx} is not 32 bytes")))?;
            Ok((idx as u64, Hash(hash)))
        })
        .collect()
}

fn checkpoint_from_row(row: (i64, Vec<u8>, String)) -> Result<SignedCheckpoint, StoreError> {
    let (tree_size, root, note) = row;
    let root: [u8; 32] = root
        .try_into()
        .map_err(|_| StoreError::Internal(format!("checkpoint {tree_size} has a bad root")))?;
    Ok(SignedCheckpoint {
        tree_size: tree_size as u64,
        root: Hash(root),
        note,
    })
}

/// Loads the log at start: the frontier of the last signed size, checked against
/// that checkpoint's root. Records and their leaves commit together, so the log
/// can only lag the records in a database written before the log existed: those
/// records are added in log order and the result signed. An empty log gets its
/// size-0 checkpoint, so there is always one to serve.
async fn open_log(
    conn: &mut SqliteConnection,
    key: &LogKey,
    origin: &str,
) -> Result<(Frontier, SignedCheckpoint), StoreError> {
    let last: Option<(i64, Vec<u8>, String)> = sqlx::query_as(
        "SELECT tree_size, root, note FROM checkpoints ORDER BY tree_size DESC LIMIT 1",
    )
    .fetch_optional(&mut *conn)
    .await
    .map_err(map_error)?;
    let last = last.map(checkpoint_from_row).transpose()?;
    let signed_size = last.as_ref().map_or(0, |c| c.tree_size);
    let stored = read_stored_hashes(&mut *conn, &Frontier::indexes(signed_size)).await?;
    let mut frontier = Frontier::from_stored(signed_size, &stored)
        .map_err(|e| StoreError::Internal(format!("the log cannot be loaded: {e}")))?;
    if let Some(c) = &last {
        if frontier.root() != c.root {
            return Err(StoreError::Internal(format!(
                "the stored log does not match its last signed checkpoint (size {}): the database was altered",
                c.tree_size
            )));
        }
    }
    let (records,): (i64,) = sqlx::query_as("SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    let records = records as u64;
    if records < signed_size {
        return Err(StoreError::Internal(format!(
            "the log signed {signed_size} records but only {records} are stored: records were removed"
        )));
    }
    if let (Some(c), true) = (&last, records == signed_size) {
        return Ok((frontier, c.clone()));
    }
    // Records without leaves (a database from before the log): add them, in log
    // order, and sign the result, in one transaction.
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    let caught_up = async {
        let mut next = signed_size;
        while next < records {
            let hashes: Vec<(String,)> = sqlx::query_as(
                "SELECT hash FROM thoughts WHERE log_index >= ? ORDER BY log_index LIMIT 10000",
            )
            .bind(next as i64)
            .fetch_all(&mut *conn)
            .await
            .map_err(map_error)?;
            let mut leaves = Vec::new();
            for (hash,) in &hashes {
                let input = leaf_input(hash).ok_or_else(|| {
                    StoreError::Internal(format!("record hash `{hash}` is not 32 bytes of hex"))
                })?;
                leaves.extend(frontier.append(&input));
            }
            insert_hashes(conn, &leaves).await?;
            next += hashes.len() as u64;
        }
        sign_and_store(conn, &frontier, key, origin).await
    }
    .await;
    match caught_up {
        Ok(checkpoint) => {
            sqlx::query("COMMIT")
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
            if records > signed_size {
                tracing::info!(leaves = records - signed_size, "added records to the log");
            }
            Ok((frontier, checkpoint))
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}

/// Rows per INSERT statement, under SQLite's limit of 32,766 bound values.
const RECORDS_PER_STATEMENT: usize = 2000;
const HASHES_PER_STATEMENT: usize = 10_000;

/// Inserts records with one statement per `RECORDS_PER_STATEMENT`; the schema's
/// constraints and triggers check every row.
async fn insert_records(conn: &mut SqliteConnection, records: &[Record]) -> Result<(), StoreError> {
    for chunk in records.chunks(RECORDS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, metadata, timestamp, prev_hash, hash) VALUES {}",
            vec!["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for r in chunk {
            query = query
                .bind(r.log_index as i64)
                .bind(&r.id)
                .bind(&r.task_id)
                .bind(r.seq as i64)
                .bind(r.r#type.as_str())
                .bind(&r.agent_id)
                .bind(&r.content)
                .bind(r.metadata.as_ref().map(Metadata::canonical))
                .bind(&r.timestamp)
                .bind(&r.prev_hash)
                .bind(&r.hash);
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    Ok(())
}

/// Stores log hashes at their indexes, one statement per `HASHES_PER_STATEMENT`.
async fn insert_hashes(
    conn: &mut SqliteConnection,
    hashes: &[(u64, Hash)],
) -> Result<(), StoreError> {
    for chunk in hashes.chunks(HASHES_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO log_hashes (idx, hash) VALUES {}",
            vec!["(?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (idx, hash) in chunk {
            query = query.bind(*idx as i64).bind(hash.0.to_vec());
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    Ok(())
}

#[derive(FromRow)]
struct RecordRow {
    log_index: i64,
    id: String,
    task_id: String,
    seq: i64,
    #[sqlx(rename = "type")]
    kind: String,
    agent_id: String,
    content: String,
    metadata: Option<String>,
    timestamp: String,
    prev_hash: String,
    hash: String,
}

impl TryFrom<RecordRow> for Record {
    type Error = StoreError;

    fn try_from(row: RecordRow) -> Result<Record, StoreError> {
        let r#type = row
            .kind
            .parse::<ThoughtType>()
            .map_err(|_| StoreError::Internal(format!("record {} has an unknown type", row.id)))?;
        Ok(Record {
            id: row.id,
            seq: row.seq as u64,
            log_index: row.log_index as u64,
            r#type,
            task_id: row.task_id,
            agent_id: row.agent_id,
            content: row.content,
            metadata: row.metadata.map(Metadata::from_stored),
            timestamp: row.timestamp,
            prev_hash: row.prev_hash,
            hash: row.hash,
        })
    }
}

/// The columns a chain walk hashes, read as stored (no validation, so that a
/// tampered row is reported by the walk, not refused by the reader).
#[derive(FromRow)]
struct WalkRow {
    seq: i64,
    id: String,
    #[sqlx(rename = "type")]
    kind: String,
    content: String,
    metadata: Option<String>,
    timestamp: String,
    prev_hash: String,
    hash: String,
}

#[derive(FromRow)]
struct TaskRow {
    task_no: i64,
    task_id: String,
    length: i64,
    head_hash: String,
    first_timestamp: String,
    last_timestamp: String,
}

impl From<TaskRow> for TaskSummary {
    fn from(row: TaskRow) -> TaskSummary {
        TaskSummary {
            task_id: row.task_id,
            length: row.length as u64,
            head_hash: row.head_hash,
            first_timestamp: row.first_timestamp,
            last_timestamp: row.last_timestamp,
        }
    }
}
