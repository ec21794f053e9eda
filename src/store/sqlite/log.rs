//! The log's rows: stored hashes, checkpoints, and loading the log at start.

use std::collections::HashMap;

use sqlx::SqliteConnection;

use super::rows::{self, CheckpointRow};
use super::{map_error, tx};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{leaf_input, Frontier, Hash};
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

/// The stored log hashes at `indexes` (those that exist).
pub(super) async fn stored_hashes<'c, E>(
    executor: E,
    indexes: &[u64],
) -> Result<HashMap<u64, Hash>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    if indexes.is_empty() {
        return Ok(HashMap::new());
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
        .map(|(idx, bytes)| {
            let hash: [u8; 32] = bytes
                .try_into()
                .map_err(|_| StoreError::Internal(format!("stored hash {idx} is not 32 bytes")))?;
            Ok((idx as u64, Hash(hash)))
        })
        .collect()
}

/// Stores a signed checkpoint (and so refuses a second root for a size already
/// signed: `tree_size` is the key).
pub(super) async fn insert_checkpoint(
    conn: &mut SqliteConnection,
    checkpoint: &SignedCheckpoint,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO checkpoints (tree_size, root, note) VALUES (?, ?, ?)")
        .bind(checkpoint.tree_size as i64)
        .bind(checkpoint.root.0.as_slice())
        .bind(&checkpoint.note)
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    Ok(())
}

/// Loads the log at start: the frontier of the last signed size, checked against
/// that checkpoint's root. Records and their leaves commit together, so the log
/// can only lag the records in a database written before the log existed: those
/// records are added in log order and the result signed. An empty log gets its
/// size-0 checkpoint, so there is always one to serve.
pub(super) async fn open(
    conn: &mut SqliteConnection,
    signer: &LogSigner,
    origin: &str,
) -> Result<(Frontier, SignedCheckpoint), StoreError> {
    let last = latest_checkpoint(&mut *conn)
        .await?
        .map(rows::checkpoint)
        .transpose()?;
    let signed_size = last.as_ref().map_or(0, |c| c.tree_size);
    let stored = stored_hashes(&mut *conn, &Frontier::indexes(signed_size)).await?;
    let mut frontier = Frontier::from_stored(signed_size, &stored)
        .map_err(|e| StoreError::Internal(format!("the log cannot be loaded: {e}")))?;
    if let Some(c) = &last {
        if frontier.root() != c.root {
            return Err(StoreError::Internal(format!(
                "the stored log does not match its last signed checkpoint (size {}): the database was altered",
                c.tree_size
            )));
        }
    }
    let (records,): (i64,) = sqlx::query_as("SELECT COALESCE(MAX(log_index) + 1, 0) FROM thoughts")
        .fetch_one(&mut *conn)
        .await
        .map_err(map_error)?;
    let records = records as u64;
    if records < signed_size {
        return Err(StoreError::Internal(format!(
            "the log signed {signed_size} records but only {records} are stored: records were removed"
        )));
    }
    if let (Some(c), true) = (&last, records == signed_size) {
        return Ok((frontier, c.clone()));
    }
    // Records without leaves (a database from before the log): add them, in log
    // order, and sign the result, in one transaction.
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    let caught_up = async {
        let mut next = signed_size;
        while next < records {
            let hashes: Vec<(String,)> = sqlx::query_as(
                "SELECT hash FROM thoughts WHERE log_index >= ? ORDER BY log_index LIMIT 10000",
            )
            .bind(next as i64)
            .fetch_all(&mut *conn)
            .await
            .map_err(map_error)?;
            let mut leaves = Vec::new();
            for (hash,) in &hashes {
                let input = leaf_input(hash).ok_or_else(|| {
                    StoreError::Internal(format!("record hash `{hash}` is not 32 bytes of hex"))
                })?;
                leaves.extend(frontier.append(&input));
            }
            tx::insert_log_hashes(conn, &leaves).await?;
            next += hashes.len() as u64;
        }
        let root = frontier.root();
        let checkpoint = SignedCheckpoint {
            tree_size: frontier.size(),
            root,
            note: signer.sign_checkpoint(origin, frontier.size(), root),
        };
        insert_checkpoint(conn, &checkpoint).await?;
        Ok(checkpoint)
    }
    .await;
    match caught_up {
        Ok(checkpoint) => {
            sqlx::query("COMMIT")
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
            if records > signed_size {
                tracing::info!(leaves = records - signed_size, "added records to the log");
            }
            Ok((frontier, checkpoint))
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}
