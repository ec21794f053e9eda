//! Erasable records (docs/design.md §12): the content commitment, erasure
//! with every proof still valid, legal holds, retention, and the refusals;
//! against the real service (SQLite, or PostgreSQL when the suite runs on
//! it) and the real binary.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::support::{
    assert_hash_recomputes, assert_problem, bearer, new_record, oracle_commitment, problem_fields,
    record_only, ring, run_binary, serve_binary, sqlite_only, TestApp, ADMIN, READER, WRITER,
};

/// `DELETE /thoughts/{id}/content` with `body`, as `auth` when given.
async fn erase(app_url: &str, id: &str, auth: Option<&str>, body: &Value) -> reqwest::Response {
    let mut request = reqwest::Client::new()
        .delete(format!("{app_url}/thoughts/{id}/content"))
        .json(body);
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request.send().await.unwrap()
}

async fn hold(app_url: &str, task: &str, put: bool, auth: Option<&str>) -> reqwest::Response {
    let client = reqwest::Client::new();
    let url = format!("{app_url}/tasks/{task}/hold");
    let mut request = if put {
        client
            .put(url)
            .json(&json!({"reason": "litigation hold 2026-7"}))
    } else {
        client.delete(url)
    };
    if let Some(auth) = auth {
        request = request.header("authorization", auth);
    }
    request.send().await.unwrap()
}

fn erasable(task: &str, content: &str, metadata: Value) -> Value {
    json!({"type": "analysis", "task_id": task, "agent_id": "planner-1", "content": content,
           "metadata": metadata, "erasable": true})
}

/// Runs `decision-trail` with `args`; asserts it succeeds and answers stdout.
async fn binary_ok(args: &[&str]) -> String {
    let (ok, out, err) = run_binary(args.iter().map(|a| a.to_string()).collect()).await;
    assert!(ok, "{args:?}: {out}{err}");
    out
}

#[tokio::test]
async fn an_erased_record_keeps_its_hash_and_every_proof_and_the_erasure_is_on_the_trail() {
    let app = TestApp::spawn().await;
    let base = app.url("");
    let first = app
        .append(
            &json!({"type": "plan", "task_id": "crm", "agent_id": "planner-1",
        "content": "Look the customer up."}),
        )
        .await;
    let record = app
        .append(&erasable(
            "crm",
            "Ada Lovelace, ada@example.org, asked for a refund",
            json!({"email": "ada@example.org", "score": 2}),
        ))
        .await;
    let after = app
        .append(
            &json!({"type": "decision", "task_id": "crm", "agent_id": "planner-1",
        "content": "Refund approved."}),
        )
        .await;
    // Served with its opening; both the commitment and the hash recompute
    // independently of the service's code.
    assert_eq!(
        record["content_commitment"].as_str().unwrap(),
        oracle_commitment(&record)
    );
    assert_eq!(record["salt"].as_str().unwrap().len(), 64);
    assert_hash_recomputes(&record);
    assert!(first.get("content_commitment").is_none(), "{first}");
    let id = record["id"].as_str().unwrap();

    let response = erase(&base, id, None, &json!({"reason": "GDPR Art. 17 request"})).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let erased = &answer["record"];
    for kept in [
        "id",
        "hash",
        "prev_hash",
        "seq",
        "log_index",
        "content_commitment",
        "timestamp",
    ] {
        assert_eq!(erased[kept], record[kept], "{kept}");
    }
    for gone in ["content", "metadata", "salt"] {
        assert!(erased.get(gone).is_none(), "{gone} still served: {erased}");
    }
    assert_eq!(erased["erased"]["reason"], "GDPR Art. 17 request");
    assert_eq!(erased["erased"]["by"], "operator");
    // The hash recomputes from the commitment alone.
    assert_hash_recomputes(erased);
    let statement = &answer["erasure"];
    assert_eq!(statement["type"], "decision");
    assert_eq!(statement["task_id"], "crm");
    assert_eq!(statement["metadata"]["erasure"]["record"], id);
    assert_eq!(
        statement["metadata"]["erasure"]["reason"],
        "GDPR Art. 17 request"
    );
    assert!(
        statement.get("content_commitment").is_none(),
        "never erasable: {statement}"
    );
    assert_eq!(erased["erased"]["at"], statement["timestamp"]);
    let (status, read) = app.get_json(&format!("/thoughts/{id}")).await;
    assert_eq!((status, &record_only(read)), (200, erased));
    // Erasing again changes nothing.
    let again: Value = erase(&base, id, None, &json!({"reason": "again"}))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (&again["record"], &again["erasure"]),
        (erased, &Value::Null)
    );

    // The chain walk passes and says so.
    let (_, verdict) = app.get_json("/tasks/crm/verify").await;
    assert_eq!(verdict["valid"], true, "{verdict}");
    assert_eq!(
        (verdict["length"].as_u64(), verdict["erased"].as_u64()),
        (Some(4), Some(1))
    );
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("log.vkey");
    let vkey = app.get("/log/key").await.text().await.unwrap();
    std::fs::write(&key, vkey.trim()).unwrap();
    let key = key.display().to_string();
    // Its receipt and the task's export verify offline.
    let receipt = app
        .get(&format!("/thoughts/{id}/receipt"))
        .await
        .text()
        .await
        .unwrap();
    let receipt_file = dir.path().join("receipt.json");
    std::fs::write(&receipt_file, receipt).unwrap();
    binary_ok(&["verify", &receipt_file.display().to_string(), "--key", &key]).await;
    let export = app.get("/tasks/crm/export").await.text().await.unwrap();
    assert!(
        !export.contains("ada@example.org"),
        "the export holds the erased content"
    );
    let export_file = dir.path().join("crm.ndjson");
    std::fs::write(&export_file, export).unwrap();
    let out = binary_ok(&["verify", &export_file.display().to_string(), "--key", &key]).await;
    assert!(out.contains("4 records (1 erased"), "{out}");
    // A fresh monitor of the whole log, over HTTP.
    let state = dir.path().join("state.json").display().to_string();
    let out = binary_ok(&["verify", "--url", &base, "--state", &state]).await;
    assert!(
        out.contains("1 erased: checked through their content commitments"),
        "{out}"
    );
    // Every record after the erased one is still in the log's tiles: the
    // leaf tile holds the erased record's leaf as it was.
    let (_, page) = app.get_json("/thoughts?task_id=crm").await;
    assert_eq!(page["records"][1], *erased);
    assert_eq!(page["records"][2], after);
    let tile = app.get("/tile/0/000.p/4").await;
    assert_eq!(tile.status(), 200);
    let leaves = tile.bytes().await.unwrap();
    // RFC 9162 §2.1.1: a leaf's hash is SHA-256(0x00 ‖ leaf).
    let leaf_hash: [u8; 32] = sha2::Digest::finalize(sha2::Digest::chain_update(
        <sha2::Sha256 as sha2::Digest>::new(),
        [&[0u8][..], &crate::support::oracle_leaf(&record)].concat(),
    ))
    .into();
    let at = record["log_index"].as_u64().unwrap() as usize * 32;
    assert_eq!(&leaves[at..at + 32], leaf_hash.as_slice());
    // Search finds the other records, not the erased one.
    let (_, hits) = app.get_json("/search?q=ada%40example.org&fresh=true").await;
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(0), "{hits}");
    let (_, hits) = app.get_json("/search?q=refund&fresh=true").await;
    let found: Vec<&str> = hits["hits"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|h| h["record"]["id"].as_str().or(h["id"].as_str()))
        .collect();
    assert!(!found.contains(&id), "{hits}");

    // Erasures are counted (the recorder is the process's: at least this one).
    let metrics = app.get("/metrics").await.text().await.unwrap();
    assert!(
        metrics.contains("decision_trail_records_erased_total{how=\"request\"}"),
        "{metrics}"
    );

    // fsck reads the whole database back and passes.
    let url = app.database_url.clone();
    let _kept = app.stop().await;
    let out = binary_ok(&["fsck", &url]).await;
    assert!(out.contains("ok: 1 record erased"), "{out}");
}

#[tokio::test]
async fn refusals_name_why_not_erasable_held_unknown_no_reason_and_roles() {
    let app = TestApp::builder().keys(ring()).spawn().await;
    let base = app.url("");
    let writer = bearer(WRITER);
    let post = |body: Value| {
        let (app, writer) = (&app, writer.clone());
        async move {
            let r = crate::support::post_as(app, Some(&writer), None, &body).await;
            assert_eq!(r.status(), 201);
            r.json::<Value>().await.unwrap()
        }
    };
    let plain = post(json!({"type": "plan", "task_id": "t", "content": "kept"})).await;
    let record =
        post(json!({"type": "plan", "task_id": "t", "content": "x", "erasable": true})).await;
    let held =
        post(json!({"type": "plan", "task_id": "h", "content": "y", "erasable": true})).await;
    let admin = bearer(ADMIN);
    let reason = json!({"reason": "asked"});
    let id = |r: &Value| r["id"].as_str().unwrap().to_string();
    // Reader and writer keys may not erase or hold.
    for who in [bearer(READER), writer.clone()] {
        assert_problem(
            erase(&base, &id(&record), Some(&who), &reason).await,
            403,
            "forbidden",
        )
        .await;
        assert_problem(hold(&base, "h", true, Some(&who)).await, 403, "forbidden").await;
    }
    let p = assert_problem(
        erase(&base, &id(&plain), Some(&admin), &reason).await,
        409,
        "not_erasable",
    )
    .await;
    assert!(
        p["detail"].as_str().unwrap().contains("covers its content"),
        "{p}"
    );
    assert_problem(
        erase(&base, "no-such-record", Some(&admin), &reason).await,
        404,
        "not_found",
    )
    .await;
    for body in [
        json!({}),
        json!({"reason": ""}),
        json!({"reason": "x".repeat(513)}),
        json!({"reason": 3}),
        // Nothing visible, or shown reordered: refused like a blank reason.
        json!({"reason": "\u{200B}"}),
        json!({"reason": "\u{2060}\u{FEFF} \u{00AD}"}),
        json!({"reason": "ok \u{202E}tseuqer 71 .trA"}),
    ] {
        let p = assert_problem(
            erase(&base, &id(&record), Some(&admin), &body).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&p), ["reason"], "{body}");
    }
    let p = assert_problem(
        erase(
            &base,
            &id(&record),
            Some(&admin),
            &json!({"reason": "r", "extra": 1}),
        )
        .await,
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["extra"]);
    // A bare DELETE names the reason it lacks.
    let bare = reqwest::Client::new()
        .delete(format!("{base}/thoughts/{}/content", id(&record)))
        .header("authorization", &admin)
        .send()
        .await
        .unwrap();
    let p = assert_problem(bare, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["reason"]);
    // A hold's reason follows the same rules.
    let p = assert_problem(
        reqwest::Client::new()
            .put(format!("{base}/tasks/h/hold"))
            .header("authorization", &admin)
            .json(&json!({"reason": "litigation \u{2066}hold\u{2069}"}))
            .send()
            .await
            .unwrap(),
        400,
        "invalid_params",
    )
    .await;
    assert_eq!(problem_fields(&p), ["reason"]);
    // A legal hold: shown on the task, refuses erasure, lifted by an admin.
    assert_eq!(hold(&base, "h", true, Some(&admin)).await.status(), 201);
    assert_eq!(hold(&base, "h", true, Some(&admin)).await.status(), 200);
    let task: Value = crate::support::get_as(&app, Some(&admin), "/tasks/h")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(task["hold"]["by"], "dpo");
    assert_eq!(task["hold"]["reason"], "litigation hold 2026-7");
    let p = assert_problem(
        erase(&base, &id(&held), Some(&admin), &reason).await,
        409,
        "task_held",
    )
    .await;
    assert!(p["detail"].as_str().unwrap().contains("legal hold"), "{p}");
    // The hold that stands, read with any key.
    let reader = bearer(READER);
    let standing = crate::support::get_as(&app, Some(&reader), "/tasks/h/hold").await;
    assert_eq!(standing.status(), 200);
    let standing: Value = standing.json().await.unwrap();
    assert_eq!(
        (&standing["task_id"], &standing["by"], &standing["reason"]),
        (&json!("h"), &json!("dpo"), &json!("litigation hold 2026-7"))
    );
    assert_eq!(hold(&base, "h", false, Some(&admin)).await.status(), 200);
    assert_problem(
        crate::support::get_as(&app, Some(&reader), "/tasks/h/hold").await,
        404,
        "not_found",
    )
    .await;
    assert_problem(
        hold(&base, "h", false, Some(&admin)).await,
        404,
        "not_found",
    )
    .await;
    // An admin key erases as its agent, and may append like a writer.
    let answer: Value = erase(&base, &id(&held), Some(&admin), &reason)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(answer["record"]["erased"]["by"], "dpo");
    assert_eq!(answer["erasure"]["agent_id"], "dpo");
    let appended = crate::support::post_as(
        &app,
        Some(&admin),
        None,
        &json!({"type": "reflection", "task_id": "h", "content": "done"}),
    )
    .await;
    assert_eq!(appended.status(), 201);
    let p = assert_problem(
        erase(
            &base,
            &id(&record),
            Some(&admin),
            &json!({"reason": "r", "agent_id": "someone"}),
        )
        .await,
        403,
        "forbidden",
    )
    .await;
    assert!(p["detail"].as_str().unwrap().contains("dpo"), "{p}");
}

#[tokio::test]
async fn the_erased_bytes_are_gone_from_the_sqlite_files_and_their_wals() {
    if sqlite_only("reads the SQLite file's bytes") {
        return;
    }
    let app = TestApp::spawn().await;
    // Unique strings, in lowercase as the index keeps its words.
    let (in_content, in_metadata) = ("qzvxkcontentmark", "wyjmetadatamark");
    let mut ids = Vec::new();
    for i in 0..3 {
        let r = app
            .append(&erasable(
                "secrets",
                &format!("call {in_content} at home {i}"),
                json!({"note": format!("{in_metadata} {i}")}),
            ))
            .await;
        ids.push(r["id"].as_str().unwrap().to_string());
        // Other records around them, so that the index merges segments.
        for j in 0..40 {
            app.append(&json!({"type": "analysis", "task_id": format!("other-{j}"),
                "agent_id": "a", "content": format!("filler words number {i} {j}")}))
                .await;
        }
    }
    let (_, hits) = app
        .get_json(&format!("/search?q={in_content}&fresh=true"))
        .await;
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(3), "{hits}");
    // The database, the search index's file beside it, and their WALs.
    let files = |app: &TestApp| {
        ["", "-wal", "-search", "-search-wal"].map(|suffix| {
            let mut name = app.db_path.as_os_str().to_owned();
            name.push(suffix);
            std::path::PathBuf::from(name)
        })
    };
    let holds = |needle: &str| {
        files(&app).iter().any(|f| {
            std::fs::read(f)
                .is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle.as_bytes()))
        })
    };
    assert!(
        holds(in_content) && holds(in_metadata),
        "the strings are on disk before"
    );
    for id in &ids {
        let r = erase(&app.url(""), id, None, &json!({"reason": "test"})).await;
        assert_eq!(r.status(), 200);
    }
    // The index's rows go in the indexer's turn, which a fresh search takes.
    let (_, hits) = app
        .get_json(&format!("/search?q={in_content}&fresh=true"))
        .await;
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(0), "{hits}");
    for needle in [in_content, in_metadata] {
        assert!(
            !holds(needle),
            "`{needle}` is still in the database, the index's file or their WALs"
        );
    }
    let (_, verdict) = app.get_json("/tasks/secrets/verify").await;
    assert_eq!(
        (verdict["valid"].as_bool(), verdict["erased"].as_u64()),
        (Some(true), Some(3))
    );
}

#[tokio::test]
async fn retention_erases_old_erasable_content_but_not_young_or_held_and_the_floor_is_enforced() {
    if sqlite_only("runs the binary on a SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    // Below the default floor (183 days): refused at start, naming both flags.
    let (ok, _, err) = run_binary(
        [
            "serve",
            "--listen",
            "127.0.0.1:0",
            "--retention",
            "30d",
            "--database-url",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([format!("sqlite://{}", db.display())])
        .collect(),
    )
    .await;
    assert!(!ok);
    assert!(
        err.contains("--retention 30d") && err.contains("--retention-floor 183d"),
        "{err}"
    );
    // --erasable makes every record erasable, asked or not. A sweep every
    // 2 s erases what is older than 4 s.
    let mut served = serve_binary(
        &db,
        &["--erasable", "--retention-floor", "0s", "--retention", "4s"],
    );
    let base = format!("http://{}", served.addr);
    let client = reqwest::Client::new();
    let post = |task: &str, content: &str| {
        let request = client.post(format!("{base}/thoughts")).json(&json!({
            "type": "analysis", "task_id": task, "agent_id": "a", "content": content}));
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let get_json = |path: String| {
        let request = client.get(format!("{base}{path}"));
        async move { request.send().await.unwrap().json::<Value>().await.unwrap() }
    };
    let get = |id: String| get_json(format!("/thoughts/{id}"));
    let old = post("kept-briefly", "old content").await;
    let held = post("held", "held content").await;
    assert!(old["content_commitment"].is_string(), "{old}");
    assert_eq!(hold(&base, "held", true, None).await.status(), 201);
    tokio::time::sleep(Duration::from_millis(4100)).await;
    let young = post("kept-briefly", "young content").await;
    let posted = Instant::now();
    let id = |r: &Value| r["id"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(20);
    let erased = loop {
        let now = get(id(&old)).await;
        if now.get("erased").is_some() {
            break now;
        }
        assert!(Instant::now() < deadline, "retention never erased {old}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    // The old record is erased at most a sweep (2 s) after it turned 4 s
    // old, when the young one was posted: the young one is well under 4 s.
    let young_now = get(id(&young)).await;
    if posted.elapsed() < Duration::from_millis(3800) {
        assert_eq!(young_now["content"], "young content", "{young_now}");
    } else {
        eprintln!("the machine was too slow to tell young from old this run");
    }
    assert_eq!(get(id(&held)).await["content"], "held content");
    assert_eq!(erased["erased"]["by"], "decision-trail-retention");
    assert!(
        erased["erased"]["reason"].as_str().unwrap().contains("4s"),
        "{erased}"
    );
    // One erasure record on the task names what the sweep erased.
    let page = get_json("/thoughts?task_id=kept-briefly".into()).await;
    let statements: Vec<&Value> = page["records"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["agent_id"] == "decision-trail-retention")
        .collect();
    assert!(!statements.is_empty(), "{page}");
    let names = statements[0]["metadata"]["erasure"].to_string();
    assert!(names.contains(&id(&old)), "{names}");
    let verdict = get_json("/tasks/kept-briefly/verify".into()).await;
    assert_eq!(verdict["valid"], true, "{verdict}");
    served.child.kill().unwrap();
    served.child.wait().unwrap();
    binary_ok(&["fsck", &format!("sqlite://{}", db.display())]).await;
}

#[tokio::test]
async fn the_hash_command_recomputes_an_erasable_record_from_its_salt_and_an_erased_one_from_its_commitment(
) {
    let app = TestApp::spawn().await;
    let record = app
        .append(&erasable("h", "to be erased", json!({"k": [1, 2]})))
        .await;
    let answer: Value = erase(
        &app.url(""),
        record["id"].as_str().unwrap(),
        None,
        &json!({"reason": "r"}),
    )
    .await
    .json()
    .await
    .unwrap();
    let input = format!("{record}\n{}\n", answer["record"]);
    let (ok, out, err) = crate::support::run_with_stdin(&["hash"], input.as_bytes());
    assert!(ok, "{err}");
    let hash = record["hash"].as_str().unwrap();
    assert_eq!(out, format!("{hash}\n{hash}\n"));
    // A salt that does not open the commitment is named.
    let mut forged = record.clone();
    forged["content"] = json!("something else");
    let (ok, _, err) = crate::support::run_with_stdin(&["hash"], forged.to_string().as_bytes());
    assert!(!ok);
    assert!(err.contains("content_commitment"), "{err}");
}

#[tokio::test]
async fn on_an_open_service_every_bad_field_of_an_erasure_is_named_at_once() {
    let app = TestApp::spawn().await;
    let r = app.append(&erasable("t", "x", json!({}))).await;
    let p = assert_problem(
        erase(
            &app.url(""),
            r["id"].as_str().unwrap(),
            None,
            &json!({"reason": " ", "agent_id": "a\u{7}b"}),
        )
        .await,
        400,
        "invalid_params",
    )
    .await;
    let mut fields = problem_fields(&p);
    fields.sort();
    assert_eq!(fields, ["agent_id", "reason"]);
    // Nothing was erased, nothing appended.
    let (_, now) = app
        .get_json(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
        .await;
    assert_eq!(now["content"], "x");
    assert_eq!(crate::support::chain_length(&app, "t").await, 1);
}

#[tokio::test]
async fn the_database_refuses_any_other_rewrite_and_an_erasure_behind_the_service_s_back_breaks_the_walk(
) {
    if sqlite_only("edits the SQLite file directly") {
        return;
    }
    let app = TestApp::spawn().await;
    let kept = app.append(&erasable("t", "kept", json!({"k": 1}))).await;
    let other = app.append(&erasable("t", "other", json!(null))).await;
    let url = app.database_url.clone();
    let at = |r: &Value| r["log_index"].as_i64().unwrap();
    let execute = |sql: String| {
        let url = url.clone();
        async move { crate::support::execute(&url, &sql).await }
    };
    // An erasure written by hand, with no decision saying so.
    let quiet_erasure = format!(
        "UPDATE thoughts SET content = '', metadata = NULL, salt = NULL, erased_at = '{}', \
         erased_by = 'mallory', erased_reason = 'quietly' WHERE log_index = {}",
        kept["timestamp"].as_str().unwrap(),
        at(&kept)
    );
    // Any rewrite of an erasable record but its erasure is refused, and an
    // erasure without the decision that says so too.
    for sql in [
        format!(
            "UPDATE thoughts SET content = 'forged' WHERE log_index = {}",
            at(&kept)
        ),
        format!(
            "UPDATE thoughts SET content_commitment = zeroblob(32) WHERE log_index = {}",
            at(&kept)
        ),
        quiet_erasure.clone(),
    ] {
        let refused = execute(sql.clone()).await;
        assert!(
            refused.as_ref().is_err_and(|e| e.contains("append-only")),
            "{sql}: {refused:?}"
        );
    }
    // Once erased, it cannot be given content back.
    let answer = erase(
        &app.url(""),
        other["id"].as_str().unwrap(),
        None,
        &json!({"reason": "r"}),
    )
    .await;
    assert_eq!(answer.status(), 200);
    let refused = execute(format!(
        "UPDATE thoughts SET content = 'other', erased_at = NULL WHERE log_index = {}",
        at(&other)
    ))
    .await;
    assert!(refused.is_err(), "{refused:?}");
    // An insider who drops the trigger and erases without a record of it:
    // the chain walk and fsck name the record.
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    sqlx::query("DROP TRIGGER thoughts_no_update")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(&quiet_erasure)
        .execute(&mut conn)
        .await
        .unwrap();
    crate::support::restore_trigger(&mut conn, "thoughts_no_update").await;
    let (_, verdict) = app.get_json("/tasks/t/verify").await;
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert_eq!(verdict["reason"], "erasure_unrecorded");
    assert_eq!(verdict["broken_at"], kept["id"]);
    // The task's export checked offline names it too: an erased record no
    // erasure record of the file names is never shown whole (exit status 3;
    // the file cannot tell it from an erasure past its tree size).
    let dir = tempfile::tempdir().unwrap();
    let (export, key) = (dir.path().join("t.ndjson"), dir.path().join("log.vkey"));
    std::fs::write(
        &export,
        app.get("/tasks/t/export").await.text().await.unwrap(),
    )
    .unwrap();
    std::fs::write(&key, app.get("/log/key").await.text().await.unwrap().trim()).unwrap();
    let (status, out, err) = crate::support::run_binary_status(vec![
        "verify".into(),
        export.display().to_string(),
        "--key".into(),
        key.display().to_string(),
    ])
    .await;
    assert_eq!(status, Some(3), "{out}{err}");
    assert!(
        out.contains("no erasure record in this file names it")
            && out.contains(kept["id"].as_str().unwrap())
            && !out.contains("the whole chain,"),
        "{out}{err}"
    );
    let _kept = app.stop().await;
    let (ok, out, err) = run_binary(vec!["fsck".into(), url.clone()]).await;
    assert!(
        !ok && format!("{out}{err}").contains("erasure_unrecorded"),
        "{out}{err}"
    );
}

#[tokio::test]
async fn an_erasure_whose_reason_was_edited_is_not_the_erasure_its_record_states() {
    if sqlite_only("edits the SQLite file directly") {
        return;
    }
    let app = TestApp::spawn().await;
    let record = app.append(&erasable("t", "secret", json!({"k": 1}))).await;
    let id = record["id"].as_str().unwrap();
    let answer = erase(
        &app.url(""),
        id,
        None,
        &json!({"reason": "GDPR Art. 17 request"}),
    )
    .await;
    assert_eq!(answer.status(), 200);
    let dir = tempfile::tempdir().unwrap();
    let (export, key) = (dir.path().join("t.ndjson"), dir.path().join("log.vkey"));
    std::fs::write(&key, app.get("/log/key").await.text().await.unwrap().trim()).unwrap();
    let verify = |file: std::path::PathBuf, key: std::path::PathBuf| async move {
        run_binary(vec![
            "verify".into(),
            file.display().to_string(),
            "--key".into(),
            key.display().to_string(),
        ])
        .await
    };
    std::fs::write(
        &export,
        app.get("/tasks/t/export").await.text().await.unwrap(),
    )
    .unwrap();
    let (ok, out, err) = verify(export.clone(), key.clone()).await;
    assert!(ok, "an honest erasure verifies: {out}{err}");
    // Its reason (not hashed) rewritten by an insider: no erasure record says so.
    let url = app.database_url.clone();
    let mut conn = <sqlx::SqliteConnection as sqlx::Connection>::connect(&url)
        .await
        .unwrap();
    sqlx::query("DROP TRIGGER thoughts_no_update")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query(
        "UPDATE thoughts SET erased_reason = 'routine cleanup' WHERE erased_at IS NOT NULL",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    crate::support::restore_trigger(&mut conn, "thoughts_no_update").await;
    drop(conn);
    // Read back past the record cache: a restart.
    let (path, keep) = app.stop().await;
    let app = TestApp::builder().database(path, keep).spawn().await;
    std::fs::write(
        &export,
        app.get("/tasks/t/export").await.text().await.unwrap(),
    )
    .unwrap();
    let (ok, out, err) = verify(export.clone(), key.clone()).await;
    assert!(!ok, "{out}{err}");
    assert!(
        err.contains("erasure_unrecorded") && err.contains("routine cleanup"),
        "{err}"
    );
    // The service's own walk of the chain says so, naming the record.
    let (_, verdict) = app.get_json("/tasks/t/verify").await;
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert_eq!(verdict["reason"], "erasure_unrecorded", "{verdict}");
    assert_eq!(verdict["broken_at"], id, "{verdict}");
    assert!(verdict.to_string().contains("routine cleanup"), "{verdict}");
    let _kept = app.stop().await;
    let (ok, out, err) = run_binary(vec!["fsck".into(), url]).await;
    assert!(
        !ok && format!("{out}{err}").contains("routine cleanup"),
        "{out}{err}"
    );
}

#[tokio::test]
async fn a_receipt_s_record_with_its_content_changed_does_not_verify_though_its_hash_does() {
    let app = TestApp::spawn().await;
    let record = app
        .append(&erasable("p", "the real content", json!({"a": 1})))
        .await;
    let id = record["id"].as_str().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("log.vkey");
    std::fs::write(&key, app.get("/log/key").await.text().await.unwrap().trim()).unwrap();
    let proof = app
        .client
        .get(app.url(&format!("/thoughts/{id}/receipt")))
        .header("accept", "application/x.tlog-proof")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let proof_file = dir.path().join("r.tlog-proof");
    std::fs::write(&proof_file, proof).unwrap();
    let mut forged = record.clone();
    forged["content"] = json!("a forged content");
    for (r, ok) in [(&record, true), (&forged, false)] {
        let file = dir.path().join("record.json");
        std::fs::write(&file, r.to_string()).unwrap();
        let (passed, out, err) = run_binary(
            [
                "verify",
                &proof_file.display().to_string(),
                "--key",
                &key.display().to_string(),
                "--record",
                &file.display().to_string(),
            ]
            .iter()
            .map(|s| s.to_string())
            .collect(),
        )
        .await;
        assert_eq!(passed, ok, "{out}{err}");
        if !ok {
            assert!(
                err.contains("content_commitment") || err.contains("opens"),
                "{err}"
            );
        }
    }
}

#[tokio::test]
async fn no_client_writes_a_record_that_reads_as_an_erasure() {
    let app = TestApp::spawn().await;
    let look_alike = json!({"type": "decision", "task_id": "crm", "agent_id": "w",
        "content": "Erased the content of record x: GDPR Art. 17 request",
        "metadata": {"erasure": {"record": "x", "reason": "GDPR Art. 17 request"}}});
    // A single append, named with its other bad fields.
    let mut bad = look_alike.clone();
    bad["type"] = json!("idea");
    let p = assert_problem(app.post(&bad).await, 400, "invalid_params").await;
    let mut fields = problem_fields(&p);
    fields.sort();
    assert_eq!(fields, ["metadata.erasure", "type"], "{p}");
    // A batch: refused whole, the item named.
    let batch = reqwest::Client::new()
        .post(app.url("/thoughts/batch"))
        .json(&json!({"records": [
            {"type": "plan", "task_id": "crm", "agent_id": "w", "content": "fine"},
            look_alike
        ]}))
        .send()
        .await
        .unwrap();
    let p = assert_problem(batch, 400, "invalid_params").await;
    assert_eq!(problem_fields(&p), ["records[1].metadata.erasure"], "{p}");
    // Over MCP, the same refusal, naming the argument.
    let answer: Value = reqwest::Client::new()
        .post(app.url("/mcp"))
        .header("accept", "application/json, text/event-stream")
        .json(
            &json!({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {
            "name": "thought_record", "arguments": look_alike}}),
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let error = &answer["result"]["structuredContent"]["error"];
    assert_eq!(answer["result"]["isError"], true, "{answer}");
    assert!(error.to_string().contains("metadata.erasure"), "{answer}");
    // Nothing was written, and a key merely named so inside is no statement.
    assert_eq!(crate::support::count_records(&app).await, 0);
    app.append(&json!({"type": "plan", "task_id": "crm", "agent_id": "w",
        "content": "ok", "metadata": {"note": {"erasure": "is a word"}}}))
        .await;
}

/// The index's file counts the erased records whose rows it took out or
/// wrote empty. A start that finds the database holding more (an erasure
/// committed just before a crash, whose words the indexer never took out)
/// builds the index again from the records, which hold no erased words.
#[tokio::test]
async fn an_erasure_the_index_never_took_out_has_the_index_built_again_at_start() {
    if sqlite_only("edits the search index's own SQLite file") {
        return;
    }
    let app = TestApp::spawn().await;
    let r = app
        .append(&erasable("secrets", "the word marsupial", json!({})))
        .await;
    app.append(&new_record("plan", "t", "a", "kept marsupial words"))
        .await;
    let (_, hits) = app.get_json("/search?q=marsupial&fresh=true").await;
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(2), "{hits}");
    let id = r["id"].as_str().unwrap();
    assert_eq!(
        erase(&app.url(""), id, None, &json!({"reason": "test"}))
            .await
            .status(),
        200
    );
    let (_, hits) = app.get_json("/search?q=marsupial&fresh=true").await;
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(1), "{hits}");
    let index = crate::support::index_url(&app.database_url);
    let (path, dir) = app.stop().await;
    // As if the erasure's turn had never reached the index.
    crate::support::execute(&index, "UPDATE search_progress SET erased = 0")
        .await
        .unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let (status, hits) = app.get_json("/search?q=marsupial&fresh=true").await;
    assert_eq!(status, 200, "{hits}");
    assert_eq!(hits["hits"].as_array().map(Vec::len), Some(1), "{hits}");
    // Built again from the first record: the erased one indexed empty, and
    // counted.
    let (erased, indexed): (i64, i64) = {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&index).await.unwrap();
        sqlx::query_as("SELECT erased, indexed_size FROM search_progress")
            .fetch_one(&mut conn)
            .await
            .unwrap()
    };
    assert_eq!(erased, 1);
    assert!(indexed >= 3, "{indexed}");
}
