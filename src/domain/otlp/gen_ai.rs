//! OpenTelemetry's GenAI semantic conventions (`gen_ai.*`), as the
//! `opentelemetry-instrumentation-*-v2` packages and agent frameworks write
//! them: `gen_ai.operation.name` says the span's part; the messages are
//! `gen_ai.input.messages` / `gen_ai.output.messages` (with content capture
//! on spans), or one completion string before them; a tool run carries
//! `gen_ai.tool.name`, `gen_ai.tool.call.arguments` and `.result`.

use super::facts::{
    last_user_text, parts_messages, reasons, take_output, Attrs, Convention, Facts, Role,
};
use super::proto::Span;

pub(crate) fn read(span: &Span, a: &Attrs<'_>) -> Option<Facts> {
    if !a.any("gen_ai.") {
        return None;
    }
    let operation = a.str("gen_ai.operation.name").unwrap_or("");
    let mut f = Facts::new(
        Convention::GenAi,
        role(a),
        "gen_ai.operation.name",
        operation,
    );
    fill(&mut f, span, a);
    Some(f)
}

/// A span's part by `gen_ai.operation.name`; without one, a tool's run
/// when it names a tool, a model call when it names a model or a message,
/// else another step.
pub(crate) fn role(a: &Attrs<'_>) -> Role {
    match a.str("gen_ai.operation.name").unwrap_or("") {
        "invoke_agent" | "invoke_workflow" => Role::Agent,
        "plan" => Role::Plan,
        "execute_tool" => Role::Tool,
        "chat" | "text_completion" | "generate_content" => Role::Llm,
        "embeddings" | "create_agent" => Role::Plumbing,
        "" if a.str("gen_ai.tool.name").is_some() => Role::Tool,
        "" if a.any("gen_ai.request.model")
            || a.any("gen_ai.response.model")
            || a.any("gen_ai.output.messages")
            || a.any("gen_ai.completion") =>
        {
            Role::Llm
        }
        _ => Role::Step,
    }
}

/// The GenAI keys, which OpenLLMetry writes too.
pub(crate) fn fill(f: &mut Facts, span: &Span, a: &Attrs<'_>) {
    f.session = f
        .session
        .take()
        .or_else(|| a.first(&["gen_ai.conversation.id"]));
    f.agent = f
        .agent
        .take()
        .or_else(|| a.first(&["gen_ai.agent.name", "gen_ai.agent.id"]));
    f.request_model = a.first(&["gen_ai.request.model"]);
    f.response_model = a.first(&["gen_ai.response.model"]);
    f.input_tokens = a.number(&["gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens"]);
    f.output_tokens = a.number(&[
        "gen_ai.usage.output_tokens",
        "gen_ai.usage.completion_tokens",
    ]);
    f.tool = a.first(&["gen_ai.tool.name"]);
    f.tool_call_id = a.first(&["gen_ai.tool.call.id"]);
    f.tool_arguments = a.json("gen_ai.tool.call.arguments");
    // As sent: a string as it is, a structured value as JSON.
    f.tool_result = a.first(&["gen_ai.tool.call.result"]).or_else(|| {
        a.json("gen_ai.tool.call.result")
            .map(|r| super::facts::text_of(&r))
    });
    if let Some(m) = a.json("gen_ai.input.messages") {
        f.input = last_user_text(&parts_messages(&m));
    }
    if let Some(m) = a.json("gen_ai.output.messages") {
        take_output(f, &parts_messages(&m));
    }
    if f.output.is_empty() {
        if let Some(text) = a.first(&["gen_ai.completion"]) {
            f.output.push(text);
        }
    }
    f.finish_reasons
        .extend(reasons(a.json("gen_ai.response.finish_reasons")));
    if f.role == Role::Tool && f.tool.is_none() {
        f.tool = Some(span.name.trim_start_matches("execute_tool ").to_string());
    }
}
