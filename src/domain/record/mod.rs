//! The record (docs/design.md §1): its types and fields, its id, the form a
//! hash is written in, and which records a listing keeps. The rules that read
//! and check records live beside it:
//!
//! - `hash`: what the hash covers, written canonically, and the hash of a
//!   record made elsewhere;
//! - `input`: an append body's rules and limits;
//! - `identifier`: what an id (`task_id`, `agent_id`, ...) may be;
//! - `read`: a full record read back from JSON (served or exported);
//! - `oversight`: a reviewer's verdict on a decision, as a record;
//! - `members`: reading one member of a JSON object, naming it when wrong.

use std::fmt;
use std::str::FromStr;

pub use super::capabilities::binding::{Capabilities, CAPABILITIES_FIELDS};
use super::Metadata;

mod batch;
pub mod erasure;
mod hash;
mod identifier;
mod input;
mod members;
pub mod oversight;
mod read;

pub use batch::{item_path, new_records_from_batch, MAX_BATCH_RECORDS};
pub use erasure::{Erasable, Erasure};
pub use hash::{hash_of_json_record, Commitment, HashInput};
pub use identifier::{identifier_problem, is_invisible, new_identifier_problem, MAX_ID_CHARS};
pub use input::{
    new_record_from_json, parse_body, InputLimits, NewRecord, DEFAULT_MAX_CONTENT_BYTES,
    DEFAULT_MAX_METADATA_BYTES, MAX_BODY_DEPTH, NEW_RECORD_FIELDS,
};
pub use read::record_from_json;

/// The four record types, in their canonical order (docs/design.md §1).
pub const RECORD_TYPES: [&str; 4] = ["plan", "analysis", "decision", "reflection"];

/// `prev_hash` of the first record of every chain: 64 ASCII zeros.
pub const ZERO_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RecordType {
    Plan,
    Analysis,
    Decision,
    Reflection,
}

impl RecordType {
    pub const ALL: [RecordType; 4] = [
        RecordType::Plan,
        RecordType::Analysis,
        RecordType::Decision,
        RecordType::Reflection,
    ];

    pub fn as_str(self) -> &'static str {
        RECORD_TYPES[self as usize]
    }
}

impl fmt::Display for RecordType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Case-sensitive: `Plan` is not a type.
impl FromStr for RecordType {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        RecordType::ALL
            .into_iter()
            .find(|t| t.as_str() == s)
            .ok_or_else(|| format!("must be one of {}", RECORD_TYPES.join(", ")))
    }
}

/// What the caller chooses of a record (docs/design.md §1, the fields set
/// by the caller): the same in an append request and in the record stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authored {
    pub r#type: RecordType,
    pub task_id: String,
    /// The caller's, or its API key's (docs/design.md §3).
    pub agent_id: String,
    /// Empty once an erasable record's content is erased.
    pub content: String,
    pub metadata: Option<Metadata>,
    /// The agent's capability fingerprints when it wrote the record.
    pub capabilities: Option<Capabilities>,
    /// The work session the record belongs to (docs/design.md §6).
    pub session_id: Option<String>,
    /// The earlier record of the same task this one answers (§6).
    pub parent_id: Option<String>,
}

/// A record as stored and served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// A UUID v7 of its `timestamp` (older records: v4; docs/design.md §1).
    pub id: String,
    /// Its place in its task's chain, from 0.
    pub seq: u64,
    /// Its leaf's index in the log, from 0.
    pub log_index: u64,
    /// What the caller chose, as appended.
    pub authored: Authored,
    /// UTC at the append, as JavaScript's `toISOString()` writes it.
    pub timestamp: String,
    /// The previous record's hash in the task (64 zeros for the first).
    pub prev_hash: String,
    /// SHA-256 of the canonical hash input, lowercase hex.
    pub hash: String,
    /// An erasable record's commitment, salt and erasure (docs/design.md
    /// §12); None for a record in the original format.
    pub erasable: Option<Erasable>,
}

/// Names of [`Authored`]'s fields, as records and append bodies write them.
pub const AUTHORED_FIELDS: [&str; 8] = [
    "type",
    "task_id",
    "agent_id",
    "content",
    "metadata",
    "capabilities",
    "session_id",
    "parent_id",
];

/// Names of the fields of a full record, in the order they are served.
pub const RECORD_FIELDS: [&str; 17] = joined(
    ["id", "seq", "log_index"],
    AUTHORED_FIELDS,
    [
        "timestamp",
        "prev_hash",
        "hash",
        "content_commitment",
        "salt",
        "erased",
    ],
);

/// `first`, `second` and `third` as one list of names (of `N`, their
/// lengths' sum), so that each list of fields is written once.
const fn joined<const A: usize, const B: usize, const C: usize, const N: usize>(
    first: [&'static str; A],
    second: [&'static str; B],
    third: [&'static str; C],
) -> [&'static str; N] {
    assert!(A + B + C == N, "N is the lists' lengths summed");
    let mut all = [""; N];
    let mut i = 0;
    while i < N {
        all[i] = if i < A {
            first[i]
        } else if i < A + B {
            second[i - A]
        } else {
            third[i - A - B]
        };
        i += 1;
    }
    all
}

impl Record {
    pub fn hash_input(&self) -> HashInput<'_> {
        let a = &self.authored;
        HashInput {
            id: &self.id,
            r#type: a.r#type.as_str(),
            task_id: &a.task_id,
            content: &a.content,
            timestamp: &self.timestamp,
            prev_hash: &self.prev_hash,
            metadata: a.metadata.as_ref().map(Metadata::canonical),
            capabilities: a.capabilities.as_ref().map(Capabilities::canonical),
            session_id: a.session_id.as_deref(),
            parent_id: a.parent_id.as_deref(),
            commitment: self.erasable.as_ref().map(|e| Commitment {
                value: &e.commitment,
                salt: e.salt.as_deref(),
                erased: e.erased.is_some(),
            }),
        }
    }

    /// Whether the record's content has been erased.
    pub fn is_erased(&self) -> bool {
        self.erasable.as_ref().is_some_and(|e| e.erased.is_some())
    }

    /// The hash the record's fields call for (not necessarily its stored `hash`).
    pub fn computed_hash(&self) -> String {
        self.hash_input().hash()
    }
}

/// Which records a listing keeps, besides its task (docs/design.md §3); every
/// condition given must hold.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RecordFilter {
    pub r#type: Option<RecordType>,
    pub agent_id: Option<String>,
    /// Records at or after this instant, written as the service writes
    /// timestamps (so that stored timestamps compare as text).
    pub since: Option<String>,
    /// Records before this instant, likewise.
    pub until: Option<String>,
    /// Records bound to this static capability hash.
    pub static_hash: Option<String>,
    /// Records bound to this runtime capability hash (made with that tool set).
    pub runtime_hash: Option<String>,
    /// Records of this work session.
    pub session_id: Option<String>,
}

impl RecordFilter {
    pub fn is_empty(&self) -> bool {
        *self == RecordFilter::default()
    }
}

/// A record's id (docs/design.md §1): a UUID version 7 (RFC 9562 §5.7), the
/// record's `timestamp` as 48 bits of Unix milliseconds, then the version,
/// variant and 74 bits of the random bytes, lowercase and hyphenated. Ids of
/// records written one after another share their prefix, so the id index
/// grows at its right edge instead of taking a random page per append
/// (docs/design.md §4). A timestamp that does not parse, or lies before 1970,
/// gives time 0. The caller brings the randomness, so this stays pure.
pub fn record_id(timestamp: &str, random: [u8; 16]) -> String {
    let millis = chrono::DateTime::parse_from_rfc3339(timestamp)
        .map_or(0, |t| t.timestamp_millis())
        .clamp(0, (1 << 48) - 1);
    let mut tail = [0u8; 10];
    tail.copy_from_slice(&random[..10]);
    // Non-negative and at most 48 bits, by the clamp.
    uuid::Builder::from_unix_timestamp_millis(millis as u64, &tail)
        .into_uuid()
        .to_string()
}

/// A hash as the API writes it (records, `prev_hash`, expected heads): 64
/// lowercase hex characters. The OpenAPI attributes repeat it as a literal
/// (utoipa wants one); a test checks the document against this constant.
pub const HASH_PATTERN: &str = "^[0-9a-f]{64}$";

/// True for 64 lowercase hex characters ([`HASH_PATTERN`]), the only form a
/// hash is written in.
pub fn is_hash_hex(s: &str) -> bool {
    s.len() == 64 && s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

#[cfg(test)]
mod tests {
    #[test]
    fn record_ids_are_uuid_v7_of_their_timestamp_and_bytes() {
        // Pinned: the time prefix is the timestamp's Unix milliseconds
        // (2026-11-25T08:00:00.123Z = 0x01a211b7fc7b ms); RFC 9562 §5.7.
        for (at, bytes, pinned) in [
            (
                "2026-11-25T08:00:00.123Z",
                [0u8; 16],
                "01a211b7-fc7b-7000-8000-000000000000",
            ),
            (
                "2026-11-25T08:00:00.123Z",
                [0xff; 16],
                "01a211b7-fc7b-7fff-bfff-ffffffffffff",
            ),
            (
                "1970-01-01T00:00:00.000Z",
                [0x5a; 16],
                "00000000-0000-7a5a-9a5a-5a5a5a5a5a5a",
            ),
            (
                "not a time",
                [0u8; 16],
                "00000000-0000-7000-8000-000000000000",
            ),
        ] {
            let id = super::record_id(at, bytes);
            assert_eq!(id, pinned, "{at}");
            let parsed = uuid::Uuid::parse_str(&id).unwrap();
            assert_eq!(parsed.get_version_num(), 7);
            assert_eq!(parsed.get_variant(), uuid::Variant::RFC4122);
        }
        // Later records sort after earlier ones by id, as text.
        let a = super::record_id("2026-11-25T08:00:00.123Z", [0xff; 16]);
        let b = super::record_id("2026-11-25T08:00:00.124Z", [0u8; 16]);
        assert!(a < b);
    }
}
