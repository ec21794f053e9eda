//! The log's rows: stored hashes, checkpoints, and loading the log at start.

use sqlx::SqliteConnection;

use super::rows::{self, CheckpointRow};
use super::{map_error, tx};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{
    leaf_data, leaf_hash, stored_leaf_index, Frontier, Hash, StoredHashes,
};
use crate::store::{SignedCheckpoint, StoreError};

/// The newest checkpoint row, if any.
pub(super) async fn latest_checkpoint<'c, E>(
    executor: E,
) -> Result<Option<CheckpointRow>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    sqlx::query_as("SELECT tree_size, root, note FROM checkpoints ORDER BY tree_size DESC LIMIT 1")
        .fetch_optional(executor)
        .await
        .map_err(map_error)
}

/// A stored log hash's bytes, which must be 32.
pub(super) fn stored_hash(idx: u64, bytes: &[u8]) -> Result<Hash, StoreError> {
    bytes
        .try_into()
        .map(Hash)
        .map_err(|_| StoreError::Internal(format!("stored hash {idx} is not 32 bytes")))
}

/// The stored log hashes at `indexes` (those that exist).
pub(super) async fn stored_hashes<'c, E>(
    executor: E,
    indexes: &[u64],
) -> Result<StoredHashes, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    if indexes.is_empty() {
        return Ok(StoredHashes::default());
    }
    let sql = format!(
        "SELECT idx, hash FROM log_hashes WHERE idx IN ({})",
        vec!["?"; indexes.len()].join(",")
    );
    let mut query = sqlx::query_as::<_, (i64, Vec<u8>)>(&sql);
    for i in indexes {
        query = query.bind(*i as i64);
    }
    let rows = query.fetch_all(executor).await.map_err(map_error)?;
    rows.into_iter()
        .map(|(idx, bytes)| Ok((idx as u64, stored_hash(idx as u64, &bytes)?)))
        .collect()
}

/// A checkpoint row; `tree_size` is the key, so a second root for a size
/// signed already is refused.
pub(super) const INSERT_CHECKPOINT: &str =
    "INSERT INTO checkpoints (tree_size, root, note) VALUES (?, ?, ?)";

/// Stores a signed checkpoint (and so refuses a second root for a size already
/// signed: `tree_size` is the key).
pub(super) async fn insert_checkpoint(
    conn: &mut SqliteConnection,
    checkpoint: &SignedCheckpoint,
) -> Result<(), StoreError> {
    sqlx::query(INSERT_CHECKPOINT)
        .bind(checkpoint.tree_size as i64)
        .bind(checkpoint.root.0.as_slice())
        .bind(&checkpoint.note)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    Ok(())
}

/// The triggers the schema's guarantees rest on; the service refuses to start
/// without any of them (docs/design.md §4).
pub(super) const REQUIRED_TRIGGERS: [&str; 16] = [
    "capability_snapshots_no_delete",
    "capability_snapshots_no_update",
    "checkpoints_no_delete",
    "checkpoints_no_update",
    "log_format_no_delete",
    "log_format_no_update",
    "log_hashes_no_delete",
    "log_hashes_no_update",
    "retired_checkpoints_no_delete",
    "retired_checkpoints_no_update",
    "thoughts_advance_task_head",
    "thoughts_link_to_predecessor",
    "thoughts_log_is_dense",
    "thoughts_no_delete",
    "thoughts_no_update",
    "thoughts_parent_is_earlier",
];

/// The required triggers that are missing.
pub(super) async fn missing_triggers<'c, E>(executor: E) -> Result<Vec<&'static str>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    let present: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'trigger'")
            .fetch_all(executor)
            .await
            .map_err(map_error)?;
    Ok(REQUIRED_TRIGGERS
        .into_iter()
        .filter(|t| !present.iter().any(|(p,)| p == t))
        .collect())
}

/// Why the log cannot be served: the database was altered.
fn altered(what: String) -> StoreError {
    StoreError::Config(format!(
        "{what}; refusing to start (the log only ever grows from its last signed checkpoint; \
         `decision-trail fsck` re-derives everything, `decision-trail log rebuild` starts a new log)"
    ))
}

/// Loads the log at start (docs/design.md §2): the schema's triggers must all
/// be there, the leaf format the current one, and the records, the stored log
/// and the last signed checkpoint must agree: as many records as the
/// checkpoint signs, dense `log_index`, the last leaf that of the last record,
/// and a frontier that reproduces the signed root. Nothing is ever rebuilt or
/// signed again here: only an empty database gets its first (size-0)
/// checkpoint.
pub(super) async fn open(
    conn: &mut SqliteConnection,
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
    let (rebuilding,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM log_rebuild")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    if rebuilding > 0 {
        return Err(altered("the table log_rebuild is not empty".into()));
    }
    let format: Option<(String,)> = sqlx::query_as("SELECT leaf FROM log_format")
        .fetch_optional(&mut *conn)
        .await
        .map_err(map_error)?;
    match format.as_ref().map(|(f,)| f.as_str()) {
        Some("attributed") => {}
        Some("raw") => {
            return Err(StoreError::Config(
                "this database's log uses the first leaf format (record hashes without their \
                 agent); it is never extended or signed again. Run `decision-trail log rebuild \
                 --origin NEW-ORIGIN` to start a new log that commits to attribution"
                    .into(),
            ))
        }
        _ => return Err(altered("the log format row is missing".into())),
    }
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
        // A new, empty log: its first checkpoint, so that there is one to serve.
        let frontier = Frontier::empty();
        let checkpoint = SignedCheckpoint::sign(&frontier, signer, origin);
        insert_checkpoint(conn, &checkpoint).await?;
        return Ok((frontier, checkpoint));
    };
    if count != next {
        let gap = first_gap(conn).await?;
        return Err(altered(format!(
            "log_index {gap} has no record (records: {count}, highest log_index: {}): records were removed",
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
    let stored = stored_hashes(&mut *conn, &Frontier::indexes(last.tree_size)).await?;
    let frontier = Frontier::from_stored(last.tree_size, &stored)
        .map_err(|e| altered(format!("the log cannot be loaded: {e}")))?;
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

/// The first `log_index` below the highest that has no record.
async fn first_gap(conn: &mut SqliteConnection) -> Result<u64, StoreError> {
    let (gap,): (i64,) = sqlx::query_as(
        "SELECT CASE WHEN NOT EXISTS (SELECT 1 FROM thoughts WHERE log_index = 0) THEN 0 ELSE \
         (SELECT t.log_index + 1 FROM thoughts t WHERE NOT EXISTS \
          (SELECT 1 FROM thoughts n WHERE n.log_index = t.log_index + 1) ORDER BY t.log_index LIMIT 1) END",
    )
    .fetch_one(&mut *conn)
    .await
    .map_err(map_error)?;
    Ok(gap as u64)
}

/// The stored leaf `log_index` must be the leaf of the record there.
async fn check_leaf(conn: &mut SqliteConnection, log_index: u64) -> Result<(), StoreError> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT agent_id, hash FROM thoughts WHERE log_index = ?")
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

/// Starts a new log over the stored records, under `origin` (docs/design.md
/// §2): the old checkpoints are kept in `retired_checkpoints`, every leaf is
/// computed again in the current format, and the new log's checkpoint is
/// signed, all in one transaction. The caller makes sure `origin` is new.
pub(super) async fn rebuild(
    conn: &mut SqliteConnection,
    signer: &LogSigner,
    origin: &str,
    retired_at: &str,
) -> Result<SignedCheckpoint, StoreError> {
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    let rebuilt = async {
        for sql in [
            "INSERT INTO log_rebuild (started_at) VALUES (?1)",
            "INSERT INTO retired_checkpoints (tree_size, root, note, retired_at) \
             SELECT tree_size, root, note, ?1 FROM checkpoints",
            "DELETE FROM checkpoints",
            "DELETE FROM log_hashes",
            "UPDATE log_format SET leaf = 'attributed'",
        ] {
            sqlx::query(sql)
                .bind(retired_at)
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
        }
        let mut frontier = Frontier::empty();
        loop {
            let rows: Vec<(String, String)> = sqlx::query_as(
                "SELECT agent_id, hash FROM thoughts WHERE log_index >= ? ORDER BY log_index LIMIT 10000",
            )
            .bind(frontier.size() as i64)
            .fetch_all(&mut *conn)
            .await
            .map_err(map_error)?;
            if rows.is_empty() {
                break;
            }
            let mut hashes = Vec::new();
            for (agent_id, hash) in &rows {
                hashes.extend(frontier.append(&leaf_data(agent_id, hash)));
            }
            tx::insert_log_hashes(conn, &hashes).await?;
        }
        let checkpoint = SignedCheckpoint::sign(&frontier, signer, origin);
        insert_checkpoint(conn, &checkpoint).await?;
        sqlx::query("DELETE FROM log_rebuild")
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        Ok(checkpoint)
    }
    .await;
    match rebuilt {
        Ok(checkpoint) => {
            sqlx::query("COMMIT")
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
            Ok(checkpoint)
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}
