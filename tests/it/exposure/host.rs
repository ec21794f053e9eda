//! The Host allow-list guards an open service only (with keys, a page a
//! browser was lured to has no token); its refusal says why and how to fix
//! it, and `/docs` is refused as a page, not call by call.

use crate::support::{assert_problem, bearer, ring, TestApp, WRITER};

#[tokio::test]
async fn with_keys_the_host_is_not_checked() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    for host in ["attacker.example", "10.0.0.7:8080", "trail.internal"] {
        let r = app
            .client
            .get(app.url("/tasks"))
            .header("host", host)
            .header("authorization", bearer(WRITER))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{host}");
        // Without a token: the key is what refuses, not the Host.
        let r = app
            .client
            .get(app.url("/tasks"))
            .header("host", host)
            .send()
            .await
            .unwrap();
        assert_problem(r, 401, "unauthorized").await;
    }
}

#[tokio::test]
async fn an_open_service_s_refusal_says_why_and_how_to_fix_it() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .get(app.url("/tasks"))
        .header("host", "trail.internal:8080")
        .send()
        .await
        .unwrap();
    let p = assert_problem(r, 403, "forbidden").await;
    let detail = p["detail"].as_str().unwrap();
    for needed in [
        "`trail.internal`",
        "without API keys",
        "localhost, 127.0.0.1, ::1",
        "DNS rebinding",
        "add `trail.internal` to --allowed-hosts",
        "DECISION_TRAIL_ALLOWED_HOSTS",
        "--keys-file",
    ] {
        assert!(detail.contains(needed), "{needed}: {detail}");
    }
}

/// Swagger UI under a Host the service does not answer would load, then
/// fail every call: the page itself is refused instead, saying why.
#[tokio::test]
async fn docs_under_another_host_say_why_instead_of_failing_each_call() {
    let app = TestApp::spawn().await;
    let r = app
        .client
        .get(app.url("/docs/"))
        .header("host", "<b>evil</b>.example")
        .header("accept", "text/html,application/xhtml+xml,*/*;q=0.8")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 403);
    assert_eq!(r.headers()["content-type"], "text/html; charset=utf-8");
    let page = r.text().await.unwrap();
    assert!(
        page.contains("--allowed-hosts") && page.contains("--keys-file"),
        "{page}"
    );
    assert!(
        page.contains("&lt;b&gt;evil&lt;/b&gt;.example"),
        "escaped: {page}"
    );
    assert!(!page.contains("<b>evil"), "{page}");
    // Not a browser: the problem, as everywhere else.
    let r = app
        .client
        .get(app.url("/docs/"))
        .header("host", "evil.example")
        .send()
        .await
        .unwrap();
    assert_problem(r, 403, "forbidden").await;
    // The probes and the document answer any name; the docs answer loopback.
    for path in ["/healthz", "/readyz", "/openapi.json"] {
        let r = app
            .client
            .get(app.url(path))
            .header("host", "evil.example")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{path}");
    }
    let r = app.get("/docs/").await;
    assert_eq!(r.status(), 200);
    // With keys, the docs answer any name too.
    let keyed = TestApp::builder().keys(ring()).spawn().await;
    let r = keyed
        .client
        .get(keyed.url("/docs/"))
        .header("host", "evil.example")
        .header("accept", "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}
