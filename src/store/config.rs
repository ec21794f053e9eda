//! How a store is opened: the database, durability, the log's identity, the
//! writer's bounds, and the seams tests replace.

use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;

use crate::domain::chain::format_timestamp;

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
    /// The signing key file; None: `log-signing.key` beside a SQLite
    /// database, generated on first start (PostgreSQL needs one given).
    pub signing_key: Option<PathBuf>,
    /// The signing key itself (a container's secret in an environment
    /// variable); used instead of any file.
    pub signing_key_text: Option<String>,
    /// First line of every checkpoint: the log's name.
    pub origin: String,
    /// Appends that may wait for the writer; past it, appends are refused (503).
    pub queue_capacity: usize,
    /// Bytes of appends that may wait for the writer; past it, likewise.
    pub queue_bytes: usize,
    /// How long an `Idempotency-Key` is remembered after its append.
    pub idempotency_ttl: Duration,
    /// The copy of every signed checkpoint outside the database; None:
    /// `checkpoints.ndjson` beside the signing key.
    pub checkpoint_copy: Option<PathBuf>,
    /// Start a new checkpoint copy, from the database's newest verified
    /// checkpoint, when the copy is missing or empty although the database
    /// holds a log: the operator's statement that the copy was lost (or
    /// that this is a new replica); without it such a start is refused.
    pub new_checkpoint_copy: bool,
    /// Free bytes the database's disk must have for the service to be ready.
    pub min_free_bytes: u64,
    /// PostgreSQL: the longest a statement may run (0: no limit), so that a
    /// stuck query frees its connection.
    pub statement_timeout: Duration,
    /// PostgreSQL: `synchronous_commit` of every session (`on`,
    /// `remote_write`, `remote_apply`): an append is answered only once its
    /// commit is that durable.
    pub synchronous_commit: String,
    /// PostgreSQL: the longest a connection may take to open, or a read to
    /// wait for a pooled one.
    pub connect_timeout: Duration,
    /// Every new record is erasable (docs/design.md §12), whatever its
    /// append asks.
    pub erasable: bool,
    /// How often the search index follows the log (docs/design.md §7): a
    /// record is found by a plain search at most about this long after its
    /// append was answered (with `fresh=true`, at once).
    pub search_refresh: Duration,
    /// The operator's statement that this log's key signed at least this
    /// many records (a monitor's or an auditor's word): a database behind
    /// it is refused at start (docs/design.md §2, "The second day").
    pub signed_at_least: Option<u64>,
    /// A checkpoint note of this log (as `GET /log/checkpoint` serves it)
    /// that the database must hold or extend, likewise.
    pub signed_checkpoint: Option<PathBuf>,
}

/// Default interval of the search index's steps.
pub const DEFAULT_SEARCH_REFRESH: Duration = Duration::from_millis(100);

/// Default PostgreSQL statement timeout.
pub const DEFAULT_STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);
/// Default PostgreSQL connect and pool-acquire timeout.
pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Default free space for readiness: room for a full queue of appends (64
/// MiB) and the log's pages.
pub const DEFAULT_MIN_FREE_BYTES: u64 = 128 * 1024 * 1024;

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
            signing_key_text: None,
            origin: DEFAULT_ORIGIN.to_string(),
            queue_capacity: DEFAULT_QUEUE_CAPACITY,
            queue_bytes: DEFAULT_QUEUE_BYTES,
            idempotency_ttl: DEFAULT_IDEMPOTENCY_TTL,
            checkpoint_copy: None,
            new_checkpoint_copy: false,
            min_free_bytes: DEFAULT_MIN_FREE_BYTES,
            statement_timeout: DEFAULT_STATEMENT_TIMEOUT,
            synchronous_commit: "on".to_string(),
            connect_timeout: DEFAULT_CONNECT_TIMEOUT,
            erasable: false,
            search_refresh: DEFAULT_SEARCH_REFRESH,
            signed_at_least: None,
            signed_checkpoint: None,
        }
    }
}

/// The two sources of non-determinism in an append, replaceable by tests: the
/// record id (a fresh UUID v7 of the record's timestamp, given as the
/// argument, docs/design.md §1) and the clock reading.
#[derive(Clone)]
pub struct Seams {
    pub new_id: Arc<dyn Fn(&str) -> String + Send + Sync>,
    pub now: Arc<dyn Fn() -> String + Send + Sync>,
    /// How often the writer deletes expired idempotency keys (in a batch's
    /// transaction anyway): a minute.
    pub purge_every: std::time::Duration,
}

impl Default for Seams {
    fn default() -> Self {
        Seams {
            new_id: Arc::new(|timestamp| {
                let mut random = [0u8; 16];
                super::random::fill(&mut random);
                crate::domain::record::record_id(timestamp, random)
            }),
            now: Arc::new(|| format_timestamp(Utc::now())),
            purge_every: std::time::Duration::from_secs(60),
        }
    }
}

impl fmt::Debug for Seams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seams { .. }")
    }
}
