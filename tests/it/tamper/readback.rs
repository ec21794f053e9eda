//! Rows beside the log that an insider writes while the service runs, each
//! read back and refused rather than vouched for (docs/design.md §2,
//! "Nothing read back is trusted"), against the real binary: an idempotency
//! key pointed at another record, a search index row deleted, capability
//! snapshots inserted ahead of time, cosignatures no witness made; and
//! exports cut short.

use std::path::Path;

use base64::Engine;
use serde_json::{json, Value};

use crate::support::{execute, new_record, run_binary, run_binary_status, serve_binary, Served};

fn url(served: &Served, path: &str) -> String {
    format!("http://{}{path}", served.addr)
}

pub(crate) async fn post(
    client: &reqwest::Client,
    served: &Served,
    body: &Value,
    key: Option<&str>,
) -> (u16, Value) {
    let mut request = client.post(url(served, "/thoughts")).json(body);
    if let Some(key) = key {
        request = request.header("Idempotency-Key", key);
    }
    let answer = request.send().await.unwrap();
    let status = answer.status().as_u16();
    (status, answer.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn get(client: &reqwest::Client, served: &Served, path: &str) -> (u16, String) {
    let answer = client.get(url(served, path)).send().await.unwrap();
    let status = answer.status().as_u16();
    (status, answer.text().await.unwrap())
}

/// Runs `sql` on the SQLite file with its foreign keys not enforced, as an
/// insider's own connection may.
async fn without_foreign_keys(db: &Path, sql: &str) {
    use sqlx::{ConnectOptions, Connection};
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(db)
        .foreign_keys(false)
        .connect()
        .await
        .unwrap();
    sqlx::query(sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

fn stop(mut served: Served) {
    let _ = served.child.kill();
    let _ = served.child.wait();
}

#[tokio::test]
async fn an_idempotency_key_pointed_at_another_record_fails_that_append_alone() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let served = serve_binary(&db, &[]);
    idempotency_rows_pointed_elsewhere(&served, &format!("sqlite://{}", db.display())).await;
    stop(served);
}

/// On the service `served` of the database `db_url`: one key re-pointed at
/// another agent's record, another (SQLite: a record never stored, far in
/// the future; PostgreSQL, whose foreign key forbids that: a third agent's
/// record) fail their own retries only.
pub(crate) async fn idempotency_rows_pointed_elsewhere(served: &Served, db_url: &str) {
    let client = reqwest::Client::new();
    let alice = new_record("plan", "t1", "alice", "alice's plan");
    let bob = new_record("decision", "t2", "bob", "bob's decision");
    let (_, a) = post(&client, served, &alice, Some("key-a")).await;
    let (_, b) = post(&client, served, &bob, Some("key-b")).await;
    let b_id = b["id"].as_str().unwrap();
    execute(
        db_url,
        &format!("UPDATE idempotency SET record_id = '{b_id}' WHERE key = 'key-a'"),
    )
    .await
    .unwrap();
    if let Some(db) = db_url.strip_prefix("sqlite://") {
        without_foreign_keys(
            Path::new(db),
            "UPDATE idempotency SET record_id = 'no-such-record', expires_at = 9000000000000000 \
             WHERE key = 'key-b'",
        )
        .await;
    } else {
        execute(
            db_url,
            &format!(
                "UPDATE idempotency SET record_id = '{}', expires_at = 9000000000000000 \
                 WHERE key = 'key-b'",
                a["id"].as_str().unwrap()
            ),
        )
        .await
        .unwrap();
    }

    // Each retry fails on its own with a stable code, and never answers
    // another agent's record; an append sent with them is not harmed.
    let carol = new_record("plan", "t3", "carol", "x");
    let (retry_a, other, retry_b) = tokio::join!(
        post(&client, served, &alice, Some("key-a")),
        post(&client, served, &carol, Some("key-c")),
        post(&client, served, &bob, Some("key-b")),
    );
    for (status, body) in [&retry_a, &retry_b] {
        assert_eq!(*status, 500, "{body}");
        assert_eq!(body["code"], "store_altered", "{body}");
        assert!(!body.to_string().contains("bob's decision"), "{body}");
        assert!(!body.to_string().contains("alice's plan"), "{body}");
    }
    assert!(retry_a.1["detail"].as_str().unwrap().contains("key-a"));
    assert_eq!(other.0, 201, "{}", other.1);
    // Nothing was appended for them: the log holds a, b and c.
    let (_, page) = get(&client, served, "/thoughts?limit=10").await;
    let page: Value = serde_json::from_str(&page).unwrap();
    assert_eq!(page["records"].as_array().unwrap().len(), 3, "{page}");
    let (_, metrics) = get(&client, served, "/metrics").await;
    assert!(
        metrics.contains("decision_trail_stored_rows_refused_total{table=\"idempotency\"}"),
        "{metrics}"
    );
}

pub(crate) async fn search_ids(client: &reqwest::Client, served: &Served, q: &str) -> Vec<String> {
    let (status, body) = get(client, served, &format!("/search?q={q}&fresh=true")).await;
    assert_eq!(status, 200, "{body}");
    let body: Value = serde_json::from_str(&body).unwrap();
    body["hits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["record"]["id"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test]
async fn a_deleted_index_row_hides_a_record_until_fsck_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let db_url = format!("sqlite://{}", db.display());
    let served = serve_binary(&db, &[]);
    let client = reqwest::Client::new();
    post(
        &client,
        &served,
        &new_record("plan", "t", "a", "hidden words"),
        None,
    )
    .await;
    // Indexed before the kill (the index follows the log).
    assert_eq!(search_ids(&client, &served, "hidden").await.len(), 1);
    stop(served);
    // A contentless FTS5 row is deleted by giving its text again.
    execute(
        &crate::support::index_url(&db_url),
        "INSERT INTO thoughts_fts (thoughts_fts, rowid, content, metadata) \
         VALUES ('delete', 0, 'hidden words', NULL)",
    )
    .await
    .unwrap();
    let (ok, out, _) = run_binary(vec!["fsck".into(), db_url.clone()]).await;
    assert!(!ok);
    assert!(
        out.contains("lacks the record's word `hidden` at log_index 0"),
        "{out}"
    );
}

#[tokio::test]
async fn a_snapshot_inserted_ahead_of_time_is_never_served() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let served = serve_binary(&db, &[]);
    let db_url = format!("sqlite://{}", db.display());
    snapshot_inserted_ahead(&served, &db_url).await;
    stop(served);
    let (ok, out, _) = run_binary(vec!["fsck".into(), db_url]).await;
    assert!(!ok);
    assert!(out.contains("capability snapshot"), "{out}");
}

#[tokio::test]
async fn a_snapshot_stored_in_the_future_is_never_served() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let served = serve_binary(&db, &[]);
    let db_url = format!("sqlite://{}", db.display());
    let client = reqwest::Client::new();
    let request = json!({"kind": "tool_static", "input": {"name": "search",
        "description": "Search the web", "schema": {"jsonSchema": {"type": "object"}}}});
    let computed: Value = client
        .post(url(&served, "/capabilities/fingerprint"))
        .json(&request)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let hash = computed["sha256"].as_str().unwrap();
    let canonical = computed["canonical"].as_str().unwrap();
    // The genuine snapshot, whole, but stored "in 2030".
    let trace = serde_json::to_string(&json!([{"canonical": canonical, "sha256": hash}])).unwrap();
    execute(
        &db_url,
        &format!(
            "INSERT INTO capability_snapshots (hash, kind, canonical, trace, stored_at) VALUES \
             ('{hash}', 'tool_static', '{}', '{}', '2030-01-01T00:00:00.000Z')",
            canonical.replace('\'', "''"),
            trace.replace('\'', "''")
        ),
    )
    .await
    .unwrap();
    let (status, body) = get(&client, &served, &format!("/capabilities/{hash}")).await;
    assert_eq!(status, 500, "{body}");
    assert!(body.contains("store_altered"), "{body}");
    assert!(!body.contains(r#""stored_at""#), "never served: {body}");
    stop(served);
    let (ok, out, _) = run_binary(vec!["fsck".into(), db_url]).await;
    assert!(!ok);
    assert!(out.contains("after the moment it was read"), "{out}");
}

/// On the service `served` of `db_url`: a snapshot row with the genuine
/// hash and text but a forged kind, trace and time is never answered.
pub(crate) async fn snapshot_inserted_ahead(served: &Served, db_url: &str) {
    let client = reqwest::Client::new();
    let request = json!({"kind": "tool_static", "input": {"name": "search",
        "description": "Search the web", "schema": {"jsonSchema": {"type": "object"}}}});
    let computed: Value = client
        .post(url(served, "/capabilities/fingerprint"))
        .json(&request)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (hash, canonical) = (
        computed["sha256"].as_str().expect("a hash"),
        computed["canonical"].as_str().expect("a canonical text"),
    );
    execute(
        db_url,
        &format!(
            "INSERT INTO capability_snapshots (hash, kind, canonical, trace, stored_at) VALUES \
             ('{hash}', 'invocation', '{}', '[]', '2001-01-01T00:00:00.000Z')",
            canonical.replace('\'', "''")
        ),
    )
    .await
    .unwrap();
    let (status, body) = get(&client, served, &format!("/capabilities/{hash}")).await;
    assert_eq!(status, 500, "{body}");
    assert!(
        body.contains("store_altered") && body.contains("kind"),
        "{body}"
    );
    let stored = client
        .post(url(served, "/capabilities"))
        .json(&request)
        .send()
        .await
        .unwrap();
    assert_eq!(stored.status(), 500);
    assert!(!stored.text().await.unwrap().contains("2001-01-01"));
}

/// The export of `task` from the service, as text.
async fn export(client: &reqwest::Client, served: &Served, task: &str) -> String {
    let (status, text) = get(client, served, &format!("/tasks/{task}/export")).await;
    assert_eq!(status, 200, "{text}");
    text
}

async fn verify(file: &Path, vkey: &str) -> (bool, String, String) {
    run_binary(vec![
        "verify".into(),
        file.display().to_string(),
        "--key".into(),
        vkey.to_string(),
    ])
    .await
}

#[tokio::test]
async fn an_export_cut_short_or_emptied_does_not_verify() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let served = serve_binary(&db, &[]);
    let client = reqwest::Client::new();
    for i in 0..4 {
        post(
            &client,
            &served,
            &new_record("plan", "t1", "a", &format!("step {i}")),
            None,
        )
        .await;
    }
    post(
        &client,
        &served,
        &new_record("plan", "t2", "a", "other"),
        None,
    )
    .await;
    let text = export(&client, &served, "t1").await;
    let (_, vkey) = get(&client, &served, "/log/key").await;
    stop(served);
    let key = vkey.trim().to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5);
    let write = |name: &str, lines: &[&str]| {
        let path = dir.path().join(name);
        std::fs::write(
            &path,
            lines.iter().map(|l| format!("{l}\n")).collect::<String>(),
        )
        .unwrap();
        path
    };
    let (ok, out, err) = verify(&write("whole.ndjson", &lines), &key).await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("4 records") && out.contains("the whole chain"),
        "{out}"
    );

    for (name, kept) in [
        ("short.ndjson", &lines[..4]),
        ("header.ndjson", &lines[..1]),
    ] {
        let (ok, out, err) = verify(&write(name, kept), &key).await;
        assert!(!ok, "{name}: {out}");
        assert!(
            err.contains("records were dropped from its end"),
            "{name}: {err}"
        );
        let (status, out, _) = run_binary_status(vec![
            "verify".into(),
            dir.path().join(name).display().to_string(),
            "--key".into(),
            key.clone(),
            "--json".into(),
        ])
        .await;
        assert_eq!(status, Some(1));
        let verdict: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(
            (&verdict["verdict"], &verdict["code"]),
            (&Value::from("failed"), &Value::from("truncated")),
            "{out}"
        );
    }
    // A header whose statement was removed reads as an export from before
    // statements: its records check, its completeness is not shown (its
    // own verdict and exit status, never "whole"); an edited statement is
    // refused.
    let mut header: Value = serde_json::from_str(lines[0]).unwrap();
    let statement = header["task_statement"].as_str().unwrap().to_string();
    header.as_object_mut().unwrap().remove("task_statement");
    let bare = header.to_string();
    let stripped = write("bare.ndjson", &[&bare, lines[1], lines[2]]);
    let (status, out, err) = run_binary_status(vec![
        "verify".into(),
        stripped.display().to_string(),
        "--key".into(),
        key.clone(),
    ])
    .await;
    assert_eq!(status, Some(3), "{out}{err}");
    assert!(
        out.contains("2 records") && out.contains("is not shown"),
        "{out}"
    );
    assert!(!out.contains("the whole chain,"), "{out}");
    let (status, out, _) = run_binary_status(vec![
        "verify".into(),
        stripped.display().to_string(),
        "--key".into(),
        key.clone(),
        "--json".into(),
    ])
    .await;
    assert_eq!(status, Some(3));
    let verdict: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(verdict["verdict"], "not_shown", "{out}");
    assert_eq!(verdict["records"], 2);
    assert_eq!(verdict["signature"], "checked");
    assert_eq!(verdict["leaves"], "agent");
    header["task_statement"] = statement.replace("\n4\n", "\n2\n").into();
    let edited = header.to_string();
    let (ok, _, err) = verify(
        &write("edited.ndjson", &[&edited, lines[1], lines[2]]),
        &key,
    )
    .await;
    assert!(!ok);
    assert!(
        err.contains("the task statement") && err.contains("does not verify"),
        "{err}"
    );
}

/// A cosignature line under `name`'s key `id` whose signature is random.
fn forged_line(name: &str, id: u32) -> String {
    let mut bytes = id.to_be_bytes().to_vec();
    bytes.extend_from_slice(&1_700_000_000u64.to_be_bytes());
    bytes.extend((0..64).map(|i| i as u8));
    format!(
        "\u{2014} {name} {}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    )
}

#[tokio::test]
async fn cosignatures_no_witness_made_are_never_served_and_the_real_ones_are_kept() {
    use crate::witness::service::{policy_of, witnessed_service};
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let db_url = format!("sqlite://{}", db.display());
    let log = witnessed_service(dir.path(), &db_url).await;
    for i in 0..3 {
        let answer = log
            .client
            .post(format!("{}/thoughts", log.url()))
            .json(&new_record("plan", "t", "a", &format!("{i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
    }
    log.witnessed_at(3).await;
    let policy = policy_of(&log);
    let key = |i: usize| {
        let k = &policy.witnesses[i].key;
        (k.name().to_string(), k.id())
    };
    // Ahead of size 4: a random signature under W1's key, and W2's key
    // with a line that has a line break in it.
    let (n1, id1) = key(0);
    let (n2, id2) = key(1);
    let forged = forged_line(&n1, id1);
    execute(
        &db_url,
        &format!(
            "INSERT INTO cosignatures (tree_size, witness, line) VALUES \
             (4, '{n1}+{id1:08x}', '{forged}'), (4, '{n2}+{id2:08x}', '{}' || char(10) || 'x')",
            forged_line(&n2, id2)
        ),
    )
    .await
    .unwrap();
    let answer = log
        .client
        .post(format!("{}/thoughts", log.url()))
        .json(&new_record("plan", "t", "a", "3"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 201);
    // The witnesses' own lines are kept beside the forged ones and make the
    // quorum; the forged ones are never served.
    let note = log.witnessed_at(4).await;
    assert!(!note.contains(&forged), "{note}");
    policy.check_note(&note).unwrap();
    let (status, at4) = log.checkpoint("?tree_size=4").await;
    assert_eq!(status, 200, "{at4}");
    assert!(!at4.contains(&forged));
    policy.check_note(&at4).unwrap();
    let (status, ready) = log.get("/readyz").await;
    assert_eq!(status, 503, "{ready}");
    assert!(
        ready.contains("log_altered") && ready.contains("size 4"),
        "{ready}"
    );
    let (_, metrics) = log.get("/metrics").await;
    assert!(
        metrics.contains("decision_trail_stored_rows_refused_total{table=\"cosignatures\"}"),
        "{metrics}"
    );
    let (ok, out, err) = run_binary(vec![
        "fsck".into(),
        db_url.clone(),
        "--witness-policy".into(),
        log.policy.display().to_string(),
    ])
    .await;
    assert!(!ok, "{out}{err}");
    assert!(
        out.contains("size 4") && out.contains("does not verify"),
        "{out}"
    );
    // verify names a note line that claims a policy key and does not verify.
    let bad_note = format!("{note}{forged}\n");
    let refusal = policy.check_note(&bad_note).unwrap_err().to_string();
    assert!(
        refusal.contains("does not verify") && refusal.contains("W1"),
        "{refusal}"
    );
}
