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

/// Why the stored snapshot `(hash, kind, canonical, trace, stored_at)` is
/// not one the service stored; None when it verifies. (When it was stored
/// is not checked against a clock: replicas' clocks differ, and a time in
/// the past proves nothing.)
pub fn snapshot_problem(
    hash: &str,
    kind: &str,
    canonical: &str,
    trace: &str,
    stored_at: &str,
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

    #[test]
    fn a_snapshot_as_stored_verifies_and_any_forged_part_does_not() {
        let tool = r#"{"description":"d","kind":"tool","name":"search"}"#;
        let hash = sha256_hex(tool);
        let trace = format!("[{}]", traced(tool));
        assert_eq!(
            snapshot_problem(&hash, "tool_static", tool, &trace, AT),
            None
        );
        assert_eq!(
            snapshot_problem(&hash, "hash_plain_object", tool, "[]", AT),
            None
        );
        let forged = [
            snapshot_problem(&sha256_hex("x"), "tool_static", tool, &trace, AT),
            snapshot_problem(&hash, "invocation", tool, "[]", AT),
            snapshot_problem(&hash, "runtime_hash", tool, &trace, AT),
            snapshot_problem(&hash, "diff_tool_refs", tool, &trace, AT),
            snapshot_problem(&hash, "tool_static", tool, "[]", AT),
            snapshot_problem(&hash, "hash_plain_object", tool, &trace, AT),
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
            ),
            snapshot_problem(
                &hash,
                "tool_static",
                tool,
                &format!("[{}]", traced("{}")),
                AT,
            ),
            snapshot_problem(&hash, "tool_static", tool, &trace, "yesterday"),
        ];
        for (i, problem) in forged.iter().enumerate() {
            assert!(problem.is_some(), "case {i} verified");
        }
    }
}
