//! A full record read back from JSON, as served or exported: its shape
//! checked, not its hash.

use super::identifier::identifier_ok;
use super::members::{
    object_members, optional_capabilities, optional_identifier, refuse_unknown, required,
    required_string,
};
use super::{is_hash_hex, Record, RecordType, RECORD_FIELDS};
use crate::domain::json::JsonValue;
use crate::domain::metadata::metadata_from_json;
use crate::domain::FieldError;

/// Reads a full record (as served or exported) and checks its shape, not its
/// hash: every field present with the right type, `type` one of the four, the
/// hashes 64 lowercase hex. Fields outside the record are refused.
pub fn record_from_json(value: &JsonValue) -> Result<Record, Vec<FieldError>> {
    let members = object_members(value, "a record")?;
    let mut errors = Vec::new();
    refuse_unknown(members, &RECORD_FIELDS, "unknown field", &mut errors);
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
    let session_id = optional_identifier(value, "session_id", &mut errors, identifier_ok);
    let parent_id = optional_identifier(value, "parent_id", &mut errors, identifier_ok);
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
