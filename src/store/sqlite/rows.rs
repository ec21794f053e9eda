//! Rows as SQLite returns them, and their mapping to the store's types.

use sqlx::FromRow;

use super::map_error;
use crate::domain::Record;
pub(super) use crate::store::backend::RecordColumns as RecordRow;
use crate::store::backend::StoredLink;
use crate::store::rows::SnapshotRow;
pub(super) use crate::store::rows::{
    checkpoint, CheckpointRow, SessionRow, TaskRow, RECORD_COLUMNS,
};
use crate::store::{CapabilitySnapshot, StoreError};

/// Maps fetched rows to records; one that does not read back is an error.
pub(super) fn records(rows: Vec<RecordRow>) -> Result<Vec<Record>, StoreError> {
    rows.into_iter().map(Record::try_from).collect()
}

/// One record by id, from the read pool or the writer's connection.
pub(super) async fn record_by_id<'c, E>(executor: E, id: &str) -> Result<Option<Record>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Sqlite>,
{
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE id = ?");
    let row: Option<RecordRow> = sqlx::query_as(&sql)
        .bind(id)
        .fetch_optional(executor)
        .await
        .map_err(map_error)?;
    row.map(Record::try_from).transpose()
}

/// The columns a chain walk hashes, as stored.
#[derive(FromRow)]
pub(super) struct LinkRow {
    seq: i64,
    log_index: i64,
    id: String,
    agent_id: String,
    #[sqlx(rename = "type")]
    kind: String,
    content: String,
    metadata: Option<String>,
    capabilities: Option<String>,
    session_id: Option<String>,
    parent_id: Option<String>,
    timestamp: String,
    prev_hash: String,
    hash: String,
}

impl From<LinkRow> for StoredLink {
    fn from(row: LinkRow) -> StoredLink {
        StoredLink {
            seq: row.seq.max(0) as u64,
            log_index: row.log_index.max(0) as u64,
            id: row.id,
            agent_id: row.agent_id,
            r#type: row.kind,
            content: row.content,
            metadata: row.metadata,
            capabilities: row.capabilities,
            session_id: row.session_id,
            parent_id: row.parent_id,
            timestamp: row.timestamp,
            prev_hash: row.prev_hash,
            hash: row.hash,
        }
    }
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
