//! A full record read back from JSON, as served or exported: its shape
//! checked, not its hash.

use super::identifier::identifier_ok;
use super::members::{
    object_members, optional_capabilities, optional_identifier, refuse_unknown, required,
    required_string,
};
use super::{is_hash_hex, Authored, Erasable, Erasure, Record, RecordType, RECORD_FIELDS};
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
    // A record as served leaves out what it does not have: `null` is no
    // value of these (docs/spec.md §2), and the hash leaves out an absent
    // member, so a `null` would read as absent while the text says otherwise.
    for field in [
        "metadata",
        "capabilities",
        "session_id",
        "parent_id",
        "content_commitment",
        "salt",
        "erased",
    ] {
        if value.get(field) == Some(&JsonValue::Null) {
            errors.push(FieldError::new(
                field,
                "must be left out when absent, not null",
            ));
        }
    }
    let erased = erased_member(value, &mut errors);
    if erased.is_some() && (value.get("content").is_some() || value.get("metadata").is_some()) {
        errors.push(FieldError::new(
            "content",
            "an erased record carries no content or metadata",
        ));
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
    // An erased record is served without its content (docs/design.md §12).
    let content = if erased.is_some() {
        Some(String::new())
    } else {
        text("content", false)
    };
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
    let commitment = hex_member(value, "content_commitment", &mut errors);
    let salt = hex_member(value, "salt", &mut errors);
    let erasable = match (commitment, salt, erased) {
        (None, None, None) => None,
        (Some(commitment), salt, erased) => Some(Erasable {
            commitment,
            salt,
            erased,
        }),
        (None, _, _) => {
            errors.push(FieldError::new(
                "content_commitment",
                "is required with salt or erased",
            ));
            None
        }
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
            authored: Authored {
                r#type,
                task_id,
                agent_id,
                content,
                metadata,
                capabilities,
                session_id,
                parent_id,
            },
            timestamp,
            prev_hash,
            hash,
            erasable,
        }),
        _ => Err(errors),
    }
}

/// An optional member of 64 lowercase hex characters.
fn hex_member(value: &JsonValue, field: &str, errors: &mut Vec<FieldError>) -> Option<String> {
    match value.get(field)? {
        JsonValue::String(s) if is_hash_hex(s) => Some(s.clone()),
        _ => {
            errors.push(FieldError::new(
                field,
                "must be 64 lowercase hex characters",
            ));
            None
        }
    }
}

/// The optional `erased` member: `{"at", "by", "reason"}`, all strings.
fn erased_member(value: &JsonValue, errors: &mut Vec<FieldError>) -> Option<Erasure> {
    let erased = value.get("erased")?;
    let mut fields = ["at", "by", "reason"].map(|f| match erased.get(f) {
        Some(JsonValue::String(s)) => Some(s.clone()),
        _ => None,
    });
    match (&mut fields, erased) {
        ([Some(at), Some(by), Some(reason)], JsonValue::Object(members)) if members.len() == 3 => {
            Some(Erasure {
                at: std::mem::take(at),
                by: std::mem::take(by),
                reason: std::mem::take(reason),
            })
        }
        _ => {
            errors.push(FieldError::new(
                "erased",
                "must be an object of exactly the strings at, by and reason",
            ));
            None
        }
    }
}
