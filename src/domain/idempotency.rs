//! Idempotent retries: what an `Idempotency-Key` may be, and when two appends
//! sent with the same key are the same request.

use sha2::{Digest, Sha256};

use super::record::NewRecord;

/// Longest key accepted, in bytes.
pub const MAX_KEY_BYTES: usize = 255;

/// What [`key_problem`] accepts, as the OpenAPI document writes it (a test
/// checks that they agree): visible ASCII, no spaces.
pub const KEY_PATTERN: &str = "^[!-~]+$";

/// Why a key cannot be used, if it cannot: 1 to 255 visible ASCII characters
/// (a UUID is the usual choice).
pub fn key_problem(key: &str) -> Option<String> {
    if key.is_empty() {
        Some("must not be empty".into())
    } else if key.len() > MAX_KEY_BYTES {
        Some(format!("must be at most {MAX_KEY_BYTES} characters"))
    } else if !key.bytes().all(|b| b.is_ascii_graphic()) {
        Some("must be visible ASCII characters (no spaces or controls)".into())
    } else {
        None
    }
}

/// The fingerprint of an append request: SHA-256 over each field the caller
/// chose, length-prefixed so no two requests share one. Two requests are the
/// same when their fingerprints are, whatever their JSON spelling (member
/// order, whitespace, escapes, `1.0` vs `1` in metadata).
pub fn fingerprint(draft: &NewRecord) -> String {
    let mut h = Sha256::new();
    let mut field = |bytes: Option<&[u8]>| match bytes {
        None => h.update([0u8]),
        Some(b) => {
            h.update([1u8]);
            h.update((b.len() as u64).to_be_bytes());
            h.update(b);
        }
    };
    field(Some(draft.r#type.as_str().as_bytes()));
    field(Some(draft.task_id.as_bytes()));
    field(Some(draft.agent_id.as_bytes()));
    field(Some(draft.content.as_bytes()));
    field(draft.metadata.as_ref().map(|m| m.canonical().as_bytes()));
    field(draft.expected_prev_hash.as_deref().map(str::as_bytes));
    // Only when present, so that a request without it fingerprints as before.
    if let Some(c) = &draft.capabilities {
        field(Some(c.canonical().as_bytes()));
    }
    hex::encode(h.finalize())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::record::{new_record_from_json, parse_body, InputLimits};

    fn draft(body: &str) -> NewRecord {
        new_record_from_json(&parse_body(body).unwrap(), &InputLimits::default()).unwrap()
    }

    #[test]
    fn the_same_request_spelled_differently_has_one_fingerprint() {
        let a = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","metadata":{"b":1.0,"a":"\u0041"}}"#,
        );
        let b = draft(
            r#"{ "metadata": {"a":"A", "b":1}, "content":"x", "agent_id":"a", "task_id":"t", "type":"plan" }"#,
        );
        assert_eq!(fingerprint(&a), fingerprint(&b));
    }

    #[test]
    fn any_change_changes_the_fingerprint() {
        let base = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#;
        let variants = [
            r#"{"type":"decision","task_id":"t","agent_id":"a","content":"x"}"#,
            r#"{"type":"plan","task_id":"u","agent_id":"a","content":"x"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"b","content":"x"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"y"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","metadata":{}}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","expected_prev_hash":"0000000000000000000000000000000000000000000000000000000000000000"}"#,
            // Field boundaries count: "ta"+"" is not "t"+"a".
            r#"{"type":"plan","task_id":"ta","agent_id":"a","content":""}"#,
        ];
        let f = fingerprint(&draft(base));
        for v in variants {
            assert_ne!(fingerprint(&draft(v)), f, "{v}");
        }
    }

    #[test]
    fn keys_are_short_visible_ascii() {
        assert_eq!(key_problem("2f1c6a0e-8d7b-4c55-a1f2-0c9d5e3b7a61"), None);
        assert!(key_problem("").is_some());
        assert!(key_problem("a b").is_some());
        assert!(key_problem("é").is_some());
        assert!(key_problem(&"k".repeat(256)).is_some());
        assert_eq!(key_problem(&"k".repeat(255)), None);
    }
}
