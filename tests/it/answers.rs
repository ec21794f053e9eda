//! What answers say, down to their last byte: every JSON answer ends with a
//! newline; each error response in the OpenAPI document shows its own
//! problem; an MCP argument a tool does not take is told with every argument
//! it does; `decision-trail hash` given a page hashes its records.

use std::collections::BTreeMap;
use std::io::Write;

use serde_json::{json, Value};

use crate::support::{new_record, read_all, run_with_stdin, TestApp};

/// A body that ends in exactly one newline, and a Content-Length that counts it.
async fn ends_with_one_newline(what: &str, r: reqwest::Response) -> Value {
    let declared = r.content_length();
    let kind = r.headers()["content-type"].to_str().unwrap().to_string();
    let bytes = r.bytes().await.unwrap();
    assert!(kind.contains("json"), "{what}: {kind}");
    assert!(
        bytes.ends_with(b"\n") && !bytes.ends_with(b"\n\n"),
        "{what}: {:?}",
        String::from_utf8_lossy(&bytes)
    );
    if let Some(n) = declared {
        assert_eq!(n as usize, bytes.len(), "{what}");
    }
    serde_json::from_slice(&bytes).unwrap()
}

#[tokio::test]
async fn every_json_answer_ends_with_a_newline() {
    let app = TestApp::spawn().await;
    let r = app.post(&new_record("plan", "t", "a", "x")).await;
    assert_eq!(r.status(), 201);
    let record = ends_with_one_newline("POST /thoughts", r).await;
    let id = record["id"].as_str().unwrap();
    for path in [
        format!("/thoughts/{id}"),
        "/thoughts".into(),
        "/tasks/t".into(),
        "/tasks/t/verify".into(),
        format!("/thoughts/{id}/receipt"),
        "/log/proof/consistency?first=1".into(),
        "/healthz".into(),
        "/readyz".into(),
        "/openapi.json".into(),
        "/thoughts/no-such-record".into(),
        "/thoughts?limit=0".into(),
        "/no-route".into(),
    ] {
        ends_with_one_newline(&path, app.get(&path).await).await;
    }
    let r = app.post_raw("{not json").await;
    ends_with_one_newline("malformed JSON", r).await;
    let r = app
        .client
        .delete(app.url("/thoughts"))
        .send()
        .await
        .unwrap();
    ends_with_one_newline("405", r).await;
    // MCP's JSON-RPC answers too.
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
        .send()
        .await
        .unwrap();
    ends_with_one_newline("/mcp", r).await;
    // Text answers are left as they are.
    let key = app.get("/log/key").await.text().await.unwrap();
    assert!(!key.ends_with("\n\n"));
    // A refusal written before the router (431 here) ends the same way.
    // Off the runtime: the service runs on it.
    let addr = app.addr;
    let out = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        let big = "a".repeat(20_000);
        write!(
            s,
            "GET /thoughts HTTP/1.1\r\nHost: localhost\r\nX-Big: {big}\r\n\r\n"
        )
        .unwrap();
        read_all(s)
    })
    .await
    .unwrap();
    assert!(out.starts_with("HTTP/1.1 431"), "{out}");
    let body = out.split("\r\n\r\n").nth(1).unwrap();
    assert!(body.ends_with("}\n"), "{body:?}");
    let length: usize = out
        .lines()
        .find_map(|l| l.strip_prefix("content-length: "))
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(length, body.len());
}

/// Each error response shows a problem of its own status and code, not the
/// 400's example on every status.
#[test]
fn each_error_response_in_the_document_has_its_own_example() {
    let doc = serde_json::to_value(decision_trail::http::openapi()).unwrap();
    let mut seen: BTreeMap<String, Value> = BTreeMap::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            for (status, response) in op["responses"].as_object().unwrap() {
                if !(status.starts_with('4') || status.starts_with('5')) {
                    continue;
                }
                let example = &response["content"]["application/problem+json"]["example"];
                let code = example["code"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{method} {path} {status} has no example problem"));
                assert_eq!(example["status"].to_string(), *status, "{method} {path}");
                assert_eq!(
                    example["type"],
                    format!("urn:decision-trail:problem:{code}"),
                    "{method} {path} {status}"
                );
                assert!(
                    example["title"].is_string() && example["detail"].is_string(),
                    "{method} {path} {status}"
                );
                seen.insert(status.clone(), example.clone());
            }
        }
    }
    for status in [
        "400", "401", "403", "404", "408", "409", "413", "415", "422", "429", "431", "500", "503",
    ] {
        assert!(seen.contains_key(status), "no {status} in the document");
    }
    let codes: Vec<&str> = seen.values().map(|e| e["code"].as_str().unwrap()).collect();
    let mut distinct = codes.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), codes.len(), "{codes:?}");
}

/// A tools/call over plain JSON-RPC: the tool's result.
async fn call(app: &TestApp, tool: &str, arguments: Value) -> Value {
    let r = app
        .client
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(&json!({"jsonrpc": "2.0", "id": 7, "method": "tools/call",
                      "params": {"name": tool, "arguments": arguments}}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let answer: Value = r.json().await.unwrap();
    answer["result"]["structuredContent"].clone()
}

/// The message of each argument a tool does not take lists every argument
/// it does: the body's members and the rest (path, query, idempotency_key).
#[tokio::test]
async fn an_unknown_mcp_argument_is_told_with_every_argument_of_the_tool() {
    let app = TestApp::spawn().await;
    let result = call(
        &app,
        "thought_record",
        json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "x", "confidence": 1}),
    )
    .await;
    let error = &result["error"];
    assert_eq!(error["code"], "INVALID_PARAMS", "{result}");
    let errors = error["details"]["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{result}");
    assert_eq!(errors[0]["field"], "confidence");
    let told = errors[0]["message"].as_str().unwrap();
    for argument in [
        "type",
        "task_id",
        "agent_id",
        "content",
        "metadata",
        "expected_prev_hash",
        "idempotency_key",
    ] {
        assert!(told.contains(argument), "{argument}: {told}");
    }
    assert!(
        told.starts_with("is not an argument of thought_record"),
        "{told}"
    );
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .starts_with("confidence: "),
        "{error}"
    );
    // With other bad members, every one is still named.
    let result = call(&app, "thought_record", json!({"type": "nope", "extra": 1})).await;
    let fields: Vec<&str> = result["error"]["details"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert!(
        fields.contains(&"extra") && fields.contains(&"type"),
        "{result}"
    );
    // A tool without a body: its path and query arguments.
    let result = call(&app, "thought_get", json!({"id": "x", "limit": 3})).await;
    let told = result["error"]["details"]["errors"][0]["message"]
        .as_str()
        .unwrap();
    assert_eq!(
        told, "is not an argument of thought_get; its arguments: id",
        "{result}"
    );
}

#[tokio::test]
async fn hash_given_a_page_says_so_and_hashes_its_records() {
    let app = TestApp::spawn().await;
    for i in 0..3 {
        app.append(&new_record("plan", "t", "a", &format!("r{i}")))
            .await;
    }
    let page = app.get("/thoughts").await.text().await.unwrap();
    let hashes: String = serde_json::from_str::<Value>(&page).unwrap()["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| format!("{}\n", r["hash"].as_str().unwrap()))
        .collect();
    let (ok, out, err) = run_with_stdin(&["hash"], page.as_bytes());
    assert!(ok);
    assert_eq!(out, hashes);
    assert!(
        err.contains("is a page") && err.contains("of 3 records"),
        "{err}"
    );
}
