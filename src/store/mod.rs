//! Persistence. One append path (a writer task that owns the only write
//! connection) and a pool of read connections that never wait for it.
//!
//! SQLite is the embedded default; the types here are what a PostgreSQL backend
//! will implement too, so the HTTP layer does not know which one it talks to.

mod cache;
pub mod keys;
pub mod signing;
mod sqlite;

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;

use crate::domain::chain::{format_timestamp, ChainBreak};
use crate::domain::merkle::Hash;
use crate::domain::Record;

pub use sqlite::Store;

/// Default database: a file under `./data`, created if missing.
pub const DEFAULT_DATABASE_URL: &str = "sqlite://./data/decision-trail.db";

/// Default checkpoint origin (and name of a generated signing key). C2SP
/// recommends a schema-less URL that names the log.
pub const DEFAULT_ORIGIN: &str = "localhost/decision-trail";

/// SQLite's `synchronous` setting. FULL (the default) makes every acknowledged
/// record survive power loss; NORMAL can lose the last commits on power loss (not
/// on a process crash) in exchange for fewer fsyncs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Synchronous {
    #[default]
    Full,
    Normal,
    Extra,
}

impl FromStr for Synchronous {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "full" => Ok(Synchronous::Full),
            "normal" => Ok(Synchronous::Normal),
            "extra" => Ok(Synchronous::Extra),
            _ => Err(format!(
                "`{s}` is not a durable synchronous mode; use full (default), extra or normal"
            )),
        }
    }
}

impl fmt::Display for Synchronous {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Synchronous::Full => "full",
            Synchronous::Normal => "normal",
            Synchronous::Extra => "extra",
        })
    }
}

#[derive(Debug, Clone)]
pub struct StoreConfig {
    pub database_url: String,
    pub synchronous: Synchronous,
    /// Read connections; reads never share the writer's connection.
    pub read_connections: u32,
    /// The signing key file; None: `log-signing.key` beside the database,
    /// generated on first start.
    pub signing_key: Option<PathBuf>,
    /// First line of every checkpoint: the log's name.
    pub origin: String,
    /// Appends that may wait for the writer; past it, appends are refused (503).
    pub queue_capacity: usize,
    /// Bytes of appends that may wait for the writer; past it, likewise.
    pub queue_bytes: usize,
    /// How long an `Idempotency-Key` is remembered after its append.
    pub idempotency_ttl: Duration,
}

/// Default bound of the append queue, in appends.
pub const DEFAULT_QUEUE_CAPACITY: usize = 4096;
/// Default bound of the append queue, in bytes.
pub const DEFAULT_QUEUE_BYTES: usize = 64 * 1024 * 1024;
/// Default time an `Idempotency-Key` is remembered: 24 hours.
pub const DEFAULT_IDEMPOTENCY_TTL: Duration = Duration::from_secs(24 * 60 * 60);

impl Default for StoreConfig {
    fn default() -> Self {
        StoreConfig {
            database_url: DEFAULT_DATABASE_URL.to_string(),
            synchronous: Synchronous::Full,
            read_connections: 8,
            signing_key: None,
            origin: DEFAULT_ORIGIN.to_string(),
            queue_capacity: DEFAULT_QUEUE_CAPACITY,
            queue_bytes: DEFAULT_QUEUE_BYTES,
            idempotency_ttl: DEFAULT_IDEMPOTENCY_TTL,
        }
    }
}

/// The two sources of non-determinism in an append, replaceable by tests
/// (seed 003 §2): the record id and the clock reading.
#[derive(Clone)]
pub struct Seams {
    pub new_id: Arc<dyn Fn() -> String + Send + Sync>,
    pub now: Arc<dyn Fn() -> String + Send + Sync>,
}

impl Default for Seams {
    fn default() -> Self {
        Seams {
            new_id: Arc::new(|| uuid::Uuid::new_v4().to_string()),
            now: Arc::new(|| format_timestamp(Utc::now())),
        }
    }
}

impl fmt::Debug for Seams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seams { .. }")
    }
}

/// An append's `Idempotency-Key`: who sent it, the key, and the fingerprint
/// of the request (`domain::idempotency::fingerprint`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    pub scope: String,
    pub key: String,
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
pub enum Scope<'a> {
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
    /// An idempotency key already used for a different request.
    #[error("{0}")]
    KeyReused(String),
    /// The append queue is full; retrying shortly will likely succeed.
    #[error("{0}")]
    Busy(String),
    /// Stored data that does not read back as a record, or an unexpected error.
    #[error("storage error: {0}")]
    Internal(String),
}
