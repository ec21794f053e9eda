//! What otlp mapping v2 reads of a span, whatever its convention: the
//! span's part in the agent's run ([`Role`]), its session and agent, its
//! model and tokens, its input, its output (text and tool calls), its
//! tool's name, arguments and result. Each convention's module
//! (`openinference`, `openllmetry`, `ai_sdk`, `gen_ai`) fills [`Facts`];
//! `mapping` turns them into a record by one set of rules
//! (docs/design.md §11). Also the attribute readers they share.

use serde_json::{Map, Value as Json};

use super::proto::{AnyValue, KeyValue, Span, Value};

/// The instrumentation conventions v2 reads, in the order they are tried:
/// a span that carries two (the AI SDK and OpenLLMetry also write some
/// `gen_ai.*` keys) is read by the first whose own marker it has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Convention {
    /// Arize's OpenInference: `openinference.span.kind`.
    OpenInference,
    /// The Vercel AI SDK's telemetry: `ai.operationId`.
    AiSdk,
    /// Traceloop's OpenLLMetry: `traceloop.*`, `llm.request.type`, the
    /// indexed `gen_ai.prompt.N.*` / `gen_ai.completion.N.*`.
    OpenLlmetry,
    /// OpenTelemetry's GenAI semantic conventions: any other `gen_ai.*`.
    GenAi,
}

impl Convention {
    /// Its name in a record's metadata (`otel.convention`).
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Convention::OpenInference => "openinference",
            Convention::AiSdk => "ai-sdk",
            Convention::OpenLlmetry => "openllmetry",
            Convention::GenAi => "gen_ai",
        }
    }
}

/// A span's part in an agent's run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// An agent's (or a workflow's) run: the root of what it did.
    Agent,
    /// A planning step.
    Plan,
    /// A call to a model.
    Llm,
    /// A tool's execution.
    Tool,
    /// An evaluator's or a guardrail's verdict.
    Evaluation,
    /// A retrieval or a reranking.
    Retrieval,
    /// Any other step (a chain, a task): a record when it says something.
    Step,
    /// Plumbing (an embedding call): no record.
    Plumbing,
}

/// What a span says, read by its convention.
#[derive(Debug, Clone)]
pub(crate) struct Facts {
    pub convention: Convention,
    pub role: Role,
    /// The convention's own name of the span's kind, kept in the metadata
    /// under `marker_key` (`LLM`, `ai.toolCall`, `chat`, `tool`…).
    pub marker_key: &'static str,
    pub marker: String,
    /// The session (conversation, thread) it belongs to.
    pub session: Option<String>,
    /// The agent that ran it.
    pub agent: Option<String>,
    pub request_model: Option<String>,
    pub response_model: Option<String>,
    pub input_tokens: Option<Json>,
    pub output_tokens: Option<Json>,
    pub tool: Option<String>,
    pub tool_call_id: Option<String>,
    pub tool_arguments: Option<Json>,
    pub tool_result: Option<String>,
    /// What it was given: the last user message, or its input as text.
    pub input: Option<String>,
    /// What it answered: its text outputs, in order.
    pub output: Vec<String>,
    /// The tool calls a model's answer asked for: name and arguments.
    pub tool_calls: Vec<(String, Json)>,
    pub finish_reasons: Vec<String>,
}

impl Facts {
    pub(crate) fn new(
        convention: Convention,
        role: Role,
        marker_key: &'static str,
        marker: &str,
    ) -> Facts {
        Facts {
            convention,
            role,
            marker_key,
            marker: marker.to_string(),
            session: None,
            agent: None,
            request_model: None,
            response_model: None,
            input_tokens: None,
            output_tokens: None,
            tool: None,
            tool_call_id: None,
            tool_arguments: None,
            tool_result: None,
            input: None,
            output: Vec::new(),
            tool_calls: Vec::new(),
            finish_reasons: Vec::new(),
        }
    }
}

/// A span's facts by the first convention that reads it; None for a span
/// of no convention (an HTTP client's, a database's): no record.
pub(crate) fn read(span: &Span) -> Option<Facts> {
    let a = Attrs(&span.attributes);
    super::openinference::read(span, &a)
        .or_else(|| super::ai_sdk::read(span, &a))
        .or_else(|| super::openllmetry::read(span, &a))
        .or_else(|| super::gen_ai::read(span, &a))
}

/// A span's attributes, read by key.
pub(crate) struct Attrs<'a>(pub &'a [KeyValue]);

impl<'a> Attrs<'a> {
    pub(crate) fn get(&self, key: &str) -> Option<&'a Value> {
        self.0
            .iter()
            .find(|kv| kv.key == key)
            .and_then(|kv| kv.value.as_ref()?.value.as_ref())
    }

    /// A non-empty string value.
    pub(crate) fn str(&self, key: &str) -> Option<&'a str> {
        match self.get(key)? {
            Value::StringValue(s) if !s.is_empty() => Some(s),
            _ => None,
        }
    }

    /// The first of `keys` that is a non-empty string, owned.
    pub(crate) fn first(&self, keys: &[&str]) -> Option<String> {
        keys.iter().find_map(|k| self.str(k)).map(str::to_string)
    }

    /// A value as JSON; a string holding JSON is read as that JSON.
    pub(crate) fn json(&self, key: &str) -> Option<Json> {
        Some(match self.get(key)? {
            Value::StringValue(s) => {
                serde_json::from_str(s).unwrap_or_else(|_| Json::from(s.as_str()))
            }
            other => to_json(other),
        })
    }

    /// A number (or a string holding one), as JSON.
    pub(crate) fn number(&self, keys: &[&str]) -> Option<Json> {
        keys.iter().find_map(|k| match self.get(k)? {
            v @ (Value::IntValue(_) | Value::DoubleValue(_)) => Some(to_json(v)),
            Value::StringValue(s) => s.parse::<i64>().ok().map(Json::from),
            _ => None,
        })
    }

    /// Whether any key starts with `prefix`.
    pub(crate) fn any(&self, prefix: &str) -> bool {
        self.0.iter().any(|kv| kv.key.starts_with(prefix))
    }

    /// The keys `<prefix><n>.<rest>`, grouped by n in order: each n's
    /// `(rest, value)` pairs (OpenInference's and OpenLLMetry's flattened
    /// lists).
    pub(crate) fn indexed(&self, prefix: &str) -> Vec<(usize, Vec<(&'a str, &'a Value)>)> {
        let mut groups: Vec<(usize, Vec<(&'a str, &'a Value)>)> = Vec::new();
        for kv in self.0 {
            let Some(rest) = kv.key.strip_prefix(prefix) else {
                continue;
            };
            let Some((n, rest)) = rest.split_once('.') else {
                continue;
            };
            let (Ok(n), Some(value)) = (
                n.parse::<usize>(),
                kv.value.as_ref().and_then(|v| v.value.as_ref()),
            ) else {
                continue;
            };
            match groups.iter_mut().find(|(m, _)| *m == n) {
                Some((_, pairs)) => pairs.push((rest, value)),
                None => groups.push((n, vec![(rest, value)])),
            }
        }
        groups.sort_by_key(|(n, _)| *n);
        groups
    }
}

/// The string of an indexed group's `rest`.
pub(crate) fn pick<'a>(pairs: &[(&str, &'a Value)], rest: &str) -> Option<&'a str> {
    pairs.iter().find_map(|(r, v)| match v {
        Value::StringValue(s) if *r == rest && !s.is_empty() => Some(s.as_str()),
        _ => None,
    })
}

/// An attribute value as JSON: integers beyond 2^53 as strings (metadata
/// numbers must survive RFC 8785 unchanged, docs/design.md §3).
pub(crate) fn to_json(value: &Value) -> Json {
    match value {
        Value::StringValue(s) => Json::from(s.as_str()),
        Value::BoolValue(b) => Json::from(*b),
        Value::IntValue(i) if i.unsigned_abs() <= 1 << 53 => Json::from(*i),
        Value::IntValue(i) => Json::from(i.to_string()),
        Value::DoubleValue(d) => serde_json::Number::from_f64(*d)
            .map(Json::Number)
            .unwrap_or_else(|| Json::from(d.to_string())),
        Value::ArrayValue(a) => Json::Array(a.values.iter().map(any_to_json).collect()),
        Value::KvlistValue(l) => Json::Object(
            l.values
                .iter()
                .map(|kv| {
                    let v = kv.value.as_ref().map_or(Json::Null, any_to_json);
                    (kv.key.clone(), v)
                })
                .collect::<Map<String, Json>>(),
        ),
        Value::BytesValue(b) => Json::from(hex::encode(b)),
    }
}

fn any_to_json(value: &AnyValue) -> Json {
    value.value.as_ref().map_or(Json::Null, to_json)
}

/// Text of a JSON value: a string as it is, anything else as compact JSON.
pub(crate) fn text_of(value: &Json) -> String {
    match value {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Arguments as JSON: a string holding JSON is read as that JSON.
pub(crate) fn arguments(value: &Json) -> Json {
    match value {
        Json::String(s) => serde_json::from_str(s).unwrap_or_else(|_| value.clone()),
        other => other.clone(),
    }
}

/// Messages in the GenAI "parts" form (`gen_ai.input.messages`,
/// `gen_ai.output.messages`; OpenLLMetry writes it too): for each, its
/// role, its text parts, its tool calls and its finish reason.
pub(crate) struct Message {
    pub role: String,
    pub texts: Vec<String>,
    pub tool_calls: Vec<(String, Json)>,
    pub finish_reason: Option<String>,
}

pub(crate) fn parts_messages(value: &Json) -> Vec<Message> {
    let Json::Array(messages) = value else {
        return Vec::new();
    };
    messages
        .iter()
        .map(|m| {
            let mut message = Message {
                role: m.get("role").and_then(Json::as_str).unwrap_or("").into(),
                texts: Vec::new(),
                tool_calls: Vec::new(),
                finish_reason: m
                    .get("finish_reason")
                    .and_then(Json::as_str)
                    .map(String::from),
            };
            for part in m
                .get("parts")
                .and_then(Json::as_array)
                .into_iter()
                .flatten()
            {
                match part.get("type").and_then(Json::as_str) {
                    Some("text") => {
                        // A streamed answer may hold an empty text part.
                        let text = part.get("content").and_then(Json::as_str);
                        if let Some(t) = text.filter(|t| !t.trim().is_empty()) {
                            message.texts.push(t.to_string());
                        }
                    }
                    Some("tool_call") => message.tool_calls.push((
                        part.get("name")
                            .and_then(Json::as_str)
                            .unwrap_or("tool")
                            .into(),
                        arguments(part.get("arguments").unwrap_or(&Json::Null)),
                    )),
                    _ => {}
                }
            }
            message
        })
        .collect()
}

/// The last user message's text of a list of messages.
pub(crate) fn last_user_text(messages: &[Message]) -> Option<String> {
    messages
        .iter()
        .rev()
        .find(|m| m.role == "user" && !m.texts.is_empty())
        .map(|m| m.texts.join("\n"))
}

/// Reads the output messages into `facts`: texts, tool calls, reasons.
pub(crate) fn take_output(facts: &mut Facts, messages: &[Message]) {
    for m in messages {
        facts.output.extend(m.texts.iter().cloned());
        facts.tool_calls.extend(m.tool_calls.iter().cloned());
        if let Some(r) = &m.finish_reason {
            facts.finish_reasons.push(r.clone());
        }
    }
}

/// A finish-reasons attribute: an array of strings, or one string.
pub(crate) fn reasons(value: Option<Json>) -> Vec<String> {
    match value {
        Some(Json::Array(r)) => r
            .iter()
            .filter_map(|r| r.as_str().map(String::from))
            .collect(),
        Some(Json::String(r)) => vec![r],
        _ => Vec::new(),
    }
}
