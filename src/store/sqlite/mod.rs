//! The embedded backend: one SQLite file in WAL mode. The writer owns the
//! write connections — sqlx's for loading the log, probes and snapshots, a
//! direct one for batches — and uses one at a time; each batch takes
//! `BEGIN IMMEDIATE`, so no other process can move a head or the log before
//! it commits. Reads use read-only connections and never wait for it.
//!
//! - `reads`: the reads SQLite runs its own way ([`super::backend::RowReads`]);
//! - `tx`: the writer's transactions: loads, inserts, idempotency keys
//!   ([`super::backend::BatchStorage`]);
//! - `rebuild`: `decision-trail log rebuild`, a new log over the records;
//! - `index`: the search index's own file and the indexer's connection
//!   ([`super::backend::IndexStorage`]);
//! - `search`: full-text search over the FTS5 index;
//! - `raw`: SQLite driven directly for the hot paths (the writer's batches,
//!   records, pages, chains, proofs), on threads of their own;
//! - `lock`: one process per file (a second refuses to start);
//! - `checkpointer`: the WAL copied into the file, off the writer's path.

mod checkpointer;
mod index;
pub(crate) use index::FTS5_COLUMNS;
mod lock;
mod raw;
mod reads;
mod rebuild;
mod search;
mod tx;

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{
    SqliteConnectOptions, SqliteConnection, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous,
};
use sqlx::{ConnectOptions, Connection};

use super::backend::sql::{Dialect, Fault};
use super::backend::{Opened, RowReads};
use super::{StoreConfig, StoreError, Synchronous};

/// What SQLite writes its own way (migrations/sqlite).
pub(crate) const DIALECT: Dialect = Dialect {
    // The expressions of 0005_capabilities.sql's partial indexes.
    static_hash: "capabilities IS NOT NULL AND json_extract(capabilities, '$.static_hash')",
    runtime_hash: "capabilities IS NOT NULL AND json_extract(capabilities, '$.runtime_hash')",
    triggers: "SELECT name FROM sqlite_master WHERE type = 'trigger'",
    // The tables only SQLite has: the log's format, retired checkpoints.
    own_triggers: &[
        "log_format_no_delete",
        "log_format_no_update",
        "retired_checkpoints_no_delete",
        "retired_checkpoints_no_update",
    ],
    // Migration 0010 merged these three into one.
    merged_triggers: &[(
        "thoughts_link_dense_parent",
        &[
            "thoughts_link_to_predecessor",
            "thoughts_log_is_dense",
            "thoughts_parent_is_earlier",
        ],
    )],
    leaf_formats: true,
    // The index is of the hash's first 8 bytes (migration 0013).
    hash_lookup: "substr(hash, 1, 8) = substr($1, 1, 8) AND hash = $1",
    search: search::SEARCH,
};

static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations/sqlite");

/// The migrations, for running them again where nothing is kept
/// (`store::check::triggers`).
pub(crate) fn migrator() -> &'static sqlx::migrate::Migrator {
    &MIGRATOR
}

/// How long a statement waits for a lock held by another process before failing.
pub(super) const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// Free memory the C library keeps at the top of a heap before giving it
/// back to the kernel.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_TRIM_THRESHOLD: libc::c_int = 16 << 20;

/// Allocations from this size up get pages of their own. Setting the trim
/// threshold stops glibc raising this one by itself (128 KiB at start): a
/// large record's copies would be mapped and unmapped each time.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const MALLOC_MMAP_THRESHOLD: libc::c_int = 4 << 20;

/// SQLite allocates through the C library's `malloc`, and each statement of
/// a batch frees its statement journal when it ends: with glibc's default
/// threshold (128 KiB) every such free handed pages back with `madvise`,
/// one system call and a TLB flush on every core per record. Set once per
/// process, before the first connection. Each of glibc's arenas (one a
/// thread that allocates, at most 8 a core) may now keep that much free.
fn tune_malloc() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        // SAFETY: mallopt only changes the allocator's parameters.
        ONCE.call_once(|| unsafe {
            libc::mallopt(libc::M_TRIM_THRESHOLD, MALLOC_TRIM_THRESHOLD);
            libc::mallopt(libc::M_MMAP_THRESHOLD, MALLOC_MMAP_THRESHOLD);
        });
    }
}

/// Opens (creating if missing) the database of `config.database_url`, checks
/// its durability settings and applies the migrations.
pub(crate) async fn open(config: &StoreConfig) -> Result<Opened, StoreError> {
    tune_malloc();
    let base = connect_options(&config.database_url)?;
    let path = base.get_filename().to_path_buf();
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
        .to_path_buf();
    std::fs::create_dir_all(&dir).map_err(|e| not_writable(&dir, &e))?;
    // SQLite writes the database, its WAL and its shared-memory file here: say
    // plainly, and how to fix it, when this process may not.
    // One name per process: two services starting in one folder must not
    // remove each other's probe.
    let probe = dir.join(format!(".decision-trail-write-test.{}", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| not_writable(&dir, &e))?;
    // Before anything is written: a second process on this file refuses here.
    let lock = lock::lock(&path)?;
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
        // The checkpointer's thread copies the WAL (`checkpointer`).
        .pragma("wal_autocheckpoint", "0")
        // What is deleted or rewritten is overwritten with zeros, so that an
        // erased record's bytes do not stay in free space (docs/design.md §12).
        .pragma("secure_delete", "ON")
        .disable_statement_logging();
    let mut writer = SqliteConnection::connect_with(&write_options)
        .await
        .map_err(|e| open_error(&path, e))?;
    verify_durability(&mut writer, config.synchronous).await?;
    // None on a new file (the table is missing).
    let applied: Vec<i64> = sqlx::query_scalar("SELECT version FROM _sqlx_migrations")
        .fetch_all(&mut writer)
        .await
        .unwrap_or_default();
    super::open::announce_migrations(&MIGRATOR, &applied);
    MIGRATOR
        .run(&mut writer)
        .await
        .map_err(|e| StoreError::Internal(format!("migrations failed: {e}")))?;
    // The batches' connection, with the same durability (read back) and
    // foreign keys enforced, as sqlx's connections have them. It never
    // checkpoints the WAL: the checkpointer's thread does.
    let raw_writer = raw::open(&path, true)?;
    // Waiting for the lock (a RESTART checkpoint holds it for its copy and
    // its fsync): retried every 100 µs, not on SQLite's default schedule
    // (1, 2, 5, 10, 15, 20, 25 ms… between tries), which turned a few
    // milliseconds' wait into tens.
    raw_writer
        .busy_handler(Some(writer_busy))
        .map_err(raw::map_error)?;
    let level = pragma_level(config.synchronous);
    raw_writer
        .execute_batch(&format!(
            "PRAGMA synchronous = {level}; PRAGMA cache_size = -32768; PRAGMA foreign_keys = ON; PRAGMA wal_autocheckpoint = 0; PRAGMA journal_size_limit = 67108864; PRAGMA secure_delete = ON;"
        ))
        .map_err(raw::map_error)?;
    let (journal, synchronous): (String, i64) = raw_writer
        .query_row("PRAGMA journal_mode", [], |row| row.get(0))
        .and_then(|journal| {
            raw_writer
                .query_row("PRAGMA synchronous", [], |row| row.get(0))
                .map(|sync| (journal, sync))
        })
        .map_err(raw::map_error)?;
    if !journal.eq_ignore_ascii_case("wal") || synchronous != level {
        return Err(StoreError::Config(format!(
            "SQLite journal_mode is {journal} and synchronous {synchronous} on the batches' connection, not wal and {}",
            config.synchronous
        )));
    }
    let checkpointer = checkpointer::start(&path)?;
    // The index's file, made before readers attach it.
    let index = index::open(&path)?;
    let read_options = base
        .read_only(true)
        .busy_timeout(BUSY_TIMEOUT)
        .disable_statement_logging();
    let pool = attaching_index(
        SqlitePoolOptions::new()
            .max_connections(config.read_connections.max(1))
            .acquire_timeout(Duration::from_secs(5)),
        &path,
    )
    .connect_with(read_options)
    .await
    .map_err(|e| open_error(&path, e))?;
    Ok(Opened {
        index: Box::new(index),
        reads: Box::new(reads::SqliteReads {
            pool,
            raw: std::sync::Arc::new(raw::ReadPool::new(path.clone(), config.read_connections)),
        }),
        batches: Box::new(tx::SqliteBatches {
            conn: writer,
            raw: raw_writer,
            _checkpointer: checkpointer,
            _lock: lock,
            dir: dir.clone(),
            min_free_bytes: config.min_free_bytes,
        }),
        key_dir: Some(dir),
        search_document: search::document,
        shared: false,
        writer_thread: true,
    })
}

/// Opens the database of `config.database_url` for reading only: no
/// migrations, no writer (for `fsck`, which must work on a database the
/// service refuses).
pub(crate) async fn open_read_only(config: &StoreConfig) -> Result<Box<dyn RowReads>, StoreError> {
    let base = connect_options(&config.database_url)?;
    let path = base.get_filename().to_path_buf();
    if !path.exists() {
        return Err(StoreError::Config(format!(
            "{} does not exist",
            path.display()
        )));
    }
    let mut options = SqlitePoolOptions::new().max_connections(2);
    // Without its file (never made, or removed) the index is checked as
    // missing: its progress row is not there.
    if index::path_of(&path).exists() {
        options = attaching_index(options, &path);
    }
    let pool = options
        .connect_with(base.read_only(true).disable_statement_logging())
        .await
        .map_err(|e| open_error(&path, e))?;
    Ok(Box::new(reads::SqliteReads {
        pool,
        raw: std::sync::Arc::new(raw::ReadPool::new(path, 2)),
    }))
}

/// The writer's wait for a lock another connection holds: a try every
/// 100 µs, for as long as [`BUSY_TIMEOUT`].
fn writer_busy(tries: i32) -> bool {
    const EVERY: Duration = Duration::from_micros(100);
    let waited = EVERY * u32::try_from(tries).unwrap_or(u32::MAX);
    if waited >= BUSY_TIMEOUT {
        return false;
    }
    std::thread::sleep(EVERY);
    true
}

/// Read connections that see the search index's file as `search` (read
/// only, as the connection is): its tables are found by their names.
fn attaching_index(options: SqlitePoolOptions, database: &Path) -> SqlitePoolOptions {
    let index = index::path_of(database).to_string_lossy().into_owned();
    options.after_connect(move |conn, _| {
        let index = index.clone();
        Box::pin(async move {
            sqlx::query("ATTACH DATABASE ? AS search")
                .bind(index)
                .execute(conn)
                .await
                .map(drop)
        })
    })
}

fn connect_options(url: &str) -> Result<SqliteConnectOptions, StoreError> {
    let options = if url.starts_with("sqlite:") {
        SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Config(format!("invalid database URL `{url}`: {e}")))?
    } else if url.contains("://") {
        return Err(StoreError::Config(format!(
            "unsupported database URL `{url}`; use sqlite://PATH or postgres://…"
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

/// `PRAGMA synchronous`'s number for a durability level.
fn pragma_level(synchronous: Synchronous) -> i64 {
    match synchronous {
        Synchronous::Normal => 1,
        Synchronous::Full => 2,
        Synchronous::Extra => 3,
    }
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
    let expected = pragma_level(wanted);
    if level != expected {
        return Err(StoreError::Config(format!(
            "SQLite synchronous is {level}, not {wanted}"
        )));
    }
    tracing::info!(journal_mode = %journal, synchronous = %wanted, "database opened");
    Ok(())
}

/// The data directory cannot be written: who the service runs as, and the fix
/// (a bind-mounted directory owned by root is the usual cause in a container).
fn not_writable(dir: &Path, e: &std::io::Error) -> StoreError {
    if e.kind() != std::io::ErrorKind::PermissionDenied {
        // A full disk, a read-only file system, …: ownership is not the fix.
        return StoreError::Config(format!(
            "cannot write in the data directory {}: {e}",
            dir.display()
        ));
    }
    // SAFETY: geteuid and getegid cannot fail and touch no memory.
    let (uid, gid) = unsafe { (libc::geteuid(), libc::getegid()) };
    StoreError::Config(format!(
        "the data directory {} is not writable by this process (uid {uid}, gid {gid}): {e}. \
         Make it writable for that user, e.g. `chown -R {uid}:{gid} {}`; the container image \
         runs as uid 10001, so a directory mounted at /data must be owned by 10001:10001",
        dir.display(),
        dir.display()
    ))
}

fn open_error(path: &Path, e: sqlx::Error) -> StoreError {
    StoreError::Unavailable(format!("cannot open {}: {e}", path.display()))
}

/// Maps sqlx's errors to what the caller can act on (`sql::map_error`).
pub(crate) fn map_error(e: sqlx::Error) -> StoreError {
    super::backend::sql::map_error(e, |code| fault(code.parse().unwrap_or(0)))
}

/// What an SQLite result code means for the caller (sqlx's and `raw`'s).
fn fault(code: i64) -> Fault {
    match code & 0xff {
        // SQLITE_CONSTRAINT: unique, check, or a RAISE(ABORT) in a trigger.
        19 => Fault::Conflict,
        // BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN.
        5 | 6 | 8 | 10 | 13 | 14 => Fault::Unavailable,
        // CORRUPT (and CORRUPT_VTAB: an FTS5 index's pages).
        11 => Fault::Corrupt,
        _ => Fault::Internal,
    }
}

#[cfg(test)]
mod tests {
    /// A lookup by hash reads the hash-prefix index, not the whole table: the
    /// inclusion proof by hash and the trail browser depend on it.
    #[test]
    fn a_lookup_by_hash_uses_the_prefix_index() {
        let conn = rusqlite::Connection::open_in_memory().unwrap();
        for migration in super::MIGRATOR.iter() {
            conn.execute_batch(&migration.sql).unwrap();
        }
        let condition = super::DIALECT.hash_lookup.replace("$1", "?1");
        let plan: Vec<String> = conn
            .prepare(&format!(
                "EXPLAIN QUERY PLAN SELECT log_index FROM thoughts WHERE {condition}"
            ))
            .unwrap()
            .query_map([vec![0xab_u8; 32]], |row| row.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            plan,
            ["SEARCH thoughts USING INDEX thoughts_by_hash_prefix (<expr>=?)"],
            "{plan:?}"
        );
    }

    #[test]
    fn an_unwritable_data_directory_names_the_user_and_the_fix() {
        let e = std::io::Error::from(std::io::ErrorKind::PermissionDenied);
        let message = super::not_writable(std::path::Path::new("/data"), &e).to_string();
        // SAFETY: geteuid cannot fail.
        let uid = unsafe { libc::geteuid() };
        assert!(message.contains(&format!("uid {uid}")), "{message}");
        assert!(message.contains("chown -R"), "{message}");
        assert!(message.contains("10001:10001"), "{message}");
        // Another failure is not told to change owners.
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let message = super::not_writable(std::path::Path::new("/data"), &full).to_string();
        assert!(!message.contains("chown"), "{message}");
        assert!(message.contains("/data"), "{message}");
    }
}
