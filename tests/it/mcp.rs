//! The MCP tools at `/mcp`, driven by the MCP SDK's own client over real HTTP,
//! and `decision-trail mcp` over stdio: every tool's answer is the REST body,
//! every refusal a tool error with the problem's code, the guard applies.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::Arc;

use decision_trail::store::Seams;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService, ServiceError};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::ServiceExt;
use serde_json::{json, Value};

use crate::support::{
    assert_hash_recomputes, assert_problem, ring, run_binary, thought, Rng, TestApp, BIN,
    OTHER_WRITER, READER, WRITER,
};

type Client = RunningService<RoleClient, ()>;

async fn connect(app: &TestApp, token: Option<[u8; 32]>) -> Client {
    let mut config = StreamableHttpClientTransportConfig::with_uri(app.url("/mcp"));
    if let Some(bytes) = token {
        config = config.auth_header(decision_trail::domain::api_keys::token_from_bytes(&bytes));
    }
    ().serve(StreamableHttpClientTransport::from_config(config))
        .await
        .expect("the MCP client connects")
}

async fn call(client: &Client, tool: &str, arguments: Value) -> CallToolResult {
    client
        .call_tool(
            CallToolRequestParams::new(tool.to_string())
                .with_arguments(arguments.as_object().expect("arguments").clone()),
        )
        .await
        .unwrap_or_else(|e| panic!("{tool}: {e}"))
}

/// The `data` of a successful call; also checks the text block says the same.
fn data(result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .expect("structured content");
    assert_eq!(result.is_error, Some(false), "{structured}");
    assert_eq!(structured["ok"], true);
    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone();
    assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), structured);
    structured["data"].clone()
}

/// The `error` of a refused call.
fn error(result: &CallToolResult) -> Value {
    let structured = result
        .structured_content
        .clone()
        .expect("structured content");
    assert_eq!(result.is_error, Some(true), "{structured}");
    assert_eq!(structured["ok"], false);
    structured["error"].clone()
}

fn fields(error: &Value) -> Vec<String> {
    error["details"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap().to_string())
        .collect()
}

const TOOLS: [&str; 12] = [
    "thought_record",
    "thought_record_list",
    "thought_get",
    "audit_verify_chain",
    "merkle_checkpoint",
    "merkle_receipt",
    "merkle_consistency_proof",
    "capability_fingerprint",
    "capability_diff",
    "thought_tree",
    "thought_trail",
    "thought_search",
];

#[tokio::test]
async fn the_tools_are_listed_with_input_and_output_schemas() {
    let app = TestApp::spawn().await;
    let client = connect(&app, None).await;
    let tools = client.list_all_tools().await.unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort();
    let mut expected = TOOLS.to_vec();
    expected.sort();
    assert_eq!(names, expected);
    for t in &tools {
        assert_eq!(t.input_schema["type"], "object", "{}", t.name);
        assert_eq!(t.input_schema["additionalProperties"], false, "{}", t.name);
        let out = t.output_schema.as_ref().expect("an output schema");
        assert_eq!(out["required"], json!(["ok"]), "{}", t.name);
        assert!(t.description.as_deref().is_some_and(|d| d.len() > 20));
    }
    let record = tools.iter().find(|t| t.name == "thought_record").unwrap();
    let props = record.input_schema["properties"].as_object().unwrap();
    for p in [
        "type",
        "task_id",
        "agent_id",
        "content",
        "metadata",
        "expected_prev_hash",
        "idempotency_key",
    ] {
        assert!(props.contains_key(p), "thought_record takes {p}");
    }
    // The record's schema is the REST one, carried in $defs.
    let out = record.output_schema.as_ref().unwrap();
    assert!(out["$defs"]["RecordBody"]["properties"]["hash"].is_object());
    client.cancel().await.unwrap();
}

/// The seed's matrix rows 25-29: the envelope, INVALID_PARAMS on a bad type,
/// the list envelope, the list filtered by task, both tool names.
#[tokio::test]
async fn record_and_list_answer_in_the_envelope() {
    let app = TestApp::spawn().await;
    let client = connect(&app, None).await;
    let written = data(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "t1", "agent_id": "a1", "content": "hello",
                   "metadata": {"confidence": 0.8}}),
        )
        .await,
    );
    for field in [
        "id",
        "seq",
        "log_index",
        "type",
        "task_id",
        "agent_id",
        "content",
        "timestamp",
        "prev_hash",
        "hash",
    ] {
        assert!(written.get(field).is_some(), "{field} in {written}");
    }
    assert_hash_recomputes(&written);
    // data is exactly the REST body.
    let (_, rest) = app
        .get_json(&format!("/thoughts/{}", written["id"].as_str().unwrap()))
        .await;
    assert_eq!(written, rest);

    let refused = error(
        &call(
            &client,
            "thought_record",
            json!({"type": "bad", "task_id": "t1", "agent_id": "a1", "content": "x"}),
        )
        .await,
    );
    assert_eq!(refused["code"], "INVALID_PARAMS");
    assert_eq!(fields(&refused), ["type"]);

    data(
        &call(
            &client,
            "thought_record",
            json!({"type": "analysis", "task_id": "t2", "agent_id": "a1", "content": "other"}),
        )
        .await,
    );
    let all = data(&call(&client, "thought_record_list", json!({})).await);
    assert_eq!(all["records"].as_array().unwrap().len(), 2);
    let t1 = data(&call(&client, "thought_record_list", json!({"task_id": "t1"})).await);
    let records = t1["records"].as_array().unwrap();
    assert_eq!(records.len(), 1);
    assert_eq!(records[0], written);
    let (_, rest) = app.get_json("/thoughts?task_id=t1").await;
    assert_eq!(t1, rest);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn every_read_tool_answers_the_rest_body() {
    let app = TestApp::spawn().await;
    let mut ids = Vec::new();
    for i in 0..3 {
        let r = app.append(&thought("plan", "t", "a", &i.to_string())).await;
        ids.push(r["id"].as_str().unwrap().to_string());
    }
    let client = connect(&app, None).await;
    let id = &ids[1];
    let cases = [
        ("thought_get", json!({"id": id}), format!("/thoughts/{id}")),
        (
            "audit_verify_chain",
            json!({"task_id": "t"}),
            "/tasks/t/verify".to_string(),
        ),
        (
            "merkle_receipt",
            json!({"id": id}),
            format!("/thoughts/{id}/receipt"),
        ),
        (
            "merkle_consistency_proof",
            json!({"first": 1, "second": 3}),
            "/log/proof/consistency?first=1&second=3".to_string(),
        ),
        (
            "merkle_consistency_proof",
            json!({"first": 2}),
            "/log/proof/consistency?first=2".to_string(),
        ),
        (
            "thought_record_list",
            json!({"task_id": "t", "limit": 2}),
            "/thoughts?task_id=t&limit=2".to_string(),
        ),
    ];
    for (tool, args, path) in cases {
        let got = data(&call(&client, tool, args).await);
        let (status, rest) = app.get_json(&path).await;
        assert_eq!(status, 200, "{path}");
        assert_eq!(got, rest, "{tool}");
    }
    assert_eq!(
        data(&call(&client, "audit_verify_chain", json!({"task_id": "t"})).await)["valid"],
        true
    );
    // The checkpoint is text: data is the signed note as served.
    let note = data(&call(&client, "merkle_checkpoint", json!({})).await);
    let rest = app.get("/log/checkpoint").await.text().await.unwrap();
    assert_eq!(note, Value::String(rest));
    let old = data(&call(&client, "merkle_checkpoint", json!({"tree_size": 1})).await);
    assert_eq!(old.as_str().unwrap().lines().nth(1), Some("1"));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn refusals_are_tool_errors_with_the_problem_code_and_every_field() {
    let app = TestApp::spawn().await;
    let first = app.append(&thought("plan", "t", "a", "first")).await;
    let client = connect(&app, None).await;
    let cases = [
        ("thought_get", json!({"id": "nope"}), "NOT_FOUND", vec![]),
        ("merkle_receipt", json!({"id": "nope"}), "NOT_FOUND", vec![]),
        (
            "audit_verify_chain",
            json!({"task_id": "nope"}),
            "NOT_FOUND",
            vec![],
        ),
        ("thought_get", json!({}), "INVALID_PARAMS", vec!["id"]),
        (
            "thought_get",
            json!({"id": ""}),
            "INVALID_PARAMS",
            vec!["id"],
        ),
        (
            "thought_get",
            json!({"id": 7, "extra": true}),
            "INVALID_PARAMS",
            vec!["id", "extra"],
        ),
        (
            "thought_record_list",
            json!({"limit": 0, "type": "observation"}),
            "INVALID_PARAMS",
            vec!["type", "limit"],
        ),
        (
            "merkle_consistency_proof",
            json!({"first": 5, "second": 1}),
            "INVALID_PARAMS",
            vec![],
        ),
        (
            "thought_record",
            json!({"type": "plan", "task_id": "", "content": 3, "colour": "red"}),
            "INVALID_PARAMS",
            vec![],
        ),
    ];
    for (tool, args, code, named) in cases {
        let e = error(&call(&client, tool, args.clone()).await);
        assert_eq!(e["code"], code, "{tool} {args}: {e}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
        let got = fields(&e);
        for field in named {
            assert!(got.contains(&field.to_string()), "{tool} {args}: {got:?}");
        }
    }
    // A body refused names all its bad fields, as REST does.
    let e = error(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "", "content": 3, "colour": "red"}),
        )
        .await,
    );
    let mut got = fields(&e);
    got.sort();
    assert_eq!(got, ["agent_id", "colour", "content", "task_id"]);

    // A conditional append on a moved head: HEAD_MOVED with the head.
    let e = error(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "x",
                   "expected_prev_hash": crate::support::ZERO}),
        )
        .await,
    );
    assert_eq!(e["code"], "HEAD_MOVED");
    assert_eq!(e["details"]["current_head"]["head_hash"], first["hash"]);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_idempotency_key_makes_a_retry_answer_the_first_record() {
    let app = TestApp::spawn().await;
    let client = connect(&app, None).await;
    let body = json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "once",
                      "idempotency_key": "retry-1"});
    let first = data(&call(&client, "thought_record", body.clone()).await);
    let again = data(&call(&client, "thought_record", body).await);
    assert_eq!(first, again);
    let e = error(
        &call(
            &client,
            "thought_record",
            json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "other",
                   "idempotency_key": "retry-1"}),
        )
        .await,
    );
    assert_eq!(e["code"], "IDEMPOTENCY_KEY_REUSED");
    let e = error(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "x",
                   "idempotency_key": "with space"}),
        )
        .await,
    );
    assert_eq!(fields(&e), ["idempotency_key"]);
    assert_eq!(crate::support::chain_length(&app, "t").await, 1);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn an_unknown_tool_is_a_json_rpc_error() {
    let app = TestApp::spawn().await;
    let client = connect(&app, None).await;
    let outcome = client
        .call_tool(CallToolRequestParams::new("thought_delete"))
        .await;
    match outcome {
        Err(ServiceError::McpError(e)) => {
            assert_eq!(e.code.0, -32602);
            assert!(e.message.contains("thought_delete"), "{}", e.message);
        }
        other => panic!("expected a JSON-RPC error, got {other:?}"),
    }
    client.cancel().await.unwrap();
}

/// With the test seams the pinned vector holds through MCP too, and a record
/// written through MCP is byte for byte the one REST writes.
#[tokio::test]
async fn the_pinned_hash_holds_and_mcp_writes_what_rest_writes() {
    let seams = || Seams {
        new_id: Arc::new(|| "r1".to_string()),
        now: Arc::new(|| "2026-04-17T00:00:00Z".to_string()),
    };
    let via_mcp = TestApp::builder().seams(seams()).spawn().await;
    let client = connect(&via_mcp, None).await;
    let record = data(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "t1", "agent_id": "a1", "content": "hello"}),
        )
        .await,
    );
    assert_eq!(
        record["hash"],
        "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a"
    );
    let via_rest = TestApp::builder().seams(seams()).spawn().await;
    let rest = via_rest.append(&thought("plan", "t1", "a1", "hello")).await;
    assert_eq!(record, rest);
    let mcp_bytes = via_mcp.get("/thoughts/r1").await.bytes().await.unwrap();
    let rest_bytes = via_rest.get("/thoughts/r1").await.bytes().await.unwrap();
    assert_eq!(mcp_bytes, rest_bytes);
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_trail_written_through_mcp_verifies_with_the_cli() {
    let app = TestApp::spawn().await;
    let client = connect(&app, None).await;
    for (i, kind) in ["plan", "analysis", "decision"].iter().enumerate() {
        data(
            &call(
                &client,
                "thought_record",
                json!({"type": kind, "task_id": "mcp-task", "agent_id": "agent-1",
                       "content": format!("step {i}"), "metadata": {"step": i}}),
            )
            .await,
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json").display().to_string();
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        "--url".into(),
        format!("http://{}", app.addr),
        "--state".into(),
        state,
    ])
    .await;
    assert!(ok, "{err}");
    assert!(out.contains("3 records"), "{out}");
    client.cancel().await.unwrap();
}

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
    app.append(&thought("plan", "t", "a", "x")).await;
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
    let (_, rest) = app
        .get_json(&format!("/thoughts/{}", written["id"].as_str().unwrap()))
        .await;
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
            rate: Some(decision_trail::http::guard::Rate {
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
