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

/// Which of a request's optional fields its fingerprint covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Form {
    session: bool,
    parent: bool,
}

impl Form {
    /// Every field the caller chose: an append's, a batch item's, a
    /// verdict's.
    pub const WHOLE: Form = Form {
        session: true,
        parent: true,
    };
    /// The record an OTLP span makes: without its parent, which the service
    /// finds rather than the exporter sends (an ancestor recorded between
    /// two exports of the span gives it one), so that a span's retry is its
    /// retry whatever was recorded meanwhile.
    pub const SPAN: Form = Form {
        session: true,
        parent: false,
    };
    /// What versions before 0.5.0 made: without the session and the parent.
    /// A key they stored still answers its retry after an upgrade, for as
    /// long as keys are kept.
    const BEFORE_0_5: Form = Form {
        session: false,
        parent: false,
    };

    /// The fingerprint of an append request in this form: SHA-256 over each
    /// field the caller chose, length-prefixed so no two requests share one.
    /// Two requests are the same when their fingerprints are, whatever
    /// their JSON spelling (member order, whitespace, escapes, `1.0` vs `1`
    /// in metadata).
    pub fn fingerprint(self, draft: &NewRecord) -> String {
        fingerprint_of(
            &draft.authored,
            draft.expected_prev_hash.as_deref(),
            draft.erasable,
            self,
        )
    }
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
    for (tag, value, covered) in [
        (&b"session_id"[..], &a.session_id, form.session),
        (&b"parent_id"[..], &a.parent_id, form.parent),
    ] {
        if let (Some(v), true) = (value, covered) {
            h.update(tag);
            h.update((v.len() as u64).to_be_bytes());
            h.update(v.as_bytes());
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

/// What is known of the request a key was first sent with, besides the
/// fingerprint stored with the key.
pub enum FirstRequest<'a> {
    /// An earlier request of the same writer batch: its fingerprint is in
    /// today's form.
    InThisBatch,
    /// A committed request, and the record it made, read back and checked
    /// by [`stored_row_problem`].
    Made(&'a Record),
    /// A committed request whose stored row is not what the service wrote:
    /// its record says nothing, and whether the retry is the same request
    /// decides only between the altered row's error and 422.
    Altered,
}

/// Whether `draft`, sent with the fingerprint `sent` in `form` (its own,
/// under its place in a batch), is a retry of the `first` request, stored
/// with its key as `stored`.
///
/// A key read back may be in the form versions before 0.5.0 made, which
/// left out the session and the parent: the earlier form of the draft is
/// then the same request too, and the record the first request made must
/// have the draft's session and parent (but for a span's parent, which the
/// service finds).
pub fn same_request(
    stored: &str,
    sent: &str,
    form: Form,
    draft: &NewRecord,
    first: FirstRequest<'_>,
) -> bool {
    if stored == ERASED_FINGERPRINT {
        return true;
    }
    let same_or_earlier = || {
        let ((stored_place, stored_own), (sent_place, _)) =
            (place_and_own(stored), place_and_own(sent));
        stored == sent
            || (stored_place == sent_place && stored_own == Form::BEFORE_0_5.fingerprint(draft))
    };
    match first {
        FirstRequest::InThisBatch => stored == sent,
        FirstRequest::Altered => same_or_earlier(),
        FirstRequest::Made(made) => {
            let (a, b) = (&made.authored, &draft.authored);
            a.session_id == b.session_id
                && (!form.parent || a.parent_id == b.parent_id)
                && same_or_earlier()
        }
    }
}

/// Why a stored idempotency row `(scope, fingerprint)` cannot be answered
/// with `record`, the record it names (docs/design.md §2, "Nothing read back
/// is trusted"): the record must be in the key's scope (its agent, when the
/// key has one) and must be what the fingerprinted request made, its
/// fingerprint recomputed from the record itself (with or without the
/// `expected_prev_hash` it was appended after, asked as erasable or not), in
/// the key's `form` or in that of a version before 0.5.0. None when it can.
pub fn stored_row_problem(
    scope: &str,
    fingerprint: &str,
    form: Form,
    record: &Record,
) -> Option<String> {
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
    // appended after.
    let erasable = record.erasable.is_some();
    // The forms differ only in the session and the parent: without them,
    // one is enough.
    let a = &record.authored;
    let forms = match (&a.session_id, &a.parent_id) {
        (None, None) => &[form][..],
        _ => &[form, Form::BEFORE_0_5][..],
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

    fn fingerprint(draft: &NewRecord) -> String {
        Form::WHOLE.fingerprint(draft)
    }

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
        assert_eq!(Form::BEFORE_0_5.fingerprint(&bound), pinned);
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
        let made = |body: &str| {
            link(
                draft(body),
                None,
                0,
                "0190f000-0000-7000-8000-000000000000".into(),
                "2026-01-01T00:00:00.000Z".into(),
                None,
            )
        };
        let body = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"p"}"#;
        let request = draft(body);
        let record = made(body);
        let earlier = Form::BEFORE_0_5.fingerprint(&request);
        let now = fingerprint(&request);
        // The retry of the same request is the same request, alone or as
        // the same item of the same batch; the earlier form only for a key
        // read back with its record.
        assert!(same_request(
            &earlier,
            &now,
            Form::WHOLE,
            &request,
            FirstRequest::Made(&record)
        ));
        assert!(!same_request(
            &earlier,
            &now,
            Form::WHOLE,
            &request,
            FirstRequest::InThisBatch
        ));
        assert!(same_request(
            &batch_item_fingerprint(&earlier, 1, 2),
            &batch_item_fingerprint(&now, 1, 2),
            Form::WHOLE,
            &request,
            FirstRequest::Made(&record)
        ));
        assert!(!same_request(
            &batch_item_fingerprint(&earlier, 1, 2),
            &batch_item_fingerprint(&now, 1, 3),
            Form::WHOLE,
            &request,
            FirstRequest::Made(&record)
        ));
        // Another session or parent is another request, in either form;
        // so is the same request without them.
        for other in [
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"q"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"r","parent_id":"p"}"#,
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#,
        ] {
            let other = draft(other);
            let sent = fingerprint(&other);
            assert!(!same_request(
                &now,
                &sent,
                Form::WHOLE,
                &other,
                FirstRequest::Made(&record)
            ));
            assert!(!same_request(
                &earlier,
                &sent,
                Form::WHOLE,
                &other,
                FirstRequest::Made(&record)
            ));
        }
        // A key stored today for a request without either is not the retry
        // of one that adds them: its fingerprint is also the earlier form of
        // that one, and the record it made says they differ.
        let plain_body = r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#;
        let plain = fingerprint(&draft(plain_body));
        assert_eq!(plain, earlier);
        assert!(!same_request(
            &plain,
            &now,
            Form::WHOLE,
            &request,
            FirstRequest::Made(&made(plain_body))
        ));
        // A row not what the service wrote: the retry of its request is
        // still the same request (the altered row's error, not 422).
        assert!(same_request(
            &earlier,
            &now,
            Form::WHOLE,
            &request,
            FirstRequest::Altered
        ));
        let other =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"y","session_id":"s"}"#);
        assert!(!same_request(
            &earlier,
            &fingerprint(&other),
            Form::WHOLE,
            &other,
            FirstRequest::Altered
        ));
        // The stored row is checked against its record in its own form and
        // the earlier one.
        assert_eq!(stored_row_problem("", &earlier, Form::WHOLE, &record), None);
        assert_eq!(stored_row_problem("", &now, Form::WHOLE, &record), None);
        assert_eq!(
            stored_row_problem("", &Form::SPAN.fingerprint(&request), Form::SPAN, &record),
            None
        );
        let other = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"r","parent_id":"p"}"#,
        );
        assert!(stored_row_problem("", &fingerprint(&other), Form::WHOLE, &record).is_some());
        // A single append's key is not a span's: re-pointed at a record that
        // adds a parent, it is caught.
        let without_parent =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s"}"#);
        assert!(
            stored_row_problem("", &fingerprint(&without_parent), Form::WHOLE, &record).is_some()
        );
    }

    #[test]
    fn a_span_s_fingerprint_leaves_out_only_the_parent_the_service_found() {
        let found = draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s","parent_id":"p"}"#,
        );
        let orphan =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"s"}"#);
        let elsewhere =
            draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x","session_id":"z"}"#);
        assert_eq!(
            Form::SPAN.fingerprint(&found),
            Form::SPAN.fingerprint(&orphan)
        );
        assert_eq!(Form::SPAN.fingerprint(&orphan), fingerprint(&orphan));
        assert_ne!(
            Form::SPAN.fingerprint(&orphan),
            Form::SPAN.fingerprint(&elsewhere)
        );
        // A span recorded as an orphan, sent again once its parent was
        // recorded, is its retry; a request's is not.
        use crate::domain::chain::link;
        let record = link(
            orphan.clone(),
            None,
            0,
            "0190f000-0000-7000-8000-000000000000".into(),
            "2026-01-01T00:00:00.000Z".into(),
            None,
        );
        let stored = Form::SPAN.fingerprint(&orphan);
        let again = Form::SPAN.fingerprint(&found);
        assert!(same_request(
            &stored,
            &again,
            Form::SPAN,
            &found,
            FirstRequest::Made(&record)
        ));
        assert!(!same_request(
            &fingerprint(&orphan),
            &fingerprint(&found),
            Form::WHOLE,
            &found,
            FirstRequest::Made(&record)
        ));
        let moved = Form::SPAN.fingerprint(&elsewhere);
        assert!(!same_request(
            &stored,
            &moved,
            Form::SPAN,
            &elsewhere,
            FirstRequest::Made(&record)
        ));
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
        assert_eq!(stored_row_problem("", &f, Form::WHOLE, &record), None);
        assert_eq!(stored_row_problem("a", &f, Form::WHOLE, &record), None);
        // Another agent's key, or a row pointed at another request's record.
        assert!(stored_row_problem("b", &f, Form::WHOLE, &record)
            .unwrap()
            .contains("agent `a`"));
        let other = fingerprint(&draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"y"}"#,
        ));
        assert!(stored_row_problem("", &other, Form::WHOLE, &record).is_some());
        // A conditional append fingerprints with the head it expected.
        let mut conditional = request.clone();
        conditional.expected_prev_hash = Some(record.prev_hash.clone());
        assert_eq!(
            stored_row_problem("", &fingerprint(&conditional), Form::WHOLE, &record),
            None
        );
        // A batch's item is checked by its own fingerprint, under its place.
        let in_batch = batch_item_fingerprint(&f, 3, 10);
        assert_eq!(
            stored_row_problem("", &in_batch, Form::WHOLE, &record),
            None
        );
        assert!(stored_row_problem(
            "",
            &batch_item_fingerprint(&other, 3, 10),
            Form::WHOLE,
            &record
        )
        .is_some());
    }

    #[test]
    fn a_batch_is_the_same_request_only_with_the_same_items_and_count() {
        let f = fingerprint(&draft(
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#,
        ));
        let stored = batch_item_fingerprint(&f, 0, 2);
        let d = draft(r#"{"type":"plan","task_id":"t","agent_id":"a","content":"x"}"#);
        assert!(same_request(
            &stored,
            &batch_item_fingerprint(&f, 0, 2),
            Form::WHOLE,
            &d,
            FirstRequest::InThisBatch
        ));
        assert!(!same_request(
            &stored,
            &batch_item_fingerprint(&f, 0, 3),
            Form::WHOLE,
            &d,
            FirstRequest::InThisBatch
        ));
        assert!(!same_request(
            &stored,
            &f,
            Form::WHOLE,
            &d,
            FirstRequest::InThisBatch
        ));
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
