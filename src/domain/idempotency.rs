//! Idempotent retries: what an `Idempotency-Key` may be, and when two appends
//! sent with the same key are the same request.

use sha2::{Digest, Sha256};

use super::record::{Authored, NewRecord, Record};

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
    fingerprint_in(draft, Form::Current)
}

/// Which fingerprint of a request.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// Every field the caller chose.
    Current,
    /// What versions before 0.5.0 made: without the session and the parent.
    /// A key they stored is still answered after an upgrade, for as long as
    /// keys are kept.
    WithoutSessionAndParent,
}

fn fingerprint_in(draft: &NewRecord, form: Form) -> String {
    fingerprint_of(
        &draft.authored,
        draft.expected_prev_hash.as_deref(),
        draft.erasable,
        form,
    )
}

/// The fingerprint of an append of `a`, expecting the head
/// `expected_prev_hash`, asking for an erasable record or not.
fn fingerprint_of(
    a: &Authored,
    expected_prev_hash: Option<&str>,
    erasable: bool,
    form: Form,
) -> String {
    let mut h = Sha256::new();
    let mut field = |bytes: Option<&[u8]>| match bytes {
        None => h.update([0u8]),
        Some(b) => {
            h.update([1u8]);
            h.update((b.len() as u64).to_be_bytes());
            h.update(b);
        }
    };
    field(Some(a.r#type.as_str().as_bytes()));
    field(Some(a.task_id.as_bytes()));
    field(Some(a.agent_id.as_bytes()));
    field(Some(a.content.as_bytes()));
    field(a.metadata.as_ref().map(|m| m.canonical().as_bytes()));
    field(expected_prev_hash.map(str::as_bytes));
    // Each of the rest only when present, so that a request without it
    // fingerprints as before it was added. The session and the parent are
    // tagged (their first byte is never the capabilities' 1, nor
    // `erasable`'s), so that no two of these endings are alike.
    if let Some(c) = &a.capabilities {
        field(Some(c.canonical().as_bytes()));
    }
    if form == Form::Current {
        for (tag, value) in [
            (&b"session_id"[..], &a.session_id),
            (&b"parent_id"[..], &a.parent_id),
        ] {
            if let Some(v) = value {
                h.update(tag);
                h.update((v.len() as u64).to_be_bytes());
                h.update(v.as_bytes());
            }
        }
    }
    if erasable {
        h.update(b"erasable");
    }
    hex::encode(h.finalize())
}

/// The fingerprint an idempotency key keeps once its record's content was
/// erased (docs/design.md §12): an unsalted hash of the content would let a
/// guess of it be checked. A retry with the key is answered the erased
/// record, whatever the request.
pub const ERASED_FINGERPRINT: &str = "erased";

/// The key item `index` of a batch sent with `key` is remembered by: the
/// batch's key, a space (never in a key sent, so no single append's key is
/// one) and the item's position.
pub fn batch_item_key(key: &str, index: usize) -> String {
    format!("{key} {index}")
}

/// The fingerprint item `index` of a batch of `count` is remembered with:
/// its own fingerprint under its place in the batch, so that a batch sent
/// again with the same key is the same request only when every item and the
/// count are the same.
pub fn batch_item_fingerprint(item: &str, index: usize, count: usize) -> String {
    format!("batch {index}/{count} {item}")
}

/// A stored fingerprint's place in its batch (`batch 3/10 `, empty for a
/// single append) and the request's own fingerprint.
fn place_and_own(stored: &str) -> (&str, &str) {
    let own = match stored.strip_prefix("batch ") {
        Some(rest) => rest.split_once(' ').map_or(rest, |(_, own)| own),
        None => stored,
    };
    stored.split_at(stored.len() - own.len())
}

/// Whether `draft`, sent with the fingerprint `sent` (its own, under its
/// place in a batch), is a retry of the request stored with a key as
/// `stored`: the same fingerprint, or the form versions before 0.5.0 made
/// of the same request.
pub fn same_request(stored: &str, sent: &str, draft: &NewRecord) -> bool {
    if stored == sent || stored == ERASED_FINGERPRINT {
        return true;
    }
    let ((stored_place, stored_own), (sent_place, _)) =
        (place_and_own(stored), place_and_own(sent));
    let binds = draft.authored.session_id.is_some() || draft.authored.parent_id.is_some();
    binds
        && stored_place == sent_place
        && stored_own == fingerprint_in(draft, Form::WithoutSessionAndParent)
}

/// Why a stored idempotency row `(scope, fingerprint)` cannot be answered
/// with `record`, the record it names (docs/design.md §2, "Nothing read back
/// is trusted"): the record must be in the key's scope (its agent, when the
/// key has one) and must be what the fingerprinted request made, its
/// fingerprint recomputed from the record itself (with or without the
/// `expected_prev_hash` it was appended after). None when it can.
pub fn stored_row_problem(scope: &str, fingerprint: &str, record: &Record) -> Option<String> {
    let (_, fingerprint) = place_and_own(fingerprint);
    if !scope.is_empty() && record.authored.agent_id != scope {
        return Some(format!(
            "the stored idempotency key of agent `{scope}` names record {} of agent `{}`",
            record.id, record.authored.agent_id
        ));
    }
    // The marker an erasure leaves, and only an erased record's.
    match (record.is_erased(), fingerprint == ERASED_FINGERPRINT) {
        (true, true) => return None,
        (false, true) => {
            return Some(format!(
                "the stored idempotency key says record {} was erased, and it was not",
                record.id
            ))
        }
        // An erasure that left the fingerprint: its content is gone, so
        // the request's fingerprint cannot be made again, and what is
        // answered holds nothing but what the hash covers.
        (true, false) => return None,
        (false, false) => {}
    }
    // An erasable record was asked for as one, or made one by the
    // service's `--erasable`; a conditional append expected the head it was
    // appended after; a key stored before 0.5.0 has the earlier form.
    let erasable = record.erasable.is_some();
    let binds = record.authored.session_id.is_some() || record.authored.parent_id.is_some();
    let forms: &[Form] = if binds {
        &[Form::Current, Form::WithoutSessionAndParent]
    } else {
        // The two forms are one.
        &[Form::Current]
    };
    let matches = [None, Some(record.prev_hash.as_str())]
        .into_iter()
        .flat_map(|e| [(e, false), (e, erasable)])
        .flat_map(|(e, x)| forms.iter().map(move |&form| (e, x, form)))
        .any(|(e, x, form)| fingerprint_of(&record.authored, e, x, form) == fingerprint);
    if !matches {
        return Some(format!(
            "the stored idempotency key names record {}, which the request it fingerprints did \
             not make",
            record.id
        ));
    }
    None
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
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","parent_id":"p"}"#,
        ];
        let f = fingerprint(&draft(base));
        for v in variants {
            assert_ne!(fingerprint(&draft(v)), f, "{v}");
        }
    }

    #[test]
    fn a_request_without_session_or_parent_keeps_the_fingerprint_earlier_versions_made() {
        // SHA-256 of the length-prefixed type, task, agent and content, and
        // a 0 byte each for no metadata and no expected head.
        let plain = draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#);
        let pinned = "8980173781fce07346bc0a3ab11d6e9a2be28756ff89b2fc03ef834598bed750";
        assert_eq!(fingerprint(&plain), pinned);
        // With a session and a parent, the earlier form is still that one,
        // and today's is not; the session and the parent are not
        // interchangeable.
        let bound = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"p"}"#,
        );
        assert_eq!(
            fingerprint_in(&bound, Form::WithoutSessionAndParent),
            pinned
        );
        assert_ne!(fingerprint(&bound), pinned);
        let swapped = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"p","parent_id":"s"}"#,
        );
        assert_ne!(fingerprint(&swapped), fingerprint(&bound));
        let only_session =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"x"}"#);
        let only_parent =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","parent_id":"x"}"#);
        assert_ne!(fingerprint(&only_session), fingerprint(&only_parent));
    }

    #[test]
    fn a_key_stored_before_session_and_parent_counted_still_answers_its_retry() {
        use crate::domain::chain::link;
        let body = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"p"}"#;
        let request = draft(body);
        let earlier = fingerprint_in(&request, Form::WithoutSessionAndParent);
        let now = fingerprint(&request);
        // The retry of the same request is the same request, alone or as
        // the same item of the same batch.
        assert!(same_request(&earlier, &now, &request));
        assert!(same_request(
            &batch_item_fingerprint(&earlier, 1, 2),
            &batch_item_fingerprint(&now, 1, 2),
            &request
        ));
        assert!(!same_request(
            &batch_item_fingerprint(&earlier, 1, 2),
            &batch_item_fingerprint(&now, 1, 3),
            &request
        ));
        // Another parent is another request, whatever the earlier form.
        let other = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"q"}"#,
        );
        assert!(!same_request(&now, &fingerprint(&other), &other));
        // A request without either never matches by the earlier form: its
        // fingerprints are one.
        let plain = draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"y"}"#);
        assert!(!same_request(&earlier, &fingerprint(&plain), &plain));
        // The stored row is checked against its record in either form.
        let record = link(
            request,
            None,
            0,
            "0190f000-0000-7000-8000-000000000000".into(),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        );
        assert_eq!(stored_row_problem("", &earlier, &record), None);
        assert_eq!(stored_row_problem("", &now, &record), None);
        assert!(stored_row_problem("", &fingerprint(&other), &record).is_some());
    }

    #[test]
    fn a_stored_row_is_answered_only_with_the_record_its_request_made() {
        use crate::domain::chain::link;
        let body = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#;
        let request = draft(body);
        let record = link(
            request.clone(),
            None,
            0,
            "0190f000-0000-7000-8000-000000000000".into(),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        );
        let f = fingerprint(&request);
        assert_eq!(stored_row_problem("", &f, &record), None);
        assert_eq!(stored_row_problem("a", &f, &record), None);
        // Another agent's key, or a row pointed at another request's record.
        assert!(stored_row_problem("b", &f, &record)
            .unwrap()
            .contains("agent `a`"));
        let other = fingerprint(&draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"y"}"#,
        ));
        assert!(stored_row_problem("", &other, &record).is_some());
        // A conditional append fingerprints with the head it expected.
        let mut conditional = request.clone();
        conditional.expected_prev_hash = Some(record.prev_hash.clone());
        assert_eq!(
            stored_row_problem("", &fingerprint(&conditional), &record),
            None
        );
        // A batch's item is checked by its own fingerprint, under its place.
        let in_batch = batch_item_fingerprint(&f, 3, 10);
        assert_eq!(stored_row_problem("", &in_batch, &record), None);
        assert!(stored_row_problem("", &batch_item_fingerprint(&other, 3, 10), &record).is_some());
    }

    #[test]
    fn a_batch_is_the_same_request_only_with_the_same_items_and_count() {
        let f = fingerprint(&draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#,
        ));
        let stored = batch_item_fingerprint(&f, 0, 2);
        let d = draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#);
        assert!(same_request(&stored, &batch_item_fingerprint(&f, 0, 2), &d));
        assert!(!same_request(
            &stored,
            &batch_item_fingerprint(&f, 0, 3),
            &d
        ));
        assert!(!same_request(&stored, &f, &d));
        // No key sent as a header contains a space: no single append's key
        // is a batch item's.
        let key = batch_item_key("k-1", 7);
        assert_eq!(key, "k-1 7");
        assert!(key_problem(&key).is_some());
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
