//! Rows as PostgreSQL returns them: `content` is bytea (it may hold U+0000),
//! read back into the shared record columns.

use sqlx::FromRow;

use super::map_error;
use crate::domain::Record;
use crate::store::backend::{LinkText, RecordColumns, StoredLink};
use crate::store::rows::SnapshotRow;
pub(super) use crate::store::rows::{
    checkpoint, CheckpointRow, SessionRow, TaskRow, RECORD_COLUMNS,
};
use crate::store::{CapabilitySnapshot, StoreError};

#[derive(FromRow)]
pub(super) struct RecordRow {
    log_index: i64,
    id: String,
    task_id: String,
    seq: i64,
    #[sqlx(rename = "type")]
    kind: String,
    agent_id: String,
    content: Vec<u8>,
    metadata: Option<String>,
    capabilities: Option<String>,
    session_id: Option<String>,
    parent_id: Option<String>,
    timestamp: String,
    prev_hash: String,
    hash: String,
}

impl TryFrom<RecordRow> for Record {
    type Error = StoreError;

    fn try_from(row: RecordRow) -> Result<Record, StoreError> {
        let content = String::from_utf8(row.content).map_err(|_| {
            StoreError::Internal(format!("record {} has content that is not UTF-8", row.id))
        })?;
        Record::try_from(RecordColumns {
            log_index: row.log_index,
            id: row.id,
            task_id: row.task_id,
            seq: row.seq,
            kind: row.kind,
            agent_id: row.agent_id,
            content,
            metadata: row.metadata,
            capabilities: row.capabilities,
            session_id: row.session_id,
            parent_id: row.parent_id,
            timestamp: row.timestamp,
            prev_hash: row.prev_hash,
            hash: row.hash,
        })
    }
}

/// An idempotency key with the record it created.
#[derive(FromRow)]
pub(super) struct ClaimRow {
    scope: String,
    key: String,
    fingerprint: String,
    #[sqlx(flatten)]
    record: RecordRow,
}

impl ClaimRow {
    /// (owner, key, fingerprint, record).
    pub(super) fn into_parts(self) -> Result<(String, String, String, Record), StoreError> {
        Ok((
            self.scope,
            self.key,
            self.fingerprint,
            Record::try_from(self.record)?,
        ))
    }
}

/// Maps fetched rows to records; one that does not read back is an error.
pub(super) fn records(rows: Vec<RecordRow>) -> Result<Vec<Record>, StoreError> {
    rows.into_iter().map(Record::try_from).collect()
}

/// One record by id, over any executor.
pub(super) async fn record_by_id<'c, E>(executor: E, id: &str) -> Result<Option<Record>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE id = $1");
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
    content: Vec<u8>,
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
        StoredLink::new(
            row.seq.max(0) as u64,
            row.log_index.max(0) as u64,
            LinkText {
                id: &row.id,
                agent_id: &row.agent_id,
                r#type: &row.kind,
                // Bytes that are not UTF-8 were never written by the service:
                // read them lossily, and the walk reports the hash that breaks.
                content: &String::from_utf8_lossy(&row.content),
                metadata: row.metadata.as_deref(),
                capabilities: row.capabilities.as_deref(),
                session_id: row.session_id.as_deref(),
                parent_id: row.parent_id.as_deref(),
                timestamp: &row.timestamp,
                prev_hash: &row.prev_hash,
                hash: &row.hash,
            },
        )
    }
}

/// A capability snapshot by hash, over any executor.
pub(super) async fn snapshot_by_hash<'c, E>(
    executor: E,
    hash: &str,
) -> Result<Option<CapabilitySnapshot>, StoreError>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    let row: Option<SnapshotRow> = sqlx::query_as(
        "SELECT hash, kind, canonical, trace, stored_at FROM capability_snapshots WHERE hash = $1",
    )
    .bind(hash)
    .fetch_optional(executor)
    .await
    .map_err(map_error)?;
    Ok(row.map(CapabilitySnapshot::from))
}
