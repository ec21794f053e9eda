//! Row types both backends read the same way (sqlx's `FromRow` derive is
//! generic over the database), and their mapping to the store's types. What
//! differs per backend (a record's `content`: text on SQLite, bytea on
//! PostgreSQL) stays in its folder.

use sqlx::FromRow;

use super::{CapabilitySnapshot, SessionSummary, SignedCheckpoint, StoreError, TaskSummary};
use crate::domain::merkle::Hash;

/// The columns of a record, in the order of the backends' record rows.
pub(crate) const RECORD_COLUMNS: &str =
    "log_index, id, task_id, seq, type, agent_id, content, metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash";

#[derive(FromRow)]
pub(crate) struct TaskRow {
    task_no: i64,
    task_id: String,
    length: i64,
    head_hash: String,
    first_timestamp: String,
    last_timestamp: String,
}

impl From<TaskRow> for (u64, TaskSummary) {
    fn from(row: TaskRow) -> (u64, TaskSummary) {
        (
            row.task_no as u64,
            TaskSummary {
                task_id: row.task_id,
                length: row.length as u64,
                head_hash: row.head_hash,
                first_timestamp: row.first_timestamp,
                last_timestamp: row.last_timestamp,
            },
        )
    }
}

/// The columns of a checkpoint row: `tree_size, root, note`.
pub(crate) type CheckpointRow = (i64, Vec<u8>, String);

pub(crate) fn checkpoint(row: CheckpointRow) -> Result<SignedCheckpoint, StoreError> {
    let (tree_size, root, note) = row;
    let root: [u8; 32] = root
        .try_into()
        .map_err(|_| StoreError::Internal(format!("checkpoint {tree_size} has a bad root")))?;
    Ok(SignedCheckpoint {
        tree_size: tree_size as u64,
        root: Hash(root),
        note,
    })
}

#[derive(FromRow)]
pub(crate) struct SnapshotRow {
    hash: String,
    kind: String,
    canonical: String,
    trace: String,
    stored_at: String,
}

impl From<SnapshotRow> for CapabilitySnapshot {
    fn from(r: SnapshotRow) -> CapabilitySnapshot {
        CapabilitySnapshot {
            hash: r.hash,
            kind: r.kind,
            canonical: r.canonical,
            trace: r.trace,
            stored_at: r.stored_at,
        }
    }
}

#[derive(FromRow)]
pub(crate) struct SessionRow {
    session_id: String,
    length: i64,
    first_index: i64,
    first_timestamp: String,
    last_timestamp: String,
}

impl SessionRow {
    /// The summary without its members, and the log index of its first record.
    pub(crate) fn into_summary(self) -> (u64, SessionSummary) {
        (
            self.first_index.max(0) as u64,
            SessionSummary {
                session_id: self.session_id,
                length: self.length.max(0) as u64,
                first_timestamp: self.first_timestamp,
                last_timestamp: self.last_timestamp,
                tasks: None,
                agents: None,
            },
        )
    }
}
