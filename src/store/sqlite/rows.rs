//! Rows as SQLite returns them, and their mapping to the store's types.

use super::map_error;
use crate::domain::Record;
pub(super) use crate::store::backend::RecordColumns as RecordRow;
use crate::store::rows::SnapshotRow;
pub(super) use crate::store::rows::{
    checkpoint, CheckpointRow, SessionRow, TaskRow, RECORD_COLUMNS,
};
use crate::store::{CapabilitySnapshot, StoreError};

/// Maps fetched rows to records; one that does not read back is an error.
pub(super) fn records(rows: Vec<RecordRow>) -> Result<Vec<Record>, StoreError> {
    rows.into_iter().map(Record::try_from).collect()
}

/// A capability snapshot by hash, over any executor.
pub(super) async fn snapshot_by_hash<'c, E>(
    executor: E,
    hash: &str,
) -> Result<Option<CapabilitySnapshot>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    let row: Option<SnapshotRow> = sqlx::query_as(
        "SELECT hash, kind, canonical, trace, stored_at FROM capability_snapshots WHERE hash = ?",
    )
    .bind(hash)
    .fetch_optional(executor)
    .await
    .map_err(map_error)?;
    Ok(row.map(CapabilitySnapshot::from))
}
