//! Chain verification with the SQLite file tampered the way an attacker with
//! file access would, and the checks the service makes of its own log at
//! start.

use serde_json::Value;
use sqlx::Connection;

use super::seed;
use crate::support::{assert_problem, new_record, TestApp};

async fn open_db(app: &TestApp) -> sqlx::SqliteConnection {
    let url = format!("sqlite://{}", app.db_path.display());
    sqlx::SqliteConnection::connect(&url).await.unwrap()
}

async fn exec(conn: &mut sqlx::SqliteConnection, sql: &str) {
    sqlx::query(sql).execute(&mut *conn).await.unwrap();
}

// --- chain verification and tampering ----------------------------------------

async fn verdict(app: &TestApp, task: &str) -> Value {
    let (status, v) = app.get_json(&format!("/tasks/{task}/verify")).await;
    assert_eq!(status, 200, "{v}");
    v
}

/// The reason and seq of the first break the walk of `task` reports.
async fn first_break(app: &TestApp, task: &str) -> (Value, Value) {
    let v = verdict(app, task).await;
    (v["reason"].clone(), v["seq"].clone())
}

/// Six records in task `t`, then the server stopped, its triggers dropped.
async fn tamper_setup() -> (TestApp, Vec<Value>) {
    let app = TestApp::spawn().await;
    let mut chain = Vec::new();
    for i in 0..6 {
        chain.push(
            app.append(&new_record("plan", "t", "a", &format!("content {i}")))
                .await,
        );
        app.append(&new_record("plan", "other", "a", "noise")).await;
    }
    let v = verdict(&app, "t").await;
    assert_eq!(
        v,
        serde_json::json!({"valid": true, "length": 6, "head_hash": chain[5]["hash"], "tree_size": 12})
    );
    let mut conn = open_db(&app).await;
    exec(&mut conn, "DROP TRIGGER thoughts_no_update").await;
    exec(&mut conn, "DROP TRIGGER thoughts_no_delete").await;
    conn.close().await.unwrap();
    (app, chain)
}

#[tokio::test]
async fn an_edited_content_is_a_hash_mismatch_at_that_record() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let (app, chain) = tamper_setup().await;
    let mut conn = open_db(&app).await;
    exec(
        &mut conn,
        "UPDATE thoughts SET content = 'forged' WHERE task_id = 't' AND seq = 3",
    )
    .await;
    let v = verdict(&app, "t").await;
    assert_eq!(v["valid"], false);
    assert_eq!(v["broken_at"], chain[3]["id"]);
    assert_eq!(v["seq"], 3);
    assert_eq!(v["reason"], "hash_mismatch");
    assert_eq!(v["actual"], chain[3]["hash"], "the stored hash");
    assert_ne!(v["expected"], chain[3]["hash"]);
    assert_eq!(
        verdict(&app, "other").await["valid"],
        true,
        "other chains are untouched"
    );
}

#[tokio::test]
async fn a_deleted_record_is_a_seq_gap_at_the_next_one() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let (app, chain) = tamper_setup().await;
    let mut conn = open_db(&app).await;
    exec(
        &mut conn,
        "DELETE FROM thoughts WHERE task_id = 't' AND seq = 2",
    )
    .await;
    let v = verdict(&app, "t").await;
    assert_eq!(
        (
            v["broken_at"].clone(),
            v["seq"].clone(),
            v["reason"].clone()
        ),
        (chain[3]["id"].clone(), 3.into(), "seq_gap".into())
    );
    assert_eq!(
        (v["expected"].clone(), v["actual"].clone()),
        ("2".into(), "3".into())
    );
}

#[tokio::test]
async fn a_deleted_first_record_is_a_seq_gap_at_the_new_first() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let (app, chain) = tamper_setup().await;
    let mut conn = open_db(&app).await;
    exec(
        &mut conn,
        "DELETE FROM thoughts WHERE task_id = 't' AND seq = 0",
    )
    .await;
    let v = verdict(&app, "t").await;
    assert_eq!(
        (v["broken_at"].clone(), v["reason"].clone()),
        (chain[1]["id"].clone(), "seq_gap".into())
    );
}

#[tokio::test]
async fn swapped_contents_break_at_the_first_swapped_record() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let (app, chain) = tamper_setup().await;
    let mut conn = open_db(&app).await;
    exec(&mut conn, "UPDATE thoughts SET content = CASE seq WHEN 1 THEN 'content 4' ELSE 'content 1' END WHERE task_id = 't' AND seq IN (1, 4)").await;
    let v = verdict(&app, "t").await;
    assert_eq!(
        (v["broken_at"].clone(), v["reason"].clone()),
        (chain[1]["id"].clone(), "hash_mismatch".into())
    );
}

#[tokio::test]
async fn a_recomputed_hash_is_caught_at_that_record_by_the_log() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    // The attacker edits a record and recomputes its hash. The next record still
    // links to the old hash, but the walk meets the record's leaf first: it is
    // not the one the log signed.
    let (app, chain) = tamper_setup().await;
    let mut forged = chain[2].clone();
    forged["content"] = "forged".into();
    let new_hash = crate::support::oracle_hash(&forged);
    let mut conn = open_db(&app).await;
    sqlx::query("UPDATE thoughts SET content = 'forged', hash = ? WHERE task_id = 't' AND seq = 2")
        .bind(hex::decode(&new_hash).unwrap())
        .execute(&mut conn)
        .await
        .unwrap();
    let v = verdict(&app, "t").await;
    assert_eq!(
        (
            v["broken_at"].clone(),
            v["reason"].clone(),
            v["seq"].clone()
        ),
        (chain[2]["id"].clone(), "not_in_log".into(), 2.into())
    );
    assert!(v["actual"].as_str().unwrap().contains("log_index"), "{v}");
}

#[tokio::test]
async fn verifying_an_unknown_task_is_a_404() {
    let app = TestApp::spawn().await;
    assert_problem(app.get("/tasks/nobody/verify").await, 404, "not_found").await;
}

// --- the log's own integrity at start ----------------------------------------

#[tokio::test]
async fn an_altered_log_hash_stops_the_service_from_starting() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let app = TestApp::spawn().await;
    seed(&app, 5).await;
    let (path, dir) = app.stop().await;
    let url = format!("sqlite://{}", path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    exec(&mut conn, "DROP TRIGGER log_hashes_no_update").await;
    exec(
        &mut conn,
        "UPDATE log_hashes SET hash = zeroblob(32) WHERE idx = (SELECT MAX(idx) FROM log_hashes)",
    )
    .await;
    crate::support::restore_trigger(&mut conn, "log_hashes_no_update").await;
    conn.close().await.unwrap();
    let config = decision_trail::store::StoreConfig {
        database_url: url,
        ..Default::default()
    };
    let e = decision_trail::store::Store::open(&config)
        .await
        .err()
        .expect("refused");
    assert!(
        e.to_string()
            .contains("does not match its last signed checkpoint"),
        "{e}"
    );
    drop(dir);
}

#[tokio::test]
async fn no_size_can_be_signed_twice() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let app = TestApp::spawn().await;
    seed(&app, 3).await;
    let mut conn = open_db(&app).await;
    let again = sqlx::query(
        "INSERT INTO checkpoints (tree_size, root, note) VALUES (3, zeroblob(32), 'x')",
    )
    .execute(&mut conn)
    .await;
    assert!(again.is_err());
    let update = sqlx::query("UPDATE checkpoints SET root = zeroblob(32) WHERE tree_size = 3")
        .execute(&mut conn)
        .await;
    assert!(update.is_err());
}

#[tokio::test]
async fn a_chain_longer_than_a_page_of_proofs_reports_its_first_break() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    use futures_util::StreamExt;
    // The walk proves a page of 4,096 leaves while it hashes the next ones:
    // a leaf out of the log in the first page must still come before a hash
    // mismatch two pages later. Four pages: the walker still has pages to
    // hand over when the prover stops at the first, and must not wait for
    // it forever.
    const LENGTH: u64 = 13_000;
    let app = TestApp::spawn().await;
    futures_util::stream::iter(0..LENGTH)
        .map(|i| {
            let app = &app;
            async move {
                app.append(&new_record("plan", "t", "a", &format!("content {i}")))
                    .await
            }
        })
        .buffer_unordered(64)
        .collect::<Vec<_>>()
        .await;
    let v = verdict(&app, "t").await;
    assert_eq!(
        (v["valid"].clone(), v["length"].clone()),
        (true.into(), LENGTH.into())
    );
    let mut conn = open_db(&app).await;
    exec(&mut conn, "DROP TRIGGER thoughts_no_update").await;
    // agent_id is in the leaf, not in the record hash: only the log sees
    // this, in the first page, while the walk goes on to the end.
    exec(
        &mut conn,
        "UPDATE thoughts SET agent_id = 'mallory' WHERE task_id = 't' AND seq = 100",
    )
    .await;
    assert_eq!(
        first_break(&app, "t").await,
        ("not_in_log".into(), 100.into())
    );
    // A break the walk meets two pages later does not come first.
    exec(
        &mut conn,
        "UPDATE thoughts SET content = 'forged' WHERE task_id = 't' AND seq = 8500",
    )
    .await;
    assert_eq!(
        first_break(&app, "t").await,
        ("not_in_log".into(), 100.into())
    );
    // With the first page whole again, the mismatch is the first break.
    exec(
        &mut conn,
        "UPDATE thoughts SET agent_id = 'a' WHERE task_id = 't' AND seq = 100",
    )
    .await;
    assert_eq!(
        first_break(&app, "t").await,
        ("hash_mismatch".into(), 8500.into())
    );
}

/// One process writes a SQLite file: a second service on it refuses to
/// start, naming the file and the process that holds it, and the first
/// goes on alone.
#[tokio::test]
async fn a_second_service_on_the_same_sqlite_file_refuses_to_start() {
    if crate::support::sqlite_only("two services on one SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let mut first = crate::support::serve_binary(&db, &[]);
    let url = format!("sqlite://{}", db.display());
    let (ok, _, err) = crate::support::run_binary(vec![
        "serve".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--database-url".into(),
        url,
    ])
    .await;
    assert!(!ok, "a second service started on the same file");
    assert!(err.contains("is in use by another process"), "{err}");
    assert!(err.contains(&format!("pid {}", first.child.id())), "{err}");
    assert!(err.contains(&db.display().to_string()), "{err}");
    let answer = reqwest::Client::new()
        .post(format!("http://{}/thoughts", first.addr))
        .json(&new_record("plan", "t", "a", "still writing"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 201);
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    // Once it is gone, the file is free.
    let mut next = crate::support::serve_binary(&db, &[]);
    next.child.kill().unwrap();
    next.child.wait().unwrap();
}
