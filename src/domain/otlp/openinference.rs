//! Arize's OpenInference conventions (Phoenix; the instrumentations of
//! LangChain, LlamaIndex, CrewAI, DSPy, the OpenAI Agents SDK, the OpenAI
//! and Anthropic clients…): `openinference.span.kind` says the span's
//! part; `input.value` / `output.value` its input and output;
//! `llm.model_name`, `llm.token_count.*`, the flattened
//! `llm.input_messages.N.message.*` / `llm.output_messages.N.message.*`
//! (with `tool_calls.M.tool_call.function.*`); `tool.name` and
//! `tool.parameters`; `session.id`, `agent.name`.

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
        "EMBEDDING" => Role::Plumbing,
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
        .first(&["agent.name", "graph.node.name"])
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
                .and_then(|(_, m)| pick(m, "message.content"))
                .map(String::from);
            for (_, m) in a.indexed("llm.output_messages.") {
                if let Some(text) = pick(&m, "message.content") {
                    f.output.push(text.to_string());
                }
                let calls = message_tool_calls(&m);
                f.tool_calls.extend(calls);
            }
            if let Some(r) = a.first(&["llm.finish_reason"]) {
                f.finish_reasons.push(r);
            }
            if f.output.is_empty() && f.tool_calls.is_empty() {
                f.output.extend(output);
            }
        }
        Role::Tool => {
            f.tool = a.first(&["tool.name"]).or_else(|| Some(span.name.clone()));
            f.tool_call_id = a.first(&["tool_call.id", "tool.id"]);
            f.tool_arguments = a.json("input.value").map(|v| arguments(&v));
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
