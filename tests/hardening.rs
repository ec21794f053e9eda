//! Issue 5: API keys, idempotent retries, conditional appends, limits, and the
//! abuse cases — over real HTTP against a real SQLite file.

mod common;

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::{assert_problem, problem_fields, test_limits, thought, TestApp, ZERO};
use decision_trail::domain::api_keys::{token_from_bytes, KeyEntry, KeyRing, Role};
use decision_trail::http::guard::Rate;
use decision_trail::http::Limits;
use decision_trail::store::Seams;
use serde_json::{json, Value};

const WRITER: [u8; 32] = [1; 32];
const READER: [u8; 32] = [2; 32];
const OTHER_WRITER: [u8; 32] = [3; 32];

fn ring() -> KeyRing {
    let lines: Vec<String> = [
        (WRITER, "planner-1", Role::Writer),
        (READER, "auditor", Role::Reader),
        (OTHER_WRITER, "coder-2", Role::Writer),
    ]
    .iter()
    .map(|(bytes, agent, role)| {
        KeyEntry::new(&token_from_bytes(bytes), agent, *role, None)
            .unwrap()
            .to_line()
    })
    .collect();
    KeyRing::parse(&lines.join("\n")).unwrap()
}

fn bearer(bytes: [u8; 32]) -> String {
    format!("Bearer {}", token_from_bytes(&bytes))
}

async fn post_as(
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

async fn get_as(app: &TestApp, auth: Option<&str>, path: &str) -> reqwest::Response {
    let mut request = app.client.get(app.url(path));
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request.send().await.unwrap()
}

async fn chain_length(app: &TestApp, task: &str) -> u64 {
    let (status, body) = app.get_json(&format!("/tasks/{task}")).await;
    if status == 404 {
        return 0;
    }
    body["length"].as_u64().unwrap()
}

fn task_body(task: &str, content: &str) -> Value {
    json!({"type": "plan", "task_id": task, "content": content})
}

// --- Identity ----------------------------------------------------------------

#[tokio::test]
async fn with_keys_every_api_request_needs_a_valid_bearer_token() {
    let app = TestApp::spawn_with_keys(ring(), test_limits()).await;
    for path in ["/thoughts", "/tasks", "/log/checkpoint", "/log/key"] {
        let r = get_as(&app, None, path).await;
        assert_eq!(
            r.headers()["www-authenticate"],
            r#"Bearer realm="decision-trail""#,
            "{path}"
        );
        assert_problem(r, 401, "unauthorized").await;
        let r = get_as(&app, Some("Bearer dtk_not-a-key"), path).await;
        assert!(r.headers()["www-authenticate"]
            .to_str()
            .unwrap()
            .contains(r#"error="invalid_token""#));
        assert_problem(r, 401, "unauthorized").await;
        let r = get_as(&app, Some("Basic dXNlcjpwYXNz"), path).await;
        assert_problem(r, 401, "unauthorized").await;
    }
    // A posted record without a key is refused and not written.
    let r = post_as(&app, None, None, &thought("plan", "t", "planner-1", "x")).await;
    assert_problem(r, 401, "unauthorized").await;
    // Probes and docs stay open.
    for path in ["/healthz", "/readyz", "/openapi.json", "/docs/"] {
        assert_eq!(get_as(&app, None, path).await.status(), 200, "{path}");
    }
    // A reader reads.
    let r = get_as(&app, Some(&bearer(READER)), "/tasks").await;
    assert_eq!(r.status(), 200);
    let r = get_as(&app, Some(&bearer(WRITER)), "/tasks").await;
    let tasks: Value = r.json().await.unwrap();
    assert_eq!(
        tasks["tasks"].as_array().unwrap().len(),
        0,
        "nothing was written"
    );
}

#[tokio::test]
async fn a_reader_cannot_append_and_a_writer_writes_as_its_agent() {
    let app = TestApp::spawn_with_keys(ring(), test_limits()).await;
    let r = post_as(&app, Some(&bearer(READER)), None, &task_body("t", "x")).await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(p["detail"].as_str().unwrap().contains("read"));

    // Omitted agent_id: the key's agent is filled in (and is what is stored).
    let r = post_as(&app, Some(&bearer(WRITER)), None, &task_body("t", "x")).await;
    assert_eq!(r.status(), 201);
    let record: Value = r.json().await.unwrap();
    assert_eq!(record["agent_id"], "planner-1");
    let r = get_as(
        &app,
        Some(&bearer(READER)),
        &format!("/thoughts/{}", record["id"].as_str().unwrap()),
    )
    .await;
    assert_eq!(r.json::<Value>().await.unwrap()["agent_id"], "planner-1");

    // The key's own agent may be sent; another agent is refused, and not written.
    let r = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &thought("plan", "t", "planner-1", "y"),
    )
    .await;
    assert_eq!(r.status(), 201);
    let r = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &thought("plan", "t", "coder-2", "z"),
    )
    .await;
    let p = assert_problem(r, 403, "forbidden").await;
    assert!(p["detail"].as_str().unwrap().contains("planner-1"));
    let r = get_as(&app, Some(&bearer(READER)), "/tasks/t").await;
    assert_eq!(r.json::<Value>().await.unwrap()["length"], 2);
}

#[tokio::test]
async fn without_keys_agent_id_is_required_as_before() {
    let app = TestApp::spawn().await;
    let r = app.post(&task_body("t", "x")).await;
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), vec!["agent_id"]);
}

// --- Idempotent retries --------------------------------------------------------

#[tokio::test]
async fn a_retry_with_the_same_key_returns_the_original_record() {
    let app = TestApp::spawn().await;
    let body = thought("decision", "t", "a", "chose JWT");
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
    let r = post_as(&app, None, Some("k"), &thought("plan", "t", "a", "one")).await;
    assert_eq!(r.status(), 201);
    for other in [
        thought("plan", "t", "a", "two"),
        thought("decision", "t", "a", "one"),
        thought("plan", "u", "a", "one"),
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
async fn concurrent_retries_in_flight_all_get_the_one_record() {
    let app = TestApp::spawn().await;
    let body = thought("plan", "t", "a", "once");
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
    let app = TestApp::spawn_configured(|c| c.idempotency_ttl = TTL).await;
    let body = thought("plan", "t", "a", "x");
    let sent = Instant::now();
    let first: Value = post_as(&app, None, Some("k"), &body)
        .await
        .json()
        .await
        .unwrap();
    let (path, dir) = app.stop().await;
    let app = TestApp::start_configured(path, dir, Seams::default(), test_limits(), |c| {
        c.idempotency_ttl = TTL
    })
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
    let r = post_as(&app, None, Some("k"), &thought("plan", "t", "a", "y")).await;
    assert_eq!(r.status(), 201);
    assert!(r.headers().get("idempotent-replayed").is_none());
    assert_eq!(chain_length(&app, "t").await, 2);
}

#[tokio::test]
async fn keys_are_per_api_key_agent() {
    let app = TestApp::spawn_with_keys(ring(), test_limits()).await;
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
        .json(&thought("plan", "t", "a", "x"))
        .send()
        .await
        .unwrap();
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), vec!["Idempotency-Key"]);
    assert_eq!(chain_length(&app, "t").await, 0);
}

// --- Conditional append ----------------------------------------------------------

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
    let third = app.append(&thought("plan", "t", "b", "interleaved")).await;
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
        let mut body = thought("plan", "t", "a", "x");
        body["expected_prev_hash"] = bad;
        let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), vec!["expected_prev_hash"]);
    }
}

#[tokio::test]
async fn of_racing_conditional_appends_on_one_head_exactly_one_wins() {
    let app = TestApp::spawn().await;
    let head = app.append(&thought("plan", "t", "a", "root")).await;
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

// --- Limits --------------------------------------------------------------------------

#[tokio::test]
async fn over_the_rate_a_caller_gets_429_with_retry_after_and_others_do_not() {
    let limits = Limits {
        rate: Some(Rate {
            per_second: 0.5,
            burst: 3,
        }),
        ..test_limits()
    };
    let app = TestApp::spawn_with_keys(ring(), limits).await;
    for _ in 0..3 {
        assert_eq!(
            get_as(&app, Some(&bearer(WRITER)), "/tasks").await.status(),
            200
        );
    }
    let r = get_as(&app, Some(&bearer(WRITER)), "/tasks").await;
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=2).contains(&retry), "{retry}");
    assert_problem(r, 429, "rate_limited").await;
    let r = post_as(&app, Some(&bearer(WRITER)), None, &task_body("t", "x")).await;
    assert_problem(r, 429, "rate_limited").await;
    // Another key has its own bucket; probes are never limited.
    assert_eq!(
        get_as(&app, Some(&bearer(READER)), "/tasks").await.status(),
        200
    );
    for _ in 0..10 {
        assert_eq!(get_as(&app, None, "/healthz").await.status(), 200);
    }
}

#[tokio::test]
async fn open_services_limit_per_address() {
    let limits = Limits {
        rate: Some(Rate {
            per_second: 0.1,
            burst: 2,
        }),
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    app.append(&thought("plan", "t", "a", "1")).await;
    app.append(&thought("plan", "t", "b", "2")).await;
    let p = assert_problem(
        app.post(&thought("plan", "t", "c", "3")).await,
        429,
        "rate_limited",
    )
    .await;
    assert!(p["detail"].as_str().unwrap().contains("127.0.0.1"));
}

/// Sends a request head and part of its body, and keeps the connection.
fn start_slow_post(addr: SocketAddr) -> std::net::TcpStream {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(
        b"POST /thoughts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"type\":",
    )
    .unwrap();
    s
}

fn read_all(mut s: std::net::TcpStream) -> String {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[tokio::test]
async fn a_slow_body_is_cut_off_at_the_request_time_limit_with_408() {
    let limits = Limits {
        request_timeout: Duration::from_millis(500),
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    let addr = app.addr;
    let response = tokio::task::spawn_blocking(move || read_all(start_slow_post(addr)))
        .await
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 408"), "{response}");
    assert!(response.contains("\"code\":\"request_timeout\""));
    assert!(response.to_ascii_lowercase().contains("connection: close"));
    assert_eq!(app.get("/healthz").await.status(), 200);
}

#[tokio::test]
async fn past_the_in_flight_limit_requests_get_503_concurrency_limit() {
    let limits = Limits {
        max_in_flight: 2,
        request_timeout: Duration::from_secs(3),
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    let addr = app.addr;
    // Two requests held in progress by bodies that never finish.
    let held: Vec<_> = (0..2).map(|_| start_slow_post(addr)).collect();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let r = app.get("/tasks").await;
    assert_eq!(r.headers()["retry-after"], "1");
    assert_problem(r, 503, "concurrency_limit").await;
    // Probes are not counted.
    assert_eq!(app.get("/healthz").await.status(), 200);
    drop(held);
    // The permits come back when the held requests end.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let status = app.get("/tasks").await.status();
        if status == 200 {
            break;
        }
        assert!(Instant::now() < deadline, "still {status}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn oversized_headers_get_a_431_problem() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .get(app.url("/tasks"))
        .header("x-padding", "p".repeat(20 * 1024))
        .send()
        .await
        .unwrap();
    assert_problem(r, 431, "headers_too_large").await;
    // Just under the limit is fine.
    let r = app
        .client
        .get(app.url("/tasks"))
        .header("x-padding", "p".repeat(15 * 1024))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}

#[tokio::test]
async fn a_malformed_request_line_gets_a_400_problem() {
    let app = TestApp::spawn().await;
    let addr = app.addr;
    let response = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.write_all(b"GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        read_all(s)
    })
    .await
    .unwrap();
    assert!(response.starts_with("HTTP/1.1 400"), "{response}");
    assert!(response.contains("application/problem+json"));
    assert!(response.contains("\"code\":\"malformed_request\""));
}

// --- Abuse cases: each a clear problem, and the service keeps answering ----------------

/// While `abuse` runs, another client appends and reads; both must succeed.
async fn others_are_served(app: &TestApp, tag: &str) {
    let r = app.append(&thought("plan", "bystander", "b", tag)).await;
    assert_eq!(r["task_id"], "bystander");
    assert_eq!(app.get("/readyz").await.status(), 200);
}

#[tokio::test]
async fn a_10_mb_body_is_413() {
    let app = TestApp::spawn().await;
    let body = thought("plan", "t", "a", &"x".repeat(10 * 1024 * 1024));
    let (r, ()) = tokio::join!(app.post(&body), others_are_served(&app, "10mb"));
    assert_problem(r, 413, "payload_too_large").await;
    assert_eq!(chain_length(&app, "t").await, 0);
}

#[tokio::test]
async fn huge_metadata_arrays_and_objects_are_refused_by_name() {
    let app = TestApp::spawn().await;
    let array: Vec<u32> = vec![0; 100_000];
    let mut keys = serde_json::Map::new();
    for i in 0..10_000 {
        keys.insert(format!("k{i}"), json!(i));
    }
    for metadata in [json!({"items": array}), Value::Object(keys), json!(array)] {
        let mut body = thought("plan", "t", "a", "x");
        body["metadata"] = metadata;
        let (r, ()) = tokio::join!(app.post(&body), others_are_served(&app, "meta"));
        let p = assert_problem(r, 400, "invalid_params").await;
        assert_eq!(problem_fields(&p), vec!["metadata"]);
    }
    assert_eq!(chain_length(&app, "t").await, 0);
}

#[tokio::test]
async fn metadata_nested_1000_deep_is_refused_with_its_path() {
    let app = TestApp::spawn().await;
    let nested = format!(
        r#"{{"type":"plan","task_id":"t","agent_id":"a","content":"x","metadata":{}{}}}"#,
        r#"{"a":"#.repeat(1000),
        "}".repeat(1000)
    );
    let (r, ()) = tokio::join!(app.post_raw(nested), others_are_served(&app, "deep"));
    let p = assert_problem(r, 400, "invalid_params").await;
    let field = &problem_fields(&p)[0];
    assert!(field.starts_with("metadata.a.a."), "{field}");
    assert!(p["errors"][0]["message"].as_str().unwrap().contains("32"));
}

#[tokio::test]
async fn a_nul_in_task_id_is_refused_by_name() {
    let app = TestApp::spawn().await;
    let body = thought("plan", "a\u{0}b", "a", "x");
    let (r, ()) = tokio::join!(app.post(&body), others_are_served(&app, "nul"));
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), vec!["task_id"]);
}

#[tokio::test]
async fn invalid_utf8_is_malformed_json() {
    let app = TestApp::spawn().await;
    let mut body = br#"{"type":"plan","task_id":"t","agent_id":"a","content":"#.to_vec();
    body.extend_from_slice(b"\"\xff\xfe\xc3\x28\"}");
    let (r, ()) = tokio::join!(app.post_raw(body), others_are_served(&app, "utf8"));
    let p = assert_problem(r, 400, "malformed_json").await;
    assert!(p["detail"].as_str().unwrap().contains("UTF-8"));
}

#[tokio::test]
async fn a_10000_digit_number_is_refused_by_name() {
    let app = TestApp::spawn().await;
    let body = format!(
        r#"{{"type":"plan","task_id":"t","agent_id":"a","content":"x","metadata":{{"n":{}}}}}"#,
        "9".repeat(10_000)
    );
    let (r, ()) = tokio::join!(app.post_raw(body), others_are_served(&app, "digits"));
    let p = assert_problem(r, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), vec!["metadata.n"]);
    assert!(p["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("string"));
}

#[tokio::test]
async fn a_100_kb_path_id_is_a_431_problem() {
    // Raw: HTTP clients refuse to send such a URL at all.
    let app = TestApp::spawn().await;
    let addr = app.addr;
    let request = format!(
        "GET /thoughts/{} HTTP/1.1\r\nHost: x\r\n\r\n",
        "a".repeat(100 * 1024)
    );
    let abuse = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        s.write_all(request.as_bytes()).unwrap();
        read_all(s)
    });
    others_are_served(&app, "path").await;
    let response = abuse.await.unwrap();
    assert!(
        response.starts_with("HTTP/1.1 431"),
        "{}",
        &response[..response.len().min(300)]
    );
    assert!(response.contains("application/problem+json"));
    assert!(response.contains("\"code\":\"headers_too_large\""));
}

#[tokio::test]
async fn a_thousand_silent_connections_are_closed_and_others_are_served_meanwhile() {
    let limits = Limits {
        header_timeout: Duration::from_secs(2),
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    let mut idle = Vec::new();
    for _ in 0..1000 {
        idle.push(tokio::net::TcpStream::connect(app.addr).await.unwrap());
    }
    // Meanwhile, the service answers others.
    for i in 0..5 {
        others_are_served(&app, &format!("idle {i}")).await;
    }
    // Each silent connection is closed by the server (EOF or reset), not left open.
    let started = Instant::now();
    let mut closed = 0;
    for mut s in idle {
        use tokio::io::AsyncReadExt;
        let mut buf = [0u8; 64];
        let read = tokio::time::timeout(Duration::from_secs(15), s.read(&mut buf)).await;
        match read {
            Ok(Ok(0)) | Ok(Err(_)) => closed += 1,
            Ok(Ok(n)) => panic!("a silent connection got {n} bytes"),
            Err(_) => panic!(
                "a silent connection is still open after {:?}",
                started.elapsed()
            ),
        }
    }
    assert_eq!(closed, 1000);
    others_are_served(&app, "after").await;
}

#[tokio::test]
async fn a_client_that_stops_reading_its_response_is_cut_off() {
    let limits = Limits {
        request_timeout: Duration::from_secs(1),
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    // An export of about 8 MiB: more than the socket buffers hold.
    for i in 0..8 {
        app.append(&thought(
            "plan",
            "big",
            "a",
            &format!("{i}{}", "x".repeat((1 << 20) - 1)),
        ))
        .await;
    }
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let mut stream = socket.connect(app.addr).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /tasks/big/export HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    // Meanwhile the service answers others.
    tokio::time::sleep(Duration::from_secs(3)).await;
    others_are_served(&app, "reader").await;
    let mut received = Vec::new();
    let read =
        tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut received)).await;
    assert!(read.is_ok(), "the connection was still open");
    let text = String::from_utf8_lossy(&received);
    assert!(text.starts_with("HTTP/1.1 200"));
    assert!(
        !text.ends_with("\r\n0\r\n\r\n"),
        "the whole export was delivered ({} bytes): the stall was not cut off",
        received.len()
    );
    assert!(received.len() < 8 << 20, "{} bytes", received.len());
}
