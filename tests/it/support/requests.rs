//! Requests to a [`TestApp`] and what tests assert of the answers: bodies,
//! RFC 9457 problems, counts, requests with keys, raw connections.

use std::io::Read;
use std::time::Duration;

use serde_json::{json, Value};

use super::app::TestApp;

/// An append body (what `domain::record::NewRecord` is read from): its type,
/// task, agent and content.
pub fn new_record(kind: &str, task: &str, agent: &str, content: &str) -> Value {
    serde_json::json!({"type": kind, "task_id": task, "agent_id": agent, "content": content})
}

pub fn task_body(task: &str, content: &str) -> Value {
    json!({"type": "plan", "task_id": task, "content": content})
}

/// Asserts an RFC 9457 problem with the given status and code; returns the body.
pub async fn assert_problem(response: reqwest::Response, status: u16, code: &str) -> Value {
    assert_eq!(response.status().as_u16(), status);
    assert_eq!(
        response.headers()["content-type"],
        "application/problem+json",
        "problem content type"
    );
    let body: Value = response.json().await.expect("problem body is JSON");
    assert_eq!(body["status"], status, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(
        body["type"],
        format!("urn:decision-trail:problem:{code}"),
        "{body}"
    );
    assert!(
        body["title"].is_string() && body["detail"].is_string(),
        "{body}"
    );
    body
}

/// The fields named in a validation problem's `errors`.
pub fn problem_fields(problem: &Value) -> Vec<String> {
    problem["errors"]
        .as_array()
        .map(|a| {
            a.iter()
                .map(|e| e["field"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

pub async fn count_records(app: &TestApp) -> usize {
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    page["records"].as_array().unwrap().len()
}

pub async fn chain_length(app: &TestApp, task: &str) -> u64 {
    let (status, body) = app.get_json(&format!("/tasks/{task}")).await;
    if status == 404 {
        return 0;
    }
    body["length"].as_u64().unwrap()
}

pub async fn post_as(
    app: &TestApp,
    auth: Option<&str>,
    key: Option<&str>,
    body: &Value,
) -> reqwest::Response {
    let mut request = app.client.post(app.url("/thoughts")).json(body);
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    request.send().await.unwrap()
}

pub async fn get_as(app: &TestApp, auth: Option<&str>, path: &str) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request.send().await.unwrap()
}

/// While `abuse` runs, another client appends and reads; both must succeed.
pub async fn others_are_served(app: &TestApp, tag: &str) {
    let r = app.append(&new_record("plan", "bystander", "b", tag)).await;
    assert_eq!(r["task_id"], "bystander");
    assert_eq!(app.get("/readyz").await.status(), 200);
}

pub fn read_all(mut s: std::net::TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// A record as `GET /thoughts/{id}` serves it, less the provable time it
/// adds (served beside the record, not a member of it): the record as
/// appended, to compare.
pub fn record_only(mut served: Value) -> Value {
    if let Some(members) = served.as_object_mut() {
        assert!(
            members.remove("provable_time").is_some(),
            "GET /thoughts/{{id}} serves the provable time: {served:?}"
        );
    }
    served
}
