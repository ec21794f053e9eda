//! Metadata rules (docs/design.md §1): a JSON object, at most 32 levels deep, whose
//! numbers survive canonicalisation unchanged; stored and hashed in RFC 8785 form.

use super::json::{self, render_path, JsonValue, Segment};
use super::FieldError;

/// Deepest nesting allowed in metadata; the metadata object itself is level 1.
pub const MAX_METADATA_DEPTH: usize = 32;

/// Validated metadata, held as its canonical JSON text (exactly what is hashed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metadata(String);

impl Metadata {
    /// The RFC 8785 canonical text.
    pub fn canonical(&self) -> &str {
        &self.0
    }

    /// Metadata as read back from storage, where only canonical text is written.
    /// It is trusted as canonical; a verifier that distrusts storage re-hashes it.
    pub fn from_stored(canonical: String) -> Self {
        Metadata(canonical)
    }
}

/// Applies the metadata rules to a parsed value found at field `field`.
/// `null` means no metadata. Every offending number is named in the errors.
pub fn metadata_from_json(
    field: &str,
    value: &JsonValue,
) -> Result<Option<Metadata>, Vec<FieldError>> {
    let members = match value {
        JsonValue::Null => return Ok(None),
        JsonValue::Object(_) => value,
        other => {
            return Err(vec![FieldError::new(
                field,
                format!("must be a JSON object or null, not {}", other.kind()),
            )])
        }
    };
    let mut errors = Vec::new();
    let mut path = vec![Segment::Key(field.to_string())];
    check(members, 1, &mut path, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    match json::canonicalize(members) {
        Ok(text) => Ok(Some(Metadata(text))),
        // Unreachable after `check` (it refuses non-finite numbers), kept total.
        Err(e) => Err(vec![FieldError::new(field, e.to_string())]),
    }
}

fn check(value: &JsonValue, depth: usize, path: &mut Vec<Segment>, errors: &mut Vec<FieldError>) {
    match value {
        JsonValue::Array(_) | JsonValue::Object(_) if depth > MAX_METADATA_DEPTH => {
            errors.push(FieldError::new(
                render_path(path),
                format!("metadata is nested deeper than {MAX_METADATA_DEPTH} levels"),
            ));
        }
        JsonValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                path.push(Segment::Index(i));
                check(item, depth + 1, path, errors);
                path.pop();
            }
        }
        JsonValue::Object(members) => {
            for (key, item) in members {
                path.push(Segment::Key(key.clone()));
                check(item, depth + 1, path, errors);
                path.pop();
            }
        }
        JsonValue::Number(text) => {
            if let Some(message) = number_problem(text) {
                errors.push(FieldError::new(render_path(path), message));
            }
        }
        JsonValue::Null | JsonValue::Bool(_) | JsonValue::String(_) => {}
    }
}

/// I-JSON (RFC 7493): a number is kept only if its canonical form denotes the same
/// decimal value as the text sent; otherwise hashing would silently change it.
fn number_problem(text: &str) -> Option<String> {
    match json::canonical_number(text) {
        Err(_) => Some(format!(
            "number {text} is outside the range of a double; send it as a string"
        )),
        Ok(canonical) if !json::same_decimal(text, &canonical) => Some(format!(
            "number {text} would change to {canonical} when canonicalized; send it as a string (I-JSON, RFC 7493)"
        )),
        Ok(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn meta(text: &str) -> Result<Option<Metadata>, Vec<FieldError>> {
        metadata_from_json("metadata", &json::parse(text, 64).unwrap())
    }

    #[test]
    fn null_means_none_and_objects_are_canonicalized() {
        assert_eq!(meta("null").unwrap(), None);
        let m = meta(r#"{"b":4.50,"a":[1E30,-0]}"#).unwrap().unwrap();
        assert_eq!(m.canonical(), r#"{"a":[1e+30,0],"b":4.5}"#);
    }

    #[test]
    fn non_objects_are_refused() {
        for text in ["[1]", "\"x\"", "1", "true"] {
            let e = meta(text).unwrap_err();
            assert_eq!(e[0].field, "metadata", "{text}");
        }
    }

    #[test]
    fn every_number_that_would_change_is_named() {
        let e = meta(r#"{"a":9007199254740993,"b":[1,1e400],"c":0.1}"#).unwrap_err();
        let fields: Vec<_> = e.iter().map(|f| f.field.as_str()).collect();
        assert_eq!(fields, ["metadata.a", "metadata.b[1]"]);
        assert!(e[0].message.contains("send it as a string"));
    }

    #[test]
    fn depth_32_passes_and_33_is_refused() {
        let ok = format!("{}1{}", "{\"a\":".repeat(32), "}".repeat(32));
        assert!(meta(&ok).is_ok());
        let too_deep = format!("{}1{}", "{\"a\":".repeat(33), "}".repeat(33));
        let e = meta(&too_deep).unwrap_err();
        assert!(e[0].message.contains("deeper than 32"));
    }
}
