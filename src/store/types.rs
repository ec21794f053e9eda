//! The store's public values: what an append takes and answers, summaries,
//! checkpoints, verdicts, pages, and the errors of every call.

use crate::domain::chain::ChainBreak;
use crate::domain::checkpoint::LogSigner;
use crate::domain::idempotency::{batch_item_fingerprint, batch_item_key, Form};
use crate::domain::merkle::{Frontier, Hash};
use crate::domain::{NewRecord, Record};

/// An append's idempotency: its `Idempotency-Key` in the key's scope, and
/// the request it stands for; the writer keeps it with the record (the
/// `idempotency` table's row).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Idempotency {
    /// Whose key it is: the API-key agent, or '' when the service is open, so
    /// that two agents never replay each other's records.
    pub scope: String,
    /// The `Idempotency-Key` header as sent.
    pub idempotency_key: String,
    /// The request's fingerprint in `form` (`domain::idempotency`), under
    /// its place in a batch: a retry must match it.
    pub fingerprint: String,
    /// Which fields `fingerprint` covers: a span's leaves out the parent the
    /// service found.
    pub form: Form,
}

impl Idempotency {
    /// `draft`'s, sent with `idempotency_key` in `scope`, fingerprinted in
    /// `form`.
    pub fn new(scope: String, idempotency_key: String, draft: &NewRecord, form: Form) -> Self {
        Idempotency {
            scope,
            idempotency_key,
            fingerprint: form.fingerprint(draft),
            form,
        }
    }

    /// The same, for item `index` of a batch of `count` sent with the key.
    pub fn batch_item(self, index: usize, count: usize) -> Self {
        Idempotency {
            idempotency_key: batch_item_key(&self.idempotency_key, index),
            fingerprint: batch_item_fingerprint(&self.fingerprint, index, count),
            ..self
        }
    }
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
        /// The size of the signed checkpoint every record was proven in.
        tree_size: u64,
        /// Records whose content was erased (each verified through its
        /// commitment, docs/design.md §12).
        erased: u64,
    },
    /// The first break, and the stored `seq` of the record where it is.
    Broken {
        at: ChainBreak,
        seq: u64,
        /// The size of the signed checkpoint the walk proved against.
        tree_size: u64,
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
    /// A proof was asked for a record that no signed checkpoint covers:
    /// every stored record should be, so it was not written by the log's
    /// writer (docs/design.md §2).
    #[error(
        "no signed checkpoint covers log_index {log_index} (the newest is of size {tree_size}): \
         every stored record should be, so this one was not written by the log's writer"
    )]
    NotSigned { log_index: u64, tree_size: u64 },
    /// The log in the database was altered by something other than its
    /// writers: leaves no verified checkpoint covers, a checkpoint row whose
    /// columns are not what its note signs, a log that shrank. Nothing more
    /// is signed over it (docs/design.md §2).
    #[error("the log in the database was altered: {0}")]
    LogAltered(String),
    /// A row read back is not what the service wrote (an idempotency key
    /// naming another request's record, a snapshot that does not
    /// re-verify): that one request fails; the row is never answered
    /// (docs/design.md §2, "Nothing read back is trusted").
    #[error("{0}")]
    RowAltered(String),
    /// The search index is not what the indexer wrote (its progress ahead
    /// of the log or missing, its pages damaged, rows that are not the
    /// records'): searches are refused while it is rebuilt from the records
    /// (docs/design.md §7).
    #[error("the search index is not the records': {0}")]
    IndexAltered(String),
    /// An erasure of a record whose hash covers its content (not erasable).
    #[error("{0}")]
    NotErasable(String),
    /// An erasure in a task under a legal hold.
    #[error("{0}")]
    Held(String),
    /// Stored data that does not read back as a record, or an unexpected error.
    #[error("storage error: {0}")]
    Internal(String),
}

/// A legal hold on a task (docs/design.md §12): while it stands, nothing of
/// the task is erased, by request or by retention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hold {
    /// When it was placed (the service's clock).
    pub at: String,
    /// The agent (key) that placed it.
    pub by: String,
    pub reason: String,
}

/// What placing or lifting a legal hold answers: the hold placed (or the
/// one that stood) or lifted, and the record on the task's trail that says
/// so, None when nothing changed (placed again).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldChange {
    pub hold: Hold,
    pub record: Option<Record>,
}

/// What an erasure answers: the record as it is now (erased), and the
/// record that says so, None when it was erased before (erasing again
/// changes nothing).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erased {
    pub record: Record,
    pub erasure: Option<Record>,
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

impl CapabilitySnapshot {
    /// Why the snapshot does not re-verify whole (its address, its trace's
    /// hashes, its kind, its storage time), if it does not: the database was
    /// edited (docs/design.md §9).
    pub fn problem(&self) -> Option<String> {
        crate::domain::capabilities::snapshot_problem(
            &self.hash,
            &self.kind,
            &self.canonical,
            &self.trace,
            &self.stored_at,
            chrono::Utc::now(),
        )
    }
}
