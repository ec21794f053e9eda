//! Human oversight as records (docs/design.md §18): a person with a
//! `reviewer` key records a verdict on a decision as a record of the
//! decision's task whose `parent_id` is the decision and whose metadata's
//! `oversight` member is `{"verdict", "reviewer", "reason"?}`. An
//! `overridden` verdict is itself a `decision` (its content the replacing
//! decision); the others are `reflection`s.

use super::{NewRecord, RecordType};
use crate::domain::json::{self, JsonValue};
use crate::domain::FieldError;

/// The metadata member that makes a record an oversight record.
pub const OVERSIGHT: &str = "oversight";

/// What a reviewer says of a decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OversightVerdict {
    /// The decision stands.
    Approved,
    /// The decision is replaced by the record's own (a `decision`).
    Overridden,
    /// The decision goes to someone with more authority.
    Escalated,
    /// A remark, no verdict.
    Note,
}

impl OversightVerdict {
    pub const ALL: [OversightVerdict; 4] = [
        OversightVerdict::Approved,
        OversightVerdict::Overridden,
        OversightVerdict::Escalated,
        OversightVerdict::Note,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            OversightVerdict::Approved => "approved",
            OversightVerdict::Overridden => "overridden",
            OversightVerdict::Escalated => "escalated",
            OversightVerdict::Note => "note",
        }
    }

    pub fn parse(text: &str) -> Option<OversightVerdict> {
        OversightVerdict::ALL
            .into_iter()
            .find(|v| v.as_str() == text)
    }

    /// The type an oversight record of this verdict has.
    pub fn record_type(self) -> RecordType {
        match self {
            OversightVerdict::Overridden => RecordType::Decision,
            _ => RecordType::Reflection,
        }
    }
}

impl std::fmt::Display for OversightVerdict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A record's oversight member, read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Oversight {
    pub verdict: OversightVerdict,
    /// The reviewer's agent id (the key's): who gave the verdict.
    pub reviewer: String,
    pub reason: Option<String>,
}

const FIELD: &str = "metadata.oversight";

/// The oversight member of canonical metadata: None when it has none; the
/// reasons, each naming its field, when it is not of the convention's shape.
pub fn oversight_in(canonical: &str) -> Option<Result<Oversight, Vec<FieldError>>> {
    // Most metadata has no such member: only those that name it are parsed.
    if !canonical.contains("\"oversight\"") {
        return None;
    }
    let value = json::parse(canonical, 64).ok()?;
    let member = value.get(OVERSIGHT)?;
    let JsonValue::Object(members) = member else {
        return Some(Err(vec![FieldError::new(
            FIELD,
            "must be an object {verdict, reviewer, reason?}",
        )]));
    };
    let mut errors = Vec::new();
    for (key, _) in members {
        if !["verdict", "reviewer", "reason"].contains(&key.as_str()) {
            errors.push(FieldError::new(
                format!("{FIELD}.{key}"),
                "is not a member of an oversight verdict (verdict, reviewer, reason)",
            ));
        }
    }
    let names = || {
        OversightVerdict::ALL
            .map(OversightVerdict::as_str)
            .join(", ")
    };
    let verdict = match member.get("verdict") {
        Some(JsonValue::String(v)) => OversightVerdict::parse(v).or_else(|| {
            errors.push(FieldError::new(
                format!("{FIELD}.verdict"),
                format!("`{v}` is not one of {}", names()),
            ));
            None
        }),
        _ => {
            errors.push(FieldError::new(
                format!("{FIELD}.verdict"),
                format!("is required: one of {}", names()),
            ));
            None
        }
    };
    let reviewer = match member.get("reviewer") {
        Some(JsonValue::String(r)) if !r.is_empty() => Some(r.clone()),
        _ => {
            errors.push(FieldError::new(
                format!("{FIELD}.reviewer"),
                "is required: the reviewer's agent id, a non-empty string",
            ));
            None
        }
    };
    let reason = match member.get("reason") {
        None => None,
        Some(JsonValue::String(r)) => Some(r.clone()),
        Some(_) => {
            errors.push(FieldError::new(
                format!("{FIELD}.reason"),
                "must be a string",
            ));
            None
        }
    };
    Some(match (verdict, reviewer, errors.is_empty()) {
        (Some(verdict), Some(reviewer), true) => Ok(Oversight {
            verdict,
            reviewer,
            reason,
        }),
        _ => Err(errors),
    })
}

/// The oversight a draft carries, checked against the convention: its
/// shape, its type, that it answers a record (`parent_id`) and that the
/// reviewer is the record's agent. None: an ordinary record.
pub fn oversight_of(draft: &NewRecord) -> Option<Result<Oversight, Vec<FieldError>>> {
    let read = oversight_in(draft.authored.metadata.as_ref()?.canonical())?;
    let oversight = match read {
        Ok(o) => o,
        Err(errors) => return Some(Err(errors)),
    };
    let mut errors = Vec::new();
    let wanted = oversight.verdict.record_type();
    if draft.authored.r#type != wanted {
        errors.push(FieldError::new(
            "type",
            format!(
                "an `{}` verdict is a `{}` record{}",
                oversight.verdict.as_str(),
                wanted.as_str(),
                if wanted == RecordType::Decision {
                    " (its content the decision that replaces the reviewed one)"
                } else {
                    ""
                }
            ),
        ));
    }
    if draft.authored.parent_id.is_none() {
        errors.push(FieldError::new(
            "parent_id",
            "an oversight verdict names the decision it reviews as its parent",
        ));
    }
    if oversight.reviewer != draft.authored.agent_id {
        errors.push(FieldError::new(
            format!("{FIELD}.reviewer"),
            format!(
                "`{}` is not the record's agent `{}`: a reviewer records verdicts as themself",
                oversight.reviewer, draft.authored.agent_id
            ),
        ));
    }
    if draft.erasable {
        errors.push(FieldError::new(
            "erasable",
            "an oversight verdict is not erasable: it is the trail's account of who reviewed what",
        ));
    }
    Some(if errors.is_empty() {
        Ok(oversight)
    } else {
        Err(errors)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_member_reads_and_every_bad_part_is_named() {
        let ok = oversight_in(
            r#"{"oversight":{"reason":"fine","reviewer":"ann","verdict":"approved"}}"#,
        );
        assert_eq!(
            ok,
            Some(Ok(Oversight {
                verdict: OversightVerdict::Approved,
                reviewer: "ann".into(),
                reason: Some("fine".into())
            }))
        );
        assert_eq!(oversight_in(r#"{"model":"m"}"#), None);
        let bad = oversight_in(r#"{"oversight":{"extra":1,"reason":2,"verdict":"maybe"}}"#)
            .unwrap()
            .unwrap_err();
        let fields: Vec<&str> = bad.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "metadata.oversight.extra",
                "metadata.oversight.verdict",
                "metadata.oversight.reviewer",
                "metadata.oversight.reason"
            ]
        );
        assert!(oversight_in(r#"{"oversight":"yes"}"#).unwrap().is_err());
    }
}
