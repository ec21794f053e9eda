//! The record format's original schema and hashing test matrix, ported from
//! TypeScript to the domain: the record schema is `record_from_json` (our
//! record also carries `seq` and `log_index`); JSON has no `undefined` and no
//! cycles, so those rows test the nearest JSON-level facts (absent or null
//! metadata, and the inputs the canonicalizer cannot represent).

use decision_trail::domain::json::{self, JsonValue, ParseErrorKind};
use decision_trail::domain::record::{
    hash_of_json_record, record_from_json, HashInput, RECORD_TYPES, ZERO_HASH,
};
use decision_trail::domain::RecordType;

const PINNED: &str = "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a";

fn valid_record() -> serde_json::Value {
    serde_json::json!({
        "id": "r1", "seq": 0, "log_index": 0, "type": "plan", "task_id": "t1",
        "agent_id": "a1", "content": "hello", "timestamp": "2026-04-17T00:00:00Z",
        "prev_hash": ZERO_HASH, "hash": "a".repeat(64)
    })
}

fn parse_value(v: &serde_json::Value) -> JsonValue {
    json::parse(&v.to_string(), 64).unwrap()
}

fn accepts(v: &serde_json::Value) -> bool {
    record_from_json(&parse_value(v)).is_ok()
}

/// The fixed input of the hashing rows.
fn input() -> HashInput<'static> {
    HashInput {
        id: "r1",
        r#type: "plan",
        task_id: "t1",
        content: "hello",
        timestamp: "2026-04-17T00:00:00Z",
        prev_hash: ZERO_HASH,
        metadata: None,
        capabilities: None,
        session_id: None,
        parent_id: None,
        commitment: None,
    }
}

fn canon(text: &str) -> String {
    json::canonicalize(&json::parse(text, 64).unwrap()).unwrap()
}

// §3a RECORD_TYPES

#[test]
fn record_types_has_four_entries_in_canonical_order() {
    assert_eq!(RECORD_TYPES.len(), 4);
    assert_eq!(RECORD_TYPES, ["plan", "analysis", "decision", "reflection"]);
}

#[test]
fn every_record_type_parses_and_round_trips() {
    for name in RECORD_TYPES {
        let t: RecordType = name.parse().unwrap();
        assert_eq!(t.as_str(), name);
    }
    assert!("Plan".parse::<RecordType>().is_err(), "case-sensitive");
}

// §3b ZERO_HASH

#[test]
fn zero_hash_has_length_64() {
    assert_eq!(ZERO_HASH.len(), 64);
}

#[test]
fn zero_hash_is_64_zero_characters() {
    assert!(ZERO_HASH.bytes().all(|b| b == b'0'));
}

#[test]
fn zero_hash_has_the_expected_literal_value() {
    assert_eq!(
        ZERO_HASH,
        "0000000000000000000000000000000000000000000000000000000000000000"
    );
}

// §3c the record schema

#[test]
fn accepts_a_valid_record_unchanged() {
    let record = record_from_json(&parse_value(&valid_record())).unwrap();
    assert_eq!(
        (
            record.id.as_str(),
            record.authored.r#type,
            record.authored.task_id.as_str()
        ),
        ("r1", RecordType::Plan, "t1")
    );
    assert_eq!(
        (
            record.authored.agent_id.as_str(),
            record.authored.content.as_str()
        ),
        ("a1", "hello")
    );
    assert_eq!(record.timestamp, "2026-04-17T00:00:00Z");
    assert_eq!(record.prev_hash, ZERO_HASH);
    assert_eq!(record.hash, "a".repeat(64));
    assert_eq!(
        (record.seq, record.log_index, record.authored.metadata),
        (0, 0, None)
    );
}

/// Each of the 8 fields omitted is refused, and named.
macro_rules! rejects_missing {
    ($($name:ident => $field:literal),* $(,)?) => {$(
        #[test]
        fn $name() {
            let mut v = valid_record();
            v.as_object_mut().unwrap().remove($field);
            let errors = record_from_json(&parse_value(&v)).unwrap_err();
            assert_eq!(errors.len(), 1, "{errors:?}");
            assert_eq!(errors[0].field, $field);
            assert_eq!(errors[0].message, "is required");
        }
    )*};
}

rejects_missing! {
    rejects_missing_id => "id",
    rejects_missing_type => "type",
    rejects_missing_task_id => "task_id",
    rejects_missing_agent_id => "agent_id",
    rejects_missing_content => "content",
    rejects_missing_timestamp => "timestamp",
    rejects_missing_prev_hash => "prev_hash",
    rejects_missing_hash => "hash",
}

#[test]
fn rejects_type_observation() {
    let mut v = valid_record();
    v["type"] = "observation".into();
    let errors = record_from_json(&parse_value(&v)).unwrap_err();
    assert_eq!(errors[0].field, "type");
}

#[test]
fn rejects_63_char_prev_hash_and_hash() {
    for field in ["prev_hash", "hash"] {
        let mut v = valid_record();
        v[field] = "0".repeat(63).into();
        assert!(!accepts(&v), "{field}");
    }
}

#[test]
fn rejects_65_char_hash_and_prev_hash() {
    for field in ["prev_hash", "hash"] {
        let mut v = valid_record();
        v[field] = "a".repeat(65).into();
        assert!(!accepts(&v), "{field}");
    }
}

#[test]
fn accepts_empty_content() {
    let mut v = valid_record();
    v["content"] = "".into();
    assert!(accepts(&v));
}

// §3d canonicalize

#[test]
fn serializes_a_number_primitive() {
    assert_eq!(canon("42"), "42");
}

#[test]
fn serializes_a_string_primitive() {
    assert_eq!(canon("\"hi\""), "\"hi\"");
}

#[test]
fn serializes_boolean_primitives() {
    assert_eq!(canon("true"), "true");
    assert_eq!(canon("false"), "false");
}

#[test]
fn serializes_null() {
    assert_eq!(canon("null"), "null");
}

#[test]
fn sorts_object_keys_ascending() {
    assert_eq!(canon(r#"{"b":1,"a":2}"#), r#"{"a":2,"b":1}"#);
}

#[test]
fn recurses_into_nested_objects() {
    assert_eq!(
        canon(r#"{"b":{"d":1,"c":2},"a":3}"#),
        r#"{"a":3,"b":{"c":2,"d":1}}"#
    );
    assert_eq!(
        canon(r#"{"b":{"d":1,"c":2},"a":3}"#),
        canon(r#"{"a":3,"b":{"c":2,"d":1}}"#)
    );
}

#[test]
fn insertion_order_does_not_matter() {
    assert_eq!(canon(r#"{"b":1,"a":2}"#), canon(r#"{"a":2,"b":1}"#));
}

#[test]
fn preserves_array_order() {
    assert_eq!(canon("[3,1,2]"), "[3,1,2]");
}

/// JSON has no `undefined`; its JSON-level counterpart is metadata that is
/// absent or null: either way the hash input has no `metadata` key.
#[test]
fn absent_or_null_metadata_is_skipped() {
    let base = r#""id":"r1","type":"plan","task_id":"t1","content":"hello","timestamp":"2026-04-17T00:00:00Z","prev_hash":"0000000000000000000000000000000000000000000000000000000000000000""#;
    let absent = json::parse(&format!("{{{base}}}"), 64).unwrap();
    let null = json::parse(&format!("{{{base},\"metadata\":null}}"), 64).unwrap();
    assert_eq!(hash_of_json_record(&absent).unwrap(), PINNED);
    assert_eq!(hash_of_json_record(&null).unwrap(), PINNED);
}

/// A JSON text cannot be circular; what the canonicalizer cannot represent is
/// refused with an error instead: a lone surrogate, a number beyond a double,
/// nesting past the bound.
#[test]
fn unrepresentable_input_is_an_error_not_a_hash() {
    assert_eq!(
        json::parse(r#""\ud800""#, 64).unwrap_err().kind,
        ParseErrorKind::LoneSurrogate
    );
    assert!(json::canonicalize(&JsonValue::Number("1e400".into())).is_err());
    assert_eq!(
        json::parse(&"[".repeat(10_000), 64).unwrap_err().kind,
        ParseErrorKind::TooDeep { max: 64 }
    );
}

// §3e the record hash

#[test]
fn hash_is_64_lowercase_hex() {
    let h = input().hash();
    assert_eq!(h.len(), 64);
    assert!(h.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')));
}

#[test]
fn hash_is_deterministic() {
    assert_eq!(input().hash(), input().hash());
}

#[test]
fn genesis_snapshot_is_the_pinned_hash() {
    assert_eq!(
        input().canonical_json(),
        r#"{"content":"hello","id":"r1","prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","task_id":"t1","timestamp":"2026-04-17T00:00:00Z","type":"plan"}"#
    );
    assert_eq!(input().hash(), PINNED);
}

#[test]
fn field_order_of_the_input_does_not_matter() {
    let reversed = r#"{"prev_hash":"0000000000000000000000000000000000000000000000000000000000000000","timestamp":"2026-04-17T00:00:00Z","content":"hello","task_id":"t1","type":"plan","id":"r1"}"#;
    assert_eq!(
        hash_of_json_record(&json::parse(reversed, 64).unwrap()).unwrap(),
        PINNED
    );
}

#[test]
fn agent_id_is_not_hashed() {
    let mut a = record_from_json(&parse_value(&valid_record())).unwrap();
    let mut b = a.clone();
    a.authored.agent_id = "agent-a".into();
    b.authored.agent_id = "agent-b".into();
    assert_eq!(a.computed_hash(), b.computed_hash());
    assert_eq!(a.computed_hash(), PINNED);
}

#[test]
fn a_hash_field_in_the_input_is_ignored() {
    let mut v = valid_record();
    v["hash"] = "f".repeat(64).into();
    assert_eq!(hash_of_json_record(&parse_value(&v)).unwrap(), PINNED);
}

/// Changing any hashed field changes the hash.
macro_rules! sensitive_to {
    ($($name:ident => $field:ident = $value:expr),* $(,)?) => {$(
        #[test]
        fn $name() {
            let changed = HashInput { $field: $value, ..input() };
            assert_ne!(changed.hash(), input().hash());
        }
    )*};
}

sensitive_to! {
    sensitive_to_id => id = "r2",
    sensitive_to_type => r#type = "analysis",
    sensitive_to_task_id => task_id = "t2",
    sensitive_to_content => content = "hello!",
    sensitive_to_timestamp => timestamp = "2026-04-17T00:00:01Z",
    sensitive_to_prev_hash => prev_hash = PINNED,
}

#[test]
fn the_four_types_hash_differently() {
    let hashes: std::collections::HashSet<String> = RECORD_TYPES
        .iter()
        .map(|t| {
            HashInput {
                r#type: t,
                ..input()
            }
            .hash()
        })
        .collect();
    assert_eq!(hashes.len(), 4);
}

#[test]
fn hashes_1_kib_content() {
    let content = "x".repeat(1024);
    let h = HashInput {
        content: &content,
        ..input()
    }
    .hash();
    assert_eq!(h.len(), 64);
    assert_ne!(h, input().hash());
}

// §3f edge cases

#[test]
fn hashes_empty_content() {
    let h = HashInput {
        content: "",
        ..input()
    }
    .hash();
    assert_eq!(h.len(), 64);
    assert_ne!(h, input().hash());
}

#[test]
fn hashes_unicode_content_as_utf8() {
    let content = "héllo 世界 🎉";
    let h = HashInput { content, ..input() };
    assert!(
        h.canonical_json().contains(content),
        "non-ASCII is written raw"
    );
    assert_eq!(h.hash(), h.hash());
    assert_eq!(h.hash().len(), 64);
}
