//! Edits the chain walk, `fsck` and the whole-log monitor catch, naming the
//! record or the log index.

use serde_json::Value;
use sqlx::Connection;

use super::{edit, exec, records, stopped, url_of};
use crate::support::{new_record, oracle_hash, run_binary, TestApp};

// Who wrote a record is anchored in the log.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_agent_id_fails_the_walk_fsck_and_the_monitor() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 3).await;
    let victim = &all[2]; // t, seq 1, log_index 2: not the last leaf
    let (path, dir, mut conn) = stopped(app).await;
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[&format!(
            "UPDATE thoughts SET agent_id = 'someone-else' WHERE id = '{}'",
            victim["id"].as_str().unwrap()
        )],
    )
    .await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path.clone(), dir).spawn().await;
    let (_, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(
        (
            v["valid"].clone(),
            v["reason"].clone(),
            v["broken_at"].clone()
        ),
        (false.into(), "not_in_log".into(), victim["id"].clone())
    );
    let (ok, out, _) = run_binary(vec!["fsck".into(), url_of(&path)]).await;
    assert!(!ok);
    assert!(out.contains("log_index 2"), "{out}");
    let state = path.with_extension("state.json");
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        "--url".into(),
        format!("http://{}", app.addr),
        "--state".into(),
        state.display().to_string(),
    ])
    .await;
    assert!(!ok);
    assert!(err.contains("not the signed root"), "{err}");
}

// The chain walk consults the log and the clock.

#[tokio::test]
async fn a_chain_rewritten_with_recomputed_hashes_is_not_in_the_log() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 3).await;
    let chain: Vec<&Value> = all.iter().filter(|r| r["task_id"] == "t").collect();
    let (path, dir, mut conn) = stopped(app).await;
    // Every record of t rewritten, every hash and link recomputed: a chain that
    // walks on its own.
    let mut prev = "0".repeat(64);
    let mut edits = Vec::new();
    for r in &chain {
        let mut f = (*r).clone();
        f["content"] = format!("rewritten {}", r["seq"]).into();
        f["prev_hash"] = prev.clone().into();
        let hash = oracle_hash(&f);
        edits.push(format!(
            "UPDATE thoughts SET content = '{}', prev_hash = X'{prev}', hash = X'{hash}' WHERE id = '{}'",
            f["content"].as_str().unwrap(),
            r["id"].as_str().unwrap()
        ));
        prev = hash;
    }
    edits.push(format!(
        "UPDATE tasks SET head_hash = '{prev}' WHERE task_id = 't'"
    ));
    let edits: Vec<&str> = edits.iter().map(String::as_str).collect();
    edit(&mut conn, &["thoughts_no_update"], &edits).await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let (_, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(
        (
            v["reason"].clone(),
            v["broken_at"].clone(),
            v["seq"].clone()
        ),
        ("not_in_log".into(), chain[0]["id"].clone(), 0.into())
    );
}

#[tokio::test]
async fn a_timestamp_that_goes_backwards_breaks_the_walk() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 3).await;
    let last_of_t = &all[4];
    let (path, dir, mut conn) = stopped(app).await;
    let mut f = last_of_t.clone();
    f["timestamp"] = "2000-01-01T00:00:00.000Z".into();
    let hash = oracle_hash(&f);
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[&format!(
            "UPDATE thoughts SET timestamp = '2000-01-01T00:00:00.000Z', hash = X'{hash}' WHERE id = '{}'",
            last_of_t["id"].as_str().unwrap()
        )],
    )
    .await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let (_, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(
        (v["reason"].clone(), v["broken_at"].clone()),
        ("timestamp_backwards".into(), last_of_t["id"].clone())
    );
    assert_eq!(v["actual"], "2000-01-01T00:00:00.000Z");
}

/// A row moved out of the chain's order (its seq set below 0, the CHECK
/// switched off) is still read by the walk, which reports it: the walk reads
/// every row of the task, whatever its seq.
#[tokio::test]
async fn a_record_moved_to_a_negative_seq_breaks_the_walk() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 3).await;
    let last_of_t = &all[4];
    let (path, dir, mut conn) = stopped(app).await;
    exec(&mut conn, "PRAGMA ignore_check_constraints = ON").await;
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[&format!(
            "UPDATE thoughts SET seq = -1 WHERE id = '{}'",
            last_of_t["id"].as_str().unwrap()
        )],
    )
    .await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let (status, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["valid"], false, "{v}");
}

/// A `parent_id` edited in the file is reported at its record: as a hash
/// mismatch when only the parent changed, as `parent_invalid` when the hash
/// was recomputed too (the walk checks the hash first). The export verifier
/// reports it the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_parent_id_breaks_the_walk_at_its_record() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let root = app.append(&new_record("plan", "t", "a", "root")).await;
    let mut body = new_record("analysis", "t", "a", "child");
    body["parent_id"] = root["id"].clone();
    let child = app.append(&body).await;
    let other = app.append(&new_record("plan", "u", "a", "elsewhere")).await;
    let (path, dir, mut conn) = stopped(app).await;
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[&format!(
            "UPDATE thoughts SET parent_id = '{}' WHERE id = '{}'",
            other["id"].as_str().unwrap(),
            child["id"].as_str().unwrap()
        )],
    )
    .await;
    conn.close().await.unwrap();
    let app = TestApp::builder()
        .database(path.clone(), dir.clone())
        .spawn()
        .await;
    let (_, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(
        (v["reason"].clone(), v["broken_at"].clone()),
        ("hash_mismatch".into(), child["id"].clone())
    );
    // The export verifier meets the same record.
    let dir2 = tempfile::tempdir().unwrap();
    let export = dir2.path().join("t.ndjson");
    std::fs::write(
        &export,
        app.get("/tasks/t/export").await.bytes().await.unwrap(),
    )
    .unwrap();
    let (ok, _, err) = run_binary(vec!["verify".into(), export.display().to_string()]).await;
    assert!(!ok);
    assert!(
        err.contains("hash_mismatch") && err.contains(child["id"].as_str().unwrap()),
        "{err}"
    );

    // With the hash recomputed as well (and the next link), the walk names
    // the bad parent.
    let (path, dir, mut conn) = stopped(app).await;
    let mut f = child.clone();
    f["parent_id"] = other["id"].clone();
    let hash = oracle_hash(&f);
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[
            &format!(
                "UPDATE thoughts SET hash = X'{hash}' WHERE id = '{}'",
                child["id"].as_str().unwrap()
            ),
            &format!("UPDATE tasks SET head_hash = '{hash}' WHERE task_id = 't'"),
        ],
    )
    .await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path, dir).spawn().await;
    let (_, v) = app.get_json("/tasks/t/verify").await;
    assert_eq!(
        (
            v["reason"].clone(),
            v["broken_at"].clone(),
            v["seq"].clone()
        ),
        ("parent_invalid".into(), child["id"].clone(), 1.into())
    );
}

// The monitor handles a log that was empty at its first run.

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_monitor_starts_from_an_empty_log_and_audits_what_is_new() {
    let app = TestApp::spawn().await;
    let dir = tempfile::tempdir().unwrap();
    let state = dir.path().join("state.json").display().to_string();
    let args = vec![
        "verify".to_string(),
        "--url".into(),
        format!("http://{}", app.addr),
        "--state".into(),
        state,
    ];
    let (ok, out, err) = run_binary(args.clone()).await;
    assert!(ok, "{err}");
    assert!(out.contains("of 0 records"), "{out}");
    records(&app, &["t", "u"], 5).await;
    let (ok, out, err) = run_binary(args).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("consistent with the checkpoint of 0 records"),
        "{out}"
    );
    assert!(
        out.contains("10 records audited this run (10 in all, 2 tasks)"),
        "{out}"
    );
}
