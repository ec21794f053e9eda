//! Reading a JSON object (a body or a record) member by member, with a
//! problem naming the member when it is missing, unknown or wrong.

use super::Capabilities;
use crate::domain::json::JsonValue;
use crate::domain::FieldError;

/// The members of `value`, or the one problem of a value that is no object
/// (`what` names it: "the body", "a record").
pub(super) fn object_members<'a>(
    value: &'a JsonValue,
    what: &str,
) -> Result<&'a [(String, JsonValue)], Vec<FieldError>> {
    match value {
        JsonValue::Object(members) => Ok(members),
        _ => Err(vec![FieldError::new(
            "",
            format!("{what} must be a JSON object, not {}", value.kind()),
        )]),
    }
}

/// A problem saying `message` for each member whose name is not `allowed`.
pub(super) fn refuse_unknown(
    members: &[(String, JsonValue)],
    allowed: &[&str],
    message: &str,
    errors: &mut Vec<FieldError>,
) {
    for (key, _) in members {
        if !allowed.contains(&key.as_str()) {
            errors.push(FieldError::new(key, message));
        }
    }
}

/// An optional identifier member (`session_id`, `parent_id`): absent or null
/// is none; otherwise `rule` holds (a new id's, or a stored one's).
pub(super) fn optional_identifier(
    body: &JsonValue,
    field: &str,
    errors: &mut Vec<FieldError>,
    rule: fn(&str, &str, &mut Vec<FieldError>) -> bool,
) -> Option<String> {
    match body.get(field)? {
        JsonValue::Null => None,
        JsonValue::String(s) => rule(field, s, errors).then(|| s.clone()),
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
pub(super) fn optional_capabilities(
    body: &JsonValue,
    errors: &mut Vec<FieldError>,
) -> Option<Capabilities> {
    // null means none, as for metadata.
    let value = body
        .get("capabilities")
        .filter(|v| **v != JsonValue::Null)?;
    Capabilities::from_json("capabilities", value)
        .map_err(|mut e| errors.append(&mut e))
        .ok()
}

/// The value of the required member `field`, as `read` takes it; a problem naming
/// the field is added when it is missing or `read` refuses it (`wanted` says what
/// it must be).
pub(super) fn required<'a, T>(
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

pub(super) fn required_string<'a>(
    body: &'a JsonValue,
    field: &str,
    errors: &mut Vec<FieldError>,
) -> Option<&'a str> {
    required(body, field, "a string", errors, |v| match v {
        JsonValue::String(s) => Some(s.as_str()),
        _ => None,
    })
}
