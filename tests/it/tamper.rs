//! An insider with write access to the database file, the service stopped and
//! then restarted: every way found to rewrite history, and where it is caught
//! (docs/design.md §2): the start refuses, or the chain walk, `fsck` and the
//! whole-log monitor fail, naming the record or the log index.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use decision_trail::store::{Store, StoreConfig};
use serde_json::Value;
use sqlx::Connection;

use crate::support::{
    assert_problem, oracle_hash, problem_fields, restore_trigger, run_binary, thought, TestApp,
};

fn url_of(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// Stops the service and opens its file as the insider does.
async fn stopped(
    app: TestApp,
) -> (
    PathBuf,
    Option<Arc<tempfile::TempDir>>,
    sqlx::SqliteConnection,
) {
    let (path, dir) = app.stop().await;
    let conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    (path, dir, conn)
}

async fn exec(conn: &mut sqlx::SqliteConnection, sql: &str) {
    sqlx::query(sql).execute(&mut *conn).await.unwrap();
}

/// Why the store refuses to open the database at `path`.
async fn refusal(path: &Path) -> String {
    let config = StoreConfig {
        database_url: url_of(path),
        ..StoreConfig::default()
    };
    match Store::open(&config).await {
        Ok(store) => {
            store.close().await;
            panic!("the altered database was accepted")
        }
        Err(e) => e.to_string(),
    }
}

/// Drops triggers, runs the edits, and restores the triggers (the service
/// refuses to start without them, so a careful insider puts them back).
async fn edit(conn: &mut sqlx::SqliteConnection, triggers: &[&str], edits: &[&str]) {
    for t in triggers {
        exec(conn, &format!("DROP TRIGGER {t}")).await;
    }
    for sql in edits {
        exec(conn, sql).await;
    }
    for t in triggers {
        restore_trigger(conn, t).await;
    }
}

/// Appends `n` records to each of `tasks`, interleaved; returns them in log order.
async fn records(app: &TestApp, tasks: &[&str], n: usize) -> Vec<Value> {
    let mut all = Vec::new();
    for i in 0..n {
        for t in tasks {
            all.push(
                app.append(&thought("plan", t, "a", &format!("{t} {i}")))
                    .await,
            );
        }
    }
    all
}

// 1. The service never signs a forged history.

#[tokio::test]
async fn a_forged_history_with_the_log_emptied_is_refused_not_signed_again() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 3).await;
    let (path, _dir, mut conn) = stopped(app).await;
    let mut forged = all[4].clone();
    forged["content"] = "forged".into();
    let hash = oracle_hash(&forged);
    edit(
        &mut conn,
        &[
            "thoughts_no_update",
            "log_hashes_no_delete",
            "checkpoints_no_delete",
        ],
        &[
            &format!(
                "UPDATE thoughts SET content = 'forged', hash = '{hash}' WHERE id = '{}'",
                forged["id"].as_str().unwrap()
            ),
            &format!("UPDATE tasks SET head_hash = '{hash}' WHERE task_id = 't'"),
            "DELETE FROM log_hashes",
            "DELETE FROM checkpoints",
        ],
    )
    .await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("no checkpoint was ever signed"), "{e}");
    assert!(e.contains("refusing to start"), "{e}");
}

#[tokio::test]
async fn a_log_emptied_whole_is_caught_by_the_checkpoint_copy() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    records(&app, &["t"], 4).await;
    let (path, _dir, mut conn) = stopped(app).await;
    edit(
        &mut conn,
        &[
            "thoughts_no_delete",
            "log_hashes_no_delete",
            "checkpoints_no_delete",
        ],
        &[
            "DELETE FROM idempotency",
            "DELETE FROM thoughts",
            "DELETE FROM tasks",
            "DELETE FROM log_hashes",
            "DELETE FROM checkpoints",
        ],
    )
    .await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("checkpoint copy"), "{e}");
    assert!(e.contains("4 records, the database only 0"), "{e}");
}

#[tokio::test]
async fn an_older_copy_of_the_database_is_refused() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    records(&app, &["t"], 3).await;
    let (path, dir) = app.stop().await;
    let backup = path.with_extension("backup");
    std::fs::copy(&path, &backup).unwrap();
    let app = TestApp::builder().database(path.clone(), dir).spawn().await;
    records(&app, &["t"], 2).await;
    let (path, _dir) = app.stop().await;
    std::fs::copy(&backup, &path).unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("5 records, the database only 3"), "{e}");
}

// 2. A chain's tail deleted (not the log's last leaf) is a gap in the log.

#[tokio::test]
async fn a_deleted_chain_tail_is_a_log_gap_at_start() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 2).await;
    // t's last record is log_index 2; the log's last leaf is u's, 3.
    assert_eq!(all[2]["log_index"], 2);
    let (path, _dir, mut conn) = stopped(app).await;
    edit(
        &mut conn,
        &["thoughts_no_delete"],
        &[
            "DELETE FROM thoughts WHERE log_index = 2",
            &format!(
                "UPDATE tasks SET length = 1, head_hash = '{}' WHERE task_id = 't'",
                all[0]["hash"].as_str().unwrap()
            ),
        ],
    )
    .await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("log_index 2 has no record"), "{e}");
}

// 3. Who wrote a record is anchored in the log.

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

#[tokio::test]
async fn an_edited_agent_id_on_the_last_leaf_is_refused_at_start() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t"], 3).await;
    let (path, _dir, mut conn) = stopped(app).await;
    edit(
        &mut conn,
        &["thoughts_no_update"],
        &[&format!(
            "UPDATE thoughts SET agent_id = 'x' WHERE id = '{}'",
            all[2]["id"].as_str().unwrap()
        )],
    )
    .await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("the leaf at log_index 2"), "{e}");
}

// 4. The chain walk consults the log and the clock.

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
            "UPDATE thoughts SET content = '{}', prev_hash = '{prev}', hash = '{hash}' WHERE id = '{}'",
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
            "UPDATE thoughts SET timestamp = '2000-01-01T00:00:00.000Z', hash = '{hash}' WHERE id = '{}'",
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

// 5. The monitor handles a log that was empty at its first run.

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

// 6. The triggers the guarantees rest on.

#[tokio::test]
async fn a_database_without_its_triggers_is_refused_naming_them() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    records(&app, &["t"], 1).await;
    let (path, _dir, mut conn) = stopped(app).await;
    exec(&mut conn, "DROP TRIGGER thoughts_no_update").await;
    exec(&mut conn, "DROP TRIGGER log_hashes_no_delete").await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(
        e.contains("lacks the triggers log_hashes_no_delete, thoughts_no_update"),
        "{e}"
    );
}

// 7. Readiness means an append can commit now.

#[tokio::test]
async fn readyz_fails_while_the_disk_has_no_room() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::builder()
        .config(|c| c.min_free_bytes = u64::MAX)
        .spawn()
        .await;
    let p = assert_problem(app.get("/readyz").await, 503, "unavailable").await;
    assert!(p["detail"].as_str().unwrap().contains("bytes free"), "{p}");
    assert_eq!(app.get("/healthz").await.status(), 200);
    let ready = TestApp::spawn().await;
    assert_eq!(ready.get("/readyz").await.status(), 200);
}

// 8. Identifiers that look alike or resolve away, and the Host header.

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
            app.post(&thought("plan", id, id, "x")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&p), ["task_id", "agent_id"], "{id:?}");
    }
    // Ordinary non-ASCII ids are fine.
    app.append(&thought("plan", "décision-α", "代理", "x"))
        .await;
    let (_, page) = app.get_json("/thoughts").await;
    assert_eq!(page["records"].as_array().unwrap().len(), 1);
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

// The deliberate way out: a new log, never the old one signed again.

#[tokio::test]
async fn a_first_format_log_starts_a_new_log_only_by_rebuild() {
    if crate::support::sqlite_only("edits the SQLite file with the service stopped") {
        return;
    }
    let app = TestApp::spawn().await;
    let all = records(&app, &["t", "u"], 2).await;
    let (path, _dir, mut conn) = stopped(app).await;
    // What a database from before attributed leaves looks like.
    edit(
        &mut conn,
        &["log_format_no_update"],
        &["UPDATE log_format SET leaf = 'raw'"],
    )
    .await;
    conn.close().await.unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("log rebuild"), "{e}");
    let rebuild = |origin: &str| {
        vec![
            "log".to_string(),
            "rebuild".into(),
            "--database-url".into(),
            url_of(&path),
            "--origin".into(),
            origin.into(),
        ]
    };
    let (ok, _, err) = run_binary(rebuild("localhost/decision-trail")).await;
    assert!(!ok);
    assert!(err.contains("needs a new origin"), "{err}");
    let (ok, out, err) = run_binary(rebuild("example.com/trail-2")).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("new log `example.com/trail-2` of 4 records"),
        "{out}"
    );
    let config = StoreConfig {
        database_url: url_of(&path),
        origin: "example.com/trail-2".into(),
        ..StoreConfig::default()
    };
    let store = Store::open(&config).await.unwrap();
    let latest = store.own_checkpoint();
    assert_eq!(latest.tree_size, 4);
    assert!(latest.note.starts_with("example.com/trail-2\n4\n"));
    assert_eq!(
        hex::encode(latest.root.0),
        crate::support::oracle_log_root(&all)
    );
    store.close().await;
    // The old checkpoints are kept, and the old log is never signed again.
    let mut conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    let (retired,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM retired_checkpoints")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(retired >= 2, "{retired}");
    let (ok, out, _) = run_binary(vec!["fsck".into(), url_of(&path)]).await;
    assert!(ok, "{out}");
    assert!(out.contains("ok: 4 records in 2 tasks"), "{out}");
    assert!(
        out.contains("signed by the log `example.com/trail-2`"),
        "{out}"
    );
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
    let root = app.append(&thought("plan", "t", "a", "root")).await;
    let mut body = thought("analysis", "t", "a", "child");
    body["parent_id"] = root["id"].clone();
    let child = app.append(&body).await;
    let other = app.append(&thought("plan", "u", "a", "elsewhere")).await;
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
                "UPDATE thoughts SET hash = '{hash}' WHERE id = '{}'",
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

/// A long copy is read from its last 64 KiB, which may begin inside a line
/// and inside a character (each note holds an em dash): the service still
/// starts, whatever byte the tail begins at.
#[tokio::test]
async fn a_long_checkpoint_copy_is_read_from_any_byte() {
    let app = TestApp::spawn().await;
    records(&app, &["t"], 3).await;
    let (path, dir) = app.stop().await;
    let copy = path.parent().unwrap().join("checkpoints.ndjson");
    let original = std::fs::read(&copy).unwrap();
    for shift in 0..3 {
        // Filler lines of em dashes in front: the 64 KiB tail starts inside
        // one of them, at each of its three bytes in turn.
        let mut bytes = format!("{}{}\n", "—".repeat(30_000), "x".repeat(shift)).into_bytes();
        bytes.extend(&original);
        std::fs::write(&copy, &bytes).unwrap();
        let app = TestApp::builder()
            .database(path.clone(), dir.clone())
            .spawn()
            .await;
        let (status, _) = app.get_json("/tasks/t/verify").await;
        assert_eq!(status, 200);
        app.stop().await;
    }
}

/// A copy whose last 64 KiB hold no whole line (junk appended) is refused,
/// not skipped.
#[tokio::test]
async fn a_checkpoint_copy_ending_in_junk_is_refused() {
    let app = TestApp::spawn().await;
    records(&app, &["t"], 2).await;
    let (path, _dir) = app.stop().await;
    let copy = path.parent().unwrap().join("checkpoints.ndjson");
    let mut bytes = std::fs::read(&copy).unwrap();
    bytes.extend("x".repeat(70_000).into_bytes());
    std::fs::write(&copy, &bytes).unwrap();
    let e = refusal(&path).await;
    assert!(e.contains("hold no whole line"), "{e}");
}
