//! Bad input is refused whole, with every bad field named and nothing written:
//! bodies, content types, identifiers, routes, methods, query parameters.

use crate::support::{
    assert_problem, count_records, new_record, problem_fields, test_limits, TestApp,
};
use decision_trail::http::Limits;
use serde_json::json;

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
async fn malformed_json_is_a_malformed_json_problem() {
    let app = TestApp::spawn().await;
    for body in [
        b"{\"type\":".to_vec(),
        b"not json".to_vec(),
        b"{} {}".to_vec(),
        b"".to_vec(),
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
    let body = new_record("plan", "t", "a", "c").to_string();
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
async fn content_over_its_limit_is_refused_by_name() {
    let limits = Limits {
        max_content_bytes: 10,
        ..test_limits()
    };
    let app = TestApp::builder().limits(limits).spawn().await;
    app.append(&new_record("plan", "t", "a", "0123456789"))
        .await;
    let problem = assert_problem(
        app.post(&new_record("plan", "t", "a", "01234567890")).await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&problem), ["content"]);
}

#[tokio::test]
async fn identifiers_are_bounded_and_free_of_control_characters() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", &"t".repeat(256), &"é".repeat(256), "c"))
        .await;
    for (task, agent, field) in [
        ("t".repeat(257), "a".to_string(), "task_id"),
        ("t".to_string(), "a\nb".to_string(), "agent_id"),
        ("t\u{7f}".to_string(), "a".to_string(), "task_id"),
    ] {
        let problem = assert_problem(
            app.post(&new_record("plan", &task, &agent, "c")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem), [field]);
    }
}

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
async fn look_alike_and_path_like_ids_are_refused_by_name() {
    let app = TestApp::spawn().await;
    for id in [
        ".",
        "..",
        "alpha\u{200b}",
        "\u{feff}alpha",
        "al\u{202e}pha",
        "alpha\u{2066}",
        "tag\u{e0041}",
    ] {
        let p = assert_problem(
            app.post(&new_record("plan", id, id, "x")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&p), ["task_id", "agent_id"], "{id:?}");
    }
    // Ordinary non-ASCII ids are fine.
    app.append(&new_record("plan", "décision-α", "代理", "x"))
        .await;
    let (_, page) = app.get_json("/thoughts").await;
    assert_eq!(page["records"].as_array().unwrap().len(), 1);
}

/// New identifiers that could look like another are refused by name, by
/// the binary: blank-only, default-ignorable characters, line separators,
/// and ids not in NFC (the answer gives the NFC form; nothing is
/// normalised silently).
#[tokio::test]
async fn identifiers_that_could_look_like_another_are_refused_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let mut served = crate::support::serve_binary(&dir.path().join("trail.db"), &[]);
    let http = reqwest::Client::new();
    let post = |body: serde_json::Value| {
        http.post(format!("http://{}/thoughts", served.addr))
            .json(&body)
            .send()
    };
    for bad in [
        " ",
        "\u{00A0}",
        "\u{2800}",
        "a\u{2028}b",
        "\u{115F}",
        "\u{3164}",
        "a\u{034F}b",
        "x\u{FE0F}",
    ] {
        for field in ["task_id", "agent_id", "session_id"] {
            let mut body = new_record("plan", "t", "a", "x");
            body[field] = bad.into();
            let p = assert_problem(post(body).await.unwrap(), 400, "invalid_params").await;
            assert_eq!(problem_fields(&p), vec![field], "{bad:?}: {p}");
        }
    }
    let nfd = new_record("plan", "cafe\u{0301}", "a", "x");
    let p = assert_problem(post(nfd).await.unwrap(), 400, "invalid_params").await;
    assert!(p.to_string().contains("caf\u{e9}"), "{p}");
    // The NFC form is one task, written once.
    let written = post(new_record("plan", "caf\u{e9}", "a", "x"))
        .await
        .unwrap();
    assert_eq!(written.status(), 201);
    let all: serde_json::Value = http
        .get(format!("http://{}/thoughts", served.addr))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(all["records"].as_array().unwrap().len(), 1);
    served.child.kill().unwrap();
    served.child.wait().unwrap();
}
