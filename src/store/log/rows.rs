//! The log's rows in shared SQL (docs/design.md §2): checkpoints, stored
//! hashes and the frontier they give, on whichever [`Db`] asks.

use crate::domain::merkle::{Frontier, StoredHashes};
use crate::store::backend::rows::{self, CheckpointRow, CHECKPOINT_COLUMNS};
use crate::store::backend::sql::{position, Db, Param, Query};
use crate::store::{SignedCheckpoint, StoreError};

/// A checkpoint row; `tree_size` is the key, so a second root for a size
/// signed already is refused. (Also the SQLite writer's prepared statement.)
pub(crate) const INSERT_CHECKPOINT: &str =
    "INSERT INTO checkpoints (tree_size, root, note) VALUES ($1, $2, $3)";

/// The checkpoint the database signed at `tree_size`, or its newest when None.
pub(crate) async fn checkpoint(
    db: Db<'_>,
    tree_size: Option<u64>,
) -> Result<Option<SignedCheckpoint>, StoreError> {
    let query = match tree_size.map(position) {
        None => Query::new(format!(
            "SELECT {CHECKPOINT_COLUMNS} FROM checkpoints ORDER BY tree_size DESC LIMIT 1"
        )),
        Some(None) => return Ok(None),
        Some(Some(size)) => Query::new(format!(
            "SELECT {CHECKPOINT_COLUMNS} FROM checkpoints WHERE tree_size = $1"
        ))
        .bind(Param::Int(size)),
    };
    let row: Option<CheckpointRow> = db.fetch_optional(&query).await?;
    row.map(rows::checkpoint).transpose()
}

/// Stores a signed checkpoint.
pub(crate) async fn insert_checkpoint(
    db: Db<'_>,
    checkpoint: &SignedCheckpoint,
) -> Result<(), StoreError> {
    let query = Query::new(INSERT_CHECKPOINT)
        .bind(Param::Int(checkpoint.tree_size as i64))
        .bind(Param::Bytes(checkpoint.root.0.as_slice()))
        .bind(Param::Text(&checkpoint.note));
    db.execute(&query).await.map(drop)
}

/// The stored log hashes at `indexes` (those that exist), one statement. For
/// the writer's connection, which reads a frontier's O(log n) hashes at
/// start and when another replica moved the log; the read pool's proofs go
/// through each backend's own read (`RowReads::log_hashes`).
pub(crate) async fn stored_hashes(db: Db<'_>, indexes: &[u64]) -> Result<StoredHashes, StoreError> {
    let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
    if wanted.is_empty() {
        return Ok(StoredHashes::default());
    }
    let marks: Vec<String> = (1..=wanted.len()).map(|n| format!("${n}")).collect();
    let mut query = Query::new(format!(
        "SELECT idx, hash FROM log_hashes WHERE idx IN ({})",
        marks.join(", ")
    ));
    for idx in wanted {
        query.push(Param::Int(idx));
    }
    let read: Vec<(i64, Vec<u8>)> = db.fetch_all(&query).await?;
    read.into_iter()
        .map(|(idx, bytes)| Ok((idx as u64, rows::stored_hash(idx as u64, &bytes)?)))
        .collect()
}

/// The frontier of the log at `size`, from its stored hashes.
pub(crate) async fn frontier_at(db: Db<'_>, size: u64) -> Result<Frontier, StoreError> {
    let stored = stored_hashes(db, &Frontier::indexes(size)).await?;
    Frontier::from_stored(size, &stored)
        .map_err(|e| StoreError::Internal(format!("the log cannot be loaded at size {size}: {e}")))
}
