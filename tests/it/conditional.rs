//! Conditional appends with `expected_prev_hash`: only on the current head.

use crate::support::{assert_problem, chain_length, new_record, problem_fields, TestApp, ZERO};
use serde_json::json;

#[tokio::test]
async fn expected_prev_hash_appends_only_on_the_current_head() {
    let app = TestApp::spawn().await;
    let with_expected = |content: &str, expected: &str| json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": content, "expected_prev_hash": expected});
    let first = app.append(&with_expected("first", ZERO)).await;
    assert_eq!(first["seq"], 0);
    // Zeros on a non-empty chain: someone got there first.
    let r = app.post(&with_expected("also first", ZERO)).await;
    let p = assert_problem(r, 409, "head_moved").await;
    assert_eq!(
        p["current_head"],
        json!({"task_id": "t", "head_hash": first["hash"], "length": 1})
    );
    let second = app
        .append(&with_expected("second", first["hash"].as_str().unwrap()))
        .await;
    assert_eq!(second["prev_hash"], first["hash"]);
    // An interleaved writer moves the head; the stale expectation is refused.
    let third = app
        .append(&new_record("plan", "t", "b", "interleaved"))
        .await;
    let r = app
        .post(&with_expected("stale", first["hash"].as_str().unwrap()))
        .await;
    let p = assert_problem(r, 409, "head_moved").await;
    assert_eq!(p["current_head"]["head_hash"], third["hash"]);
    assert_eq!(p["current_head"]["length"], 3);
    assert_eq!(chain_length(&app, "t").await, 3);
    // Not a hash: a field problem.
    for bad in [
        json!("ABC"),
        json!(5),
        json!(third["hash"].as_str().unwrap().to_uppercase()),
    ] {
        let mut body = new_record("plan", "t", "a", "x");
        body["expected_prev_hash"] = bad;
        let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), vec!["expected_prev_hash"]);
    }
}

#[tokio::test]
async fn of_racing_conditional_appends_on_one_head_exactly_one_wins() {
    let app = TestApp::spawn().await;
    let head = app.append(&new_record("plan", "t", "a", "root")).await;
    let mut tasks = Vec::new();
    for i in 0..20 {
        let client = app.client.clone();
        let url = app.url("/thoughts");
        let body = json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": i.to_string(), "expected_prev_hash": head["hash"]});
        tasks.push(tokio::spawn(async move {
            client
                .post(url)
                .json(&body)
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        }));
    }
    let mut statuses = Vec::new();
    for t in tasks {
        statuses.push(t.await.unwrap());
    }
    assert_eq!(
        statuses.iter().filter(|s| **s == 201).count(),
        1,
        "{statuses:?}"
    );
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 19);
    assert_eq!(chain_length(&app, "t").await, 2);
}
