//! The HTTP API over real HTTP on a loopback port, against a fresh SQLite file
//! each: every endpoint, every error path, paging, concurrency, restart.

mod common;

use std::io::{Read, Write};
use std::net::SocketAddr;

use common::{
    assert_hash_recomputes, assert_problem, problem_fields, test_limits, thought, TestApp, ZERO,
};
use decision_trail::domain::cursor::{self, CursorKind};
use decision_trail::http::Limits;
use decision_trail::store::Seams;
use serde_json::{json, Value};

/// Sends raw bytes as one HTTP/1.1 request and returns the whole response text.
fn raw_request(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(std::time::Duration::from_secs(10)))
        .unwrap();
    stream.write_all(request).unwrap();
    let mut out = Vec::new();
    let _ = stream.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

async fn count_records(app: &TestApp) -> usize {
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    page["records"].as_array().unwrap().len()
}

// --- POST /thoughts ---------------------------------------------------------

#[tokio::test]
async fn append_returns_the_stored_record_with_location_and_request_id() {
    let app = TestApp::spawn().await;
    let response = app.post(&thought("plan", "t1", "a1", "hello")).await;
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
    assert_eq!((status, read), (200, r));
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
    let mut body = thought("plan", "t1", "a1", "c");
    body["metadata"] = Value::Null;
    let r = app.append(&body).await;
    assert!(r.get("metadata").is_none());
    assert_hash_recomputes(&r);
}

#[tokio::test]
async fn every_bad_field_is_named_and_nothing_is_written() {
    let app = TestApp::spawn().await;
    let body = json!({
        "type": "Plan", "task_id": "a\u{0}b", "agent_id": "x".repeat(257), "content": 5,
        "metadata": {"n": 9007199254740993u64, "deep": [1, "INF"]}, "extra": 1
    });
    // serde_json cannot write 1e400; put it in the text by hand.
    let text = body.to_string().replace("\"INF\"", "1e400");
    let response = app.post_raw(text).await;
    let problem = assert_problem(response, 400, "invalid_params").await;
    let mut fields = problem_fields(&problem);
    fields.sort();
    assert_eq!(
        fields,
        [
            "agent_id",
            "content",
            "extra",
            "metadata.deep[1]",
            "metadata.n",
            "task_id",
            "type"
        ],
        "{problem}"
    );
    assert!(problem["detail"].as_str().unwrap().contains("7 fields"));
    assert_eq!(count_records(&app).await, 0);
}

#[tokio::test]
async fn metadata_rules_are_enforced_with_the_field_named() {
    let app = TestApp::spawn().await;
    let base = r#""type":"plan","task_id":"t","agent_id":"a","content":"c""#;
    let deep = format!("{}1{}", "{\"a\":".repeat(33), "}".repeat(33));
    let cases: Vec<(String, &str)> = vec![
        (format!("{{{base},\"metadata\":[1,2]}}"), "metadata"),
        (format!("{{{base},\"metadata\":\"s\"}}"), "metadata"),
        (
            format!("{{{base},\"metadata\":{{\"a\":1,\"a\":2}}}}"),
            "metadata.a",
        ),
        (
            format!("{{{base},\"metadata\":{{\"k\":\"\\ud800\"}}}}"),
            "metadata.k",
        ),
        (
            format!("{{{base},\"metadata\":{deep}}}"),
            "metadata.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a",
        ),
        (
            format!("{{{base},\"metadata\":{{\"x\":0.12345678901234567890123}}}}"),
            "metadata.x",
        ),
    ];
    for (text, field) in cases {
        let response = app.post_raw(text.clone()).await;
        let problem = assert_problem(response, 400, "invalid_params").await;
        assert_eq!(problem_fields(&problem), [field], "{text}: {problem}");
    }
    assert_eq!(count_records(&app).await, 0);
}

#[tokio::test]
async fn duplicate_body_keys_and_lone_surrogates_name_the_field() {
    let app = TestApp::spawn().await;
    for (text, field) in [
        (
            r#"{"type":"plan","type":"plan","task_id":"t","agent_id":"a","content":"c"}"#,
            "type",
        ),
        (
            r#"{"type":"plan","task_id":"t","agent_id":"a","content":"a\udc00"}"#,
            "content",
        ),
    ] {
        let response = app.post_raw(text).await;
        let problem = assert_problem(response, 400, "invalid_params").await;
        assert_eq!(problem_fields(&problem), [field], "{problem}");
    }
}

#[tokio::test]
async fn malformed_json_and_invalid_utf8_are_malformed_json_problems() {
    let app = TestApp::spawn().await;
    for body in [
        b"{\"type\":".to_vec(),
        b"not json".to_vec(),
        b"{} {}".to_vec(),
        b"".to_vec(),
        b"{\"content\":\"\xff\xfe\"}".to_vec(),
    ] {
        let response = app.post_raw(body).await;
        assert_problem(response, 400, "malformed_json").await;
    }
    let response = app.post_raw("[1,2]").await;
    let problem = assert_problem(response, 400, "invalid_params").await;
    assert_eq!(problem_fields(&problem), [""]);
    assert_eq!(count_records(&app).await, 0);
}

#[tokio::test]
async fn wrong_or_missing_content_type_is_415() {
    let app = TestApp::spawn().await;
    let body = thought("plan", "t", "a", "c").to_string();
    let missing = app
        .client
        .post(app.url("/thoughts"))
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_problem(missing, 415, "unsupported_media_type").await;
    let wrong = app
        .client
        .post(app.url("/thoughts"))
        .header("content-type", "text/plain")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    assert_problem(wrong, 415, "unsupported_media_type").await;
    let with_charset = app
        .client
        .post(app.url("/thoughts"))
        .header("content-type", "application/json; charset=utf-8")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(with_charset.status(), 201);
    assert_eq!(count_records(&app).await, 1);
}

#[tokio::test]
async fn body_over_the_limit_is_413_with_or_without_content_length() {
    let limits = Limits {
        max_body_bytes: 4096,
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    let big = thought("plan", "t", "a", &"x".repeat(5000));
    assert_problem(app.post(&big).await, 413, "payload_too_large").await;
    // Chunked, so only the streaming limit can catch it.
    let payload = big.to_string();
    let request = format!(
        "POST /thoughts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{}\r\n0\r\n\r\n",
        payload.len(),
        payload
    );
    let addr = app.addr;
    let response = tokio::task::spawn_blocking(move || raw_request(addr, request.as_bytes()))
        .await
        .unwrap();
    assert!(response.starts_with("HTTP/1.1 413"), "{response}");
    assert!(response.contains("application/problem+json"));
    assert!(response.contains("\"code\":\"payload_too_large\""));
    assert_eq!(count_records(&app).await, 0);
}

#[tokio::test]
async fn the_default_body_limit_refuses_3_mib() {
    let app = TestApp::spawn().await;
    let big = thought("plan", "t", "a", &"x".repeat(3 * 1024 * 1024));
    assert_problem(app.post(&big).await, 413, "payload_too_large").await;
}

#[tokio::test]
async fn content_over_its_limit_is_refused_by_name() {
    let limits = Limits {
        max_content_bytes: 10,
        ..test_limits()
    };
    let app = TestApp::spawn_with(Seams::default(), limits).await;
    app.append(&thought("plan", "t", "a", "0123456789")).await;
    let problem = assert_problem(
        app.post(&thought("plan", "t", "a", "01234567890")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["content"]);
}

#[tokio::test]
async fn identifiers_are_bounded_and_free_of_control_characters() {
    let app = TestApp::spawn().await;
    app.append(&thought("plan", &"t".repeat(256), &"é".repeat(256), "c"))
        .await;
    for (task, agent, field) in [
        ("t".repeat(257), "a".to_string(), "task_id"),
        ("t".to_string(), "a\nb".to_string(), "agent_id"),
        ("t\u{7f}".to_string(), "a".to_string(), "task_id"),
    ] {
        let problem = assert_problem(
            app.post(&thought("plan", &task, &agent, "c")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem), [field]);
    }
}

// --- routes and methods -------------------------------------------------------

#[tokio::test]
async fn unknown_route_is_a_404_problem() {
    let app = TestApp::spawn().await;
    assert_problem(app.get("/nope").await, 404, "not_found").await;
    assert_problem(app.get("/thoughts/a/b").await, 404, "not_found").await;
}

#[tokio::test]
async fn wrong_method_is_a_405_problem_with_allow() {
    let app = TestApp::spawn().await;
    let response = app
        .client
        .delete(app.url("/thoughts"))
        .send()
        .await
        .unwrap();
    let allow = response.headers()["allow"].to_str().unwrap().to_string();
    assert!(allow.contains("POST") && allow.contains("GET"), "{allow}");
    assert_problem(response, 405, "method_not_allowed").await;
    let response = app.client.put(app.url("/tasks/t1")).send().await.unwrap();
    assert_problem(response, 405, "method_not_allowed").await;
    let response = app.client.post(app.url("/healthz")).send().await.unwrap();
    assert_problem(response, 405, "method_not_allowed").await;
}

// --- GET /thoughts --------------------------------------------------------------

#[tokio::test]
async fn bad_query_parameters_are_all_named() {
    let app = TestApp::spawn().await;
    let problem = assert_problem(
        app.get("/thoughts?limit=0&after=%21%21&taskid=t").await,
        400,
        "invalid_params",
    )
    .await;
    let mut fields = problem_fields(&problem);
    fields.sort();
    assert_eq!(fields, ["after", "limit", "taskid"]);
    for query in [
        "limit=abc",
        "limit=1001",
        "limit=-1",
        "limit=1&limit=2",
        "task_id=",
        "after=",
    ] {
        let problem = assert_problem(
            app.get(&format!("/thoughts?{query}")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem).len(), 1, "{query}: {problem}");
    }
    let problem = assert_problem(app.get("/tasks?limit=0&x=1").await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&problem).len(), 2);
}

#[tokio::test]
async fn a_cursor_that_was_never_issued_is_refused() {
    let app = TestApp::spawn().await;
    app.append(&thought("plan", "t1", "a", "x")).await;
    app.append(&thought("plan", "t2", "a", "y")).await;
    let never = cursor::encode(CursorKind::Records, 999);
    let problem = assert_problem(
        app.get(&format!("/thoughts?after={never}")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["after"]);
    // A real record cursor, but of another task's record.
    let of_t2 = cursor::encode(CursorKind::Records, 1);
    let problem = assert_problem(
        app.get(&format!("/thoughts?task_id=t1&after={of_t2}"))
            .await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["after"]);
    // A task-list cursor is not a record cursor, and the other way round; and a
    // task cursor past the last task was never issued.
    for query in [
        format!("/thoughts?after={}", cursor::encode(CursorKind::Tasks, 1)),
        format!("/tasks?after={}", cursor::encode(CursorKind::Records, 0)),
        format!("/tasks?after={}", cursor::encode(CursorKind::Tasks, 99)),
    ] {
        let problem = assert_problem(app.get(&query).await, 400, "invalid_params").await;
        assert_eq!(problem_fields(&problem), ["after"], "{query}");
    }
}

#[tokio::test]
async fn pages_cover_the_log_and_a_chain_exactly_once() {
    let app = TestApp::spawn().await;
    for i in 0..25 {
        let task = if i % 2 == 0 { "even" } else { "odd" };
        app.append(&thought("analysis", task, "a", &i.to_string()))
            .await;
    }
    // The whole log, in log order, 10 at a time.
    let mut seen = Vec::new();
    let mut after: Option<String> = None;
    let mut pages = 0;
    loop {
        let query = match &after {
            Some(c) => format!("/thoughts?limit=10&after={c}"),
            None => "/thoughts?limit=10".to_string(),
        };
        let (status, page) = app.get_json(&query).await;
        assert_eq!(status, 200);
        pages += 1;
        for r in page["records"].as_array().unwrap() {
            seen.push(r["log_index"].as_u64().unwrap());
        }
        match page["next"].as_str() {
            Some(c) => after = Some(c.to_string()),
            None => break,
        }
    }
    assert_eq!(pages, 3);
    assert_eq!(seen, (0..25).collect::<Vec<u64>>());
    // One chain, in seq order; a full last page has no next.
    let (_, first) = app.get_json("/thoughts?task_id=odd&limit=6").await;
    let next = first["next"].as_str().unwrap();
    let (_, second) = app
        .get_json(&format!("/thoughts?task_id=odd&limit=6&after={next}"))
        .await;
    let seqs: Vec<u64> = first["records"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["records"].as_array().unwrap())
        .map(|r| r["seq"].as_u64().unwrap())
        .collect();
    assert_eq!(seqs, (0..12).collect::<Vec<u64>>());
    assert!(
        second["next"].is_null(),
        "12 records fill two pages of 6 exactly"
    );
}

#[tokio::test]
async fn listing_an_unknown_task_is_an_empty_page() {
    let app = TestApp::spawn().await;
    let (status, page) = app.get_json("/thoughts?task_id=nobody").await;
    assert_eq!((status, page), (200, json!({"records": [], "next": null})));
}

// --- /tasks -------------------------------------------------------------------

#[tokio::test]
async fn task_summary_reports_length_head_and_timestamps() {
    let app = TestApp::spawn().await;
    let first = app.append(&thought("plan", "t1", "a", "1")).await;
    app.append(&thought("plan", "other", "a", "x")).await;
    let last = app.append(&thought("decision", "t1", "a", "2")).await;
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
async fn tasks_page_in_order_of_first_record() {
    let app = TestApp::spawn().await;
    for t in ["c", "a", "b", "a", "d"] {
        app.append(&thought("plan", t, "agent", "x")).await;
    }
    let (_, page) = app.get_json("/tasks?limit=3").await;
    let ids: Vec<&str> = page["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["task_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["c", "a", "b"]);
    let next = page["next"].as_str().unwrap();
    let (_, rest) = app.get_json(&format!("/tasks?limit=3&after={next}")).await;
    assert_eq!(rest["tasks"][0]["task_id"], "d");
    assert_eq!(rest["tasks"].as_array().unwrap().len(), 1);
    assert!(rest["next"].is_null());
    assert_eq!(page["tasks"][1]["length"], 2);
}

// --- health, docs, request ids ------------------------------------------------

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
    let app = TestApp::spawn().await;
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

// --- concurrency, restart, shutdown --------------------------------------------

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
                .json(&thought("analysis", "hot", "a", &format!("step {i}")))
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
async fn after_a_restart_the_next_append_links_to_the_last_record() {
    let app = TestApp::spawn().await;
    let mut last = Value::Null;
    for c in ["a", "b", "c"] {
        last = app.append(&thought("plan", "t1", "agent", c)).await;
    }
    app.append(&thought("plan", "t2", "agent", "other")).await;
    let (path, dir) = app.stop().await;
    let app = TestApp::start(path, dir, Seams::default(), test_limits()).await;
    let next = app
        .append(&thought("reflection", "t1", "agent", "after restart"))
        .await;
    assert_eq!(next["seq"], 3);
    assert_eq!(next["prev_hash"], last["hash"]);
    assert_eq!(next["log_index"], 4);
    assert_hash_recomputes(&next);
    assert_eq!(count_records(&app).await, 5);
}

#[tokio::test]
async fn the_clock_stepping_back_does_not_make_a_chain_go_backwards() {
    let ticks = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let times = ["2026-01-01T00:00:05.000Z", "2026-01-01T00:00:01.000Z"];
    let seams = Seams {
        now: std::sync::Arc::new(move || {
            times[ticks
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst)
                .min(1)]
            .to_string()
        }),
        ..Seams::default()
    };
    let app = TestApp::spawn_with(seams, test_limits()).await;
    let a = app.append(&thought("plan", "t", "a", "1")).await;
    let b = app.append(&thought("plan", "t", "a", "2")).await;
    assert_eq!(a["timestamp"], "2026-01-01T00:00:05.000Z");
    assert_eq!(b["timestamp"], "2026-01-01T00:00:05.000Z");
    assert_hash_recomputes(&b);
}

#[tokio::test]
async fn the_database_refuses_updates_deletes_and_forks() {
    let app = TestApp::spawn().await;
    let first = app.append(&thought("plan", "t1", "a", "1")).await;
    app.append(&thought("plan", "t1", "a", "2")).await;
    let (path, _dir) = app.stop().await;
    let url = format!("sqlite://{}", path.display());
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let refused = |sql: &'static str| sqlx::query(sql);
    for sql in [
        "UPDATE thoughts SET content = 'forged' WHERE seq = 0",
        "DELETE FROM thoughts WHERE seq = 1",
    ] {
        let e = refused(sql).execute(&mut conn).await.unwrap_err();
        assert!(e.to_string().contains("append-only"), "{sql}: {e}");
    }
    // A second successor of seq 0 (a fork), and a record that skips a seq.
    let insert = "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) VALUES (?, ?, 't1', ?, 'plan', 'a', 'x', 't', ?, ?)";
    let fork = sqlx::query(insert)
        .bind(2)
        .bind("fork")
        .bind(1)
        .bind(first["hash"].as_str().unwrap())
        .bind("f".repeat(64))
        .execute(&mut conn)
        .await;
    assert!(fork.is_err(), "fork refused");
    let gap = sqlx::query(insert)
        .bind(2)
        .bind("gap")
        .bind(5)
        .bind("e".repeat(64))
        .bind("d".repeat(64))
        .execute(&mut conn)
        .await;
    assert!(
        gap.unwrap_err().to_string().contains("chain"),
        "gap refused"
    );
    let hole = sqlx::query(insert)
        .bind(7)
        .bind("hole")
        .bind(0)
        .bind(ZERO)
        .bind("c".repeat(64))
        .execute(&mut conn)
        .await;
    assert!(hole.is_err(), "a gap in the log is refused");
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM thoughts")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(n, 2);
}

#[tokio::test]
async fn a_database_that_is_down_answers_503_problems() {
    let app = TestApp::spawn().await;
    app.append(&thought("plan", "t", "a", "x")).await;
    // The store is closed under the running server: writer gone, pool closed.
    app.store.close().await;
    let response = app.post(&thought("plan", "t", "a", "y")).await;
    assert_eq!(response.headers()["retry-after"], "1");
    let problem = assert_problem(response, 503, "unavailable").await;
    assert!(
        !problem["detail"].as_str().unwrap().contains("pool"),
        "no internals leak"
    );
    for path in ["/thoughts", "/thoughts/x", "/tasks", "/tasks/t", "/readyz"] {
        assert_problem(app.get(path).await, 503, "unavailable").await;
    }
    assert_eq!(app.get_json("/healthz").await.0, 200, "still live");
}

#[tokio::test]
async fn unreadable_stored_data_is_a_500_problem_that_leaks_nothing() {
    let app = TestApp::spawn().await;
    let mut body = thought("plan", "t", "a", "x");
    body["metadata"] = json!({"k": 1});
    let r = app.append(&body).await;
    // An attacker with file access drops the guard and corrupts the row.
    use sqlx::Connection;
    let url = format!("sqlite://{}", app.db_path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("DROP TRIGGER thoughts_no_update")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE thoughts SET metadata = '{broken' WHERE seq = 0")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
    // Restart, so the record is read from the file, not from the recent-records cache.
    let (path, dir) = app.stop().await;
    let app = TestApp::start(path, dir, Seams::default(), test_limits()).await;
    let response = app
        .get(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
        .await;
    let problem = assert_problem(response, 500, "internal").await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        !detail.contains("broken") && !detail.contains("metadata"),
        "{detail}"
    );
    assert_problem(app.get("/thoughts").await, 500, "internal").await;
}

#[tokio::test]
async fn the_database_file_is_in_wal_mode() {
    let app = TestApp::spawn().await;
    app.append(&thought("plan", "t", "a", "x")).await;
    use sqlx::Connection;
    let url = format!("sqlite://{}", app.db_path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    assert!(app.db_path.with_extension("db-wal").exists());
}
