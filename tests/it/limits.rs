//! Every limit answers with its own problem: body, rate, request time, requests
//! in flight, header size, clients that stop reading, and an HTTP/1.1 request
//! without exactly one Host.

use crate::support::{
    assert_problem, bearer, count_records, get_as, new_record, others_are_served, post_as,
    read_all, ring, task_body, test_limits, TestApp, READER, WRITER,
};
use decision_trail::http::ops::guard::Rate;
use decision_trail::http::Limits;
use std::io::{Read, Write};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// Sends a request head and part of its body, and keeps the connection.
fn start_slow_post(addr: SocketAddr) -> std::net::TcpStream {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.write_all(
        b"POST /thoughts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"type\":",
    )
    .unwrap();
    s
}

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

#[tokio::test]
async fn body_over_the_limit_is_413_with_or_without_content_length() {
    let limits = Limits {
        max_body_bytes: 4096,
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
    let big = new_record("plan", "t", "a", &"x".repeat(5000));
    assert_problem(app.post(&big).await, 413, "payload_too_large").await;
    // Chunked, so only the streaming limit can catch it.
    let payload = big.to_string();
    let request = format!(
        "POST /thoughts HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{}\r\n0\r\n\r\n",
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
async fn over_the_rate_a_caller_gets_429_with_retry_after_and_others_do_not() {
    let limits = Limits {
        rate: Some(Rate {
            per_second: 0.5,
            burst: 3,
        }),
        ..test_limits()
    };
    let app = TestApp::builder().keys(ring()).limits(limits).spawn().await;
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
    let app = TestApp::builder().limits(limits).spawn().await;
    app.append(&new_record("plan", "t", "a", "1")).await;
    app.append(&new_record("plan", "t", "b", "2")).await;
    let p = assert_problem(
        app.post(&new_record("plan", "t", "c", "3")).await,
        429,
        "rate_limited",
    )
    .await;
    assert!(p["detail"].as_str().unwrap().contains("127.0.0.1"));
}

#[tokio::test]
async fn a_slow_body_is_cut_off_at_the_request_time_limit_with_408() {
    let limits = Limits {
        request_timeout: Duration::from_millis(500),
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
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
    let app = TestApp::builder().limits(limits).spawn().await;
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
        s.write_all(b"GET /a b c HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .unwrap();
        read_all(s)
    })
    .await
    .unwrap();
    assert!(response.starts_with("HTTP/1.1 400"), "{response}");
    assert!(response.contains("application/problem+json"));
    assert!(response.contains("\"code\":\"malformed_request\""));
}

#[tokio::test]
async fn a_client_that_stops_reading_its_response_is_cut_off() {
    let limits = Limits {
        request_timeout: Duration::from_secs(1),
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
    // An export of about 8 MiB: more than the socket buffers hold.
    for i in 0..8 {
        app.append(&new_record(
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
        .write_all(b"GET /tasks/big/export HTTP/1.1\r\nHost: localhost\r\n\r\n")
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

#[tokio::test]
async fn an_http11_request_needs_exactly_one_host() {
    let app = TestApp::spawn().await;
    let raw = |request: &'static str| {
        let addr = app.addr;
        tokio::task::spawn_blocking(move || {
            use std::io::{Read, Write};
            let mut s = std::net::TcpStream::connect(addr).unwrap();
            s.write_all(request.as_bytes()).unwrap();
            let mut out = String::new();
            let _ = s.read_to_string(&mut out);
            out
        })
    };
    for request in [
        "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n",
        "GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\nConnection: close\r\n\r\n",
    ] {
        let out = raw(request).await.unwrap();
        assert!(out.starts_with("HTTP/1.1 400"), "{out}");
        assert!(out.contains("\"code\":\"malformed_request\""), "{out}");
        assert!(out.contains("Host"), "{out}");
    }
    let out = raw("GET /healthz HTTP/1.0\r\n\r\n").await.unwrap();
    assert!(
        out.starts_with("HTTP/1.1 200") || out.starts_with("HTTP/1.0 200"),
        "{out}"
    );
}
