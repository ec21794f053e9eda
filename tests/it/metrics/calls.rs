//! Searches, MCP tool calls and OTLP spans, counted.

use serde_json::{json, Value};

use super::{requests, Service};
use crate::support::new_record;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn searches_tool_calls_and_spans_are_counted() {
    let service = Service::start(&[]);
    let c = &service.client;
    let r = c
        .post(service.url("/thoughts"))
        .json(&new_record("plan", "t", "a", "find the harbour"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    for _ in 0..3 {
        let r = c
            .get(service.url("/search?q=harbour"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
    // MCP, stateless: two calls of one tool, one refused, and a name that is
    // no tool.
    let call = |id: u64, name: &str, arguments: Value| {
        c.post(service.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
                "params": {"name": name, "arguments": arguments}}))
            .send()
    };
    let answer: Value = call(1, "thought_search", json!({"q": "harbour"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        answer["result"]["structuredContent"]["ok"], true,
        "{answer}"
    );
    let answer: Value = call(2, "thought_search", json!({}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    let answer: Value = call(3, "no_such_tool", json!({}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert!(answer["error"].is_object(), "{answer}");
    // OTLP/JSON: a GenAI span becomes a record, a span of no convention is
    // skipped; alone, it is refused.
    let span = |id: &str, attributes: Value| {
        json!({"traceId": "0102030405060708090a0b0c0d0e0f10", "spanId": id, "name": "s",
            "startTimeUnixNano": "1700000000000000000", "endTimeUnixNano": "1700000001000000000",
            "attributes": attributes})
    };
    let export = json!({"resourceSpans": [{
        "resource": {"attributes": [{"key": "service.name", "value": {"stringValue": "svc"}}]},
        "scopeSpans": [{"spans": [
        span("1112131415161718", json!([
            {"key": "gen_ai.operation.name", "value": {"stringValue": "chat"}}
        ])),
        span("2122232425262728", json!([])),
    ]}]}]});
    let r = c
        .post(service.url("/v1/traces"))
        .json(&export)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let answer: Value = r.json().await.unwrap();
    assert_eq!(answer, json!({}), "{answer}");
    let alone = json!({"resourceSpans": [{"scopeSpans": [{"spans": [
        span("3132333435363738", json!([]))
    ]}]}]});
    let r = c
        .post(service.url("/v1/traces"))
        .json(&alone)
        .send()
        .await
        .unwrap();
    let answer: Value = r.json().await.unwrap();
    // OTLP/JSON writes an int64 as a string.
    assert_eq!(answer["partialSuccess"]["rejectedSpans"], "1", "{answer}");

    let e = service.scrape(None).await;
    // The store's time per search page: the three REST ones and the tool's.
    assert_eq!(
        e.single("decision_trail_search_duration_seconds_count"),
        Some(4.0)
    );
    assert_eq!(requests(&e, "GET", "/search", "2xx"), 3.0);
    let tools = |tool: &str, outcome: &str| {
        e.sum(
            "decision_trail_mcp_tool_calls_total",
            &[("tool", tool), ("outcome", outcome)],
        )
    };
    assert_eq!(tools("thought_search", "ok"), 1.0);
    assert_eq!(tools("thought_search", "error"), 1.0);
    assert_eq!(tools("unknown", "error"), 1.0);
    assert_eq!(e.sum("decision_trail_mcp_tool_calls_total", &[]), 3.0);
    assert_eq!(requests(&e, "POST", "/mcp", "2xx"), 3.0);
    let spans = |outcome: &str| e.sum("decision_trail_otlp_spans_total", &[("outcome", outcome)]);
    assert_eq!(spans("accepted"), 1.0);
    assert_eq!(spans("skipped"), 1.0);
    assert_eq!(spans("rejected"), 1.0);
}
