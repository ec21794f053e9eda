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

/// What is wrong with `value` as a new identifier (one an append, an OTLP
/// span or a new API key brings), or None: the rules of
/// [`identifier_problem`], and none that could look like another id
/// (Unicode TR #36):
/// - no Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties:
///   invisible in display; this covers [`is_invisible`], U+034F, the
///   variation selectors and the Hangul fillers);
/// - no line or paragraph separator (U+2028, U+2029);
/// - not only blank characters: White_Space, and U+2800, which is drawn as
///   a blank;
/// - in Unicode Normalization Form C, so that `café` typed two ways is one
///   task. Not normalised silently: the record's hash covers the id as sent.
///
/// Ids already stored are read with [`identifier_problem`] alone, so they
/// keep verifying and can still be asked for.
pub fn new_identifier_problem(value: &str) -> Option<String> {
    use icu_properties::props::{DefaultIgnorableCodePoint, WhiteSpace};
    use icu_properties::CodePointSetData;
    use unicode_normalization::UnicodeNormalization;
    if let Some(problem) = identifier_problem(value) {
        return Some(problem);
    }
    let ignorable = CodePointSetData::new::<DefaultIgnorableCodePoint>();
    let white = CodePointSetData::new::<WhiteSpace>();
    if let Some(c) = value.chars().find(|c| ignorable.contains(*c)) {
        return Some(format!(
            "must not contain U+{:04X}: a default-ignorable character is invisible, so \
             different ids would look the same",
            u32::from(c)
        ));
    }
    if let Some(c) = value.chars().find(|c| matches!(c, '\u{2028}' | '\u{2029}')) {
        return Some(format!(
            "must not contain U+{:04X}, a line or paragraph separator",
            u32::from(c)
        ));
    }
    if value.chars().all(|c| white.contains(c) || c == '\u{2800}') {
        return Some("must not be only white space or blank characters".into());
    }
    if !unicode_normalization::is_nfc(value) {
        let nfc: String = value.nfc().collect();
        return Some(format!(
            "must be in Unicode Normalization Form C (NFC), so that one name is one id: \
             send {nfc:?}"
        ));
    }
    None
}

/// Adds a problem naming `field` unless `value` is a new identifier.
pub(super) fn new_identifier_ok(field: &str, value: &str, errors: &mut Vec<FieldError>) -> bool {
    match new_identifier_problem(value) {
        Some(message) => {
            errors.push(FieldError::new(field, message));
            false
        }
        None => true,
    }
}

/// Adds a problem naming `field` unless `value` is an identifier as stored.
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
    use super::{identifier_problem, new_identifier_problem};

    #[test]
    fn new_identifiers_that_could_look_like_another_are_refused() {
        for bad in [
            " ",
            "   ",
            "\u{00A0}",
            "\u{2800}",
            "\u{3000}",
            "a\u{2028}b",
            "a\u{2029}",
            "\u{115F}",
            "\u{3164}",
            "a\u{034F}b",
            "a\u{FE0F}",
            "\u{FFA0}x",
            "cafe\u{0301}",
        ] {
            assert!(new_identifier_problem(bad).is_some(), "{bad:?}");
        }
        // Stored ids are read by the old rule: still accepted there.
        for stored in [" ", "\u{00A0}", "cafe\u{0301}", "a\u{034F}b"] {
            assert_eq!(identifier_problem(stored), None, "{stored:?}");
        }
        let nfd = new_identifier_problem("cafe\u{0301}").unwrap();
        assert!(nfd.contains("\"café\""), "{nfd}");
        for good in ["café", "a b", " a", "代理", "🤖", "a-b_c", "한국어"] {
            assert_eq!(new_identifier_problem(good), None, "{good:?}");
        }
    }

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
