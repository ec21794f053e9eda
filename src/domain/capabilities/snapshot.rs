//! A stored capability snapshot re-verified whole (docs/design.md §9): its
//! address, every hash of its trace, its kind against what its canonical
//! payload says, and that its storage time is a timestamp. A snapshot read
//! back that does not verify was not stored by the service: it is never
//! served.

use sha2::{Digest, Sha256};

use crate::domain::chain::parse_timestamp;

/// What the top-level `kind` member of each kind's canonical payload may be
/// (None: the payload of a registered agent, which has none but names its
/// instructions and root), and whether the kind's trace is empty (else its
/// last entry is the main hash).
fn rule(kind: &str) -> Option<(&'static [&'static str], bool)> {
    const COMPOSABLE: &[&str] = &["tool", "toolkit", "dynamicToolkit"];
    Some(match kind {
        "hash_plain_object" => (&[], true),
        "tool_static" => (&["tool"], false),
        "toolkit_static" | "dynamic_toolkit_static" => (COMPOSABLE, false),
        "registered_agent_static" => (&[], false),
        "runtime_hash" | "runtime_from_evaluation" => (&["runtime"], false),
        "runtime_tool_binding" => (&["runtime_tool_binding"], true),
        "invocation" => (&["invocation"], true),
        _ => return None,
    })
}

fn sha256_hex(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// How far after the moment it is read a snapshot's `stored_at` may be:
/// replicas' clocks differ by less. Past it, the time was forged.
pub const STORED_AT_SLACK: chrono::TimeDelta = chrono::TimeDelta::minutes(5);

/// Why the stored snapshot `(hash, kind, canonical, trace, stored_at)`,
/// read at `read_at`, is not one the service stored; None when it
/// verifies. Its `stored_at` must be a timestamp no later than `read_at`
/// (plus [`STORED_AT_SLACK`]): a snapshot cannot have been stored in the
/// future. (A time in the past proves nothing, and is not checked.)
pub fn snapshot_problem(
    hash: &str,
    kind: &str,
    canonical: &str,
    trace: &str,
    stored_at: &str,
    read_at: chrono::DateTime<chrono::Utc>,
) -> Option<String> {
    if sha256_hex(canonical) != hash {
        return Some("its canonical payload does not hash to its address".into());
    }
    let Some((kinds, no_trace)) = rule(kind) else {
        return Some(format!("`{kind}` is not a kind that is stored"));
    };
    if kind != "hash_plain_object" {
        let payload: serde_json::Value = match serde_json::from_str(canonical) {
            Ok(v) => v,
            Err(_) => return Some(format!("its canonical payload is not a `{kind}` payload")),
        };
        let fits = if kind == "registered_agent_static" {
            payload.get("agentInstructions").is_some()
                && payload.get("rootComposableHash").is_some()
        } else {
            payload
                .get("kind")
                .and_then(|k| k.as_str())
                .is_some_and(|k| kinds.contains(&k))
        };
        if !fits {
            return Some(format!(
                "its canonical payload is not a `{kind}` payload (its kind was altered)"
            ));
        }
    }
    let entries: Vec<serde_json::Value> = match serde_json::from_str(trace) {
        Ok(serde_json::Value::Array(entries)) => entries,
        _ => return Some("its trace is not a list".into()),
    };
    let mut last = None;
    for (i, entry) in entries.iter().enumerate() {
        let members = entry.as_object().filter(|m| m.len() == 2);
        let (Some(text), Some(digest)) = (
            members
                .and_then(|m| m.get("canonical"))
                .and_then(|v| v.as_str()),
            members
                .and_then(|m| m.get("sha256"))
                .and_then(|v| v.as_str()),
        ) else {
            return Some(format!("trace entry {i} is not {{canonical, sha256}}"));
        };
        if sha256_hex(text) != digest {
            return Some(format!("trace entry {i} does not hash to its sha256"));
        }
        last = Some((text, digest));
    }
    match (no_trace, last) {
        (true, Some(_)) => return Some(format!("a `{kind}` snapshot has no trace")),
        (false, None) => return Some(format!("a `{kind}` snapshot's trace is empty")),
        (false, Some((text, digest))) if text != canonical || digest != hash => {
            return Some("its trace does not end with its own payload".into())
        }
        _ => {}
    }
    match parse_timestamp(stored_at) {
        None => Some(format!("its stored_at `{stored_at}` is not a timestamp")),
        Some(at) if at > read_at + STORED_AT_SLACK => Some(format!(
            "its stored_at `{stored_at}` is after the moment it was read ({}): a time in the \
             future was written",
            crate::domain::chain::format_timestamp(read_at)
        )),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn traced(text: &str) -> String {
        format!(
            r#"{{"canonical":{},"sha256":"{}"}}"#,
            serde_json::Value::from(text),
            sha256_hex(text)
        )
    }

    const AT: &str = "2026-11-25T00:00:00.000Z";

    fn read_at() -> chrono::DateTime<chrono::Utc> {
        parse_timestamp("2026-11-26T00:00:00.000Z").unwrap()
    }

    #[test]
    fn a_snapshot_as_stored_verifies_and_any_forged_part_does_not() {
        let tool = r#"{"description":"d","kind":"tool","name":"search"}"#;
        let hash = sha256_hex(tool);
        let trace = format!("[{}]", traced(tool));
        assert_eq!(
            snapshot_problem(&hash, "tool_static", tool, &trace, AT, read_at()),
            None
        );
        assert_eq!(
            snapshot_problem(&hash, "hash_plain_object", tool, "[]", AT, read_at()),
            None
        );
        let forged = [
            snapshot_problem(&sha256_hex("x"), "tool_static", tool, &trace, AT, read_at()),
            snapshot_problem(&hash, "invocation", tool, "[]", AT, read_at()),
            snapshot_problem(&hash, "runtime_hash", tool, &trace, AT, read_at()),
            snapshot_problem(&hash, "diff_tool_refs", tool, &trace, AT, read_at()),
            snapshot_problem(&hash, "tool_static", tool, "[]", AT, read_at()),
            snapshot_problem(&hash, "hash_plain_object", tool, &trace, AT, read_at()),
            snapshot_problem(
                &hash,
                "tool_static",
                tool,
                &format!(
                    r#"[{{"canonical":{:?},"sha256":"{}"}}]"#,
                    tool,
                    "0".repeat(64)
                ),
                AT,
                read_at(),
            ),
            snapshot_problem(
                &hash,
                "tool_static",
                tool,
                &format!("[{}]", traced("{}")),
                AT,
                read_at(),
            ),
            snapshot_problem(&hash, "tool_static", tool, &trace, "yesterday", read_at()),
            snapshot_problem(
                &hash,
                "tool_static",
                tool,
                &trace,
                "2030-01-01T00:00:00.000Z",
                read_at(),
            ),
        ];
        for (i, problem) in forged.iter().enumerate() {
            assert!(problem.is_some(), "case {i} verified");
        }
    }
}
