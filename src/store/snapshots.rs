//! The capability registry (docs/design.md §9): content-addressed snapshots,
//! stored through the writer's connection, between batches, and read back
//! by hash; the same SQL on both backends.

use chrono::Utc;

use super::backend::rows::SnapshotRow;
use super::backend::sql::{Db, Param, Query};
use super::{CapabilitySnapshot, Store, StoreError};
use crate::domain::chain::format_timestamp;

/// The snapshot stored under `hash`.
pub(crate) async fn by_hash(
    db: Db<'_>,
    hash: &str,
) -> Result<Option<CapabilitySnapshot>, StoreError> {
    let query = Query::new(
        "SELECT hash, kind, canonical, trace, stored_at FROM capability_snapshots WHERE hash = $1",
    )
    .bind(Param::Text(hash));
    let row: Option<SnapshotRow> = db.fetch_optional(&query).await?;
    Ok(row.map(CapabilitySnapshot::from))
}

/// Stores `snapshot` unless its hash is stored: the stored one, and whether
/// it is new (`BatchStorage::put_snapshot`).
pub(crate) async fn put(
    mut db: Db<'_>,
    snapshot: &CapabilitySnapshot,
) -> Result<(CapabilitySnapshot, bool), StoreError> {
    let insert = Query::new(
        "INSERT INTO capability_snapshots (hash, kind, canonical, trace, stored_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (hash) DO NOTHING",
    )
    .bind(Param::Text(&snapshot.hash))
    .bind(Param::Text(&snapshot.kind))
    .bind(Param::Text(&snapshot.canonical))
    .bind(Param::Text(&snapshot.trace))
    .bind(Param::Text(&snapshot.stored_at));
    let inserted = db.reborrow().execute(&insert).await? == 1;
    let stored = by_hash(db, &snapshot.hash)
        .await?
        .ok_or_else(|| StoreError::Internal("a stored snapshot did not read back".into()))?;
    Ok((stored, inserted))
}

/// Up to `limit` stored snapshots after the hash `after`, by hash (`fsck`).
pub(crate) async fn page(
    db: Db<'_>,
    after: &str,
    limit: i64,
) -> Result<Vec<CapabilitySnapshot>, StoreError> {
    let query = Query::new(
        "SELECT hash, kind, canonical, trace, stored_at FROM capability_snapshots \
         WHERE hash > $1 ORDER BY hash LIMIT $2",
    )
    .bind(Param::Text(after))
    .bind(Param::Int(limit));
    let rows: Vec<SnapshotRow> = db.fetch_all(&query).await?;
    Ok(rows.into_iter().map(CapabilitySnapshot::from).collect())
}

impl Store {
    /// Stores a capability snapshot unless one with its hash is stored; the
    /// stored one, and whether it was this call that stored it.
    pub async fn put_snapshot(
        &self,
        mut snapshot: CapabilitySnapshot,
    ) -> Result<(CapabilitySnapshot, bool), StoreError> {
        snapshot.stored_at = format_timestamp(Utc::now());
        self.writer.put_snapshot(snapshot).await
    }

    /// The capability snapshot stored under `hash`.
    pub async fn snapshot(&self, hash: &str) -> Result<Option<CapabilitySnapshot>, StoreError> {
        self.reads.snapshot(hash).await
    }
}
