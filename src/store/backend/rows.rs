//! Row types both backends read the same way (sqlx's `FromRow` derive is
//! generic over the database, `sql::SharedRow`), and their mapping to the
//! store's types, and a stored hash read back as hex from either backend
//! (`HashText`: bytes, or the text of a database not yet migrated). What
//! else differs per backend (a record's `content`: text on SQLite, bytea on
//! PostgreSQL) stays in its folder.

use std::borrow::Cow;

use sqlx::error::BoxDynError;
use sqlx::postgres::{PgTypeInfo, PgValueRef};
use sqlx::sqlite::{SqliteTypeInfo, SqliteValueRef};
use sqlx::{Decode, FromRow, Postgres, Sqlite, Type, ValueRef};

use crate::domain::merkle::{from_hex, Hash};
use crate::domain::record::{Authored, Capabilities, Commitment, Erasable, Erasure};
use crate::domain::{ChainHead, HashInput, Metadata, Record, RecordType};
use crate::store::{CapabilitySnapshot, SessionSummary, SignedCheckpoint, StoreError, TaskSummary};

/// The columns of a record, in the order of the backends' record rows.
pub(crate) const RECORD_COLUMNS: &str =
    "log_index, id, task_id, seq, type, agent_id, content, metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash, content_commitment, salt, erased_at, erased_by, erased_reason";

/// A task row's columns, in [`TaskRow`]'s order.
pub(crate) const TASK_COLUMNS: &str =
    "task_no, task_id, length, head_hash, first_timestamp, last_timestamp";

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

/// A checkpoint row's columns, in [`CheckpointRow`]'s order.
pub(crate) const CHECKPOINT_COLUMNS: &str = "tree_size, root, note";

///
/// The size and root are the note's (what its signature covers); a row whose
/// columns say otherwise was written by someone else, and is refused.
pub(crate) fn checkpoint(row: CheckpointRow) -> Result<SignedCheckpoint, StoreError> {
    let (tree_size, root, note) = row;
    let (size, signed_root) = crate::domain::checkpoint::note_checkpoint(&note).map_err(|e| {
        StoreError::LogAltered(format!(
            "the checkpoint row of size {tree_size} holds no checkpoint note ({e})"
        ))
    })?;
    if u64::try_from(tree_size).ok() != Some(size) || root.as_slice() != signed_root.0.as_slice() {
        return Err(StoreError::LogAltered(format!(
            "the checkpoint row of size {tree_size} holds the note of size {size}: its columns \
             are not what its note signs"
        )));
    }
    Ok(SignedCheckpoint {
        tree_size: size,
        root: signed_root,
        note,
    })
}

/// A chain's head as the `tasks` table keeps it: its length, the hash of its
/// last record and that record's timestamp.
pub(crate) fn head(length: i64, head_hash: String, last_timestamp: String) -> ChainHead {
    ChainHead {
        length: length as u64,
        head_hash,
        last_timestamp,
    }
}

/// A stored log hash's bytes, which must be 32.
pub(crate) fn stored_hash(idx: u64, bytes: &[u8]) -> Result<Hash, StoreError> {
    bytes
        .try_into()
        .map(Hash)
        .map_err(|_| StoreError::Internal(format!("stored hash {idx} is not 32 bytes")))
}

/// A record hash's 32 bytes, as both backends store them (SQLite's migration
/// 0011, PostgreSQL's 0004), from the 64 hex characters the writer made.
pub(crate) fn hash_bytes(hex_text: &str) -> Result<[u8; 32], StoreError> {
    from_hex(hex_text)
        .map(|hash| hash.0)
        .ok_or_else(|| StoreError::Internal(format!("`{hex_text}` is not a record hash")))
}

/// An erasable record's commitment and salt as their 32 bytes each, as
/// both backends store them; None for a record that is not erasable (or,
/// for the salt, erased).
pub(crate) type ErasableBytes = (Option<[u8; 32]>, Option<[u8; 32]>);

pub(crate) fn erasable_bytes(r: &Record) -> Result<ErasableBytes, StoreError> {
    let Some(e) = &r.erasable else {
        return Ok((None, None));
    };
    Ok((
        Some(hash_bytes(&e.commitment)?),
        e.salt.as_deref().map(hash_bytes).transpose()?,
    ))
}

/// Stored hash bytes as the API writes them, lowercase hex. 32 bytes are
/// written into `buffer`, not a new string: the chain walk reads two a row,
/// and an allocation each was a tenth of its time. Any other length (a row
/// written by hand) is written as it is, for the walk to report.
pub(crate) fn hash_hex<'a>(bytes: &[u8], buffer: &'a mut [u8; 64]) -> Cow<'a, str> {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    if bytes.len() != 32 {
        return hex::encode(bytes).into();
    }
    for (pair, byte) in buffer.chunks_exact_mut(2).zip(bytes) {
        pair[0] = DIGITS[usize::from(byte >> 4)];
        pair[1] = DIGITS[usize::from(byte & 15)];
    }
    // Hex digits are ASCII.
    std::str::from_utf8(buffer).unwrap_or_default().into()
}

/// A stored record hash (`hash`, `prev_hash`) as sqlx reads it from either
/// backend, in the API's form: the bytes a migrated database stores, as hex
/// ([`hash_hex`]); or the text of a database not yet migrated (which `fsck`
/// reads as it is), or of a row written by hand, which the walk then reports.
pub(crate) struct HashText(
    /// The 64 lowercase hex characters (or the stored text as it is).
    pub String,
);

impl Type<Postgres> for HashText {
    fn type_info() -> PgTypeInfo {
        <Vec<u8> as Type<Postgres>>::type_info()
    }

    fn compatible(ty: &PgTypeInfo) -> bool {
        <Vec<u8> as Type<Postgres>>::compatible(ty) || <String as Type<Postgres>>::compatible(ty)
    }
}

impl HashText {
    /// Stored bytes, as hex.
    fn of_bytes(bytes: &[u8]) -> HashText {
        HashText(hash_hex(bytes, &mut [0; 64]).into_owned())
    }
}

impl<'r> Decode<'r, Postgres> for HashText {
    fn decode(value: PgValueRef<'r>) -> Result<HashText, BoxDynError> {
        if <Vec<u8> as Type<Postgres>>::compatible(&value.type_info()) {
            Ok(HashText::of_bytes(<&[u8] as Decode<Postgres>>::decode(
                value,
            )?))
        } else {
            Ok(HashText(<String as Decode<Postgres>>::decode(value)?))
        }
    }
}

impl Type<Sqlite> for HashText {
    fn type_info() -> SqliteTypeInfo {
        <Vec<u8> as Type<Sqlite>>::type_info()
    }

    fn compatible(ty: &SqliteTypeInfo) -> bool {
        // Blob or text (SQLite's bytes take both).
        <Vec<u8> as Type<Sqlite>>::compatible(ty)
    }
}

impl<'r> Decode<'r, Sqlite> for HashText {
    fn decode(value: SqliteValueRef<'r>) -> Result<HashText, BoxDynError> {
        // The value's own type: a column's declared type says nothing of a
        // row written by hand.
        if *value.type_info() == <Vec<u8> as Type<Sqlite>>::type_info() {
            Ok(HashText::of_bytes(<&[u8] as Decode<Sqlite>>::decode(
                value,
            )?))
        } else {
            Ok(HashText(<String as Decode<Sqlite>>::decode(value)?))
        }
    }
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

/// A session's summary, in the order of [`SessionRow`]: the `thoughts`
/// rows that name it, grouped by `session_id`.
pub(crate) const SESSION_SUMMARY: &str =
    "SELECT session_id, count(*) AS length, min(log_index) AS first_index, \
     min(timestamp) AS first_timestamp, max(timestamp) AS last_timestamp FROM thoughts";

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

/// The columns a chain walk hashes, read as stored: no validation, so that a
/// tampered row is reported by the walk, not refused by the reader. The text
/// columns share one buffer: a walk reads hundreds of thousands of rows, and
/// one allocation a row instead of eleven was a tenth of its time in a profile.
#[derive(Debug, Clone)]
pub(crate) struct StoredLink {
    pub seq: u64,
    pub log_index: u64,
    /// The text columns in [`LinkText`]'s order, one after another.
    text: String,
    /// Where each text column ends in `text`.
    ends: [u32; LINK_TEXT_COLUMNS],
    /// Which columns are NULL, one bit each in the same order.
    nulls: u16,
}

const LINK_TEXT_COLUMNS: usize = 16;

/// A chain row's text columns, borrowed from the driver's row.
pub(crate) struct LinkText<'a> {
    /// The columns a link is hashed from and served with, as stored.
    pub id: &'a str,
    pub agent_id: &'a str,
    pub r#type: &'a str,
    pub content: &'a str,
    /// The metadata's canonical text, as stored (parsed only when served).
    pub metadata: Option<&'a str>,
    /// The capabilities text as stored (hashed as it is).
    pub capabilities: Option<&'a str>,
    /// The optional links of the record, as the caller gave them.
    pub session_id: Option<&'a str>,
    pub parent_id: Option<&'a str>,
    pub timestamp: &'a str,
    /// The chain's link: checked against the previous row's `hash` by the walk.
    pub prev_hash: &'a str,
    pub hash: &'a str,
    /// An erasable record's `content_commitment`, as hex.
    pub commitment: Option<&'a str>,
    /// Its salt, as hex, while not erased.
    pub salt: Option<&'a str>,
    /// When, by whom and why it was erased, once it was: the walk holds
    /// them against the erasure record that names it (docs/design.md §12).
    pub erased_at: Option<&'a str>,
    pub erased_by: Option<&'a str>,
    pub erased_reason: Option<&'a str>,
}

impl StoredLink {
    pub fn new(seq: u64, log_index: u64, t: LinkText<'_>) -> StoredLink {
        let columns: [Option<&str>; LINK_TEXT_COLUMNS] = [
            Some(t.id),
            Some(t.agent_id),
            Some(t.r#type),
            Some(t.content),
            t.metadata,
            t.capabilities,
            t.session_id,
            t.parent_id,
            Some(t.timestamp),
            Some(t.prev_hash),
            Some(t.hash),
            t.commitment,
            t.salt,
            t.erased_at,
            t.erased_by,
            t.erased_reason,
        ];
        let mut text = String::with_capacity(columns.iter().flatten().map(|c| c.len()).sum());
        let mut ends = [0; LINK_TEXT_COLUMNS];
        let mut nulls = 0;
        for (i, column) in columns.iter().enumerate() {
            match column {
                Some(c) => text.push_str(c),
                None => nulls |= 1 << i,
            }
            // A row's text is far below 4 GiB (records are capped at 1 MiB).
            ends[i] = text.len() as u32;
        }
        StoredLink {
            seq,
            log_index,
            text,
            ends,
            nulls,
        }
    }

    fn column(&self, i: usize) -> Option<&str> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        (self.nulls & (1 << i) == 0).then(|| &self.text[start..self.ends[i] as usize])
    }

    fn required(&self, i: usize) -> &str {
        self.column(i).unwrap_or_default()
    }

    pub fn id(&self) -> &str {
        self.required(0)
    }

    pub fn agent_id(&self) -> &str {
        self.required(1)
    }

    pub fn hash(&self) -> &str {
        self.required(10)
    }

    /// What the record's hash covers, as stored.
    pub fn hash_input<'a>(&'a self, task_id: &'a str) -> HashInput<'a> {
        HashInput {
            id: self.id(),
            r#type: self.required(2),
            task_id,
            content: self.required(3),
            timestamp: self.required(8),
            prev_hash: self.required(9),
            metadata: self.column(4),
            capabilities: self.column(5),
            session_id: self.column(6),
            parent_id: self.column(7),
            commitment: self.column(11).map(|value| Commitment {
                value,
                salt: self.column(12),
                erased: self.erased(),
            }),
        }
    }

    /// Whether the record's content was erased.
    pub fn erased(&self) -> bool {
        self.column(13).is_some()
    }

    /// Who erased the record, when and why, as stored; None while it is not
    /// erased.
    pub fn erasure(&self) -> Option<Erasure> {
        Some(Erasure {
            at: self.column(13)?.to_string(),
            by: self.required(14).to_string(),
            reason: self.required(15).to_string(),
        })
    }

    /// The record's timestamp, agent and metadata, as an erasure ledger
    /// notes them.
    pub fn timestamp(&self) -> &str {
        self.required(8)
    }

    pub fn metadata(&self) -> Option<&str> {
        self.column(4)
    }
}

/// A record's columns as a backend reads them, before they are checked
/// back into a [`Record`] (one place for that mapping).
pub(crate) struct RecordColumns {
    pub log_index: i64,
    pub id: String,
    pub seq: i64,
    /// The columns of the part the caller set.
    pub authored: AuthoredColumns,
    pub timestamp: String,
    pub prev_hash: String,
    pub hash: String,
    /// An erasable record's commitment, as hex (stored as 32 bytes).
    pub content_commitment: Option<HashText>,
    /// Its salt, as hex, until erased.
    pub salt: Option<HashText>,
    /// When, by whom and why it was erased, once it was.
    pub erased_at: Option<String>,
    pub erased_by: Option<String>,
    pub erased_reason: Option<String>,
}

/// The columns of a record's [`Authored`] part, as read.
pub(crate) struct AuthoredColumns {
    pub task_id: String,
    /// The `type` column.
    pub kind: String,
    pub agent_id: String,
    pub content: String,
    pub metadata: Option<String>,
    pub capabilities: Option<String>,
    pub session_id: Option<String>,
    pub parent_id: Option<String>,
}

impl AuthoredColumns {
    /// The part the caller set of record `id`; a type or capabilities that
    /// do not read back are an error naming the record.
    fn read(self, id: &str) -> Result<Authored, StoreError> {
        let r#type = self
            .kind
            .parse::<RecordType>()
            .map_err(|_| StoreError::Internal(format!("record {id} has an unknown type")))?;
        let capabilities = match &self.capabilities {
            None => None,
            Some(text) => Some(
                crate::domain::json::parse(text, 4)
                    .ok()
                    .and_then(|v| Capabilities::from_json("capabilities", &v).ok())
                    .ok_or_else(|| {
                        StoreError::Internal(format!("record {id} has unreadable capabilities"))
                    })?,
            ),
        };
        Ok(Authored {
            r#type,
            task_id: self.task_id,
            agent_id: self.agent_id,
            content: self.content,
            metadata: self.metadata.map(Metadata::from_stored),
            capabilities,
            session_id: self.session_id,
            parent_id: self.parent_id,
        })
    }
}

impl TryFrom<RecordColumns> for Record {
    type Error = StoreError;

    fn try_from(row: RecordColumns) -> Result<Record, StoreError> {
        Ok(Record {
            authored: row.authored.read(&row.id)?,
            id: row.id,
            seq: row.seq as u64,
            log_index: row.log_index as u64,
            timestamp: row.timestamp,
            prev_hash: row.prev_hash,
            hash: row.hash,
            erasable: row.content_commitment.map(|c| Erasable {
                commitment: c.0,
                salt: row.salt.map(|s| s.0),
                erased: row.erased_at.map(|at| Erasure {
                    at,
                    by: row.erased_by.unwrap_or_default(),
                    reason: row.erased_reason.unwrap_or_default(),
                }),
            }),
        })
    }
}
