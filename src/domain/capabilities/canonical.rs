//! `hashPlainObject` as the reference code computes it (docs/design.md §9):
//! `sha256Hex(JSON.stringify(sortValue(value)))`, with keys ordered by ICU
//! root collation (JavaScript's `localeCompare`), ties kept in input order,
//! array-index keys moved first again when the object is rebuilt, and numbers
//! written as JavaScript writes them.

use std::cmp::Ordering;
use std::sync::OnceLock;

use icu_collator::options::CollatorOptions;
use icu_collator::CollatorBorrowed;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::value::JsValue;

/// `String.prototype.localeCompare` under the root locale: ICU collation at
/// tertiary strength, punctuation not ignored, no identical-level tiebreak.
/// Two different strings may compare equal (`é` and `e\u{301}`).
pub fn locale_compare(a: &str, b: &str) -> Ordering {
    static COLLATOR: OnceLock<CollatorBorrowed<'static>> = OnceLock::new();
    COLLATOR
        .get_or_init(|| {
            CollatorBorrowed::try_new(Default::default(), CollatorOptions::default())
                .expect("the compiled root collation data is present")
        })
        .compare(a, b)
}

/// Sorts strings as `array.sort((a, b) => a.localeCompare(b))` does (stable).
pub fn sort_strings(items: &mut [String]) {
    items.sort_by(|a, b| locale_compare(a, b));
}

/// `sortValue`: every object rebuilt with its keys collated (stable), members
/// whose value is undefined dropped; Date, Map and other objects without own
/// keys become `{}`; arrays keep their order.
pub fn sort_value(value: &JsValue) -> JsValue {
    match value {
        JsValue::Array(items) => JsValue::Array(items.iter().map(sort_value).collect()),
        JsValue::Object(members) => {
            let mut kept: Vec<(String, JsValue)> = members
                .iter()
                .filter(|(_, v)| *v != JsValue::Undefined)
                .map(|(k, v)| (k.clone(), sort_value(v)))
                .collect();
            kept.sort_by(|(a, _), (b, _)| locale_compare(a, b));
            // Object.fromEntries: integer keys are enumerated first again.
            JsValue::Object(super::value::js_property_order(kept))
        }
        JsValue::Date(_) | JsValue::Map(_) => JsValue::Object(Vec::new()),
        other => other.clone(),
    }
}

/// `JSON.stringify` without whitespace; None where it answers undefined (an
/// undefined or function value at the top).
pub fn stringify(value: &JsValue) -> Option<String> {
    let mut out = String::new();
    write(value, &mut out).then_some(out)
}

fn write(value: &JsValue, out: &mut String) -> bool {
    match value {
        JsValue::Undefined | JsValue::Function => return false,
        JsValue::Null => out.push_str("null"),
        JsValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        JsValue::Number(n) => out.push_str(&js_number(*n)),
        JsValue::String(s) => write_string(s, out),
        JsValue::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                if !write(item, out) {
                    out.push_str("null");
                }
            }
            out.push(']');
        }
        JsValue::Object(members) => {
            out.push('{');
            let mut first = true;
            for (k, v) in members {
                if matches!(v, JsValue::Undefined | JsValue::Function) {
                    continue;
                }
                if !first {
                    out.push(',');
                }
                first = false;
                write_string(k, out);
                out.push(':');
                write(v, out);
            }
            out.push('}');
        }
        // Rebuilt as plain objects by sort_value; written as JSON.stringify
        // would write an object without own keys.
        JsValue::Date(_) | JsValue::Map(_) => out.push_str("{}"),
    }
    true
}

/// ECMAScript Number::toString, as `JSON.stringify` writes numbers: the
/// shortest round-trip digits, `1e+21`, `1e-7`; NaN and ±Infinity as `null`.
pub fn js_number(n: f64) -> String {
    if !n.is_finite() {
        return "null".into();
    }
    if n == 0.0 {
        return "0".into();
    }
    ryu_js::Buffer::new().format_finite(n).to_string()
}

fn write_string(s: &str, out: &mut String) {
    let mut bytes = Vec::with_capacity(s.len() + 2);
    crate::domain::json::write_string(s, &mut bytes);
    out.push_str(std::str::from_utf8(&bytes).expect("escaped JSON is UTF-8"));
}

/// One SHA-256 the computation made: the exact text hashed, and its digest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Traced {
    pub canonical: String,
    pub sha256: String,
}

/// Hashes payloads and keeps every hash made, as the vectors' `trace` does.
#[derive(Debug, Default)]
pub struct Hasher {
    pub trace: Vec<Traced>,
}

impl Hasher {
    /// `hashPlainObject(value)`: the canonical text and its digest.
    pub fn hash(&mut self, value: &JsValue) -> Traced {
        let traced = hash_plain_object(value);
        self.trace.push(traced.clone());
        traced
    }
}

/// `hashPlainObject(value)` without recording it.
pub fn hash_plain_object(value: &JsValue) -> Traced {
    let canonical = stringify(&sort_value(value)).unwrap_or_default();
    let sha256 = hex::encode(Sha256::digest(canonical.as_bytes()));
    Traced { canonical, sha256 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_written_as_javascript_writes_them() {
        for (n, text) in [
            (1.0, "1"),
            (-0.0, "0"),
            (1e21, "1e+21"),
            (1e-7, "1e-7"),
            (0.000001, "0.000001"),
            (123456789012345680000.0, "123456789012345680000"),
            (9007199254740993.0, "9007199254740992"),
            (1.5, "1.5"),
            (f64::NAN, "null"),
            (f64::NEG_INFINITY, "null"),
        ] {
            assert_eq!(js_number(n), text, "{n}");
        }
    }

    #[test]
    fn locale_compare_is_root_collation_not_code_unit_order() {
        use Ordering::*;
        for (a, b, want) in [
            ("a", "B", Less),
            ("_", "a", Less),
            ("_x", "B", Less),
            ("a-b", "a_b", Greater),
            ("é", "f", Less),
            ("😀", "a", Less),
            ("A", "a", Greater),
            ("10", "9", Less),
            ("$", "_", Greater),
            ("e\u{301}", "é", Equal),
            ("ab", "a\u{200b}b", Equal),
        ] {
            assert_eq!(locale_compare(a, b), want, "{a:?} vs {b:?}");
        }
    }

    /// A known difference (README, "Capability fingerprints"): ICU4X's
    /// compiled root data orders Han ideographs by block, then radical-stroke;
    /// Node's full ICU data orders them by radical-stroke across blocks. Node
    /// says 中 (U+4E2D) > 𠀀 (U+20000); this port says the opposite.
    #[test]
    fn han_ideographs_across_blocks_differ_from_node() {
        assert_eq!(locale_compare("中", "\u{20000}"), Ordering::Less);
    }
}
