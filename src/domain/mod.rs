//! The rules of the record, its hash and its chain. Pure: no I/O, no async, no
//! web framework, no database. Each rule lives in exactly one place:
//!
//! - `json`: strict JSON reading and RFC 8785 canonical JSON;
//! - `metadata`: what metadata may be, and its canonical form;
//! - `record`: the record, its type, id and hash, the append body's and the
//!   identifiers' rules;
//! - `chain`: how a record joins its chain (seq, prev_hash, timestamp);
//! - `merkle`: the log, an RFC 9162 Merkle tree over every record;
//! - `checkpoint`: signed checkpoints of the log (C2SP formats);
//! - `tiles`: the log as C2SP tlog-tiles: tile paths, which tiles a tree
//!   holds, entry bundles;
//! - `tlog_proof`: a record's receipt as a C2SP tlog-proof file, written and
//!   checked;
//! - `cursor`: the opaque paging cursors;
//! - `export`: the NDJSON export format, written and read;
//! - `evidence`: the evidence pack: its archive, manifest and signed statement;
//! - `api_keys`: API keys, their hashes and roles;
//! - `idempotency`: when two appends with one `Idempotency-Key` are the same;
//! - `audit`: checking an export without trusting the service;
//! - `search`: what a search query may say, the text indexed, a hit's snippet;
//! - `capabilities`: capability fingerprints, as the reference package hashes them;
//! - `otlp`: the OTLP trace messages, and what an agent's span becomes, by its convention (otlp mapping v2);
//! - `metrics`: the metric families `/metrics` serves: names, types, labels, units.
//! - `witness`: witness policies, cosignatures and `add-checkpoint` (C2SP tlog-witness).

pub mod api_keys;
pub mod audit;
pub mod capabilities;
pub mod chain;
pub mod checkpoint;
pub mod clock;
pub mod cursor;
pub mod evidence;
pub mod export;
pub mod idempotency;
pub mod json;
pub mod merkle;
pub mod metadata;
pub mod metrics;
pub mod otlp;
pub mod record;
pub mod search;
pub mod tiles;
pub mod tlog_proof;
pub mod witness;

pub use chain::ChainHead;
pub use metadata::Metadata;
pub use record::{Authored, HashInput, NewRecord, Record, RecordType, RECORD_TYPES, ZERO_HASH};

/// A decimal as the signed formats write one (a checkpoint's size, a
/// tlog-proof's index, a task statement's numbers): ASCII digits without
/// leading zeros; None for anything else.
pub fn decimal(s: &str) -> Option<u64> {
    let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits && (s == "0" || !s.starts_with('0')))
        .then(|| s.parse().ok())
        .flatten()
}

/// `n` and a noun, in the singular for one: "1 record", "3 records".
pub fn count(n: impl Into<u64>, noun: &str) -> String {
    let n = n.into();
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// Hashes a map's u64 key: the splitmix64 finalizer, so keys a stride apart
/// (a task's every fifth leaf) still spread over the buckets. For keys the
/// service chose or already hashed with a secret key, where SipHash only
/// costs time: it was a tenth of a chain walk's proving.
#[derive(Default)]
pub struct IntHasher(u64);

impl std::hash::Hasher for IntHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(self.0 ^ u64::from(*b));
        }
    }

    fn write_u64(&mut self, n: u64) {
        let mut x = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        self.0 = x ^ (x >> 31);
    }
}

/// One bad field of an input and what is wrong with it. `field` is a path such as
/// `metadata.a[2]`; the empty string names the whole body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        FieldError {
            field: field.into(),
            message: message.into(),
        }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.field, self.message)
        }
    }
}
