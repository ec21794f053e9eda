//! The record format's original repository test matrix (30 rows), translated
//! from repository functions and agent tools to the HTTP API: creating a record
//! is `POST /thoughts`, reading one `GET /thoughts/{id}`, listing
//! `GET /thoughts`; against a real server on a loopback port and a fresh SQLite
//! file.

use std::sync::Arc;

use crate::support::{
    assert_hash_recomputes, assert_problem, new_record, problem_fields, record_only, TestApp, ZERO,
};
use decision_trail::store::Seams;
use serde_json::{json, Value};

async fn records(app: &TestApp, query: &str) -> Vec<Value> {
    let (status, page) = app.get_json(&format!("/thoughts{query}")).await;
    assert_eq!(status, 200, "{page}");
    page["records"].as_array().unwrap().clone()
}

fn field<'a>(records: &'a [Value], name: &str) -> Vec<&'a str> {
    records.iter().map(|r| r[name].as_str().unwrap()).collect()
}

#[tokio::test]
async fn genesis_record_links_to_zero_hash() {
    let app = TestApp::spawn().await;
    let r = app.append(&new_record("plan", "t1", "a1", "first")).await;
    assert_eq!(r["prev_hash"], ZERO);
    assert_eq!(r["seq"], 0);
}

#[tokio::test]
async fn second_record_links_to_the_first() {
    let app = TestApp::spawn().await;
    let first = app.append(&new_record("plan", "t1", "a1", "first")).await;
    let second = app
        .append(&new_record("analysis", "t1", "a1", "second"))
        .await;
    assert_eq!(second["prev_hash"], first["hash"]);
    assert_eq!(second["seq"], 1);
}

#[tokio::test]
async fn different_tasks_have_independent_chains() {
    let app = TestApp::spawn().await;
    let a = app.append(&new_record("plan", "task1", "a1", "A")).await;
    let b = app.append(&new_record("plan", "task2", "a1", "B")).await;
    assert_eq!(a["prev_hash"], ZERO);
    assert_eq!(b["prev_hash"], ZERO);
    assert_eq!((a["seq"].clone(), b["seq"].clone()), (json!(0), json!(0)));
    assert_eq!(
        (a["log_index"].clone(), b["log_index"].clone()),
        (json!(0), json!(1))
    );
}

#[tokio::test]
async fn id_is_a_uuid_v7_of_the_records_timestamp() {
    let app = TestApp::spawn().await;
    let r = app.append(&new_record("plan", "t1", "a1", "x")).await;
    let id = uuid::Uuid::parse_str(r["id"].as_str().unwrap()).expect("a UUID");
    assert_eq!(id.get_version_num(), 7);
    assert_eq!(r["id"].as_str().unwrap(), id.hyphenated().to_string());
    // RFC 9562 §5.7: the first 48 bits are the Unix milliseconds.
    let millis = u64::from_be_bytes([
        0,
        0,
        id.as_bytes()[0],
        id.as_bytes()[1],
        id.as_bytes()[2],
        id.as_bytes()[3],
        id.as_bytes()[4],
        id.as_bytes()[5],
    ]);
    let at = chrono::DateTime::parse_from_rfc3339(r["timestamp"].as_str().unwrap()).unwrap();
    assert_eq!(millis as i64, at.timestamp_millis());
}

#[tokio::test]
async fn timestamp_is_iso_8601_utc_with_milliseconds() {
    let app = TestApp::spawn().await;
    let r = app.append(&new_record("plan", "t1", "a1", "x")).await;
    let ts = r["timestamp"].as_str().unwrap();
    assert_eq!(ts.len(), 24, "{ts}");
    assert!(ts.ends_with('Z') && ts.as_bytes()[19] == b'.', "{ts}");
    chrono::DateTime::parse_from_rfc3339(ts).expect("RFC 3339");
}

#[tokio::test]
async fn each_of_the_four_types_round_trips() {
    let app = TestApp::spawn().await;
    for kind in ["plan", "analysis", "decision", "reflection"] {
        let r = app.append(&new_record(kind, "t1", "a1", kind)).await;
        assert_eq!(r["type"], kind);
        let (_, read) = app
            .get_json(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
            .await;
        assert_eq!(read["type"], kind);
    }
}

#[tokio::test]
async fn agent_id_is_stored_and_returned() {
    let app = TestApp::spawn().await;
    let r = app
        .append(&new_record("plan", "t1", "agent-007", "x"))
        .await;
    assert_eq!(r["agent_id"], "agent-007");
    let (_, read) = app
        .get_json(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
        .await;
    assert_eq!(read["agent_id"], "agent-007");
}

#[tokio::test]
async fn empty_content_is_accepted() {
    let app = TestApp::spawn().await;
    let r = app.append(&new_record("plan", "t1", "a1", "")).await;
    assert_eq!(r["content"], "");
    assert_hash_recomputes(&r);
}

#[tokio::test]
async fn pinned_hash_through_injected_id_and_clock() {
    let seams = Seams {
        new_id: Arc::new(|_| "r1".to_string()),
        now: Arc::new(|| "2026-04-17T00:00:00Z".to_string()),
        ..Seams::default()
    };
    let app = TestApp::builder().seams(seams).spawn().await;
    let r = app.append(&new_record("plan", "t1", "a1", "hello")).await;
    assert_eq!(
        r["hash"],
        "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a"
    );
    assert_eq!(r["id"], "r1");
    assert_eq!(r["timestamp"], "2026-04-17T00:00:00Z");
}

#[tokio::test]
async fn returned_hash_recomputes_independently() {
    let app = TestApp::spawn().await;
    let mut body = new_record(
        "decision",
        "t1",
        "a1",
        "line\n\"quoted\" \\ tab\t é 🎉 \u{2028}",
    );
    body["metadata"] = json!({"z": [1, 2.5, "x"], "a": {"nested": true, "n": null}});
    let r = app.append(&body).await;
    assert_hash_recomputes(&r);
}

/// Rows 11-14: each invalid input is a 400 problem naming the field; nothing written.
async fn assert_refused(body: Value, field: &str) {
    let app = TestApp::spawn().await;
    let problem = assert_problem(app.post(&body).await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&problem), [field], "{problem}");
    assert!(records(&app, "").await.is_empty(), "nothing is written");
}

#[tokio::test]
async fn missing_type_is_refused() {
    assert_refused(
        json!({"task_id": "t1", "agent_id": "a1", "content": "x"}),
        "type",
    )
    .await;
}

#[tokio::test]
async fn empty_task_id_is_refused() {
    assert_refused(new_record("plan", "", "a1", "x"), "task_id").await;
}

#[tokio::test]
async fn empty_agent_id_is_refused() {
    assert_refused(new_record("plan", "t1", "", "x"), "agent_id").await;
}

#[tokio::test]
async fn type_observation_is_refused() {
    assert_refused(new_record("observation", "t1", "a1", "x"), "type").await;
}

#[tokio::test]
async fn unknown_id_is_a_404_problem() {
    let app = TestApp::spawn().await;
    let problem = assert_problem(app.get("/thoughts/no-such-id").await, 404, "not_found").await;
    assert!(problem["detail"].as_str().unwrap().contains("no-such-id"));
}

#[tokio::test]
async fn get_returns_the_full_record() {
    let app = TestApp::spawn().await;
    let mut body = new_record("reflection", "t1", "a1", "done");
    body["metadata"] = json!({"k": "v"});
    let posted = app.append(&body).await;
    let (status, read) = app
        .get_json(&format!("/thoughts/{}", posted["id"].as_str().unwrap()))
        .await;
    assert_eq!(status, 200);
    assert_eq!(record_only(read.clone()), posted);
    for f in [
        "id",
        "seq",
        "log_index",
        "type",
        "task_id",
        "agent_id",
        "content",
        "metadata",
        "timestamp",
        "prev_hash",
        "hash",
    ] {
        assert!(read.get(f).is_some(), "{f} missing");
    }
}

#[tokio::test]
async fn get_finds_records_across_tasks() {
    let app = TestApp::spawn().await;
    let a = app.append(&new_record("plan", "task1", "a1", "A")).await;
    let b = app.append(&new_record("plan", "task2", "a1", "B")).await;
    let (_, read_a) = app
        .get_json(&format!("/thoughts/{}", a["id"].as_str().unwrap()))
        .await;
    let (_, read_b) = app
        .get_json(&format!("/thoughts/{}", b["id"].as_str().unwrap()))
        .await;
    assert_eq!((record_only(read_a), record_only(read_b)), (a, b));
}

#[tokio::test]
async fn list_on_an_empty_database_is_empty() {
    let app = TestApp::spawn().await;
    let (status, page) = app.get_json("/thoughts").await;
    assert_eq!(status, 200);
    assert_eq!(page, json!({"records": [], "next": null}));
}

#[tokio::test]
async fn list_without_filter_returns_all() {
    let app = TestApp::spawn().await;
    for (task, c) in [("t1", "a"), ("t2", "b"), ("t1", "c")] {
        app.append(&new_record("plan", task, "a1", c)).await;
    }
    assert_eq!(field(&records(&app, "").await, "content"), ["a", "b", "c"]);
}

#[tokio::test]
async fn list_filters_by_task() {
    let app = TestApp::spawn().await;
    for (task, c) in [("t1", "a"), ("t2", "b"), ("t1", "c")] {
        app.append(&new_record("plan", task, "a1", c)).await;
    }
    assert_eq!(
        field(&records(&app, "?task_id=t1").await, "content"),
        ["a", "c"]
    );
}

#[tokio::test]
async fn list_is_in_insertion_order() {
    let app = TestApp::spawn().await;
    let ids: Vec<String> = {
        let mut ids = Vec::new();
        for c in ["1", "2", "3"] {
            ids.push(
                app.append(&new_record("plan", "t1", "a1", c)).await["id"]
                    .as_str()
                    .unwrap()
                    .to_string(),
            );
        }
        ids
    };
    assert_eq!(field(&records(&app, "?task_id=t1").await, "id"), ids);
}

#[tokio::test]
async fn limit_clamps_the_page() {
    let app = TestApp::spawn().await;
    for c in ["1", "2", "3", "4", "5"] {
        app.append(&new_record("plan", "t1", "a1", c)).await;
    }
    assert_eq!(
        field(&records(&app, "?limit=2").await, "content"),
        ["1", "2"]
    );
}

#[tokio::test]
async fn limit_and_task_combine() {
    let app = TestApp::spawn().await;
    for i in 0..3 {
        app.append(&new_record("plan", "t1", "a1", &format!("one-{i}")))
            .await;
        app.append(&new_record("plan", "t2", "a1", &format!("two-{i}")))
            .await;
    }
    assert_eq!(
        field(&records(&app, "?task_id=t1&limit=2").await, "content"),
        ["one-0", "one-1"]
    );
}

#[tokio::test]
async fn listed_chain_is_linked() {
    let app = TestApp::spawn().await;
    for c in ["1", "2", "3"] {
        app.append(&new_record("plan", "t1", "a1", c)).await;
    }
    let chain = records(&app, "?task_id=t1").await;
    assert_eq!(chain[0]["prev_hash"], ZERO);
    for pair in chain.windows(2) {
        assert_eq!(pair[1]["prev_hash"], pair[0]["hash"]);
    }
    chain.iter().for_each(assert_hash_recomputes);
}

#[tokio::test]
async fn append_answers_201_with_the_record() {
    let app = TestApp::spawn().await;
    let response = app.post(&new_record("plan", "t1", "a1", "x")).await;
    assert_eq!(response.status(), 201);
    assert_eq!(response.headers()["content-type"], "application/json");
    let location = response.headers()["location"].to_str().unwrap().to_string();
    let r: Value = response.json().await.unwrap();
    assert_eq!(location, format!("/thoughts/{}", r["id"].as_str().unwrap()));
}

#[tokio::test]
async fn invalid_input_is_an_invalid_params_problem() {
    let app = TestApp::spawn().await;
    let problem = assert_problem(
        app.post(&new_record("bad", "t1", "a1", "x")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["type"]);
}

#[tokio::test]
async fn list_answers_records_and_next() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t1", "a1", "x")).await;
    let (_, page) = app.get_json("/thoughts").await;
    assert!(page["records"].is_array());
    assert!(page["next"].is_null());
}

#[tokio::test]
async fn list_filter_by_task_across_tasks() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t1", "a1", "x")).await;
    app.append(&new_record("plan", "t2", "a1", "y")).await;
    let t2 = records(&app, "?task_id=t2").await;
    assert_eq!(field(&t2, "task_id"), ["t2"]);
}

#[tokio::test]
async fn both_operations_are_registered_and_documented() {
    let app = TestApp::spawn().await;
    let (status, doc) = app.get_json("/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(doc["paths"]["/thoughts"]["post"]["operationId"], "append");
    assert_eq!(
        doc["paths"]["/thoughts"]["get"]["operationId"],
        "list_thoughts"
    );
}

/// Registering the same record twice is refused by the schema (a unique id),
/// and nothing changes.
#[tokio::test]
async fn the_same_record_twice_is_refused() {
    let seams = Seams {
        new_id: Arc::new(|_| "fixed-id".to_string()),
        now: Arc::new(|| "2026-04-17T00:00:00.000Z".to_string()),
        ..Seams::default()
    };
    let app = TestApp::builder().seams(seams).spawn().await;
    app.append(&new_record("plan", "t1", "a1", "x")).await;
    assert_problem(
        app.post(&new_record("plan", "t1", "a1", "x")).await,
        409,
        "conflict",
    )
    .await;
    assert_eq!(records(&app, "").await.len(), 1);
    let (_, task) = app.get_json("/tasks/t1").await;
    assert_eq!(task["length"], 1);
}
