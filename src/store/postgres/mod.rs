//! The PostgreSQL backend: any number of service replicas on one database
//! (docs/design.md §4). Every batch takes one transaction-scoped advisory
//! lock before it reads a head or the log's size, so replicas take turns at
//! the log and each batch starts from the database as it is, not as its
//! replica last saw it. Reads use a pool and never take the lock.
//!
//! - `reads`: the reads PostgreSQL runs its own way
//!   ([`super::backend::RowReads`]);
//! - `tx`: the writer's connection and transactions
//!   ([`super::backend::BatchStorage`]), reconnecting after a lost connection;
//! - `rows`: rows as PostgreSQL returns them (`content` is bytea);
//! - `search`: full-text search over a `tsvector` of `domain::search::words`.

mod reads;
mod rows;
mod search;
mod tx;
mod write;

pub(crate) use search::document;

use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::ConnectOptions;

use super::backend::sql::{Dialect, Fault};
use super::backend::{Opened, RowReads};
use super::{StoreConfig, StoreError};

/// What PostgreSQL writes its own way (migrations/postgres).
pub(crate) const DIALECT: Dialect = Dialect {
    // The expressions of the schema's partial indexes.
    static_hash: "capabilities IS NOT NULL AND (capabilities::jsonb) ->> 'static_hash'",
    runtime_hash: "capabilities IS NOT NULL AND (capabilities::jsonb) ->> 'runtime_hash'",
    // Only 'O' (origin) and 'A' (always) fire in the service's sessions:
    // 'D' is disabled, and 'R' fires only under replication.
    triggers: "SELECT t.tgname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
               WHERE NOT t.tgisinternal AND t.tgenabled IN ('O', 'A') \
               AND c.relnamespace = current_schema()::regnamespace",
    // TRUNCATE skips row triggers: each evidence table refuses it too.
    own_triggers: &[
        "capability_snapshots_no_truncate",
        "checkpoints_no_truncate",
        "log_hashes_no_truncate",
        "thoughts_no_truncate",
    ],
    merged_triggers: &[],
    leaf_formats: false,
    hash_lookup: "hash = $1",
    search: search::SEARCH,
};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/postgres");

/// The migrations, for running them again where nothing is kept
/// (`store::check::triggers`).
pub(crate) fn migrator() -> &'static sqlx::migrate::Migrator {
    &MIGRATOR
}

/// The advisory lock every batch holds until its commit: the log's one
/// writer at a time, across replicas. ("dtrail" in ASCII.)
pub(super) const LOG_LOCK: i64 = 0x6474_7261_696c;

/// How long a session may sit inside a transaction without a statement
/// before the server ends it: a batch sends its statements back to back, so
/// only a replica that froze or lost its network holds the lock this long.
const IDLE_IN_TRANSACTION: Duration = Duration::from_secs(10);

/// Whether `url` names a PostgreSQL database.
pub(crate) fn is_postgres(url: &str) -> bool {
    url.starts_with("postgres:") || url.starts_with("postgresql:")
}

/// Connection options from the URL (TLS as its `sslmode` asks), with the
/// statement timeout of the configuration.
fn connect_options(config: &StoreConfig) -> Result<PgConnectOptions, StoreError> {
    let url = &config.database_url;
    let options = PgConnectOptions::from_str(url)
        .map_err(|e| StoreError::Config(format!("invalid database URL `{}`: {e}", redact(url))))?;
    // A session that stops mid-transaction (a frozen replica) is ended by the
    // server, releasing the log's lock for the others. (Batches name their
    // isolation level themselves: store::postgres::tx.)
    // Every session asks its own durability: a database (or role) whose
    // default is `off` would answer an append that a crash then loses.
    let mut settings = vec![
        ("application_name", "decision-trail".to_string()),
        ("synchronous_commit", config.synchronous_commit.clone()),
        (
            "idle_in_transaction_session_timeout",
            IDLE_IN_TRANSACTION.as_millis().to_string(),
        ),
    ];
    // The server probes an idle connection every 10 s and drops it after
    // three unanswered probes: a replica's machine gone silent releases the
    // log's lock within about 40 s, whatever the kernel's defaults.
    settings.extend([
        ("tcp_keepalives_idle", "10".to_string()),
        ("tcp_keepalives_interval", "10".to_string()),
        ("tcp_keepalives_count", "3".to_string()),
    ]);
    if !config.statement_timeout.is_zero() {
        settings.push((
            "statement_timeout",
            format!("{}", config.statement_timeout.as_millis()),
        ));
    }
    Ok(options.options(settings).disable_statement_logging())
}

/// The URL without its password, for messages.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let userinfo = &url[scheme + 3..at];
            match userinfo.find(':') {
                Some(colon) => format!(
                    "{}{}:***{}",
                    &url[..scheme + 3],
                    &userinfo[..colon],
                    &url[at..]
                ),
                None => url.to_string(),
            }
        }
        _ => url.to_string(),
    }
}

/// Connects, applies the migrations (sqlx takes its own advisory lock, so
/// replicas starting together migrate once) and opens the read pool.
pub(crate) async fn open(config: &StoreConfig) -> Result<Opened, StoreError> {
    let options = connect_options(config)?;
    let mut writer = tx::PgBatches::new(
        options.clone(),
        config.connect_timeout,
        config.statement_timeout,
    );
    let conn = writer.connection().await?;
    honours_durability(conn, &config.synchronous_commit).await?;
    // None on a new database (the table is missing).
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations")
        .fetch_all(&mut *conn)
        .await
        .unwrap_or_default();
    super::open::announce_migrations(&MIGRATOR, &applied);
    MIGRATOR
        .run(&mut *conn)
        .await
        .map_err(|e| StoreError::Internal(format!("migrations failed: {e}")))?;
    let reads = read_pool(config, options.clone())?;
    tracing::info!(database = %redact(&config.database_url), "PostgreSQL opened");
    // The indexer's connection, apart from the writer's (it connects at its
    // first step).
    let index = tx::PgBatches::new(options, config.connect_timeout, config.statement_timeout);
    Ok(Opened {
        reads: Box::new(reads),
        batches: Box::new(writer),
        index: Box::new(index),
        key_dir: None,
        search_document: search::search_document,
        shared: true,
        writer_thread: false,
    })
}

/// Refuses a server that would answer a commit it may lose: `fsync` off,
/// or a session whose `synchronous_commit` is not the one asked (a pooler
/// in transaction mode drops session settings).
async fn honours_durability(conn: &mut sqlx::PgConnection, asked: &str) -> Result<(), StoreError> {
    let fsync: String = sqlx::query_scalar("SHOW fsync")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    let synchronous: String = sqlx::query_scalar("SHOW synchronous_commit")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    if fsync != "on" {
        return Err(StoreError::Config(
            "PostgreSQL runs with fsync off: a crash of its machine loses commits the service \
             answered, and the log would be signed twice at one size; turn fsync on"
                .into(),
        ));
    }
    if synchronous != asked {
        return Err(StoreError::Config(format!(
            "PostgreSQL answers synchronous_commit = {synchronous} for this service's session, \
             not the {asked} it set (a pooler in transaction mode drops session settings: \
             connect directly, or in session mode)"
        )));
    }
    tracing::info!(synchronous_commit = %synchronous, "PostgreSQL commits are durable before an append is answered");
    Ok(())
}

/// The read pool alone, without migrations or a writer (for `fsck`).
pub(crate) async fn open_read_only(config: &StoreConfig) -> Result<Box<dyn RowReads>, StoreError> {
    Ok(Box::new(read_pool(config, connect_options(config)?)?))
}

fn read_pool(
    config: &StoreConfig,
    options: PgConnectOptions,
) -> Result<reads::PgReads, StoreError> {
    // Lazy: a database that is down at a moment is retried at the next read,
    // and the service starts serving as soon as it is back.
    let pool = PgPoolOptions::new()
        .max_connections(config.read_connections.max(1))
        .acquire_timeout(config.connect_timeout)
        // A broken connection is dropped when it is returned; testing each
        // one before use would add a round trip to every read.
        .test_before_acquire(false)
        .idle_timeout(Duration::from_secs(300))
        .connect_lazy_with(options);
    Ok(reads::PgReads { pool })
}

/// Maps driver errors to what the caller can act on (`sql::map_error`), by
/// SQLSTATE class (PostgreSQL's appendix A).
pub(crate) fn map_error(e: sqlx::Error) -> StoreError {
    super::backend::sql::map_error(e, |code| match code.get(..2).unwrap_or("") {
        // data_corrupted, index_corrupted.
        _ if code == "XX001" || code == "XX002" => Fault::Corrupt,
        // Integrity constraints, and the triggers' exceptions.
        "23" => Fault::Conflict,
        // Connection exceptions, insufficient resources, operator
        // intervention (shutdown, statement timeout), serialization.
        "08" | "53" | "57" | "40" | "58" | "25" => Fault::Unavailable,
        _ => Fault::Internal,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn messages_never_show_the_password() {
        assert_eq!(
            super::redact("postgres://app:s3cret@db:5432/trail?sslmode=require"),
            "postgres://app:***@db:5432/trail?sslmode=require"
        );
        assert_eq!(super::redact("postgres://db/trail"), "postgres://db/trail");
    }
}
