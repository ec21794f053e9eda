//! The rows a batch writes, in the writer's transaction under the log's
//! lock: its records, the erasures its erasure records make, and the rest
//! (log hashes, idempotency keys, the signed checkpoint).

use sqlx::PgConnection;

use super::map_error;
use crate::domain::{Metadata, Record};
use crate::store::backend::rows::{erasable_bytes, hash_bytes};
use crate::store::backend::{BatchError, Erasing, Holding, PlannedBatch};
use crate::store::StoreError;

/// Rows per INSERT statement (arrays of this many values each).
const RECORDS_PER_STATEMENT: usize = 4000;

/// Inserts records in log order, one statement of column arrays (one SQL
/// text whatever the batch's size, so PostgreSQL plans it once per
/// connection, not once per batch size); the schema's constraints and
/// triggers check every row, in order.
pub(super) async fn insert_records(
    conn: &mut PgConnection,
    records: &[Record],
) -> Result<(), StoreError> {
    for chunk in records.chunks(RECORDS_PER_STATEMENT) {
        let log_index: Vec<i64> = chunk.iter().map(|r| r.log_index as i64).collect();
        let id: Vec<&str> = chunk.iter().map(|r| r.id.as_str()).collect();
        let task_id: Vec<&str> = chunk.iter().map(|r| r.authored.task_id.as_str()).collect();
        let seq: Vec<i64> = chunk.iter().map(|r| r.seq as i64).collect();
        let kind: Vec<&str> = chunk.iter().map(|r| r.authored.r#type.as_str()).collect();
        let agent_id: Vec<&str> = chunk.iter().map(|r| r.authored.agent_id.as_str()).collect();
        let content: Vec<&[u8]> = chunk
            .iter()
            .map(|r| r.authored.content.as_bytes())
            .collect();
        let metadata: Vec<Option<&str>> = chunk
            .iter()
            .map(|r| r.authored.metadata.as_ref().map(Metadata::canonical))
            .collect();
        let capabilities: Vec<Option<String>> = chunk
            .iter()
            .map(|r| {
                r.authored
                    .capabilities
                    .as_ref()
                    .map(|c| c.canonical().to_string())
            })
            .collect();
        let session_id: Vec<Option<&str>> = chunk
            .iter()
            .map(|r| r.authored.session_id.as_deref())
            .collect();
        let parent_id: Vec<Option<&str>> = chunk
            .iter()
            .map(|r| r.authored.parent_id.as_deref())
            .collect();
        let timestamp: Vec<&str> = chunk.iter().map(|r| r.timestamp.as_str()).collect();
        // Stored as their 32 bytes (migration 0004).
        let prev_hash = chunk
            .iter()
            .map(|r| hash_bytes(&r.prev_hash))
            .collect::<Result<Vec<_>, _>>()?;
        let hash = chunk
            .iter()
            .map(|r| hash_bytes(&r.hash))
            .collect::<Result<Vec<_>, _>>()?;
        let prev_hash: Vec<&[u8]> = prev_hash.iter().map(|h| h.as_slice()).collect();
        let hash: Vec<&[u8]> = hash.iter().map(|h| h.as_slice()).collect();
        // An erasable record's commitment and salt, as bytes (migration 0006).
        let erasable = chunk
            .iter()
            .map(erasable_bytes)
            .collect::<Result<Vec<_>, _>>()?;
        let commitment: Vec<Option<&[u8]>> = erasable
            .iter()
            .map(|(c, _)| c.as_ref().map(|c| c.as_slice()))
            .collect();
        let salt: Vec<Option<&[u8]>> = erasable
            .iter()
            .map(|(_, s)| s.as_ref().map(|s| s.as_slice()))
            .collect();
        // Only a record brought back as erased (`log import`) has these.
        let erased: Vec<Option<&crate::domain::record::Erasure>> = chunk
            .iter()
            .map(|r| r.erasable.as_ref().and_then(|e| e.erased.as_ref()))
            .collect();
        let erased_at: Vec<Option<&str>> =
            erased.iter().map(|e| e.map(|e| e.at.as_str())).collect();
        let erased_by: Vec<Option<&str>> =
            erased.iter().map(|e| e.map(|e| e.by.as_str())).collect();
        let erased_reason: Vec<Option<&str>> = erased
            .iter()
            .map(|e| e.map(|e| e.reason.as_str()))
            .collect();
        sqlx::query(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, metadata, \
             capabilities, session_id, parent_id, timestamp, prev_hash, hash, content_commitment, \
             salt, erased_at, erased_by, erased_reason) \
             SELECT c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, \
             c18, c19 FROM UNNEST(\
             $1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::text[], $6::text[], \
             $7::bytea[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], \
             $13::bytea[], $14::bytea[], $15::bytea[], $16::bytea[], $17::text[], $18::text[], \
             $19::text[]) WITH ORDINALITY \
             AS r(c1, c2, c3, c4, c5, c6, c7, c8, c9, c10, c11, c12, c13, c14, c15, c16, c17, \
             c18, c19, n) \
             ORDER BY n",
        )
        .bind(&log_index)
        .bind(&id)
        .bind(&task_id)
        .bind(&seq)
        .bind(&kind)
        .bind(&agent_id)
        .bind(&content)
        .bind(&metadata)
        .bind(&capabilities)
        .bind(&session_id)
        .bind(&parent_id)
        .bind(&timestamp)
        .bind(&prev_hash)
        .bind(&hash)
        .bind(&commitment)
        .bind(&salt)
        .bind(&erased_at)
        .bind(&erased_by)
        .bind(&erased_reason)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    }
    Ok(())
}

/// Places and lifts the legal holds the batch's hold records state, in
/// their order, in the batch's transaction (docs/design.md §12): under the
/// log's lock, so a hold answered placed is seen by every erasure that
/// commits after it, on any replica.
pub(super) async fn hold(conn: &mut PgConnection, holds: &[Holding]) -> Result<(), BatchError> {
    for h in holds {
        let query = match (&h.placed, &h.lifted) {
            (Some(p), _) => sqlx::query(
                "INSERT INTO holds (task_id, placed_at, placed_by, reason) \
                 VALUES ($1, $2, $3, $4) ON CONFLICT (task_id) DO NOTHING",
            )
            .bind(&h.task_id)
            .bind(&p.at)
            .bind(&p.by)
            .bind(&p.reason),
            (None, Some((at, by))) => sqlx::query(
                "DELETE FROM holds WHERE task_id = $1 AND placed_at = $2 AND placed_by = $3",
            )
            .bind(&h.task_id)
            .bind(at)
            .bind(by),
            (None, None) => continue,
        };
        let changed = query
            .execute(&mut *conn)
            .await
            .map_err(|e| BatchError::Batch(map_error(e)))?
            .rows_affected();
        if changed != 1 {
            return Err(BatchError::Record(crate::store::erasure::hold_moved(h)));
        }
    }
    Ok(())
}

/// Erases the content, metadata and salt of the batch's erased records and
/// empties their search documents, in the batch's transaction (docs/design.md
/// §12). A record that cannot be erased fails its append.
pub(super) async fn erase(conn: &mut PgConnection, erasures: &[Erasing]) -> Result<(), BatchError> {
    if !erasures.is_empty() {
        // An indexer holding the progress row may be writing an erased
        // record's document: wait for it, so the document is emptied below.
        sqlx::query("SELECT indexed_size FROM search_progress FOR UPDATE")
            .execute(&mut *conn)
            .await
            .map_err(|e| BatchError::Batch(map_error(e)))?;
    }
    for e in erasures {
        let row: Option<(String, bool, bool, bool)> = sqlx::query_as(
            "SELECT id, content_commitment IS NOT NULL AND salt IS NOT NULL, \
             erased_at IS NOT NULL, EXISTS (SELECT 1 FROM holds h WHERE h.task_id = t.task_id) \
             FROM thoughts t WHERE log_index = $1 FOR UPDATE",
        )
        .bind(e.log_index as i64)
        .fetch_optional(&mut *conn)
        .await
        .map_err(|e| BatchError::Batch(map_error(e)))?;
        if !matches!(row, Some((_, true, false, false))) {
            return Err(BatchError::Record(crate::store::erasure::cannot_erase(
                e.log_index,
                row,
            )));
        }
        sqlx::query(
            "WITH search AS (UPDATE thoughts_search SET doc = ''::tsvector WHERE log_index = $1), \
             keys AS (UPDATE idempotency SET fingerprint = $5 WHERE record_id = $6) \
             UPDATE thoughts SET content = ''::bytea, metadata = NULL, salt = NULL, \
             erased_at = $2, erased_by = $3, erased_reason = $4 WHERE log_index = $1",
        )
        .bind(e.log_index as i64)
        .bind(&e.at)
        .bind(&e.by)
        .bind(&e.reason)
        .bind(crate::domain::idempotency::ERASED_FINGERPRINT)
        .bind(&row.as_ref().expect("checked above").0)
        .execute(&mut *conn)
        .await
        .map_err(|e| BatchError::Batch(map_error(e)))?;
        tracing::info!(log_index = e.log_index, by = %e.by, "erased a record's content");
    }
    Ok(())
}

/// Everything a batch writes besides its records, in one statement (one
/// round trip while the log's lock is held): the log hashes, the idempotency keys of new records (an expired row for a
/// key is replaced) and the signed checkpoint.
pub(super) async fn insert_the_rest(
    conn: &mut PgConnection,
    batch: &PlannedBatch<'_>,
) -> Result<(), StoreError> {
    let hash_at: Vec<i64> = batch.log_hashes.iter().map(|(i, _)| *i as i64).collect();
    let hashes: Vec<&[u8]> = batch
        .log_hashes
        .iter()
        .map(|(_, h)| h.0.as_slice())
        .collect();
    let idempotency = &batch.idempotency;
    let scopes: Vec<&str> = idempotency.iter().map(|(i, _)| i.scope.as_str()).collect();
    let keys: Vec<&str> = idempotency
        .iter()
        .map(|(i, _)| i.idempotency_key.as_str())
        .collect();
    let fingerprints: Vec<&str> = idempotency
        .iter()
        .map(|(i, _)| i.fingerprint.as_str())
        .collect();
    let records: Vec<&str> = idempotency
        .iter()
        .map(|(_, record)| batch.records[*record].id.as_str())
        .collect();
    sqlx::query(
        "WITH hashes AS (\
            INSERT INTO log_hashes (idx, hash) SELECT * FROM UNNEST($1::bigint[], $2::bytea[])), \
         claims AS (\
            INSERT INTO idempotency (scope, key, fingerprint, record_id, expires_at) \
            SELECT s, k, f, r, $7 FROM UNNEST($3::text[], $4::text[], $5::text[], $6::text[]) \
                AS c(s, k, f, r) \
            ON CONFLICT (scope, key) DO UPDATE SET fingerprint = excluded.fingerprint, \
                record_id = excluded.record_id, expires_at = excluded.expires_at) \
         INSERT INTO checkpoints (tree_size, root, note) VALUES ($8, $9, $10)",
    )
    .bind(&hash_at)
    .bind(&hashes)
    .bind(&scopes)
    .bind(&keys)
    .bind(&fingerprints)
    .bind(&records)
    .bind(batch.idempotency_expires_at)
    .bind(batch.checkpoint.tree_size as i64)
    .bind(batch.checkpoint.root.0.as_slice())
    .bind(&batch.checkpoint.note)
    .execute(&mut *conn)
    .await
    .map_err(map_error)?;
    Ok(())
}

/// A commit's answer, waited for at most `wait` (a synchronous standby
/// that does not confirm, or a network gone silent, is `Unavailable`).
pub(super) async fn bounded<T>(
    wait: Option<std::time::Duration>,
    commit: impl std::future::Future<Output = Result<T, sqlx::Error>>,
    what: &str,
) -> Result<(), StoreError> {
    match wait {
        Some(wait) => match tokio::time::timeout(wait, commit).await {
            Ok(done) => done.map(drop).map_err(map_error),
            Err(_) => Err(StoreError::Unavailable(format!("{what} within {wait:?}"))),
        },
        None => commit.await.map(drop).map_err(map_error),
    }
}
