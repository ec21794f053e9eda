//! API keys: bearer tokens, reader and writer roles, the agent binding.

use crate::support::{
    assert_problem, bearer, get_as, new_record, post_as, problem_fields, ring, task_body, TestApp,
    READER, WRITER,
};
use serde_json::Value;

#[tokio::test]
async fn with_keys_every_api_request_needs_a_valid_bearer_token() {
    let app = TestApp::builder().keys(ring()).spawn().await;
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
    let r = post_as(&app, None, None, &new_record("plan", "t", "planner-1", "x")).await;
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
    let app = TestApp::builder().keys(ring()).spawn().await;
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
        &new_record("plan", "t", "planner-1", "y"),
    )
    .await;
    assert_eq!(r.status(), 201);
    let r = post_as(
        &app,
        Some(&bearer(WRITER)),
        None,
        &new_record("plan", "t", "coder-2", "z"),
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

/// Swagger UI shows the bearer scheme (and its padlocks) only where a key is
/// needed: the served document has it with keys, not without.
#[tokio::test]
async fn the_served_document_has_the_key_scheme_only_with_keys() {
    let open = TestApp::spawn().await;
    let (_, doc) = open.get_json("/openapi.json").await;
    assert!(doc["components"].get("securitySchemes").is_none(), "{doc}");
    let post = &doc["paths"]["/thoughts"]["post"];
    assert!(post.get("security").is_none());
    assert!(post["responses"].get("401").is_none());
    assert!(post["responses"].get("429").is_some());
    let keyed = TestApp::builder().keys(ring()).spawn().await;
    let (_, doc) = keyed.get_json("/openapi.json").await;
    assert_eq!(
        doc["components"]["securitySchemes"]["api_key"]["scheme"],
        "bearer"
    );
    let post = &doc["paths"]["/thoughts"]["post"];
    assert!(post.get("security").is_some());
    assert!(post["responses"].get("401").is_some());
}

/// DNS rebinding: a page that makes a browser resolve its own name to the
/// service's address sends its own Host. The service answers only the names
/// of --allowed-hosts (loopback by default); probes answer any.
#[tokio::test]
async fn requests_for_another_host_name_are_refused() {
    let app = TestApp::spawn().await;
    for path in ["/thoughts", "/tasks", "/mcp"] {
        let r = app
            .client
            .get(app.url(path))
            .header("host", "attacker.example")
            .send()
            .await
            .unwrap();
        let p = assert_problem(r, 403, "forbidden").await;
        assert!(
            p["detail"].as_str().unwrap().contains("--allowed-hosts"),
            "{p}"
        );
    }
    let r = app
        .client
        .post(app.url("/thoughts"))
        .header("host", "attacker.example:8080")
        .json(&crate::support::new_record("plan", "t", "a", "x"))
        .send()
        .await
        .unwrap();
    assert_problem(r, 403, "forbidden").await;
    assert_eq!(crate::support::count_records(&app).await, 0);
    for host in ["localhost", "LOCALHOST:1234", "127.0.0.1", "[::1]:80"] {
        let r = app
            .client
            .get(app.url("/tasks"))
            .header("host", host)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{host}");
    }
    let r = app
        .client
        .get(app.url("/healthz"))
        .header("host", "10.0.0.7:8080")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
}
