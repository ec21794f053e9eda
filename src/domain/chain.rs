//! How a record joins its task's chain (docs/design.md §2): `seq` counts from 0, the
//! first record links to `ZERO_HASH`, every other to the hash of the one before,
//! and a chain's timestamps never go backwards.

use std::collections::hash_map::RandomState;
use std::collections::HashSet;
use std::hash::BuildHasher;
use std::hash::BuildHasherDefault;

use chrono::{DateTime, Datelike, SecondsFormat, Timelike, Utc};

use super::record::{HashInput, NewRecord, Record, ZERO_HASH};
use super::IntHasher;

/// What an append needs to know of the chain it extends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainHead {
    /// Number of records in the chain, so also the next `seq`.
    pub length: u64,
    pub head_hash: String,
    pub last_timestamp: String,
}

/// A timestamp as the service writes it: UTC, milliseconds, `Z`
/// (what JavaScript's `toISOString()` prints).
pub fn format_timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// A timestamp the service wrote (or any RFC 3339 time), read back.
pub fn parse_timestamp(timestamp: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(timestamp)
        .ok()
        .map(|t| t.with_timezone(&Utc))
}

/// A time bound given by a caller (RFC 3339, any offset), in the form the
/// service writes timestamps, so that it compares with stored ones as text.
/// Stored timestamps have whole milliseconds, so a finer bound is rounded up:
/// a record is at or after `since`, or before `until`, exactly when it is at
/// or after, or before, the rounded bound. The text comparison holds only for
/// four-digit UTC years, so a bound outside them is refused.
pub fn timestamp_bound(text: &str) -> Result<String, String> {
    let t = DateTime::parse_from_rfc3339(text)
        .map_err(|_| {
            format!("must be an RFC 3339 time such as 2026-11-22T05:17:00Z, not `{text}`")
        })?
        .with_timezone(&Utc);
    if !(0..=9999).contains(&t.year()) {
        return Err(format!(
            "must be in the years 0000 to 9999 once in UTC, not `{text}`"
        ));
    }
    let sub_ms = t.nanosecond() % 1_000_000;
    let t = if sub_ms == 0 {
        t
    } else {
        t + chrono::Duration::nanoseconds(i64::from(1_000_000 - sub_ms))
    };
    if t.year() > 9999 {
        return Err(format!(
            "must be in the years 0000 to 9999 once in UTC, not `{text}`"
        ));
    }
    Ok(format_timestamp(t))
}

/// `now`, unless the previous record of the chain is later (a clock stepped
/// back): then the previous record's timestamp, so a chain never goes backwards.
pub fn not_before(now: String, previous: &str) -> String {
    if timestamp_before(&now, previous) {
        previous.to_string()
    } else {
        now
    }
}

/// Conditional append (`expected_prev_hash`): holds when the draft expects no
/// particular head, or the chain's head is the one it expects (64 zeros for an
/// empty chain). Otherwise, the head as it is: its hash and the chain's length.
pub fn check_expected_head(
    draft: &NewRecord,
    head: Option<&ChainHead>,
) -> Result<(), (String, u64)> {
    let Some(expected) = &draft.expected_prev_hash else {
        return Ok(());
    };
    let (head_hash, length) = head.map_or((ZERO_HASH, 0), |h| (h.head_hash.as_str(), h.length));
    if expected == head_hash {
        Ok(())
    } else {
        Err((head_hash.to_string(), length))
    }
}

/// Builds the record that extends `head` (or starts a chain when `head` is None)
/// as leaf `log_index` of the log, with the given id and clock reading. An
/// erasable draft needs `salt` (32 random bytes): its hash covers the
/// commitment they make with its content and metadata (docs/design.md §12).
pub fn link(
    draft: NewRecord,
    head: Option<&ChainHead>,
    log_index: u64,
    id: String,
    now: String,
    salt: Option<[u8; 32]>,
) -> Record {
    let (seq, prev_hash, timestamp) = match head {
        None => (0, ZERO_HASH.to_string(), now),
        Some(h) => (
            h.length,
            h.head_hash.clone(),
            not_before(now, &h.last_timestamp),
        ),
    };
    let mut record = Record {
        id,
        seq,
        log_index,
        authored: draft.authored,
        timestamp,
        prev_hash,
        hash: String::new(),
        erasable: None,
    };
    if let Some(salt) = salt.filter(|_| draft.erasable) {
        record.erasable = Some(super::record::Erasable {
            commitment: super::record::erasure::content_commitment(
                &salt,
                &record.authored.content,
                record
                    .authored
                    .metadata
                    .as_ref()
                    .map(super::Metadata::canonical),
            ),
            salt: Some(hex::encode(salt)),
            erased: None,
        });
    }
    record.hash = record.computed_hash();
    record
}

impl ChainHead {
    /// The head after `record` was appended to this chain (or started it).
    pub fn after(record: &Record) -> ChainHead {
        ChainHead {
            length: record.seq + 1,
            head_hash: record.hash.clone(),
            last_timestamp: record.timestamp.clone(),
        }
    }
}

/// The one ordering of timestamps (docs/design.md §2): true when `timestamp`
/// is earlier than `previous`, as instants when both are RFC 3339, else as
/// text (timestamps a test injects need not be RFC 3339). Nothing is before
/// the empty string, the "previous" of a chain's first record.
pub fn timestamp_before(timestamp: &str, previous: &str) -> bool {
    // Two UTC timestamps written alike (as this service writes them) order as
    // their text does, valid or not, so a chain walk need not parse each one.
    if timestamp.len() == previous.len() && utc_shape(timestamp) && utc_shape(previous) {
        return timestamp < previous;
    }
    match (
        DateTime::parse_from_rfc3339(timestamp),
        DateTime::parse_from_rfc3339(previous),
    ) {
        (Ok(t), Ok(p)) => t < p,
        _ => timestamp < previous,
    }
}

/// `YYYY-MM-DDTHH:MM:SS[.fraction]Z` with 1 to 9 fraction digits, by shape
/// only (digits where digits go).
fn utc_shape(t: &str) -> bool {
    let b = t.as_bytes();
    let Some((b'Z', rest)) = b.split_last() else {
        return false;
    };
    let (time, fraction) = rest.split_at(rest.len().min(19));
    let time_ok = time.len() == 19
        && time.iter().enumerate().all(|(i, c)| match i {
            4 | 7 => *c == b'-',
            10 => *c == b'T',
            13 | 16 => *c == b':',
            _ => c.is_ascii_digit(),
        });
    let fraction_ok = match fraction.split_first() {
        None => true,
        // chrono reads nine digits and skips the rest: a longer fraction is
        // left to it.
        Some((b'.', digits)) => {
            (1..=9).contains(&digits.len()) && digits.iter().all(u8::is_ascii_digit)
        }
        Some(_) => false,
    };
    time_ok && fraction_ok
}

/// Why a chain walk stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BreakReason {
    /// The record does not link to the hash of the one before it.
    PrevHashMismatch,
    /// The record's stored hash is not the hash of its fields.
    HashMismatch,
    /// The record's seq is not the next one (a record was dropped or reordered).
    SeqGap,
    /// The record's timestamp is earlier than the one before it.
    TimestampBackwards,
    /// The record's leaf is not in the log the latest checkpoint signs: its
    /// inclusion proof does not lead to that root.
    NotInLog,
    /// The record's `parent_id` is not an earlier record of its task.
    ParentInvalid,
    /// No signed checkpoint covers the record: its `log_index` is past the
    /// newest checkpoint's size, which every stored record must be within
    /// (docs/design.md §2), so it was not written by the log's writer.
    NotSigned,
    /// An erasable record's salt does not open its commitment to its content
    /// and metadata, or an erased one still holds them (docs/design.md §12).
    CommitmentMismatch,
    /// A record's content was erased, but no erasure record of its task
    /// names it: it was erased behind the service's back (§12).
    ErasureUnrecorded,
}

impl BreakReason {
    /// Every reason, in the order the API documents them.
    pub const ALL: [BreakReason; 9] = [
        BreakReason::PrevHashMismatch,
        BreakReason::HashMismatch,
        BreakReason::SeqGap,
        BreakReason::TimestampBackwards,
        BreakReason::NotInLog,
        BreakReason::ParentInvalid,
        BreakReason::NotSigned,
        BreakReason::CommitmentMismatch,
        BreakReason::ErasureUnrecorded,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            BreakReason::PrevHashMismatch => "prev_hash_mismatch",
            BreakReason::HashMismatch => "hash_mismatch",
            BreakReason::SeqGap => "seq_gap",
            BreakReason::TimestampBackwards => "timestamp_backwards",
            BreakReason::NotInLog => "not_in_log",
            BreakReason::ParentInvalid => "parent_invalid",
            BreakReason::NotSigned => "not_signed",
            BreakReason::CommitmentMismatch => "commitment_mismatch",
            BreakReason::ErasureUnrecorded => "erasure_unrecorded",
        }
    }
}

/// The first place a chain is broken: which record (by position and id), why,
/// what the walk expected there and what the record holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChainBreak {
    pub index: u64,
    pub id: String,
    pub reason: BreakReason,
    pub expected: String,
    pub actual: String,
}

impl ChainBreak {
    /// Why, and what was found: `hash_mismatch: recomputed …, stored …`
    /// (which hash is which said), else `reason: expected …, found …`.
    pub fn said(&self) -> String {
        match self.reason {
            BreakReason::HashMismatch => format!(
                "{}: recomputed {}, stored {}",
                self.reason.as_str(),
                self.expected,
                self.actual
            ),
            _ => format!(
                "{}: expected {}, found {}",
                self.reason.as_str(),
                self.expected,
                self.actual
            ),
        }
    }
}

/// Walks a chain one record at a time: each record must carry the next seq,
/// link to the previous hash, hash to its stored `hash`, and name as its
/// `parent_id` only an earlier record (8 bytes of memory a record for that).
#[derive(Debug, Clone)]
pub struct ChainWalk {
    length: u64,
    head_hash: String,
    /// The last record's timestamp: the next may not be earlier.
    last_timestamp: String,
    /// The ids walked so far, as 64-bit hashes under this walk's random keys
    /// (an edited database cannot aim a collision at keys it never saw): a
    /// `parent_id` must be one of them. 8 bytes a record.
    ids: HashSet<u64, BuildHasherDefault<IntHasher>>,
    keys: RandomState,
    /// Where each record's canonical JSON is written to be hashed, reused.
    scratch: Vec<u8>,
    /// The walk begins inside a chain (one record of a receipt): a
    /// `parent_id` names a record it never saw, and is not checked.
    partial: bool,
    /// Erased records no erasure record of the chain has named yet, with
    /// their position (docs/design.md §12): few, and named soon after.
    unnamed_erasures: Vec<(u64, String)>,
}

impl Default for ChainWalk {
    fn default() -> Self {
        ChainWalk {
            length: 0,
            head_hash: ZERO_HASH.to_string(),
            last_timestamp: String::new(),
            ids: HashSet::default(),
            keys: RandomState::new(),
            scratch: Vec::new(),
            partial: false,
            unnamed_erasures: Vec::new(),
        }
    }
}

impl ChainWalk {
    pub fn new() -> Self {
        Self::default()
    }

    /// A walk that begins at the record of `seq` linking to `prev_hash`
    /// (a receipt's one record): its parent is not checked.
    pub fn resuming(seq: u64, prev_hash: &str) -> Self {
        ChainWalk {
            length: seq,
            head_hash: prev_hash.to_string(),
            partial: true,
            ..Self::default()
        }
    }

    /// Checks the next record. `seq` is None for records that carry no seq (the
    /// original six-field format), whose position is then their place in the
    /// walk. The checks run in the order seq, prev_hash, hash, timestamp; the
    /// first that fails is reported.
    pub fn step(
        &mut self,
        seq: Option<u64>,
        input: &HashInput<'_>,
        stored_hash: &str,
    ) -> Result<(), ChainBreak> {
        let index = self.length;
        let broken = |reason, expected: String, actual: String| ChainBreak {
            index,
            id: input.id.to_string(),
            reason,
            expected,
            actual,
        };
        if let Some(seq) = seq.filter(|s| *s != index) {
            return Err(broken(
                BreakReason::SeqGap,
                index.to_string(),
                seq.to_string(),
            ));
        }
        if input.prev_hash != self.head_hash {
            return Err(broken(
                BreakReason::PrevHashMismatch,
                self.head_hash.clone(),
                input.prev_hash.to_string(),
            ));
        }
        let digits = input.hash_digits(&mut self.scratch);
        let computed = std::str::from_utf8(&digits).expect("hex digits are ASCII");
        if computed != stored_hash {
            return Err(broken(
                BreakReason::HashMismatch,
                computed.to_string(),
                stored_hash.to_string(),
            ));
        }
        if let Some(problem) = input.opening_problem() {
            return Err(broken(
                BreakReason::CommitmentMismatch,
                "the content and metadata content_commitment commits to".into(),
                problem,
            ));
        }
        if timestamp_before(input.timestamp, &self.last_timestamp) {
            return Err(broken(
                BreakReason::TimestampBackwards,
                format!("not before {}", self.last_timestamp),
                input.timestamp.to_string(),
            ));
        }
        if let Some(parent) = input.parent_id.filter(|_| !self.partial) {
            if !self.ids.contains(&self.keys.hash_one(parent)) {
                return Err(broken(
                    BreakReason::ParentInvalid,
                    "the id of an earlier record of this task".into(),
                    parent.to_string(),
                ));
            }
        }
        if input.commitment.is_some_and(|c| c.erased) {
            self.unnamed_erasures.push((index, input.id.to_string()));
        }
        if !self.unnamed_erasures.is_empty() && input.r#type == "decision" {
            if let Some(named) = input
                .metadata
                .and_then(super::record::erasure::erased_by_statement)
            {
                self.unnamed_erasures.retain(|(_, id)| !named.contains(id));
            }
        }
        self.ids.insert(self.keys.hash_one(input.id));
        self.length += 1;
        self.head_hash.clear();
        self.head_hash.push_str(computed);
        self.last_timestamp.clear();
        self.last_timestamp.push_str(input.timestamp);
        Ok(())
    }

    /// Records walked without a break.
    pub fn length(&self) -> u64 {
        self.length
    }

    /// Hash of the last record walked (the zero hash before the first).
    pub fn head_hash(&self) -> &str {
        &self.head_hash
    }

    /// After the chain's last record: an erased record that no erasure
    /// record of the chain names was erased behind the service's back
    /// (docs/design.md §12). Not asked of a walk of part of a chain.
    pub fn finish(&self) -> Result<(), ChainBreak> {
        match self.unnamed_erasures.first() {
            Some((index, id)) if !self.partial => Err(ChainBreak {
                index: *index,
                id: id.clone(),
                reason: BreakReason::ErasureUnrecorded,
                expected: "a later decision of the task whose metadata.erasure names it".into(),
                actual: "its content erased with no erasure record naming it".into(),
            }),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::RecordType;

    #[test]
    fn a_time_bound_is_utc_milliseconds_rounded_up_within_four_digit_years() {
        for (given, bound) in [
            ("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z"),
            ("2026-01-01T01:00:00.5+01:00", "2026-01-01T00:00:00.500Z"),
            ("2026-01-01T00:00:00.0005Z", "2026-01-01T00:00:00.001Z"),
            ("2026-01-01T00:00:00.999999999Z", "2026-01-01T00:00:01.000Z"),
            ("0000-01-01T00:00:00Z", "0000-01-01T00:00:00.000Z"),
        ] {
            assert_eq!(timestamp_bound(given).unwrap(), bound, "{given}");
        }
        for bad in [
            "0000-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-01:00",
            "9999-12-31T23:59:59.9999Z",
            "yesterday",
        ] {
            assert!(timestamp_bound(bad).is_err(), "{bad}");
        }
    }

    fn draft(content: &str) -> NewRecord {
        NewRecord::plain(RecordType::Plan, "t", "a", content.into())
    }

    #[test]
    fn an_expected_head_holds_only_on_that_head() {
        let mut d = draft("a");
        assert_eq!(check_expected_head(&d, None), Ok(()), "no expectation");
        d.expected_prev_hash = Some(ZERO_HASH.into());
        assert_eq!(
            check_expected_head(&d, None),
            Ok(()),
            "zeros: an empty chain"
        );
        let first = link(
            d.clone(),
            None,
            0,
            "id0".into(),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        );
        let head = ChainHead::after(&first);
        assert_eq!(
            check_expected_head(&d, Some(&head)),
            Err((first.hash.clone(), 1))
        );
        d.expected_prev_hash = Some(first.hash.clone());
        assert_eq!(check_expected_head(&d, Some(&head)), Ok(()));
        assert_eq!(
            check_expected_head(&d, None),
            Err((ZERO_HASH.to_string(), 0))
        );
    }

    #[test]
    fn genesis_links_to_zero_hash_and_the_next_to_its_hash() {
        let first = link(
            draft("a"),
            None,
            7,
            "r1".into(),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        );
        assert_eq!((first.seq, first.log_index), (0, 7));
        assert_eq!(first.prev_hash, ZERO_HASH);
        let second = link(
            draft("b"),
            Some(&ChainHead::after(&first)),
            8,
            "r2".into(),
            "2026-01-01T00:00:01.000Z".into(),
            None,
        );
        assert_eq!(second.seq, 1);
        assert_eq!(second.prev_hash, first.hash);
        assert_eq!(second.hash, second.computed_hash());
    }

    #[test]
    fn a_clock_stepping_back_does_not_reorder_the_chain() {
        assert_eq!(
            not_before(
                "2026-01-01T00:00:00.000Z".into(),
                "2026-01-01T00:00:05.000Z"
            ),
            "2026-01-01T00:00:05.000Z"
        );
        assert_eq!(
            not_before(
                "2026-01-01T00:00:06.000Z".into(),
                "2026-01-01T00:00:05.000Z"
            ),
            "2026-01-01T00:00:06.000Z"
        );
    }

    #[test]
    fn a_walk_refuses_a_timestamp_earlier_than_the_one_before() {
        let first = link(
            draft("a"),
            None,
            0,
            "r0".into(),
            "2026-01-01T00:00:01.000Z".into(),
            None,
        );
        let mut second = link(
            draft("b"),
            Some(&ChainHead::after(&first)),
            1,
            "r1".into(),
            "2026-01-01T00:00:02.000Z".into(),
            None,
        );
        second.timestamp = "2026-01-01T00:00:00.999Z".into();
        second.hash = second.computed_hash();
        let mut walk = ChainWalk::new();
        walk.step(Some(0), &first.hash_input(), &first.hash)
            .unwrap();
        let broken = walk
            .step(Some(1), &second.hash_input(), &second.hash)
            .unwrap_err();
        assert_eq!(broken.reason, BreakReason::TimestampBackwards);
        // Equal instants in two spellings are in order.
        assert!(!timestamp_before(
            "2026-04-17T00:00:00.000Z",
            "2026-04-17T00:00:00Z"
        ));
        assert!(timestamp_before(
            "2026-04-16T23:59:59Z",
            "2026-04-17T00:00:00.000Z"
        ));
    }

    #[test]
    fn timestamps_written_alike_order_as_their_instants() {
        let instant = |t: &str| DateTime::parse_from_rfc3339(t).unwrap();
        let alike = [
            ("2026-11-24T10:00:00.100Z", "2026-11-24T09:59:59.999Z"),
            ("2026-11-24T09:59:59.999Z", "2026-11-24T10:00:00.100Z"),
            ("2026-11-24T10:00:00.100Z", "2026-11-24T10:00:00.100Z"),
            ("2025-12-31T23:59:59Z", "2026-01-01T00:00:00Z"),
            ("2026-06-30T23:59:60Z", "2026-07-01T00:00:00Z"),
        ];
        for (t, p) in alike {
            assert_eq!(timestamp_before(t, p), instant(t) < instant(p), "{t} {p}");
        }
        // Past nine fraction digits chrono ignores the rest: equal instants.
        assert!(!timestamp_before(
            "2026-11-24T10:00:00.1234567891Z",
            "2026-11-24T10:00:00.1234567892Z"
        ));
        // An offset is read as an instant, whatever its text.
        assert!(timestamp_before(
            "2026-11-24T10:00:00+01:00",
            "2026-11-24T09:30:00Z"
        ));
        // Text that is not a timestamp compares as text.
        assert!(timestamp_before(
            "2026-13-01T00:00:00Z",
            "2026-14-01T00:00:00Z"
        ));
    }

    #[test]
    fn timestamps_print_like_to_iso_string() {
        let at = DateTime::parse_from_rfc3339("2026-11-22T05:17:00.123456Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(format_timestamp(at), "2026-11-22T05:17:00.123Z");
    }
}
