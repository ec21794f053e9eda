//! Edits the service refuses to start on, naming the record or the log
//! index: the service never signs a forged history; and the deliberate way
//! out, a new log, never the old one signed again.

use decision_trail::store::{Store, StoreConfig};
use sqlx::Connection;

use super::{edit, exec, records, refusal, stopped, url_of};
use crate::support::{new_record, oracle_hash, restore_trigger, run_binary, TestApp};

// The service never signs a forged history.

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
                "UPDATE thoughts SET content = 'forged', hash = X'{hash}' WHERE id = '{}'",
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
    // Refused before anything is signed: no first checkpoint of a second
    // history under the same key.
    let e = refusal(&path).await;
    assert!(
        e.contains("the checkpoint copy says this key signed 4 records"),
        "{e}"
    );
    let mut conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    let signed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM checkpoints")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(signed, 0);
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
    // A clean stop leaves one self-contained file: no WAL beside it.
    assert!(!path.with_extension("db-wal").exists());
    std::fs::copy(&backup, &path).unwrap();
    let e = refusal(&path).await;
    assert!(
        e.contains("the database's log holds 3 records, but the checkpoint copy"),
        "{e}"
    );
    assert!(e.contains("this log's key signed 5"), "{e}");
    // The two honest ways on are named.
    assert!(e.contains("log import") && e.contains("log rotate"), "{e}");
}

// A chain's tail deleted (not the log's last leaf) is a gap in the log.

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

// Who wrote a record is anchored in the log: an edit of the last leaf is
// refused at start (earlier leaves: `walk`).

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

// The triggers the guarantees rest on.

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

// The checkpoint copy is read from its end.

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

/// Triggers are compared by their text, not their names: a guard replaced
/// by a no-op of the same name, or a trigger added, is refused at start and
/// by `fsck`; put back as the migrations wrote it, the database starts.
#[tokio::test]
async fn a_trigger_replaced_by_a_no_op_of_the_same_name_or_added_is_refused() {
    if crate::support::sqlite_only("edits the SQLite file's schema") {
        return;
    }
    let app = TestApp::builder().spawn().await;
    records(&app, &["t"], 3).await;
    let (path, dir, mut conn) = stopped(app).await;
    exec(&mut conn, "DROP TRIGGER thoughts_no_update").await;
    exec(
        &mut conn,
        "CREATE TRIGGER thoughts_no_update BEFORE UPDATE ON thoughts BEGIN SELECT 1; END",
    )
    .await;
    conn.close().await.unwrap();
    let e = super::insider::refused_start(&path, &[]).await;
    assert!(
        e.contains("the trigger thoughts_no_update is not what the migrations create"),
        "{e}"
    );
    let (ok, out, err) = run_binary(vec!["fsck".into(), url_of(&path)]).await;
    assert!(!ok);
    assert!(
        format!("{out}{err}").contains("thoughts_no_update"),
        "{out}{err}"
    );

    let mut conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    exec(&mut conn, "DROP TRIGGER thoughts_no_update").await;
    restore_trigger(&mut conn, "thoughts_no_update").await;
    exec(
        &mut conn,
        "CREATE TRIGGER thoughts_quietly AFTER INSERT ON thoughts BEGIN SELECT 1; END",
    )
    .await;
    conn.close().await.unwrap();
    let e = super::insider::refused_start(&path, &[]).await;
    assert!(
        e.contains("the trigger thoughts_quietly is not one the migrations create"),
        "{e}"
    );
    let mut conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    exec(&mut conn, "DROP TRIGGER thoughts_quietly").await;
    conn.close().await.unwrap();
    let app = TestApp::builder().database(path.clone(), dir).spawn().await;
    app.append(&new_record("plan", "t", "a", "as written"))
        .await;
    let (path, _dir) = app.stop().await;
    let (ok, out, _) = run_binary(vec!["fsck".into(), url_of(&path)]).await;
    assert!(ok, "{out}");
}
