//! The thought record: its types, the input rules, and its hash (docs/design.md §1).

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

pub use super::capabilities::binding::{Capabilities, CAPABILITIES_FIELDS};
use super::json::{self, JsonValue};
use super::metadata::{metadata_from_json, Metadata, MAX_METADATA_DEPTH};
use super::FieldError;

/// The four record types, in their canonical order (docs/design.md §1).
pub const RECORD_TYPES: [&str; 4] = ["plan", "analysis", "decision", "reflection"];

/// `prev_hash` of the first record of every chain: 64 ASCII zeros.
pub const ZERO_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// Longest `task_id` / `agent_id`, in characters.
pub const MAX_ID_CHARS: usize = 256;

/// Default limit on `content`, in UTF-8 bytes.
pub const DEFAULT_MAX_CONTENT_BYTES: usize = 1024 * 1024;

/// Default limit on metadata, in bytes of its canonical form: room for
/// structured context, not for a second content.
pub const DEFAULT_MAX_METADATA_BYTES: usize = 64 * 1024;

/// Size limits of an append's fields (configurable; the defaults above).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InputLimits {
    pub max_content_bytes: usize,
    pub max_metadata_bytes: usize,
}

impl Default for InputLimits {
    fn default() -> Self {
        InputLimits {
            max_content_bytes: DEFAULT_MAX_CONTENT_BYTES,
            max_metadata_bytes: DEFAULT_MAX_METADATA_BYTES,
        }
    }
}

/// Nesting a request body may have: the body object plus metadata's 32 levels.
pub const MAX_BODY_DEPTH: usize = MAX_METADATA_DEPTH + 1;

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

/// The fields the hash covers (docs/design.md §1). `type` is any string here so that
/// records made elsewhere, with types outside the four, can still be checked.
#[derive(Debug, Clone, Copy)]
pub struct HashInput<'a> {
    pub id: &'a str,
    pub r#type: &'a str,
    pub task_id: &'a str,
    pub content: &'a str,
    pub timestamp: &'a str,
    pub prev_hash: &'a str,
    /// Canonical metadata text, only when the record has metadata.
    pub metadata: Option<&'a str>,
    /// Canonical capabilities text, only when the record is bound to them.
    pub capabilities: Option<&'a str>,
    /// The work session, only when the record names one.
    pub session_id: Option<&'a str>,
    /// The earlier record of the task this one answers, only when given.
    pub parent_id: Option<&'a str>,
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
        out.extend_from_slice(b"\"content\":");
        json::write_string(self.content, out);
        out.extend_from_slice(b",\"id\":");
        json::write_string(self.id, out);
        if let Some(metadata) = self.metadata {
            out.extend_from_slice(b",\"metadata\":");
            out.extend_from_slice(metadata.as_bytes());
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

/// An optional identifier member (`session_id`, `parent_id`): absent or null
/// is none; otherwise the identifier rules hold.
fn optional_identifier(
    body: &JsonValue,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> Option<String> {
    match body.get(field)? {
        JsonValue::Null => None,
        JsonValue::String(s) => identifier_ok(field, s, errors).then(|| s.clone()),
        other => {
            errors.push(FieldError::new(
                field,
                format!("must be a string, not {}", other.kind()),
            ));
            None
        }
    }
}

/// The optional `capabilities` member of a body or record.
fn optional_capabilities(body: &JsonValue, errors: &mut Vec<FieldError>) -> Option<Capabilities> {
    // null means none, as for metadata.
    let value = body
        .get("capabilities")
        .filter(|v| **v != JsonValue::Null)?;
    Capabilities::from_json("capabilities", value)
        .map_err(|mut e| errors.append(&mut e))
        .ok()
}

/// A validated append request: what the caller chooses of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRecord {
    pub r#type: RecordType,
    pub task_id: String,
    pub agent_id: String,
    pub content: String,
    pub metadata: Option<Metadata>,
    pub capabilities: Option<Capabilities>,
    /// The work session the record belongs to (docs/design.md §6).
    pub session_id: Option<String>,
    /// The earlier record of the same task this one answers (§6).
    pub parent_id: Option<String>,
    /// Conditional append: the chain head the caller expects. Not stored or
    /// hashed; the append is refused when the head is another.
    pub expected_prev_hash: Option<String>,
}

/// A record as stored and served.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub id: String,
    pub seq: u64,
    pub log_index: u64,
    pub r#type: RecordType,
    pub task_id: String,
    pub agent_id: String,
    pub content: String,
    pub metadata: Option<Metadata>,
    pub capabilities: Option<Capabilities>,
    pub session_id: Option<String>,
    pub parent_id: Option<String>,
    pub timestamp: String,
    pub prev_hash: String,
    pub hash: String,
}

impl Record {
    pub fn hash_input(&self) -> HashInput<'_> {
        HashInput {
            id: &self.id,
            r#type: self.r#type.as_str(),
            task_id: &self.task_id,
            content: &self.content,
            timestamp: &self.timestamp,
            prev_hash: &self.prev_hash,
            metadata: self.metadata.as_ref().map(Metadata::canonical),
            capabilities: self.capabilities.as_ref().map(Capabilities::canonical),
            session_id: self.session_id.as_deref(),
            parent_id: self.parent_id.as_deref(),
        }
    }

    /// The hash the record's fields call for (not necessarily its stored `hash`).
    pub fn computed_hash(&self) -> String {
        self.hash_input().hash()
    }
}

/// Names of the fields an append body may carry.
pub const NEW_RECORD_FIELDS: [&str; 9] = [
    "type",
    "task_id",
    "agent_id",
    "content",
    "metadata",
    "capabilities",
    "session_id",
    "parent_id",
    "expected_prev_hash",
];

/// Validates an append body (docs/design.md §3), naming every bad field at once.
pub fn new_record_from_json(
    body: &JsonValue,
    limits: &InputLimits,
) -> Result<NewRecord, Vec<FieldError>> {
    let max_content_bytes = limits.max_content_bytes;
    let JsonValue::Object(members) = body else {
        return Err(vec![FieldError::new(
            "",
            format!("the body must be a JSON object, not {}", body.kind()),
        )]);
    };
    let mut errors = Vec::new();
    for (key, _) in members {
        if !NEW_RECORD_FIELDS.contains(&key.as_str()) {
            errors.push(FieldError::new(
                key,
                format!("unknown field; allowed: {}", NEW_RECORD_FIELDS.join(", ")),
            ));
        }
    }
    let r#type = required_string(body, "type", &mut errors).and_then(|s| {
        s.parse::<RecordType>()
            .map_err(|m| errors.push(FieldError::new("type", m)))
            .ok()
    });
    let task_id = required_string(body, "task_id", &mut errors)
        .filter(|s| identifier_ok("task_id", s, &mut errors));
    let agent_id = required_string(body, "agent_id", &mut errors)
        .filter(|s| identifier_ok("agent_id", s, &mut errors));
    let content = required_string(body, "content", &mut errors).filter(|s| {
        let ok = s.len() <= max_content_bytes;
        if !ok {
            errors.push(FieldError::new(
                "content",
                format!(
                    "is {} bytes; at most {max_content_bytes} bytes are allowed",
                    s.len()
                ),
            ));
        }
        ok
    });
    let metadata = match body.get("metadata") {
        None => Some(None),
        Some(value) => match metadata_from_json("metadata", value) {
            Ok(Some(m)) if m.canonical().len() > limits.max_metadata_bytes => {
                errors.push(FieldError::new(
                    "metadata",
                    format!(
                        "is {} bytes in canonical form; at most {} bytes are allowed",
                        m.canonical().len(),
                        limits.max_metadata_bytes
                    ),
                ));
                None
            }
            Ok(m) => Some(m),
            Err(mut e) => {
                errors.append(&mut e);
                None
            }
        },
    };
    let capabilities = optional_capabilities(body, &mut errors);
    let session_id = optional_identifier(body, "session_id", &mut errors);
    let parent_id = optional_identifier(body, "parent_id", &mut errors);
    let expected_prev_hash = match body.get("expected_prev_hash") {
        None | Some(JsonValue::Null) => None,
        Some(JsonValue::String(s)) if is_hash_hex(s) => Some(s.clone()),
        Some(_) => {
            errors.push(FieldError::new(
                "expected_prev_hash",
                "must be 64 lowercase hex digits: the hash of the chain's last record, \
                 or 64 zeros for an empty chain",
            ));
            None
        }
    };
    match (r#type, task_id, agent_id, content, metadata) {
        (Some(r#type), Some(task_id), Some(agent_id), Some(content), Some(metadata))
            if errors.is_empty() =>
        {
            Ok(NewRecord {
                r#type,
                task_id: task_id.to_string(),
                agent_id: agent_id.to_string(),
                content: content.to_string(),
                metadata,
                capabilities,
                session_id,
                parent_id,
                expected_prev_hash,
            })
        }
        _ => Err(errors),
    }
}

/// The value of the required member `field`, as `read` takes it; a problem naming
/// the field is added when it is missing or `read` refuses it (`wanted` says what
/// it must be).
fn required<'a, T>(
    body: &'a JsonValue,
    field: &str,
    wanted: &str,
    errors: &mut Vec<FieldError>,
    read: impl FnOnce(&'a JsonValue) -> Option<T>,
) -> Option<T> {
    let Some(value) = body.get(field) else {
        errors.push(FieldError::new(field, "is required"));
        return None;
    };
    let taken = read(value);
    if taken.is_none() {
        errors.push(FieldError::new(
            field,
            format!("must be {wanted}, not {}", value.kind()),
        ));
    }
    taken
}

fn required_string<'a>(
    body: &'a JsonValue,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> Option<&'a str> {
    required(body, field, "a string", errors, |v| match v {
        JsonValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}

/// `task_id` and `agent_id`: non-empty, at most 256 characters, no control
/// characters (they appear in logs, URLs and file names).
pub fn identifier_problem(value: &str) -> Option<String> {
    if value.is_empty() {
        Some("must not be empty".into())
    } else if value.chars().count() > MAX_ID_CHARS {
        Some(format!("must be at most {MAX_ID_CHARS} characters"))
    } else if value.chars().any(char::is_control) {
        Some("must not contain control characters".into())
    } else if value == "." || value == ".." {
        Some("must not be `.` or `..` (they name no path segment)".into())
    } else {
        value.chars().find(|c| is_invisible(*c)).map(|c| {
            format!(
                "must not contain U+{:04X}: bidirectional controls, zero-width and tag \
                 characters make different ids look the same",
                u32::from(c)
            )
        })
    }
}

/// Characters an identifier may not hold because they are invisible or reorder
/// what is shown, so that two ids that look the same would name two chains
/// (Unicode TR #9 and TR #36): the bidirectional marks, embeddings, overrides
/// and isolates (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069),
/// zero-width and joiner characters (U+200B–U+200D, U+2060–U+2064, U+FEFF,
/// U+180E), the soft hyphen U+00AD, and the tag characters U+E0000–U+E007F.
pub fn is_invisible(c: char) -> bool {
    matches!(c,
        '\u{00AD}' | '\u{061C}' | '\u{180E}'
        | '\u{200B}'..='\u{200F}'
        | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}'
        | '\u{2066}'..='\u{2069}'
        | '\u{FEFF}'
        | '\u{E0000}'..='\u{E007F}')
}

fn identifier_ok(field: &str, value: &str, errors: &mut Vec<FieldError>) -> bool {
    match identifier_problem(value) {
        Some(message) => {
            errors.push(FieldError::new(field, message));
            false
        }
        None => true,
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

/// A record's id (docs/design.md §1): a UUID version 4 (RFC 9562 §5.4) made
/// from 16 random bytes (the version and variant bits set over them),
/// lowercase and hyphenated. The caller brings the randomness, so this stays
/// pure.
pub fn record_id(random: [u8; 16]) -> String {
    uuid::Builder::from_random_bytes(random)
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

/// Names of the fields of a full record, in the order they are served.
pub const RECORD_FIELDS: [&str; 14] = [
    "id",
    "seq",
    "log_index",
    "type",
    "task_id",
    "agent_id",
    "content",
    "metadata",
    "capabilities",
    "session_id",
    "parent_id",
    "timestamp",
    "prev_hash",
    "hash",
];

/// Reads a full record (as served or exported) and checks its shape, not its
/// hash: every field present with the right type, `type` one of the four, the
/// hashes 64 lowercase hex. Fields outside the record are refused.
pub fn record_from_json(value: &JsonValue) -> Result<Record, Vec<FieldError>> {
    let JsonValue::Object(members) = value else {
        return Err(vec![FieldError::new(
            "",
            format!("a record must be a JSON object, not {}", value.kind()),
        )]);
    };
    let mut errors = Vec::new();
    for (key, _) in members {
        if !RECORD_FIELDS.contains(&key.as_str()) {
            errors.push(FieldError::new(key, "unknown field"));
        }
    }
    let mut text = |field: &str, non_empty: bool| {
        required_string(value, field, &mut errors).and_then(|s| {
            if non_empty && s.is_empty() {
                errors.push(FieldError::new(field, "must not be empty"));
                None
            } else {
                Some(s.to_string())
            }
        })
    };
    let id = text("id", true);
    let type_text = text("type", true);
    let task_id = text("task_id", true);
    let agent_id = text("agent_id", true);
    let content = text("content", false);
    let timestamp = text("timestamp", true);
    let prev_hash = text("prev_hash", true);
    let hash = text("hash", true);
    let r#type = type_text.and_then(|t| {
        t.parse::<RecordType>()
            .map_err(|m| errors.push(FieldError::new("type", m)))
            .ok()
    });
    for (field, h) in [("prev_hash", &prev_hash), ("hash", &hash)] {
        if let Some(h) = h {
            if !is_hash_hex(h) {
                errors.push(FieldError::new(
                    field,
                    "must be 64 lowercase hex characters",
                ));
            }
        }
    }
    let mut counter = |field: &str| {
        required(
            value,
            field,
            "a non-negative integer",
            &mut errors,
            |v| match v {
                JsonValue::Number(n) => n.parse::<u64>().ok(),
                _ => None,
            },
        )
    };
    let seq = counter("seq");
    let log_index = counter("log_index");
    let metadata = match value.get("metadata") {
        None => Some(None),
        Some(m) => metadata_from_json("metadata", m)
            .map_err(|mut e| errors.append(&mut e))
            .ok(),
    };
    let capabilities = optional_capabilities(value, &mut errors);
    let session_id = optional_identifier(value, "session_id", &mut errors);
    let parent_id = optional_identifier(value, "parent_id", &mut errors);
    match (
        id, seq, log_index, r#type, task_id, agent_id, content, metadata, timestamp, prev_hash,
        hash,
    ) {
        (
            Some(id),
            Some(seq),
            Some(log_index),
            Some(r#type),
            Some(task_id),
            Some(agent_id),
            Some(content),
            Some(metadata),
            Some(timestamp),
            Some(prev_hash),
            Some(hash),
        ) if errors.is_empty() => Ok(Record {
            id,
            seq,
            log_index,
            r#type,
            task_id,
            agent_id,
            content,
            metadata,
            capabilities,
            session_id,
            parent_id,
            timestamp,
            prev_hash,
            hash,
        }),
        _ => Err(errors),
    }
}

/// Reads a record made elsewhere and gives the hash its fields call for: the six
/// hashed fields must be strings (any `type` string hashes), `metadata` obeys the
/// metadata rules, every other field is ignored (`hash`, `agent_id`, ...).
pub fn hash_of_json_record(value: &JsonValue) -> Result<String, Vec<FieldError>> {
    let JsonValue::Object(_) = value else {
        return Err(vec![FieldError::new(
            "",
            format!("a record must be a JSON object, not {}", value.kind()),
        )]);
    };
    let mut errors = Vec::new();
    let fields: Vec<Option<&str>> = ["id", "type", "task_id", "content", "timestamp", "prev_hash"]
        .into_iter()
        .map(|f| required_string(value, f, &mut errors))
        .collect();
    let metadata = match value.get("metadata") {
        None => None,
        Some(m) => match metadata_from_json("metadata", m) {
            Ok(m) => m,
            Err(mut e) => {
                errors.append(&mut e);
                None
            }
        },
    };
    let capabilities = optional_capabilities(value, &mut errors);
    let session_id = optional_identifier(value, "session_id", &mut errors);
    let parent_id = optional_identifier(value, "parent_id", &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let f = |i: usize| fields[i].expect("present when there are no errors");
    Ok(HashInput {
        id: f(0),
        r#type: f(1),
        task_id: f(2),
        content: f(3),
        timestamp: f(4),
        prev_hash: f(5),
        metadata: metadata.as_ref().map(Metadata::canonical),
        capabilities: capabilities.as_ref().map(Capabilities::canonical),
        session_id: session_id.as_deref(),
        parent_id: parent_id.as_deref(),
    }
    .hash())
}

/// Parses an append body's text under the body nesting limit.
pub fn parse_body(text: &str) -> Result<JsonValue, json::ParseError> {
    json::parse(text, MAX_BODY_DEPTH)
}

#[cfg(test)]
mod tests {
    use super::identifier_problem;

    #[test]
    fn identifiers_that_resolve_away_or_look_alike_are_refused() {
        for bad in [
            ".",
            "..",
            "a\u{200B}",
            "\u{FEFF}a",
            "a\u{202E}b",
            "a\u{2069}",
            "a\u{E0001}",
            "soft\u{AD}hyphen",
        ] {
            assert!(identifier_problem(bad).is_some(), "{bad:?}");
        }
        for good in ["...", ".a", "a.b", "décision", "代理", "🤖", "a-b_c"] {
            assert_eq!(identifier_problem(good), None, "{good:?}");
        }
    }

    #[test]
    fn record_ids_are_uuid_v4_of_their_bytes() {
        // Pinned: the ids the service has always made from these bytes.
        for (bytes, pinned) in [
            ([0u8; 16], "00000000-0000-4000-8000-000000000000"),
            ([0xff; 16], "ffffffff-ffff-4fff-bfff-ffffffffffff"),
            ([0x5a; 16], "5a5a5a5a-5a5a-4a5a-9a5a-5a5a5a5a5a5a"),
        ] {
            let id = super::record_id(bytes);
            assert_eq!(id, pinned);
            let parsed = uuid::Uuid::parse_str(&id).unwrap();
            assert_eq!(parsed.get_version_num(), 4);
            assert_eq!(parsed.get_variant(), uuid::Variant::RFC4122);
        }
    }
}
