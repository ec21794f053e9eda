//! The JavaScript values capability fingerprints are computed over, and how
//! they are written in JSON (docs/design.md §9): the markers `$undefined`,
//! `$date`, `$number`, `$function` and `$map` stand for values JSON cannot
//! carry; an object keeps JavaScript's own-property order (array-index keys
//! first, ascending, then the others in insertion order).

use chrono::DateTime;

use crate::domain::json::JsonValue;

/// A JavaScript value, as far as the reference code can see it.
#[derive(Debug, Clone, PartialEq)]
pub enum JsValue {
    Undefined,
    Null,
    Bool(bool),
    Number(f64),
    String(String),
    Array(Vec<JsValue>),
    /// Own enumerable string keys in JavaScript property order.
    Object(Vec<(String, JsValue)>),
    /// `new Date(s)`: milliseconds since the epoch; None for an invalid date.
    Date(Option<i64>),
    /// A `Map` instance (no own enumerable keys: it serializes as `{}`).
    Map(Vec<(JsValue, JsValue)>),
    Function,
}

impl JsValue {
    /// JavaScript's `typeof` word for a value that cannot be serialized.
    pub fn type_name(&self) -> &'static str {
        match self {
            JsValue::Undefined => "undefined",
            JsValue::Null => "null",
            JsValue::Bool(_) => "boolean",
            JsValue::Number(_) => "number",
            JsValue::String(_) => "string",
            JsValue::Function => "function",
            JsValue::Array(_) | JsValue::Object(_) | JsValue::Date(_) | JsValue::Map(_) => "object",
        }
    }

    /// The member `key` of an object (undefined when absent).
    pub fn get(&self, key: &str) -> &JsValue {
        match self {
            JsValue::Object(members) => members
                .iter()
                .find(|(k, _)| k == key)
                .map_or(&JsValue::Undefined, |(_, v)| v),
            _ => &JsValue::Undefined,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            JsValue::String(s) => Some(s),
            _ => None,
        }
    }
}

/// An array-index key: the canonical decimal form of an integer from 0 to
/// 2^32 − 2 (ECMA-262 §6.1.7). These come first in an object, in numeric order.
pub fn array_index(key: &str) -> Option<u32> {
    if key.is_empty() || key.len() > 10 || !key.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if key.len() > 1 && key.starts_with('0') {
        return None;
    }
    key.parse::<u64>()
        .ok()
        .filter(|n| *n <= 4_294_967_294)
        .map(|n| n as u32)
}

/// Orders members as JavaScript enumerates an object's own keys: array
/// indices ascending, then every other key in the order given.
pub fn js_property_order(members: Vec<(String, JsValue)>) -> Vec<(String, JsValue)> {
    let (mut indices, others): (Vec<_>, Vec<_>) = members
        .into_iter()
        .partition(|(k, _)| array_index(k).is_some());
    indices.sort_by_key(|(k, _)| array_index(k));
    indices.extend(others);
    indices
}

/// A JSON value with the markers read as the values they stand for. `path`
/// names the value in errors.
pub fn from_json(value: &JsonValue, path: &str) -> Result<JsValue, String> {
    Ok(match value {
        JsonValue::Null => JsValue::Null,
        JsonValue::Bool(b) => JsValue::Bool(*b),
        JsonValue::Number(text) => JsValue::Number(number(text, path)?),
        JsonValue::String(s) => JsValue::String(s.clone()),
        JsonValue::Array(items) => JsValue::Array(
            items
                .iter()
                .enumerate()
                .map(|(i, v)| from_json(v, &format!("{path}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        JsonValue::Object(members) => {
            if let [(key, inner)] = members.as_slice() {
                if let Some(marked) = marker(key, inner, path)? {
                    return Ok(marked);
                }
            }
            let members = members
                .iter()
                .map(|(k, v)| Ok((k.clone(), from_json(v, &format!("{path}.{k}"))?)))
                .collect::<Result<Vec<_>, String>>()?;
            JsValue::Object(js_property_order(members))
        }
    })
}

/// A JSON number as JavaScript reads it: the nearest double.
fn number(text: &str, path: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .map_err(|_| format!("{path}: `{text}` is not a number"))
}

fn marker(key: &str, inner: &JsonValue, path: &str) -> Result<Option<JsValue>, String> {
    Ok(Some(match (key, inner) {
        ("$undefined", JsonValue::Bool(true)) => JsValue::Undefined,
        ("$function", JsonValue::Bool(true)) => JsValue::Function,
        ("$date", JsonValue::String(s)) => JsValue::Date(parse_date(s)),
        ("$number", JsonValue::String(s)) => JsValue::Number(match s.as_str() {
            "NaN" => f64::NAN,
            "Infinity" => f64::INFINITY,
            "-Infinity" => f64::NEG_INFINITY,
            "-0" => -0.0,
            other => {
                return Err(format!(
                    "{path}: $number must be NaN, Infinity, -Infinity or -0, not `{other}`"
                ))
            }
        }),
        ("$map", JsonValue::Array(pairs)) => {
            let mut entries = Vec::new();
            for (i, pair) in pairs.iter().enumerate() {
                let JsonValue::Array(kv) = pair else {
                    return Err(format!("{path}.$map[{i}] must be a [key, value] pair"));
                };
                let [k, v] = kv.as_slice() else {
                    return Err(format!("{path}.$map[{i}] must be a [key, value] pair"));
                };
                entries.push((
                    from_json(k, &format!("{path}.$map[{i}][0]"))?,
                    from_json(v, &format!("{path}.$map[{i}][1]"))?,
                ));
            }
            JsValue::Map(entries)
        }
        _ => return Ok(None),
    }))
}

/// `new Date(s)` for the ISO forms: milliseconds since the epoch, or None.
fn parse_date(s: &str) -> Option<i64> {
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|d| d.timestamp_millis())
        .or_else(|| {
            // A date alone is UTC midnight in JavaScript.
            chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
                .ok()
                .and_then(|d| d.and_hms_opt(0, 0, 0))
                .map(|d| d.and_utc().timestamp_millis())
        })
}

/// `Date.prototype.toISOString`: UTC with milliseconds.
pub fn iso_string(millis: i64) -> Option<String> {
    DateTime::from_timestamp_millis(millis).map(|d| d.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_index_keys_are_canonical_integers_below_two_to_the_32_minus_one() {
        for k in ["0", "9", "10", "4294967294"] {
            assert!(array_index(k).is_some(), "{k}");
        }
        for k in ["01", "-1", "1.5", "4294967295", "", "a", " 1"] {
            assert!(array_index(k).is_none(), "{k}");
        }
    }

    #[test]
    fn markers_stand_for_javascript_values() {
        let v = crate::domain::json::parse(
            r#"{"b": {"$undefined": true}, "10": 1, "a": {"$number": "-0"}, "2": {"$date": "2024-01-02T03:04:05+02:00"}}"#,
            64,
        )
        .unwrap();
        let JsValue::Object(m) = from_json(&v, "input").unwrap() else {
            panic!()
        };
        let keys: Vec<&str> = m.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["2", "10", "b", "a"]);
        assert_eq!(m[2].1, JsValue::Undefined);
        assert!(matches!(m[3].1, JsValue::Number(z) if z == 0.0 && z.is_sign_negative()));
        let JsValue::Date(Some(ms)) = m[0].1 else {
            panic!()
        };
        assert_eq!(iso_string(ms).unwrap(), "2024-01-02T01:04:05.000Z");
    }
}
