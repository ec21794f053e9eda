//! otlp mapping v2 (docs/design.md §11): what one span, read by its
//! convention into [`Facts`], and each of its evaluation events become as
//! append bodies, by one set of rules. Pure: the handler (`http::otlp`)
//! orders the records, links parents, and appends.

use serde_json::{json, Map, Value as Json};

use super::facts::{to_json, Attrs, Facts, Role};
use super::proto::{KeyValue, Span};

/// The mapping's version, in every record's metadata (`otel.mapping`).
/// Records an earlier version made keep the version they name.
pub(crate) const MAPPING: &str = "otlp mapping v2";

/// What marks content cut to the content limit.
pub(crate) const TRUNCATED: &str = "… [truncated]";

/// The event that becomes a reflection record.
pub(crate) const EVALUATION_EVENT: &str = "gen_ai.evaluation.result";

/// Finish reasons that say a model's text was cut short, not an answer.
const CUT_SHORT: [&str; 9] = [
    "length",
    "max_tokens",
    "content_filter",
    "content-filter",
    "error",
    "MAX_TOKENS",
    "SAFETY",
    "RECITATION",
    "PROHIBITED_CONTENT",
];

/// Finish reasons that say the model called a tool (its calls may not be
/// on the span when content is not captured).
const CALLED_TOOL: [&str; 4] = ["tool_calls", "tool_call", "tool-calls", "function_call"];

/// What a span's context says of it, found in its facts or, failing that,
/// in its nearest ancestor's in the same export that says it.
pub(crate) struct Inherited<'a> {
    /// The session (conversation, thread): the task and the session.
    pub session: Option<&'a str>,
    /// The agent's name.
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

/// The string value of attribute `key`, if it is a non-empty string.
pub(crate) fn string_attr<'a>(attributes: &'a [KeyValue], key: &str) -> Option<&'a str> {
    Attrs(attributes).str(key)
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

/// A tool call as text: `name(arguments)`, the arguments as sent.
fn call(name: &str, arguments: &Json) -> String {
    match arguments {
        Json::Null => format!("{name}()"),
        Json::String(s) => format!("{name}({s})"),
        other => format!("{name}({other})"),
    }
}

/// The record a span's facts make (docs/design.md §11): its type and
/// content; None for a span that says nothing worth a record.
///
/// One act is one decision: a model's answer that asks for a tool is the
/// decision (`search_trains({…})`), the tool's run is what came of it (an
/// analysis, `search_trains({…}) → result`). An agent's run is the root,
/// saying what the agent was asked (its final answer is its last model
/// call's decision, and the run's metadata `otel.output`).
fn record(span: &Span, f: &Facts) -> Option<(&'static str, String)> {
    let output = || (!f.output.is_empty()).then(|| f.output.join("\n"));
    Some(match f.role {
        Role::Plumbing => return None,
        // What it was asked opens the task; without it, its run is told,
        // not taken for a plan.
        Role::Agent => match &f.input {
            Some(input) => ("plan", input.clone()),
            None => ("analysis", output().unwrap_or_else(|| span.name.clone())),
        },
        Role::Plan => (
            "plan",
            output()
                .or_else(|| f.input.clone())
                .unwrap_or_else(|| span.name.clone()),
        ),
        Role::Llm => {
            let mut lines = f.output.clone();
            lines.extend(f.tool_calls.iter().map(|(n, a)| call(n, a)));
            let said = |set: &[&str]| f.finish_reasons.iter().any(|r| set.contains(&r.as_str()));
            let decided = !f.tool_calls.is_empty()
                || said(&CALLED_TOOL)
                || (!f.output.is_empty() && !said(&CUT_SHORT));
            let content = if lines.is_empty() {
                span.name.clone()
            } else {
                lines.join("\n")
            };
            (if decided { "decision" } else { "analysis" }, content)
        }
        Role::Tool => {
            let name = f.tool.as_deref().unwrap_or(&span.name);
            let mut content = call(name, f.tool_arguments.as_ref().unwrap_or(&Json::Null));
            if let Some(result) = &f.tool_result {
                content.push_str(" → ");
                content.push_str(result);
            }
            ("analysis", content)
        }
        Role::Evaluation => (
            "reflection",
            output()
                .or_else(|| f.input.clone())
                .unwrap_or_else(|| span.name.clone()),
        ),
        Role::Retrieval => (
            "analysis",
            output()
                .or_else(|| f.input.clone())
                .unwrap_or_else(|| span.name.clone()),
        ),
        Role::Step => ("analysis", output().or_else(|| f.input.clone())?),
    })
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

/// The records of one span: its own (when its facts make one) and one per
/// evaluation event; none for a span of no convention or only plumbing
/// (skipped, not refused); or why it is refused.
pub(crate) fn plan_records(
    span: &Span,
    facts: Option<&Facts>,
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
    let own = facts.and_then(|f| record(span, f).map(|r| (f, r)));
    if own.is_none() && evaluations.is_empty() {
        return Ok(Vec::new());
    }
    let agent = bound_agent
        .or(facts.and_then(|f| f.agent.as_deref()))
        .or(inherited.agent)
        .or(inherited.service_name)
        .ok_or_else(|| {
            format!("span {span_id}: no agent (the convention's agent name or service.name)")
        })?;
    let session = facts
        .and_then(|f| f.session.as_deref())
        .or(inherited.session);
    let task = session.unwrap_or(&trace);
    let base = |r#type: &str, content: String, metadata: Map<String, Json>| {
        let mut body = Map::new();
        body.insert("type".into(), json!(r#type));
        body.insert("task_id".into(), json!(task));
        body.insert("agent_id".into(), json!(agent));
        body.insert("content".into(), json!(content));
        body.insert("metadata".into(), Json::Object(metadata));
        if let Some(c) = session {
            body.insert("session_id".into(), json!(c));
        }
        body
    };
    let mut planned = Vec::new();
    if let Some((f, (r#type, content))) = own {
        let (content, truncated) = fit(content, max_content_bytes);
        let mut m = origin(span, &trace, &span_id);
        m.insert("otel.convention".into(), json!(f.convention.as_str()));
        m.insert(f.marker_key.into(), json!(f.marker));
        for (key, at) in [
            ("otel.start_time", span.start_time_unix_nano),
            ("otel.end_time", span.end_time_unix_nano),
        ] {
            if at != 0 {
                m.insert(key.into(), json!(time(at)));
            }
        }
        // A model's one tool call: its tool and arguments, as its run's.
        let (called, called_with) = match f.tool_calls.as_slice() {
            [(name, args)] if f.tool.is_none() => (Some(name.clone()), Some(args.clone())),
            _ => (None, None),
        };
        let strings = [
            ("gen_ai.request.model", &f.request_model),
            ("gen_ai.response.model", &f.response_model),
            (
                "gen_ai.tool.name",
                if called.is_some() { &called } else { &f.tool },
            ),
            ("gen_ai.tool.call.id", &f.tool_call_id),
            ("gen_ai.agent.name", &f.agent),
        ];
        for (key, value) in strings {
            if let Some(v) = value {
                m.insert(key.into(), json!(v));
            }
        }
        for (key, value) in [
            ("gen_ai.usage.input_tokens", &f.input_tokens),
            ("gen_ai.usage.output_tokens", &f.output_tokens),
            (
                "gen_ai.tool.call.arguments",
                if called_with.is_some() {
                    &called_with
                } else {
                    &f.tool_arguments
                },
            ),
        ] {
            if let Some(v) = value {
                m.insert(key.into(), v.clone());
            }
        }
        if !f.finish_reasons.is_empty() {
            // Said by the span and again by its message: each once.
            let mut reasons: Vec<&String> = Vec::new();
            for r in &f.finish_reasons {
                if !reasons.contains(&r) {
                    reasons.push(r);
                }
            }
            m.insert("gen_ai.response.finish_reasons".into(), json!(reasons));
        }
        if f.role == Role::Agent && f.input.is_some() && !f.output.is_empty() {
            let (output, _) = fit(f.output.join("\n"), max_content_bytes);
            m.insert("otel.output".into(), json!(output));
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
        let a = Attrs(&event.attributes);
        let name = a.str("gen_ai.evaluation.name").unwrap_or("evaluation");
        let score = a.get("gen_ai.evaluation.score.value").map(to_json);
        let label = a.str("gen_ai.evaluation.score.label");
        let content = match a.str("gen_ai.evaluation.explanation") {
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
        m.insert("otel.convention".into(), json!("gen_ai"));
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
    use crate::domain::otlp::facts::read;
    use crate::domain::otlp::proto::{AnyValue, Value};

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
        session: None,
        agent: None,
        service_name: Some("svc"),
    };

    fn planned(attributes: Vec<KeyValue>, max: usize) -> Vec<Planned> {
        let span = span(attributes);
        plan_records(&span, read(&span).as_ref(), &AGENT, None, max).unwrap()
    }

    fn one(attributes: Vec<KeyValue>) -> Map<String, Json> {
        planned(attributes, 1 << 20).remove(0).body
    }

    #[test]
    fn gen_ai_types_follow_the_operation_and_what_the_output_chose() {
        let messages = |m: &str| kv("gen_ai.output.messages", s(m));
        let cases = [
            (vec![kv("gen_ai.operation.name", s("plan"))], "plan"),
            (
                vec![kv("gen_ai.operation.name", s("invoke_agent"))],
                "analysis",
            ),
            (
                vec![kv("gen_ai.operation.name", s("execute_tool"))],
                "analysis",
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
                    kv("gen_ai.operation.name", s("chat")),
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
            let body = one(attributes.clone());
            assert_eq!(body["type"], want, "{attributes:?}");
        }
    }

    #[test]
    fn a_tool_s_run_is_what_came_of_the_model_s_decision() {
        let body = one(vec![
            kv("gen_ai.operation.name", s("execute_tool")),
            kv("gen_ai.tool.name", s("grep")),
            kv("gen_ai.tool.call.arguments", s(r#"{"q":"x"}"#)),
            kv("gen_ai.tool.call.result", s("3 matches")),
        ]);
        assert_eq!(body["type"], "analysis");
        assert_eq!(body["content"], r#"grep({"q":"x"}) → 3 matches"#);
        assert_eq!(
            body["metadata"]["gen_ai.tool.call.arguments"],
            json!({"q": "x"})
        );
        assert_eq!(body["metadata"]["otel.mapping"], "otlp mapping v2");
        assert_eq!(body["metadata"]["otel.convention"], "gen_ai");
        let body = one(vec![kv("gen_ai.completion", s("legacy"))]);
        assert_eq!(body["content"], "legacy");
        let body = one(vec![kv("gen_ai.operation.name", s("chat"))]);
        assert_eq!(body["content"], "chat gpt-4o");
        assert_eq!(body["agent_id"], "svc");
        assert_eq!(body["task_id"], hex::encode([1u8; 16]));
    }

    #[test]
    fn an_agent_s_run_says_what_it_was_asked_and_keeps_its_answer_aside() {
        let body = one(vec![
            kv("gen_ai.operation.name", s("invoke_agent")),
            kv("gen_ai.agent.name", s("planner")),
            kv(
                "gen_ai.input.messages",
                s(r#"[{"role":"user","parts":[{"type":"text","content":"Lyon to Paris?"}]}]"#),
            ),
            kv(
                "gen_ai.output.messages",
                s(
                    r#"[{"role":"assistant","parts":[{"type":"text","content":"TGV 6604."}],"finish_reason":"stop"}]"#,
                ),
            ),
        ]);
        assert_eq!(body["type"], "plan");
        assert_eq!(body["content"], "Lyon to Paris?");
        assert_eq!(body["agent_id"], "planner");
        assert_eq!(body["metadata"]["otel.output"], "TGV 6604.");
    }

    #[test]
    fn the_first_convention_marked_wins() {
        // The AI SDK writes gen_ai.* beside its own keys.
        let body = one(vec![
            kv("ai.operationId", s("ai.generateText.doGenerate")),
            kv("ai.response.text", s("hi")),
            kv("gen_ai.request.model", s("m")),
            kv("ai.model.id", s("m")),
        ]);
        assert_eq!(body["metadata"]["otel.convention"], "ai-sdk");
        assert_eq!(
            body["metadata"]["ai.operationId"],
            "ai.generateText.doGenerate"
        );
        // OpenInference over anything else.
        let body = one(vec![
            kv("openinference.span.kind", s("TOOL")),
            kv("tool.name", s("grep")),
            kv("gen_ai.operation.name", s("chat")),
        ]);
        assert_eq!(body["metadata"]["otel.convention"], "openinference");
        assert_eq!(body["content"], "grep()");
    }

    #[test]
    fn plumbing_and_spans_of_no_convention_are_skipped_not_refused() {
        assert!(planned(vec![kv("http.method", s("GET"))], 100).is_empty());
        assert!(planned(vec![kv("openinference.span.kind", s("EMBEDDING"))], 100).is_empty());
        assert!(planned(vec![kv("gen_ai.operation.name", s("embeddings"))], 100).is_empty());
        // A chain that says nothing.
        assert!(planned(vec![kv("openinference.span.kind", s("CHAIN"))], 100).is_empty());
    }

    #[test]
    fn long_content_is_cut_with_the_marker() {
        let text = "é".repeat(100);
        let body = planned(vec![kv("gen_ai.completion", s(&text))], 51)
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
    fn spans_stamped_by_the_traceloop_sdk_are_read_by_their_own_keys() {
        let stamped = |mut more: Vec<KeyValue>| {
            more.push(kv("traceloop.workflow.name", s("plan_trip")));
            more.push(kv("traceloop.association.properties.session_id", s("s-9")));
            more
        };
        // An HTTP client's span in the SDK's context: no record.
        assert!(planned(stamped(vec![kv("http.request.method", s("GET"))]), 100).is_empty());
        // A tool's run and an embedding call, by the GenAI part table.
        let body = one(stamped(vec![
            kv("gen_ai.operation.name", s("execute_tool")),
            kv("gen_ai.tool.name", s("grep")),
        ]));
        assert_eq!(
            (body["type"].as_str(), body["content"].as_str()),
            (Some("analysis"), Some("grep()"))
        );
        assert_eq!(body["session_id"], "s-9");
        assert_eq!(body["metadata"]["otel.convention"], "openllmetry");
        assert!(planned(
            stamped(vec![kv("gen_ai.operation.name", s("embeddings"))]),
            100
        )
        .is_empty());
    }

    #[test]
    fn openinference_multimodal_messages_and_decorated_tool_arguments_are_read() {
        let body = one(vec![
            kv("openinference.span.kind", s("LLM")),
            kv("llm.output_messages.0.message.role", s("assistant")),
            kv(
                "llm.output_messages.0.message.contents.0.message_content.type",
                s("text"),
            ),
            kv(
                "llm.output_messages.0.message.contents.0.message_content.text",
                s("Take the"),
            ),
            kv(
                "llm.output_messages.0.message.contents.1.message_content.text",
                s("9:40 TGV."),
            ),
            kv("output.value", s(r#"{"id":"chatcmpl-1"}"#)),
            kv("output.mime_type", s("application/json")),
        ]);
        assert_eq!(body["content"], "Take the\n9:40 TGV.");
        assert_eq!(body["type"], "decision");
        // Only the provider's JSON: not the model's words.
        let body = one(vec![
            kv("openinference.span.kind", s("LLM")),
            kv("output.value", s(r#"{"id":"chatcmpl-1"}"#)),
            kv("output.mime_type", s("application/json")),
        ]);
        assert_eq!(
            (body["type"].as_str(), body["content"].as_str()),
            (Some("analysis"), Some("chat gpt-4o"))
        );
        let body = one(vec![
            kv("openinference.span.kind", s("TOOL")),
            kv("tool.name", s("search_trains")),
            kv("input.value", s(r#"{"kw": {"to": "Paris"}}"#)),
            kv("output.value", s("[]")),
        ]);
        assert_eq!(body["content"], r#"search_trains({"to":"Paris"}) → []"#);
    }

    #[test]
    fn a_model_s_tool_call_without_captured_content_is_still_its_decision() {
        let body = one(vec![
            kv("gen_ai.operation.name", s("chat")),
            kv("gen_ai.response.finish_reasons", s("tool_calls")),
        ]);
        assert_eq!(body["type"], "decision");
        // With one call captured, its tool and arguments are metadata.
        let body = one(vec![
            kv("ai.operationId", s("ai.generateText.doGenerate")),
            kv(
                "ai.response.toolCalls",
                s(r#"[{"toolCallId":"c1","toolName":"grep","input":"{\"q\":\"x\"}"}]"#),
            ),
        ]);
        assert_eq!(body["metadata"]["gen_ai.tool.name"], "grep");
        assert_eq!(
            body["metadata"]["gen_ai.tool.call.arguments"],
            json!({"q": "x"})
        );
        // The AI SDK's newer `ai.toolCall.input`, and an object's answer.
        let body = one(vec![
            kv("ai.operationId", s("ai.toolCall")),
            kv("ai.toolCall.name", s("grep")),
            kv("ai.toolCall.input", s(r#"{"q":"x"}"#)),
        ]);
        assert_eq!(body["content"], r#"grep({"q":"x"})"#);
        let body = one(vec![
            kv("ai.operationId", s("ai.generateObject.doGenerate")),
            kv("ai.response.object", s(r#"{"city":"Lyon"}"#)),
            kv("ai.response.finishReason", s("stop")),
        ]);
        assert_eq!(
            (body["type"].as_str(), body["content"].as_str()),
            (Some("decision"), Some(r#"{"city":"Lyon"}"#))
        );
    }

    #[test]
    fn openllmetry_s_indexed_prompt_and_completion_are_read() {
        let body = one(vec![
            kv("llm.request.type", s("chat")),
            kv("gen_ai.prompt.0.role", s("user")),
            kv("gen_ai.prompt.0.content", s("Lyon to Paris?")),
            kv("gen_ai.completion.0.role", s("assistant")),
            kv("gen_ai.completion.0.finish_reason", s("tool_calls")),
            kv("gen_ai.completion.0.tool_calls.0.name", s("search_trains")),
            kv(
                "gen_ai.completion.0.tool_calls.0.arguments",
                s(r#"{"to":"Paris"}"#),
            ),
            kv("traceloop.association.properties.session_id", s("s-9")),
        ]);
        assert_eq!(body["type"], "decision");
        assert_eq!(body["content"], r#"search_trains({"to":"Paris"})"#);
        assert_eq!(body["metadata"]["otel.convention"], "openllmetry");
    }
}
