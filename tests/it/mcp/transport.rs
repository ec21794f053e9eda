//! What surrounds the MCP tools: API keys, roles and agent binding; the
//! transport's own refusals; a thousand malformed calls; `decision-trail
//! mcp` over stdio; the body and rate limits.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use rmcp::model::CallToolRequestParams;
use rmcp::service::ServiceError;
use serde_json::{json, Value};

use super::{call, connect, data, error, fields, TOOLS};
use crate::support::{
    assert_problem, new_record, ring, Rng, TestApp, BIN, OTHER_WRITER, READER, REVIEWER, WRITER,
};

#[tokio::test]
async fn keys_roles_and_agent_binding_apply_to_mcp() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    // No key: the guard answers 401 before any MCP.
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
        .send()
        .await
        .unwrap();
    assert_problem(r, 401, "unauthorized").await;

    let writer = connect(&app, Some(WRITER)).await;
    // The key's agent is filled in; another agent is refused.
    let own = data(
        &call(
            &writer,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "content": "mine"}),
        )
        .await,
    );
    assert_eq!(own["agent_id"], "planner-1");
    let e = error(
        &call(
            &writer,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "agent_id": "coder-2", "content": "theirs"}),
        )
        .await,
    );
    assert_eq!(e["code"], "FORBIDDEN");
    let reader = connect(&app, Some(READER)).await;
    let e = error(
        &call(
            &reader,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "content": "no"}),
        )
        .await,
    );
    assert_eq!(e["code"], "FORBIDDEN");
    // A reader reads.
    let page = data(&call(&reader, "thought_record_list", json!({"task_id": "t"})).await);
    assert_eq!(page["records"].as_array().unwrap().len(), 1);
    let other = connect(&app, Some(OTHER_WRITER)).await;
    let theirs = data(
        &call(
            &other,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "content": "theirs"}),
        )
        .await,
    );
    assert_eq!(theirs["agent_id"], "coder-2");
    for c in [writer, reader, other] {
        c.cancel().await.unwrap();
    }
}

/// What the SDK refuses before a tool runs is a problem like any other.
#[tokio::test]
async fn transport_refusals_are_problems() {
    let app = TestApp::spawn().await;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let r = app.client.get(app.url("/mcp")).send().await.unwrap();
    assert!(r.headers().get("allow").is_some());
    assert_problem(r, 405, "method_not_allowed").await;
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json")
        .json(&list)
        .send()
        .await
        .unwrap();
    assert_problem(r, 406, "not_acceptable").await;
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "text/plain")
        .body(list.to_string())
        .send()
        .await
        .unwrap();
    assert_problem(r, 415, "unsupported_media_type").await;
    // JSON that is no JSON-RPC message, or no JSON: the body is at fault.
    for body in [r#"{"jsonrpc": "2.0", "id": 1}"#, "[1, 2]", "not json"] {
        let r = app
            .client
            .post(app.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        let p = assert_problem(r, 400, "malformed_json").await;
        assert!(p["detail"].as_str().unwrap().contains("JSON-RPC"), "{p}");
    }
    // A Host that is not loopback: refused (DNS rebinding), by default.
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("host", "evil.example")
        .header("accept", "application/json, text/event-stream")
        .json(&list)
        .send()
        .await
        .unwrap();
    assert_problem(r, 403, "forbidden").await;
    // Plain JSON-RPC without the SDK: stateless, one JSON answer.
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&list)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let answer: Value = r.json().await.unwrap();
    assert_eq!(
        answer["result"]["tools"].as_array().unwrap().len(),
        TOOLS.len()
    );
}

/// A random JSON value of any type, nested a little.
fn random_value(rng: &mut Rng, depth: u32) -> Value {
    match rng.below(if depth > 2 { 7 } else { 9 }) {
        0 => Value::Null,
        1 => Value::Bool(rng.next().is_multiple_of(2)),
        2 => json!(rng.next() as i64),
        3 => json!((rng.next() % 1000) as f64 / 7.0),
        4 => json!("x".repeat(rng.below(200_000))),
        5 => json!(["plan", "\u{0}", "🤖", "..", "\u{202e}abc", ""][rng.below(6)]),
        6 => json!(-1),
        7 => Value::Array(
            (0..rng.below(4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => {
            let mut o = serde_json::Map::new();
            for _ in 0..rng.below(4) {
                let key = format!("k{}", rng.below(5));
                o.insert(key, random_value(rng, depth + 1));
            }
            Value::Object(o)
        }
    }
}

/// 1,000 calls with malformed arguments (wrong types, unknown members, huge
/// strings): each is a tool error or a JSON-RPC error, never a crash or a 5xx.
#[tokio::test]
async fn a_thousand_malformed_calls_are_refused_cleanly() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "x")).await;
    let client = connect(&app, None).await;
    let known = [
        "type",
        "task_id",
        "agent_id",
        "content",
        "metadata",
        "expected_prev_hash",
        "idempotency_key",
        "id",
        "limit",
        "after",
        "first",
        "second",
        "tree_size",
        "since",
    ];
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let (mut tool_errors, mut rpc_errors) = (0, 0);
    for i in 0..1000 {
        let tool = if rng.below(20) == 0 {
            "no_such_tool"
        } else {
            TOOLS[rng.below(TOOLS.len())]
        };
        let mut args = serde_json::Map::new();
        for _ in 0..rng.below(5) {
            args.insert(
                known[rng.below(known.len())].to_string(),
                random_value(&mut rng, 0),
            );
        }
        // At least one thing wrong in every call: a member no tool takes.
        args.insert(
            format!("unknown_{}", rng.below(3)),
            random_value(&mut rng, 0),
        );
        let outcome = client
            .call_tool(CallToolRequestParams::new(tool).with_arguments(args.clone()))
            .await;
        match outcome {
            Ok(result) => {
                let e = error(&result);
                let code = e["code"].as_str().unwrap();
                assert!(
                    !["INTERNAL", "UNAVAILABLE"].contains(&code),
                    "call {i}: {tool} {}: {e}",
                    Value::Object(args)
                );
                tool_errors += 1;
            }
            Err(ServiceError::McpError(e)) => {
                assert_eq!(tool, "no_such_tool", "call {i}: {e:?}");
                rpc_errors += 1;
            }
            Err(other) => panic!("call {i}: {tool}: {other}"),
        }
    }
    assert_eq!(tool_errors + rpc_errors, 1000);
    assert!(rpc_errors > 0 && tool_errors > 900);
    // The service is intact: one record, a valid chain.
    let (_, verdict) = app.get_json("/tasks/t/verify").await;
    assert_eq!(verdict["valid"], true);
    client.cancel().await.unwrap();
}

/// `decision-trail mcp --url` speaks MCP on stdin/stdout by forwarding to the
/// service: initialize, list the tools, record, and read back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stdio_server_forwards_to_the_service() {
    let app = TestApp::spawn().await;
    let url = format!("http://{}", app.addr);
    let answers = tokio::task::spawn_blocking(move || {
        let mut child = Command::new(BIN)
            .args(["mcp", "--url", &url])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut ask = |message: Value| -> Option<Value> {
            writeln!(stdin, "{message}").unwrap();
            stdin.flush().unwrap();
            // A notification has no id, and no answer.
            message.get("id")?;
            let mut line = String::new();
            stdout.read_line(&mut line).unwrap();
            Some(serde_json::from_str(&line).unwrap())
        };
        let init = ask(
            json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "test", "version": "0"}}}),
        )
        .unwrap();
        ask(json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        let list = ask(json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})).unwrap();
        let record = ask(
            json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {
            "name": "thought_record", "arguments": {"type": "plan", "task_id": "stdio",
            "agent_id": "desktop", "content": "over stdio"}}}),
        )
        .unwrap();
        let bad = ask(
            json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call", "params": {
            "name": "thought_get", "arguments": {}}}),
        )
        .unwrap();
        writeln!(stdin, "not json").unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        drop(stdin);
        assert!(child.wait().unwrap().success());
        (
            init,
            list,
            record,
            bad,
            serde_json::from_str::<Value>(&line).unwrap(),
        )
    })
    .await
    .unwrap();
    let (init, list, record, bad, parse_error) = answers;
    assert_eq!(init["result"]["serverInfo"]["name"], "decision-trail");
    assert_eq!(init["result"]["protocolVersion"], "2025-06-18");
    assert_eq!(
        list["result"]["tools"].as_array().unwrap().len(),
        TOOLS.len()
    );
    let written = &record["result"]["structuredContent"]["data"];
    assert_eq!(written["task_id"], "stdio");
    let (_, mut rest) = app
        .get_json(&format!("/thoughts/{}", written["id"].as_str().unwrap()))
        .await;
    rest.as_object_mut().unwrap().remove("provable_time");
    assert_eq!(*written, rest);
    assert_eq!(bad["result"]["isError"], true);
    assert_eq!(
        bad["result"]["structuredContent"]["error"]["code"],
        "INVALID_PARAMS"
    );
    assert_eq!(parse_error["error"]["code"], -32700);
}

/// The body and rate limits of REST hold for `/mcp` too.
#[tokio::test]
async fn the_body_and_rate_limits_apply_to_mcp() {
    let app = TestApp::spawn().await;
    let huge = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
        "name": "thought_record", "arguments": {"type": "plan", "task_id": "t",
        "agent_id": "a", "content": "x".repeat(3 * 1024 * 1024)}}});
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&huge)
        .send()
        .await
        .unwrap();
    assert_problem(r, 413, "payload_too_large").await;
    assert_eq!(crate::support::count_records(&app).await, 0);

    let limited = TestApp::builder()
        .limits(decision_trail::http::Limits {
            rate: Some(decision_trail::http::ops::guard::Rate {
                per_second: 0.01,
                burst: 1,
            }),
            ..crate::support::test_limits()
        })
        .spawn()
        .await;
    let list = json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"});
    let post = || {
        limited
            .client
            .post(limited.url("/mcp"))
            .header("accept", "application/json, text/event-stream")
            .json(&list)
            .send()
    };
    assert_eq!(post().await.unwrap().status(), 200);
    assert_problem(post().await.unwrap(), 429, "rate_limited").await;
}

/// A batch through MCP counts each of its records, as on REST.
#[tokio::test]
async fn a_batch_through_mcp_counts_its_records_in_the_rate_limit() {
    let app = TestApp::builder()
        .limits(decision_trail::http::Limits {
            rate: Some(decision_trail::http::ops::guard::Rate {
                per_second: 0.01,
                burst: 20,
            }),
            ..crate::support::test_limits()
        })
        .spawn()
        .await;
    let client = connect(&app, None).await;
    let records = |n: usize| {
        json!({"records": vec![json!({"type": "plan", "task_id": "t", "agent_id": "a",
                                      "content": "x"}); n]})
    };
    // More than the bucket ever holds: refused as such.
    let e = error(&call(&client, "thought_record_batch", records(21)).await);
    assert_eq!(e["code"], "INVALID_PARAMS", "{e}");
    // Ten fit; the next ten are more than what is left.
    data(&call(&client, "thought_record_batch", records(10)).await);
    let e = error(&call(&client, "thought_record_batch", records(10)).await);
    assert_eq!(e["code"], "RATE_LIMITED", "{e}");
    let (_, task) = app.get_json("/tasks/t").await;
    assert_eq!(task["length"], 10);
}

#[tokio::test]
async fn a_reviewer_gives_verdicts_over_mcp_and_a_writer_cannot() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let writer = connect(&app, Some(WRITER)).await;
    let decision = data(
        &call(
            &writer,
            "thought_record",
            json!({"type": "decision", "task_id": "hitl", "content": "Refund the order."}),
        )
        .await,
    );
    let id = decision["id"].as_str().unwrap();
    let refused = error(
        &call(
            &writer,
            "oversight_verdict",
            json!({"id": id, "verdict": "approved"}),
        )
        .await,
    );
    assert_eq!(refused["code"], "FORBIDDEN", "{refused}");

    let reviewer = connect(&app, Some(REVIEWER)).await;
    let verdict = data(
        &call(
            &reviewer,
            "oversight_verdict",
            json!({"id": id, "verdict": "overridden", "decision": "Refund half.", "reason": "Partial use."}),
        )
        .await,
    );
    assert_eq!(verdict["parent_id"], id);
    assert_eq!(verdict["type"], "decision");
    assert_eq!(verdict["metadata"]["oversight"]["reviewer"], "reviewer-1");
    // With a key, the same verdict again is answered the first record, and
    // another verdict with it is refused.
    let keyed = json!({"id": id, "verdict": "approved", "idempotency_key": "v-1"});
    let first = data(&call(&reviewer, "oversight_verdict", keyed.clone()).await);
    assert_eq!(
        data(&call(&reviewer, "oversight_verdict", keyed).await),
        first
    );
    let reused = error(
        &call(
            &reviewer,
            "oversight_verdict",
            json!({"id": id, "verdict": "escalated", "idempotency_key": "v-1"}),
        )
        .await,
    );
    assert_eq!(reused["code"], "IDEMPOTENCY_KEY_REUSED", "{reused}");
    let bad = error(
        &call(
            &reviewer,
            "oversight_verdict",
            json!({"id": id, "verdict": "perhaps"}),
        )
        .await,
    );
    assert_eq!(fields(&bad), ["verdict"]);
}
