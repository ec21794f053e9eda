//! A database written by the release before hashes were stored as bytes
//! (`tests/data/release-0.1`: 300 records over 6 tasks, made by its `make.py`
//! with that release's binary) is upgraded in place by migration 0011 at the
//! first start and verified whole: `fsck`, every chain walk, every inclusion
//! proof, consistency with the checkpoint the old release signed, search,
//! idempotency keys, and new appends that chain onto the old records.

use std::path::Path;
use std::sync::Arc;

use base64::Engine;
use decision_trail::domain::merkle::{
    from_hex, leaf_hash, verify_consistency, verify_inclusion, Hash,
};
use serde_json::{json, Value};

use crate::support::{oracle_hash, oracle_leaf, run_binary, TestApp};

/// The fixture's log origin (its key is named after it).
const ORIGIN: &str = "release-0.1/decision-trail";

fn hashes(v: &Value) -> Vec<Hash> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap()).unwrap())
        .collect()
}

fn h(v: &Value) -> Hash {
    from_hex(v.as_str().unwrap()).unwrap()
}

/// A copy of the fixture in a temporary directory: (database path, the dir).
fn copy_of_release() -> (std::path::PathBuf, Arc<tempfile::TempDir>) {
    let from = crate::support::data_file("release-0.1");
    let dir = Arc::new(tempfile::tempdir().unwrap());
    for name in ["trail.db", "log-signing.key"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    (dir.path().join("trail.db"), dir)
}

/// The old release's checkpoint: (size, root).
fn old_checkpoint() -> (u64, Hash) {
    let note =
        std::fs::read_to_string(crate::support::data_file("release-0.1/checkpoint.txt")).unwrap();
    let lines: Vec<&str> = note.lines().collect();
    let root = base64::engine::general_purpose::STANDARD
        .decode(lines[2])
        .unwrap();
    (lines[1].parse().unwrap(), Hash(root.try_into().unwrap()))
}

/// Every record, as the old file holds them: (log_index, id, hash) in log order.
async fn stored_before(path: &Path) -> Vec<(i64, String, String)> {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query_as("SELECT log_index, id, hash FROM thoughts ORDER BY log_index")
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

async fn fsck(path: &Path) -> String {
    let (ok, out, err) =
        run_binary(vec!["fsck".into(), format!("sqlite://{}", path.display())]).await;
    assert!(ok, "fsck: {out}{err}");
    out
}

/// Every chain walks valid; answers the tasks' lengths by id.
async fn walk_every_chain(app: &TestApp) -> Vec<(String, u64)> {
    let (_, page) = app.get_json("/tasks?limit=100").await;
    let mut lengths = Vec::new();
    for t in page["tasks"].as_array().unwrap() {
        let id = t["task_id"].as_str().unwrap();
        let (status, v) = app.get_json(&format!("/tasks/{id}/verify")).await;
        assert_eq!(
            (status, v["valid"].clone()),
            (200, json!(true)),
            "{id}: {v}"
        );
        assert_eq!(v["head_hash"], t["head_hash"], "{id}");
        lengths.push((id.to_string(), v["length"].as_u64().unwrap()));
    }
    lengths
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_previous_release_is_upgraded_and_verifies_whole() {
    if crate::support::sqlite_only("a SQLite file written by the previous release") {
        return;
    }
    let (path, dir) = copy_of_release();
    let before = stored_before(&path).await;
    assert_eq!(before.len(), 300);
    // fsck reads the file as the old release left it (it migrates nothing).
    assert!(fsck(&path).await.contains("300"));

    let app = TestApp::builder()
        .database(path.clone(), Some(dir.clone()))
        .config(|c| c.origin = ORIGIN.into())
        .spawn()
        .await;
    // Every record kept its id and hash, and its hash recomputes.
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    let records = page["records"].as_array().unwrap().clone();
    let mut listed: Vec<(i64, String, String)> = records
        .iter()
        .map(|r| {
            assert_eq!(oracle_hash(r), r["hash"].as_str().unwrap(), "{r}");
            (
                r["log_index"].as_i64().unwrap(),
                r["id"].as_str().unwrap().to_string(),
                r["hash"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    listed.sort();
    assert_eq!(listed, before);
    let (status, by_hash) = app
        .get_json(&format!("/log/proof/inclusion?hash={}", before[7].2))
        .await;
    assert_eq!((status, by_hash["log_index"].clone()), (200, json!(7)));

    let lengths = walk_every_chain(&app).await;
    assert_eq!(lengths.len(), 6);
    assert!(lengths.iter().all(|(_, n)| *n == 50), "{lengths:?}");

    // Every inclusion proof, and consistency with the old release's checkpoint.
    let (old_size, old_root) = old_checkpoint();
    assert_eq!(old_size, 300);
    for r in &records {
        let i = r["log_index"].as_u64().unwrap();
        let (status, p) = app
            .get_json(&format!("/log/proof/inclusion?log_index={i}"))
            .await;
        assert_eq!(status, 200, "{p}");
        let leaf = leaf_hash(&oracle_leaf(r));
        assert!(
            verify_inclusion(
                &hashes(&p["proof"]),
                p["tree_size"].as_u64().unwrap(),
                h(&p["root"]),
                i,
                leaf
            ),
            "{i}"
        );
    }

    // Search finds the old records; an idempotency key stored by the old
    // release answers its record again.
    let (_, found) = app.get_json("/search?q=quokka&limit=100").await;
    let quokkas = records
        .iter()
        .filter(|r| r["content"].as_str().unwrap().contains("quokka"))
        .count();
    assert!(quokkas > 0);
    assert_eq!(found["hits"].as_array().unwrap().len(), quokkas, "{found}");
    let retry = json!({"type": "analysis", "task_id": "task-5", "agent_id": "agent-2",
                       "content": format!("round 0 of task-5: the compass note {}", "x".repeat(5))});
    let again = app
        .client
        .post(app.url("/thoughts"))
        .header("idempotency-key", "key-0-5")
        .json(&retry)
        .send()
        .await
        .unwrap();
    let again: Value = again.json().await.unwrap();
    let first_of_task_5 = records
        .iter()
        .find(|r| r["task_id"] == "task-5" && r["seq"] == 0)
        .unwrap();
    assert_eq!(again["id"], first_of_task_5["id"], "{again}");

    // New appends chain onto the old heads (and name an old parent), with
    // UUID v7 ids; the log extends the old checkpoint.
    let head = |task: &str| {
        records
            .iter()
            .filter(|r| r["task_id"] == task)
            .max_by_key(|r| r["seq"].as_u64())
            .unwrap()
            .clone()
    };
    let old_head = head("task-4");
    let mut body = json!({"type": "decision", "task_id": "task-4", "agent_id": "agent-1",
                          "content": "after the upgrade: a quokka", "expected_prev_hash": old_head["hash"]});
    body["parent_id"] = records
        .iter()
        .find(|r| r["task_id"] == "task-4" && r["seq"] == 3)
        .unwrap()["id"]
        .clone();
    let new = app.append(&body).await;
    assert_eq!(
        (new["seq"].clone(), new["prev_hash"].clone()),
        (json!(50), old_head["hash"].clone())
    );
    assert_eq!(
        uuid::Uuid::parse_str(new["id"].as_str().unwrap())
            .unwrap()
            .get_version_num(),
        7
    );
    for i in 0..20 {
        app.append(
            &json!({"type": "plan", "task_id": format!("task-{}", i % 6), "agent_id": "a",
                           "content": format!("new {i}")}),
        )
        .await;
    }
    let (_, found) = app.get_json("/search?q=quokka&limit=100").await;
    assert_eq!(found["hits"].as_array().unwrap().len(), quokkas + 1);
    let lengths = walk_every_chain(&app).await;
    assert_eq!(lengths.iter().map(|(_, n)| n).sum::<u64>(), 321);
    let (_, checkpoint) = app.get_json("/log/proof/consistency?first=300").await;
    assert_eq!(h(&checkpoint["first_root"]), old_root);
    assert!(
        verify_consistency(
            &hashes(&checkpoint["proof"]),
            300,
            old_root,
            checkpoint["second"].as_u64().unwrap(),
            h(&checkpoint["second_root"])
        ),
        "{checkpoint}"
    );

    let (path, dir) = app.stop().await;
    assert!(fsck(&path).await.contains("321"));
    drop(dir);
}
