//! Legal holds on the trail: placing and lifting a hold each append the
//! service's own decision to the task, in the transaction that changes the
//! hold, shown in the browser's pages; no client writes a record that reads
//! as one; the chain and its export still verify.

use serde_json::{json, Value};

use crate::support::{assert_problem, chain_length, problem_fields, run_binary, TestApp};

async fn send(request: reqwest::RequestBuilder) -> (u16, Value) {
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn placing_and_lifting_a_hold_each_append_a_record_to_the_trail() {
    let app = TestApp::spawn().await;
    let client = reqwest::Client::new();
    app.append(
        &json!({"type": "analysis", "task_id": "crm", "agent_id": "w",
        "content": "Call Ada", "erasable": true}),
    )
    .await;
    let url = app.url("/tasks/crm/hold");
    // Placed: the hold and the decision that says so, one and the same.
    let (status, placed) = send(
        client
            .put(&url)
            .json(&json!({"reason": "litigation 2026-7", "agent_id": "legal"})),
    )
    .await;
    assert_eq!(status, 201, "{placed}");
    let record = &placed["record"];
    assert_eq!(record["type"], "decision");
    assert_eq!(record["agent_id"], "legal");
    assert_eq!(record["seq"], 1);
    assert_eq!(
        record["metadata"],
        json!({"hold": {"action": "place", "reason": "litigation 2026-7"}})
    );
    assert_eq!(
        (&placed["at"], &placed["by"]),
        (&record["timestamp"], &record["agent_id"])
    );
    // Placed again: the first hold stands, nothing is appended.
    let (status, again) = send(client.put(&url).json(&json!({"reason": "other"}))).await;
    assert_eq!(status, 200);
    assert_eq!(again["record"], Value::Null);
    assert_eq!(again["reason"], "litigation 2026-7");
    assert_eq!(chain_length(&app, "crm").await, 2);
    // GET answers the hold that stands, without a record.
    let (status, standing) = send(client.get(&url)).await;
    assert_eq!(status, 200);
    assert_eq!(standing["at"], placed["at"]);
    assert!(standing.get("record").is_none(), "{standing}");
    // Lifted with a reason: the decision names the hold it ends.
    let (status, lifted) = send(
        client
            .delete(&url)
            .json(&json!({"reason": "case settled", "agent_id": "legal"})),
    )
    .await;
    assert_eq!(status, 200, "{lifted}");
    assert_eq!(lifted["reason"], "litigation 2026-7");
    assert_eq!(
        lifted["record"]["metadata"]["hold"],
        json!({"action": "lift", "placed_at": placed["at"], "placed_by": "legal",
            "reason": "case settled"})
    );
    assert_problem(client.get(&url).send().await.unwrap(), 404, "not_found").await;
    // A bare DELETE lifts too (the reason is optional); none stands now.
    assert_eq!(
        send(client.put(&url).json(&json!({"reason": "again"})))
            .await
            .0,
        201
    );
    let (status, bare) = send(client.delete(&url)).await;
    assert_eq!(status, 200);
    assert!(bare["record"]["metadata"]["hold"].get("reason").is_none());
    assert_problem(client.delete(&url).send().await.unwrap(), 404, "not_found").await;
    assert_eq!(chain_length(&app, "crm").await, 5);
    // The chain verifies, and so does its export, checked offline.
    let (_, verdict) = app.get_json("/tasks/crm/verify").await;
    assert_eq!(verdict["valid"], true, "{verdict}");
    let dir = tempfile::tempdir().unwrap();
    let (export, key) = (dir.path().join("crm.ndjson"), dir.path().join("log.vkey"));
    std::fs::write(
        &export,
        app.get("/tasks/crm/export").await.text().await.unwrap(),
    )
    .unwrap();
    std::fs::write(&key, app.get("/log/key").await.text().await.unwrap().trim()).unwrap();
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        export.display().to_string(),
        "--key".into(),
        key.display().to_string(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    // The browser shows them as the service's own: the trail, the trace
    // view and the printable report.
    for page in [
        "/ui/tasks/crm?view=timeline",
        "/ui/tasks/crm",
        "/ui/tasks/crm/report",
    ] {
        let html = app.get(page).await.text().await.unwrap();
        for said in [
            "legal hold placed",
            "legal hold lifted",
            "Placed a legal hold on this task: litigation 2026-7",
        ] {
            assert!(html.contains(said), "{page} does not say {said:?}");
        }
    }
}

#[tokio::test]
async fn no_client_writes_a_record_that_reads_as_a_hold() {
    let app = TestApp::spawn().await;
    let look_alike = json!({"type": "decision", "task_id": "crm", "agent_id": "w",
        "content": "Lifted the legal hold", "metadata": {"hold": {"action": "lift"}}});
    let p = assert_problem(app.post(&look_alike).await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["metadata.hold"], "{p}");
    let batch = reqwest::Client::new()
        .post(app.url("/thoughts/batch"))
        .json(&json!({"records": [look_alike]}))
        .send()
        .await
        .unwrap();
    let p = assert_problem(batch, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["records[0].metadata.hold"], "{p}");
    assert_eq!(crate::support::count_records(&app).await, 0);
}
