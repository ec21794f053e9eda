//! The refusals `/metrics` counts (401, 403, 429, the full queue's 503), and
//! the route itself behind a key when keys are configured.

use serde_json::Value;

use super::{requests, Service};
use crate::support::{add_key, new_record};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn auth_failures_and_rate_limited_requests_are_counted() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.jsonl");
    let writer = add_key(&keys, "planner-1", "writer");
    let reader = add_key(&keys, "auditor", "reader");
    // Five requests per agent, then none (a token every 1,000 s).
    let service = Service::start(&[
        "--keys-file",
        keys.to_str().unwrap(),
        "--rate-limit",
        "0.001",
        "--rate-burst",
        "5",
    ]);
    let c = &service.client;
    let status = |r: reqwest::Response| r.status().as_u16();
    // 401: no key, a key that is none of the file's, and /metrics without one.
    for _ in 0..3 {
        let r = c.get(service.url("/tasks")).send().await.unwrap();
        assert_eq!(status(r), 401);
    }
    for _ in 0..2 {
        let r = c
            .get(service.url("/tasks"))
            .bearer_auth("dtk_not-a-key")
            .send()
            .await
            .unwrap();
        assert_eq!(status(r), 401);
    }
    let r = c.get(service.url("/metrics")).send().await.unwrap();
    assert_eq!(status(r), 401, "the route needs a key when keys are on");
    // 403: a reader key appending (two of the reader's five tokens).
    for _ in 0..2 {
        let r = c
            .post(service.url("/thoughts"))
            .bearer_auth(&reader)
            .json(&new_record("plan", "t", "auditor", "no"))
            .send()
            .await
            .unwrap();
        assert_eq!(status(r), 403);
    }
    // 429: the writer's five tokens spent, then four refused.
    for i in 0..9 {
        let r = c
            .post(service.url("/thoughts"))
            .bearer_auth(&writer)
            .json(&new_record("plan", "t", "planner-1", &format!("{i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(status(r), if i < 5 { 201 } else { 429 }, "append {i}");
    }
    // A reader key reads the metrics (its third token).
    let e = service.scrape(Some(&reader)).await;
    let failures = |s: &str| e.sum("decision_trail_auth_failures_total", &[("status", s)]);
    assert_eq!(failures("401"), 6.0);
    assert_eq!(failures("403"), 2.0);
    assert_eq!(e.single("decision_trail_rate_limited_total"), Some(4.0));
    assert_eq!(requests(&e, "GET", "/tasks", "4xx"), 5.0);
    assert_eq!(requests(&e, "GET", "/metrics", "4xx"), 1.0);
    assert_eq!(requests(&e, "POST", "/thoughts", "4xx"), 6.0);
    assert_eq!(requests(&e, "POST", "/thoughts", "2xx"), 5.0);
    assert_eq!(e.single("decision_trail_records_appended_total"), Some(5.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn appends_refused_by_a_full_queue_are_counted() {
    // The byte budget holds one of these appends: any two at once collide.
    let service = Service::start(&["--queue-capacity", "2", "--queue-bytes", "4096"]);
    let mut set = tokio::task::JoinSet::new();
    for i in 0..200 {
        let url = service.url("/thoughts");
        let body = new_record("plan", "t", "a", &format!("{i}-{}", "x".repeat(3000)));
        set.spawn(async move {
            // A connection each: all at once.
            let r = reqwest::Client::new()
                .post(url)
                .json(&body)
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        });
    }
    let answers = set.join_all().await;
    let full = answers
        .iter()
        .filter(|(s, p)| {
            *s == 503
                && p["detail"]
                    .as_str()
                    .is_some_and(|d| d.contains("queue is full"))
        })
        .count() as f64;
    let unavailable = answers.iter().filter(|(s, _)| *s == 503).count() as f64;
    let ok = answers.iter().filter(|(s, _)| *s == 201).count() as f64;
    assert!(full > 0.0, "some appends found the queue full");
    assert_eq!(ok + unavailable, 200.0);
    let e = service.scrape(None).await;
    assert_eq!(
        e.single("decision_trail_append_queue_full_total"),
        Some(full)
    );
    assert_eq!(requests(&e, "POST", "/thoughts", "5xx"), unavailable);
    assert_eq!(requests(&e, "POST", "/thoughts", "2xx"), ok);
    assert_eq!(e.single("decision_trail_records_appended_total"), Some(ok));
    assert_eq!(e.single("decision_trail_log_signed_size"), Some(ok));
}
