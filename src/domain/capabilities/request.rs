//! A fingerprint request in the vectors' format, and its answer.

use serde_json::{json, Map, Value};

use super::canonical::{hash_plain_object, Hasher, Traced};
use super::input::Reader;
use super::payloads::{
    agent_hash, binding_hash, diff_tool_refs, evaluate, invocation, runtime_payload, spec_payload,
    static_hash, tool_payload, tool_refs, tool_spec, Composable, Invocation, Runtime, Tool,
    ToolRef, LINK_FIELDS,
};
use super::value::{from_json, JsValue};
use crate::domain::json::{self, JsonValue};
use crate::domain::FieldError;

/// The kinds of request, as the vectors name them.
pub const KINDS: [&str; 12] = [
    "hash_plain_object",
    "tool_static",
    "toolkit_static",
    "dynamic_toolkit_static",
    "registered_agent_static",
    "runtime_hash",
    "runtime_tool_binding",
    "runtime_from_evaluation",
    "invocation",
    "capability_link",
    "diff_tool_refs",
    "diff_capability_links",
];

/// Deepest nesting a request may have (its JSON text included).
const MAX_DEPTH: usize = 64;

/// Most items one list of a request may have (members, tools, policies,
/// names): far above any real agent, far below what would make a request slow.
pub const MAX_ITEMS: usize = 1000;

/// A computed fingerprint: the kind, the main digest when the kind has one
/// (the key a snapshot is stored under), and every member of the answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    pub kind: String,
    pub sha256: Option<String>,
    pub body: Value,
}

/// A JavaScript value as JSON (undefined members left out, non-finite
/// numbers null, integral numbers written as integers).
pub fn to_json(v: &JsValue) -> Value {
    match v {
        JsValue::Undefined | JsValue::Null | JsValue::Function => Value::Null,
        JsValue::Bool(b) => Value::Bool(*b),
        JsValue::Number(n) if !n.is_finite() => Value::Null,
        JsValue::Number(n) if n.fract() == 0.0 && n.abs() < 9.007_199_254_740_992e15 => {
            json!(*n as i64)
        }
        JsValue::Number(n) => json!(n),
        JsValue::String(s) => Value::String(s.clone()),
        JsValue::Array(items) => Value::Array(items.iter().map(to_json).collect()),
        JsValue::Object(m) => Value::Object(
            m.iter()
                .filter(|(_, v)| !matches!(v, JsValue::Undefined | JsValue::Function))
                .map(|(k, v)| (k.clone(), to_json(v)))
                .collect(),
        ),
        JsValue::Date(_) | JsValue::Map(_) => Value::Object(Map::new()),
    }
}

fn traced(t: &Traced) -> Value {
    json!({"canonical": t.canonical, "sha256": t.sha256})
}

fn trace(h: &Hasher) -> Value {
    Value::Array(h.trace.iter().map(traced).collect())
}

fn refs_json(refs: &[ToolRef]) -> Value {
    Value::Array(
        refs.iter()
            .map(|r| json!({"toolKey": r.tool_key, "toolHash": r.tool_hash}))
            .collect(),
    )
}

fn pairs_json(pairs: &[(String, String)]) -> Value {
    Value::Array(pairs.iter().map(|(a, b)| json!([a, b])).collect())
}

/// Computes the fingerprint a request asks for; every bad field named.
pub fn fingerprint(request: &JsonValue) -> Result<Answer, Vec<FieldError>> {
    let mut r = Reader { errors: Vec::new() };
    let JsonValue::Object(members) = request else {
        return Err(vec![FieldError::new(
            "",
            "the request must be a JSON object",
        )]);
    };
    for (k, _) in members {
        if !["kind", "input", "input_text", "allowlist", "id", "note"].contains(&k.as_str()) {
            r.bad(
                k,
                "unknown member; allowed: kind, input, input_text, allowlist",
            );
        }
    }
    let kind = match request.get("kind") {
        Some(JsonValue::String(k)) if KINDS.contains(&k.as_str()) => Some(k.clone()),
        Some(_) => {
            r.bad("kind", format!("must be one of {}", KINDS.join(", ")));
            None
        }
        None => {
            r.bad("kind", "is required");
            None
        }
    };
    let present = |k: &str| request.get(k).filter(|v| **v != JsonValue::Null);
    let input = match (present("input_text"), request.get("input")) {
        (Some(JsonValue::String(text)), _) => match json::parse_js(text, MAX_DEPTH) {
            Ok(v) => from_json(&v, "input_text")
                .map_err(|e| r.bad("input_text", e))
                .ok(),
            Err(e) => {
                r.bad("input_text", format!("is not JSON: {e}"));
                None
            }
        },
        (Some(_), _) => {
            r.bad("input_text", "must be a string of JSON text");
            None
        }
        (None, Some(v)) => from_json(v, "input").map_err(|e| r.bad("input", e)).ok(),
        (None, None) => {
            r.bad("input", "is required (or input_text)");
            None
        }
    };
    let allowlist = match present("allowlist") {
        None => Vec::new(),
        Some(v) => match from_json(v, "allowlist") {
            Ok(v) => r.strings(&v, "allowlist").unwrap_or_default(),
            Err(e) => {
                r.bad("allowlist", e);
                Vec::new()
            }
        },
    };
    let (Some(kind), Some(input)) = (kind, input) else {
        return Err(r.errors);
    };
    let answer = compute(&kind, &input, &allowlist, &mut r);
    if !r.errors.is_empty() {
        return Err(r.errors);
    }
    let sha256 = answer
        .get("sha256")
        .and_then(Value::as_str)
        .map(str::to_string);
    Ok(Answer {
        kind,
        sha256,
        body: answer,
    })
}

fn compute(kind: &str, input: &JsValue, allowlist: &[String], r: &mut Reader) -> Value {
    let mut h = Hasher::default();
    match kind {
        "hash_plain_object" => traced(&hash_plain_object(input)),
        "tool_static" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let Some(tool) = r.tool(input, "input") else {
                return Value::Null;
            };
            let main = h.hash(&tool_payload(&tool));
            let spec = tool_spec(&tool);
            let spec_hash = hash_plain_object(&spec_payload(&spec, false));
            let wire_hash = hash_plain_object(&spec_payload(&spec, true));
            json!({
                "canonical": main.canonical,
                "sha256": main.sha256,
                "evaluated_spec": {
                    "instructions_joined": spec.instructions,
                    "policyIds": spec.policy_ids,
                    "hashToolSpecStatic": traced(&spec_hash),
                    "hashToolSpecWire": traced(&wire_hash),
                    "static_equals_spec_hash": main.sha256 == spec_hash.sha256,
                },
                "trace": trace(&h),
            })
        }
        "toolkit_static" | "dynamic_toolkit_static" => {
            let default = if kind == "toolkit_static" {
                "toolkit"
            } else {
                "dynamicToolkit"
            };
            let Some(c) = r.composable(input, "input", Some(default), 0) else {
                return Value::Null;
            };
            static_hash(&c, &mut h);
            let main = h.trace.last().cloned().expect("a hash was made");
            json!({"canonical": main.canonical, "sha256": main.sha256, "trace": trace(&h)})
        }
        "registered_agent_static" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let instructions = r
                .strings(input.get("instructions"), "input.instructions")
                .unwrap_or_default();
            let Some(root) = r.composable(input.get("root"), "input.root", None, 0) else {
                return Value::Null;
            };
            agent_hash(&instructions, &root, &mut h);
            let main = h.trace.last().cloned().expect("a hash was made");
            json!({
                "agentId": to_json(input.get("agentId")),
                "name": to_json(input.get("name")),
                "canonical": main.canonical,
                "sha256": main.sha256,
                "trace": trace(&h),
            })
        }
        "runtime_hash" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let runtime = r.runtime(input, "input");
            let refs = tool_refs(&runtime, &mut h);
            let payload = runtime_payload(&refs);
            let main = h.hash(&payload);
            json!({
                "toolRefs": refs_json(&refs),
                "payload": to_json(&payload),
                "canonical": main.canonical,
                "sha256": main.sha256,
                "trace": trace(&h),
            })
        }
        "runtime_tool_binding" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let base = r.string(input.get("baseToolHash"), "input.baseToolHash");
            let binding = r.string(input.get("runtimeBinding"), "input.runtimeBinding");
            let (Some(base), Some(binding)) = (base, binding) else {
                return Value::Null;
            };
            binding_hash(&base, &binding, &mut h);
            let main = h.trace.last().cloned().expect("a hash was made");
            json!({"canonical": main.canonical, "sha256": main.sha256})
        }
        "runtime_from_evaluation" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let augments = r.string_map(
                input.get("runtimeToolAugments"),
                "input.runtimeToolAugments",
            );
            let Some(root) = r.composable(input.get("root"), "input.root", None, 0) else {
                return Value::Null;
            };
            let evaluation = evaluate(&root, &mut h);
            let runtime = Runtime {
                enabled: evaluation.enabled.clone(),
                name_to_static_hash: evaluation.name_to_static_hash.clone(),
                tools_fallback: evaluation.tools_fallback.clone(),
                augments,
            };
            let refs = tool_refs(&runtime, &mut h);
            let main = h.hash(&runtime_payload(&refs));
            let mut comparison = Map::new();
            every_tool(&root, &mut |t| {
                comparison.insert(
                    t.name.clone(),
                    json!(hash_plain_object(&tool_payload(t)).sha256),
                );
            });
            json!({
                "nameToStaticHash": pairs_json(&evaluation.name_to_static_hash),
                "enabledToolNames": evaluation.enabled,
                "toolRefs": refs_json(&refs),
                "canonical": main.canonical,
                "sha256": main.sha256,
                "trace": trace(&h),
                "comparison_only_tool_static_hashes": comparison,
            })
        }
        "invocation" => match invocation(input, allowlist, &mut h) {
            Invocation::Hashed { normalized, hash } => json!({
                "normalized": to_json(&normalized),
                "payload": {"kind": "invocation", "context": to_json(&normalized)},
                "canonical": hash.canonical,
                "sha256": hash.sha256,
            }),
            Invocation::None => json!({"normalized": null, "canonical": null, "sha256": null}),
            Invocation::Error(e) => json!({"error": e}),
        },
        "capability_link" => link(input, r, &mut h),
        "diff_tool_refs" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            let first = r.tool_refs(input.get("first"), "input.first");
            let second = r.tool_refs(input.get("second"), "input.second");
            tool_refs_diff(&first, &second)
        }
        "diff_capability_links" => {
            if !r.object(input, "input") {
                return Value::Null;
            }
            r.object(input.get("first"), "input.first");
            r.object(input.get("second"), "input.second");
            links_diff(input.get("first"), input.get("second"))
        }
        _ => unreachable!("kinds are checked"),
    }
}

fn every_tool(c: &Composable, f: &mut impl FnMut(&Tool)) {
    match c {
        Composable::Tool(t) => f(t),
        Composable::Toolkit { members, .. } | Composable::DynamicToolkit { members, .. } => {
            members.iter().for_each(|m| every_tool(m, f))
        }
    }
}

fn link(input: &JsValue, r: &mut Reader, h: &mut Hasher) -> Value {
    if !r.object(input, "input") {
        return Value::Null;
    }
    let agent = input.get("agent");
    if !r.object(agent, "input.agent") {
        return Value::Null;
    }
    let runtime = r.runtime(input, "input");
    let allowlist = r
        .strings(
            input.get("invocationContextAllowlist"),
            "input.invocationContextAllowlist",
        )
        .unwrap_or_default();
    let given_refs = match input.get("toolRefs") {
        JsValue::Undefined => None,
        v => Some(r.tool_refs(v, "input.toolRefs")),
    };
    let refs = tool_refs(&runtime, h);
    let runtime_hash = h.hash(&runtime_payload(&refs)).sha256;
    let mut link = Map::new();
    link.insert("agentId".into(), to_json(agent.get("agentId")));
    link.insert("agentName".into(), to_json(agent.get("name")));
    link.insert("staticHash".into(), to_json(agent.get("staticHash")));
    link.insert("runtimeHash".into(), json!(runtime_hash));
    link.insert(
        "toolRefs".into(),
        refs_json(given_refs.as_deref().unwrap_or(&refs)),
    );
    let context = input.get("invocationContext");
    if *context != JsValue::Undefined {
        match invocation(context, &allowlist, h) {
            Invocation::Hashed { hash, .. } => {
                link.insert("invocationHash".into(), json!(hash.sha256));
            }
            Invocation::None => {}
            Invocation::Error(e) => r.bad("input.invocationContext", e),
        }
    }
    let order: Vec<&str> = [
        "agentId",
        "agentName",
        "staticHash",
        "runtimeHash",
        "toolRefs",
        "invocationHash",
    ]
    .into_iter()
    .filter(|k| link.contains_key(*k))
    .collect();
    json!({"link": link, "link_key_order": order, "trace": trace(h)})
}

fn tool_refs_diff(first: &[ToolRef], second: &[ToolRef]) -> Value {
    let d = diff_tool_refs(first, second);
    json!({
        "onlyInFirst": refs_json(&d.only_in_first),
        "onlyInSecond": refs_json(&d.only_in_second),
        "hashChanged": d.hash_changed.iter().map(|(k, a, b)| json!({"toolKey": k, "firstHash": a, "secondHash": b})).collect::<Vec<_>>(),
    })
}

/// `diffCapabilityLinks`: the five fields compared with `===`, in order.
fn links_diff(first: &JsValue, second: &JsValue) -> Value {
    let mut unchanged = Vec::new();
    let mut changed = Vec::new();
    for field in LINK_FIELDS {
        let (a, b) = (first.get(field), second.get(field));
        if a == b {
            unchanged.push(field);
        } else {
            let mut c = Map::new();
            c.insert("field".into(), json!(field));
            if *a != JsValue::Undefined {
                c.insert("first".into(), to_json(a));
            }
            if *b != JsValue::Undefined {
                c.insert("second".into(), to_json(b));
            }
            changed.push(Value::Object(c));
        }
    }
    json!({"unchanged": unchanged, "changed": changed})
}

/// Compares two capability links, or two tool-ref lists: what `POST
/// /capabilities/diff` and `decision-trail capabilities diff` answer.
pub fn diff(first: &JsonValue, second: &JsonValue) -> Result<Value, Vec<FieldError>> {
    let mut r = Reader { errors: Vec::new() };
    let a = from_json(first, "first").map_err(|e| vec![FieldError::new("first", e)])?;
    let b = from_json(second, "second").map_err(|e| vec![FieldError::new("second", e)])?;
    let answer = match (&a, &b) {
        (JsValue::Array(_), JsValue::Array(_)) => {
            let first = r.tool_refs(&a, "first");
            let second = r.tool_refs(&b, "second");
            json!({"toolRefs": tool_refs_diff(&first, &second)})
        }
        (JsValue::Object(_), JsValue::Object(_)) => {
            let mut out = links_diff(&a, &b);
            let refs = |v: &JsValue, path: &str, r: &mut Reader| match v.get("toolRefs") {
                JsValue::Undefined => Vec::new(),
                refs => r.tool_refs(refs, path),
            };
            let first = refs(&a, "first.toolRefs", &mut r);
            let second = refs(&b, "second.toolRefs", &mut r);
            out["toolRefs"] = tool_refs_diff(&first, &second);
            out
        }
        _ => {
            r.bad(
                "",
                "first and second must both be capability links (objects) or both toolRefs lists (arrays)",
            );
            Value::Null
        }
    };
    if r.errors.is_empty() {
        Ok(answer)
    } else {
        Err(r.errors)
    }
}

/// A request's JSON text with its members in the order given (numbers as
/// sent): what the registry keeps, so that key order, which decides collation
/// ties, survives.
pub fn to_text(value: &JsonValue) -> String {
    let mut out = Vec::new();
    write_text(value, &mut out);
    String::from_utf8(out).expect("JSON text is UTF-8")
}

fn write_text(value: &JsonValue, out: &mut Vec<u8>) {
    match value {
        JsonValue::Null => out.extend_from_slice(b"null"),
        JsonValue::Bool(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
        JsonValue::Number(n) => out.extend_from_slice(n.as_bytes()),
        JsonValue::String(s) => json::write_string(s, out),
        JsonValue::Array(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                write_text(item, out);
            }
            out.push(b']');
        }
        JsonValue::Object(members) => {
            out.push(b'{');
            for (i, (k, v)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                json::write_string(k, out);
                out.push(b':');
                write_text(v, out);
            }
            out.push(b'}');
        }
    }
}
