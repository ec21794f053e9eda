//! Group commit: many appends in one transaction, each caller answered after the
//! commit that holds its record; a failed commit fails the whole batch (503,
//! nothing written); a full queue refuses at once (503, Retry-After).

use std::collections::HashSet;

use crate::support::{assert_hash_recomputes, new_record, oracle_log_root, TestApp};
use serde_json::Value;

/// Fires `bodies` concurrently, each on its own connection: (status, body) each.
async fn fire(app: &TestApp, bodies: Vec<Value>) -> Vec<(u16, Value, Option<String>)> {
    let mut set = tokio::task::JoinSet::new();
    for body in bodies {
        let url = app.url("/thoughts");
        set.spawn(async move {
            let r = reqwest::Client::new()
                .post(url)
                .json(&body)
                .send()
                .await
                .unwrap();
            let status = r.status().as_u16();
            let retry = r
                .headers()
                .get("retry-after")
                .map(|v| v.to_str().unwrap().to_string());
            (status, r.json::<Value>().await.unwrap(), retry)
        });
    }
    set.join_all().await
}

async fn chain(app: &TestApp, task: &str) -> Vec<Value> {
    let (_, page) = app
        .get_json(&format!("/thoughts?task_id={task}&limit=1000"))
        .await;
    page["records"].as_array().unwrap().clone()
}

fn assert_linked(records: &[Value]) {
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["seq"], i as u64);
        let prev = if i == 0 {
            crate::support::ZERO
        } else {
            records[i - 1]["hash"].as_str().unwrap()
        };
        assert_eq!(r["prev_hash"], prev);
        assert_hash_recomputes(r);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn interleaved_tasks_in_batches_chain_and_log_correctly() {
    let app = TestApp::spawn().await;
    let bodies = (0..640)
        .map(|i| {
            new_record(
                "analysis",
                &format!("task-{}", i % 16),
                "a",
                &format!("{i}"),
            )
        })
        .collect();
    let answers = fire(&app, bodies).await;
    assert!(answers.iter().all(|(s, _, _)| *s == 201));
    for t in 0..16 {
        let records = chain(&app, &format!("task-{t}")).await;
        assert_eq!(records.len(), 40);
        assert_linked(&records);
    }
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    let all = page["records"].as_array().unwrap().clone();
    let leaves: Vec<u64> = all
        .iter()
        .map(|r| r["log_index"].as_u64().unwrap())
        .collect();
    assert_eq!(leaves, (0..640).collect::<Vec<_>>());
    let note = app.get("/log/checkpoint").await.text().await.unwrap();
    let lines: Vec<&str> = note.lines().collect();
    assert_eq!(lines[1], "640");
    use base64::Engine;
    let root = base64::engine::general_purpose::STANDARD
        .decode(lines[2])
        .unwrap();
    assert_eq!(hex::encode(root), oracle_log_root(&all));
    // Fewer checkpoints than appends: they were committed in batches.
    let checkpoints = crate::support::scalar(&app, "SELECT COUNT(*) FROM checkpoints").await;
    assert!(checkpoints <= 641, "{checkpoints}");
}

/// A commit that fails (here a deferred constraint, checked only at COMMIT,
/// that one record trips) fails its whole batch: every caller in it gets a 503
/// and none of its records is written; the appends after it go on.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failed_commit_answers_the_whole_batch_503_and_writes_nothing() {
    let app = TestApp::spawn().await;
    app.append(&new_record("plan", "t", "a", "before")).await;
    // A rule checked only at COMMIT, which the record `boom` breaks.
    let (setup, teardown): (&[&str], &str) = if crate::support::on_postgres() {
        (
            &[
                "CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN \
                 IF NEW.content = convert_to('boom', 'UTF8') THEN RAISE EXCEPTION 'boom'; END IF; \
                 RETURN NULL; END $$",
                "CREATE CONSTRAINT TRIGGER boom AFTER INSERT ON thoughts \
                 DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION boom()",
            ],
            "DROP TRIGGER boom ON thoughts",
        )
    } else {
        (
            &[
                "CREATE TABLE boom_parent (id INTEGER PRIMARY KEY)",
                "CREATE TABLE boom_child (pid INTEGER REFERENCES boom_parent(id) DEFERRABLE INITIALLY DEFERRED)",
                "CREATE TRIGGER boom AFTER INSERT ON thoughts WHEN NEW.content = 'boom' BEGIN INSERT INTO boom_child VALUES (42); END",
            ],
            "DROP TRIGGER boom",
        )
    };
    for sql in setup {
        crate::support::execute(&app.database_url, sql)
            .await
            .unwrap();
    }
    let mut bodies: Vec<Value> = (0..120)
        .map(|i| new_record("plan", &format!("t{}", i % 4), "a", &format!("{i}")))
        .collect();
    bodies.insert(60, new_record("plan", "t", "a", "boom"));
    let answers = fire(&app, bodies).await;
    let refused: Vec<_> = answers.iter().filter(|(s, _, _)| *s == 503).collect();
    let boom = answers
        .iter()
        .find(|(_, b, _)| b.get("content").is_none() && b["status"] == 503);
    assert!(boom.is_some(), "the batch holding `boom` failed");
    for (_, problem, retry) in &refused {
        assert_eq!(problem["code"], "unavailable");
        assert!(retry.is_some(), "Retry-After on every 503");
    }
    let written: HashSet<String> = answers
        .iter()
        .filter(|(s, _, _)| *s == 201)
        .map(|(_, b, _)| b["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        written.len() + refused.len(),
        121,
        "every caller answered 201 or 503"
    );
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    let stored: HashSet<String> = page["records"]
        .as_array()
        .unwrap()
        .iter()
        .skip(1)
        .map(|r| r["id"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        stored, written,
        "exactly the acknowledged records are stored"
    );
    assert!(page["records"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["content"] != "boom"));
    for t in ["t", "t0", "t1", "t2", "t3"] {
        let records = chain(&app, t).await;
        assert_linked(&records);
        let (status, v) = app.get_json(&format!("/tasks/{t}/verify")).await;
        if records.is_empty() {
            // Every append of this task was in the failed batch: it has no chain.
            assert_eq!(status, 404, "{t}: {v}");
        } else {
            assert_eq!(v["valid"], true, "{t}: {v}");
        }
    }
    // The service goes on: the log and the heads were not advanced by the failed batch.
    crate::support::execute(&app.database_url, teardown)
        .await
        .unwrap();
    let after = app.append(&new_record("plan", "t", "a", "after")).await;
    assert_eq!(after["log_index"], written.len() as u64 + 1);
    let chain_t = chain(&app, "t").await;
    assert_linked(&chain_t);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_full_queue_answers_503_with_retry_after_at_once() {
    let app = TestApp::builder()
        .config(|c| {
            c.queue_capacity = 2;
            c.queue_bytes = 8 * 1024;
        })
        .spawn()
        .await;
    let bodies = (0..200)
        .map(|i| new_record("plan", "t", "a", &format!("{i}-{}", "x".repeat(1000))))
        .collect();
    let answers = fire(&app, bodies).await;
    let busy: Vec<_> = answers.iter().filter(|(s, _, _)| *s == 503).collect();
    let ok = answers.iter().filter(|(s, _, _)| *s == 201).count();
    assert!(!busy.is_empty(), "some appends found the queue full");
    assert!(ok > 0);
    assert_eq!(ok + busy.len(), 200);
    for (_, problem, retry) in &busy {
        assert_eq!(problem["code"], "unavailable");
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("queue is full"),
            "{problem}"
        );
        assert_eq!(retry.as_deref(), Some("1"));
    }
    let records = chain(&app, "t").await;
    assert_eq!(records.len(), ok, "nothing refused was written");
    assert_linked(&records);
    // Once the storm passes, appends are taken again.
    app.append(&new_record("plan", "t", "a", "after the storm"))
        .await;
}

/// Under appends that never pause, the WAL is still copied into the
/// database file and reused from its start: it stays bounded instead of
/// growing with every append.
#[tokio::test]
async fn the_wal_stays_bounded_under_appends_that_never_pause() {
    if crate::support::sqlite_only("watches the SQLite file and its WAL") {
        return;
    }
    let app = TestApp::spawn().await;
    let size = |suffix: &str| {
        let mut name = app.db_path.as_os_str().to_owned();
        name.push(suffix);
        std::fs::metadata(&name).map_or(0, |m| m.len())
    };
    let content = "word ".repeat(200);
    let mut largest_wal = 0;
    // 6,000 records of 1 KB, 200 at a time, back to back: some 100 MB of WAL
    // frames in all, were they never copied and reused.
    for round in 0..30 {
        let bodies: Vec<Value> = (0..200)
            .map(|i| {
                let text = format!("{round} {i} {content}");
                new_record("analysis", &format!("t{}", i % 16), "a", &text)
            })
            .collect();
        for response in futures_util::future::join_all(bodies.iter().map(|b| app.post(b))).await {
            assert_eq!(response.status(), 201);
        }
        largest_wal = largest_wal.max(size("-wal"));
    }
    assert!(
        size("") > 6_000 * 1_000,
        "the database file holds {} bytes: the WAL was not copied into it",
        size("")
    );
    assert!(
        largest_wal < 40 * 1024 * 1024,
        "the WAL grew to {largest_wal} bytes"
    );
}
