//! Persistence: everything the service keeps, behind one [`Store`].
//!
//! - [`writer`]: the backend-neutral append path. A bounded queue, batches
//!   planned in memory (heads, `seq`, `prev_hash`, timestamps, record hashes, the
//!   Merkle frontier, the checkpoint to sign, idempotency decisions) and handed
//!   to the backend to write in one transaction (group commit).
//! - [`backend`]: the two traits a backend implements, one for reads and one for
//!   the writer's transactions.
//! - `sqlite/`: the embedded backend; `postgres/`: the backend for several
//!   replicas on one database server. The HTTP layer never names a backend.
//! - `config`: what a store is opened with; `walk`: a task's chain checked as
//!   stored; `checkpoint_copy`: the checkpoints kept outside the database;
//!   `fsck`: the offline check of a whole database.
//! - `search`: search pages, kept in the order of their first page.
//! - `cache`, `signing`, `api_keys`: recent records, the log's signing-key
//!   file, the API-key file.
//!
//! What every backend must guarantee (docs/design.md §2, §4), whatever the
//! number of writers on the same database:
//! - one linear chain per task: the database refuses two records with one
//!   `(task_id, seq)` or one `(task_id, prev_hash)`, and a `prev_hash` that is not
//!   the hash of the record before;
//! - a dense log: `log_index` counts from 0 without gaps;
//! - append-only rows: UPDATE and DELETE of records are refused by the database;
//! - an atomic batch: its records, their log hashes, their idempotency keys and
//!   the checkpoint that covers them commit together or not at all;
//! - nothing acknowledged before its commit: the writer answers a caller only
//!   after the commit that holds its record, and publishes the new checkpoint
//!   first.

pub(crate) mod api_keys;
pub(crate) mod backend;
mod cache;
pub mod checkpoint_copy;
mod config;
mod fsck;
mod postgres;
mod rows;
mod search;
pub(crate) mod signing;
mod sqlite;
mod walk;
pub(crate) mod writer;

pub use config::{
    Seams, StoreConfig, Synchronous, DEFAULT_DATABASE_URL, DEFAULT_IDEMPOTENCY_TTL,
    DEFAULT_MIN_FREE_BYTES, DEFAULT_ORIGIN, DEFAULT_QUEUE_BYTES, DEFAULT_QUEUE_CAPACITY,
};
pub use fsck::{fsck, FsckReport};
pub use search::{SearchHit, SearchPage, KEPT_FOR as SEARCH_KEPT_FOR};

use std::sync::Arc;

use chrono::Utc;
use tokio::sync::watch;

use crate::domain::chain::{format_timestamp, ChainBreak};
use crate::domain::checkpoint::LogSigner;
use crate::domain::cursor::{self, CursorKind};
use crate::domain::merkle::{Frontier, Hash, LogQuery, StoredHashes};
use crate::domain::record::RecordFilter;
use crate::domain::{NewRecord, Record};
use backend::Reads;
use cache::{HashCache, RecordCache};
use checkpoint_copy::{check_copy, CheckpointCopy};
use writer::Writer;

/// An append's `Idempotency-Key`, as the writer keeps it with the record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdempotencyClaim {
    /// Whose key it is: the API-key agent, or '' when the service is open, so
    /// that two agents never replay each other's records.
    pub owner: String,
    /// The `Idempotency-Key` header as sent.
    pub idempotency_key: String,
    /// `domain::idempotency::fingerprint` of the request: a retry must match it.
    pub fingerprint: String,
}

/// What an append answers: the record, and whether it was created by an
/// earlier request with the same idempotency key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appended {
    pub record: Record,
    pub replayed: bool,
}

/// A task's chain at a glance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskSummary {
    pub task_id: String,
    pub length: u64,
    pub head_hash: String,
    pub first_timestamp: String,
    pub last_timestamp: String,
}

/// A checkpoint the log signed: its size, root and the signed note as served.
#[derive(Debug, Clone, PartialEq)]
pub struct SignedCheckpoint {
    pub tree_size: u64,
    pub root: Hash,
    pub note: String,
}

impl SignedCheckpoint {
    /// Signs the checkpoint of `frontier`'s tree, as the log named `origin`.
    pub(crate) fn sign(frontier: &Frontier, signer: &LogSigner, origin: &str) -> SignedCheckpoint {
        let root = frontier.root();
        SignedCheckpoint {
            tree_size: frontier.size(),
            root,
            note: signer.sign_checkpoint(origin, frontier.size(), root),
        }
    }
}

/// The outcome of walking a task's chain in storage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ChainVerdict {
    Valid {
        length: u64,
        head_hash: String,
    },
    /// The first break, and the stored `seq` of the record where it is.
    Broken {
        at: ChainBreak,
        seq: u64,
    },
}

/// One page of a listing and the cursor of the next page, if there is one.
#[derive(Debug, Clone)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub next: Option<String>,
}

/// Which records a listing covers.
#[derive(Debug, Clone, Copy)]
pub enum Listing<'a> {
    /// Every record, in log order.
    Log,
    /// One task's chain, in seq order.
    Task(&'a str),
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The configuration cannot be used (bad URL, unsupported backend).
    #[error("{0}")]
    Config(String),
    /// A paging cursor that this store did not issue for this listing.
    #[error("the cursor was not issued for this listing")]
    UnknownCursor,
    /// A search cursor whose search is no longer kept, or was another query.
    #[error("the search cursor expired or belongs to another query")]
    SearchCursorGone,
    /// The write would break a uniqueness or chain rule of the schema.
    #[error("conflict: {0}")]
    Conflict(String),
    /// The database cannot be reached or the writer has stopped.
    #[error("storage unavailable: {0}")]
    Unavailable(String),
    /// A conditional append whose expected head is not the chain's head.
    #[error("the head of `{task_id}` is {head_hash} (length {length}), not the expected one")]
    HeadMoved {
        task_id: String,
        head_hash: String,
        length: u64,
    },
    /// An `Idempotency-Key` already used for a different request.
    #[error("idempotency key `{idempotency_key}` was used for a different request")]
    IdempotencyKeyReused { idempotency_key: String },
    /// The database's disk has less room than an append may need.
    #[error("the database's disk has {free} bytes free, under the {required} required")]
    NoRoom { free: u64, required: u64 },
    /// The append queue is full; retrying shortly will likely succeed.
    #[error("{0}")]
    Busy(String),
    /// Stored data that does not read back as a record, or an unexpected error.
    #[error("storage error: {0}")]
    Internal(String),
}

/// The store: the writer for appends, the backend's reads for everything else,
/// and what is kept in memory between them.
pub struct Store {
    /// The only way in for appends.
    writer: Writer,
    /// Every read; they never wait for the writer.
    reads: Box<dyn Reads>,
    /// The newest checkpoint; the writer publishes each one before answering
    /// the appends it covers.
    latest: watch::Receiver<Arc<SignedCheckpoint>>,
    /// The log's verifier key in signed-note form, served as is.
    verifier_key: String,
    /// Recent records by id (immutable, so never stale).
    recent: RecordCache,
    /// Stored log hashes already read: the nodes most proofs share.
    hashes: HashCache,
    /// The order of each recent search that has more pages.
    search_orders: search::SearchOrders,
    /// Other replicas append to the same database: the newest checkpoint is
    /// read from it ([`Store::newest_checkpoint`]).
    shared: bool,
    /// Publishes a newer checkpoint read from the database (shared only).
    publish: writer::Publisher,
}

/// Opens the backend the URL names.
async fn open_backend(config: &StoreConfig) -> Result<backend::Opened, StoreError> {
    if postgres::is_postgres(&config.database_url) {
        postgres::open(config).await
    } else {
        sqlite::open(config).await
    }
}

/// Opens the backend the URL names for reading only (`fsck`).
async fn open_read_only(config: &StoreConfig) -> Result<Box<dyn Reads>, StoreError> {
    if postgres::is_postgres(&config.database_url) {
        postgres::open_read_only(config).await
    } else {
        sqlite::open_read_only(config).await
    }
}

/// The signing key the configuration names, and the checkpoint copy's path:
/// as configured, else beside the key file, else `./data` (a key given in
/// the environment has no folder).
fn signer_and_copy(
    config: &StoreConfig,
    key_dir: Option<&std::path::Path>,
    origin: &str,
) -> Result<(LogSigner, std::path::PathBuf), StoreError> {
    let (signer, key_path) = signing::load(
        config.signing_key_text.as_deref(),
        config.signing_key.as_deref(),
        key_dir,
        origin,
    )?;
    match &key_path {
        Some(path) => {
            tracing::info!(key = %signer.verifier_key(), path = %path.display(), %origin, "log signing key")
        }
        None => {
            tracing::info!(key = %signer.verifier_key(), %origin, "log signing key (from the environment)")
        }
    }
    let copy = config.checkpoint_copy.clone().unwrap_or_else(|| {
        key_path
            .as_deref()
            .and_then(std::path::Path::parent)
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(std::path::Path::new("./data"))
            .join(checkpoint_copy::DEFAULT_FILE)
    });
    Ok((signer, copy))
}

/// A work session: the records that name it, across tasks (docs/design.md §6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionSummary {
    pub session_id: String,
    pub length: u64,
    pub first_timestamp: String,
    pub last_timestamp: String,
    /// Its tasks and agents in order of first appearance (at most
    /// `SESSION_MEMBERS` each); None in listings.
    pub tasks: Option<Vec<String>>,
    pub agents: Option<Vec<String>>,
}

/// Most tasks and agents a session's summary lists.
pub const SESSION_MEMBERS: u32 = 1000;

/// Most records a trail walks up from a record to its root.
pub const MAX_TRAIL: usize = 10_000;

/// A capability snapshot in the registry (docs/design.md §9): the canonical
/// payload whose SHA-256 is `hash`, and every sub-hash's payload, so that all
/// of it checks against the hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CapabilitySnapshot {
    pub hash: String,
    /// The request's kind (`tool_static`, `registered_agent_static`, …).
    pub kind: String,
    /// The exact text whose SHA-256 is `hash`.
    pub canonical: String,
    /// JSON array of `{canonical, sha256}`: every hash computed on the way.
    pub trace: String,
    pub stored_at: String,
}

/// Records kept by id for reads, and their bytes at most.
const RECENT_RECORDS: usize = 16_384;
const RECENT_BYTES: usize = 32 * 1024 * 1024;
/// Stored log hashes kept in memory (about 48 bytes each: 12 MB at most).
const CACHED_HASHES: usize = 256 * 1024;

impl Store {
    /// Opens (creating if missing) the database named by the configuration,
    /// applies migrations, loads the log and starts the writer.
    pub async fn open(config: &StoreConfig) -> Result<Store, StoreError> {
        Store::open_with(config, Seams::default()).await
    }

    /// As [`Store::open`], with the id and clock seams replaced.
    pub async fn open_with(config: &StoreConfig, seams: Seams) -> Result<Store, StoreError> {
        if postgres::is_postgres(&config.database_url) {
            // Before connecting: the key is the first thing a replica needs.
            signing::load(
                config.signing_key_text.as_deref(),
                config.signing_key.as_deref(),
                None,
                &config.origin,
            )?;
        }
        let opened = open_backend(config).await?;
        let (signer, copy_path) =
            signer_and_copy(config, opened.key_dir.as_deref(), &config.origin)?;
        let verifier_key = signer.verifier_key().to_string();
        let mut batches = opened.batches;
        let (frontier, latest) = batches.open_log(&signer, &config.origin).await?;
        if let Some(dir) = copy_path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", dir.display())))?;
        }
        let copy = check_copy(
            &copy_path,
            &latest,
            opened.reads.as_ref(),
            &verifier_key,
            &config.origin,
        )
        .await?;
        let (writer, latest, publish) = Writer::start(
            batches,
            opened.search_document,
            frontier,
            latest,
            signer,
            copy,
            config,
            seams,
            opened.writer_thread,
        )?;
        Ok(Store {
            shared: opened.shared,
            publish,
            writer,
            reads: opened.reads,
            latest,
            verifier_key,
            recent: RecordCache::new(RECENT_RECORDS, RECENT_BYTES),
            hashes: HashCache::new(CACHED_HASHES),
            search_orders: search::SearchOrders::default(),
        })
    }

    /// Appends a record to its task's chain; answers after the commit that holds
    /// it. When the queue is full (in appends or bytes) it refuses at once with
    /// `Busy` rather than queueing without limit.
    ///
    /// With a `claim`, a request already answered, or still in the writer's
    /// queue, with the same key and fingerprint gets that record back
    /// (`replayed`) instead of a new one; the same key with another fingerprint
    /// is refused (`IdempotencyKeyReused`). The key is stored in the transaction
    /// that stores the record, so a crash keeps both or neither.
    pub async fn append(
        &self,
        draft: NewRecord,
        claim: Option<IdempotencyClaim>,
    ) -> Result<Appended, StoreError> {
        let appended = self.writer.append(draft, claim).await?;
        // Committed: agents read back what they just wrote, so keep it at hand.
        self.recent.put(&appended.record);
        Ok(appended)
    }

    /// Finishes the appends already queued, then stops the writer and closes the
    /// database. Appends after this are refused as unavailable.
    pub async fn close(&self) {
        self.writer.close().await;
        self.reads.close().await;
    }

    /// True when an append could commit now (the writer runs, the database
    /// takes its write lock, its disk has room) and the database answers a read.
    pub async fn ready(&self) -> Result<(), StoreError> {
        self.writer.probe().await?;
        self.reads.ready().await
    }

    /// Stores a capability snapshot unless one with its hash is stored; the
    /// stored one, and whether it was this call that stored it.
    pub async fn put_snapshot(
        &self,
        mut snapshot: CapabilitySnapshot,
    ) -> Result<(CapabilitySnapshot, bool), StoreError> {
        snapshot.stored_at = format_timestamp(Utc::now());
        self.writer.put_snapshot(snapshot).await
    }

    /// The capability snapshot stored under `hash`.
    pub async fn snapshot(&self, hash: &str) -> Result<Option<CapabilitySnapshot>, StoreError> {
        self.reads.snapshot(hash).await
    }

    /// The session's summary, with its tasks and agents.
    pub async fn session(&self, session_id: &str) -> Result<Option<SessionSummary>, StoreError> {
        Ok(self.reads.session(session_id).await?.map(|(_, s)| s))
    }

    /// A page of sessions, in the order of their first record.
    pub async fn sessions(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<SessionSummary>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => {
                let first =
                    cursor::decode(CursorKind::Sessions, token).ok_or(StoreError::UnknownCursor)?;
                let starts = self.reads.seq_at(first).await?;
                let named = match starts {
                    Some(_) => self.record_at(first).await?.and_then(|r| r.session_id),
                    None => None,
                };
                // The cursor must name the first record of a session.
                match named {
                    Some(s) if self.reads.session(&s).await?.map(|(f, _)| f) == Some(first) => {
                        Some(first)
                    }
                    _ => return Err(StoreError::UnknownCursor),
                }
            }
        };
        let rows = self.reads.sessions(after, limit + 1).await?;
        let page = paginate(rows, limit, |(first, _)| {
            cursor::encode(CursorKind::Sessions, *first)
        });
        Ok(Page {
            items: page.items.into_iter().map(|(_, s)| s).collect(),
            next: page.next,
        })
    }

    /// The records from the root of `id`'s tree down to `id` (docs/design.md
    /// §6): None when there is no such record.
    pub async fn trail(&self, id: &str) -> Result<Option<Vec<Record>>, StoreError> {
        let Some(mut record) = self.record(id).await? else {
            return Ok(None);
        };
        let mut trail = Vec::new();
        while let Some(parent) = record.parent_id.clone() {
            if trail.len() + 1 >= MAX_TRAIL {
                return Err(StoreError::Internal(format!(
                    "the trail of {id} is longer than {MAX_TRAIL} records"
                )));
            }
            trail.push(record);
            // The database refuses a parent that is not an earlier record of
            // the task, so each step goes back and the walk ends.
            record = self.record(&parent).await?.ok_or_else(|| {
                StoreError::Internal(format!("record {parent}, a parent, is missing"))
            })?;
        }
        trail.push(record);
        trail.reverse();
        Ok(Some(trail))
    }

    /// The newest checkpoint this process knows: it covers every append it
    /// acknowledged (not those of other replicas: [`Store::newest_checkpoint`]).
    pub fn latest_checkpoint(&self) -> Arc<SignedCheckpoint> {
        self.latest.borrow().clone()
    }

    /// The newest signed checkpoint: it covers every acknowledged append, by
    /// this process or, on a shared database, by any replica (read from the
    /// database, one indexed row).
    pub async fn newest_checkpoint(&self) -> Result<Arc<SignedCheckpoint>, StoreError> {
        let known = self.latest_checkpoint();
        if !self.shared {
            return Ok(known);
        }
        match self.reads.checkpoint(None).await? {
            Some(stored) if stored.tree_size > known.tree_size => {
                // Only a checkpoint this log's key signed is served: a row
                // written into the table by anyone else is refused.
                crate::domain::checkpoint::open_checkpoint(&stored.note, &self.verifier_key)
                    .map_err(|e| {
                        StoreError::Internal(format!(
                            "the database's newest checkpoint (size {}) does not verify with \
                             the log's key: {e}",
                            stored.tree_size
                        ))
                    })?;
                let stored = Arc::new(stored);
                let newer = stored.clone();
                self.publish.send_if_modified(|current| {
                    let newer_than_current = newer.tree_size > current.tree_size;
                    if newer_than_current {
                        *current = newer.clone();
                    }
                    newer_than_current
                });
                Ok(stored)
            }
            _ => Ok(known),
        }
    }

    /// The log's verifier key, in signed-note format.
    pub fn verifier_key(&self) -> &str {
        &self.verifier_key
    }

    /// The checkpoint signed at `tree_size`, if the log signed one at that size.
    pub async fn checkpoint(&self, tree_size: u64) -> Result<Option<SignedCheckpoint>, StoreError> {
        self.reads.checkpoint(Some(tree_size)).await
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
        self.reads
            .checkpoint(None)
            .await?
            .filter(|c| log_index < c.tree_size)
            .ok_or_else(|| StoreError::Internal(format!("no checkpoint covers leaf {log_index}")))
    }

    /// The stored log hashes at `indexes` that exist: from memory when read
    /// before ([`HashCache`]), else from the database.
    pub(crate) async fn stored_hashes(&self, indexes: &[u64]) -> Result<StoredHashes, StoreError> {
        let (mut known, missing) = self.hashes.lookup(indexes);
        if !missing.is_empty() {
            let read = self.reads.log_hashes(&missing).await?;
            self.hashes.put(&read);
            known.extend(read);
        }
        Ok(known)
    }

    /// Answers log queries (validated by the caller against a signed size) with
    /// one read of the O(log n) stored hashes they need.
    pub async fn log_answers(&self, queries: &[LogQuery]) -> Result<Vec<Vec<Hash>>, StoreError> {
        let mut indexes: Vec<u64> = queries.iter().flat_map(LogQuery::indexes).collect();
        indexes.sort_unstable();
        indexes.dedup();
        let known = self.stored_hashes(&indexes).await?;
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
        self.reads.record_at(log_index).await
    }

    pub async fn record_by_hash(&self, hash: &str) -> Result<Option<Record>, StoreError> {
        self.reads.record_by_hash(hash).await
    }

    pub async fn record(&self, id: &str) -> Result<Option<Record>, StoreError> {
        if let Some(record) = self.recent.get(id) {
            return Ok(Some(record));
        }
        let record = self.reads.record(id).await?;
        if let Some(r) = &record {
            self.recent.put(r);
        }
        Ok(record)
    }

    /// Up to `limit` records of a task's chain after `after_seq` that are in the
    /// tree of `tree_size`, each with its inclusion proof in that tree.
    pub async fn export_page(
        &self,
        task_id: &str,
        tree_size: u64,
        after_seq: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(Record, Vec<Hash>)>, StoreError> {
        let records = self
            .reads
            .chain_page(task_id, after_seq, tree_size, limit)
            .await?;
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

    /// A page of the records `filter` keeps, after the cursor `after`, in log order
    /// (`Listing::Log`) or chain order (`Listing::Task`).
    pub async fn records(
        &self,
        listing: Listing<'_>,
        filter: &RecordFilter,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<Record>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => Some(self.position(token, listing).await?),
        };
        let items = self
            .reads
            .records(listing, filter, after, limit + 1)
            .await?;
        Ok(paginate(items, limit, |r| {
            cursor::encode(CursorKind::Records, r.log_index)
        }))
    }

    /// Resolves a record cursor to where the listing resumes: the `log_index` in
    /// the log, the `seq` in a task. The record must exist, and belong to the
    /// task when the listing is one task's.
    async fn position(&self, token: &str, listing: Listing<'_>) -> Result<u64, StoreError> {
        let log_index =
            cursor::decode(CursorKind::Records, token).ok_or(StoreError::UnknownCursor)?;
        let (seq, owner) = self
            .reads
            .seq_at(log_index)
            .await?
            .ok_or(StoreError::UnknownCursor)?;
        match listing {
            Listing::Log => Ok(log_index),
            Listing::Task(task_id) if task_id == owner => Ok(seq),
            Listing::Task(_) => Err(StoreError::UnknownCursor),
        }
    }

    pub async fn task(&self, task_id: &str) -> Result<Option<TaskSummary>, StoreError> {
        Ok(self.reads.task(task_id).await?.map(|(_, t)| t))
    }

    /// A page of tasks, in the order their first record was appended.
    pub async fn tasks(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<TaskSummary>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => {
                let task_no =
                    cursor::decode(CursorKind::Tasks, token).ok_or(StoreError::UnknownCursor)?;
                if !self.reads.task_no_exists(task_no).await? {
                    return Err(StoreError::UnknownCursor);
                }
                Some(task_no)
            }
        };
        let rows = self.reads.tasks(after, limit + 1).await?;
        let page = paginate(rows, limit, |(task_no, _)| {
            cursor::encode(CursorKind::Tasks, *task_no)
        });
        Ok(Page {
            items: page.items.into_iter().map(|(_, t)| t).collect(),
            next: page.next,
        })
    }
}

impl Store {
    /// Starts a new log under `origin` over the records of the database that
    /// `config` names (`decision-trail log rebuild`): the old checkpoints are
    /// kept aside in the database, the checkpoint copy is moved aside, and the
    /// new log's first checkpoint is signed and written to a fresh copy. The
    /// origin must be new: the old log is never signed again.
    pub async fn rebuild_log(
        config: &StoreConfig,
        origin: &str,
    ) -> Result<SignedCheckpoint, StoreError> {
        let opened = open_backend(config).await?;
        let (signer, copy_path) = signer_and_copy(config, opened.key_dir.as_deref(), origin)?;
        if let Some(last) = opened.reads.checkpoint(None).await? {
            let old_origin = last.note.lines().next().unwrap_or_default();
            if old_origin == origin {
                return Err(StoreError::Config(format!(
                    "the log is already named `{origin}`: a rebuilt log needs a new origin, so \
                     that no size is ever signed twice under one name"
                )));
            }
        }
        let retired_at = format_timestamp(Utc::now());
        let mut batches = opened.batches;
        let checkpoint = batches.rebuild_log(&signer, origin, &retired_at).await?;
        batches.close().await;
        opened.reads.close().await;
        if copy_path.exists() {
            let aside = copy_path.with_extension(format!("retired-{}", Utc::now().timestamp()));
            std::fs::rename(&copy_path, &aside).map_err(|e| {
                StoreError::Unavailable(format!("cannot move {} aside: {e}", copy_path.display()))
            })?;
        }
        let (mut copy, _) = CheckpointCopy::open(&copy_path, signer.verifier_key(), origin)?;
        copy.append(&checkpoint).map_err(|e| {
            StoreError::Unavailable(format!("cannot write {}: {e}", copy.path().display()))
        })?;
        Ok(checkpoint)
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
