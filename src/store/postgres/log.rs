//! The log's rows: stored hashes, checkpoints, and loading the log at start.

use sqlx::PgConnection;

use super::rows::{self, CheckpointRow};
use super::{map_error, LOG_LOCK};
use crate::domain::checkpoint::{open_checkpoint, LogSigner};
use crate::domain::merkle::{
    leaf_data, leaf_hash, stored_leaf_index, Frontier, Hash, StoredHashes,
};
use crate::store::{SignedCheckpoint, StoreError};

/// The newest checkpoint row, if any.
pub(super) async fn latest_checkpoint<'c, E>(
    executor: E,
) -> Result<Option<CheckpointRow>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    sqlx::query_as("SELECT tree_size, root, note FROM checkpoints ORDER BY tree_size DESC LIMIT 1")
        .fetch_optional(executor)
        .await
        .map_err(map_error)
}

/// The stored log hashes at `indexes` (those that exist).
pub(super) async fn stored_hashes<'c, E>(
    executor: E,
    indexes: &[u64],
) -> Result<StoredHashes, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    if indexes.is_empty() {
        return Ok(StoredHashes::default());
    }
    let wanted: Vec<i64> = indexes
        .iter()
        .filter_map(|&i| i64::try_from(i).ok())
        .collect();
    let rows: Vec<(i64, Vec<u8>)> =
        sqlx::query_as("SELECT idx, hash FROM log_hashes WHERE idx = ANY($1)")
            .bind(&wanted)
            .fetch_all(executor)
            .await
            .map_err(map_error)?;
    rows.into_iter()
        .map(|(idx, bytes)| {
            let hash: [u8; 32] = bytes
                .try_into()
                .map_err(|_| StoreError::Internal(format!("stored hash {idx} is not 32 bytes")))?;
            Ok((idx as u64, Hash(hash)))
        })
        .collect()
}

/// Stores a signed checkpoint (a second root for a signed size is refused:
/// `tree_size` is the key).
pub(super) async fn insert_checkpoint(
    conn: &mut PgConnection,
    checkpoint: &SignedCheckpoint,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO checkpoints (tree_size, root, note) VALUES ($1, $2, $3)")
        .bind(checkpoint.tree_size as i64)
        .bind(checkpoint.root.0.as_slice())
        .bind(&checkpoint.note)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    Ok(())
}

/// The triggers the schema's guarantees rest on (migrations/postgres); the
/// service refuses to start without any of them.
pub(super) const REQUIRED_TRIGGERS: [&str; 14] = [
    "capability_snapshots_no_delete",
    "capability_snapshots_no_truncate",
    "capability_snapshots_no_update",
    "checkpoints_no_delete",
    "checkpoints_no_truncate",
    "checkpoints_no_update",
    "log_hashes_no_delete",
    "log_hashes_no_truncate",
    "log_hashes_no_update",
    "thoughts_advance_task_head",
    "thoughts_link_dense_parent",
    "thoughts_no_delete",
    "thoughts_no_truncate",
    "thoughts_no_update",
];

/// The required triggers that are missing or disabled.
pub(super) async fn missing_triggers<'c, E>(executor: E) -> Result<Vec<&'static str>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    // Only 'O' (origin) and 'A' (always) fire in the service's sessions:
    // 'D' is disabled, and 'R' fires only under replication.
    let present: Vec<(String,)> = sqlx::query_as(
        "SELECT t.tgname::text FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid \
         WHERE NOT t.tgisinternal AND t.tgenabled IN ('O', 'A') AND c.relnamespace = current_schema()::regnamespace",
    )
    .fetch_all(executor)
    .await
    .map_err(map_error)?;
    let missing: Vec<&'static str> = REQUIRED_TRIGGERS
        .into_iter()
        .filter(|t| !present.iter().any(|(p,)| p == t))
        .collect();
    Ok(missing)
}

/// Why the log cannot be served: the database was altered.
fn altered(what: String) -> StoreError {
    StoreError::Config(format!(
        "{what}; refusing to start (the log only ever grows from its last signed checkpoint; \
         `decision-trail fsck` re-derives everything)"
    ))
}

/// The frontier of the log at `size`, read from the stored hashes (another
/// replica moved the log since this one's last batch).
pub(super) async fn frontier_at(
    conn: &mut PgConnection,
    size: u64,
) -> Result<Frontier, StoreError> {
    let stored = stored_hashes(&mut *conn, &Frontier::indexes(size)).await?;
    Frontier::from_stored(size, &stored)
        .map_err(|e| StoreError::Internal(format!("the log cannot be loaded at size {size}: {e}")))
}

/// Loads the log at start, under the log's lock (replicas may start
/// together): the same checks as the SQLite backend's (docs/design.md §2);
/// only an empty database gets its first, size-0 checkpoint.
pub(super) async fn open(
    conn: &mut PgConnection,
    signer: &LogSigner,
    origin: &str,
) -> Result<(Frontier, SignedCheckpoint), StoreError> {
    let missing = missing_triggers(&mut *conn).await?;
    if !missing.is_empty() {
        return Err(altered(format!(
            "the database lacks the triggers {}",
            missing.join(", ")
        )));
    }
    sqlx::query("BEGIN ISOLATION LEVEL READ COMMITTED")
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    sqlx::query("SELECT pg_advisory_xact_lock($1)")
        .bind(LOG_LOCK)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    let opened = load(conn, signer, origin).await;
    let end = if opened.is_ok() { "COMMIT" } else { "ROLLBACK" };
    sqlx::query(end)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    opened
}

async fn load(
    conn: &mut PgConnection,
    signer: &LogSigner,
    origin: &str,
) -> Result<(Frontier, SignedCheckpoint), StoreError> {
    let last = latest_checkpoint(&mut *conn)
        .await?
        .map(rows::checkpoint)
        .transpose()?;
    let (count, next): (i64, i64) =
        sqlx::query_as("SELECT COUNT(*), COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
            .fetch_one(&mut *conn)
            .await
            .map_err(map_error)?;
    let (count, next) = (count as u64, next as u64);
    let Some(last) = last else {
        if count > 0 {
            return Err(altered(format!(
                "{count} records are stored but no checkpoint was ever signed for them: \
                 the checkpoints were removed"
            )));
        }
        let frontier = Frontier::empty();
        let checkpoint = SignedCheckpoint::sign(&frontier, signer, origin);
        insert_checkpoint(conn, &checkpoint).await?;
        return Ok((frontier, checkpoint));
    };
    // Replicas must share the key: a replica given another one would sign
    // into the same table.
    if let Err(e) = open_checkpoint(&last.note, signer.verifier_key()) {
        return Err(StoreError::Config(format!(
            "the database's last checkpoint is not signed by this replica's key ({e}): every \
             replica of a PostgreSQL log must be given the same signing key"
        )));
    }
    let signed_origin = last.note.lines().next().unwrap_or_default();
    if signed_origin != origin {
        return Err(StoreError::Config(format!(
            "this database's log is named `{signed_origin}`, not `{origin}`: every replica \
             must serve one log under one origin (--origin)"
        )));
    }
    if count != next {
        return Err(altered(format!(
            "{count} records are stored but the highest log_index is {}: records were removed",
            next.saturating_sub(1)
        )));
    }
    if count != last.tree_size {
        return Err(altered(if count > last.tree_size {
            format!(
                "records from log_index {} on have no signed checkpoint (the last signs {})",
                last.tree_size, last.tree_size
            )
        } else {
            format!(
                "the log signed {} records but only {count} are stored: records were removed",
                last.tree_size
            )
        }));
    }
    let frontier = frontier_at(conn, last.tree_size)
        .await
        .map_err(|e| altered(e.to_string()))?;
    if frontier.root() != last.root {
        return Err(altered(format!(
            "the stored log does not match its last signed checkpoint (size {}): the database was altered",
            last.tree_size
        )));
    }
    if last.tree_size > 0 {
        check_leaf(conn, last.tree_size - 1).await?;
    }
    Ok((frontier, last))
}

/// The stored leaf `log_index` must be the leaf of the record there.
async fn check_leaf(conn: &mut PgConnection, log_index: u64) -> Result<(), StoreError> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT agent_id, hash FROM thoughts WHERE log_index = $1")
            .bind(log_index as i64)
            .fetch_optional(&mut *conn)
            .await
            .map_err(map_error)?;
    let (agent_id, hash) =
        row.ok_or_else(|| altered(format!("log_index {log_index} has no record")))?;
    let index = stored_leaf_index(log_index);
    let stored = stored_hashes(&mut *conn, &[index]).await?;
    if stored.get(&index) != Some(&leaf_hash(&leaf_data(&agent_id, &hash))) {
        return Err(altered(format!(
            "the leaf at log_index {log_index} is not that of its record (hash or agent_id edited)"
        )));
    }
    Ok(())
}
