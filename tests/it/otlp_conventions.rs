//! otlp mapping v2 on what the real instrumentations sent (captured from
//! the unchanged packages, an OpenAI-compatible fake answering a tool call
//! and then a final answer; `tests/data/otlp/`): OpenInference's OpenAI
//! instrumentation with an agent span, Traceloop's SDK and its OpenAI
//! instrumentation, OpenTelemetry's `openai-v2` with content on spans, and
//! the AI SDK's `generateText`, each plain and streamed. Each run's spans
//! are sent as one export (as a batch span processor sends them), then its
//! trail is read back, walked, and sent again.

use serde_json::{json, Value};

use crate::support::{data_file, TestApp};

/// The run's export requests, as captured, merged into one export.
fn run(name: &str) -> Value {
    let text = std::fs::read_to_string(data_file(&format!("otlp/{name}.json"))).unwrap();
    let requests: Vec<Value> = serde_json::from_str(&text).unwrap();
    let spans: Vec<Value> = requests
        .iter()
        .flat_map(|r| r["resourceSpans"].as_array().unwrap().clone())
        .collect();
    json!({ "resourceSpans": spans })
}

async fn export(app: &TestApp, body: &Value) -> Value {
    let r = app
        .client
        .post(app.url("/v1/traces"))
        .json(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    r.json().await.unwrap()
}

async fn trail(app: &TestApp, task: &str) -> Vec<Value> {
    let (status, page) = app
        .get_json(&format!("/thoughts?task_id={task}&limit=100"))
        .await;
    assert_eq!(status, 200);
    page["records"].as_array().unwrap().clone()
}

/// Sends the run, checks the trail against `expected` (type and content
/// start, in seq order), the parents (every record under the first, or
/// under the record `parents` names by index), the session and agent, the
/// chain and each receipt, then that a retried export makes no record.
async fn check(
    name: &str,
    convention: &str,
    agent: &str,
    expected: &[(&str, &str)],
    parents: &[Option<usize>],
) -> Vec<Value> {
    let app = TestApp::spawn().await;
    let body = run(name);
    assert_eq!(export(&app, &body).await, json!({}), "{name}");
    let records = trail(&app, "s-1").await;
    let said: Vec<(String, String)> = records
        .iter()
        .map(|r| {
            (
                r["type"].as_str().unwrap().to_string(),
                r["content"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    assert_eq!(records.len(), expected.len(), "{name}: {said:#?}");
    for ((kind, content), (want_kind, want_start)) in said.iter().zip(expected) {
        assert_eq!(kind, want_kind, "{name}: {said:#?}");
        assert!(
            content.starts_with(want_start),
            "{name}: `{content}` should start `{want_start}`"
        );
    }
    for (r, parent) in records.iter().zip(parents) {
        match parent {
            None => assert!(r.get("parent_id").is_none(), "{name}: {r}"),
            Some(p) => assert_eq!(r["parent_id"], records[*p]["id"], "{name}: {r}"),
        }
        assert_eq!(r["session_id"], "s-1");
        assert_eq!(r["agent_id"], agent, "{name}: {r}");
        assert_eq!(r["metadata"]["otel.mapping"], "otlp mapping v2");
        assert_eq!(r["metadata"]["otel.convention"], convention, "{name}: {r}");
        assert!(r["metadata"]["otel.start_time"].is_string());
        let (status, _) = app
            .get_json(&format!("/thoughts/{}/receipt", r["id"].as_str().unwrap()))
            .await;
        assert_eq!(status, 200);
    }
    let (_, verdict) = app.get_json("/tasks/s-1/verify").await;
    assert_eq!(verdict["valid"], true, "{name}: {verdict}");
    assert_eq!(export(&app, &body).await, json!({}));
    assert_eq!(
        trail(&app, "s-1").await,
        records,
        "{name}: a retry makes no record"
    );
    records
}

const ASKED: &str = "Find me a train from Paris to Lyon tomorrow morning.";
const CALL: &str = r#"search_trains({"from":"Paris","to":"Lyon"})"#;
const ANSWER: &str = "The next train from Paris to Lyon is TGV 6601";

/// The model's chats: model and tokens, as the chips read them.
fn chats(records: &[Value], model: &str) {
    let decisions: Vec<&Value> = records.iter().filter(|r| r["type"] == "decision").collect();
    assert_eq!(decisions.len(), 2);
    for (r, (input, output)) in decisions.iter().zip([(82, 18), (131, 27)]) {
        assert_eq!(r["metadata"]["gen_ai.request.model"], model, "{r}");
        assert_eq!(r["metadata"]["gen_ai.usage.input_tokens"], input, "{r}");
        assert_eq!(r["metadata"]["gen_ai.usage.output_tokens"], output, "{r}");
    }
}

#[tokio::test]
async fn openinference_runs_become_trails() {
    for name in ["openinference", "openinference-stream"] {
        let records = check(
            name,
            "openinference",
            "train-agent",
            &[
                ("plan", ASKED),
                ("decision", CALL),
                ("analysis", CALL),
                ("decision", ANSWER),
            ],
            &[None, Some(0), Some(0), Some(0)],
        )
        .await;
        chats(&records, "gpt-4o-mini");
        assert!(records[2]["content"]
            .as_str()
            .unwrap()
            .contains("→ [{\"train\": \"TGV 6601\""));
        assert_eq!(records[0]["metadata"]["openinference.span.kind"], "AGENT");
        assert!(records[0]["metadata"]["otel.output"]
            .as_str()
            .unwrap()
            .starts_with(ANSWER));
    }
}

#[tokio::test]
async fn openllmetry_sdk_runs_become_trails() {
    for name in ["traceloop-sdk", "traceloop-sdk-stream"] {
        let records = check(
            name,
            "openllmetry",
            "train-agent",
            &[
                // The workflow and the agent were given no arguments: their runs
                // are told by what they answered.
                ("analysis", ANSWER),
                ("analysis", ANSWER),
                ("decision", CALL),
                ("analysis", CALL),
                ("decision", ANSWER),
            ],
            &[None, Some(0), Some(1), Some(1), Some(1)],
        )
        .await;
        chats(&records, "gpt-4o-mini");
        assert_eq!(records[1]["metadata"]["traceloop.span.kind"], "agent");
    }
}

#[tokio::test]
async fn opentelemetry_genai_runs_become_trails() {
    for name in ["genai-v2-span_only", "genai-v2-span_only-stream"] {
        let records = check(
            name,
            "gen_ai",
            "train-agent",
            &[
                ("plan", ASKED),
                ("decision", CALL),
                ("analysis", CALL),
                ("decision", ANSWER),
            ],
            &[None, Some(0), Some(0), Some(0)],
        )
        .await;
        chats(&records, "gpt-4o-mini");
        assert!(records[2]["content"]
            .as_str()
            .unwrap()
            .contains(" → [{\"train\":\"TGV 6601\""));
    }
}

#[tokio::test]
async fn ai_sdk_runs_become_trails() {
    let records = check(
        "ai-sdk",
        "ai-sdk",
        "planner",
        &[
            ("plan", ASKED),
            ("decision", CALL),
            ("analysis", CALL),
            ("decision", ANSWER),
        ],
        &[None, Some(0), Some(0), Some(0)],
    )
    .await;
    chats(&records, "gpt-4o-mini");
    assert!(records[2]["content"]
        .as_str()
        .unwrap()
        .contains(" → [{\"train\":\"TGV 6601\""));
    assert_eq!(records[0]["metadata"]["ai.operationId"], "ai.generateText");

    // streamText: the SDK starts the tool's span in a trace of its own, so
    // it is a root of the session's task, not under the call.
    let records = check(
        "ai-sdk-stream",
        "ai-sdk",
        "planner",
        &[
            ("plan", ASKED),
            ("analysis", CALL),
            ("decision", CALL),
            ("decision", ANSWER),
        ],
        &[None, None, Some(0), Some(0)],
    )
    .await;
    chats(&records, "gpt-4o-mini");
}

#[tokio::test]
async fn a_lone_instrumentation_without_a_session_makes_a_task_per_trace() {
    // Traceloop's OpenAI instrumentation alone: two chats, each its own
    // trace, no session: each trace is a task.
    let app = TestApp::spawn().await;
    assert_eq!(export(&app, &run("traceloop")).await, json!({}));
    let (_, page) = app.get_json("/thoughts?limit=10").await;
    let records = page["records"].as_array().unwrap();
    assert_eq!(records.len(), 2, "{records:#?}");
    assert_ne!(records[0]["task_id"], records[1]["task_id"]);
    for r in records {
        assert_eq!(r["task_id"], r["metadata"]["otel.trace_id"]);
        assert!(r.get("session_id").is_none());
        assert_eq!(r["agent_id"], "train-agent", "service.name");
        assert_eq!(r["type"], "decision");
    }
    assert!(records[0]["content"].as_str().unwrap().starts_with(CALL));
}
