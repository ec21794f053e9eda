//! A record's metadata as the pages show it: one row per top-level key
//! (nested values folded, as indented JSON), the whole as raw JSON, and
//! chips for what people scan a trace for: the model, the tokens, the tool,
//! the cost, the span's duration and an error, read from the keys
//! OpenTelemetry's GenAI conventions and the OTLP mapping write
//! (docs/design.md §11), or from the plain keys of the REST convention
//! (`model`, `input_tokens`, `tool`, `cost_usd`, `started_at`, `error`…).

use chrono::{DateTime, FixedOffset};
use serde_json::{Map, Value};

use crate::domain::count;

/// One top-level key and its value.
pub(super) struct MetadataRow {
    pub key: String,
    /// A string as it is, a number or literal as JSON, a nested value as
    /// indented JSON.
    pub value: String,
    /// A nested object or array: shown folded, `summary` on its fold.
    pub nested: bool,
    pub summary: String,
}

/// A short fact shown on a record's card.
pub(super) struct Chip {
    pub label: &'static str,
    pub value: String,
}

/// The metadata of one record, ready for the template.
pub(super) struct MetadataView {
    pub rows: Vec<MetadataRow>,
    /// The whole, as indented JSON.
    pub raw: String,
}

/// Reads a record's canonical metadata; None when it is not a JSON object
/// (stored metadata always is one; a hand-edited file may not be).
pub(super) fn view(canonical: &str) -> Option<(MetadataView, Vec<Chip>)> {
    let Ok(Value::Object(map)) = serde_json::from_str::<Value>(canonical) else {
        return None;
    };
    let rows = map
        .iter()
        .map(|(key, value)| {
            let (shown, nested, summary) = match value {
                Value::String(s) => (s.clone(), false, String::new()),
                Value::Object(o) => (
                    pretty(value),
                    true,
                    format!("{{…}} {}", count(o.len() as u64, "key")),
                ),
                Value::Array(a) => (
                    pretty(value),
                    true,
                    format!("[…] {}", count(a.len() as u64, "item")),
                ),
                other => (other.to_string(), false, String::new()),
            };
            MetadataRow {
                key: key.clone(),
                value: shown,
                nested,
                summary,
            }
        })
        .collect();
    let chips = chips(&map);
    let raw = pretty(&Value::Object(map));
    Some((MetadataView { rows, raw }, chips))
}

fn pretty(value: &Value) -> String {
    serde_json::to_string_pretty(value).unwrap_or_default()
}

/// The first of `keys` the metadata has, as text (a string as it is).
fn first(map: &Map<String, Value>, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| match map.get(*k)? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

fn chips(map: &Map<String, Value>) -> Vec<Chip> {
    let mut chips = Vec::new();
    if let Some(model) = first(
        map,
        &["gen_ai.response.model", "gen_ai.request.model", "model"],
    ) {
        chips.push(Chip {
            label: "model",
            value: model,
        });
    }
    let input = first(map, &["gen_ai.usage.input_tokens", "input_tokens"]);
    let output = first(map, &["gen_ai.usage.output_tokens", "output_tokens"]);
    if input.is_some() || output.is_some() {
        chips.push(Chip {
            label: "tokens",
            value: format!(
                "{} in · {} out",
                input.as_deref().unwrap_or("?"),
                output.as_deref().unwrap_or("?")
            ),
        });
    }
    if let Some(tool) = first(map, &["gen_ai.tool.name", "tool"]) {
        chips.push(Chip {
            label: "tool",
            value: tool,
        });
    }
    let facts = super::facts::facts(map);
    if let Some(cost) = facts.cost_usd {
        chips.push(Chip {
            label: "cost",
            value: super::facts::cost_text(cost),
        });
    }
    if let Some(took) = duration(map) {
        chips.push(Chip {
            label: "took",
            value: took,
        });
    }
    if let Some(error) = facts.error {
        chips.push(Chip {
            label: "error",
            value: error.chars().take(ERROR_SHOWN).collect(),
        });
    }
    chips
}

/// The characters of an error message a chip shows (the metadata table
/// holds all of it).
const ERROR_SHOWN: usize = 300;

/// When the work a record tells of began and ended: the span's
/// `otel.start_time` and `otel.end_time` (the OTLP mapping), else an
/// agent's own `started_at` and `ended_at` (RFC 3339); None without both,
/// or when the end is before the start.
pub(super) fn span_times(
    map: &Map<String, Value>,
) -> Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)> {
    let read = |key: &str| DateTime::parse_from_rfc3339(map.get(key)?.as_str()?).ok();
    let (start, end) = match (read("otel.start_time"), read("otel.end_time")) {
        (Some(s), Some(e)) => (s, e),
        _ => (read("started_at")?, read("ended_at")?),
    };
    (end >= start).then_some((start, end))
}

/// [`span_times`] of a record's canonical metadata.
pub(super) fn span_times_of(
    canonical: &str,
) -> Option<(DateTime<FixedOffset>, DateTime<FixedOffset>)> {
    match serde_json::from_str::<Value>(canonical).ok()? {
        Value::Object(map) => span_times(&map),
        _ => None,
    }
}

/// The span's duration ([`span_times`]), said in the largest unit that
/// keeps it readable.
fn duration(map: &Map<String, Value>) -> Option<String> {
    let (start, end) = span_times(map)?;
    let delta = end - start;
    Some(duration_text(
        delta.num_seconds() as f64 * 1e9 + f64::from(delta.subsec_nanos()),
    ))
}

/// A duration in nanoseconds, in words.
pub(super) fn duration_text(nanos: f64) -> String {
    // Rounded in a unit first, then the next unit when it rounds up to it
    // (999.6 ms is "1.00 s", not "1000 ms").
    let n = nanos;
    let micros = (n / 1e3).round();
    let millis = (n / 1e6).round();
    let centis = (n / 1e7).round();
    if micros < 1000.0 {
        format!("{micros:.0} µs")
    } else if millis < 1000.0 {
        format!("{millis:.0} ms")
    } else if centis < 6000.0 {
        format!("{:.2} s", centis / 100.0)
    } else {
        format!("{:.1} min", n / 6e10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_become_rows_and_nested_values_fold() {
        let (view, chips) =
            view(r#"{"a":"text","b":1.5,"c":{"d":[1,2]},"e":[true],"f":null}"#).unwrap();
        let rows: Vec<(&str, &str, bool)> = view
            .rows
            .iter()
            .map(|r| (r.key.as_str(), r.value.as_str(), r.nested))
            .collect();
        assert_eq!(rows[0], ("a", "text", false), "a string shows unquoted");
        assert_eq!(rows[1], ("b", "1.5", false));
        assert!(rows[2].2 && rows[2].1.contains("\"d\""), "{:?}", rows[2]);
        assert_eq!(view.rows[2].summary, "{…} 1 key");
        assert_eq!(view.rows[3].summary, "[…] 1 item");
        assert_eq!(rows[4], ("f", "null", false));
        assert!(view.raw.starts_with("{\n"), "{}", view.raw);
        assert!(chips.is_empty());
        assert!(super::view("[1]").is_none(), "not an object");
    }

    #[test]
    fn chips_say_the_model_the_tokens_the_tool_and_the_duration() {
        let (_, chips) = view(
            r#"{"gen_ai.request.model":"gpt-4o","gen_ai.response.model":"gpt-4o-2024-08-06",
                "gen_ai.usage.input_tokens":412,"gen_ai.usage.output_tokens":58,
                "gen_ai.tool.name":"search_trains",
                "otel.start_time":"2026-04-11T09:00:00.000000000Z",
                "otel.end_time":"2026-04-11T09:00:01.234500000Z"}"#,
        )
        .unwrap();
        let said: Vec<(&str, &str)> = chips.iter().map(|c| (c.label, c.value.as_str())).collect();
        assert_eq!(
            said,
            [
                ("model", "gpt-4o-2024-08-06"),
                ("tokens", "412 in · 58 out"),
                ("tool", "search_trains"),
                ("took", "1.23 s"),
            ]
        );
        let (_, chips) = view(r#"{"model":"m","output_tokens":3,"otel.start_time":"2026-04-11T09:00:00Z","otel.end_time":"2026-04-11T09:00:00.040Z"}"#).unwrap();
        let said: Vec<(&str, &str)> = chips.iter().map(|c| (c.label, c.value.as_str())).collect();
        assert_eq!(
            said,
            [
                ("model", "m"),
                ("tokens", "? in · 3 out"),
                ("took", "40 ms")
            ]
        );
        // Rounded, then said in the unit it rounds to.
        for (end, said) in [
            ("2026-04-11T09:00:00.000000400Z", "0 µs"),
            ("2026-04-11T09:00:00.999600000Z", "1.00 s"),
            ("2026-04-11T09:00:59.996000000Z", "1.0 min"),
            ("2026-04-11T09:00:00.000999600Z", "1 ms"),
        ] {
            let text =
                format!(r#"{{"otel.start_time":"2026-04-11T09:00:00Z","otel.end_time":"{end}"}}"#);
            let (_, chips) = view(&text).unwrap();
            assert_eq!(chips[0].value, said, "{end}");
        }
        // An end before the start says nothing.
        let (_, chips) = view(
            r#"{"otel.start_time":"2026-04-11T09:00:01Z","otel.end_time":"2026-04-11T09:00:00Z"}"#,
        )
        .unwrap();
        assert!(chips.is_empty());
    }
}
