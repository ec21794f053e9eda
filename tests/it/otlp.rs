//! `/v1/traces`: OTLP/HTTP exports whose GenAI spans become records (otlp
//! mapping v1, docs/design.md §11), in protobuf and JSON, gzipped or not.

use std::io::Write;

use decision_trail::domain::otlp::proto::{
    AnyValue, Event, ExportTraceServiceRequest, ExportTraceServiceResponse, KeyValue, Resource,
    ResourceSpans, ScopeSpans, Span, Value as V,
};
use prost::Message;
use serde_json::{json, Value};

use crate::support::{assert_problem, bearer, ring, test_limits, TestApp, READER, WRITER};
use decision_trail::http::ops::guard::Rate;

const TRACE: [u8; 16] = [7; 16];

fn kv(key: &str, value: V) -> KeyValue {
    KeyValue {
        key: key.into(),
        value: Some(AnyValue { value: Some(value) }),
    }
}

fn s(v: &str) -> V {
    V::StringValue(v.into())
}

fn span(id: u8, parent: Option<u8>, name: &str, start: u64, attributes: Vec<KeyValue>) -> Span {
    Span {
        trace_id: TRACE.to_vec(),
        span_id: vec![id; 8],
        parent_span_id: parent.map(|p| vec![p; 8]).unwrap_or_default(),
        name: name.into(),
        start_time_unix_nano: start,
        end_time_unix_nano: start + 1_000,
        attributes,
        ..Span::default()
    }
}

/// A `chat` span `id` under `parent`.
fn chat(id: u8, parent: u8) -> Span {
    span(
        id,
        Some(parent),
        "chat",
        10 * id as u64,
        vec![kv("gen_ai.operation.name", s("chat"))],
    )
}

fn export(spans: Vec<Span>) -> ExportTraceServiceRequest {
    ExportTraceServiceRequest {
        resource_spans: vec![ResourceSpans {
            resource: Some(Resource {
                attributes: vec![kv("service.name", s("travel-app"))],
            }),
            scope_spans: vec![ScopeSpans { spans }],
        }],
    }
}

/// An agent run as frameworks export it: children before their parent.
fn agent_run() -> ExportTraceServiceRequest {
    let op = |o: &str| kv("gen_ai.operation.name", s(o));
    let mut root = span(
        1,
        None,
        "invoke_agent planner",
        100,
        vec![
            op("invoke_agent"),
            kv("gen_ai.agent.name", s("planner")),
            kv("gen_ai.conversation.id", s("conv-42")),
            kv(
                "gen_ai.output.messages",
                s(
                    r#"[{"role":"assistant","parts":[{"type":"text","content":"Book the 9:40 train."}],"finish_reason":"stop"}]"#,
                ),
            ),
        ],
    );
    root.events.push(Event {
        time_unix_nano: 900,
        name: "gen_ai.evaluation.result".into(),
        attributes: vec![
            kv("gen_ai.evaluation.name", s("relevance")),
            kv("gen_ai.evaluation.score.value", V::DoubleValue(0.75)),
            kv("gen_ai.evaluation.explanation", s("On topic, one detour.")),
        ],
    });
    export(vec![
        span(
            3,
            Some(1),
            "execute_tool timetable",
            300,
            vec![
                op("execute_tool"),
                kv("gen_ai.tool.name", s("timetable")),
                kv("gen_ai.tool.call.arguments", s(r#"{"from":"Lyon"}"#)),
            ],
        ),
        span(
            2,
            Some(1),
            "chat gpt-4o",
            200,
            vec![
                op("chat"),
                kv("gen_ai.request.model", s("gpt-4o")),
                kv("gen_ai.usage.input_tokens", V::IntValue(120)),
                kv("gen_ai.usage.output_tokens", V::IntValue(14)),
                kv(
                    "gen_ai.output.messages",
                    s(
                        r#"[{"role":"assistant","parts":[{"type":"tool_call","name":"timetable","arguments":{"from":"Lyon"}}],"finish_reason":"tool_call"}]"#,
                    ),
                ),
            ],
        ),
        span(
            4,
            Some(1),
            "plan",
            150,
            vec![op("plan"), kv("gen_ai.completion", s("1. look up trains"))],
        ),
        span(
            5,
            Some(1),
            "GET /timetable",
            310,
            vec![kv("http.request.method", s("GET"))],
        ),
        root,
    ])
}

async fn send(
    app: &TestApp,
    auth: Option<&str>,
    content_type: &str,
    encoding: Option<&str>,
    body: Vec<u8>,
) -> reqwest::Response {
    let mut r = app
        .client
        .post(app.url("/v1/traces"))
        .header("content-type", content_type)
        .body(body);
    if let Some(a) = auth {
        r = r.header("authorization", a);
    }
    if let Some(e) = encoding {
        r = r.header("content-encoding", e);
    }
    r.send().await.expect("request sent")
}

async fn send_proto(
    app: &TestApp,
    request: &ExportTraceServiceRequest,
) -> ExportTraceServiceResponse {
    let r = send(
        app,
        None,
        "application/x-protobuf",
        None,
        request.encode_to_vec(),
    )
    .await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/x-protobuf");
    ExportTraceServiceResponse::decode(r.bytes().await.unwrap()).unwrap()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    e.write_all(bytes).unwrap();
    e.finish().unwrap()
}

async fn records(app: &TestApp, task: &str) -> Vec<Value> {
    let (status, page) = app
        .get_json(&format!("/thoughts?task_id={task}&limit=100"))
        .await;
    assert_eq!(status, 200);
    page["records"].as_array().unwrap().clone()
}

fn by_span<'a>(records: &'a [Value], span: u8, kind: &str) -> &'a Value {
    let id = hex::encode([span; 8]);
    records
        .iter()
        .find(|r| r["metadata"]["otel.span_id"] == id.as_str() && r["type"] == kind)
        .unwrap_or_else(|| panic!("no {kind} of span {id} in {records:#?}"))
}

#[tokio::test]
async fn an_agent_run_becomes_a_tree_of_records_once_however_often_it_is_sent() {
    let app = TestApp::spawn().await;
    let answer = send_proto(&app, &agent_run()).await;
    // The HTTP client's span is plumbing: skipped, not refused, while the
    // export's other spans make records.
    assert!(answer.partial_success.is_none(), "{answer:?}");

    let trail = records(&app, "conv-42").await;
    assert_eq!(trail.len(), 5, "{trail:#?}");
    // The agent's run is the root; it says no input, so it is told by its
    // answer (no model span here gives it).
    let root = by_span(&trail, 1, "analysis");
    assert_eq!(root["seq"], 0, "the parent is appended first");
    assert_eq!(root["content"], "Book the 9:40 train.");
    assert_eq!(root["agent_id"], "planner");
    assert_eq!(root["session_id"], "conv-42");
    assert!(root.get("parent_id").is_none());
    let chat = by_span(&trail, 2, "decision");
    assert_eq!(chat["content"], r#"timetable({"from":"Lyon"})"#);
    assert_eq!(chat["metadata"]["gen_ai.request.model"], "gpt-4o");
    assert_eq!(chat["metadata"]["gen_ai.usage.input_tokens"], 120);
    assert_eq!(chat["agent_id"], "planner", "inherited from the agent span");
    // The model's tool call is the decision; the tool's run, what came of it.
    let tool = by_span(&trail, 3, "analysis");
    assert_eq!(tool["content"], r#"timetable({"from":"Lyon"})"#);
    assert_eq!(tool["metadata"]["gen_ai.tool.name"], "timetable");
    assert_eq!(
        tool["metadata"]["gen_ai.tool.call.arguments"],
        json!({"from": "Lyon"})
    );
    let plan = by_span(&trail, 4, "plan");
    assert_eq!(plan["content"], "1. look up trains");
    let reflection = by_span(&trail, 1, "reflection");
    assert_eq!(reflection["content"], "On topic, one detour.");
    assert_eq!(
        reflection["metadata"]["gen_ai.evaluation.score.value"],
        0.75
    );
    for child in [chat, tool, plan, reflection] {
        assert_eq!(child["parent_id"], root["id"], "{child}");
    }
    // Siblings in start order.
    assert!(plan["seq"].as_u64() < chat["seq"].as_u64());

    // The exporter's retry, and a duplicated batch: no new records.
    for _ in 0..2 {
        let again = send_proto(&app, &agent_run()).await;
        assert!(again.partial_success.is_none());
    }
    assert_eq!(records(&app, "conv-42").await, trail);
    let (status, verdict) = app.get_json("/tasks/conv-42/verify").await;
    assert_eq!(status, 200);
    assert_eq!(verdict["valid"], true, "{verdict}");
    assert_eq!(verdict["length"], 5);
}

#[tokio::test]
async fn json_and_gzip_bodies_are_read_as_protobuf_ones_are() {
    let app = TestApp::spawn().await;
    let body = json!({"resourceSpans": [{
        "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "svc"}}]},
        "scopeSpans": [{"scope": {"name": "x"}, "spans": [{
            "traceId": "0102030405060708090a0b0c0d0e0f10",
            "spanId": "1112131415161718",
            "name": "chat m",
            "kind": 3,
            "startTimeUnixNano": "1700000000000000000",
            "endTimeUnixNano": 1700000001000000000u64,
            "attributes": [
                {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}},
                {"key": "gen_ai.usage.output_tokens", "value": {"intValue": "7"}}
            ],
            "status": {"code": 2, "message": "boom"}
        }]}]
    }]});
    let bytes = serde_json::to_vec(&body).unwrap();
    let r = send(&app, None, "application/json", Some("gzip"), gzip(&bytes)).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.json::<Value>().await.unwrap(), json!({}));
    let task = "0102030405060708090a0b0c0d0e0f10";
    let trail = records(&app, task).await;
    assert_eq!(trail.len(), 1);
    let r = &trail[0];
    assert_eq!(r["type"], "analysis");
    assert_eq!(r["agent_id"], "svc");
    assert_eq!(r["content"], "chat m");
    assert_eq!(r["metadata"]["otel.mapping"], "otlp mapping v2");
    assert_eq!(r["metadata"]["gen_ai.usage.output_tokens"], 7);
    assert_eq!(r["metadata"]["otel.status"], "error");
    assert_eq!(
        r["metadata"]["otel.start_time"],
        "2023-11-14T22:13:20.000000000Z"
    );
    assert!(r.get("session_id").is_none());

    // A JSON export whose one span is no record: partialSuccess, in JSON.
    let plain = json!({"resourceSpans": [{"scopeSpans": [{"spans": [{
        "traceId": task, "spanId": "2122232425262728", "name": "GET /"
    }]}]}]});
    let r = send(
        &app,
        None,
        "application/json",
        None,
        serde_json::to_vec(&plain).unwrap(),
    )
    .await;
    assert_eq!(r.status(), 200);
    let answer: Value = r.json().await.unwrap();
    assert_eq!(answer["partialSuccess"]["rejectedSpans"], "1");
    assert!(answer["partialSuccess"]["errorMessage"]
        .as_str()
        .unwrap()
        .contains("of no agent convention"));
}

#[tokio::test]
async fn a_parent_sent_later_is_named_and_an_earlier_one_is_linked() {
    let app = TestApp::spawn().await;
    // The child first: its parent is not a record yet.
    send_proto(&app, &export(vec![chat(2, 1)])).await;
    // Then the parent, then a grandchild whose parent is the first child.
    send_proto(&app, &export(vec![chat(1, 9)])).await;
    send_proto(&app, &export(vec![chat(3, 2)])).await;
    // The child's export sent again, now that its parent is a record: the
    // same span, answered its first record (the parent is the service's
    // finding, not what the exporter sent), nothing rejected.
    let again = send_proto(&app, &export(vec![chat(2, 1)])).await;
    assert_eq!(again.partial_success.map_or(0, |p| p.rejected_spans), 0);
    let trail = records(&app, &hex::encode(TRACE)).await;
    assert_eq!(trail.len(), 3);
    let child = by_span(&trail, 2, "analysis");
    assert!(child.get("parent_id").is_none());
    assert_eq!(
        child["metadata"]["otel.parent_span_id"],
        hex::encode([1u8; 8])
    );
    let grandchild = by_span(&trail, 3, "analysis");
    assert_eq!(grandchild["parent_id"], child["id"]);
}

#[tokio::test]
async fn bad_bodies_types_and_encodings_are_refused() {
    let app = TestApp::spawn().await;
    let r = send(
        &app,
        None,
        "application/x-protobuf",
        None,
        vec![0xff, 0xff, 0xff],
    )
    .await;
    assert_problem(r, 400, "malformed_request").await;
    let r = send(
        &app,
        None,
        "application/json",
        None,
        b"{\"resourceSpans\": 3}".to_vec(),
    )
    .await;
    assert_problem(r, 400, "malformed_json").await;
    let r = send(
        &app,
        None,
        "application/json",
        Some("gzip"),
        b"not gzip".to_vec(),
    )
    .await;
    assert_problem(r, 400, "malformed_request").await;
    let r = send(&app, None, "text/plain", None, b"{}".to_vec()).await;
    assert_problem(r, 415, "unsupported_media_type").await;
    let r = send(&app, None, "application/json", Some("br"), b"{}".to_vec()).await;
    assert_problem(r, 415, "unsupported_media_type").await;
    let limit = decision_trail::http::DEFAULT_MAX_BODY_BYTES;
    let r = send(&app, None, "application/json", None, vec![b' '; limit + 1]).await;
    assert_problem(r, 413, "payload_too_large").await;
    // A small gzip body that inflates past the limit: refused at the limit.
    let bomb = gzip(&vec![b' '; 4 * limit]);
    assert!(bomb.len() < limit / 100);
    let r = send(&app, None, "application/json", Some("gzip"), bomb).await;
    assert_problem(r, 413, "payload_too_large").await;
    let (_, tasks) = app.get_json("/tasks").await;
    assert_eq!(tasks["tasks"], json!([]));

    // A span the record rules refuse is that span's refusal, not the export's.
    let deep = format!("{}1{}", "[".repeat(40), "]".repeat(40));
    let bad_agent = "a\u{200b}b";
    let refused = export(vec![
        span(
            1,
            None,
            "execute_tool",
            1,
            vec![
                kv("gen_ai.operation.name", s("execute_tool")),
                kv("gen_ai.tool.call.arguments", s(&deep)),
            ],
        ),
        span(
            2,
            None,
            "chat",
            2,
            vec![kv("gen_ai.agent.id", s(bad_agent))],
        ),
    ]);
    let answer = send_proto(&app, &refused).await.partial_success.unwrap();
    assert_eq!(answer.rejected_spans, 2, "{}", answer.error_message);
    let (_, tasks) = app.get_json("/tasks").await;
    assert_eq!(tasks["tasks"], json!([]));
}

#[tokio::test]
async fn keys_guard_the_receiver_and_a_writer_key_binds_the_agent() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let body = agent_run().encode_to_vec();
    let r = send(&app, None, "application/x-protobuf", None, body.clone()).await;
    assert_problem(r, 401, "unauthorized").await;
    let reader = bearer(READER);
    let r = send(
        &app,
        Some(&reader),
        "application/x-protobuf",
        None,
        body.clone(),
    )
    .await;
    assert_problem(r, 403, "forbidden").await;
    let writer = bearer(WRITER);
    let r = send(&app, Some(&writer), "application/x-protobuf", None, body).await;
    assert_eq!(r.status(), 200);
    let r = app
        .client
        .get(app.url("/thoughts?task_id=conv-42"))
        .header("authorization", &writer)
        .send()
        .await
        .unwrap();
    let page: Value = r.json().await.unwrap();
    let trail = page["records"].as_array().unwrap();
    assert_eq!(trail.len(), 5);
    assert!(
        trail.iter().all(|r| r["agent_id"] == "planner-1"),
        "the key's agent wins"
    );
}

#[tokio::test]
async fn an_export_past_the_rate_is_told_when_to_retry() {
    let limits = decision_trail::http::Limits {
        rate: Some(Rate {
            per_second: 0.001,
            burst: 1,
        }),
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
    let body = agent_run().encode_to_vec();
    let r = send(&app, None, "application/x-protobuf", None, body.clone()).await;
    assert_eq!(r.status(), 200);
    let r = send(&app, None, "application/x-protobuf", None, body).await;
    assert!(r.headers().contains_key("retry-after"));
    assert_problem(r, 429, "rate_limited").await;
}

#[tokio::test]
async fn a_parent_whose_stored_key_was_pointed_elsewhere_is_not_linked() {
    let app = TestApp::spawn().await;
    send_proto(&app, &export(vec![chat(2, 1)])).await;
    let trail = records(&app, &hex::encode(TRACE)).await;
    let parent = by_span(&trail, 2, "analysis");
    // Span 2's idempotency key now names a record of another task.
    let other = app
        .append(&crate::support::new_record(
            "plan",
            "elsewhere",
            "x",
            "unrelated",
        ))
        .await;
    crate::support::execute(
        &app.database_url,
        &format!(
            "UPDATE idempotency SET record_id = '{}' WHERE record_id = '{}'",
            other["id"].as_str().unwrap(),
            parent["id"].as_str().unwrap()
        ),
    )
    .await
    .unwrap();
    send_proto(&app, &export(vec![chat(3, 2)])).await;
    let trail = records(&app, &hex::encode(TRACE)).await;
    let child = by_span(&trail, 3, "analysis");
    assert!(child.get("parent_id").is_none(), "{child}");
    let metrics = app.get("/metrics").await.text().await.unwrap();
    assert!(
        metrics.contains("decision_trail_stored_rows_refused_total{table=\"idempotency\"}"),
        "{metrics}"
    );
}

#[tokio::test]
async fn with_erasable_on_the_service_spans_become_erasable_records_whose_erasure_survives_a_retry()
{
    let app = TestApp::builder()
        .config(|c| c.erasable = true)
        .spawn()
        .await;
    send_proto(&app, &agent_run()).await;
    let trail = records(&app, "conv-42").await;
    assert_eq!(trail.len(), 5);
    for r in &trail {
        assert!(r["content_commitment"].is_string(), "{r}");
        crate::support::assert_hash_recomputes(r);
    }
    let erased = app
        .client
        .delete(app.url(&format!(
            "/thoughts/{}/content",
            trail[1]["id"].as_str().unwrap()
        )))
        .json(&json!({"reason": "the prompt held a customer's name"}))
        .send()
        .await
        .unwrap();
    assert_eq!(erased.status(), 200);
    // The exporter's retry replays every span: no new record, the erased one
    // answered as erased.
    send_proto(&app, &agent_run()).await;
    let again = records(&app, "conv-42").await;
    assert_eq!(again.len(), 6, "five spans and the erasure: {again:#?}");
    assert!(again[1].get("erased").is_some());
    let (_, verdict) = app.get_json("/tasks/conv-42/verify").await;
    assert_eq!(
        (verdict["valid"].as_bool(), verdict["erased"].as_u64()),
        (Some(true), Some(1))
    );
}
