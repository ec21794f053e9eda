//! Every MCP tool's answer is the REST body, every refusal a tool error with
//! the problem's code and every field.

use std::sync::Arc;

use decision_trail::store::Seams;
use rmcp::model::CallToolRequestParams;
use rmcp::service::ServiceError;
use serde_json::{json, Value};

use super::{call, connect, data, error, fields, TOOLS};
use crate::support::{assert_hash_recomputes, new_record, run_binary, TestApp};

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
        "erasable",
    ] {
        assert!(props.contains_key(p), "thought_record takes {p}");
    }
    // The record's schema is the REST one, carried in $defs.
    let out = record.output_schema.as_ref().unwrap();
    assert!(out["$defs"]["RecordBody"]["properties"]["hash"].is_object());
    client.cancel().await.unwrap();
}

/// The record format's original test matrix, rows 25-29 (its agent tools):
/// the envelope, INVALID_PARAMS on a bad type, the list envelope, the list
/// filtered by task, both tool names.
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
    // data is exactly the record REST serves (which adds its provable time).
    let (_, mut rest) = app
        .get_json(&format!("/thoughts/{}", written["id"].as_str().unwrap()))
        .await;
    assert!(rest
        .as_object_mut()
        .unwrap()
        .remove("provable_time")
        .is_some());
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
    // An erasable record: its hash covers the commitment the salt opens.
    let erasable = data(
        &call(
            &client,
            "thought_record",
            json!({"type": "plan", "task_id": "t3", "agent_id": "a1", "content": "Ada's plan",
                   "erasable": true}),
        )
        .await,
    );
    assert_eq!(
        erasable["content_commitment"].as_str().unwrap(),
        crate::support::oracle_commitment(&erasable)
    );
    assert_hash_recomputes(&erasable);

    data(
        &call(
            &client,
            "thought_record",
            json!({"type": "analysis", "task_id": "t2", "agent_id": "a1", "content": "other"}),
        )
        .await,
    );
    // A batch is all or none, each bad field named by its path.
    let refused = call(
        &client,
        "thought_record_batch",
        json!({"records": [
            {"type": "plan", "task_id": "t4", "agent_id": "a1", "content": "one"},
            {"type": "idea", "task_id": "t4", "agent_id": "a1", "content": "two"}]}),
    )
    .await;
    let refused = error(&refused);
    assert_eq!(refused["code"], "INVALID_PARAMS", "{refused}");
    assert_eq!(fields(&refused), ["records[1].type"]);
    let batch = data(
        &call(
            &client,
            "thought_record_batch",
            json!({"records": [
                {"type": "plan", "task_id": "t4", "agent_id": "a1", "content": "one"},
                {"type": "decision", "task_id": "t4", "agent_id": "a1", "content": "two"}],
                "idempotency_key": "mcp-batch-1"}),
        )
        .await,
    );
    let records = batch["records"].as_array().unwrap();
    assert_eq!(records.len(), 2);
    assert_eq!(records[1]["prev_hash"], records[0]["hash"]);
    let all = data(&call(&client, "thought_record_list", json!({})).await);
    assert_eq!(all["records"].as_array().unwrap().len(), 5);
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
        let r = app
            .append(&new_record("plan", "t", "a", &i.to_string()))
            .await;
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
    let first = app.append(&new_record("plan", "t", "a", "first")).await;
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
        new_id: Arc::new(|_| "r1".to_string()),
        now: Arc::new(|| "2026-04-17T00:00:00Z".to_string()),
        ..Seams::default()
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
    let rest = via_rest
        .append(&new_record("plan", "t1", "a1", "hello"))
        .await;
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
