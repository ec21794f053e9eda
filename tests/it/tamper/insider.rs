//! An insider who can write the database while the service runs, or while
//! it is stopped, against the real binary (docs/design.md §2): rows added
//! with correct links, hashes and log hashes are never signed over; a
//! checkpoint row is believed through its note only; a deleted checkpoint
//! copy is refused unless the operator says otherwise.

use std::net::SocketAddr;
use std::path::Path;

use decision_trail::domain::merkle::{leaf_data, Frontier};
use serde_json::{json, Value};

use crate::support::{execute, oracle_hash, run_binary, serve_binary, Served};

/// Every record of the log, in log order, as the service serves it.
pub(crate) async fn all_records(addr: SocketAddr) -> Vec<Value> {
    let page: Value = reqwest::get(format!("http://{addr}/thoughts?limit=1000"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    page["records"].as_array().unwrap().clone()
}

fn bytes(postgres: bool, hex: &str) -> String {
    if postgres {
        format!("'\\x{hex}'::bytea")
    } else {
        format!("X'{hex}'")
    }
}

/// Appends a record to `task` as an insider would, with INSERTs on the
/// database: the next seq and log index, a correct link and hash, and the
/// log's stored hashes for its leaf (computed as the log computes them).
/// The record as forged.
pub(crate) async fn forge_append(addr: SocketAddr, database_url: &str, task: &str) -> Value {
    let postgres = database_url.starts_with("postgres");
    let records = all_records(addr).await;
    let mut frontier = Frontier::empty();
    for r in &records {
        frontier.append(&leaf_data(
            r["agent_id"].as_str().unwrap(),
            r["hash"].as_str().unwrap(),
        ));
    }
    let last = records.iter().rfind(|r| r["task_id"] == task);
    let (seq, prev_hash) = last.map_or((0, "0".repeat(64)), |r| {
        (
            r["seq"].as_u64().unwrap() + 1,
            r["hash"].as_str().unwrap().to_string(),
        )
    });
    let log_index = records.len() as u64;
    let mut forged = json!({
        "id": format!("0190f000-0000-7000-8000-{log_index:012}"),
        "type": "decision",
        "task_id": task,
        "agent_id": "insider",
        "content": "forged",
        "timestamp": "2099-01-01T00:00:00.000Z",
        "prev_hash": prev_hash,
        "seq": seq,
        "log_index": log_index,
    });
    let hash = oracle_hash(&forged);
    forged["hash"] = hash.clone().into();
    let content = if postgres {
        "'forged'::bytea"
    } else {
        "'forged'"
    };
    execute(
        database_url,
        &format!(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, \
             timestamp, prev_hash, hash) VALUES ({log_index}, '{}', '{task}', {seq}, 'decision', \
             'insider', {content}, '2099-01-01T00:00:00.000Z', {}, {})",
            forged["id"].as_str().unwrap(),
            bytes(postgres, forged["prev_hash"].as_str().unwrap()),
            bytes(postgres, &hash),
        ),
    )
    .await
    .unwrap();
    for (idx, h) in frontier.append(&leaf_data("insider", &hash)) {
        execute(
            database_url,
            &format!(
                "INSERT INTO log_hashes (idx, hash) VALUES ({idx}, {})",
                bytes(postgres, &hex::encode(h.0))
            ),
        )
        .await
        .unwrap();
    }
    forged
}

async fn post(addr: SocketAddr, task: &str, content: &str) -> (u16, Value) {
    let r = reqwest::Client::new()
        .post(format!("http://{addr}/thoughts"))
        .json(&json!({"task_id": task, "agent_id": "a", "type": "plan", "content": content}))
        .send()
        .await
        .unwrap();
    (r.status().as_u16(), r.json().await.unwrap())
}

async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let r = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    (r.status().as_u16(), r.text().await.unwrap())
}

/// What the service does with a forged leaf at the next log index: never
/// signs over it. Appends are 503 `log_altered` (no SQL in the body),
/// `/readyz` is not ready, `/metrics` counts it, the served checkpoint
/// stays what was signed, and the forged record's chain and receipt say
/// that no signed checkpoint covers it.
pub(crate) async fn injection_refused(addr: SocketAddr, forged: &Value, signed: u64) {
    let (_, before) = get(addr, "/log/checkpoint").await;
    let (status, problem) = post(addr, "honest", "after the forgery").await;
    assert_eq!(
        (status, problem["code"].as_str()),
        (503, Some("log_altered")),
        "{problem}"
    );
    let detail = problem["detail"].as_str().unwrap().to_lowercase();
    for leak in ["insert", "select", "trigger", "sql", "raise"] {
        assert!(!detail.contains(leak), "{detail}");
    }
    let (status, ready) = get(addr, "/readyz").await;
    assert_eq!(status, 503, "{ready}");
    assert!(ready.contains("log_altered"), "{ready}");
    let (_, metrics) = get(addr, "/metrics").await;
    let counted = metrics
        .lines()
        .find_map(|l| l.strip_prefix("decision_trail_log_altered_total "))
        .and_then(|v| v.trim().parse::<f64>().ok())
        .unwrap_or(0.0);
    assert!(counted >= 1.0, "{metrics}");
    let (_, after) = get(addr, "/log/checkpoint").await;
    assert_eq!(after, before, "nothing more was signed");
    assert_eq!(after.lines().nth(1), Some(signed.to_string().as_str()));
    let task = forged["task_id"].as_str().unwrap();
    let (_, verdict) = get(addr, &format!("/tasks/{task}/verify")).await;
    let verdict: Value = serde_json::from_str(&verdict).unwrap();
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert_eq!(verdict["reason"], "not_signed", "{verdict}");
    assert_eq!(verdict["broken_at"], forged["id"], "{verdict}");
    assert_eq!(verdict["tree_size"], signed, "{verdict}");
    let id = forged["id"].as_str().unwrap();
    let (status, receipt) = get(addr, &format!("/thoughts/{id}/receipt")).await;
    assert_eq!(status, 409, "{receipt}");
    assert!(receipt.contains("not_signed"), "{receipt}");
    // Never served as a record: not by id, not in a listing, not in search.
    let (status, record) = get(addr, &format!("/thoughts/{id}")).await;
    assert_eq!(status, 409, "{record}");
    assert!(record.contains("not_signed"), "{record}");
    for path in [
        format!("/thoughts?task_id={task}"),
        "/thoughts?limit=1000".to_string(),
    ] {
        let (status, page) = get(addr, &path).await;
        assert_eq!(status, 200, "{page}");
        assert!(!page.contains(id), "{path}: {page}");
    }
    if let Some(word) = forged["content"]
        .as_str()
        .and_then(|c| c.split_whitespace().last())
    {
        let (_, hits) = get(addr, &format!("/search?q={word}")).await;
        assert!(!hits.contains(id), "{hits}");
    }
    let (_, metrics) = get(addr, "/metrics").await;
    assert!(
        !metrics.contains("decision_trail_stored_rows_refused_total{table=\"thoughts\"} 0"),
        "{metrics}"
    );
}

/// The binary on `db`, with `n` records appended to task `t`.
async fn serve_with_steps(db: &Path, n: usize) -> Served {
    let served = serve_binary(db, &[]);
    for n in 0..n {
        assert_eq!(post(served.addr, "t", &format!("step {n}")).await.0, 201);
    }
    served
}

fn kill(served: &mut Served) {
    let _ = served.child.kill();
    let _ = served.child.wait();
}

pub(crate) async fn refused_start(db: &Path, extra: &[&str]) -> String {
    let mut args: Vec<String> = vec![
        "serve".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--database-url".into(),
        format!("sqlite://{}", db.display()),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let (ok, _, err) = run_binary(args).await;
    assert!(!ok, "the service started");
    err
}

#[tokio::test]
async fn a_leaf_injected_while_the_service_runs_is_never_signed() {
    if crate::support::sqlite_only("writes the SQLite file beside the service") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let url = format!("sqlite://{}", db.display());
    let mut served = serve_with_steps(&db, 3).await;
    let forged = forge_append(served.addr, &url, "t").await;
    injection_refused(served.addr, &forged, 3).await;
    kill(&mut served);
    // Nor after a restart: the start names the first leaf no checkpoint signs.
    let e = refused_start(&db, &[]).await;
    assert!(
        e.contains("from log_index 3 on have no signed checkpoint"),
        "{e}"
    );
    let (ok, out, _) = run_binary(vec!["fsck".into(), url]).await;
    assert!(!ok, "{out}");
}

#[tokio::test]
async fn a_checkpoint_row_whose_columns_are_not_its_note_is_refused() {
    if crate::support::sqlite_only("writes the SQLite file with the service stopped") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let url = format!("sqlite://{}", db.display());
    let mut served = serve_with_steps(&db, 4).await;
    let forged = forge_append(served.addr, &url, "t").await;
    kill(&mut served);
    // Beside the forged record, a checkpoint row that says size 5 and any
    // root, holding the genuine note of size 2.
    let old_note = {
        use sqlx::Connection;
        let mut conn = sqlx::SqliteConnection::connect(&url).await.unwrap();
        let (note,): (String,) = sqlx::query_as("SELECT note FROM checkpoints WHERE tree_size = 2")
            .fetch_one(&mut conn)
            .await
            .unwrap();
        note
    };
    execute(
        &url,
        &format!(
            "INSERT INTO checkpoints (tree_size, root, note) VALUES (5, X'{}', '{}')",
            "ab".repeat(32),
            old_note.replace('\'', "''")
        ),
    )
    .await
    .unwrap();
    let e = refused_start(&db, &[]).await;
    assert!(e.contains("its columns are not what its note signs"), "{e}");
    let (ok, out, err) = run_binary(vec!["fsck".into(), url]).await;
    assert!(!ok);
    assert!(
        format!("{out}{err}").contains("not what its note signs"),
        "{out}{err}"
    );
    assert_eq!(forged["log_index"], 4);
}

#[tokio::test]
async fn a_deleted_checkpoint_copy_is_refused_unless_the_operator_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let copy = dir.path().join("checkpoints.ndjson");
    let mut served = serve_with_steps(&db, 3).await;
    kill(&mut served);
    // The database rolled back to a snapshot of an earlier size, and the
    // copy that would catch it deleted.
    let snapshot = dir.path().join("snapshot.db");
    std::fs::copy(&db, &snapshot).unwrap();
    std::fs::remove_file(&copy).unwrap();
    let e = refused_start(&db, &[]).await;
    assert!(
        e.contains("is missing or empty, but the database holds a log"),
        "{e}"
    );
    assert!(e.contains("--new-checkpoint-copy"), "{e}");
    // An empty copy is no different.
    std::fs::write(&copy, b"").unwrap();
    let e = refused_start(&db, &[]).await;
    assert!(e.contains("--new-checkpoint-copy"), "{e}");
    // Said: the copy starts again from the database's newest checkpoint.
    let mut served = serve_binary(&db, &["--new-checkpoint-copy"]);
    let warned = served
        .startup_log
        .iter()
        .any(|l| l["level"] == "WARN" && l.to_string().contains("starting a new checkpoint copy"));
    assert!(warned, "{:#?}", served.startup_log);
    assert_eq!(post(served.addr, "t", "after").await.0, 201);
    kill(&mut served);
    let text = std::fs::read_to_string(&copy).unwrap();
    let sizes: Vec<u64> = text
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["tree_size"]
                .as_u64()
                .unwrap()
        })
        .collect();
    assert_eq!(sizes, [3, 4]);
}

/// A database emptied under a key and a copy that have signed is a second
/// history: the copy refuses it. Where only the key is left, the service
/// cannot tell a first start; a monitor with state (or a witness) refuses
/// the smaller log.
#[tokio::test]
async fn a_second_history_under_one_key_is_refused_by_the_copy_or_the_monitor() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let state = dir.path().join("monitor.json");
    let mut served = serve_with_steps(&db, 3).await;
    let monitor = |addr: SocketAddr| {
        run_binary(vec![
            "verify".into(),
            "--url".into(),
            format!("http://{addr}"),
            "--state".into(),
            state.display().to_string(),
        ])
    };
    let (ok, _, err) = monitor(served.addr).await;
    assert!(ok, "{err}");
    kill(&mut served);
    for f in ["trail.db", "trail.db-wal", "trail.db-shm"] {
        let _ = std::fs::remove_file(dir.path().join(f));
    }
    let e = refused_start(&db, &[]).await;
    assert!(
        e.contains("the checkpoint copy says this key signed 3 records"),
        "{e}"
    );
    // Only the key is left.
    std::fs::remove_file(dir.path().join("checkpoints.ndjson")).unwrap();
    let mut served = serve_binary(&db, &[]);
    assert_eq!(post(served.addr, "t", "another history").await.0, 201);
    let (ok, out, err) = monitor(served.addr).await;
    kill(&mut served);
    assert!(!ok, "the monitor accepted a smaller log: {out}");
    assert!(!err.is_empty(), "{out}");
}

/// A task summary edited in the database (its length and head) is named by
/// `fsck`, rewritten from its chain at start with an ERROR, and never
/// decides an append: the next record joins the chain as stored, and
/// `/tasks/{id}` and `/verify` agree.
#[tokio::test]
async fn an_edited_task_summary_is_named_rewritten_and_never_trusted() {
    if crate::support::sqlite_only("writes the SQLite file with the service stopped") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let url = format!("sqlite://{}", db.display());
    let mut served = serve_with_steps(&db, 3).await;
    kill(&mut served);
    execute(
        &url,
        &format!(
            "UPDATE tasks SET length = 7, head_hash = '{}' WHERE task_id = 't'",
            "ab".repeat(32)
        ),
    )
    .await
    .unwrap();
    let (ok, out, err) = run_binary(vec!["fsck".into(), url.clone()]).await;
    assert!(!ok, "{out}");
    assert!(format!("{out}{err}").contains("task `t`"), "{out}{err}");

    let mut served = serve_binary(&db, &[]);
    let named = served
        .startup_log
        .iter()
        .any(|l| l["level"] == "ERROR" && l["fields"]["task_id"] == "t");
    assert!(named, "{:#?}", served.startup_log);
    let (status, answer) = post(served.addr, "t", "after the edit").await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["seq"], 3);
    let (_, summary) = get(served.addr, "/tasks/t").await;
    let summary: Value = serde_json::from_str(&summary).unwrap();
    let (_, verdict) = get(served.addr, "/tasks/t/verify").await;
    let verdict: Value = serde_json::from_str(&verdict).unwrap();
    assert_eq!(verdict["valid"], true, "{verdict}");
    assert_eq!(summary["length"], verdict["length"]);
    assert_eq!(summary["head_hash"], verdict["head_hash"]);
    kill(&mut served);
    let (ok, out, _) = run_binary(vec!["fsck".into(), url]).await;
    assert!(ok, "{out}");
}

/// A summary edited while the service runs decides nothing either: an
/// append to a task the writer has not cached takes its head from the
/// chain, whatever the summary says.
#[tokio::test]
async fn a_summary_edited_under_the_running_service_decides_no_append() {
    if crate::support::sqlite_only("writes the SQLite file beside the service") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let url = format!("sqlite://{}", db.display());
    let mut served = serve_binary(&db, &[]);
    assert_eq!(post(served.addr, "u", "one").await.0, 201);
    kill(&mut served);
    // A new process: no head cached.
    let mut served = serve_binary(&db, &[]);
    let edited = execute(
        &url,
        &format!(
            "UPDATE tasks SET length = 9, head_hash = '{}' WHERE task_id = 'u'",
            "cd".repeat(32)
        ),
    )
    .await
    .unwrap();
    assert_eq!(edited, 1);
    let (status, answer) = post(served.addr, "u", "two").await;
    assert_eq!(status, 201, "{answer}");
    assert_eq!(answer["seq"], 1);
    kill(&mut served);
}

/// A log of size 0 holds nothing a lost copy could hide (a crash between
/// its first checkpoint and the copy's first line): it starts again without
/// the operator's word. An empty database under a copy that cannot be read
/// is not begun: whether the key signed before is unknown.
#[tokio::test]
async fn a_log_of_size_0_begins_its_copy_again_and_an_unreadable_copy_begins_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let copy = dir.path().join("checkpoints.ndjson");
    let mut served = serve_binary(&db, &[]);
    kill(&mut served);
    std::fs::remove_file(&copy).unwrap();
    let mut served = serve_binary(&db, &[]);
    kill(&mut served);
    let text = std::fs::read_to_string(&copy).unwrap();
    assert!(text.starts_with("{\"tree_size\":0,"), "{text}");

    let other = tempfile::tempdir().unwrap();
    let empty = other.path().join("trail.db");
    std::fs::copy(
        dir.path().join("log-signing.key"),
        other.path().join("log-signing.key"),
    )
    .unwrap();
    std::fs::write(
        other.path().join("checkpoints.ndjson"),
        "not a checkpoint\n",
    )
    .unwrap();
    let e = refused_start(&empty, &[]).await;
    assert!(
        e.contains("whether this key signed before cannot be told"),
        "{e}"
    );
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", empty.display()))
        .await
        .unwrap();
    let signed: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM checkpoints")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(signed, 0, "nothing was signed");
}
