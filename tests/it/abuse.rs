//! Hostile input, each case while a bystander keeps appending and reading:
//! huge bodies and metadata, deep nesting, NUL, invalid UTF-8, giant numbers and
//! paths, silent connections.

use crate::support::{
    assert_problem, chain_length, new_record, others_are_served, problem_fields, read_all,
    test_limits, TestApp,
};
use decision_trail::http::Limits;
use serde_json::{json, Value};
use std::io::Write;
use std::time::{Duration, Instant};

#[tokio::test]
async fn a_10_mb_body_is_413() {
    let app = TestApp::spawn().await;
    let body = new_record("plan", "t", "a", &"x".repeat(10 * 1024 * 1024));
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
        let mut body = new_record("plan", "t", "a", "x");
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
    let body = new_record("plan", "a\u{0}b", "a", "x");
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
    assert_eq!(chain_length(&app, "t").await, 0);
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
        "GET /thoughts/{} HTTP/1.1\r\nHost: localhost\r\n\r\n",
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
    let app = TestApp::builder().limits(limits).spawn().await;
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
