//! The Vercel AI SDK's telemetry (`experimental_telemetry`): `ai.operationId`
//! names the span (`ai.generateText` and its kin wrap a call,
//! `….doGenerate` / `….doStream` are the model's steps, `ai.toolCall` a
//! tool's run); `ai.prompt` / `ai.prompt.messages`, `ai.response.text`,
//! `ai.response.toolCalls`, `ai.response.object`, `ai.toolCall.name` /
//! `.args` (`.input` in newer releases) / `.result`,
//! `ai.model.id`, `ai.usage.*`, `ai.telemetry.functionId` and
//! `ai.telemetry.metadata.*`.

use serde_json::Value as Json;

use super::facts::{arguments, text_of, Attrs, Convention, Facts, Role};
use super::proto::Span;

pub(crate) fn read(_span: &Span, a: &Attrs<'_>) -> Option<Facts> {
    let operation = a.str("ai.operationId")?;
    let role = if operation == "ai.toolCall" {
        Role::Tool
    } else if operation.contains("embed") {
        Role::Plumbing
    } else if operation.ends_with(".doGenerate") || operation.ends_with(".doStream") {
        Role::Llm
    } else {
        // ai.generateText, ai.streamText, ai.generateObject, ai.streamObject:
        // one call of the SDK, its steps under it.
        Role::Agent
    };
    let mut f = Facts::new(Convention::AiSdk, role, "ai.operationId", operation);
    f.session = a.first(&[
        "ai.telemetry.metadata.sessionId",
        "ai.telemetry.metadata.session_id",
        "ai.telemetry.metadata.conversationId",
        "ai.telemetry.metadata.threadId",
    ]);
    f.agent = a.first(&["ai.telemetry.functionId"]);
    f.request_model = a.first(&["ai.model.id", "gen_ai.request.model"]);
    f.response_model = a.first(&["ai.response.model", "gen_ai.response.model"]);
    f.input_tokens = a.number(&["ai.usage.inputTokens", "ai.usage.promptTokens"]);
    f.output_tokens = a.number(&["ai.usage.outputTokens", "ai.usage.completionTokens"]);
    if let Some(r) = a.first(&["ai.response.finishReason"]) {
        f.finish_reasons.push(r);
    }
    match role {
        Role::Tool => {
            f.tool = a.first(&["ai.toolCall.name"]);
            f.tool_call_id = a.first(&["ai.toolCall.id"]);
            f.tool_arguments = a
                .json("ai.toolCall.args")
                .or_else(|| a.json("ai.toolCall.input"))
                .map(|v| arguments(&v));
            f.tool_result = a
                .first(&["ai.toolCall.result"])
                .or_else(|| a.json("ai.toolCall.result").map(|v| text_of(&v)));
        }
        _ => {
            f.input = prompt(a);
            // The text, or the object of generateObject / streamObject.
            if let Some(text) = a.first(&["ai.response.text", "ai.response.object"]) {
                f.output.push(text);
            }
            if let Some(Json::Array(calls)) = a.json("ai.response.toolCalls") {
                for c in &calls {
                    let name = c.get("toolName").and_then(Json::as_str).unwrap_or("tool");
                    let args = c
                        .get("input")
                        .or_else(|| c.get("args"))
                        .unwrap_or(&Json::Null);
                    f.tool_calls.push((name.to_string(), arguments(args)));
                }
            }
        }
    }
    Some(f)
}

/// What the call was asked: `ai.prompt`'s `prompt` (or its last user
/// message), else the last user message of `ai.prompt.messages`.
fn prompt(a: &Attrs<'_>) -> Option<String> {
    if let Some(p) = a.json("ai.prompt") {
        if let Some(text) = p.get("prompt").and_then(Json::as_str) {
            return Some(text.to_string());
        }
        if let Some(m) = p.get("messages").and_then(last_user) {
            return Some(m);
        }
        if let Json::String(s) = p {
            return Some(s);
        }
    }
    a.json("ai.prompt.messages").as_ref().and_then(last_user)
}

/// The last user message's text of AI SDK messages (`content` a string or
/// a list of `{type: "text", text}` parts).
fn last_user(messages: &Json) -> Option<String> {
    let m = messages
        .as_array()?
        .iter()
        .rev()
        .find(|m| m.get("role").and_then(Json::as_str) == Some("user"))?;
    match m.get("content")? {
        Json::String(s) => Some(s.clone()),
        Json::Array(parts) => {
            let texts: Vec<&str> = parts
                .iter()
                .filter(|p| p.get("type").and_then(Json::as_str) == Some("text"))
                .filter_map(|p| p.get("text").and_then(Json::as_str))
                .collect();
            (!texts.is_empty()).then(|| texts.join("\n"))
        }
        _ => None,
    }
}
