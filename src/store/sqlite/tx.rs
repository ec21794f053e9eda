//! The writer's transactions: what a batch loads, and the rows it inserts.

use std::path::{Path, PathBuf};

use futures_util::future::BoxFuture;
use sqlx::{Connection, SqliteConnection};

use super::rows::record_by_id;
use super::{log, map_error, search};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{Frontier, Hash};
use crate::domain::record::Capabilities;
use crate::domain::{ChainHead, Metadata, Record};
use crate::store::backend::{Answer, BatchError, BatchStorage, Loaded, PlannedBatch};
use crate::store::{CapabilitySnapshot, IdempotencyClaim, SignedCheckpoint, StoreError};

/// Rows per INSERT statement, under SQLite's limit of 32,766 bound values.
const RECORDS_PER_STATEMENT: usize = 2000;
const HASHES_PER_STATEMENT: usize = 10_000;

/// The writer's only connection.
pub(super) struct SqliteBatches {
    pub(super) conn: SqliteConnection,
    /// The database's directory, whose free space readiness checks.
    pub(super) dir: PathBuf,
    /// Free bytes under which the database is not ready for appends.
    pub(super) min_free_bytes: u64,
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
        signer: &'a LogSigner,
        origin: &'a str,
    ) -> Answer<'a, (Frontier, SignedCheckpoint)> {
        Box::pin(log::open(&mut self.conn, signer, origin))
    }

    fn rebuild_log<'a>(
        &'a mut self,
        signer: &'a LogSigner,
        origin: &'a str,
        retired_at: &'a str,
    ) -> Answer<'a, SignedCheckpoint> {
        Box::pin(log::rebuild(&mut self.conn, signer, origin, retired_at))
    }

    fn put_snapshot<'a>(
        &'a mut self,
        snapshot: &'a CapabilitySnapshot,
    ) -> Answer<'a, (CapabilitySnapshot, bool)> {
        Box::pin(async move {
            let inserted = sqlx::query(
                "INSERT OR IGNORE INTO capability_snapshots (hash, kind, canonical, trace, stored_at) \
                 VALUES (?, ?, ?, ?, ?)",
            )
            .bind(&snapshot.hash)
            .bind(&snapshot.kind)
            .bind(&snapshot.canonical)
            .bind(&snapshot.trace)
            .bind(&snapshot.stored_at)
            .execute(&mut self.conn)
            .await
            .map_err(map_error)?
            .rows_affected()
                == 1;
            let stored = super::rows::snapshot_by_hash(&mut self.conn, &snapshot.hash)
                .await?
                .ok_or_else(|| {
                    StoreError::Internal("a stored snapshot did not read back".into())
                })?;
            Ok((stored, inserted))
        })
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

    fn begin<'a>(&'a mut self, known: &'a Frontier) -> Answer<'a, Option<Frontier>> {
        Box::pin(async move {
            // IMMEDIATE: the write lock is taken now, so the heads read next
            // cannot move before the commit.
            self.execute("BEGIN IMMEDIATE").await?;
            // The rowid's maximum: one descent of the table's b-tree. Another
            // process on the same file moved the log only if it differs.
            let (next,): (i64,) =
                sqlx::query_as("SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
                    .fetch_one(&mut self.conn)
                    .await
                    .map_err(map_error)?;
            let size = next as u64;
            if size == known.size() {
                return Ok(None);
            }
            let stored = log::stored_hashes(&mut self.conn, &Frontier::indexes(size)).await?;
            Frontier::from_stored(size, &stored).map(Some).map_err(|e| {
                StoreError::Internal(format!("the log cannot be loaded at size {size}: {e}"))
            })
        })
    }

    fn load<'a>(
        &'a mut self,
        tasks: &'a [&'a str],
        claims: &'a [&'a IdempotencyClaim],
        now_ms: i64,
    ) -> Answer<'a, Loaded> {
        Box::pin(async move {
            let mut loaded = Loaded::default();
            for task_id in tasks {
                let row: Option<(i64, String, String)> = sqlx::query_as(
                    "SELECT length, head_hash, last_timestamp FROM tasks WHERE task_id = ?",
                )
                .bind(task_id)
                .fetch_optional(&mut self.conn)
                .await
                .map_err(map_error)?;
                if let Some((length, head_hash, last_timestamp)) = row {
                    loaded.heads.insert(
                        task_id.to_string(),
                        ChainHead {
                            length: length as u64,
                            head_hash,
                            last_timestamp,
                        },
                    );
                }
            }
            for claim in claims {
                let row: Option<(String, String)> = sqlx::query_as(
                    "SELECT fingerprint, record_id FROM idempotency \
                     WHERE scope = ? AND key = ? AND expires_at > ?",
                )
                .bind(&claim.owner)
                .bind(&claim.idempotency_key)
                .bind(now_ms)
                .fetch_optional(&mut self.conn)
                .await
                .map_err(map_error)?;
                let Some((fingerprint, record_id)) = row else {
                    continue;
                };
                let record = record_by_id(&mut self.conn, &record_id)
                    .await?
                    .ok_or_else(|| {
                        StoreError::Internal(format!(
                            "idempotency key names record {record_id}, which is not stored"
                        ))
                    })?;
                loaded.claims.insert(
                    (claim.owner.clone(), claim.idempotency_key.clone()),
                    (fingerprint, record),
                );
            }
            Ok(loaded)
        })
    }

    fn write<'a>(
        &'a mut self,
        batch: &'a PlannedBatch<'a>,
    ) -> BoxFuture<'a, Result<(), BatchError>> {
        Box::pin(async move {
            insert_records(&mut self.conn, &batch.records)
                .await
                .map_err(BatchError::Record)?;
            search::index(&mut self.conn, &batch.records, &batch.documents)
                .await
                .map_err(BatchError::Batch)?;
            let written = async {
                insert_log_hashes(&mut self.conn, &batch.log_hashes).await?;
                insert_claims(&mut self.conn, batch).await?;
                log::insert_checkpoint(&mut self.conn, &batch.checkpoint).await
            };
            written.await.map_err(BatchError::Batch)
        })
    }

    fn purge_claims(&mut self, now_ms: i64) -> Answer<'_, ()> {
        Box::pin(async move {
            sqlx::query("DELETE FROM idempotency WHERE expires_at <= ?")
                .bind(now_ms)
                .execute(&mut self.conn)
                .await
                .map(|_| ())
                .map_err(map_error)
        })
    }

    fn commit(&mut self) -> Answer<'_, ()> {
        Box::pin(self.execute("COMMIT"))
    }

    fn rollback(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            let _ = self.execute("ROLLBACK").await;
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

/// Inserts records with one statement per `RECORDS_PER_STATEMENT`; the schema's
/// constraints and triggers check every row.
async fn insert_records(conn: &mut SqliteConnection, records: &[Record]) -> Result<(), StoreError> {
    for chunk in records.chunks(RECORDS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash) VALUES {}",
            vec!["(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for r in chunk {
            query = query
                .bind(r.log_index as i64)
                .bind(&r.id)
                .bind(&r.task_id)
                .bind(r.seq as i64)
                .bind(r.r#type.as_str())
                .bind(&r.agent_id)
                .bind(&r.content)
                .bind(r.metadata.as_ref().map(Metadata::canonical))
                .bind(r.capabilities.as_ref().map(Capabilities::canonical))
                .bind(&r.session_id)
                .bind(&r.parent_id)
                .bind(&r.timestamp)
                .bind(&r.prev_hash)
                .bind(&r.hash);
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    Ok(())
}

/// Stores log hashes at their indexes, one statement per `HASHES_PER_STATEMENT`.
pub(super) async fn insert_log_hashes(
    conn: &mut SqliteConnection,
    hashes: &[(u64, Hash)],
) -> Result<(), StoreError> {
    for chunk in hashes.chunks(HASHES_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO log_hashes (idx, hash) VALUES {}",
            vec!["(?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (idx, hash) in chunk {
            query = query.bind(*idx as i64).bind(hash.0.to_vec());
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    Ok(())
}

/// Stores the idempotency keys of new records; an expired row for the same key
/// is replaced. (The `scope` column holds the claim's owner.)
async fn insert_claims(
    conn: &mut SqliteConnection,
    batch: &PlannedBatch<'_>,
) -> Result<(), StoreError> {
    for (claim, i) in &batch.claims {
        sqlx::query(
            "INSERT INTO idempotency (scope, key, fingerprint, record_id, expires_at) \
             VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope, key) DO UPDATE SET \
             fingerprint = excluded.fingerprint, record_id = excluded.record_id, \
             expires_at = excluded.expires_at",
        )
        .bind(&claim.owner)
        .bind(&claim.idempotency_key)
        .bind(&claim.fingerprint)
        .bind(&batch.records[*i].id)
        .bind(batch.claims_expire_at)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    }
    Ok(())
}
