//! Identifiers (docs/design.md §1): `task_id`, `agent_id`, `session_id`,
//! `parent_id`.

use crate::domain::FieldError;

/// Longest identifier, in characters (Unicode scalar values, not bytes).
pub const MAX_ID_CHARS: usize = 256;

/// What is wrong with `value` as an identifier (`task_id`, `agent_id`,
/// `session_id`, `parent_id`), or None: it must not be empty; at most
/// [`MAX_ID_CHARS`] characters; no control character (`char::is_control`,
/// Unicode category Cc); not `.` or `..`; and none of the [`is_invisible`]
/// characters. Ids end up in logs, URLs and file names (docs/design.md §1).
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

pub(super) fn identifier_ok(field: &str, value: &str, errors: &mut Vec<FieldError>) -> bool {
    match identifier_problem(value) {
        Some(message) => {
            errors.push(FieldError::new(field, message));
            false
        }
        None => true,
    }
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
}
