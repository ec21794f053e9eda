//! Human oversight: a reviewer key records verdicts on decisions (approved,
//! overridden with the replacing decision, escalated, a note) as records of
//! the decision's task answering it; writer keys may not, reviewer keys may
//! write nothing else, and every bad part of a verdict is named.

use serde_json::{json, Value};

use crate::support::{
    assert_problem, bearer, get_as, new_record, post_as, problem_fields, ring, TestApp, READER,
    REVIEWER, WRITER,
};

/// A task's chain as `GET /tasks/{id}/verify` walks it, read with a reader key.
async fn walk(app: &TestApp, task: &str) -> (u16, Value) {
    let r = get_as(app, Some(&bearer(READER)), &format!("/tasks/{task}/verify")).await;
    (r.status().as_u16(), r.json().await.unwrap())
}

async fn review(
    app: &TestApp,
    auth: Option<[u8; 32]>,
    id: &str,
    body: &Value,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url(&format!("/thoughts/{id}/oversight")))
        .json(body);
    if let Some(token) = auth {
        request = request.header("authorization", bearer(token));
    }
    request.send().await.unwrap()
}

async fn decision(app: &TestApp, content: &str) -> Value {
    let r = post_as(
        app,
        Some(&bearer(WRITER)),
        None,
        &json!({"type": "decision", "task_id": "deploy", "content": content}),
    )
    .await;
    assert_eq!(r.status(), 201);
    r.json().await.unwrap()
}

#[tokio::test]
async fn a_reviewer_approves_and_overrides_decisions_and_a_writer_cannot() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let first = decision(&app, "Deploy on Friday.").await;
    let second = decision(&app, "Skip the canary.").await;

    let r = review(
        &app,
        Some(REVIEWER),
        first["id"].as_str().unwrap(),
        &json!({"verdict": "approved", "reason": "Low risk."}),
    )
    .await;
    assert_eq!(r.status(), 201);
    let approved: Value = r.json().await.unwrap();
    assert_eq!(approved["type"], "reflection");
    assert_eq!(approved["task_id"], "deploy");
    assert_eq!(approved["agent_id"], "reviewer-1");
    assert_eq!(approved["parent_id"], first["id"]);
    assert_eq!(approved["content"], "Low risk.");
    let metadata: Value = serde_json::from_str(&approved["metadata"].to_string()).unwrap();
    assert_eq!(
        metadata,
        json!({"oversight": {"verdict": "approved", "reviewer": "reviewer-1", "reason": "Low risk."}})
    );

    let r = review(
        &app,
        Some(REVIEWER),
        second["id"].as_str().unwrap(),
        &json!({"verdict": "overridden", "decision": "Run the canary for an hour.", "reason": "Policy."}),
    )
    .await;
    assert_eq!(r.status(), 201);
    let overridden: Value = r.json().await.unwrap();
    assert_eq!(overridden["type"], "decision");
    assert_eq!(overridden["content"], "Run the canary for an hour.");
    assert_eq!(overridden["metadata"]["oversight"]["verdict"], "overridden");
    // It joined the chain: the task's chain still verifies.
    let (status, verify) = walk(&app, "deploy").await;
    assert_eq!(
        (status, verify["valid"].clone()),
        (200, json!(true)),
        "{verify}"
    );
    assert_eq!(verify["length"], 4);

    // A writer's key may not give a verdict, by either route.
    let r = review(
        &app,
        Some(WRITER),
        first["id"].as_str().unwrap(),
        &json!({"verdict": "approved"}),
    )
    .await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(
        p["detail"].as_str().unwrap().contains("metadata.oversight"),
        "{p}"
    );
    let forged = json!({
        "type": "reflection", "task_id": "deploy", "content": "ok", "parent_id": first["id"],
        "metadata": {"oversight": {"verdict": "approved", "reviewer": "planner-1"}}
    });
    let r = post_as(&app, Some(&bearer(WRITER)), None, &forged).await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(
        p["detail"].as_str().unwrap().contains("metadata.oversight"),
        "{p}"
    );
    // A reviewer's key writes verdicts only.
    let r = post_as(
        &app,
        Some(&bearer(REVIEWER)),
        None,
        &new_record("plan", "deploy", "reviewer-1", "x"),
    )
    .await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(p["detail"].as_str().unwrap().contains("reviewer"), "{p}");
    // Nothing of the refused was written.
    let (_, verify) = walk(&app, "deploy").await;
    assert_eq!(verify["length"], 4);
}

#[tokio::test]
async fn a_bad_verdict_is_refused_whole_naming_every_field() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let plan = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &json!({"type": "plan", "task_id": "t", "content": "p"}),
    )
    .await;
    let plan: Value = plan.json().await.unwrap();
    let d = decision(&app, "d").await;
    let d_id = d["id"].as_str().unwrap();

    let r = review(
        &app,
        Some(REVIEWER),
        d_id,
        &json!({"verdict": "maybe", "colour": "red", "reason": 3}),
    )
    .await;
    let p = assert_problem(r, 400, "invalid_params").await;
    let mut fields = problem_fields(&p);
    fields.sort();
    assert_eq!(fields, ["colour", "reason", "verdict"], "{p}");
    let r = review(
        &app,
        Some(REVIEWER),
        d_id,
        &json!({"verdict": "overridden"}),
    )
    .await;
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["decision"]
    );
    let r = review(
        &app,
        Some(REVIEWER),
        d_id,
        &json!({"verdict": "approved", "decision": "x"}),
    )
    .await;
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["decision"]
    );
    // Only a decision is reviewed.
    let r = review(
        &app,
        Some(REVIEWER),
        plan["id"].as_str().unwrap(),
        &json!({"verdict": "note"}),
    )
    .await;
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["parent_id"]
    );
    let r = review(
        &app,
        Some(REVIEWER),
        "no-such-record",
        &json!({"verdict": "note"}),
    )
    .await;
    assert_problem(r, 404, "not_found").await;
    // The convention, sent as a plain record, is checked too: the type, the
    // reviewer, the parent.
    let r = post_as(
        &app,
        Some(&bearer(REVIEWER)),
        None,
        &json!({"type": "decision", "task_id": "t", "content": "ok",
                "metadata": {"oversight": {"verdict": "approved", "reviewer": "someone-else"}}}),
    )
    .await;
    let mut fields = problem_fields(&assert_problem(r, 400, "invalid_params").await);
    fields.sort();
    assert_eq!(fields, ["metadata.oversight.reviewer", "parent_id", "type"]);
    let (_, verify) = walk(&app, "t").await;
    assert_eq!(verify["length"], 1, "nothing refused was written");
}

#[tokio::test]
async fn a_verdict_sent_again_with_its_key_is_answered_the_first_record() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let first = decision(&app, "Deploy on Friday.").await;
    let second = decision(&app, "Skip the canary.").await;
    let keyed = |id: &Value, body: Value| {
        app.client
            .post(app.url(&format!("/thoughts/{}/oversight", id.as_str().unwrap())))
            .header("authorization", bearer(REVIEWER))
            .header("idempotency-key", "verdict-1")
            .json(&body)
            .send()
    };
    let approve = json!({"verdict": "approved", "reason": "Low risk."});
    let r = keyed(&first["id"], approve.clone()).await.unwrap();
    assert_eq!(r.status(), 201);
    assert!(r.headers().get("idempotent-replayed").is_none());
    let verdict: Value = r.json().await.unwrap();
    let again = keyed(&first["id"], approve.clone()).await.unwrap();
    assert_eq!(again.status(), 201);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(
        again.headers()["location"],
        format!("/thoughts/{}", verdict["id"].as_str().unwrap()).as_str()
    );
    assert_eq!(again.json::<Value>().await.unwrap(), verdict);
    // The same key for another verdict, or for the same verdict on another
    // decision, is another request.
    let escalate = json!({"verdict": "escalated", "reason": "Low risk."});
    for r in [
        keyed(&first["id"], escalate).await.unwrap(),
        keyed(&second["id"], approve).await.unwrap(),
    ] {
        assert_problem(r, 422, "idempotency_key_reused").await;
    }
    let (_, verify) = walk(&app, "deploy").await;
    assert_eq!(verify["length"], 3, "two decisions and one verdict");
}

#[tokio::test]
async fn an_open_service_takes_a_verdict_naming_its_reviewer() {
    let app = TestApp::spawn().await;
    let d = app
        .append(&new_record("decision", "open", "agent-1", "Use the cache."))
        .await;
    let id = d["id"].as_str().unwrap();
    let r = review(&app, None, id, &json!({"verdict": "escalated"})).await;
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["reviewer"]
    );
    let r = review(
        &app,
        None,
        id,
        &json!({"verdict": "escalated", "reviewer": "ann"}),
    )
    .await;
    assert_eq!(r.status(), 201);
    let v: Value = r.json().await.unwrap();
    assert_eq!(
        (v["agent_id"].clone(), v["content"].clone()),
        (json!("ann"), json!("escalated by ann"))
    );
}
