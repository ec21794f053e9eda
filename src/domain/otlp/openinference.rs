//! Arize's OpenInference conventions (Phoenix; the instrumentations of
//! LangChain, LlamaIndex, CrewAI, DSPy, the OpenAI Agents SDK, the OpenAI
//! and Anthropic clients…): `openinference.span.kind` says the span's
//! part; `input.value` / `output.value` its input and output;
//! `llm.model_name`, `llm.token_count.*`, the flattened
//! `llm.input_messages.N.message.*` / `llm.output_messages.N.message.*`
//! (their `content`, or the text parts of `contents.M.message_content.*`;
//! `tool_calls.M.tool_call.function.*`); `tool.name`,
//! `tool_call.function.arguments`; `session.id`, `agent.name`.

use serde_json::Value as Json;

use super::facts::{arguments, pick, Attrs, Convention, Facts, Role};
use super::proto::{Span, Value};

pub(crate) fn read(span: &Span, a: &Attrs<'_>) -> Option<Facts> {
    let kind = a.str("openinference.span.kind")?;
    let role = match kind.to_ascii_uppercase().as_str() {
        "AGENT" => Role::Agent,
        "LLM" => Role::Llm,
        "TOOL" => Role::Tool,
        "RETRIEVER" | "RERANKER" => Role::Retrieval,
        "EVALUATOR" | "GUARDRAIL" => Role::Evaluation,
        "EMBEDDING" | "PROMPT" => Role::Plumbing,
        _ => Role::Step,
    };
    let mut f = Facts::new(
        Convention::OpenInference,
        role,
        "openinference.span.kind",
        kind,
    );
    f.session = a.first(&["session.id"]);
    f.agent = a
        .first(&["agent.name"])
        .or_else(|| (role == Role::Agent).then(|| span.name.clone()));
    f.request_model = a.first(&["llm.model_name"]);
    f.input_tokens = a.number(&["llm.token_count.prompt"]);
    f.output_tokens = a.number(&["llm.token_count.completion"]);
    let input = value_text(a, "input");
    let output = value_text(a, "output");
    match role {
        Role::Llm => {
            let messages = a.indexed("llm.input_messages.");
            f.input = messages
                .iter()
                .rev()
                .find(|(_, m)| pick(m, "message.role") == Some("user"))
                .and_then(|(_, m)| message_text(m));
            for (_, m) in a.indexed("llm.output_messages.") {
                if let Some(text) = message_text(&m) {
                    f.output.push(text);
                }
                let calls = message_tool_calls(&m);
                f.tool_calls.extend(calls);
            }
            if let Some(r) = a.first(&["llm.finish_reason"]) {
                f.finish_reasons.push(r);
            }
            // Without output messages, `output.value` when it is text (as
            // JSON it is the provider's whole answer, not the model's words).
            let json_output = a.str("output.mime_type") == Some("application/json");
            if f.output.is_empty() && f.tool_calls.is_empty() && !json_output {
                f.output.extend(output);
            }
        }
        Role::Tool => {
            f.tool = a
                .first(&["tool.name", "tool_call.function.name"])
                .or_else(|| Some(span.name.clone()));
            f.tool_call_id = a.first(&["tool_call.id"]);
            // The call's own arguments, else the tool's input (a lone
            // `kw` / `kwargs` wrapper, as decorators write it, unwrapped).
            f.tool_arguments = a
                .json("tool_call.function.arguments")
                .map(|v| arguments(&v))
                .or_else(|| a.json("input.value").map(|v| unwrap_kwargs(arguments(&v))));
            f.tool_result = output;
        }
        _ => {
            f.input = input;
            f.output.extend(output);
        }
    }
    Some(f)
}

/// `input.value` / `output.value` as text: plain text as it is, JSON
/// compact (a string in JSON as the string).
fn value_text(a: &Attrs<'_>, which: &str) -> Option<String> {
    let value = a.str(&format!("{which}.value"))?;
    match serde_json::from_str::<Json>(value) {
        Ok(Json::String(s)) => Some(s),
        _ => Some(value.to_string()),
    }
}

/// A message's text: its `message.content`, else its text parts
/// (`message.contents.M.message_content.text`), joined.
fn message_text(pairs: &[(&str, &Value)]) -> Option<String> {
    if let Some(text) = pick(pairs, "message.content") {
        return Some(text.to_string());
    }
    let mut parts: Vec<(usize, &str)> = pairs
        .iter()
        .filter_map(|(rest, value)| {
            let tail = rest.strip_prefix("message.contents.")?;
            let (m, field) = tail.split_once('.')?;
            match (field, value) {
                ("message_content.text", Value::StringValue(t)) if !t.trim().is_empty() => {
                    Some((m.parse().ok()?, t.as_str()))
                }
                _ => None,
            }
        })
        .collect();
    parts.sort_by_key(|p| p.0);
    (!parts.is_empty()).then(|| parts.iter().map(|p| p.1).collect::<Vec<_>>().join("\n"))
}

/// `{"kw": {...}}` or `{"kwargs": {...}}` alone: the inner object.
fn unwrap_kwargs(value: Json) -> Json {
    if let Json::Object(o) = &value {
        if o.len() == 1 {
            if let Some(inner @ Json::Object(_)) = o.get("kw").or_else(|| o.get("kwargs")) {
                return inner.clone();
            }
        }
    }
    value
}

/// The tool calls of one flattened message: `tool_calls.M.tool_call.*`.
fn message_tool_calls(pairs: &[(&str, &Value)]) -> Vec<(String, Json)> {
    let mut calls: Vec<(usize, Option<String>, Json)> = Vec::new();
    for (rest, value) in pairs {
        let Some(tail) = rest.strip_prefix("message.tool_calls.") else {
            continue;
        };
        let Some((m, field)) = tail.split_once('.') else {
            continue;
        };
        let Ok(m) = m.parse::<usize>() else { continue };
        let at = match calls.iter().position(|c| c.0 == m) {
            Some(i) => i,
            None => {
                calls.push((m, None, Json::Null));
                calls.len() - 1
            }
        };
        let Value::StringValue(s) = value else {
            continue;
        };
        match field {
            "tool_call.function.name" => calls[at].1 = Some(s.clone()),
            "tool_call.function.arguments" => calls[at].2 = arguments(&Json::from(s.as_str())),
            _ => {}
        }
    }
    calls.sort_by_key(|c| c.0);
    calls
        .into_iter()
        .map(|(_, name, args)| (name.unwrap_or_else(|| "tool".into()), args))
        .collect()
}
