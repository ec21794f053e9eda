//! Capability fingerprints over HTTP (docs/design.md §9): the vectors through
//! the endpoint, the registry, records bound to capabilities (hashed, verified,
//! exported, checked offline, filtered), refusals, and the CLI.

use std::process::Command;

use decision_trail::domain::capabilities::to_text;
use decision_trail::domain::json::{self, JsonValue};
use serde_json::{json, Value};

use crate::support::{
    assert_hash_recomputes, assert_problem, data_file, new_record, problem_fields, run_binary,
    run_with_stdin, TestApp, BIN,
};

/// The vectors' requests as JSON text with their key order, and expectations.
fn vectors() -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(data_file("capabilities.json")).unwrap();
    let Some(JsonValue::Array(requests)) = json::parse(&text, 128).unwrap().get("vectors").cloned()
    else {
        panic!()
    };
    let plain: Value = serde_json::from_str(&text).unwrap();
    requests
        .into_iter()
        .zip(plain["vectors"].as_array().unwrap().clone())
        .map(|(r, p)| {
            let JsonValue::Object(m) = r else { panic!() };
            let keep = m
                .into_iter()
                .filter(|(k, _)| ["kind", "input", "input_text", "allowlist"].contains(&k.as_str()))
                .collect();
            (to_text(&JsonValue::Object(keep)), p)
        })
        .collect()
}

async fn post_text(app: &TestApp, path: &str, body: String) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn every_vector_through_the_endpoint() {
    let app = TestApp::spawn().await;
    for (body, vector) in vectors() {
        let id = vector["id"].as_str().unwrap();
        if id == "hpo-astral-keys" {
            continue; // the known Han difference, pinned in conformance
        }
        let r = post_text(&app, "/capabilities/fingerprint", body).await;
        assert_eq!(r.status(), 200, "{id}");
        let answer: Value = r.json().await.unwrap();
        assert_eq!(answer["kind"], vector["kind"], "{id}");
        for (key, want) in vector["expected"].as_object().unwrap() {
            if key == "trace" {
                assert_eq!(
                    answer[key].as_array().unwrap().len(),
                    want.as_array().unwrap().len(),
                    "{id}"
                );
            } else {
                assert_eq!(&answer[key], want, "{id}: {key}");
            }
        }
    }
}

fn agent_request(id: &str) -> Value {
    json!({"kind": "registered_agent_static", "input": {
        "agentId": id, "name": "Planner", "instructions": ["Be brief."],
        "root": {"type": "toolkit", "name": "root", "members": [
            {"type": "tool", "name": "search", "schema": {"jsonSchema": {"type": "object"}},
             "policies": [{"id": "audit_log"}]},
            {"type": "tool", "name": "grep", "description": "Search files",
             "schema": {"standard": {"vendor": "zod", "version": 4}}}]}}})
}

#[tokio::test]
async fn fingerprint_store_fetch_round_trip_is_content_addressed() {
    let app = TestApp::spawn().await;
    let request = agent_request("agent-1");
    let (status, computed) = {
        let r = app
            .client
            .post(app.url("/capabilities/fingerprint"))
            .json(&request)
            .send()
            .await
            .unwrap();
        (r.status(), r.json::<Value>().await.unwrap())
    };
    assert_eq!(status, 200);
    let hash = computed["sha256"].as_str().unwrap().to_string();
    assert_eq!(computed["trace"].as_array().unwrap().len(), 4);

    let r = app
        .client
        .post(app.url("/capabilities"))
        .json(&request)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    assert_eq!(
        r.headers()["location"].to_str().unwrap(),
        format!("/capabilities/{hash}")
    );
    let stored: Value = r.json().await.unwrap();
    assert_eq!(stored["hash"], hash.as_str());
    assert_eq!(stored["kind"], "registered_agent_static");
    // Content-addressed: the payload hashes to the address, every sub-hash
    // to its own; nothing unhashed (the agent's id and name) is kept.
    let sha = |text: &str| hex::encode(sha2::Sha256::digest(text.as_bytes()));
    use sha2::Digest;
    assert_eq!(sha(stored["canonical"].as_str().unwrap()), hash);
    assert_eq!(stored["canonical"], computed["canonical"]);
    assert_eq!(stored["trace"], computed["trace"]);
    for t in stored["trace"].as_array().unwrap() {
        assert_eq!(
            sha(t["canonical"].as_str().unwrap()),
            t["sha256"].as_str().unwrap()
        );
    }
    assert!(!stored.to_string().contains("agent-1"), "{stored}");

    // The same template under another agent id hashes the same: the stored
    // snapshot is answered, with 200.
    let r = app
        .client
        .post(app.url("/capabilities"))
        .json(&agent_request("agent-2"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let again: Value = r.json().await.unwrap();
    assert_eq!(again, stored);

    let (status, fetched) = app.get_json(&format!("/capabilities/{hash}")).await;
    assert_eq!(status, 200);
    assert_eq!(fetched, stored);
    assert_problem(
        app.get(&format!("/capabilities/{}", "0".repeat(64))).await,
        404,
        "not_found",
    )
    .await;
    let p = assert_problem(app.get("/capabilities/nothex").await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["hash"]);

    // A link has no hash of its own: it cannot be stored.
    let r = app
        .client
        .post(app.url("/capabilities"))
        .json(
            &json!({"kind": "capability_link", "input": {"agent": {"agentId": "a", "name": "A",
            "staticHash": "1".repeat(64)}, "enabledToolNames": [], "nameToStaticHash": []}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["kind"]
    );

    // A payload edited in the database no longer hashes to its address.
    let url = app.database_url.clone();
    let (path, dir) = app.stop().await;
    let edit = format!(
        "UPDATE capability_snapshots SET canonical = canonical || ' ' WHERE hash = '{hash}'"
    );
    if crate::support::on_postgres() {
        let table = "ALTER TABLE capability_snapshots";
        for sql in [
            format!("{table} DISABLE TRIGGER capability_snapshots_no_update"),
            edit,
            format!("{table} ENABLE TRIGGER capability_snapshots_no_update"),
        ] {
            crate::support::execute(&url, &sql).await.unwrap();
        }
    } else {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        for sql in [
            "DROP TRIGGER capability_snapshots_no_update".to_string(),
            edit,
        ] {
            sqlx::query(&sql).execute(&mut conn).await.unwrap();
        }
        crate::support::restore_trigger(&mut conn, "capability_snapshots_no_update").await;
    }
    let app = TestApp::builder().database(path, dir).spawn().await;
    assert_problem(
        app.get(&format!("/capabilities/{hash}")).await,
        500,
        "store_altered",
    )
    .await;
}

#[tokio::test]
async fn a_reader_key_cannot_store_snapshots() {
    let app = TestApp::builder()
        .keys(crate::support::ring())
        .spawn()
        .await;
    let post = |path: &'static str, key: [u8; 32]| {
        app.client
            .post(app.url(path))
            .header("authorization", crate::support::bearer(key))
            .json(&agent_request("x"))
            .send()
    };
    assert_problem(
        post("/capabilities", crate::support::READER).await.unwrap(),
        403,
        "forbidden",
    )
    .await;
    assert_eq!(
        post("/capabilities", crate::support::WRITER)
            .await
            .unwrap()
            .status(),
        201
    );
    // Computing fingerprints is open to readers.
    assert_eq!(
        post("/capabilities/fingerprint", crate::support::READER)
            .await
            .unwrap()
            .status(),
        200
    );
}

#[tokio::test]
async fn bad_requests_are_refused_naming_each_field_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let many: Vec<Value> = (0..10_000)
        .map(|i| json!({"type": "tool", "name": format!("t{i}"), "schema": {"jsonSchema": {}}}))
        .collect();
    let mut deep = json!({"type": "object"});
    for _ in 0..40 {
        deep = json!({"properties": {"x": deep}});
    }
    let cases = [
        (json!({"kind": "tool_shape", "input": {}}), vec!["kind"]),
        (
            json!({"kind": "tool_static", "input": {"schema": {"jsonSchema": {}}}}),
            vec!["input.name"],
        ),
        (
            json!({"kind": "toolkit_static", "input": {"name": "k", "members": [
                {"type": "tool", "schema": {"jsonSchema": {}}},
                {"type": "widget", "name": "w"},
                {"type": "tool", "name": "x", "schema": {"$ref": "#"}}]}}),
            vec![
                "input.members[0].name",
                "input.members[1].type",
                "input.members[2].schema",
            ],
        ),
        (
            json!({"kind": "toolkit_static", "input": {"name": "k", "members": many}}),
            vec!["input.members"],
        ),
        (
            json!({"kind": "hash_plain_object", "input": {"a": 1}, "extra": true}),
            vec!["extra"],
        ),
        (json!({"kind": "invocation"}), vec!["input"]),
        (
            json!({"kind": "hash_plain_object", "input_text": "{\"a\": "}),
            vec!["input_text"],
        ),
    ];
    for (body, fields) in cases {
        for path in ["/capabilities/fingerprint", "/capabilities"] {
            let r = app
                .client
                .post(app.url(path))
                .json(&body)
                .send()
                .await
                .unwrap();
            let p = assert_problem(r, 400, "invalid_params").await;
            assert_eq!(
                problem_fields(&p),
                fields,
                "{path} {}",
                &body.to_string()[..80.min(body.to_string().len())]
            );
        }
    }
    // Nesting deeper than the body allows is refused by the reader, named.
    let r = app
        .client
        .post(app.url("/capabilities"))
        .json(&json!({"kind": "hash_plain_object", "input": deep}))
        .send()
        .await
        .unwrap();
    let p = assert_problem(r, 400, "invalid_params").await;
    assert!(
        problem_fields(&p)[0].starts_with("input.properties.x"),
        "{p}"
    );
    // A kind without a hash cannot be stored.
    let r = app
        .client
        .post(app.url("/capabilities"))
        .json(&json!({"kind": "diff_tool_refs", "input": {"first": [], "second": []}}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        problem_fields(&assert_problem(r, 400, "invalid_params").await),
        ["kind"]
    );
    let stored = crate::support::scalar(&app, "SELECT count(*) FROM capability_snapshots").await;
    assert_eq!(stored, 0);
}

#[tokio::test]
async fn diffs_of_links_and_tool_refs() {
    let app = TestApp::spawn().await;
    let link = |runtime: &str, refs: Value| json!({"agentId": "a", "agentName": "A", "staticHash": "s", "runtimeHash": runtime, "toolRefs": refs});
    let r = app
        .client
        .post(app.url("/capabilities/diff"))
        .json(&json!({
            "first": link("r1", json!([{"toolKey": "x", "toolHash": "01"}, {"toolKey": "y", "toolHash": "02"}])),
            "second": link("r2", json!([{"toolKey": "y", "toolHash": "99"}, {"toolKey": "z", "toolHash": "03"}]))
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    let d: Value = r.json().await.unwrap();
    assert_eq!(
        d["unchanged"],
        json!(["agentId", "agentName", "staticHash", "invocationHash"])
    );
    assert_eq!(
        d["changed"],
        json!([{"field": "runtimeHash", "first": "r1", "second": "r2"}])
    );
    assert_eq!(
        d["toolRefs"]["onlyInFirst"],
        json!([{"toolKey": "x", "toolHash": "01"}])
    );
    assert_eq!(
        d["toolRefs"]["hashChanged"],
        json!([{"toolKey": "y", "firstHash": "02", "secondHash": "99"}])
    );
    let r = app
        .client
        .post(app.url("/capabilities/diff"))
        .json(&json!({"first": [], "second": {}}))
        .send()
        .await
        .unwrap();
    assert_problem(r, 400, "invalid_params").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn records_bound_to_capabilities_hash_verify_export_and_filter() {
    let app = TestApp::spawn().await;
    // The agent's hashes, computed by the service and stored in the registry.
    let stored: Value = app
        .client
        .post(app.url("/capabilities"))
        .json(&agent_request("planner-1"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let static_hash = stored["hash"].as_str().unwrap().to_string();
    let runtime: Value = app
        .client
        .post(app.url("/capabilities"))
        .json(
            &json!({"kind": "runtime_hash", "input": {"enabledToolNames": ["grep"],
            "nameToStaticHash": [["grep", "1".repeat(64)]]}}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let runtime_hash = runtime["hash"].as_str().unwrap().to_string();
    let other_runtime = "f".repeat(64);
    let mut ids = Vec::new();
    for (i, rt) in [&runtime_hash, &other_runtime, &runtime_hash]
        .iter()
        .enumerate()
    {
        let mut body = new_record("decision", "bound", "planner-1", &format!("decision {i}"));
        body["capabilities"] = json!({"static_hash": static_hash, "runtime_hash": rt});
        if i == 2 {
            body["capabilities"]["invocation_hash"] = json!("c".repeat(64));
        }
        let r = app.append(&body).await;
        assert_eq!(r["capabilities"], body["capabilities"]);
        assert_hash_recomputes(&r);
        ids.push(r["id"].as_str().unwrap().to_string());
    }
    app.append(&new_record("plan", "bound", "planner-1", "unbound"))
        .await;

    // The decisions made with that tool set.
    let (_, page) = app
        .get_json(&format!("/thoughts?runtime_hash={runtime_hash}"))
        .await;
    let got: Vec<&str> = page["records"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(got, [ids[0].as_str(), ids[2].as_str()]);
    let (_, page) = app
        .get_json(&format!(
            "/thoughts?task_id=bound&static_hash={static_hash}&runtime_hash={other_runtime}"
        ))
        .await;
    assert_eq!(page["records"].as_array().unwrap().len(), 1);
    let p = assert_problem(
        app.get("/thoughts?runtime_hash=xyz").await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["runtime_hash"]);

    // The record links to the stored snapshots.
    let r = app.get(&format!("/thoughts/{}", ids[0])).await;
    let links: Vec<String> = r
        .headers()
        .get_all("link")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    assert!(
        links
            .iter()
            .any(|l| l.contains(&format!("/capabilities/{static_hash}"))),
        "{links:?}"
    );
    assert!(
        links
            .iter()
            .any(|l| l.contains(&format!("/capabilities/{runtime_hash}"))),
        "{links:?}"
    );
    let r = app.get(&format!("/thoughts/{}", ids[1])).await;
    let links: Vec<String> = r
        .headers()
        .get_all("link")
        .iter()
        .map(|v| v.to_str().unwrap().to_string())
        .collect();
    assert_eq!(
        links.len(),
        1,
        "only the static snapshot is stored: {links:?}"
    );

    // The chain verifies, and the export checks offline.
    let (_, verdict) = app.get_json("/tasks/bound/verify").await;
    assert_eq!(verdict["valid"], true, "{verdict}");
    let dir = tempfile::tempdir().unwrap();
    let export = dir.path().join("bound.ndjson");
    std::fs::write(
        &export,
        app.get("/tasks/bound/export").await.bytes().await.unwrap(),
    )
    .unwrap();
    let key = dir.path().join("key.txt");
    std::fs::write(&key, app.get("/log/key").await.bytes().await.unwrap()).unwrap();
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        export.display().to_string(),
        "--key".into(),
        key.display().to_string(),
    ])
    .await;
    assert!(ok, "{err}");
    assert!(out.contains("4 records"), "{out}");
    // An edited binding in the export is caught at its record.
    let text = std::fs::read_to_string(&export).unwrap();
    std::fs::write(&export, text.replacen(&other_runtime, &"e".repeat(64), 1)).unwrap();
    let (ok, _, err) = run_binary(vec!["verify".into(), export.display().to_string()]).await;
    assert!(!ok);
    assert!(err.contains("hash_mismatch"), "{err}");
}

#[tokio::test]
async fn a_bad_binding_is_refused_naming_each_member() {
    let app = TestApp::spawn().await;
    let mut body = new_record("decision", "t", "a", "x");
    body["capabilities"] = json!({"static_hash": "nothex", "colour": "red"});
    let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
    let mut fields = problem_fields(&p);
    fields.sort();
    assert_eq!(
        fields,
        [
            "capabilities.colour",
            "capabilities.runtime_hash",
            "capabilities.static_hash"
        ]
    );
    body["capabilities"] = json!("a string");
    let p = assert_problem(app.post(&body).await, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["capabilities"]);
    assert_eq!(crate::support::count_records(&app).await, 0);
}

#[test]
fn the_cli_fingerprints_ndjson_and_diffs_files() {
    let requests: String = vectors()
        .into_iter()
        .filter(|(_, v)| {
            ["pkgtest-tool-t", "binding-basic", "inv-basic"].contains(&v["id"].as_str().unwrap())
        })
        .map(|(body, _)| body + "\n")
        .collect();
    let (ok, out, _) = run_with_stdin(&["capabilities", "fingerprint"], requests.as_bytes());
    assert!(ok);
    let lines: Vec<Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(
        lines[0]["sha256"],
        "b970130432bde167a1a7ffb163c46fc0582e960bef0ee8cb4235f2b04507ee23"
    );
    assert_eq!(lines[2]["kind"], "invocation");
    // A bad line answers an error on its line, and the exit code says so.
    let (ok, out, _) = run_with_stdin(
        &["capabilities", "fingerprint"],
        b"{\"kind\": \"nope\", \"input\": 1}\n",
    );
    assert!(!ok);
    let line: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(line["error"]["errors"][0]["field"], "kind");

    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.json");
    let b = dir.path().join("b.json");
    std::fs::write(&a, r#"[{"toolKey": "x", "toolHash": "01"}]"#).unwrap();
    std::fs::write(&b, r#"[{"toolKey": "x", "toolHash": "02"}]"#).unwrap();
    let out = Command::new(BIN)
        .args(["capabilities", "diff"])
        .arg(&a)
        .arg(&b)
        .output()
        .unwrap();
    assert!(out.status.success());
    let d: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(d["toolRefs"]["hashChanged"][0]["secondHash"], "02");
}
