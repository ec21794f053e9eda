//! An append body (docs/design.md §3): its fields, their rules and limits.

use super::identifier::new_identifier_ok;
use super::members::{
    object_members, optional_capabilities, optional_identifier, refuse_unknown, required_string,
};
use super::{is_hash_hex, joined, Authored, RecordType, AUTHORED_FIELDS};
use crate::domain::json::{self, JsonValue};
use crate::domain::metadata::{metadata_from_json, MAX_METADATA_DEPTH};
use crate::domain::FieldError;

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

/// A validated append request: what the caller chooses of a record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRecord {
    /// The record as the caller chose it.
    pub authored: Authored,
    /// Conditional append: the chain head the caller expects. Not stored or
    /// hashed; the append is refused when the head is another.
    pub expected_prev_hash: Option<String>,
    /// Whether the record is erasable (docs/design.md §12): its hash covers
    /// a salted commitment to its content and metadata instead of them.
    pub erasable: bool,
}

impl NewRecord {
    /// A record of `r#type` by `agent_id` on `task_id`, with nothing
    /// optional: no metadata, capabilities, session, parent or expected head,
    /// not erasable (what the service writes itself, and tests).
    pub fn plain(r#type: RecordType, task_id: &str, agent_id: &str, content: String) -> NewRecord {
        NewRecord {
            authored: Authored {
                r#type,
                task_id: task_id.to_string(),
                agent_id: agent_id.to_string(),
                content,
                metadata: None,
                capabilities: None,
                session_id: None,
                parent_id: None,
            },
            expected_prev_hash: None,
            erasable: false,
        }
    }
}

/// Names of the fields an append body may carry.
pub const NEW_RECORD_FIELDS: [&str; 10] =
    joined([], AUTHORED_FIELDS, ["expected_prev_hash", "erasable"]);

/// Validates an append body (docs/design.md §3), naming every bad field at once.
pub fn new_record_from_json(
    body: &JsonValue,
    limits: &InputLimits,
) -> Result<NewRecord, Vec<FieldError>> {
    let max_content_bytes = limits.max_content_bytes;
    let members = object_members(body, "the body")?;
    let mut errors = Vec::new();
    refuse_unknown(
        members,
        &NEW_RECORD_FIELDS,
        &format!("unknown field; allowed: {}", NEW_RECORD_FIELDS.join(", ")),
        &mut errors,
    );
    let r#type = required_string(body, "type", &mut errors).and_then(|s| {
        s.parse::<RecordType>()
            .map_err(|m| errors.push(FieldError::new("type", m)))
            .ok()
    });
    let task_id = required_string(body, "task_id", &mut errors)
        .filter(|s| new_identifier_ok("task_id", s, &mut errors));
    let agent_id = required_string(body, "agent_id", &mut errors)
        .filter(|s| new_identifier_ok("agent_id", s, &mut errors));
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
    // The service's own statements carry these keys: no client may write a
    // record that reads as one (docs/design.md §12).
    for key in RESERVED_METADATA_KEYS {
        if body.get("metadata").and_then(|m| m.get(key)).is_some() {
            errors.push(FieldError::new(
                format!("metadata.{key}"),
                format!(
                    "is reserved: only the records the service writes when it erases content \
                     or places or lifts a legal hold carry metadata.{key} (DELETE \
                     /thoughts/{{id}}/content erases; PUT and DELETE /tasks/{{id}}/hold hold)"
                ),
            ));
        }
    }
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
    let session_id = optional_identifier(body, "session_id", &mut errors, new_identifier_ok);
    let parent_id = optional_identifier(body, "parent_id", &mut errors, new_identifier_ok);
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
    let erasable = match body.get("erasable") {
        None | Some(JsonValue::Null) => false,
        Some(JsonValue::Bool(b)) => *b,
        Some(other) => {
            errors.push(FieldError::new(
                "erasable",
                format!("must be true or false, not {}", other.kind()),
            ));
            false
        }
    };
    match (r#type, task_id, agent_id, content, metadata) {
        (Some(r#type), Some(task_id), Some(agent_id), Some(content), Some(metadata))
            if errors.is_empty() =>
        {
            Ok(NewRecord {
                authored: Authored {
                    r#type,
                    task_id: task_id.to_string(),
                    agent_id: agent_id.to_string(),
                    content: content.to_string(),
                    metadata,
                    capabilities,
                    session_id,
                    parent_id,
                },
                expected_prev_hash,
                erasable,
            })
        }
        _ => Err(errors),
    }
}

/// Top-level metadata keys only the service's own records carry: refused in
/// every append a client makes (REST, batches, MCP, OTLP).
pub const RESERVED_METADATA_KEYS: [&str; 2] = ["erasure", "hold"];

/// Parses an append body's text under the body nesting limit.
pub fn parse_body(text: &str) -> Result<JsonValue, json::ParseError> {
    json::parse(text, MAX_BODY_DEPTH)
}
