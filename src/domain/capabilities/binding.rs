//! The capability fingerprints a record is bound to: its optional
//! `capabilities` member (docs/design.md §1, §9).

use crate::domain::json::{self, JsonValue};
use crate::domain::record::is_hash_hex;
use crate::domain::FieldError;

/// The capability fingerprints a record is bound to (docs/design.md §9): the
/// agent's static hash and runtime hash, and the invocation hash when there is
/// one. Hashed only when present, as `metadata` is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Capabilities {
    pub static_hash: String,
    pub runtime_hash: String,
    pub invocation_hash: Option<String>,
    /// The RFC 8785 text, as hashed and stored.
    canonical: String,
}

/// The members `capabilities` may have.
pub const CAPABILITIES_FIELDS: [&str; 3] = ["static_hash", "runtime_hash", "invocation_hash"];

impl Capabilities {
    /// The RFC 8785 text, as hashed and stored.
    pub fn canonical(&self) -> &str {
        &self.canonical
    }

    /// RFC 8785 form: the members' names are ASCII, so their order is fixed.
    fn write_canonical(&self) -> String {
        let mut out = Vec::with_capacity(240);
        out.push(b'{');
        if let Some(i) = &self.invocation_hash {
            out.extend_from_slice(b"\"invocation_hash\":");
            json::write_string(i, &mut out);
            out.push(b',');
        }
        out.extend_from_slice(b"\"runtime_hash\":");
        json::write_string(&self.runtime_hash, &mut out);
        out.extend_from_slice(b",\"static_hash\":");
        json::write_string(&self.static_hash, &mut out);
        out.push(b'}');
        String::from_utf8(out).expect("canonical JSON of strings is UTF-8")
    }

    /// Reads `{static_hash, runtime_hash, invocation_hash?}`, each 64 lowercase
    /// hex, naming every bad member under `field`.
    pub fn from_json(field: &str, value: &JsonValue) -> Result<Capabilities, Vec<FieldError>> {
        let JsonValue::Object(members) = value else {
            return Err(vec![FieldError::new(
                field,
                format!(
                    "must be an object {{static_hash, runtime_hash, invocation_hash?}}, not {}",
                    value.kind()
                ),
            )]);
        };
        let mut errors = Vec::new();
        for (k, _) in members {
            if !CAPABILITIES_FIELDS.contains(&k.as_str()) {
                errors.push(FieldError::new(
                    format!("{field}.{k}"),
                    format!(
                        "unknown member; allowed: {}",
                        CAPABILITIES_FIELDS.join(", ")
                    ),
                ));
            }
        }
        let mut hash = |name: &str, required: bool| match value.get(name) {
            Some(JsonValue::String(h)) if is_hash_hex(h) => Some(h.clone()),
            None if !required => None,
            None => {
                errors.push(FieldError::new(format!("{field}.{name}"), "is required"));
                None
            }
            Some(_) => {
                errors.push(FieldError::new(
                    format!("{field}.{name}"),
                    "must be 64 lowercase hex digits (a capability fingerprint)",
                ));
                None
            }
        };
        let static_hash = hash("static_hash", true);
        let runtime_hash = hash("runtime_hash", true);
        let invocation_hash = hash("invocation_hash", false);
        match (static_hash, runtime_hash) {
            (Some(static_hash), Some(runtime_hash)) if errors.is_empty() => {
                let mut c = Capabilities {
                    static_hash,
                    runtime_hash,
                    invocation_hash,
                    canonical: String::new(),
                };
                c.canonical = c.write_canonical();
                Ok(c)
            }
            _ => Err(errors),
        }
    }
}
