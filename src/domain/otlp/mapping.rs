//! otlp mapping v1 (docs/design.md §11): what one span, and each of its
//! evaluation events, becomes as an append body. Pure: the handler (`http::otlp`)
//! orders the records, links parents, and appends.

use serde_json::{json, Map, Value as Json};

use super::proto::{AnyValue, KeyValue, Span, Value};

/// The mapping's version, in every record's metadata (`otel.mapping`).
pub(crate) const MAPPING: &str = "otlp mapping v1";

/// What marks content cut to the content limit.
pub(crate) const TRUNCATED: &str = "… [truncated]";

/// The event that becomes a reflection record.
pub(crate) const EVALUATION_EVENT: &str = "gen_ai.evaluation.result";

/// What a span's context says of it, found on the span or, failing that, on
/// its nearest ancestor in the same export that says it.
pub(crate) struct Inherited<'a> {
    /// `gen_ai.conversation.id`: the task and the session.
    pub conversation_id: Option<&'a str>,
    /// `gen_ai.agent.id`, else `gen_ai.agent.name`.
    pub agent: Option<&'a str>,
    /// The resource's `service.name`: the agent of last resort.
    pub service_name: Option<&'a str>,
}

/// One record to append, before its parent is known.
#[derive(Debug)]
pub(crate) struct Planned {
    /// The append body (`/thoughts`'s fields but `parent_id`).
    pub body: Map<String, Json>,
    /// Its idempotency key: `otlp:<trace id>:<span id>`, and `:evaluation:<n>`
    /// for the n-th evaluation event.
    pub idempotency_key: String,
    /// Whether this is the span's own record (an evaluation's parent is the
    /// span itself).
    pub is_span: bool,
}

/// The string value of attribute `key`, if it is a string.
pub(crate) fn string_attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a str> {
    match attr(attributes, key)? {
        Value::StringValue(s) if !s.is_empty() => Some(s),
        _ => None,
    }
}

fn attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a Value> {
    attributes
        .iter()
        .find(|kv| kv.key == key)
        .and_then(|kv| kv.value.as_ref()?.value.as_ref())
}

/// An attribute as JSON; a string holding JSON (as `gen_ai.output.messages`
/// is usually sent) is read as that JSON.
fn json_attr(attributes: &[KeyValue], key: &str) -> Option<Json> {
    let value = attr(attributes, key)?;
    Some(match value {
        Value::StringValue(s) => serde_json::from_str(s).unwrap_or_else(|_| Json::from(s.as_str())),
        other => to_json(other),
    })
}

/// An attribute value as JSON: integers beyond 2^53 as strings (metadata
/// numbers must survive RFC 8785 unchanged, docs/design.md §3).
fn to_json(value: &Value) -> Json {
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
                .collect(),
        ),
        Value::BytesValue(b) => Json::from(hex::encode(b)),
    }
}

fn any_to_json(value: &AnyValue) -> Json {
    value.value.as_ref().map_or(Json::Null, to_json)
}

/// Whether the span says anything of generative AI (any `gen_ai.*`
/// attribute): only such spans are records.
pub(crate) fn is_gen_ai(span: &Span) -> bool {
    span.attributes
        .iter()
        .any(|kv| kv.key.starts_with("gen_ai."))
}

/// An RFC 3339 UTC time with nanoseconds, from Unix nanoseconds (0, unset,
/// is left out by the callers).
fn time(unix_nano: u64) -> String {
    let at = chrono::DateTime::from_timestamp(
        (unix_nano / 1_000_000_000) as i64,
        (unix_nano % 1_000_000_000) as u32,
    )
    .unwrap_or_default();
    at.to_rfc3339_opts(chrono::SecondsFormat::Nanos, true)
}

/// What the output messages (`gen_ai.output.messages`) hold.
#[derive(Default)]
struct Output {
    /// The text parts, in order.
    texts: Vec<String>,
    /// The tool calls, as `name(arguments)`.
    tool_calls: Vec<String>,
    /// The messages' own `finish_reason`s.
    finish_reasons: Vec<String>,
}

fn output(attributes: &[KeyValue]) -> Output {
    let mut out = Output::default();
    if let Some(Json::Array(messages)) = json_attr(attributes, "gen_ai.output.messages") {
        for message in &messages {
            if let Some(reason) = message.get("finish_reason").and_then(Json::as_str) {
                out.finish_reasons.push(reason.to_string());
            }
            let parts = message.get("parts").and_then(Json::as_array);
            for part in parts.into_iter().flatten() {
                match part.get("type").and_then(Json::as_str) {
                    Some("text") => {
                        if let Some(t) = part.get("content").and_then(Json::as_str) {
                            out.texts.push(t.to_string());
                        }
                    }
                    Some("tool_call") => {
                        let name = part.get("name").and_then(Json::as_str).unwrap_or("tool");
                        out.tool_calls
                            .push(call(name, part.get("arguments").unwrap_or(&Json::Null)));
                    }
                    _ => {}
                }
            }
        }
    }
    if out.texts.is_empty() {
        // Before the output-messages attribute: one completion string.
        for key in ["gen_ai.completion", "gen_ai.completion.0.content"] {
            if let Some(text) = string_attr(attributes, key) {
                out.texts.push(text.to_string());
                break;
            }
        }
    }
    out
}

/// A tool call as text: `name(arguments)`, the arguments as sent.
fn call(name: &str, arguments: &Json) -> String {
    match arguments {
        Json::Null => format!("{name}()"),
        Json::String(s) => format!("{name}({s})"),
        other => format!("{name}({other})"),
    }
}

/// The record type of a span (docs/design.md §11): `plan` is a plan,
/// `execute_tool` a decision; any other operation is a decision when its
/// output chose (a tool call part, a `tool_calls` finish reason, or a `stop`
/// with text: a final answer), else an analysis.
fn record_type(operation: Option<&str>, out: &Output, finish_reasons: &[String]) -> &'static str {
    match operation {
        Some("plan") => "plan",
        Some("execute_tool") => "decision",
        _ => {
            let reasons = || finish_reasons.iter().chain(&out.finish_reasons);
            let chose_tool = !out.tool_calls.is_empty()
                || reasons()
                    .any(|r| matches!(r.as_str(), "tool_calls" | "tool_call" | "function_call"));
            let answered = !out.texts.is_empty() && reasons().any(|r| r == "stop");
            if chose_tool || answered {
                "decision"
            } else {
                "analysis"
            }
        }
    }
}

/// `content` cut to at most `max` bytes, on a character boundary, ending
/// with the marker; whether it was cut.
fn fit(content: String, max: usize) -> (String, bool) {
    if content.len() <= max {
        return (content, false);
    }
    let mut end = max.saturating_sub(TRUNCATED.len());
    while !content.is_char_boundary(end) {
        end -= 1;
    }
    (format!("{}{TRUNCATED}", &content[..end]), true)
}

/// The metadata every record of a span carries: where it came from.
fn origin(span: &Span, trace: &str, span_id: &str) -> Map<String, Json> {
    let mut m = Map::new();
    m.insert("otel.mapping".into(), json!(MAPPING));
    m.insert("otel.trace_id".into(), json!(trace));
    m.insert("otel.span_id".into(), json!(span_id));
    if !span.parent_span_id.is_empty() {
        m.insert(
            "otel.parent_span_id".into(),
            json!(hex::encode(&span.parent_span_id)),
        );
    }
    m.insert("otel.span_name".into(), json!(span.name));
    m
}

/// The idempotency key of the record span `span_id` of trace `trace_id`
/// becomes (hex ids): how a retried export, or a child sent later, finds it.
pub(crate) fn span_key(trace_id: &str, span_id: &str) -> String {
    format!("otlp:{trace_id}:{span_id}")
}

/// The records of one span: its own (when it has `gen_ai.*` attributes) and
/// one per evaluation event; or why there are none.
pub(crate) fn plan_records(
    span: &Span,
    inherited: &Inherited<'_>,
    bound_agent: Option<&str>,
    max_content_bytes: usize,
) -> Result<Vec<Planned>, String> {
    let trace = hex::encode(&span.trace_id);
    let span_id = hex::encode(&span.span_id);
    if span.trace_id.len() != 16 || span.span_id.len() != 8 {
        return Err(format!(
            "span `{}`: a trace id is 16 bytes and a span id 8",
            span.name
        ));
    }
    let evaluations: Vec<_> = span
        .events
        .iter()
        .filter(|e| e.name == EVALUATION_EVENT)
        .collect();
    let gen_ai = is_gen_ai(span);
    if !gen_ai && evaluations.is_empty() {
        return Err(format!(
            "span {span_id} (`{}`) has no gen_ai.* attributes",
            span.name
        ));
    }
    let agent = bound_agent
        .or(inherited.agent)
        .or(inherited.service_name)
        .ok_or_else(|| {
            format!("span {span_id}: no agent (gen_ai.agent.id, gen_ai.agent.name or service.name)")
        })?;
    let task = inherited.conversation_id.unwrap_or(&trace);
    let base = |r#type: &str, content: String, metadata: Map<String, Json>| {
        let mut body = Map::new();
        body.insert("type".into(), json!(r#type));
        body.insert("task_id".into(), json!(task));
        body.insert("agent_id".into(), json!(agent));
        body.insert("content".into(), json!(content));
        body.insert("metadata".into(), Json::Object(metadata));
        if let Some(c) = inherited.conversation_id {
            body.insert("session_id".into(), json!(c));
        }
        body
    };
    let mut planned = Vec::new();
    if gen_ai {
        let a = &span.attributes;
        let operation = string_attr(a, "gen_ai.operation.name");
        let out = output(a);
        let finish_reasons: Vec<String> = match json_attr(a, "gen_ai.response.finish_reasons") {
            Some(Json::Array(r)) => r
                .iter()
                .filter_map(|r| r.as_str().map(String::from))
                .collect(),
            Some(Json::String(r)) => vec![r],
            _ => Vec::new(),
        };
        let r#type = record_type(operation, &out, &finish_reasons);
        let tool = string_attr(a, "gen_ai.tool.name");
        let arguments = json_attr(a, "gen_ai.tool.call.arguments");
        let content = if operation == Some("execute_tool") {
            call(
                tool.unwrap_or(&span.name),
                arguments.as_ref().unwrap_or(&Json::Null),
            )
        } else if !out.texts.is_empty() {
            out.texts.join("\n")
        } else if !out.tool_calls.is_empty() {
            out.tool_calls.join("\n")
        } else {
            match operation {
                Some(op) => format!("{} ({op})", span.name),
                None => span.name.clone(),
            }
        };
        let (content, truncated) = fit(content, max_content_bytes);
        let mut m = origin(span, &trace, &span_id);
        for (key, at) in [
            ("otel.start_time", span.start_time_unix_nano),
            ("otel.end_time", span.end_time_unix_nano),
        ] {
            if at != 0 {
                m.insert(key.into(), json!(time(at)));
            }
        }
        for key in [
            "gen_ai.operation.name",
            "gen_ai.request.model",
            "gen_ai.response.model",
            "gen_ai.usage.input_tokens",
            "gen_ai.usage.output_tokens",
            "gen_ai.tool.name",
            "gen_ai.tool.call.id",
            "gen_ai.agent.name",
        ] {
            if let Some(v) = attr(a, key) {
                m.insert(key.into(), to_json(v));
            }
        }
        if let Some(arguments) = arguments {
            m.insert("gen_ai.tool.call.arguments".into(), arguments);
        }
        if !finish_reasons.is_empty() {
            m.insert(
                "gen_ai.response.finish_reasons".into(),
                json!(finish_reasons),
            );
        }
        if let Some(s) = span.status.as_ref().filter(|s| s.code == 2) {
            m.insert("otel.status".into(), json!("error"));
            if !s.message.is_empty() {
                m.insert("otel.status_message".into(), json!(s.message));
            }
        }
        if truncated {
            m.insert("otel.content_truncated".into(), json!(true));
        }
        planned.push(Planned {
            body: base(r#type, content, m),
            idempotency_key: span_key(&trace, &span_id),
            is_span: true,
        });
    }
    for (n, event) in evaluations.into_iter().enumerate() {
        let a = &event.attributes;
        let name = string_attr(a, "gen_ai.evaluation.name").unwrap_or("evaluation");
        let score = attr(a, "gen_ai.evaluation.score.value").map(to_json);
        let label = string_attr(a, "gen_ai.evaluation.score.label");
        let content = match string_attr(a, "gen_ai.evaluation.explanation") {
            Some(e) => e.to_string(),
            None => match (label, &score) {
                (Some(l), Some(s)) => format!("{name}: {l} ({s})"),
                (Some(l), None) => format!("{name}: {l}"),
                (None, Some(s)) => format!("{name}: {s}"),
                (None, None) => name.to_string(),
            },
        };
        let (content, truncated) = fit(content, max_content_bytes);
        let mut m = origin(span, &trace, &span_id);
        m.insert("otel.event".into(), json!(EVALUATION_EVENT));
        if event.time_unix_nano != 0 {
            m.insert("otel.event_time".into(), json!(time(event.time_unix_nano)));
        }
        m.insert("gen_ai.evaluation.name".into(), json!(name));
        if let Some(s) = score {
            m.insert("gen_ai.evaluation.score.value".into(), s);
        }
        if let Some(l) = label {
            m.insert("gen_ai.evaluation.score.label".into(), json!(l));
        }
        if truncated {
            m.insert("otel.content_truncated".into(), json!(true));
        }
        planned.push(Planned {
            body: base("reflection", content, m),
            idempotency_key: format!("{}:evaluation:{n}", span_key(&trace, &span_id)),
            is_span: false,
        });
    }
    Ok(planned)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kv(key: &str, v: Value) -> KeyValue {
        KeyValue {
            key: key.into(),
            value: Some(AnyValue { value: Some(v) }),
        }
    }

    fn s(v: &str) -> Value {
        Value::StringValue(v.into())
    }

    fn span(attributes: Vec<KeyValue>) -> Span {
        Span {
            trace_id: vec![1; 16],
            span_id: vec![2; 8],
            name: "chat gpt-4o".into(),
            attributes,
            ..Span::default()
        }
    }

    const AGENT: Inherited<'static> = Inherited {
        conversation_id: None,
        agent: None,
        service_name: Some("svc"),
    };

    fn one(attributes: Vec<KeyValue>) -> Map<String, Json> {
        plan_records(&span(attributes), &AGENT, None, 1 << 20)
            .unwrap()
            .remove(0)
            .body
    }

    #[test]
    fn types_follow_the_operation_and_what_the_output_chose() {
        let messages = |m: &str| kv("gen_ai.output.messages", s(m));
        let cases = [
            (vec![kv("gen_ai.operation.name", s("plan"))], "plan"),
            (
                vec![kv("gen_ai.operation.name", s("execute_tool"))],
                "decision",
            ),
            (vec![kv("gen_ai.operation.name", s("chat"))], "analysis"),
            (
                vec![
                    kv("gen_ai.operation.name", s("chat")),
                    messages(
                        r#"[{"role":"assistant","parts":[{"type":"tool_call","name":"grep","arguments":{"q":"x"}}]}]"#,
                    ),
                ],
                "decision",
            ),
            (
                vec![
                    kv("gen_ai.operation.name", s("invoke_agent")),
                    messages(
                        r#"[{"role":"assistant","parts":[{"type":"text","content":"done"}],"finish_reason":"stop"}]"#,
                    ),
                ],
                "decision",
            ),
            (
                vec![
                    kv("gen_ai.operation.name", s("chat")),
                    messages(
                        r#"[{"role":"assistant","parts":[{"type":"text","content":"thinking"}],"finish_reason":"length"}]"#,
                    ),
                ],
                "analysis",
            ),
        ];
        for (attributes, want) in cases {
            assert_eq!(one(attributes)["type"], want);
        }
    }

    #[test]
    fn content_is_the_output_text_or_the_tool_call() {
        let body = one(vec![
            kv("gen_ai.operation.name", s("execute_tool")),
            kv("gen_ai.tool.name", s("grep")),
            kv("gen_ai.tool.call.arguments", s(r#"{"q":"x"}"#)),
        ]);
        assert_eq!(body["content"], r#"grep({"q":"x"})"#);
        assert_eq!(
            body["metadata"]["gen_ai.tool.call.arguments"],
            json!({"q": "x"})
        );
        let body = one(vec![kv("gen_ai.completion", s("legacy"))]);
        assert_eq!(body["content"], "legacy");
        let body = one(vec![kv("gen_ai.operation.name", s("chat"))]);
        assert_eq!(body["content"], "chat gpt-4o (chat)");
        assert_eq!(body["agent_id"], "svc");
        assert_eq!(body["task_id"], hex::encode([1u8; 16]));
    }

    #[test]
    fn long_content_is_cut_with_the_marker() {
        let text = "é".repeat(100);
        let body = plan_records(
            &span(vec![kv("gen_ai.completion", s(&text))]),
            &AGENT,
            None,
            51,
        )
        .unwrap()
        .remove(0)
        .body;
        let content = body["content"].as_str().unwrap();
        assert!(
            content.len() <= 51 && content.ends_with(TRUNCATED),
            "{content}"
        );
        assert_eq!(body["metadata"]["otel.content_truncated"], true);
    }

    #[test]
    fn a_span_without_gen_ai_is_no_record() {
        let err = plan_records(&span(vec![kv("http.method", s("GET"))]), &AGENT, None, 100);
        assert!(err.unwrap_err().contains("no gen_ai"));
    }
}
