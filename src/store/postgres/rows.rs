//! Rows as PostgreSQL returns them: `content` is bytea (it may hold U+0000),
//! and so are the hashes (migration 0004), read back into the shared record
//! columns.

use sqlx::FromRow;

use crate::domain::Record;
use crate::store::backend::rows::{AuthoredColumns, HashText, LinkText, RecordColumns, StoredLink};
use crate::store::backend::{ScopedIdempotencyKey, StoredAppend};
use crate::store::StoreError;

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
    prev_hash: HashText,
    hash: HashText,
    /// An erasable record's commitment and salt (docs/design.md §12).
    content_commitment: Option<HashText>,
    salt: Option<HashText>,
    erased_at: Option<String>,
    erased_by: Option<String>,
    erased_reason: Option<String>,
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
                prev_hash: &row.prev_hash.0,
                hash: &row.hash.0,
                commitment: row.content_commitment.as_ref().map(|c| c.0.as_str()),
                salt: row.salt.as_ref().map(|s| s.0.as_str()),
                erased_at: row.erased_at.as_deref(),
                erased_by: row.erased_by.as_deref(),
                erased_reason: row.erased_reason.as_deref(),
            },
        )
    }
}

/// A record's row: a chain row and its task (`rows::RECORD_COLUMNS`).
#[derive(FromRow)]
pub(super) struct RecordRow {
    /// The one column a chain row leaves out (a walk reads one task).
    task_id: String,
    /// Who erased the record and why (a walk needs only whether).
    erased_by: Option<String>,
    erased_reason: Option<String>,
    /// The rest.
    #[sqlx(flatten)]
    link: LinkRow,
}

impl TryFrom<RecordRow> for Record {
    type Error = StoreError;

    fn try_from(row: RecordRow) -> Result<Record, StoreError> {
        let link = row.link;
        let content = String::from_utf8(link.content).map_err(|_| {
            StoreError::Internal(format!("record {} has content that is not UTF-8", link.id))
        })?;
        Record::try_from(RecordColumns {
            log_index: link.log_index,
            id: link.id,
            seq: link.seq,
            authored: AuthoredColumns {
                task_id: row.task_id,
                kind: link.kind,
                agent_id: link.agent_id,
                content,
                metadata: link.metadata,
                capabilities: link.capabilities,
                session_id: link.session_id,
                parent_id: link.parent_id,
            },
            timestamp: link.timestamp,
            prev_hash: link.prev_hash.0,
            hash: link.hash.0,
            content_commitment: link.content_commitment,
            salt: link.salt,
            erased_at: link.erased_at,
            erased_by: row.erased_by,
            erased_reason: row.erased_reason,
        })
    }
}

/// Maps fetched rows to records; one that does not read back is an error.
pub(super) fn records(rows: Vec<RecordRow>) -> Result<Vec<Record>, StoreError> {
    rows.into_iter().map(Record::try_from).collect()
}

/// An idempotency key with the record it created.
#[derive(FromRow)]
pub(super) struct IdempotencyRow {
    /// Whose key it is (`store::Idempotency::scope`).
    scope: String,
    #[sqlx(rename = "key")]
    idempotency_key: String,
    /// The request the key was first sent with.
    fingerprint: String,
    /// The record that request created.
    #[sqlx(flatten)]
    record: RecordRow,
}

impl IdempotencyRow {
    /// ((scope, idempotency key), (fingerprint, record)), as `Loaded` keeps it.
    pub(super) fn into_entry(self) -> Result<(ScopedIdempotencyKey, StoredAppend), StoreError> {
        Ok((
            (self.scope, self.idempotency_key),
            (self.fingerprint, Ok(Record::try_from(self.record)?)),
        ))
    }
}
