//! Erasable records (docs/design.md §12): the content commitment a hash
//! covers in place of `content` and `metadata`, its opening (the salt), and
//! what an erasure leaves and says.
//!
//! `content_commitment = lowercase_hex(SHA-256("decision-trail/commitment/v1\n"
//! ‖ salt ‖ UTF-8(canonical_json(C))))`, where `C` is `{"content": …}` plus
//! `"metadata": …` when the record has metadata. The salt is 32 random bytes
//! drawn by the server: without it the commitment reveals nothing of a short
//! content (a guess cannot be checked), and once it is erased with the
//! content the record still verifies through its commitment.

use sha2::{Digest, Sha256};

use super::is_hash_hex;
use crate::domain::json;

/// What the commitment's hash begins with: it names the rule and its version.
pub const COMMITMENT_TAG: &[u8] = b"decision-trail/commitment/v1\n";

/// The salt's length in bytes (64 hex characters as served).
pub const SALT_BYTES: usize = 32;

/// Longest erasure or hold reason, in characters.
pub const MAX_REASON_CHARS: usize = 512;

/// What an erasable record carries beside its fields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erasable {
    /// `content_commitment`, lowercase hex: what the hash covers in place of
    /// the content and metadata.
    pub commitment: String,
    /// The commitment's opening, lowercase hex; None once erased.
    pub salt: Option<String>,
    /// Who erased the content, when and why; None while it is there.
    pub erased: Option<Erasure>,
}

/// An erasure, as the record keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erasure {
    /// The erasure record's timestamp.
    pub at: String,
    /// The agent (key) that erased it, or the retention sweep.
    pub by: String,
    pub reason: String,
}

/// The commitment to `content` and `metadata` (canonical text) under `salt`,
/// as 64 lowercase hex digits.
pub fn content_commitment(salt: &[u8], content: &str, metadata: Option<&str>) -> String {
    let mut c = Vec::with_capacity(content.len() + metadata.map_or(0, str::len) + 32);
    c.extend_from_slice(b"{\"content\":");
    json::write_string(content, &mut c);
    if let Some(metadata) = metadata {
        c.extend_from_slice(b",\"metadata\":");
        c.extend_from_slice(metadata.as_bytes());
    }
    c.push(b'}');
    let mut h = Sha256::new();
    h.update(COMMITMENT_TAG);
    h.update(salt);
    h.update(&c);
    hex::encode(h.finalize())
}

/// Why a record's commitment does not hold, if it does not: an erasable
/// record's salt must open its commitment to its content and metadata; an
/// erased one keeps neither (nor the salt). `content` and `metadata` are as
/// stored or served.
pub fn opening_problem(
    commitment: &str,
    salt: Option<&str>,
    erased: bool,
    content: &str,
    metadata: Option<&str>,
) -> Option<String> {
    if !is_hash_hex(commitment) {
        return Some("content_commitment is not 64 lowercase hex characters".into());
    }
    if erased {
        if salt.is_some() || !content.is_empty() || metadata.is_some() {
            return Some("an erased record still holds its salt, content or metadata".into());
        }
        return None;
    }
    let Some(salt) = salt else {
        return Some("an erasable record that is not erased has no salt".into());
    };
    if !is_hash_hex(salt) {
        return Some("salt is not 64 lowercase hex characters".into());
    }
    let bytes = hex::decode(salt).expect("checked hex");
    let opened = content_commitment(&bytes, content, metadata);
    (opened != commitment).then(|| {
        format!("the salt opens the content and metadata to {opened}, not to content_commitment")
    })
}

/// Why an erasure or hold reason cannot be taken, if it cannot: 1 to 512
/// characters, not only blank or invisible (white space, Default_Ignorable
/// code points, format characters: a reason that shows nothing says
/// nothing), no bidirectional embedding, override or isolate (U+202A–U+202E,
/// U+2066–U+2069: they reorder what is shown, so a reason could read as
/// another, Unicode TR #36), no control characters but new lines and tabs.
pub fn reason_problem(reason: &str) -> Option<String> {
    use icu_properties::props::{DefaultIgnorableCodePoint, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let category = CodePointMapData::<GeneralCategory>::new();
    let invisible = |c: char| {
        c.is_whitespace() || ignorable.contains(c) || category.get(c) == GeneralCategory::Format
    };
    let chars = reason.chars().count();
    if reason.chars().all(invisible) {
        Some("must not be empty, blank, or made only of invisible characters".into())
    } else if let Some(c) = reason
        .chars()
        .find(|c| matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
    {
        Some(format!(
            "must not contain U+{:04X}, a bidirectional control: it reorders what is shown, so \
             the reason could read as another",
            u32::from(c)
        ))
    } else if chars > MAX_REASON_CHARS {
        Some(format!(
            "must be at most {MAX_REASON_CHARS} characters, not {chars}"
        ))
    } else if reason
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        Some("must not hold control characters".into())
    } else {
        None
    }
}

/// The content and metadata of the record that says an erasure happened:
/// the erased records' ids and the reason. One id: `{"erasure": {"record":
/// id, "reason": …}}`; several (a retention sweep): `"records": [ids]`.
pub fn erasure_statement(ids: &[&str], reason: &str) -> (String, String) {
    let mut metadata = Vec::new();
    metadata.extend_from_slice(b"{\"erasure\":{\"reason\":");
    json::write_string(reason, &mut metadata);
    let content = if let [id] = ids {
        metadata.extend_from_slice(b",\"record\":");
        json::write_string(id, &mut metadata);
        format!("Erased the content of record {id}: {reason}")
    } else {
        metadata.extend_from_slice(b",\"records\":[");
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                metadata.push(b',');
            }
            json::write_string(id, &mut metadata);
        }
        metadata.push(b']');
        format!(
            "Erased the content of {} records ({}): {reason}",
            ids.len(),
            ids.join(", ")
        )
    };
    metadata.extend_from_slice(b"}}");
    (
        content,
        String::from_utf8(metadata).expect("canonical JSON of strings is UTF-8"),
    )
}

/// What a legal-hold record says (docs/design.md §12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldAction {
    /// The hold is placed: nothing of the task is erased while it stands.
    Place,
    /// The hold is lifted.
    Lift,
}

impl HoldAction {
    pub fn as_str(self) -> &'static str {
        match self {
            HoldAction::Place => "place",
            HoldAction::Lift => "lift",
        }
    }
}

/// The content and metadata of the record that places or lifts a task's
/// legal hold: `{"hold": {"action": "place"|"lift", "reason": …}}`. A lift
/// names the hold it ends (`placed_at`, `placed_by`); its reason is optional.
pub fn hold_statement(
    action: HoldAction,
    reason: Option<&str>,
    lifted: Option<(&str, &str)>,
) -> (String, String) {
    let mut metadata = Vec::new();
    metadata.extend_from_slice(b"{\"hold\":{\"action\":");
    json::write_string(action.as_str(), &mut metadata);
    // Keys in canonical (sorted) order: action, placed_at, placed_by, reason.
    if let Some((at, by)) = lifted {
        metadata.extend_from_slice(b",\"placed_at\":");
        json::write_string(at, &mut metadata);
        metadata.extend_from_slice(b",\"placed_by\":");
        json::write_string(by, &mut metadata);
    }
    if let Some(reason) = reason {
        metadata.extend_from_slice(b",\"reason\":");
        json::write_string(reason, &mut metadata);
    }
    metadata.extend_from_slice(b"}}");
    let content = match (action, lifted, reason) {
        (HoldAction::Place, _, Some(reason)) => {
            format!("Placed a legal hold on this task: {reason}")
        }
        (HoldAction::Place, _, None) => "Placed a legal hold on this task".to_string(),
        (HoldAction::Lift, Some((at, by)), Some(reason)) => {
            format!("Lifted the legal hold {by} placed at {at}: {reason}")
        }
        (HoldAction::Lift, Some((at, by)), None) => {
            format!("Lifted the legal hold {by} placed at {at}")
        }
        (HoldAction::Lift, None, _) => "Lifted the legal hold on this task".to_string(),
    };
    (
        content,
        String::from_utf8(metadata).expect("canonical JSON of strings is UTF-8"),
    )
}

/// What a hold record states, read back from its metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HoldStatement {
    pub action: HoldAction,
    pub reason: Option<String>,
    /// A lift's hold: when it was placed and by whom.
    pub placed: Option<(String, String)>,
}

/// What a record's metadata (canonical text) says of a legal hold, if it is
/// a hold record.
pub fn hold_of(metadata: &str) -> Option<HoldStatement> {
    if !metadata.contains("\"hold\"") {
        return None;
    }
    let value = json::parse(metadata, 4).ok()?;
    let hold = value.get("hold")?;
    let text = |key: &str| match hold.get(key) {
        Some(json::JsonValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let action = match text("action")?.as_str() {
        "place" => HoldAction::Place,
        "lift" => HoldAction::Lift,
        _ => return None,
    };
    Some(HoldStatement {
        action,
        reason: text("reason"),
        placed: text("placed_at").zip(text("placed_by")),
    })
}

/// What the service's own record says, in a word or two, when metadata
/// (canonical text) is an erasure's or a legal hold's: shown beside its
/// type, so a reader tells it from an agent's decision.
pub fn statement_label(metadata: &str) -> Option<&'static str> {
    if erased_by_statement(metadata).is_some() {
        return Some("erasure");
    }
    hold_of(metadata).map(|h| match h.action {
        HoldAction::Place => "legal hold placed",
        HoldAction::Lift => "legal hold lifted",
    })
}

/// The reason an erasure record's metadata (canonical text) states
/// (`erasure.reason`), empty when it states none.
pub fn erasure_reason(metadata: &str) -> String {
    json::parse(metadata, 4)
        .ok()
        .and_then(|v| match v.get("erasure").and_then(|e| e.get("reason")) {
            Some(json::JsonValue::String(r)) => Some(r.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The ids an erasure record's metadata (canonical text) names as erased:
/// `erasure.record`, or each of `erasure.records`; None for other metadata.
pub fn erased_by_statement(metadata: &str) -> Option<Vec<String>> {
    if !metadata.contains("\"erasure\"") {
        return None;
    }
    let value = json::parse(metadata, 4).ok()?;
    let erasure = value.get("erasure")?;
    let mut ids = Vec::new();
    if let Some(json::JsonValue::String(id)) = erasure.get("record") {
        ids.push(id.clone());
    }
    if let Some(json::JsonValue::Array(items)) = erasure.get("records") {
        ids.extend(items.iter().filter_map(|i| match i {
            json::JsonValue::String(id) => Some(id.clone()),
            _ => None,
        }));
    }
    Some(ids)
}

/// The erasures a chain (or a whole log) states, and the erased records it
/// holds (docs/design.md §12): an erased record is accepted only when a
/// later erasure record names it (`metadata.erasure`, which only the
/// service's erasure path writes: no client append may carry it) and its
/// erasure is that record's: `erased.by` its agent, `erased.at` its
/// timestamp, `erased.reason` its stated reason.
#[derive(Debug, Default)]
pub struct ErasureLedger {
    /// Each id an erasure record names: that record's (agent, timestamp,
    /// reason).
    stated: std::collections::HashMap<String, (String, String, String)>,
    /// The erased records seen, in order: (id, their erasure as stored).
    erased: Vec<(String, super::Erasure)>,
}

impl ErasureLedger {
    /// Notes the next record of the chain or log.
    pub fn note(&mut self, record: &super::Record) {
        self.note_parts(
            &record.id,
            &record.authored.agent_id,
            &record.timestamp,
            record.authored.metadata.as_ref().map(|m| m.canonical()),
            record.erasable.as_ref().and_then(|e| e.erased.as_ref()),
        );
    }

    /// Notes the next record from its parts, as a walk of stored rows reads
    /// them: its id, agent, timestamp, metadata (canonical text) and its
    /// erasure as stored.
    pub fn note_parts(
        &mut self,
        id: &str,
        agent_id: &str,
        timestamp: &str,
        metadata: Option<&str>,
        erased: Option<&super::Erasure>,
    ) {
        if let Some(erasure) = erased {
            self.erased.push((id.to_string(), erasure.clone()));
        }
        let Some(ids) = metadata.and_then(erased_by_statement) else {
            return;
        };
        let reason = erasure_reason(metadata.unwrap_or_default());
        for id in ids {
            self.stated
                .entry(id)
                .or_insert_with(|| (agent_id.to_string(), timestamp.to_string(), reason.clone()));
        }
    }

    /// The first erased record that an erasure record names with another
    /// erasure than the record states: its id and what is wrong.
    pub fn misstated(&self) -> Option<(String, String)> {
        self.erased
            .iter()
            .filter(|(id, _)| self.stated.contains_key(id))
            .find_map(|(id, _)| self.problem_of(id))
    }

    /// The erased records no erasure record names.
    pub fn unnamed(&self) -> Vec<String> {
        self.erased
            .iter()
            .filter(|(id, _)| !self.stated.contains_key(id.as_str()))
            .map(|(id, _)| id.clone())
            .collect()
    }

    /// What is wrong with erased record `id`, if anything.
    fn problem_of(&self, id: &str) -> Option<(String, String)> {
        let (_, e) = self.erased.iter().find(|(i, _)| i == id)?;
        match self.stated.get(id) {
            None => Some((
                id.to_string(),
                "its content was erased with no erasure record naming it".to_string(),
            )),
            Some((by, at, reason)) if (by, at, reason) != (&e.by, &e.at, &e.reason) => Some((
                id.to_string(),
                format!(
                    "it says it was erased by `{}` at {} for `{}`, but the erasure record \
                     naming it is `{by}`'s at {at} for `{reason}`",
                    e.by, e.at, e.reason
                ),
            )),
            Some(_) => None,
        }
    }

    /// The first erased record whose erasure no erasure record states as
    /// it is: its id and what is wrong.
    pub fn problem(&self) -> Option<(String, String)> {
        self.erased.iter().find_map(|(id, _)| self.problem_of(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_covers_the_tag_the_salt_and_canonical_content_and_metadata() {
        let salt = [7u8; 32];
        // Written out by hand: the tag, the salt's bytes, then C's canonical JSON.
        let mut by_hand = Sha256::new();
        by_hand.update(b"decision-trail/commitment/v1\n");
        by_hand.update([7u8; 32]);
        by_hand.update(br#"{"content":"Call Ada at +44 20 7946 0000","metadata":{"k":1}}"#);
        let want = hex::encode(by_hand.finalize());
        let got = content_commitment(&salt, "Call Ada at +44 20 7946 0000", Some(r#"{"k":1}"#));
        assert_eq!(got, want);
        // Without metadata, C has content only; another salt, another commitment.
        let bare = content_commitment(&salt, "x", None);
        assert_ne!(bare, content_commitment(&[8u8; 32], "x", None));
        assert_ne!(bare, content_commitment(&salt, "x", Some("{}")));
    }

    #[test]
    fn the_worked_example_of_the_design_holds() {
        // docs/design.md §12, computed there by hand.
        let salt: Vec<u8> = (0u8..32).collect();
        let commitment = content_commitment(
            &salt,
            "Call Ada at +44 20 7946 0000",
            Some(r#"{"ticket":118}"#),
        );
        assert_eq!(
            commitment,
            "021e3a848acadf86be1254e164d2c4944e951edc6768fc408f80573a1a0f28de"
        );
        let zeros = crate::domain::ZERO_HASH;
        let salt_hex = hex::encode(&salt);
        let input = crate::domain::HashInput {
            id: "01a211b7-fc7b-7000-8000-000000000000",
            r#type: "plan",
            task_id: "refund-118",
            content: "Call Ada at +44 20 7946 0000",
            timestamp: "2026-11-25T08:00:00.123Z",
            prev_hash: zeros,
            metadata: Some(r#"{"ticket":118}"#),
            capabilities: None,
            session_id: None,
            parent_id: None,
            commitment: Some(super::super::Commitment {
                value: &commitment,
                salt: Some(&salt_hex),
                erased: false,
            }),
        };
        assert_eq!(input.opening_problem(), None);
        assert_eq!(
            input.hash(),
            "6eb064af78e011726488ffda8358abe5e5d2b95c2448c0cea02fd840f076e421"
        );
    }

    #[test]
    fn an_opening_must_open_and_an_erased_record_keeps_nothing() {
        let salt = hex::encode([1u8; 32]);
        let c = content_commitment(&[1u8; 32], "hello", None);
        assert_eq!(opening_problem(&c, Some(&salt), false, "hello", None), None);
        assert!(opening_problem(&c, Some(&salt), false, "hellp", None).is_some());
        assert!(opening_problem(&c, None, false, "hello", None).is_some());
        assert_eq!(opening_problem(&c, None, true, "", None), None);
        assert!(opening_problem(&c, None, true, "hello", None).is_some());
        assert!(opening_problem(&c, Some(&salt), true, "", None).is_some());
        assert!(opening_problem("xyz", None, true, "", None).is_some());
    }

    #[test]
    fn reasons_are_one_to_512_characters() {
        assert!(reason_problem("").is_some());
        assert!(reason_problem("  ").is_some());
        assert_eq!(reason_problem("GDPR Art. 17 request #12"), None);
        assert_eq!(reason_problem(&"é".repeat(512)), None);
        assert!(reason_problem(&"é".repeat(513)).is_some());
        assert!(reason_problem("a\u{0}b").is_some());
        // Nothing visible, or shown reordered.
        for bad in [
            "\u{200B}",
            "\u{200B}\u{2060} \u{FEFF}",
            "\u{00AD}",
            "ok \u{202E}kcatta",
        ] {
            assert!(reason_problem(bad).is_some(), "{bad:?}");
        }
        for bad in ["\u{2066}x\u{2069}", "a\u{202A}b"] {
            assert!(
                reason_problem(bad).unwrap().contains("bidirectional"),
                "{bad:?}"
            );
        }
        assert_eq!(reason_problem("Löschung nach Art. 17 \u{05D0}"), None);
    }

    #[test]
    fn an_erased_record_is_accepted_only_as_the_erasure_record_naming_it_states() {
        let erasure = |by: &str, at: &str, reason: &str| Erasure {
            by: by.into(),
            at: at.into(),
            reason: reason.into(),
        };
        let (_, statement) = erasure_statement(&["r1"], "GDPR Art. 17 request");
        let honest = erasure("key-1", "2026-11-25T08:00:00.000Z", "GDPR Art. 17 request");
        let ledger = |stored: &Erasure| {
            let mut ledger = ErasureLedger::default();
            ledger.note_parts("r1", "w", "2026-11-25T07:00:00.000Z", None, Some(stored));
            ledger.note_parts(
                "e1",
                "key-1",
                "2026-11-25T08:00:00.000Z",
                Some(&statement),
                None,
            );
            ledger.problem()
        };
        assert_eq!(ledger(&honest), None);
        for forged in [
            erasure("admin-1", &honest.at, &honest.reason),
            erasure(&honest.by, "2030-01-01T00:00:00.000Z", &honest.reason),
            erasure(&honest.by, &honest.at, "routine cleanup"),
        ] {
            let (id, why) = ledger(&forged).expect("a forged erasure is named");
            assert_eq!(id, "r1");
            assert!(why.contains("key-1"), "{why}");
        }
        // Named by nothing at all.
        let mut alone = ErasureLedger::default();
        alone.note_parts("r1", "w", "t", Some(r#"{"k":1}"#), Some(&honest));
        assert!(alone.problem().unwrap().1.contains("no erasure record"));
    }

    #[test]
    fn a_hold_record_says_what_it_does_in_canonical_metadata() {
        let (content, metadata) = hold_statement(HoldAction::Place, Some("litigation 7"), None);
        assert_eq!(content, "Placed a legal hold on this task: litigation 7");
        assert_eq!(
            metadata,
            r#"{"hold":{"action":"place","reason":"litigation 7"}}"#
        );
        let (content, lifted) = hold_statement(
            HoldAction::Lift,
            None,
            Some(("2026-11-25T08:00:00.000Z", "legal")),
        );
        assert_eq!(
            content,
            "Lifted the legal hold legal placed at 2026-11-25T08:00:00.000Z"
        );
        for m in [&metadata, &lifted] {
            let parsed = json::parse(m, 8).unwrap();
            assert_eq!(&json::canonicalize(&parsed).unwrap(), m);
        }
        assert_eq!(
            hold_of(&metadata),
            Some(HoldStatement {
                action: HoldAction::Place,
                reason: Some("litigation 7".into()),
                placed: None
            })
        );
        assert_eq!(
            hold_of(&lifted).unwrap().placed,
            Some(("2026-11-25T08:00:00.000Z".into(), "legal".into()))
        );
        assert_eq!(hold_of(r#"{"k":"hold"}"#), None);
        assert_eq!(statement_label(&metadata), Some("legal hold placed"));
        assert_eq!(statement_label(&lifted), Some("legal hold lifted"));
        assert_eq!(statement_label(r#"{"k":"hold"}"#), None);
        let (_, with_reason) = hold_statement(HoldAction::Lift, Some("settled"), Some(("t", "b")));
        assert_eq!(
            with_reason,
            r#"{"hold":{"action":"lift","placed_at":"t","placed_by":"b","reason":"settled"}}"#
        );
    }

    #[test]
    fn an_erasure_says_which_records_and_why_in_canonical_metadata() {
        let (content, metadata) = erasure_statement(&["r1"], "asked \"by\" Ada");
        assert_eq!(content, "Erased the content of record r1: asked \"by\" Ada");
        assert_eq!(
            metadata,
            r#"{"erasure":{"reason":"asked \"by\" Ada","record":"r1"}}"#
        );
        let (_, metadata) = erasure_statement(&["r1", "r2"], "retention");
        assert_eq!(
            metadata,
            r#"{"erasure":{"reason":"retention","records":["r1","r2"]}}"#
        );
        // It is canonical: what the metadata rules would store.
        let parsed = json::parse(&metadata, 8).unwrap();
        assert_eq!(json::canonicalize(&parsed).unwrap(), metadata);
        // And names what it erased.
        assert_eq!(
            erased_by_statement(&metadata),
            Some(vec!["r1".to_string(), "r2".to_string()])
        );
        let (_, one) = erasure_statement(&["r9"], "x");
        assert_eq!(erased_by_statement(&one), Some(vec!["r9".to_string()]));
        assert_eq!(erased_by_statement(r#"{"k":1}"#), None);
    }
}
