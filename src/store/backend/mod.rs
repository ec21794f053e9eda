//! The seam between the backend-neutral store and a database: what a backend
//! implements, and no more than how it reads and writes rows. [`RowReads`]
//! serves the reads each backend runs its own way, from a pool that never
//! waits for the writer (the rest are shared SQL, `store::reads`);
//! [`BatchStorage`] is the writer's one connection, which writes each batch
//! the writer planned in one transaction.
//!
//! The traits hand out boxed futures so that the store can hold whichever
//! backend the configuration names (`Box<dyn …>`); a box per call is nothing
//! beside a database round trip.

pub(crate) mod rows;
pub(crate) mod sql;

use std::collections::HashMap;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

use super::{CapabilitySnapshot, Hold, Idempotency, SignedCheckpoint, StoreError};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{Frontier, Hash, StoredHashes};
use crate::domain::{ChainHead, Record};
use rows::StoredLink;
use sql::{Db, Query};

/// What a backend's search index is given for a record, prepared from the
/// draft on the request's own thread before it is queued, so that the one
/// writer spends no time on it, and kept until the indexer writes it; or
/// made from the stored record when the indexer reads it back
/// (docs/design.md §7).
#[derive(Debug, Clone)]
pub(crate) struct SearchDocument {
    /// SQLite: `index_text` of the content; PostgreSQL: the record's
    /// `tsvector` literal.
    pub content: String,
    /// SQLite: `metadata_text` of the metadata; PostgreSQL: None (in the
    /// tsvector already).
    pub metadata: Option<String>,
}

/// What the writer opens the log with ([`BatchStorage::open_log`]).
pub(crate) struct LogOpening<'a> {
    /// The log's key, and the origin its checkpoints name.
    pub signer: &'a LogSigner,
    pub origin: &'a str,
    /// What this key's checkpoint copy says it signed before: how many
    /// records (None: nothing yet), or why the copy cannot be read.
    pub signed_before: Result<Option<u64>, String>,
}

/// Whether a failed statement may have broken the connection it ran on: the
/// next statement then starts on a fresh one.
pub(crate) fn breaks_connection(error: &StoreError) -> bool {
    matches!(error, StoreError::Unavailable(_) | StoreError::Internal(_))
}

/// A record's row in the search index: its log index and the document
/// its row is made from.
pub(crate) type IndexRow = (u64, SearchDocument);

/// An opened database: its reads, the writer's connection, and where a
/// generated signing key goes.
pub(crate) struct Opened {
    pub reads: Box<dyn RowReads>,
    pub batches: Box<dyn BatchStorage>,
    /// The search index's connection, apart from the writer's.
    pub index: Box<dyn IndexStorage>,
    /// How this backend's search document of a record is made, from its
    /// content and canonical metadata.
    pub search_document: fn(&str, Option<&str>) -> SearchDocument,
    /// The folder a generated signing key is kept in (beside a SQLite file);
    /// None: the key must be given, as every replica must sign with it.
    pub key_dir: Option<std::path::PathBuf>,
    /// Whether other processes may append to the same database (replicas):
    /// the newest checkpoint is then read from the database, not only from
    /// this process's writer.
    pub shared: bool,
    /// Whether the writer runs on a thread of its own: the calls of a
    /// backend that blocks (SQLite driven directly) must not hold a worker
    /// of the runtime that serves HTTP.
    pub writer_thread: bool,
}

/// What a backend call answers.
pub(crate) type Answer<'a, T> = BoxFuture<'a, Result<T, StoreError>>;

/// The reads a backend runs its own way: the many-row and per-request ones
/// (records, chains, proof hashes), and the pool that runs the shared SQL
/// of the rest (`store::reads`).
pub(crate) trait RowReads: Send + Sync {
    /// Where the shared SQL of the small reads runs.
    fn db(&self) -> Db<'_>;
    /// Every record `query` selects (`rows::RECORD_COLUMNS`), in its order.
    fn records<'a>(&'a self, query: Query<'a>) -> Answer<'a, Vec<Record>>;
    /// The records at these log indexes (those that exist), in any order.
    fn records_at<'a>(&'a self, indexes: &'a [i64]) -> Answer<'a, Vec<Record>>;
    /// A task's records in seq order, streamed as stored.
    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>>;
    /// The stored log hashes at these indexes (those that exist).
    fn log_hashes<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, StoredHashes>;
    /// Closes the pool.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// What a batch asks of the database before it can be planned, in its
/// transaction ([`BatchStorage::load`]).
pub(crate) struct Wanted<'a> {
    /// The tasks whose heads the writer has not cached.
    pub tasks: &'a [&'a str],
    /// The idempotency keys the batch carries.
    pub idempotency: &'a [&'a Idempotency],
    /// Now, in Unix milliseconds: a key that expired is not found.
    pub now_ms: i64,
}

/// An idempotency key in its scope: (scope, idempotency key).
pub(crate) type ScopedIdempotencyKey = (String, String);

/// What an idempotency key is stored with: the fingerprint of its request
/// and the record it names, or why that record cannot be read (not stored).
pub(crate) type StoredAppend = (String, Result<Record, String>);

/// What a batch needs from the database before it can be planned, read in its
/// transaction: the heads of the tasks the writer has not cached, and the
/// unexpired idempotency keys the batch carries.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    pub heads: HashMap<String, ChainHead>,
    /// By (scope, idempotency key): the stored fingerprint and the record
    /// it created.
    pub idempotency: HashMap<ScopedIdempotencyKey, StoredAppend>,
}

/// A record whose content an append erases, in the append's transaction
/// (docs/design.md §12): the append is the record that says so.
#[derive(Debug, Clone)]
pub(crate) struct EraseOrder {
    /// The erased record's position in the log.
    pub log_index: u64,
    /// Why, as the erasure record says it.
    pub reason: String,
}

/// What an append the service makes of its own does in the append's
/// transaction (docs/design.md §12): the appended record says so.
#[derive(Debug, Clone, Default)]
pub(crate) struct Effects {
    /// Records whose content the append erases.
    pub erasing: Vec<EraseOrder>,
    /// The legal hold it places or lifts on its task.
    pub hold: Option<HoldOrder>,
}

/// A legal hold an append places or lifts.
#[derive(Debug, Clone)]
pub(crate) enum HoldOrder {
    /// Placed, for this reason: the task must not be held already.
    Place { reason: String },
    /// Lifted: the hold that stands must be the one placed then by that
    /// agent (the one the record names).
    Lift {
        placed_at: String,
        placed_by: String,
    },
}

/// A legal hold as the batch writes it: placed (`Some`) or lifted (`None`).
#[derive(Debug, Clone)]
pub(crate) struct Holding {
    pub task_id: String,
    /// The hold placed, stated by the hold record (its time and agent).
    pub placed: Option<Hold>,
    /// The hold lifted: (placed_at, placed_by).
    pub lifted: Option<(String, String)>,
}

/// An erasure as the batch writes it.
#[derive(Debug, Clone)]
pub(crate) struct Erasing {
    pub log_index: u64,
    /// The erasure record's timestamp.
    pub at: String,
    /// The erasure record's agent.
    pub by: String,
    pub reason: String,
}

/// A batch as the writer planned it, ready to be written in one transaction.
pub(crate) struct PlannedBatch<'a> {
    /// New records, in log order, chained and hashed.
    pub records: Vec<Record>,
    /// Each new record's search document, in the same order.
    pub documents: Vec<&'a SearchDocument>,
    /// The log hashes the new leaves add, at their stored-hash indexes.
    pub log_hashes: Vec<(u64, Hash)>,
    /// Idempotency keys of new records, with the index of their record.
    pub idempotency: Vec<(&'a Idempotency, usize)>,
    /// When those keys expire, in Unix milliseconds.
    pub idempotency_expires_at: i64,
    /// The signed checkpoint of the log with this batch in it.
    pub checkpoint: SignedCheckpoint,
    /// Records whose content the batch's erasure records erase. Each must be
    /// erasable, not erased and of a task not held, or the write fails as a
    /// record's (`BatchError::Record`, a conflict).
    pub erasures: Vec<Erasing>,
    /// Legal holds the batch's hold records place or lift. A task held
    /// already (placing) or not held as the record says (lifting) fails the
    /// write as a record's.
    pub holds: Vec<Holding>,
}

/// The log as stored, when it is not the log the writer last committed:
/// what [`BatchStorage::begin`] read, for the writer to judge
/// (`writer::task`): only leaves a verified checkpoint covers are adopted.
pub(crate) struct Moved {
    /// The log's size as stored (the highest `log_index` plus one).
    pub size: u64,
    /// The newest checkpoint row's note, on a database replicas share
    /// (each signs what it appends, in the same transaction); None where
    /// the writer is the only one.
    pub note: Option<String>,
    /// The frontier at `size` from the stored hashes, or why it cannot be
    /// made.
    pub frontier: Result<Frontier, String>,
}

/// A successor statement as stored (`log_successors`): the old log's key
/// naming the new log (docs/design.md §2, "The second day").
#[derive(Debug, Clone)]
pub(crate) struct SuccessorRow {
    pub old_origin: String,
    pub new_origin: String,
    /// The signed note, verbatim.
    pub statement: String,
    pub made_at: String,
}

/// How writing a batch failed.
#[derive(Debug)]
pub(crate) enum BatchError {
    /// A record was refused by the database (a constraint): the others may
    /// still be written, one by one.
    Record(StoreError),
    /// The transaction as a whole failed: nothing of it was written, and every
    /// caller is told so.
    Batch(StoreError),
    /// The commit's answer was lost and whether it took effect could not be
    /// learned: the batch may be in the log. Every caller is told so (a
    /// retry with the same Idempotency-Key answers the record if it was).
    Unknown(StoreError),
}

impl BatchError {
    /// The error a caller is answered with.
    pub(crate) fn into_store_error(self) -> StoreError {
        match self {
            BatchError::Record(e) | BatchError::Batch(e) | BatchError::Unknown(e) => e,
        }
    }
}

/// The writer's connection. The writer calls, for each batch:
/// `begin` (which answers the log's frontier when it moved under it), `load`, then `write`
/// (and `purge_idempotency` when due), then `commit` — or `rollback` after
/// any failure. From `begin` to `commit` no other writer may move a chain head or
/// the log.
pub(crate) trait BatchStorage: Send {
    /// Loads the log at start (`log_check::open`): the frontier of the last
    /// signed size, checked against that checkpoint, and the checkpoint to
    /// serve.
    /// An empty database gets its first (size-0) checkpoint, unless the
    /// opening's `signed_before` says this key has signed records already:
    /// then it is refused. The third value says whether the log is new.
    fn open_log<'a>(
        &'a mut self,
        opening: LogOpening<'a>,
    ) -> Answer<'a, (Frontier, SignedCheckpoint, bool)>;
    /// Starts a new log over the stored records under `origin`, keeping the
    /// old checkpoints aside (`decision-trail log rebuild`).
    /// With `successor`, the old log's successor statement is stored in
    /// the same transaction (`decision-trail log rotate`). Only SQLite's
    /// log is rebuilt or rotated in place; by default a backend refuses.
    fn rebuild_log<'a>(
        &'a mut self,
        _signer: &'a LogSigner,
        _origin: &'a str,
        _retired_at: &'a str,
        successor: Option<&'a SuccessorRow>,
    ) -> Answer<'a, SignedCheckpoint> {
        let why = match successor {
            None => {
                "`log rebuild` converts a SQLite log of the first leaf format; a PostgreSQL log \
                 is always in the current one"
            }
            Some(_) => {
                "`log rotate` rotates a SQLite log; a PostgreSQL log is begun anew in a new \
                 database with a new key and origin (docs/design.md §2, \"The second day\")"
            }
        };
        Box::pin(std::future::ready(Err(StoreError::Config(why.into()))))
    }
    /// The writer's connection, for a statement of its own between batches
    /// (PostgreSQL: connected again when the last one was dropped).
    fn between_batches(&mut self) -> Answer<'_, Db<'_>>;
    /// After a statement between batches failed in a way that may have
    /// broken the connection ([`breaks_connection`]): PostgreSQL drops it,
    /// so that the next statement starts on a fresh one.
    fn connection_lost(&mut self) {}
    /// Stores witnesses' cosignature lines of the checkpoint of `tree_size`
    /// (its own statements, between batches).
    fn put_cosignatures<'a>(
        &'a mut self,
        tree_size: u64,
        origin: &'a str,
        lines: &'a [super::log::cosignatures::Cosignature],
    ) -> Answer<'a, ()> {
        Box::pin(async move {
            let db = self.between_batches().await?;
            let result = super::log::cosignatures::put(db, tree_size, origin, lines).await;
            if result.as_ref().is_err_and(breaks_connection) {
                self.connection_lost();
            }
            result
        })
    }
    /// Whether an append could commit now: the database takes a write lock
    /// and its disk has room.
    fn probe(&mut self) -> Answer<'_, ()>;
    /// Stores a capability snapshot unless its hash is stored (its own
    /// statement, between batches): the stored one, and whether it is new.
    fn put_snapshot<'a>(
        &'a mut self,
        snapshot: &'a CapabilitySnapshot,
    ) -> Answer<'a, (CapabilitySnapshot, bool)> {
        Box::pin(async move {
            let result = super::snapshots::put(self.between_batches().await?, snapshot).await;
            if result.as_ref().is_err_and(breaks_connection) {
                self.connection_lost();
            }
            result
        })
    }
    /// Starts the batch's transaction, holding whatever keeps every other
    /// writer (another replica, another process) off the heads and the log
    /// until the commit. `known` is the log as the writer last committed it;
    /// when the stored log's size differs, answers what is stored
    /// ([`Moved`]), which the writer adopts only if a verified checkpoint
    /// covers it.
    fn begin<'a>(&'a mut self, known: &'a Frontier) -> Answer<'a, Option<Moved>>;
    /// The database's clock as the open batch's transaction read it (Unix
    /// ms), where several writers share the database: idempotency keys
    /// expire by that one clock, not by each replica's. None: the writer's
    /// own clock (a database of one writer).
    fn database_clock_ms(&self) -> Option<i64> {
        None
    }
    fn load<'a>(&'a mut self, wanted: Wanted<'a>) -> Answer<'a, Loaded>;
    /// Writes the batch's rows. Answers, for a backend whose search index
    /// loses an erased record's words in the indexer's turn (SQLite), each
    /// erased record's log index and the document its index row was made
    /// from (a contentless index's row is deleted by giving its text again).
    fn write<'a>(
        &'a mut self,
        batch: &'a PlannedBatch<'a>,
    ) -> BoxFuture<'a, Result<Vec<IndexRow>, BatchError>>;
    /// Deletes idempotency keys expired at `now_ms`, and reads an expiry
    /// later than `latest_ms` (now plus the TTL: no key the service stored
    /// expires later) as `latest_ms`.
    fn purge_idempotency(&mut self, now_ms: i64, latest_ms: i64) -> Answer<'_, ()>;
    fn commit(&mut self) -> Answer<'_, ()>;
    /// After a commit that failed (its answer may have been lost with the
    /// connection, while the database committed): whether the batch is in
    /// the log, that is whether the record at `log_index` is the batch's
    /// first, of hash `hash`. Read after any other writer's transaction on
    /// the log has ended (on a fresh connection where the old one may be
    /// gone); an error when that cannot be learned.
    fn landed<'a>(&'a mut self, log_index: u64, hash: &'a str) -> Answer<'a, bool>;
    fn rollback(&mut self) -> BoxFuture<'_, ()>;
    /// After a commit that erased content: what the backend does so that
    /// the erased bytes are gone from its files too (SQLite: the WAL
    /// checkpointed and truncated).
    fn after_erasure(&mut self) -> Answer<'_, ()>;
    fn close(self: Box<Self>) -> BoxFuture<'static, ()>;
}

/// The search index's own storage (docs/design.md §7): its connection,
/// apart from the writer's, so that an indexing transaction never holds the
/// log's write lock (SQLite: the index is a file of its own; PostgreSQL:
/// another connection, outside the log's advisory lock).
pub(crate) trait IndexStorage: Send {
    /// The indexer's turn (docs/design.md §7): begins its transaction, holding the index's progress (replicas take
    /// turns), and answers the log size the index covers and the log's size
    /// as stored (None when the progress row is missing). `commit` or
    /// `rollback` ends it.
    fn index_begin(&mut self) -> Answer<'_, (Option<u64>, u64)>;
    /// Empties the index and stores its progress as 0 (the row made again
    /// when it is missing), in the indexer's transaction: the index is then
    /// built again from the records (docs/design.md §7).
    fn index_reset(&mut self) -> Answer<'_, ()>;
    /// Up to `limit` stored records from log index `from`, in log order, in
    /// the indexer's transaction.
    fn index_read(&mut self, from: u64, limit: usize) -> Answer<'_, Vec<Record>>;
    /// Adds the index rows (log index, document) and stores `indexed`
    /// as the index's progress, in the indexer's transaction. An erased
    /// record's row is written empty, whatever its document: answers their
    /// log indexes (whose rows an erasure's turn must then not delete).
    fn index_write<'a>(&'a mut self, rows: &'a [IndexRow], indexed: u64) -> Answer<'a, Vec<u64>>;
    /// Takes out of the index the rows of erased records (log index, the
    /// document their row was made from: what `BatchStorage::write`
    /// answered), in a transaction of its own, and cleans the index's files
    /// of their bytes (docs/design.md §12). A backend whose erasure empties
    /// the index row in its own transaction does nothing.
    fn index_erase<'a>(&'a mut self, erased: &'a [IndexRow]) -> Answer<'a, ()>;
    fn commit(&mut self) -> Answer<'_, ()>;
    fn rollback(&mut self) -> BoxFuture<'_, ()>;
    fn close(self: Box<Self>) -> BoxFuture<'static, ()>;
}
