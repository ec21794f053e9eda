//! `GET /metrics` (docs/design.md §10): the real binary, one process per
//! test, so that its counters hold only the requests the test sent (the
//! recorder is one per process). Every scrape is read by a strict parser of
//! the text format (`exposition`).
//!
//! - this file: a scrape after concurrent load adds up to the requests sent,
//!   by route and status class; the log's gauges are the checkpoint's size;
//!   every family is the one `domain::metrics` names;
//! - `refusals`: 401, 403, 429 and the full queue's 503 are counted; the
//!   route needs a key when keys are configured;
//! - `calls`: searches, MCP tool calls and OTLP spans;
//! - `fresh`: a fresh start's scrape: build information, process metrics,
//!   every labelled counter at 0;
//! - `logs`: each request's log line names its route, request id and agent.

mod calls;
mod exposition;
mod fresh;
mod logs;
mod refusals;

use decision_trail::domain::metrics::{family, Kind, FAMILIES};
use futures_util::StreamExt;
use serde_json::{json, Value};

use crate::support::{new_record, serve_binary, Served};
use exposition::{parse, Exposition};

/// `decision-trail serve` on a fresh database, killed when dropped.
pub(super) struct Service {
    served: Served,
    pub client: reqwest::Client,
    _dir: tempfile::TempDir,
}

impl Service {
    pub fn start(extra: &[&str]) -> Service {
        let dir = tempfile::tempdir().unwrap();
        let served = serve_binary(&dir.path().join("trail.db"), extra);
        Service {
            served,
            client: reqwest::Client::new(),
            _dir: dir,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.served.addr)
    }

    /// Scrapes `/metrics` (with `token` when given) and reads it.
    pub async fn scrape(&self, token: Option<&str>) -> Exposition {
        let mut request = self.client.get(self.url("/metrics"));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let r = request.send().await.unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(
            r.headers()["content-type"],
            "text/plain; version=0.0.4",
            "the text format's media type"
        );
        parse(&r.text().await.unwrap())
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.served.child.kill();
        let _ = self.served.child.wait();
    }
}

/// The requests sent, each with the route it must be counted under.
#[derive(Clone)]
enum Sent {
    Append(Value),
    Replay(Value),
    Get(String),
}

/// `decision_trail_http_requests_total` for one method, route and class.
fn requests(e: &Exposition, method: &str, route: &str, status: &str) -> f64 {
    e.sum(
        "decision_trail_http_requests_total",
        &[("method", method), ("route", route), ("status", status)],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_scrape_after_concurrent_load_adds_up_to_the_requests_sent() {
    let service = Service::start(&[]);
    let mut sent = Vec::new();
    for i in 0..60 {
        sent.push(Sent::Append(new_record(
            "plan",
            &format!("load-{}", i % 6),
            "agent-load",
            &format!("step {i}"),
        )));
    }
    for _ in 0..3 {
        sent.push(Sent::Replay(new_record(
            "plan",
            "once",
            "agent-load",
            "once",
        )));
    }
    for _ in 0..10 {
        // No content: refused with 400, never reaching the writer.
        sent.push(Sent::Append(
            json!({"type": "plan", "task_id": "t", "agent_id": "a"}),
        ));
    }
    for i in 0..20 {
        sent.push(Sent::Get("/tasks".into()));
        sent.push(Sent::Get(format!("/thoughts/no-such-record-{i}")));
    }
    for i in 0..10 {
        sent.push(Sent::Get(format!("/no/such/route/{i}")));
        sent.push(Sent::Get("/healthz".into()));
    }
    let answers: Vec<u16> = futures_util::stream::iter(sent.clone())
        .map(|s| {
            let client = service.client.clone();
            let url = |p: &str| service.url(p);
            let request = match &s {
                Sent::Append(body) => client.post(url("/thoughts")).json(body),
                Sent::Replay(body) => client
                    .post(url("/thoughts"))
                    .header("idempotency-key", "the-same-append")
                    .json(body),
                Sent::Get(path) => client.get(url(path)),
            };
            async move { request.send().await.unwrap().status().as_u16() }
        })
        .buffer_unordered(24)
        .collect()
        .await;
    let count = |status: u16| answers.iter().filter(|s| **s == status).count() as f64;
    assert_eq!(count(201), 63.0, "{answers:?}");
    assert_eq!(count(400), 10.0);
    assert_eq!(count(404), 30.0);
    assert_eq!(count(200), 30.0);

    let e = service.scrape(None).await;
    // Every request sent, counted once under its route template and class;
    // nothing else (the scrape itself is counted after it is answered).
    assert_eq!(requests(&e, "POST", "/thoughts", "2xx"), 63.0);
    assert_eq!(requests(&e, "POST", "/thoughts", "4xx"), 10.0);
    assert_eq!(requests(&e, "GET", "/tasks", "2xx"), 20.0);
    assert_eq!(requests(&e, "GET", "/thoughts/{id}", "4xx"), 20.0);
    assert_eq!(requests(&e, "GET", "unmatched", "4xx"), 10.0);
    assert_eq!(requests(&e, "GET", "/healthz", "2xx"), 10.0);
    assert_eq!(
        e.sum("decision_trail_http_requests_total", &[]),
        sent.len() as f64
    );
    // One latency sample per request, by method and route.
    let latency = "decision_trail_http_request_duration_seconds_count";
    assert_eq!(e.sum(latency, &[("route", "/thoughts")]), 73.0);
    assert_eq!(e.sum(latency, &[]), sent.len() as f64);
    // The writer: 61 records, 2 replays; every append that reached it in
    // exactly one batch, each batch one commit.
    assert_eq!(
        e.single("decision_trail_records_appended_total"),
        Some(61.0)
    );
    assert_eq!(
        e.single("decision_trail_idempotent_replays_total"),
        Some(2.0)
    );
    assert_eq!(e.single("decision_trail_append_batch_size_sum"), Some(63.0));
    assert_eq!(
        e.single("decision_trail_append_batch_size_count"),
        e.single("decision_trail_append_commit_duration_seconds_count")
    );
    // Each append's wait counted once, under one cause; each batch's commit
    // timed once among the writer's activities.
    assert_eq!(e.sum("decision_trail_append_wait_seconds_count", &[]), 63.0);
    assert_eq!(
        e.sum(
            "decision_trail_writer_busy_seconds_count",
            &[("what", "commit")]
        ),
        e.single("decision_trail_append_batch_size_count").unwrap()
    );
    for what in ["begin", "plan", "write"] {
        assert_eq!(
            e.sum(
                "decision_trail_writer_busy_seconds_count",
                &[("what", what)]
            ),
            e.single("decision_trail_append_batch_size_count").unwrap(),
            "{what}"
        );
    }
    assert_eq!(
        e.single("decision_trail_append_queue_full_total"),
        Some(0.0)
    );
    assert_eq!(e.single("decision_trail_append_queue_depth"), Some(0.0));
    // The log's gauges are the signed checkpoint's size.
    let note = service
        .client
        .get(service.url("/log/checkpoint"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let size: f64 = note.lines().nth(1).unwrap().parse().unwrap();
    assert_eq!(size, 61.0);
    assert_eq!(e.single("decision_trail_log_size"), Some(size));
    assert_eq!(e.single("decision_trail_log_signed_size"), Some(size));
    assert!(e.single("decision_trail_checkpoint_age_seconds").unwrap() >= 0.0);

    // Each family is one of domain::metrics, of its kind; the ones this load
    // used are all there.
    for (name, kind) in &e.kinds {
        if name.starts_with("process_") {
            // The standard process metrics, beside the families.
            continue;
        }
        let f = family(name).unwrap_or_else(|| panic!("{name} is not a family"));
        let expected = match f.kind {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        };
        assert_eq!(kind, expected, "{name}");
    }
    for f in FAMILIES {
        let used = !f.name.contains("auth")
            && !f.name.contains("search")
            && !f.name.contains("mcp")
            && !f.name.contains("otlp")
            && !f.name.contains("witness")
            // Security events and clock anomalies, labeled by what they were.
            && !f.name.contains("refused")
            && !f.name.contains("clock")
            // Labeled by how the content was erased.
            && !f.name.contains("erased");
        if used {
            assert!(e.kinds.contains_key(f.name), "{} is not exposed", f.name);
        }
    }

    // The next scrape counts the last one, and the checkpoint read.
    let e = service.scrape(None).await;
    assert_eq!(requests(&e, "GET", "/metrics", "2xx"), 1.0);
    assert_eq!(requests(&e, "GET", "/log/checkpoint", "2xx"), 1.0);
    assert_eq!(
        e.sum("decision_trail_http_requests_total", &[]),
        sent.len() as f64 + 2.0
    );
}

/// An empty log: sizes 0, and no checkpoint age (there is no leaf to date it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_empty_log_is_size_0_with_no_checkpoint_age() {
    let service = Service::start(&[]);
    let e = service.scrape(None).await;
    assert_eq!(e.single("decision_trail_log_size"), Some(0.0));
    assert_eq!(e.single("decision_trail_log_signed_size"), Some(0.0));
    assert_eq!(e.kinds["decision_trail_checkpoint_age_seconds"], "gauge");
    assert_eq!(e.single("decision_trail_checkpoint_age_seconds"), None);
    assert_eq!(e.sum("decision_trail_http_requests_total", &[]), 0.0);
}

/// docs/design.md §10 lists every family, as `domain::metrics` names it.
#[test]
fn every_family_is_in_the_design_s_table() {
    let design = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/design.md"),
    )
    .unwrap();
    for f in FAMILIES {
        assert!(
            design.contains(&format!("| `{}` |", f.name)),
            "{} is not in docs/design.md §10",
            f.name
        );
    }
}
