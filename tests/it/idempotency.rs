//! Idempotent retries with `Idempotency-Key`: one record per key and request,
//! across batches, restarts and agents; reuse for another request refused.

use crate::support::{
    assert_problem, bearer, chain_length, database_url, execute, new_record, post_as,
    problem_fields, ring, task_body, TestApp, OTHER_WRITER, WRITER,
};
use serde_json::{json, Value};
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_retry_with_the_same_key_returns_the_original_record() {
    let app = TestApp::spawn().await;
    let body = new_record("decision", "t", "a", "chose JWT");
    let first = post_as(&app, None, Some("k-1"), &body).await;
    assert_eq!(first.status(), 201);
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first: Value = first.json().await.unwrap();
    // Same request spelled differently (member order, escapes) is the same request.
    let respelled: Value = serde_json::from_str(
        r#"{"content":"chose \u004aWT","agent_id":"a","task_id":"t","type":"decision"}"#,
    )
    .unwrap();
    for body in [&body, &respelled] {
        let again = post_as(&app, None, Some("k-1"), body).await;
        assert_eq!(again.status(), 201);
        assert_eq!(again.headers()["idempotent-replayed"], "true");
        assert_eq!(
            again.headers()["location"],
            format!("/thoughts/{}", first["id"].as_str().unwrap()).as_str()
        );
        let again: Value = again.json().await.unwrap();
        assert_eq!(again, first, "same id, same hash, same everything");
    }
    assert_eq!(chain_length(&app, "t").await, 1);
    // Without a key, or with another key, the same body is a new record.
    post_as(&app, None, Some("k-2"), &body).await;
    app.append(&body).await;
    assert_eq!(chain_length(&app, "t").await, 3);
}

#[tokio::test]
async fn the_same_key_with_another_body_is_422_and_writes_nothing() {
    let app = TestApp::spawn().await;
    let r = post_as(&app, None, Some("k"), &new_record("plan", "t", "a", "one")).await;
    assert_eq!(r.status(), 201);
    for other in [
        new_record("plan", "t", "a", "two"),
        new_record("decision", "t", "a", "one"),
        new_record("plan", "u", "a", "one"),
        json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "one", "metadata": {"x": 1}}),
    ] {
        let r = post_as(&app, None, Some("k"), &other).await;
        let p = assert_problem(r, 422, "idempotency_key_reused").await;
        assert!(p["detail"].as_str().unwrap().contains("`k`"));
    }
    assert_eq!(chain_length(&app, "t").await, 1);
    assert_eq!(chain_length(&app, "u").await, 0);
}

#[tokio::test]
async fn the_same_key_with_another_session_or_parent_is_422() {
    let app = TestApp::spawn().await;
    let p1 = app.append(&new_record("plan", "t", "a", "one")).await;
    let p2 = app.append(&new_record("plan", "t", "a", "two")).await;
    let bound = |session: &str, parent: &Value| {
        json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "go",
               "session_id": session, "parent_id": parent["id"]})
    };
    let first = post_as(&app, None, Some("k"), &bound("s1", &p1)).await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    for other in [bound("s2", &p1), bound("s1", &p2)] {
        let r = post_as(&app, None, Some("k"), &other).await;
        assert_problem(r, 422, "idempotency_key_reused").await;
    }
    let again = post_as(&app, None, Some("k"), &bound("s1", &p1)).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    // A key first sent without either: adding one is another request too.
    let plain = new_record("decision", "t", "a", "go");
    assert_eq!(post_as(&app, None, Some("k2"), &plain).await.status(), 201);
    for other in [bound("s1", &p1), {
        let mut b = plain.clone();
        b["parent_id"] = p1["id"].clone();
        b
    }] {
        let r = post_as(&app, None, Some("k2"), &other).await;
        assert_problem(r, 422, "idempotency_key_reused").await;
    }
    assert_eq!(chain_length(&app, "t").await, 4);
}

/// The fingerprint versions before 0.5.0 stored: SHA-256 of the
/// length-prefixed type, task, agent and content, then a 0 byte each for no
/// metadata and no expected head; nothing of the session or the parent.
fn fingerprint_before_0_5(kind: &str, task: &str, agent: &str, content: &str) -> String {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    for field in [kind, task, agent, content] {
        h.update([1u8]);
        h.update((field.len() as u64).to_be_bytes());
        h.update(field.as_bytes());
    }
    h.update([0u8, 0u8]);
    hex::encode(h.finalize())
}

#[tokio::test]
async fn a_key_stored_before_an_upgrade_still_answers_its_retry() {
    let app = TestApp::spawn().await;
    let parent = app.append(&new_record("plan", "t", "a", "one")).await;
    let body = json!({"type": "decision", "task_id": "t", "agent_id": "a", "content": "go",
                      "session_id": "s", "parent_id": parent["id"]});
    let first: Value = post_as(&app, None, Some("k"), &body)
        .await
        .json()
        .await
        .unwrap();
    let (path, dir) = app.stop().await;
    // The row as the earlier version wrote it.
    let stored = fingerprint_before_0_5("decision", "t", "a", "go");
    let changed = execute(
        &database_url(&path).await,
        &format!("UPDATE idempotency SET fingerprint = '{stored}' WHERE key = 'k'"),
    )
    .await
    .unwrap();
    assert_eq!(changed, 1);
    let app = TestApp::builder().database(path, dir).spawn().await;
    // Its retry is answered the record (not refused, nor taken for an
    // altered row); another request with the key is still refused.
    let again = post_as(&app, None, Some("k"), &body).await;
    assert_eq!(again.status(), 201);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    let other = new_record("decision", "t", "a", "stop");
    let r = post_as(&app, None, Some("k"), &other).await;
    assert_problem(r, 422, "idempotency_key_reused").await;
    assert_eq!(chain_length(&app, "t").await, 2);
}

#[tokio::test]
async fn concurrent_retries_in_flight_all_get_the_one_record() {
    let app = TestApp::spawn().await;
    let body = new_record("plan", "t", "a", "once");
    let mut tasks = Vec::new();
    for _ in 0..40 {
        let client = app.client.clone();
        let url = app.url("/thoughts");
        let body = body.clone();
        tasks.push(tokio::spawn(async move {
            let r = client
                .post(url)
                .header("idempotency-key", "same")
                .json(&body)
                .send()
                .await
                .unwrap();
            let replayed = r.headers().contains_key("idempotent-replayed");
            assert_eq!(r.status(), 201);
            (r.json::<Value>().await.unwrap(), replayed)
        }));
    }
    let mut answers = Vec::new();
    for t in tasks {
        answers.push(t.await.unwrap());
    }
    let first = &answers[0].0;
    assert!(answers.iter().all(|(r, _)| r == first));
    assert_eq!(answers.iter().filter(|(_, replayed)| !replayed).count(), 1);
    assert_eq!(chain_length(&app, "t").await, 1);
}

#[tokio::test]
async fn keys_survive_a_restart_and_expire_after_their_ttl() {
    const TTL: Duration = Duration::from_secs(4);
    let app = TestApp::builder()
        .config(|c| c.idempotency_ttl = TTL)
        .spawn()
        .await;
    let body = new_record("plan", "t", "a", "x");
    let sent = Instant::now();
    let first: Value = post_as(&app, None, Some("k"), &body)
        .await
        .json()
        .await
        .unwrap();
    let (path, dir) = app.stop().await;
    let app = TestApp::builder()
        .database(path, dir)
        .config(|c| c.idempotency_ttl = TTL)
        .spawn()
        .await;
    let again = post_as(&app, None, Some("k"), &body).await;
    assert!(
        sent.elapsed() < TTL,
        "the machine is too slow for this test's TTL"
    );
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap(), first);
    tokio::time::sleep((TTL + Duration::from_millis(300)).saturating_sub(sent.elapsed())).await;
    // Forgotten: the same key makes a new record, even with another body.
    let r = post_as(&app, None, Some("k"), &new_record("plan", "t", "a", "y")).await;
    assert_eq!(r.status(), 201);
    assert!(r.headers().get("idempotent-replayed").is_none());
    assert_eq!(chain_length(&app, "t").await, 2);
}

#[tokio::test]
async fn keys_are_per_api_key_agent() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let a = post_as(&app, Some(&bearer(WRITER)), Some("k"), &task_body("t", "x")).await;
    let b = post_as(
        &app,
        Some(&bearer(OTHER_WRITER)),
        Some("k"),
        &task_body("t", "x"),
    )
    .await;
    assert_eq!(a.status(), 201);
    assert_eq!(b.status(), 201);
    assert!(b.headers().get("idempotent-replayed").is_none());
    let (a, b): (Value, Value) = (a.json().await.unwrap(), b.json().await.unwrap());
    assert_ne!(a["id"], b["id"]);
    assert_eq!(b["agent_id"], "coder-2");
}

#[tokio::test]
async fn a_bad_idempotency_key_is_named_with_the_other_bad_fields() {
    let app = TestApp::spawn().await;
    for bad in ["", "has space", &"k".repeat(256)] {
        let r = post_as(
            &app,
            None,
            Some(bad),
            &json!({"type": "nope", "task_id": "t", "agent_id": "a", "content": "x"}),
        )
        .await;
        let p = assert_problem(r, 400, "invalid_params").await;
        assert_eq!(
            problem_fields(&p),
            vec!["Idempotency-Key", "type"],
            "{bad:?}"
        );
    }
    let r = app
        .client
        .post(app.url("/thoughts"))
        .header("idempotency-key", "a")
        .header("idempotency-key", "b")
        .json(&new_record("plan", "t", "a", "x"))
        .send()
        .await
        .unwrap();
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), vec!["Idempotency-Key"]);
    assert_eq!(chain_length(&app, "t").await, 0);
}

/// A clock the test sets: Unix milliseconds, read as the service writes
/// timestamps.
fn settable_clock(
    at: std::sync::Arc<std::sync::atomic::AtomicI64>,
) -> decision_trail::store::Seams {
    decision_trail::store::Seams {
        now: std::sync::Arc::new(move || {
            let ms = at.load(std::sync::atomic::Ordering::SeqCst);
            decision_trail::domain::chain::format_timestamp(
                chrono::DateTime::from_timestamp_millis(ms).unwrap(),
            )
        }),
        // Every batch purges expired keys: a clock jump would show at once.
        purge_every: Duration::ZERO,
        ..Default::default()
    }
}

#[tokio::test]
async fn a_clock_set_a_day_ahead_for_one_append_purges_no_key_and_stamps_nothing_ahead() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let start = 1_790_000_000_000i64;
    let clock = std::sync::Arc::new(AtomicI64::new(start));
    let app = TestApp::builder()
        .seams(settable_clock(clock.clone()))
        .spawn()
        .await;
    let body = new_record("decision", "t", "a", "chose JWT");
    let first: Value = post_as(&app, None, Some("k-1"), &body)
        .await
        .json()
        .await
        .unwrap();

    // 25 hours ahead (the keys are kept 24), for one append.
    clock.store(start + 25 * 3_600_000, Ordering::SeqCst);
    let during: Value = app.append(&new_record("plan", "t", "a", "during")).await;
    assert!(
        during["timestamp"].as_str().unwrap() < "2026-09-22",
        "stamped by the jumped clock: {during}"
    );
    let (_, ready) = app.get_json("/readyz").await;
    assert!(
        ready["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("clock ahead"),
        "{ready}"
    );
    // The clock comes back; the retry is answered with the first record.
    clock.store(start + 2000, Ordering::SeqCst);
    let again = post_as(&app, None, Some("k-1"), &body).await;
    assert_eq!(again.status(), 201);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["id"], first["id"]);
    assert_eq!(chain_length(&app, "t").await, 2);

    // A clock behind the chain's last record: stamped with it, and said.
    clock.store(start - 3_600_000, Ordering::SeqCst);
    let behind: Value = app.append(&new_record("plan", "t", "a", "behind")).await;
    assert_eq!(behind["timestamp"], during["timestamp"]);
    let metrics = app.get("/metrics").await.text().await.unwrap();
    for direction in ["ahead", "behind"] {
        assert!(
            metrics.contains(&format!(
                "decision_trail_clock_anomalies_total{{direction=\"{direction}\"}}"
            )),
            "{metrics}"
        );
    }
}

/// Process one at `start`: one append with the key `k-1`; then the
/// service stopped. Answers the database and the first record.
async fn one_keyed_append(
    start: i64,
) -> (
    std::path::PathBuf,
    Option<std::sync::Arc<tempfile::TempDir>>,
    Value,
) {
    let clock = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(start));
    let app = TestApp::builder()
        .seams(settable_clock(clock))
        .config(|c| c.idempotency_ttl = Duration::from_secs(3600))
        .spawn()
        .await;
    let first: Value = post_as(&app, None, Some("k-1"), &new_record("plan", "t", "a", "x"))
        .await
        .json()
        .await
        .unwrap();
    let (path, dir) = app.stop().await;
    (path, dir, first)
}

#[tokio::test]
async fn a_clock_stepped_ahead_after_a_start_and_before_any_append_is_watched() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let start = 1_790_000_000_000i64;
    let (path, dir, first) = one_keyed_append(start).await;
    // Started a minute later under a 1 h TTL; then, before any append, the
    // clock steps 2 h ahead.
    let clock = std::sync::Arc::new(AtomicI64::new(start + 60_000));
    let app = TestApp::builder()
        .database(path, dir)
        .seams(settable_clock(clock.clone()))
        .config(|c| c.idempotency_ttl = Duration::from_secs(3600))
        .spawn()
        .await;
    clock.store(start + 60_000 + 2 * 3_600_000, Ordering::SeqCst);
    let during: Value = app.append(&new_record("plan", "t", "a", "during")).await;
    let stamped =
        decision_trail::domain::chain::parse_timestamp(during["timestamp"].as_str().unwrap())
            .unwrap()
            .timestamp_millis();
    assert!(
        stamped < start + 3_600_000,
        "stamped by the stepped clock: {during}"
    );
    let (_, ready) = app.get_json("/readyz").await;
    assert!(
        ready["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("ahead"),
        "{ready}"
    );
    // The key was purged by no step: the retry is the first record.
    let again = post_as(&app, None, Some("k-1"), &new_record("plan", "t", "a", "x")).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap()["id"], first["id"]);
    assert_eq!(chain_length(&app, "t").await, 2);
}

#[tokio::test]
async fn a_clock_far_ahead_of_the_log_at_start_is_said_and_purges_no_key() {
    let start = 1_790_000_000_000i64;
    let (path, dir, first) = one_keyed_append(start).await;
    // Started with the clock 25 h after the log's newest record: a long stop,
    // or a clock set ahead while the service was stopped.
    let clock = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(start + 25 * 3_600_000));
    let app = TestApp::builder()
        .database(path, dir)
        .seams(settable_clock(clock))
        .config(|c| c.idempotency_ttl = Duration::from_secs(3600))
        .spawn()
        .await;
    let (_, ready) = app.get_json("/readyz").await;
    assert!(
        ready["detail"]
            .as_str()
            .unwrap_or_default()
            .contains("after the log's newest record"),
        "{ready}"
    );
    let metrics = app.get("/metrics").await.text().await.unwrap();
    assert!(
        !metrics.contains("decision_trail_clock_anomalies_total{direction=\"ahead\"} 0"),
        "{metrics}"
    );
    // Keys expire by the log's time: the retry is still the first record.
    let again = post_as(&app, None, Some("k-1"), &new_record("plan", "t", "a", "x")).await;
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(again.json::<Value>().await.unwrap()["id"], first["id"]);
}

#[tokio::test]
async fn an_expiry_stored_beyond_the_ttl_is_read_as_now_plus_the_ttl() {
    let start = 1_790_000_000_000i64;
    let clock = std::sync::Arc::new(std::sync::atomic::AtomicI64::new(start));
    let app = TestApp::builder()
        .seams(settable_clock(clock))
        .spawn()
        .await;
    post_as(&app, None, Some("k-1"), &new_record("plan", "t", "a", "x")).await;
    crate::support::execute(
        &app.database_url,
        "UPDATE idempotency SET expires_at = 9000000000000000",
    )
    .await
    .unwrap();
    // The next batch's purge reads it as now + 24 h (now: the service's
    // clock; on PostgreSQL the database's, which expiry follows there).
    app.append(&new_record("plan", "t", "a", "y")).await;
    let expires = crate::support::scalar(&app, "SELECT max(expires_at) FROM idempotency").await;
    let now = start.max(chrono::Utc::now().timestamp_millis());
    assert!(expires <= now + 24 * 3_600_000 + 60_000, "{expires}");
}
