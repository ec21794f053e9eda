//! `POST /thoughts/batch`: many appends in one request, appended in order,
//! all or none, under one idempotency key, each record counted by the rate
//! limit.

use crate::support::{
    assert_hash_recomputes, assert_problem, bearer, chain_length, count_records, get_as,
    new_record, post_as, problem_fields, record_only, ring, task_body, test_limits, TestApp,
    READER, WRITER, ZERO,
};
use decision_trail::http::ops::guard::Rate;
use decision_trail::http::Limits;
use serde_json::{json, Value};

async fn post_batch(
    app: &TestApp,
    auth: Option<&str>,
    key: Option<&str>,
    records: &[Value],
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/thoughts/batch"))
        .json(&json!({ "records": records }));
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    if let Some(key) = key {
        request = request.header("idempotency-key", key);
    }
    request.send().await.unwrap()
}

/// The records of a 201 batch answer.
async fn appended(response: reqwest::Response) -> Vec<Value> {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    body["records"].as_array().unwrap().clone()
}

async fn chain(app: &TestApp, task: &str) -> Vec<Value> {
    let (status, page) = app
        .get_json(&format!("/thoughts?task_id={task}&limit=1000"))
        .await;
    assert_eq!(status, 200, "{page}");
    page["records"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_batch_appends_its_records_in_order_chained_and_answers_them_all() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "before")).await;
    let records = appended(
        post_batch(
            &app,
            None,
            None,
            &[
                new_record("analysis", "t", "a", "one"),
                new_record("plan", "u", "b", "other task"),
                json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "two",
                       "metadata": {"tokens": 12}, "session_id": "s-1"}),
            ],
        )
        .await,
    )
    .await;
    let seen: Vec<(&str, u64, &str)> = records
        .iter()
        .map(|r| {
            (
                r["task_id"].as_str().unwrap(),
                r["seq"].as_u64().unwrap(),
                r["content"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        seen,
        [("t", 1, "one"), ("u", 0, "other task"), ("t", 2, "two")]
    );
    // One log, in the batch's order, right after what came before.
    let indexes: Vec<u64> = records
        .iter()
        .map(|r| r["log_index"].as_u64().unwrap())
        .collect();
    assert_eq!(indexes, [1, 2, 3]);
    assert_eq!(records[1]["prev_hash"], ZERO);
    assert_eq!(records[2]["prev_hash"], records[0]["hash"]);
    assert_eq!(records[2]["metadata"], json!({"tokens": 12}));
    for r in &records {
        assert_hash_recomputes(r);
        let (status, stored) = app
            .get_json(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
            .await;
        assert_eq!((status, &record_only(stored)), (200, r));
    }
    for task in ["t", "u"] {
        let (_, verdict) = app.get_json(&format!("/tasks/{task}/verify")).await;
        assert_eq!(verdict["valid"], true, "{verdict}");
    }
}

#[tokio::test]
async fn a_batch_with_bad_items_appends_nothing_and_names_every_bad_field() {
    let app = TestApp::spawn().await;
    let r = post_batch(
        &app,
        None,
        None,
        &[
            new_record("plan", "t", "a", "fine"),
            json!({"type": "guess", "agent_id": "a", "content": "x"}),
            new_record("plan", "t", "a", "fine too"),
            json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "x",
                   "parent_id": "0190f000-0000-7000-8000-000000000000"}),
        ],
    )
    .await;
    let problem = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(
        problem_fields(&problem),
        [
            "records[1].type",
            "records[1].task_id",
            "records[3].parent_id"
        ],
        "{problem}"
    );
    assert_eq!(count_records(&app).await, 0);
    // The envelope itself: empty, too long, or not a batch.
    let r = post_batch(&app, None, None, &[]).await;
    let problem = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&problem), ["records"]);
    let many = vec![new_record("plan", "t", "a", "x"); 1001];
    let r = post_batch(&app, None, None, &many).await;
    assert_problem(r, 400, "invalid_params").await;
    let r = app
        .client
        .post(app.url("/thoughts/batch"))
        .json(&new_record("plan", "t", "a", "a single body"))
        .send()
        .await
        .unwrap();
    let problem = assert_problem(r, 400, "invalid_params").await;
    assert!(problem_fields(&problem).contains(&"records".to_string()));
    assert_eq!(count_records(&app).await, 0);
}

#[tokio::test]
async fn one_refused_record_refuses_the_whole_batch() {
    let app = TestApp::spawn().await;
    let head = app.append(&new_record("plan", "t", "a", "head")).await;
    // The third record expects a head the chain no longer has once the
    // first of the batch is appended.
    let r = post_batch(
        &app,
        None,
        None,
        &[
            new_record("analysis", "t", "a", "one"),
            new_record("plan", "u", "a", "elsewhere"),
            json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "late",
                   "expected_prev_hash": head["hash"]}),
        ],
    )
    .await;
    assert_problem(r, 409, "head_moved").await;
    assert_eq!(chain_length(&app, "t").await, 1);
    assert_eq!(chain_length(&app, "u").await, 0);
    // The log did not move either: the next record is log index 1.
    let next = app.append(&new_record("plan", "u", "a", "after")).await;
    assert_eq!(next["log_index"], 1);
    // Chained on the head it expects, the same record is appended.
    let records = appended(
        post_batch(
            &app,
            None,
            None,
            &[
                json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "late",
                     "expected_prev_hash": head["hash"]}),
            ],
        )
        .await,
    )
    .await;
    assert_eq!(records[0]["prev_hash"], head["hash"]);
}

#[tokio::test]
async fn a_batch_chains_in_order_under_concurrent_single_appends_to_its_task() {
    let app = TestApp::spawn().await;
    let mut work = Vec::new();
    for b in 0..6 {
        let client = app.client.clone();
        let url = app.url("/thoughts/batch");
        work.push(tokio::spawn(async move {
            let records: Vec<Value> = (0..40)
                .map(|i| new_record("analysis", "busy", "a", &format!("batch {b} item {i}")))
                .collect();
            let r = client
                .post(url)
                .json(&json!({ "records": records }))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 201);
        }));
    }
    for s in 0..60 {
        let client = app.client.clone();
        let url = app.url("/thoughts");
        work.push(tokio::spawn(async move {
            let r = client
                .post(url)
                .json(&new_record("plan", "busy", "a", &format!("single {s}")))
                .send()
                .await
                .unwrap();
            assert_eq!(r.status(), 201);
        }));
    }
    for w in work {
        w.await.unwrap();
    }
    let records = chain(&app, "busy").await;
    assert_eq!(records.len(), 6 * 40 + 60);
    // Each batch's records are consecutive in the chain, in the batch's order.
    for b in 0..6 {
        let prefix = format!("batch {b} item ");
        let at: Vec<usize> = records
            .iter()
            .enumerate()
            .filter(|(_, r)| r["content"].as_str().unwrap().starts_with(&prefix))
            .map(|(i, _)| i)
            .collect();
        assert_eq!(at.len(), 40);
        assert_eq!(at[39] - at[0], 39, "batch {b} is interleaved");
        for (i, &p) in at.iter().enumerate() {
            assert_eq!(records[p]["content"], format!("{prefix}{i}"));
        }
    }
    let (_, verdict) = app.get_json("/tasks/busy/verify").await;
    assert_eq!(verdict["valid"], true, "{verdict}");
    assert_eq!(verdict["length"], 300);
}

#[tokio::test]
async fn one_idempotency_key_covers_the_whole_batch() {
    let app = TestApp::spawn().await;
    let batch = [
        new_record("plan", "t", "a", "one"),
        new_record("decision", "t", "a", "two"),
    ];
    let first = appended(post_batch(&app, None, Some("b-1"), &batch).await).await;
    let again = post_batch(&app, None, Some("b-1"), &batch).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(appended(again).await, first);
    assert_eq!(chain_length(&app, "t").await, 2);
    // Another batch with the key, even a part of the first, is refused.
    for other in [
        vec![batch[0].clone()],
        vec![batch[0].clone(), new_record("decision", "t", "a", "three")],
        vec![batch[0].clone(), batch[1].clone(), batch[1].clone()],
    ] {
        let r = post_batch(&app, None, Some("b-1"), &other).await;
        let p = assert_problem(r, 422, "idempotency_key_reused").await;
        assert!(p["detail"].as_str().unwrap().contains("`b-1`"), "{p}");
    }
    assert_eq!(chain_length(&app, "t").await, 2);
    // A single append's keys are its own.
    let r = post_as(&app, None, Some("b-1"), &batch[0]).await;
    assert_eq!(r.status(), 201);
    assert!(r.headers().get("idempotent-replayed").is_none());
    assert_eq!(chain_length(&app, "t").await, 3);
}

#[tokio::test]
async fn a_writer_key_appends_its_batch_as_its_agent() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let records = appended(
        post_batch(
            &app,
            Some(&bearer(WRITER)),
            None,
            &[
                task_body("t", "one"),
                new_record("plan", "t", "planner-1", "two"),
            ],
        )
        .await,
    )
    .await;
    assert!(records.iter().all(|r| r["agent_id"] == "planner-1"));
    let r = post_batch(
        &app,
        Some(&bearer(WRITER)),
        None,
        &[
            task_body("t", "three"),
            new_record("plan", "t", "coder-2", "not mine"),
        ],
    )
    .await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(
        p["detail"]
            .as_str()
            .unwrap()
            .starts_with("records[1].agent_id"),
        "{p}"
    );
    let r = post_batch(&app, Some(&bearer(READER)), None, &[task_body("t", "x")]).await;
    assert_problem(r, 403, "forbidden").await;
    let task: Value = get_as(&app, Some(&bearer(READER)), "/tasks/t")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(task["length"], 2, "{task}");
}

/// A service with API keys whose rate limit holds five tokens and barely
/// refills.
async fn with_a_burst_of_five() -> TestApp {
    TestApp::builder()
        .keys(ring())
        .limits(Limits {
            rate: Some(Rate {
                per_second: 0.01,
                burst: 5,
            }),
            ..test_limits()
        })
        .spawn()
        .await
}

#[tokio::test]
async fn the_rate_limit_counts_each_record_of_a_batch() {
    let app = with_a_burst_of_five().await;
    let auth = bearer(WRITER);
    let three = vec![task_body("t", "x"); 3];
    appended(post_batch(&app, Some(&auth), None, &three).await).await;
    // Two tokens left: the next batch of three is over the rate, whole.
    let r = post_batch(&app, Some(&auth), None, &three).await;
    assert!(r.headers().contains_key("retry-after"));
    assert_problem(r, 429, "rate_limited").await;
    // A batch refused for a bad field takes no more than its own token.
    let mut bad = vec![task_body("t", "x"); 2];
    bad[1]["type"] = json!("idea");
    let app = with_a_burst_of_five().await;
    let r = post_batch(&app, Some(&auth), None, &bad).await;
    assert_problem(r, 400, "invalid_params").await;
    appended(post_batch(&app, Some(&auth), None, &vec![task_body("t", "x"); 4]).await).await;
    // A batch larger than the burst could never pass: it is refused as such.
    let app = with_a_burst_of_five().await;
    let r = post_batch(&app, Some(&auth), None, &vec![task_body("t", "x"); 6]).await;
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["records"]);
    assert!(
        p["detail"].as_str().unwrap().contains("--rate-burst"),
        "{p}"
    );
    // The refused request spent its own token: four records are left.
    appended(post_batch(&app, Some(&auth), None, &vec![task_body("t", "x"); 4]).await).await;
}

#[tokio::test]
async fn a_batch_may_be_as_large_as_its_records_allow_up_to_the_batch_limit() {
    let limits = Limits {
        max_body_bytes: 400,
        max_batch_body_bytes: 1000,
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
    let small = new_record("plan", "t", "a", &"s".repeat(100));
    let large = new_record("plan", "t", "a", &"l".repeat(500));
    // Three small records: more than one body's limit, within three.
    appended(post_batch(&app, None, None, &vec![small.clone(); 3]).await).await;
    // One record larger than a single body may be.
    let r = post_batch(&app, None, None, std::slice::from_ref(&large)).await;
    let p = assert_problem(r, 413, "payload_too_large").await;
    assert!(p["detail"].as_str().unwrap().contains("400"), "{p}");
    // Past the batch's own limit, whatever the count.
    let r = post_batch(&app, None, None, &vec![large; 2]).await;
    let p = assert_problem(r, 413, "payload_too_large").await;
    assert!(p["detail"].as_str().unwrap().contains("1000"), "{p}");
    assert_eq!(chain_length(&app, "t").await, 3);
}

#[tokio::test]
async fn a_batch_key_that_outlived_its_batch_answers_no_part_retry() {
    let app = TestApp::spawn().await;
    let erasable = json!({"type": "plan", "task_id": "t", "agent_id": "a",
                          "content": "Call Ada", "erasable": true});
    let first =
        appended(post_batch(&app, None, Some("b-2"), std::slice::from_ref(&erasable)).await).await;
    let r = app
        .client
        .delete(app.url(&format!(
            "/thoughts/{}/content",
            first[0]["id"].as_str().unwrap()
        )))
        .json(&json!({"reason": "a person asked"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    // The erased record's key answers any request as a retry; a batch that
    // would be that retry and a new record besides is refused whole.
    let r = post_batch(
        &app,
        None,
        Some("b-2"),
        &[erasable, new_record("plan", "t", "a", "new")],
    )
    .await;
    assert_problem(r, 422, "idempotency_key_reused").await;
    // The record and its erasure decision, nothing more.
    assert_eq!(chain_length(&app, "t").await, 2);
}
