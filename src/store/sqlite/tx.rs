//! The writer's transactions: what a batch loads, and the rows it inserts.

use std::path::{Path, PathBuf};

use futures_util::future::BoxFuture;
use rusqlite::OptionalExtension;
use sqlx::{Connection, SqliteConnection};

use super::{map_error, raw, rebuild, search};
use crate::domain::checkpoint::LogSigner;
use crate::domain::idempotency::ERASED_FINGERPRINT;
use crate::domain::merkle::Frontier;
use crate::domain::record::Capabilities;
use crate::domain::{Metadata, Record};
use crate::store::backend::rows::{erasable_bytes, hash_bytes, head};
use crate::store::backend::sql::{position, Db};
use crate::store::backend::{
    Answer, BatchError, BatchStorage, Erasing, Holding, IndexRow, Loaded, LogOpening, Moved,
    PlannedBatch, Wanted,
};
use crate::store::check::log as log_check;
use crate::store::log::rows::INSERT_CHECKPOINT;
use crate::store::{SignedCheckpoint, StoreError};

/// How long the WAL's checkpoint after an erasure waits for readers.
const ERASURE_CHECKPOINT_WAIT: std::time::Duration = std::time::Duration::from_millis(50);

/// The writer's connections to the file (one process writes at a time: each
/// takes the write lock, and the writer uses them one after the other).
pub(super) struct SqliteBatches {
    /// Loading and rebuilding the log, probes, snapshots and holds (sqlx).
    pub(super) conn: SqliteConnection,
    /// The batches: begin, load, write, commit, driven directly ([`raw`]);
    /// its calls block, so the writer runs on a thread of its own.
    pub(super) raw: rusqlite::Connection,
    /// The database's directory, whose free space readiness checks.
    pub(super) dir: PathBuf,
    /// Free bytes under which the database is not ready for appends.
    pub(super) min_free_bytes: u64,
    /// The WAL's checkpoints, for as long as the writer lives.
    pub(super) _checkpointer: super::checkpointer::Checkpointer,
    /// This process's hold on the file, for as long as the writer lives.
    pub(super) _lock: super::lock::FileLock,
}

/// Bytes available to the service on the filesystem of `dir`.
fn free_bytes(dir: &Path) -> Result<u64, StoreError> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(dir.as_os_str().as_bytes())
        .map_err(|_| StoreError::Internal("the database path holds a NUL".into()))?;
    let mut stat = std::mem::MaybeUninit::<libc::statvfs>::uninit();
    // SAFETY: `path` is NUL-terminated and `stat` is written by statvfs before it is read.
    let rc = unsafe { libc::statvfs(path.as_ptr(), stat.as_mut_ptr()) };
    if rc != 0 {
        return Err(StoreError::Unavailable(format!(
            "cannot read the free space of {}: {}",
            dir.display(),
            std::io::Error::last_os_error()
        )));
    }
    // SAFETY: statvfs returned 0, so it filled `stat`.
    let stat = unsafe { stat.assume_init() };
    // The field types differ between platforms (u32 on some): widen them all.
    #[allow(clippy::unnecessary_cast)]
    let (available, block) = (stat.f_bavail as u64, stat.f_frsize as u64);
    Ok(available.saturating_mul(block))
}

impl SqliteBatches {
    fn run(&self, sql: &str) -> Result<(), StoreError> {
        self.raw.execute_batch(sql).map_err(raw::map_error)
    }

    async fn execute(&mut self, sql: &str) -> Result<(), StoreError> {
        sqlx::query(sql)
            .execute(&mut self.conn)
            .await
            .map(|_| ())
            .map_err(map_error)
    }
}

impl BatchStorage for SqliteBatches {
    fn open_log<'a>(
        &'a mut self,
        opening: LogOpening<'a>,
    ) -> Answer<'a, (Frontier, SignedCheckpoint, bool)> {
        Box::pin(log_check::open(Db::Sqlite(&mut self.conn), opening))
    }

    fn rebuild_log<'a>(
        &'a mut self,
        signer: &'a LogSigner,
        origin: &'a str,
        retired_at: &'a str,
        successor: Option<&'a crate::store::backend::SuccessorRow>,
    ) -> Answer<'a, SignedCheckpoint> {
        Box::pin(rebuild::rebuild(
            &mut self.conn,
            signer,
            origin,
            retired_at,
            successor,
        ))
    }

    fn between_batches(&mut self) -> Answer<'_, Db<'_>> {
        Box::pin(std::future::ready(Ok(Db::Sqlite(&mut self.conn))))
    }

    fn probe(&mut self) -> Answer<'_, ()> {
        Box::pin(async move {
            // The write lock, as an append takes it; released at once.
            self.execute("BEGIN IMMEDIATE").await?;
            self.execute("ROLLBACK").await?;
            let free = free_bytes(&self.dir)?;
            if free < self.min_free_bytes {
                return Err(StoreError::NoRoom {
                    free,
                    required: self.min_free_bytes,
                });
            }
            Ok(())
        })
    }

    fn begin<'a>(&'a mut self, known: &'a Frontier) -> Answer<'a, Option<Moved>> {
        Box::pin(async move {
            // A transaction left open by a failed rollback would make every
            // later BEGIN fail: close it first.
            if !self.raw.is_autocommit() {
                self.run("ROLLBACK")?;
            }
            // IMMEDIATE: the write lock is taken now, so the heads read next
            // cannot move before the commit.
            self.run("BEGIN IMMEDIATE")?;
            // The rowid's maximum: one descent of the table's b-tree. Another
            // process on the same file moved the log only if it differs.
            let next: i64 = self
                .raw
                .prepare_cached("SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
                .and_then(|mut s| s.query_row([], |row| row.get(0)))
                .map_err(raw::map_error)?;
            let size = next as u64;
            if size == known.size() {
                return Ok(None);
            }
            // One process writes the file (its lock): a log of another size
            // was moved by something else, which the writer refuses.
            Ok(Some(Moved {
                size,
                note: None,
                frontier: Err("a SQLite file has one writer".into()),
            }))
        })
    }

    fn load<'a>(&'a mut self, wanted: Wanted<'a>) -> Answer<'a, Loaded> {
        Box::pin(async move {
            let mut loaded = Loaded::default();
            // A head is read from the chain itself (its last record, one
            // descent of the (task_id, seq) index), never from the task's
            // summary row, which anyone who can write the file could edit.
            let mut heads = self
                .raw
                .prepare_cached(
                    "SELECT seq, hash, timestamp FROM thoughts WHERE task_id = ? \
                     ORDER BY seq DESC LIMIT 1",
                )
                .map_err(raw::map_error)?;
            for task_id in wanted.tasks {
                let head = heads
                    .query_row([task_id], |row| {
                        let seq: i64 = row.get(0)?;
                        let hash = raw::hash_text(row, 1, &mut [0; 64])?.into_owned();
                        Ok(head(seq + 1, hash, row.get(2)?))
                    })
                    .optional()
                    .map_err(raw::map_error)?;
                if let Some(head) = head {
                    loaded.heads.insert(task_id.to_string(), head);
                }
            }
            let mut stored = self
                .raw
                .prepare_cached(
                    "SELECT fingerprint, record_id FROM idempotency \
                     WHERE scope = ? AND key = ? AND expires_at > ?",
                )
                .map_err(raw::map_error)?;
            for idempotency in wanted.idempotency {
                let row: Option<(String, String)> = stored
                    .query_row(
                        rusqlite::params![
                            idempotency.scope,
                            idempotency.idempotency_key,
                            wanted.now_ms
                        ],
                        |row| Ok((row.get(0)?, row.get(1)?)),
                    )
                    .optional()
                    .map_err(raw::map_error)?;
                let Some((fingerprint, record_id)) = row else {
                    continue;
                };
                // A row naming a record that is not stored fails its own
                // append only (the writer's plan), never the batch.
                let record = raw::record_where(&self.raw, "id", record_id.clone().into())?
                    .ok_or_else(|| {
                        format!("the stored idempotency key names record {record_id}, which is not stored")
                    });
                loaded.idempotency.insert(
                    (
                        idempotency.scope.clone(),
                        idempotency.idempotency_key.clone(),
                    ),
                    (fingerprint, record),
                );
            }
            Ok(loaded)
        })
    }

    fn write<'a>(
        &'a mut self,
        batch: &'a PlannedBatch<'a>,
    ) -> BoxFuture<'a, Result<Vec<IndexRow>, BatchError>> {
        Box::pin(async move {
            insert_records(&self.raw, &batch.records).map_err(BatchError::Record)?;
            let erased = erase(&self.raw, &batch.erasures)?;
            hold(&self.raw, &batch.holds)?;
            write_the_rest(&self.raw, batch).map_err(BatchError::Batch)?;
            Ok(erased)
        })
    }

    fn purge_idempotency(&mut self, now_ms: i64, latest_ms: i64) -> Answer<'_, ()> {
        Box::pin(async move {
            self.raw
                .prepare_cached("DELETE FROM idempotency WHERE expires_at <= ?")
                .and_then(|mut s| s.execute([now_ms]))
                .and_then(|_| {
                    self.raw.prepare_cached(
                        "UPDATE idempotency SET expires_at = ?1 WHERE expires_at > ?1",
                    )
                })
                .and_then(|mut s| s.execute([latest_ms]))
                .map(|_| ())
                .map_err(raw::map_error)
        })
    }

    fn commit(&mut self) -> Answer<'_, ()> {
        Box::pin(async move { self.run("COMMIT") })
    }

    fn landed<'a>(&'a mut self, log_index: u64, hash: &'a str) -> Answer<'a, bool> {
        Box::pin(async move {
            // One writer per file, and the failed transaction was rolled
            // back (or SQLite ended it): what the file holds is the outcome.
            if !self.raw.is_autocommit() {
                self.run("ROLLBACK")?;
            }
            let want = hash_bytes(hash)?;
            let stored: Option<Vec<u8>> = self
                .raw
                .prepare_cached("SELECT hash FROM thoughts WHERE log_index = ?")
                .and_then(|mut s| s.query_row([log_index as i64], |row| row.get(0)).optional())
                .map_err(raw::map_error)?;
            Ok(stored.is_some_and(|h| h == want))
        })
    }

    fn rollback(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if !self.raw.is_autocommit() {
                let _ = self.run("ROLLBACK");
            }
        })
    }

    fn after_erasure(&mut self) -> Answer<'_, ()> {
        Box::pin(async move {
            // The WAL still holds the pages as they were before the erasure:
            // they are copied into the file (where secure_delete zeroed the
            // erased bytes) and the WAL truncated. A reader's snapshot can
            // keep the checkpoint from finishing: it waits for readers a
            // moment only (appends wait behind it), and the writer tries
            // again after its next commits until it finishes.
            self.raw
                .busy_timeout(ERASURE_CHECKPOINT_WAIT)
                .map_err(raw::map_error)?;
            let busy = self
                .raw
                .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |row| {
                    row.get::<_, i64>(0)
                });
            self.raw
                .busy_timeout(super::BUSY_TIMEOUT)
                .map_err(raw::map_error)?;
            match busy.map_err(raw::map_error)? {
                0 => Ok(()),
                _ => Err(StoreError::Busy(
                    "readers kept the WAL from being checkpointed after an erasure".into(),
                )),
            }
        })
    }

    fn close(self: Box<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move {
            if let Err(e) = self.conn.close().await {
                tracing::warn!(error = %e, "closing the write connection failed");
            }
        })
    }
}

/// Inserts records, one prepared statement stepped per record; the schema's
/// constraints and triggers check every row.
fn insert_records(conn: &rusqlite::Connection, records: &[Record]) -> Result<(), StoreError> {
    let mut insert = conn
        .prepare_cached(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, metadata, \
             capabilities, session_id, parent_id, timestamp, prev_hash, hash, content_commitment, \
             salt, erased_at, erased_by, erased_reason) \
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .map_err(raw::map_error)?;
    for r in records {
        // Stored as their 32 bytes (migration 0011).
        let (prev_hash, hash) = (hash_bytes(&r.prev_hash)?, hash_bytes(&r.hash)?);
        // An erasable record's commitment and salt, as bytes (migration 0016).
        let (commitment, salt) = erasable_bytes(r)?;
        // Only a record brought back as erased (`log import`) has them.
        let erased = r.erasable.as_ref().and_then(|e| e.erased.as_ref());
        insert
            .execute(rusqlite::params![
                position(r.log_index),
                r.id,
                r.authored.task_id,
                position(r.seq),
                r.authored.r#type.as_str(),
                r.authored.agent_id,
                r.authored.content,
                r.authored.metadata.as_ref().map(Metadata::canonical),
                r.authored
                    .capabilities
                    .as_ref()
                    .map(Capabilities::canonical),
                r.authored.session_id,
                r.authored.parent_id,
                r.timestamp,
                prev_hash.as_slice(),
                hash.as_slice(),
                commitment.as_ref().map(|c| c.as_slice()),
                salt.as_ref().map(|s| s.as_slice()),
                erased.map(|e| e.at.as_str()),
                erased.map(|e| e.by.as_str()),
                erased.map(|e| e.reason.as_str()),
            ])
            .map_err(raw::map_error)?;
    }
    Ok(())
}

/// Places and lifts the legal holds the batch's hold records state, in
/// their order, in the batch's transaction (docs/design.md §12).
fn hold(conn: &rusqlite::Connection, holds: &[Holding]) -> Result<(), BatchError> {
    for h in holds {
        let changed = match (&h.placed, &h.lifted) {
            (Some(p), _) => conn
                .prepare_cached(
                    "INSERT INTO holds (task_id, placed_at, placed_by, reason) \
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (task_id) DO NOTHING",
                )
                .and_then(|mut s| s.execute([&h.task_id, &p.at, &p.by, &p.reason])),
            (None, Some((at, by))) => conn
                .prepare_cached(
                    "DELETE FROM holds WHERE task_id = ?1 AND placed_at = ?2 AND placed_by = ?3",
                )
                .and_then(|mut s| s.execute([&h.task_id, at, by])),
            (None, None) => Ok(1),
        }
        .map_err(|e| BatchError::Batch(raw::map_error(e)))?;
        if changed != 1 {
            return Err(BatchError::Record(crate::store::erasure::hold_moved(h)));
        }
    }
    Ok(())
}

/// Erases the content, metadata and salt of the batch's erased records, and
/// their words from the search index (FTS5's secure-delete, migration 0016),
/// in the batch's transaction (docs/design.md §12). A record that cannot be
/// erased (not erasable, erased already, its task held) fails its append.
fn erase(conn: &rusqlite::Connection, erasures: &[Erasing]) -> Result<Vec<IndexRow>, BatchError> {
    let mut erased = Vec::with_capacity(erasures.len());
    if erasures.is_empty() {
        return Ok(erased);
    }
    let mut read = conn
        .prepare_cached(
            "SELECT id, content, metadata, content_commitment IS NOT NULL AND salt IS NOT NULL,              erased_at IS NOT NULL, EXISTS (SELECT 1 FROM holds h WHERE h.task_id = t.task_id)              FROM thoughts t WHERE log_index = ?",
        )
        .map_err(|e| BatchError::Batch(raw::map_error(e)))?;
    for e in erasures {
        let at = position(e.log_index);
        // (id, content, metadata), then (erasable, erased, held).
        type Row = ((String, String, Option<String>), (bool, bool, bool));
        let row: Option<Row> = read
            .query_row([at], |r| {
                Ok((
                    (r.get(0)?, r.get(1)?, r.get(2)?),
                    (r.get(3)?, r.get(4)?, r.get(5)?),
                ))
            })
            .optional()
            .map_err(|e| BatchError::Batch(raw::map_error(e)))?;
        let (id, content, metadata) = match row {
            Some((row, (true, false, false))) => row,
            other => {
                return Err(BatchError::Record(crate::store::erasure::cannot_erase(
                    e.log_index,
                    other.map(|((id, ..), (a, b, c))| (id, a, b, c)),
                )))
            }
        };
        // The index loses the record's words in the indexer's turn, given
        // the text its row was made from.
        erased.push((e.log_index, search::document(&content, metadata.as_deref())));
        conn.prepare_cached(
            "UPDATE thoughts SET content = '', metadata = NULL, salt = NULL, erased_at = ?, \
             erased_by = ?, erased_reason = ? WHERE log_index = ?",
        )
        .and_then(|mut s| s.execute(rusqlite::params![e.at, e.by, e.reason, at]))
        .map_err(|e| BatchError::Batch(raw::map_error(e)))?;
        // A key's fingerprint hashes the content without a salt: it goes too.
        conn.prepare_cached("UPDATE idempotency SET fingerprint = ? WHERE record_id = ?")
            .and_then(|mut s| s.execute(rusqlite::params![ERASED_FINGERPRINT, id]))
            .map_err(|e| BatchError::Batch(raw::map_error(e)))?;
        tracing::info!(%id, log_index = e.log_index, by = %e.by, "erased a record's content");
    }
    Ok(erased)
}

/// Writes the rest of a batch after its records: the log's new hashes, the
/// idempotency keys (an expired row for the same key is replaced) and the
/// signed checkpoint, whose `tree_size` key refuses a second root for a
/// size. The search index follows in the indexer's transactions.
fn write_the_rest(conn: &rusqlite::Connection, batch: &PlannedBatch<'_>) -> Result<(), StoreError> {
    let mut hashes = conn
        .prepare_cached("INSERT INTO log_hashes (idx, hash) VALUES (?, ?)")
        .map_err(raw::map_error)?;
    for (idx, hash) in &batch.log_hashes {
        hashes
            .execute(rusqlite::params![position(*idx), hash.0.as_slice()])
            .map_err(raw::map_error)?;
    }
    let mut idempotency = conn
        .prepare_cached(
            "INSERT INTO idempotency (scope, key, fingerprint, record_id, expires_at) \
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET \
             fingerprint = excluded.fingerprint, record_id = excluded.record_id, \
             expires_at = excluded.expires_at",
        )
        .map_err(raw::map_error)?;
    for (entry, i) in &batch.idempotency {
        idempotency
            .execute(rusqlite::params![
                entry.scope,
                entry.idempotency_key,
                entry.fingerprint,
                batch.records[*i].id,
                batch.idempotency_expires_at,
            ])
            .map_err(raw::map_error)?;
    }
    let checkpoint = &batch.checkpoint;
    conn.prepare_cached(INSERT_CHECKPOINT)
        .and_then(|mut s| {
            s.execute(rusqlite::params![
                position(checkpoint.tree_size),
                checkpoint.root.0.as_slice(),
                checkpoint.note,
            ])
        })
        .map_err(raw::map_error)?;
    Ok(())
}
