//! Persistence: everything the service keeps, behind one [`Store`].
//!
//! - [`writer`]: the backend-neutral append path. A bounded queue, batches
//!   planned in memory (heads, `seq`, `prev_hash`, timestamps, record hashes, the
//!   Merkle frontier, the checkpoint to sign, idempotency decisions) and handed
//!   to the backend to write in one transaction (group commit); the search
//!   indexer beside it.
//! - [`backend`]: the traits a backend implements (the reads it runs its own
//!   way, the writer's transactions, the indexer's steps); `backend::sql`: the
//!   SQL both backends share (`$n` values, `Db`) and what each says of its own
//!   (`Dialect`); `backend::rows`: the rows both backends read.
//! - `sqlite/`: the embedded backend; `postgres/`: the backend for several
//!   replicas on one database server. The HTTP layer never names a backend.
//! - `reads`: every read, written once, and the store's calls that read:
//!   records and their pages, sessions and trails, search pages, what the
//!   trail browser reads besides.
//! - [`log`]: the Merkle log as stored: checkpoints and proofs, its rows, the
//!   signing key, what the key signed as known from outside the database (the
//!   checkpoint copy among it), witnesses' cosignatures.
//! - `check`: the log's integrity: at start, a task's chain as stored, and
//!   `fsck`'s offline check of a whole database and its index.
//! - `admin`: what an operator runs on the second day: `backup`, `log
//!   import`, `log rotate`, the API-key file.
//! - [`witness`]: the files of `decision-trail witness`.
//! - Beside them: `open` (opening, `log rebuild`), `config` (what a store is
//!   opened with), `types` (the store's values and errors), `snapshots` (the
//!   capability registry), `erasure` (erasure, holds, retention), `cache`
//!   (recent records and stored hashes), `random` (ids).
//!
//! What every backend must guarantee (docs/design.md §2, §4), whatever the
//! number of writers on the same database:
//! - one linear chain per task: the database refuses two records with one
//!   `(task_id, seq)`, and a `prev_hash` that is not the hash of the record
//!   before (so a record has one successor);
//! - a dense log: `log_index` counts from 0 without gaps;
//! - append-only rows: UPDATE and DELETE of records are refused by the database;
//! - an atomic batch: its records, their log hashes, their idempotency keys and
//!   the checkpoint that covers them commit together or not at all;
//! - nothing acknowledged before its commit: the writer answers a caller only
//!   after the commit that holds its record, and publishes the new checkpoint
//!   first.

pub(crate) mod admin;
pub(crate) mod backend;
mod cache;
mod check;
mod config;
mod erasure;
pub mod log;
mod open;
mod postgres;
pub(crate) mod random;
mod reads;
mod snapshots;
mod sqlite;
mod types;
pub mod witness;
pub(crate) mod writer;

pub use admin::backup::{backup, BackupManifest, BACKUP_DATABASE, BACKUP_MANIFEST};
pub use admin::import::{Import, Imported};
pub use admin::rotate::{rotate, Rotated};
pub use check::fsck::{fsck, FsckReport, FsckTrust};
pub use config::{
    Seams, StoreConfig, Synchronous, DEFAULT_DATABASE_URL, DEFAULT_IDEMPOTENCY_TTL,
    DEFAULT_MIN_FREE_BYTES, DEFAULT_ORIGIN, DEFAULT_QUEUE_BYTES, DEFAULT_QUEUE_CAPACITY,
    DEFAULT_SEARCH_REFRESH,
};
pub use erasure::{duration_text, spawn_retention, RETENTION_AGENT};
pub use log::signed::{behind_signed, forked, SignedClaim};
pub use reads::activity::{ActivityCount, AgentSummary, TaskRecordFacts, TaskSort, MIX_OF_LAST};
pub use reads::search::{SearchHit, SearchPage, KEPT_FOR as SEARCH_KEPT_FOR};
pub use types::{
    Appended, CapabilitySnapshot, ChainVerdict, Erased, Hold, HoldChange, Idempotency, Listing,
    Page, SessionSummary, SignedCheckpoint, StoreError, TaskSummary, MAX_TRAIL, SESSION_MEMBERS,
};

use std::sync::Arc;

use tokio::sync::watch;

/// Counts rows read back from the database and refused as not what the
/// service wrote (docs/design.md §10, `decision_trail_stored_rows_refused_total`).
pub(crate) fn rows_refused(table: &'static str, rows: usize) {
    metrics::counter!(crate::domain::metrics::STORED_ROWS_REFUSED, "table" => table)
        .increment(rows as u64);
}

use crate::domain::NewRecord;
use backend::Effects;
use cache::{HashCache, RecordCache};
use reads::Reads;
use writer::Writer;

impl Store {
    /// What the writer's watch over the system clock found in the last
    /// hour: a step ahead, or readings behind a chain (`/readyz`'s detail).
    pub fn clock_note(&self) -> Option<String> {
        self.writer.clock_note()
    }
}

/// The store: the writer for appends, the backend's reads for everything else,
/// and what is kept in memory between them.
pub struct Store {
    /// The only way in for appends.
    writer: Writer,
    /// Every read; they never wait for the writer.
    reads: Reads,
    /// The log's signing key, for the statements the store signs beside
    /// checkpoints (an export's task head).
    signer: crate::domain::checkpoint::LogSigner,
    /// This process's newest checkpoint; the writer publishes each one before
    /// answering the appends it covers.
    own: watch::Receiver<Arc<SignedCheckpoint>>,
    /// The log's verifier key in signed-note form, served as is.
    verifier_key: String,
    /// Recent records by id (immutable, so never stale).
    recent: RecordCache,
    /// Stored log hashes already read: the nodes most proofs share.
    hashes: HashCache,
    /// The order of each recent search that has more pages.
    search_orders: reads::search::SearchOrders,
    /// Other replicas append to the same database: the newest checkpoint is
    /// read from it ([`Store::database_checkpoint`]).
    shared: bool,
    /// Publishes a newer checkpoint read from the database (shared only).
    publish: writer::Publisher,
    /// Every new record is erasable (`--erasable`, docs/design.md §12).
    erasable: bool,
    /// One erasure at a time in this process.
    erase_turn: erasure::EraseTurn,
}

impl Store {
    /// Appends a record to its task's chain; answers after the commit that holds
    /// it. When the queue is full (in appends or bytes) it refuses at once with
    /// `Busy` rather than queueing without limit.
    ///
    /// With an `idempotency` key, a request already answered, or still in the
    /// writer's queue, with the same key and fingerprint gets that record back
    /// (`replayed`) instead of a new one; the same key with another fingerprint
    /// is refused (`IdempotencyKeyReused`). The key is stored in the transaction
    /// that stores the record, so a crash keeps both or neither.
    pub async fn append(
        &self,
        mut draft: NewRecord,
        idempotency: Option<Idempotency>,
    ) -> Result<Appended, StoreError> {
        draft.erasable |= self.erasable;
        let appended = self
            .writer
            .append(draft, idempotency, Effects::default())
            .await?;
        // Committed: agents read back what they just wrote, so keep it at hand.
        self.recent.put(&appended.record);
        Ok(appended)
    }

    /// Appends records in their order, all or none, in one writer batch
    /// (`POST /thoughts/batch`): records of one task chain in that order, and
    /// when one is refused (a moved head, a reused key) nothing is written and
    /// that refusal is the answer. Each draft's idempotency is as for
    /// [`Store::append`].
    pub async fn append_batch(
        &self,
        drafts: Vec<(NewRecord, Option<Idempotency>)>,
    ) -> Result<Vec<Appended>, StoreError> {
        let answers = self.append_group(drafts, true).await?;
        answers.into_iter().collect()
    }

    /// Appends records in their order in one writer batch, each appended or
    /// refused on its own (the spans of an OTLP export): one answer per draft.
    pub async fn append_each(
        &self,
        drafts: Vec<(NewRecord, Option<Idempotency>)>,
    ) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
        self.append_group(drafts, false).await
    }

    async fn append_group(
        &self,
        drafts: Vec<(NewRecord, Option<Idempotency>)>,
        atomic: bool,
    ) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
        let drafts = drafts
            .into_iter()
            .map(|(mut draft, idempotency)| {
                draft.erasable |= self.erasable;
                (draft, idempotency, Effects::default())
            })
            .collect();
        let answers = self.writer.append_group(drafts, atomic).await?;
        for appended in answers.iter().flatten() {
            self.recent.put(&appended.record);
        }
        Ok(answers)
    }

    /// Finishes the appends already queued, then stops the writer and closes the
    /// database. Appends after this are refused as unavailable.
    pub async fn close(&self) {
        // The readers first: SQLite removes the WAL (its frames checkpointed
        // into the database file) only when the last connection to close can
        // write, so a clean stop leaves one self-contained file.
        self.reads.close().await;
        self.writer.close().await;
    }

    /// Jobs waiting in the writer's queue now (`/metrics`).
    pub fn queue_depth(&self) -> usize {
        self.writer.queue_depth()
    }

    /// How far behind the log the search index is (`/metrics`): records
    /// this process's writer committed that it does not cover, and seconds
    /// since the oldest of them was committed.
    pub fn search_lag(&self) -> (u64, f64) {
        self.writer
            .index_progress()
            .lag(self.writer.integrated_size())
    }

    /// Brings the search index up to the log as stored, for at most 2 s
    /// (a search with `fresh=true`): the log size it then covers.
    pub async fn refresh_index(&self) -> Result<u64, StoreError> {
        self.writer.refresh_index().await
    }

    /// The log's size as this process's writer last committed it (`/metrics`);
    /// the newest signed checkpoint is [`Store::database_checkpoint`].
    pub fn integrated_size(&self) -> u64 {
        self.writer.integrated_size()
    }

    /// True when an append could commit now (the writer runs, the database
    /// takes its write lock, its disk has room) and the database answers a read.
    pub async fn ready(&self) -> Result<(), StoreError> {
        self.writer.probe().await?;
        self.reads.ready().await
    }
}
