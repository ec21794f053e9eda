//! Appending and reading back over real HTTP: the record as stored, metadata,
//! concurrency on one chain, clocks, task summaries, health and docs.

use crate::support::{
    assert_hash_recomputes, assert_problem, new_record, record_only, TestApp, ZERO,
};
use decision_trail::store::Seams;
use serde_json::{json, Value};

#[tokio::test]
async fn append_returns_the_stored_record_with_location_and_request_id() {
    let app = TestApp::spawn().await;
    let response = app.post(&new_record("plan", "t1", "a1", "hello")).await;
    assert_eq!(response.status(), 201);
    let location = response.headers()["location"].to_str().unwrap().to_string();
    assert!(response.headers().contains_key("x-request-id"));
    let r: Value = response.json().await.unwrap();
    assert_eq!(
        (
            r["type"].clone(),
            r["task_id"].clone(),
            r["agent_id"].clone(),
            r["content"].clone()
        ),
        (json!("plan"), json!("t1"), json!("a1"), json!("hello"))
    );
    assert!(
        r.get("metadata").is_none(),
        "no metadata key when there is none"
    );
    assert_hash_recomputes(&r);
    let (status, read) = app.get_json(&location).await;
    assert_eq!((status, record_only(read)), (200, r));
}

#[tokio::test]
async fn metadata_is_stored_canonical_and_hashed() {
    let app = TestApp::spawn().await;
    let text = r#"{"type":"plan","task_id":"t1","agent_id":"a1","content":"c",
        "metadata":{"z":1.50,"a":[1E3,-0,4.50],"m":{"y":true,"b":null}}}"#;
    let response = app.post_raw(text).await;
    assert_eq!(response.status(), 201);
    let raw = response.text().await.unwrap();
    assert!(
        raw.contains(r#""metadata":{"a":[1000,0,4.5],"m":{"b":null,"y":true},"z":1.5}"#),
        "{raw}"
    );
    assert_hash_recomputes(&serde_json::from_str(&raw).unwrap());
}

#[tokio::test]
async fn null_metadata_means_none() {
    let app = TestApp::spawn().await;
    let mut body = new_record("plan", "t1", "a1", "c");
    body["metadata"] = Value::Null;
    let r = app.append(&body).await;
    assert!(r.get("metadata").is_none());
    assert_hash_recomputes(&r);
}

#[tokio::test]
async fn task_summary_reports_length_head_and_timestamps() {
    let app = TestApp::spawn().await;
    let first = app.append(&new_record("plan", "t1", "a", "1")).await;
    app.append(&new_record("plan", "other", "a", "x")).await;
    let last = app.append(&new_record("decision", "t1", "a", "2")).await;
    let (status, task) = app.get_json("/tasks/t1").await;
    assert_eq!(status, 200);
    assert_eq!(
        task,
        json!({
            "task_id": "t1", "length": 2, "head_hash": last["hash"],
            "first_timestamp": first["timestamp"], "last_timestamp": last["timestamp"]
        })
    );
    assert_problem(app.get("/tasks/unknown").await, 404, "not_found").await;
}

#[tokio::test]
async fn health_and_readiness_answer() {
    let app = TestApp::spawn().await;
    assert_eq!(
        app.get_json("/healthz").await,
        (200, json!({"status": "ok"}))
    );
    assert_eq!(
        app.get_json("/readyz").await,
        (200, json!({"status": "ready"}))
    );
}

#[tokio::test]
async fn openapi_and_swagger_ui_are_served() {
    // With keys the service serves the whole document (open, it leaves out
    // the key scheme: see auth.rs).
    let app = TestApp::builder()
        .keys(crate::support::ring())
        .spawn()
        .await;
    let (status, doc) = app.get_json("/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(
        doc,
        serde_json::to_value(decision_trail::http::openapi()).unwrap()
    );
    let docs = app.get("/docs/").await;
    assert_eq!(docs.status(), 200);
    let html = docs.text().await.unwrap();
    assert!(html.contains("swagger-ui"), "Swagger UI page");
    // The UI's assets are served from the binary, not a CDN.
    let config = app.get("/docs/swagger-initializer.js").await;
    assert_eq!(config.status(), 200);
    assert!(config.text().await.unwrap().contains("/openapi.json"));
    assert_eq!(app.get("/docs/swagger-ui.css").await.status(), 200);
}

#[tokio::test]
async fn a_client_request_id_is_echoed() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .get(app.url("/healthz"))
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
    let response = app.get("/nope").await;
    assert!(
        response.headers().contains_key("x-request-id"),
        "problems carry one too"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn five_hundred_concurrent_appends_to_one_task_form_one_chain() {
    let app = TestApp::spawn().await;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..500 {
        // A client each: many connections, not one pipelined stream.
        let client = reqwest::Client::new();
        let url = app.url("/thoughts");
        set.spawn(async move {
            let r = client
                .post(url)
                .json(&new_record("analysis", "hot", "a", &format!("step {i}")))
                .send()
                .await
                .expect("sent");
            r.status().as_u16()
        });
    }
    let mut statuses = Vec::new();
    while let Some(s) = set.join_next().await {
        statuses.push(s.unwrap());
    }
    assert!(
        statuses.iter().all(|s| *s == 201),
        "every append succeeds: {statuses:?}"
    );
    let (_, page) = app.get_json("/thoughts?task_id=hot&limit=1000").await;
    let chain = page["records"].as_array().unwrap();
    assert_eq!(chain.len(), 500);
    let mut contents = std::collections::HashSet::new();
    for (i, r) in chain.iter().enumerate() {
        assert_eq!(r["seq"], i as u64);
        let expected_prev = if i == 0 {
            ZERO
        } else {
            chain[i - 1]["hash"].as_str().unwrap()
        };
        assert_eq!(r["prev_hash"], expected_prev, "link at seq {i}");
        assert_hash_recomputes(r);
        contents.insert(r["content"].as_str().unwrap().to_string());
    }
    assert_eq!(contents.len(), 500, "every append is in the chain once");
    let mut leaves: Vec<u64> = chain
        .iter()
        .map(|r| r["log_index"].as_u64().unwrap())
        .collect();
    leaves.sort();
    assert_eq!(leaves, (0..500).collect::<Vec<u64>>());
    let (_, task) = app.get_json("/tasks/hot").await;
    assert_eq!(task["length"], 500);
    assert_eq!(task["head_hash"], chain[499]["hash"]);
}

#[tokio::test]
async fn the_clock_stepping_back_does_not_make_a_chain_go_backwards() {
    let ticks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    // The writer reads the clock at start, then once per append.
    let times = [
        "2026-01-01T00:00:05.000Z",
        "2026-01-01T00:00:05.000Z",
        "2026-01-01T00:00:01.000Z",
    ];
    let seams = Seams {
        now: std::sync::Arc::new(move || {
            times[ticks
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
                .min(2)]
            .to_string()
        }),
        ..Seams::default()
    };
    let app = TestApp::builder().seams(seams).spawn().await;
    let a = app.append(&new_record("plan", "t", "a", "1")).await;
    let b = app.append(&new_record("plan", "t", "a", "2")).await;
    assert_eq!(a["timestamp"], "2026-01-01T00:00:05.000Z");
    assert_eq!(b["timestamp"], "2026-01-01T00:00:05.000Z");
    assert_hash_recomputes(&b);
}

// Readiness means an append can commit now.

#[tokio::test]
async fn readyz_fails_while_the_disk_has_no_room() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::builder()
        .config(|c| c.min_free_bytes = u64::MAX)
        .spawn()
        .await;
    let p = assert_problem(app.get("/readyz").await, 503, "unavailable").await;
    assert!(p["detail"].as_str().unwrap().contains("bytes free"), "{p}");
    assert_eq!(app.get("/healthz").await.status(), 200);
    let ready = TestApp::spawn().await;
    assert_eq!(ready.get("/readyz").await.status(), 200);
}
