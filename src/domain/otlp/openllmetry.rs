//! Traceloop's OpenLLMetry (`traceloop-sdk` and its
//! `opentelemetry-instrumentation-*` packages): `traceloop.span.kind`
//! (`workflow`, `task`, `agent`, `tool`) and `traceloop.entity.name` /
//! `.input` / `.output` on the SDK's spans; `traceloop.association.
//! properties.*` (the session) on every span under them; the model calls
//! carry `llm.request.type` and the indexed `gen_ai.prompt.N.*` /
//! `gen_ai.completion.N.*` (older releases) or the GenAI keys (newer).

use serde_json::Value as Json;

use super::facts::{arguments, pick, text_of, Attrs, Convention, Facts, Role};
use super::proto::{Span, Value};

pub(crate) fn read(span: &Span, a: &Attrs<'_>) -> Option<Facts> {
    let kind = a.str("traceloop.span.kind");
    let request = a.str("llm.request.type");
    let indexed = a.any("gen_ai.prompt.") || a.any("gen_ai.completion.");
    // The SDK stamps its association properties and workflow name on every
    // span started in its context (an HTTP client's, a database's): alone
    // they mark no span of its own; with GenAI keys, a model call's or a
    // tool's, read by the GenAI part table.
    let stamped = a.any("traceloop.association.properties.") || a.any("traceloop.workflow.name");
    let (role, marker_key, marker) = match (kind, request) {
        (Some(k), _) => (
            match k {
                "workflow" | "agent" => Role::Agent,
                "tool" => Role::Tool,
                _ => Role::Step,
            },
            "traceloop.span.kind",
            k,
        ),
        (None, Some(r)) => (
            match r {
                "embedding" => Role::Plumbing,
                "rerank" => Role::Retrieval,
                _ => Role::Llm,
            },
            "llm.request.type",
            r,
        ),
        (None, None) if indexed => (Role::Llm, "llm.request.type", "chat"),
        (None, None) if stamped && a.any("gen_ai.") => (
            super::gen_ai::role(a),
            "gen_ai.operation.name",
            a.str("gen_ai.operation.name").unwrap_or(""),
        ),
        (None, None) => return None,
    };
    let mut f = Facts::new(Convention::OpenLlmetry, role, marker_key, marker);
    f.session = a.first(&[
        "traceloop.association.properties.session_id",
        "traceloop.association.properties.conversation_id",
        "traceloop.association.properties.thread_id",
    ]);
    f.agent = a.first(&["gen_ai.agent.name"]).or_else(|| {
        (kind == Some("agent"))
            .then(|| a.first(&["traceloop.entity.name"]))
            .flatten()
    });
    super::gen_ai::fill(&mut f, span, a);
    f.input_tokens = f
        .input_tokens
        .take()
        .or_else(|| a.number(&["llm.usage.prompt_tokens"]));
    f.output_tokens = f
        .output_tokens
        .take()
        .or_else(|| a.number(&["llm.usage.completion_tokens"]));
    if role == Role::Llm {
        // Older releases: the indexed prompt and completion.
        if f.input.is_none() {
            // A chat's last user message; a text completion's prompt
            // (`gen_ai.prompt.0.user`).
            let prompts = a.indexed("gen_ai.prompt.");
            f.input = prompts
                .iter()
                .rev()
                .find(|(_, m)| pick(m, "role") == Some("user"))
                .and_then(|(_, m)| pick(m, "content"))
                .or_else(|| prompts.iter().rev().find_map(|(_, m)| pick(m, "user")))
                .map(String::from);
        }
        if f.output.is_empty() && f.tool_calls.is_empty() {
            for (_, m) in a.indexed("gen_ai.completion.") {
                if let Some(text) = pick(&m, "content") {
                    f.output.push(text.to_string());
                }
                f.tool_calls.extend(completion_tool_calls(&m));
                if let Some(r) = pick(&m, "finish_reason") {
                    f.finish_reasons.push(r.to_string());
                }
            }
        }
        return Some(f);
    }
    let input = a
        .json("traceloop.entity.input")
        .and_then(|v| entity_input(&v));
    let output = a.json("traceloop.entity.output").map(|v| text_of(&v));
    if role == Role::Tool {
        f.tool = f
            .tool
            .take()
            .or_else(|| a.first(&["traceloop.entity.name"]))
            .or_else(|| Some(span.name.trim_end_matches(".tool").to_string()));
        if f.tool_arguments.is_none() {
            f.tool_arguments = a.json("traceloop.entity.input").map(|v| call_arguments(&v));
        }
        f.tool_result = f.tool_result.take().or(output);
    } else {
        f.input = f.input.take().or(input);
        if f.output.is_empty() {
            f.output.extend(output);
        }
    }
    Some(f)
}

/// An entity's input, `{"args": [...], "kwargs": {...}}` as the SDK's
/// decorators write it: the arguments given, or None when there are none.
fn entity_input(value: &Json) -> Option<String> {
    let args = call_arguments(value);
    match &args {
        Json::Null => None,
        Json::Object(o) if o.is_empty() => None,
        Json::Array(a) if a.is_empty() => None,
        Json::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// The arguments of a decorated call: its keyword arguments, else its
/// positional ones (one alone as itself), else the value as it is.
fn call_arguments(value: &Json) -> Json {
    let Some(o) = value.as_object() else {
        return value.clone();
    };
    if !o.contains_key("args") && !o.contains_key("kwargs") {
        return value.clone();
    }
    let kwargs = o
        .get("kwargs")
        .filter(|k| k.as_object().is_some_and(|k| !k.is_empty()));
    if let Some(k) = kwargs {
        return k.clone();
    }
    match o.get("args").and_then(Json::as_array) {
        Some(a) if a.len() == 1 => a[0].clone(),
        Some(a) if !a.is_empty() => Json::Array(a.clone()),
        _ => Json::Null,
    }
}

/// The tool calls of one indexed completion: `tool_calls.M.name` /
/// `.arguments`.
fn completion_tool_calls(pairs: &[(&str, &Value)]) -> Vec<(String, Json)> {
    let mut calls: Vec<(usize, String, Json)> = Vec::new();
    for (rest, value) in pairs {
        let Some(tail) = rest.strip_prefix("tool_calls.") else {
            continue;
        };
        let Some((m, field)) = tail.split_once('.') else {
            continue;
        };
        let (Ok(m), Value::StringValue(s)) = (m.parse::<usize>(), value) else {
            continue;
        };
        let at = match calls.iter().position(|c| c.0 == m) {
            Some(i) => i,
            None => {
                calls.push((m, "tool".into(), Json::Null));
                calls.len() - 1
            }
        };
        match field {
            "name" => calls[at].1 = s.clone(),
            "arguments" => calls[at].2 = arguments(&Json::from(s.as_str())),
            _ => {}
        }
    }
    calls.sort_by_key(|c| c.0);
    calls.into_iter().map(|(_, n, a)| (n, a)).collect()
}
