//! Witnesses' cosignatures of the log's checkpoints (docs/design.md §2,
//! "Witnesses"): stored through the writer's connection, between batches,
//! append-only; read back by checkpoint size. The same SQL on both backends.

use super::sql::{position, Db, Param, Query};
use super::{Store, StoreError};

/// A cosignature to keep: the witness key (`<name>+<key id hex>`) and its
/// signature line (without the newline).
pub type Cosignature = (String, String);

/// Stores `lines` for the checkpoint of `tree_size`
/// (`BatchStorage::put_cosignatures`). Rows are keyed by their line too, so
/// a line stored ahead of a witness's own (one it did not sign) never keeps
/// the real one out; only lines that verify are served.
pub(crate) async fn put(
    mut db: Db<'_>,
    tree_size: u64,
    origin: &str,
    lines: &[Cosignature],
) -> Result<(), StoreError> {
    let size = position(tree_size)
        .ok_or_else(|| StoreError::Internal(format!("tree size {tree_size} past 2^63")))?;
    for (witness, line) in lines {
        let insert = Query::new(
            "INSERT INTO cosignatures (tree_size, witness, line, origin) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (tree_size, witness, line) DO NOTHING",
        )
        .bind(Param::Int(size))
        .bind(Param::Text(witness))
        .bind(Param::Text(line))
        .bind(Param::Text(origin));
        db.reborrow().execute(&insert).await?;
    }
    Ok(())
}

impl Store {
    /// Keeps witnesses' cosignature lines of the checkpoint of `tree_size`.
    pub async fn put_cosignatures(
        &self,
        tree_size: u64,
        lines: Vec<Cosignature>,
    ) -> Result<(), StoreError> {
        self.writer.put_cosignatures(tree_size, lines).await
    }

    /// The cosignature rows stored for the checkpoint of `tree_size` of the
    /// log `origin` (or stored before rows named their log),
    /// `(witness key, line)`, in witness-key order: unchecked (the caller
    /// serves only those that verify, `Policy::check_stored`).
    pub async fn cosignature_rows(
        &self,
        tree_size: u64,
        origin: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let Some(size) = position(tree_size) else {
            return Ok(Vec::new());
        };
        let query = Query::new(
            "SELECT witness, line FROM cosignatures WHERE tree_size = $1 \
             AND (origin IS NULL OR origin = $2) ORDER BY witness, line",
        )
        .bind(Param::Int(size))
        .bind(Param::Text(origin));
        self.reads.db().fetch_all(&query).await
    }

    /// The sizes of the newest `limit` checkpoints with any cosignature,
    /// newest first.
    pub async fn cosigned_sizes(&self, limit: u32) -> Result<Vec<u64>, StoreError> {
        let query = Query::new(
            "SELECT DISTINCT tree_size FROM cosignatures ORDER BY tree_size DESC LIMIT $1",
        )
        .bind(Param::Int(i64::from(limit)));
        let rows: Vec<(i64,)> = self.reads.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(|(size,)| size as u64).collect())
    }
}

/// Every stored cosignature row of the log `origin` (or stored before rows
/// named their log), `(tree size, witness key, line)`, by size (`fsck
/// --witness-policy`).
pub(crate) async fn all_rows(
    db: Db<'_>,
    origin: &str,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    let query = Query::new(
        "SELECT tree_size, witness, line FROM cosignatures WHERE origin IS NULL OR origin = $1 \
         ORDER BY tree_size, witness, line",
    )
    .bind(Param::Text(origin));
    db.fetch_all(&query).await
}
