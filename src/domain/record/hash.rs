//! The hash (docs/design.md §1): what it covers, written as canonical JSON,
//! and the hash of a record made elsewhere.

use sha2::{Digest, Sha256};

use super::identifier::identifier_ok;
use super::members::{object_members, optional_capabilities, optional_identifier, required_string};
use super::Capabilities;
use crate::domain::json::{self, JsonValue};
use crate::domain::metadata::{metadata_from_json, Metadata};
use crate::domain::FieldError;

/// The fields the hash covers (docs/design.md §1), in the order their
/// members stand in the canonical JSON (RFC 8785: by name), as
/// [`HashInput::write_canonical`] lays them out. `type` is any string here
/// so that records made elsewhere, with types outside the four, can still
/// be checked.
#[derive(Debug, Clone, Copy)]
pub struct HashInput<'a> {
    /// Canonical capabilities text, only when the record is bound to them.
    pub capabilities: Option<&'a str>,
    /// The content as written (an erasable record hashes its commitment).
    pub content: &'a str,
    /// An erasable record's commitment (docs/design.md §12): hashed in place
    /// of `content` and `metadata`, which its opening must then match.
    pub commitment: Option<Commitment<'a>>,
    /// The record's id: a record hashed under another id is another record.
    pub id: &'a str,
    /// Canonical metadata text, only when the record has metadata.
    pub metadata: Option<&'a str>,
    /// The earlier record of the task this one answers, only when given.
    pub parent_id: Option<&'a str>,
    /// The previous record's hash in the task (64 zeros for the first).
    pub prev_hash: &'a str,
    /// The work session, only when the record names one.
    pub session_id: Option<&'a str>,
    /// The task, so that a record moved to another chain no longer checks.
    pub task_id: &'a str,
    /// UTC at the append, as JavaScript's `toISOString()` writes it.
    pub timestamp: &'a str,
    /// The record's type, as written (checked against the four elsewhere).
    pub r#type: &'a str,
}

/// An erasable record's commitment and what opens it, as stored or served.
#[derive(Debug, Clone, Copy)]
pub struct Commitment<'a> {
    /// `content_commitment`, lowercase hex.
    pub value: &'a str,
    /// The salt, lowercase hex; None once erased.
    pub salt: Option<&'a str>,
    /// Whether the content was erased.
    pub erased: bool,
}

impl HashInput<'_> {
    /// Writes `canonical_json(H)`. H's keys are ASCII, so their RFC 8785 order is
    /// fixed and the object is laid out directly; each value is written by the
    /// RFC 8785 writer, and metadata is already canonical.
    pub fn write_canonical(&self, out: &mut Vec<u8>) {
        out.reserve(self.content.len() + self.metadata.map_or(0, str::len) + 256);
        out.push(b'{');
        if let Some(capabilities) = self.capabilities {
            out.extend_from_slice(b"\"capabilities\":");
            out.extend_from_slice(capabilities.as_bytes());
            out.push(b',');
        }
        match self.commitment {
            // `content_commitment` sorts where `content` did, before `id`.
            Some(c) => {
                out.extend_from_slice(b"\"content_commitment\":");
                json::write_string(c.value, out);
                out.extend_from_slice(b",\"id\":");
                json::write_string(self.id, out);
            }
            None => {
                out.extend_from_slice(b"\"content\":");
                json::write_string(self.content, out);
                out.extend_from_slice(b",\"id\":");
                json::write_string(self.id, out);
                if let Some(metadata) = self.metadata {
                    out.extend_from_slice(b",\"metadata\":");
                    out.extend_from_slice(metadata.as_bytes());
                }
            }
        }
        if let Some(parent_id) = self.parent_id {
            out.extend_from_slice(b",\"parent_id\":");
            json::write_string(parent_id, out);
        }
        out.extend_from_slice(b",\"prev_hash\":");
        json::write_string(self.prev_hash, out);
        if let Some(session_id) = self.session_id {
            out.extend_from_slice(b",\"session_id\":");
            json::write_string(session_id, out);
        }
        out.extend_from_slice(b",\"task_id\":");
        json::write_string(self.task_id, out);
        out.extend_from_slice(b",\"timestamp\":");
        json::write_string(self.timestamp, out);
        out.extend_from_slice(b",\"type\":");
        json::write_string(self.r#type, out);
        out.push(b'}');
    }

    /// Why an erasable record's commitment does not hold for its content
    /// and metadata, if it does not (`erasure::opening_problem`); None for
    /// a record that is not erasable.
    pub fn opening_problem(&self) -> Option<String> {
        let c = self.commitment?;
        super::erasure::opening_problem(c.value, c.salt, c.erased, self.content, self.metadata)
    }

    /// `canonical_json(H)` as text.
    pub fn canonical_json(&self) -> String {
        let mut out = Vec::new();
        self.write_canonical(&mut out);
        String::from_utf8(out).expect("canonical JSON of strings is UTF-8")
    }

    /// `hash = lowercase_hex(SHA-256(UTF-8(canonical_json(H))))`.
    pub fn hash(&self) -> String {
        let mut scratch = Vec::new();
        String::from_utf8(self.hash_digits(&mut scratch).to_vec()).expect("hex digits are ASCII")
    }

    /// The hash's 64 lowercase hex digits, with `scratch` (cleared first) to
    /// write the canonical JSON in: a chain walk reuses one buffer.
    pub fn hash_digits(&self, scratch: &mut Vec<u8>) -> [u8; 64] {
        scratch.clear();
        self.write_canonical(scratch);
        let mut digits = [0u8; 64];
        hex::encode_to_slice(Sha256::digest(&scratch), &mut digits)
            .expect("64 digits for 32 bytes");
        digits
    }
}

/// Reads a record made elsewhere and gives the hash its fields call for: the
/// hashed fields must be strings (any `type` string hashes), `metadata` obeys
/// the metadata rules, every other field is ignored (`hash`, `agent_id`, ...).
/// An erasable record (docs/design.md §12) hashes its `content_commitment`:
/// recomputed from its `salt`, `content` and `metadata` when it has a salt
/// (and then it must match a `content_commitment` given), taken as given
/// when it has none (an erased record, whose `content` is gone).
pub fn hash_of_json_record(value: &JsonValue) -> Result<String, Vec<FieldError>> {
    object_members(value, "a record")?;
    let mut errors = Vec::new();
    let salt = optional_string(value, "salt", &mut errors);
    let given_commitment = optional_string(value, "content_commitment", &mut errors);
    // An erased record (`erased` given, or no content left) has no salt:
    // its commitment stands for it. A commitment given beside a content
    // without its salt would hash a content nobody checked: refused.
    let erased = salt.is_none()
        && given_commitment.is_some()
        && (value.get("erased").is_some() || value.get("content").is_none());
    if salt.is_none() && given_commitment.is_some() && !erased {
        errors.push(FieldError::new(
            "salt",
            "is required to open content_commitment to the content given (an erased record \
             carries `erased` and no content)",
        ));
    }
    let fields: Vec<Option<&str>> = ["id", "type", "task_id", "content", "timestamp", "prev_hash"]
        .into_iter()
        .map(|f| {
            if f == "content" && erased {
                Some("")
            } else {
                required_string(value, f, &mut errors)
            }
        })
        .collect();
    let metadata = match value.get("metadata") {
        None => None,
        Some(_) if erased => None,
        Some(m) => match metadata_from_json("metadata", m) {
            Ok(m) => m,
            Err(mut e) => {
                errors.append(&mut e);
                None
            }
        },
    };
    let capabilities = optional_capabilities(value, &mut errors);
    let session_id = optional_identifier(value, "session_id", &mut errors, identifier_ok);
    let parent_id = optional_identifier(value, "parent_id", &mut errors, identifier_ok);
    for (field, text) in [("salt", salt), ("content_commitment", given_commitment)] {
        if text.is_some_and(|t| !super::is_hash_hex(t)) {
            errors.push(FieldError::new(
                field,
                "must be 64 lowercase hex characters",
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let f = |i: usize| fields[i].expect("present when there are no errors");
    let metadata = metadata.as_ref().map(Metadata::canonical);
    let opened = salt.map(|salt| {
        super::erasure::content_commitment(&hex::decode(salt).expect("checked hex"), f(3), metadata)
    });
    if let (Some(opened), Some(given)) = (&opened, given_commitment) {
        if opened != given {
            return Err(vec![FieldError::new(
                "content_commitment",
                format!("the salt opens the content and metadata to {opened}, not to this"),
            )]);
        }
    }
    let commitment = opened.as_deref().or(given_commitment);
    Ok(HashInput {
        id: f(0),
        r#type: f(1),
        task_id: f(2),
        content: f(3),
        timestamp: f(4),
        prev_hash: f(5),
        metadata,
        capabilities: capabilities.as_ref().map(Capabilities::canonical),
        session_id: session_id.as_deref(),
        parent_id: parent_id.as_deref(),
        commitment: commitment.map(|value| Commitment {
            value,
            salt: None,
            erased: true,
        }),
    }
    .hash())
}

/// An optional string member: absent or null is none.
fn optional_string<'a>(
    value: &'a JsonValue,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> Option<&'a str> {
    match value.get(field)? {
        JsonValue::Null => None,
        JsonValue::String(s) => Some(s),
        other => {
            errors.push(FieldError::new(
                field,
                format!("must be a string, not {}", other.kind()),
            ));
            None
        }
    }
}
