//! An insider with write access to the shared database: a leaf added with
//! a correct link, hash and log hashes is adopted by no replica, nor is one
//! a checkpoint row claims with another checkpoint's note; a replica whose
//! checkpoint copy was deleted refuses to start until told.

use serde_json::json;

use super::{client, kill, replica, shared, url};
use crate::support::{execute, postgres_server, serve_database};
use crate::tamper::insider::{forge_append, injection_refused};

/// A replica of `shared` with the copy at `copy`, run to its end (a refused
/// start): (success, stdout, stderr).
async fn refused_replica(shared: &super::Shared, copy: &std::path::Path) -> (bool, String, String) {
    crate::support::run_binary(vec![
        "serve".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--database-url".into(),
        shared.url.clone(),
        "--signing-key-file".into(),
        shared.key.display().to_string(),
        "--checkpoint-file".into(),
        copy.display().to_string(),
    ])
    .await
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_leaf_injected_into_the_shared_database_is_adopted_by_no_replica() {
    let shared = shared(&postgres_server()).await;
    let mut replicas = vec![replica(&shared, 0), replica(&shared, 1)];
    let http = client();
    for n in 0..3 {
        let r = http
            .post(url(replicas[0].addr, "/thoughts"))
            .json(&json!({"task_id": "t", "agent_id": "a", "type": "plan", "content": format!("step {n}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 201);
    }
    let forged = forge_append(replicas[0].addr, &shared.url, "t").await;
    // The replica that signed size 3, and one that has appended nothing.
    for r in &replicas {
        injection_refused(r.addr, &forged, 3).await;
    }
    // A checkpoint row claiming the forged size, holding a genuine older
    // note, changes nothing.
    let (note,): (String,) = {
        use sqlx::Connection;
        let mut conn = sqlx::PgConnection::connect(&shared.url).await.unwrap();
        let row = sqlx::query_as("SELECT note FROM checkpoints WHERE tree_size = 2")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        row
    };
    execute(
        &shared.url,
        &format!(
            "INSERT INTO checkpoints (tree_size, root, note) VALUES (4, '\\x{}'::bytea, '{}')",
            "ab".repeat(32),
            note.replace('\'', "''")
        ),
    )
    .await
    .unwrap();
    for r in &replicas {
        let answer = http
            .post(url(r.addr, "/thoughts"))
            .json(&json!({"task_id": "u", "agent_id": "a", "type": "plan", "content": "x"}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 503);
        let problem: serde_json::Value = answer.json().await.unwrap();
        assert_eq!(problem["code"], "log_altered", "{problem}");
    }
    for r in &mut replicas {
        kill(r);
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_replica_whose_checkpoint_copy_was_deleted_refuses_to_start() {
    let shared = shared(&postgres_server()).await;
    let mut first = replica(&shared, 0);
    let http = client();
    let r = http
        .post(url(first.addr, "/thoughts"))
        .json(&json!({"task_id": "t", "agent_id": "a", "type": "plan", "content": "one"}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 201);
    kill(&mut first);
    let copy = shared.dir.path().join("checkpoints-0.ndjson");
    std::fs::remove_file(&copy).unwrap();
    let (ok, _, err) = refused_replica(&shared, &copy).await;
    assert!(!ok, "a replica started without its copy");
    assert!(err.contains("--new-checkpoint-copy"), "{err}");
    // Told, it starts a new copy from the database's newest checkpoint.
    let mut again = serve_database(
        &shared.url,
        &[
            "--signing-key-file",
            shared.key.to_str().unwrap(),
            "--checkpoint-file",
            copy.to_str().unwrap(),
            "--new-checkpoint-copy",
        ],
    );
    assert!(std::fs::read_to_string(&copy)
        .unwrap()
        .contains("\"tree_size\":1"));
    kill(&mut again);
}

/// A guard's function replaced by a no-op of the same name is refused at
/// start and by `fsck`: triggers are compared by their text.
#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_guard_replaced_by_a_no_op_is_refused_at_start_and_by_fsck() {
    let shared = shared(&postgres_server()).await;
    let mut first = replica(&shared, 0);
    kill(&mut first);
    execute(
        &shared.url,
        "CREATE OR REPLACE FUNCTION refuse_rewrite() RETURNS trigger LANGUAGE plpgsql AS \
         $$ BEGIN RETURN NEW; END $$",
    )
    .await
    .unwrap();
    let (ok, _, err) =
        refused_replica(&shared, &shared.dir.path().join("checkpoints-0.ndjson")).await;
    assert!(!ok, "started with a no-op guard");
    assert!(err.contains("is not what the migrations create"), "{err}");
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), shared.url.clone()]).await;
    assert!(!ok, "{out}");
    assert!(
        // Records' UPDATE has a function of its own (erasure, migration 0006).
        format!("{out}{err}").contains("thoughts_no_delete"),
        "{out}{err}"
    );
}
