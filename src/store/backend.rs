//! The seam between the backend-neutral store and a database: what a backend
//! implements. [`Reads`] serves every read from a pool that never waits for the
//! writer; [`BatchStorage`] is the writer's one connection, which writes each
//! batch the writer planned in one transaction.
//!
//! The traits hand out boxed futures so that the store can hold whichever
//! backend the configuration names (`Box<dyn …>`); a box per call is nothing
//! beside a database round trip.

use std::collections::HashMap;

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

use super::{
    CapabilitySnapshot, IdempotencyClaim, Listing, SessionSummary, SignedCheckpoint, StoreError,
    TaskSummary,
};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{Frontier, Hash, StoredHashes};
use crate::domain::record::Capabilities;
use crate::domain::record::RecordFilter;
use crate::domain::search::SearchQuery;
use crate::domain::{ChainHead, HashInput, Metadata, Record, RecordType};

/// What a backend's search index is given for a record, prepared from the
/// draft on the request's own thread before it is queued, so that the one
/// writer spends no time on it (docs/design.md §7).
#[derive(Debug, Clone)]
pub(crate) struct SearchDocument {
    /// SQLite: `index_text` of the content; PostgreSQL: the record's
    /// `tsvector` literal.
    pub content: String,
    /// SQLite: `metadata_text` of the metadata; PostgreSQL: None (in the
    /// tsvector already).
    pub metadata: Option<String>,
}

/// An opened database: its reads, the writer's connection, and where a
/// generated signing key goes.
pub(crate) struct Opened {
    pub reads: Box<dyn Reads>,
    pub batches: Box<dyn BatchStorage>,
    /// How this backend's search document of a record is made.
    pub search_document: fn(&crate::domain::NewRecord) -> SearchDocument,
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

/// The columns a chain walk hashes, read as stored: no validation, so that a
/// tampered row is reported by the walk, not refused by the reader. The text
/// columns share one buffer: a walk reads hundreds of thousands of rows, and
/// one allocation a row instead of eleven is a tenth of its time (issue 12).
#[derive(Debug, Clone)]
pub(crate) struct StoredLink {
    pub seq: u64,
    pub log_index: u64,
    /// The text columns in [`LinkText`]'s order, one after another.
    text: String,
    /// Where each text column ends in `text`.
    ends: [u32; LINK_TEXT_COLUMNS],
    /// Which columns are NULL, one bit each in the same order.
    nulls: u16,
}

const LINK_TEXT_COLUMNS: usize = 11;

/// A chain row's text columns, borrowed from the driver's row.
pub(crate) struct LinkText<'a> {
    pub id: &'a str,
    pub agent_id: &'a str,
    pub r#type: &'a str,
    pub content: &'a str,
    pub metadata: Option<&'a str>,
    /// The capabilities text as stored (hashed as it is).
    pub capabilities: Option<&'a str>,
    pub session_id: Option<&'a str>,
    pub parent_id: Option<&'a str>,
    pub timestamp: &'a str,
    pub prev_hash: &'a str,
    pub hash: &'a str,
}

impl StoredLink {
    pub fn new(seq: u64, log_index: u64, t: LinkText<'_>) -> StoredLink {
        let columns: [Option<&str>; LINK_TEXT_COLUMNS] = [
            Some(t.id),
            Some(t.agent_id),
            Some(t.r#type),
            Some(t.content),
            t.metadata,
            t.capabilities,
            t.session_id,
            t.parent_id,
            Some(t.timestamp),
            Some(t.prev_hash),
            Some(t.hash),
        ];
        let mut text = String::with_capacity(columns.iter().flatten().map(|c| c.len()).sum());
        let mut ends = [0; LINK_TEXT_COLUMNS];
        let mut nulls = 0;
        for (i, column) in columns.iter().enumerate() {
            match column {
                Some(c) => text.push_str(c),
                None => nulls |= 1 << i,
            }
            // A row's text is far below 4 GiB (records are capped at 1 MiB).
            ends[i] = text.len() as u32;
        }
        StoredLink {
            seq,
            log_index,
            text,
            ends,
            nulls,
        }
    }

    fn column(&self, i: usize) -> Option<&str> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        (self.nulls & (1 << i) == 0).then(|| &self.text[start..self.ends[i] as usize])
    }

    fn required(&self, i: usize) -> &str {
        self.column(i).unwrap_or_default()
    }

    pub fn id(&self) -> &str {
        self.required(0)
    }

    pub fn agent_id(&self) -> &str {
        self.required(1)
    }

    pub fn hash(&self) -> &str {
        self.required(10)
    }

    /// What the record's hash covers, as stored.
    pub fn hash_input<'a>(&'a self, task_id: &'a str) -> HashInput<'a> {
        HashInput {
            id: self.id(),
            r#type: self.required(2),
            task_id,
            content: self.required(3),
            timestamp: self.required(8),
            prev_hash: self.required(9),
            metadata: self.column(4),
            capabilities: self.column(5),
            session_id: self.column(6),
            parent_id: self.column(7),
        }
    }
}

/// A record's columns as a backend reads them, before they are checked
/// back into a [`Record`] (one place for that mapping).
#[derive(sqlx::FromRow)]
pub(crate) struct RecordColumns {
    pub log_index: i64,
    pub id: String,
    pub task_id: String,
    pub seq: i64,
    #[sqlx(rename = "type")]
    pub kind: String,
    pub agent_id: String,
    pub content: String,
    pub metadata: Option<String>,
    pub capabilities: Option<String>,
    pub session_id: Option<String>,
    pub parent_id: Option<String>,
    pub timestamp: String,
    pub prev_hash: String,
    pub hash: String,
}

impl TryFrom<RecordColumns> for Record {
    type Error = StoreError;

    fn try_from(row: RecordColumns) -> Result<Record, StoreError> {
        let r#type = row
            .kind
            .parse::<RecordType>()
            .map_err(|_| StoreError::Internal(format!("record {} has an unknown type", row.id)))?;
        let capabilities = match &row.capabilities {
            None => None,
            Some(text) => Some(
                crate::domain::json::parse(text, 4)
                    .ok()
                    .and_then(|v| Capabilities::from_json("capabilities", &v).ok())
                    .ok_or_else(|| {
                        StoreError::Internal(format!(
                            "record {} has unreadable capabilities",
                            row.id
                        ))
                    })?,
            ),
        };
        Ok(Record {
            id: row.id,
            seq: row.seq as u64,
            log_index: row.log_index as u64,
            r#type,
            task_id: row.task_id,
            agent_id: row.agent_id,
            content: row.content,
            metadata: row.metadata.map(Metadata::from_stored),
            capabilities,
            session_id: row.session_id,
            parent_id: row.parent_id,
            timestamp: row.timestamp,
            prev_hash: row.prev_hash,
            hash: row.hash,
        })
    }
}

/// Every read the store makes. Positions are the log's `log_index`, a task's
/// `seq` and the task list's `task_no`; one that does not fit the database's
/// integers is simply not found.
pub(crate) trait Reads: Send + Sync {
    /// The database answers a trivial query.
    fn ready(&self) -> Answer<'_, ()>;
    /// A session's summary with its tasks and agents, and the log index of
    /// its first record.
    fn session<'a>(&'a self, session_id: &'a str) -> Answer<'a, Option<(u64, SessionSummary)>>;
    /// Up to `limit` sessions whose first record comes after log index
    /// `after`, in that order, each with that index.
    fn sessions(&self, after: Option<u64>, limit: u32) -> Answer<'_, Vec<(u64, SessionSummary)>>;
    /// The capability snapshot stored under `hash`.
    fn snapshot<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<CapabilitySnapshot>>;
    fn record<'a>(&'a self, id: &'a str) -> Answer<'a, Option<Record>>;
    fn record_at(&self, log_index: u64) -> Answer<'_, Option<Record>>;
    fn record_by_hash<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Record>>;
    /// The `seq` and `task_id` of the record at `log_index`.
    fn seq_at(&self, log_index: u64) -> Answer<'_, Option<(u64, String)>>;
    /// Up to `limit` records that `filter` keeps after position `after`
    /// (exclusive): `log_index` for the log, `seq` for a task; from the start
    /// when None.
    fn records<'a>(
        &'a self,
        listing: Listing<'a>,
        filter: &'a RecordFilter,
        after: Option<u64>,
        limit: u32,
    ) -> Answer<'a, Vec<Record>>;
    /// Up to `limit` records of a task after `after_seq` whose leaves are in
    /// the tree of `tree_size`, in seq order.
    fn chain_page<'a>(
        &'a self,
        task_id: &'a str,
        after_seq: Option<u64>,
        tree_size: u64,
        limit: u32,
    ) -> Answer<'a, Vec<Record>>;
    /// A task's records in seq order, streamed as stored.
    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>>;
    /// A task's summary and its `task_no`.
    fn task<'a>(&'a self, task_id: &'a str) -> Answer<'a, Option<(u64, TaskSummary)>>;
    fn task_no_exists(&self, task_no: u64) -> Answer<'_, bool>;
    /// Up to `limit` tasks after `task_no` (exclusive), in `task_no` order.
    fn tasks(&self, after: Option<u64>, limit: u32) -> Answer<'_, Vec<(u64, TaskSummary)>>;
    /// The checkpoint signed at `tree_size`, or the newest one when None.
    fn checkpoint(&self, tree_size: Option<u64>) -> Answer<'_, Option<SignedCheckpoint>>;
    /// The stored log hashes at these indexes (those that exist).
    fn log_hashes<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, StoredHashes>;
    /// The best `max_hits` records matching `query` that `task` and `filter`
    /// keep, best first: each one's log index and relevance (higher is
    /// better; docs/design.md §7).
    fn search<'a>(
        &'a self,
        query: &'a SearchQuery,
        task: Option<&'a str>,
        filter: &'a RecordFilter,
        max_hits: u32,
    ) -> Answer<'a, Vec<(u64, f64)>>;
    /// The records at these log indexes (those that exist), in that order.
    fn records_at<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, Vec<Record>>;
    /// The triggers the schema's guarantees need that the database lacks.
    fn missing_triggers(&self) -> Answer<'_, Vec<&'static str>>;
    /// Closes the pool.
    fn close(&self) -> BoxFuture<'_, ()>;
}

/// What a batch needs from the database before it can be planned, read in its
/// transaction: the heads of the tasks the writer has not cached, and the
/// unexpired idempotency keys the batch carries.
#[derive(Debug, Default)]
pub(crate) struct Loaded {
    pub heads: HashMap<String, ChainHead>,
    /// By (owner, key): the stored fingerprint and the record it created.
    pub claims: HashMap<(String, String), (String, Record)>,
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
    pub claims: Vec<(&'a IdempotencyClaim, usize)>,
    /// When those keys expire, in Unix milliseconds.
    pub claims_expire_at: i64,
    /// The signed checkpoint of the log with this batch in it.
    pub checkpoint: SignedCheckpoint,
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
}

/// The writer's connection. The writer calls, for each batch:
/// `begin` (which answers the log's frontier when it moved under it), `load`, then `write`
/// (and `purge_claims` when due), then `commit` — or `rollback` after any
/// failure. From `begin` to `commit` no other writer may move a chain head or
/// the log.
pub(crate) trait BatchStorage: Send {
    /// Loads the log at start: the frontier of the last signed size, checked
    /// against that checkpoint, and the checkpoint to serve.
    fn open_log<'a>(
        &'a mut self,
        signer: &'a LogSigner,
        origin: &'a str,
    ) -> Answer<'a, (Frontier, SignedCheckpoint)>;
    /// Starts a new log over the stored records under `origin`, keeping the
    /// old checkpoints aside (`decision-trail log rebuild`).
    fn rebuild_log<'a>(
        &'a mut self,
        signer: &'a LogSigner,
        origin: &'a str,
        retired_at: &'a str,
    ) -> Answer<'a, SignedCheckpoint>;
    /// Whether an append could commit now: the database takes a write lock
    /// and its disk has room.
    fn probe(&mut self) -> Answer<'_, ()>;
    /// Stores a capability snapshot unless its hash is stored (its own
    /// statement, between batches): the stored one, and whether it is new.
    fn put_snapshot<'a>(
        &'a mut self,
        snapshot: &'a CapabilitySnapshot,
    ) -> Answer<'a, (CapabilitySnapshot, bool)>;
    /// Starts the batch's transaction, holding whatever keeps every other
    /// writer (another replica, another process) off the heads and the log
    /// until the commit. `known` is the log as the writer last committed it;
    /// when another writer appended since, answers the log's frontier as
    /// committed now (and the writer forgets its cached heads).
    fn begin<'a>(&'a mut self, known: &'a Frontier) -> Answer<'a, Option<Frontier>>;
    fn load<'a>(
        &'a mut self,
        tasks: &'a [&'a str],
        claims: &'a [&'a IdempotencyClaim],
        now_ms: i64,
    ) -> Answer<'a, Loaded>;
    fn write<'a>(
        &'a mut self,
        batch: &'a PlannedBatch<'a>,
    ) -> BoxFuture<'a, Result<(), BatchError>>;
    /// Deletes idempotency keys expired at `now_ms`.
    fn purge_claims(&mut self, now_ms: i64) -> Answer<'_, ()>;
    fn commit(&mut self) -> Answer<'_, ()>;
    fn rollback(&mut self) -> BoxFuture<'_, ()>;
    fn close(self: Box<Self>) -> BoxFuture<'static, ()>;
}
