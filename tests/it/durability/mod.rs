//! What survives: restarts, a database that refuses rewrites even when written
//! to directly, a database that goes away, unreadable rows; group commit and
//! crash safety in the submodules.

use crate::support::{
    assert_hash_recomputes, assert_problem, count_records, new_record, TestApp, ZERO,
};
use serde_json::{json, Value};

#[tokio::test]
async fn after_a_restart_the_next_append_links_to_the_last_record() {
    let app = TestApp::spawn().await;
    let mut last = Value::Null;
    for c in ["a", "b", "c"] {
        last = app.append(&new_record("plan", "t1", "agent", c)).await;
    }
    app.append(&new_record("plan", "t2", "agent", "other"))
        .await;
    let (path, dir) = app.stop().await;
    let app = TestApp::builder().database(path, dir).spawn().await;
    let next = app
        .append(&new_record("reflection", "t1", "agent", "after restart"))
        .await;
    assert_eq!(next["seq"], 3);
    assert_eq!(next["prev_hash"], last["hash"]);
    assert_eq!(next["log_index"], 4);
    assert_hash_recomputes(&next);
    assert_eq!(count_records(&app).await, 5);
}

#[tokio::test]
async fn the_database_refuses_updates_deletes_and_forks() {
    if crate::support::sqlite_only("reads or writes the SQLite file directly") {
        return;
    }
    let app = TestApp::spawn().await;
    let first = app.append(&new_record("plan", "t1", "a", "1")).await;
    app.append(&new_record("plan", "t1", "a", "2")).await;
    let (path, _dir) = app.stop().await;
    let url = format!("sqlite://{}", path.display());
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let refused = |sql: &'static str| sqlx::query(sql);
    for sql in [
        "UPDATE thoughts SET content = 'forged' WHERE seq = 0",
        "DELETE FROM thoughts WHERE seq = 1",
    ] {
        let e = refused(sql).execute(&mut conn).await.unwrap_err();
        assert!(e.to_string().contains("append-only"), "{sql}: {e}");
    }
    // A second successor of seq 0 (a fork), and a record that skips a seq.
    let insert = "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) VALUES (?, ?, 't1', ?, 'plan', 'a', 'x', 't', ?, ?)";
    // Hashes are stored as their 32 bytes (migration 0011).
    let bytes = |hex_text: &str| hex::decode(hex_text).unwrap();
    let fork = sqlx::query(insert)
        .bind(2)
        .bind("fork")
        .bind(1)
        .bind(bytes(first["hash"].as_str().unwrap()))
        .bind(bytes(&"f".repeat(64)))
        .execute(&mut conn)
        .await;
    assert!(fork.is_err(), "fork refused");
    // A successor of seq 0 placed further on: the link rule names it.
    let late_fork = sqlx::query(insert)
        .bind(2)
        .bind("late-fork")
        .bind(2)
        .bind(bytes(first["hash"].as_str().unwrap()))
        .bind(bytes(&"b".repeat(64)))
        .execute(&mut conn)
        .await;
    assert!(
        late_fork.unwrap_err().to_string().contains("chain"),
        "a second successor at a later seq is refused"
    );
    let gap = sqlx::query(insert)
        .bind(2)
        .bind("gap")
        .bind(5)
        .bind(bytes(&"e".repeat(64)))
        .bind(bytes(&"d".repeat(64)))
        .execute(&mut conn)
        .await;
    assert!(
        gap.unwrap_err().to_string().contains("chain"),
        "gap refused"
    );
    let hole = sqlx::query(insert)
        .bind(7)
        .bind("hole")
        .bind(0)
        .bind(bytes(ZERO))
        .bind(bytes(&"c".repeat(64)))
        .execute(&mut conn)
        .await;
    assert!(hole.is_err(), "a gap in the log is refused");
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM thoughts")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(n, 2);
}

#[tokio::test]
async fn a_database_that_is_down_answers_503_problems() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "x")).await;
    // The store is closed under the running server: writer gone, pool closed.
    app.store.close().await;
    let response = app.post(&new_record("plan", "t", "a", "y")).await;
    assert_eq!(response.headers()["retry-after"], "1");
    let problem = assert_problem(response, 503, "unavailable").await;
    assert!(
        !problem["detail"].as_str().unwrap().contains("pool"),
        "no internals leak"
    );
    for path in ["/thoughts", "/thoughts/x", "/tasks", "/tasks/t", "/readyz"] {
        assert_problem(app.get(path).await, 503, "unavailable").await;
    }
    assert_eq!(app.get_json("/healthz").await.0, 200, "still live");
}

#[tokio::test]
async fn unreadable_stored_data_is_a_500_problem_that_leaks_nothing() {
    if crate::support::sqlite_only("reads or writes the SQLite file directly") {
        return;
    }
    let app = TestApp::spawn().await;
    let mut body = new_record("plan", "t", "a", "x");
    body["metadata"] = json!({"k": 1});
    let r = app.append(&body).await;
    // An attacker with file access drops the guard and corrupts the row.
    use sqlx::Connection;
    let url = format!("sqlite://{}", app.db_path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    sqlx::query("DROP TRIGGER thoughts_no_update")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("UPDATE thoughts SET metadata = '{broken' WHERE seq = 0")
        .execute(&mut conn)
        .await
        .unwrap();
    // ...and puts it back, since the service refuses to start without it.
    crate::support::restore_trigger(&mut conn, "thoughts_no_update").await;
    conn.close().await.unwrap();
    // Restart, so the record is read from the file, not from the recent-records cache.
    let (path, dir) = app.stop().await;
    let app = TestApp::builder().database(path, dir).spawn().await;
    let response = app
        .get(&format!("/thoughts/{}", r["id"].as_str().unwrap()))
        .await;
    let problem = assert_problem(response, 500, "internal").await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(
        !detail.contains("broken") && !detail.contains("metadata"),
        "{detail}"
    );
    assert_problem(app.get("/thoughts").await, 500, "internal").await;
}

#[tokio::test]
async fn the_database_file_is_in_wal_mode() {
    if crate::support::sqlite_only("reads or writes the SQLite file directly") {
        return;
    }
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "x")).await;
    use sqlx::Connection;
    let url = format!("sqlite://{}", app.db_path.display());
    let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
    let (mode,): (String,) = sqlx::query_as("PRAGMA journal_mode")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(mode, "wal");
    assert!(app.db_path.with_extension("db-wal").exists());
}

mod crash;
mod group_commit;
