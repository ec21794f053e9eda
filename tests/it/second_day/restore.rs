//! Backup and restore that never fork the log, against the binary: a backup
//! taken while appends run, restored after the live log signed more, is
//! refused at start naming both sizes; `log import` brings it to the signed
//! checkpoint and a monitor that followed the live log passes against it;
//! `log rotate` is the other way on, followed through its successor
//! statement; and no size is ever signed with two roots. A legal hold
//! placed after the backup stands again once its record is imported.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use decision_trail::domain::checkpoint::{open_checkpoint, open_successor, LogSigner};
use serde_json::Value;

use crate::support::{new_record, run_binary, serve_binary, serve_refused, sqlite_only, Served};

/// A served binary, stopped when dropped.
struct Service(Served);

impl Drop for Service {
    fn drop(&mut self) {
        let _ = self.0.child.kill();
        let _ = self.0.child.wait();
    }
}

impl Service {
    fn url(&self) -> String {
        format!("http://{}", self.0.addr)
    }
}

/// Appends over 8 connections until `stop`, counting the 201s; any other
/// answer fails the test.
async fn load(url: String, stop: Arc<AtomicBool>, done: Arc<AtomicUsize>) {
    let client = reqwest::Client::new();
    let workers = (0..8).map(|w| {
        let (client, url, stop, done) = (client.clone(), url.clone(), stop.clone(), done.clone());
        tokio::spawn(async move {
            let mut i = 0;
            while !stop.load(Ordering::Relaxed) {
                let body = new_record("analysis", &format!("task-{w}"), "loader", &format!("{i}"));
                let answer = client
                    .post(format!("{url}/thoughts"))
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(answer.status(), 201);
                done.fetch_add(1, Ordering::Relaxed);
                i += 1;
            }
        })
    });
    for w in futures_util::future::join_all(workers).await {
        w.unwrap();
    }
}

async fn append(url: &str, n: usize, task: &str) {
    let client = reqwest::Client::new();
    for i in 0..n {
        let answer = client
            .post(format!("{url}/thoughts"))
            .json(&new_record("decision", task, "after", &format!("{i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
    }
}

async fn text(url: &str) -> String {
    let answer = reqwest::get(url).await.unwrap();
    assert_eq!(answer.status(), 200, "{url}");
    answer.text().await.unwrap()
}

/// `decision-trail verify --url URL --state STATE [extra]`: (ok, stdout, stderr).
async fn monitor(url: &str, state: &Path, extra: &[&str]) -> (bool, String, String) {
    let mut args = vec![
        "verify".to_string(),
        "--url".into(),
        url.into(),
        "--state".into(),
        state.display().to_string(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    run_binary(args).await
}

/// Every checkpoint a SQLite file and its checkpoint copy hold: size → roots.
async fn signed(db: &Path, copy: &Path, all: &mut BTreeMap<(String, u64), Vec<String>>) {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}?mode=ro", db.display()))
        .await
        .unwrap();
    let rows: Vec<(String,)> = sqlx::query_as("SELECT note FROM checkpoints")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let mut notes: Vec<String> = rows.into_iter().map(|(n,)| n).collect();
    for line in std::fs::read_to_string(copy).unwrap_or_default().lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        notes.push(v["note"].as_str().unwrap().to_string());
    }
    for note in notes {
        let (size, root) = decision_trail::domain::checkpoint::note_checkpoint(&note).unwrap();
        let origin = note.lines().next().unwrap().to_string();
        let roots = all.entry((origin, size)).or_default();
        let root = decision_trail::domain::merkle::to_hex(&root);
        if !roots.contains(&root) {
            roots.push(root);
        }
    }
}

fn no_size_signed_twice(all: &BTreeMap<(String, u64), Vec<String>>) {
    for ((origin, size), roots) in all {
        assert_eq!(
            roots.len(),
            1,
            "{origin} size {size} was signed with roots {roots:?}"
        );
    }
}

/// A restored copy of `backup` in a new folder, with the live log's key.
fn restore(backup: &Path, key: &Path, to: &Path) -> PathBuf {
    std::fs::create_dir_all(to).unwrap();
    for file in ["decision-trail.db", "checkpoints.ndjson"] {
        std::fs::copy(backup.join(file), to.join(file)).unwrap();
    }
    std::fs::copy(key, to.join("log-signing.key")).unwrap();
    to.join("decision-trail.db")
}

/// The live log under load, backed up mid-load, then grown past the backup.
struct Scenario {
    dir: tempfile::TempDir,
    live: Option<Service>,
    backup: PathBuf,
    key: PathBuf,
    /// The monitor's state file, which followed the live log.
    state: PathBuf,
    /// The live log's newest checkpoint, as a monitor kept it.
    seen: PathBuf,
    backed_up: u64,
    signed: u64,
}

async fn scenario() -> Scenario {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("live/trail.db");
    std::fs::create_dir_all(db.parent().unwrap()).unwrap();
    let live = Service(serve_binary(&db, &[]));
    let state = dir.path().join("monitor.json");
    let (stop, done) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicUsize::new(0)),
    );
    let loading = tokio::spawn(load(live.url(), stop.clone(), done.clone()));
    while done.load(Ordering::Relaxed) < 200 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (ok, out, err) = monitor(&live.url(), &state, &[]).await;
    assert!(ok, "{out}{err}");
    // Backed up while the appends go on.
    let backup = dir.path().join("backup");
    let (ok, out, err) = run_binary(vec![
        "backup".into(),
        backup.display().to_string(),
        "--database-url".into(),
        format!("sqlite://{}", db.display()),
    ])
    .await;
    assert!(ok, "{out}{err}");
    let before = done.load(Ordering::Relaxed);
    // A legal hold placed after the backup, amid the appends: on the trail.
    let held = reqwest::Client::new()
        .put(format!("{}/tasks/task-0/hold", live.url()))
        .json(&serde_json::json!({"reason": "litigation 2026-7"}))
        .send()
        .await
        .unwrap();
    assert_eq!(held.status(), 201);
    while done.load(Ordering::Relaxed) < before + 200 {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (ok, out, err) = monitor(&live.url(), &state, &[]).await;
    assert!(ok, "{out}{err}");
    stop.store(true, Ordering::Relaxed);
    loading.await.unwrap();
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(backup.join("manifest.json")).unwrap())
            .unwrap();
    let backed_up = manifest["checkpoint"]["tree_size"].as_u64().unwrap();
    assert!(backed_up >= 200, "{manifest}");
    assert!(
        !backup.join("log-signing.key").exists(),
        "the key is copied only when asked"
    );
    let note = text(&format!("{}/log/checkpoint", live.url())).await;
    let key = dir.path().join("live/log-signing.key");
    let vkey = LogSigner::from_signer_key(&std::fs::read_to_string(&key).unwrap())
        .unwrap()
        .verifier_key()
        .to_string();
    assert_eq!(manifest["verifier_key"], vkey.as_str());
    assert!(open_checkpoint(manifest["checkpoint"]["note"].as_str().unwrap(), &vkey).is_ok());
    let signed = open_checkpoint(&note, &vkey).unwrap().size;
    assert!(signed >= backed_up + 200, "{signed} {backed_up}");
    let seen = dir.path().join("seen.checkpoint");
    std::fs::write(&seen, &note).unwrap();
    Scenario {
        dir,
        live: Some(live),
        backup,
        key,
        state,
        seen,
        backed_up,
        signed,
    }
}

#[tokio::test]
async fn a_restored_backup_is_refused_until_log_import_brings_it_to_what_was_signed() {
    if sqlite_only("`backup` copies a SQLite file") {
        return;
    }
    let mut s = scenario().await;
    let db = restore(&s.backup, &s.key, &s.dir.path().join("restored"));
    let url = format!("sqlite://{}", db.display());
    // Started as an operator would, with the checkpoint a monitor kept: refused,
    // naming both sizes and both ways on, before anything is signed.
    let seen = s.seen.to_str().unwrap().to_string();
    let said = serve_refused(&url, &["--signed-checkpoint", &seen]).await;
    assert!(
        said.contains(&format!("holds {} records", s.backed_up))
            && said.contains(&format!("signed {}", s.signed)),
        "{said}"
    );
    assert!(
        said.contains("log import") && said.contains("log rotate"),
        "{said}"
    );
    let said = serve_refused(&url, &["--signed-at-least", &s.signed.to_string()]).await;
    assert!(said.contains("--signed-at-least says"), "{said}");
    // The missing records, brought back from the live service.
    let live_url = s.live.as_ref().unwrap().url();
    let (ok, out, err) = run_binary(vec![
        "log".into(),
        "import".into(),
        live_url.clone(),
        "--database-url".into(),
        url.clone(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("log_index {} to {}", s.backed_up, s.signed - 1)),
        "{out}"
    );
    drop(s.live.take());
    let (ok, out, err) = run_binary(vec!["fsck".into(), url.clone()]).await;
    assert!(ok, "{out}{err}");
    let restored = Service(serve_binary(&db, &["--signed-checkpoint", &seen]));
    // The hold placed after the backup stands again: import replays the trail's.
    let hold: Value =
        serde_json::from_str(&text(&format!("{}/tasks/task-0/hold", restored.url())).await)
            .unwrap();
    assert_eq!(hold["reason"], "litigation 2026-7", "{hold}");
    // The monitor that followed the live log finds the same log, and it grows.
    let (ok, out, err) = monitor(&restored.url(), &s.state, &[]).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("consistent with the checkpoint"), "{out}");
    append(&restored.url(), 5, "after-restore").await;
    let (ok, out, err) = monitor(&restored.url(), &s.state, &[]).await;
    assert!(ok, "{out}{err}");
    drop(restored);
    let mut all = BTreeMap::new();
    let live = s.dir.path().join("live");
    signed(
        &live.join("trail.db"),
        &live.join("checkpoints.ndjson"),
        &mut all,
    )
    .await;
    let restored = s.dir.path().join("restored");
    signed(&db, &restored.join("checkpoints.ndjson"), &mut all).await;
    no_size_signed_twice(&all);
    assert!(all.keys().any(|(_, size)| *size == s.signed + 5));
}

#[tokio::test]
async fn a_restored_backup_rotated_to_a_new_log_is_followed_by_its_successor_statement() {
    if sqlite_only("`backup` and `log rotate` are SQLite's") {
        return;
    }
    let mut s = scenario().await;
    drop(s.live.take());
    let dir = s.dir.path().join("rotated");
    let db = restore(&s.backup, &s.key, &dir);
    let url = format!("sqlite://{}", db.display());
    let old_vkey = LogSigner::from_signer_key(&std::fs::read_to_string(&s.key).unwrap())
        .unwrap()
        .verifier_key()
        .to_string();
    let (ok, out, err) = run_binary(vec![
        "log".into(),
        "rotate".into(),
        "--origin".into(),
        "example.com/trail-2".into(),
        "--database-url".into(),
        url.clone(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    let new_vkey =
        LogSigner::from_signer_key(&std::fs::read_to_string(dir.join("log-signing.key")).unwrap())
            .unwrap()
            .verifier_key()
            .to_string();
    assert_ne!(new_vkey, old_vkey);
    let served = Service(serve_binary(&db, &["--origin", "example.com/trail-2"]));
    // The successor statement verifies with the old key and names the new log.
    let statement = text(&format!("{}/log/successor", served.url())).await;
    let successor = open_successor(&statement, &old_vkey).unwrap();
    assert_eq!(successor.old_size, s.backed_up);
    assert_eq!(successor.new_origin, "example.com/trail-2");
    assert_eq!(successor.new_key, new_vkey);
    assert!(open_successor(&statement, &new_vkey).is_err());
    // The trail browser names the log, and the one it continues.
    let page = text(&format!("{}/ui/log", served.url())).await;
    assert!(page.contains("example.com/trail-2"), "{page}");
    assert!(
        page.contains("continues") && page.contains("localhost/decision-trail"),
        "{page}"
    );
    // A monitor that pinned the old key follows it, and says what the new
    // log lacks of the old one.
    let (ok, out, err) = monitor(&served.url(), &s.state, &["--key", &old_vkey]).await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("followed the log `localhost/decision-trail`"),
        "{out}"
    );
    assert!(
        out.contains("WARNING")
            && out.contains(&format!(
                "from log_index {} are not in the new log",
                s.backed_up
            )),
        "{out}"
    );
    // The new log's receipts verify with the new key, not the old.
    append(&served.url(), 3, "new-log").await;
    let page: Value =
        serde_json::from_str(&text(&format!("{}/thoughts?task_id=new-log", served.url())).await)
            .unwrap();
    let id = page["records"][2]["id"].as_str().unwrap().to_string();
    let proof = reqwest::Client::new()
        .get(format!("{}/thoughts/{id}/receipt", served.url()))
        .header("accept", "application/x.tlog-proof")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let file = s.dir.path().join("receipt.tlog-proof");
    std::fs::write(&file, proof).unwrap();
    let verify = |key: &str| {
        run_binary(vec![
            "verify".into(),
            file.display().to_string(),
            "--key".into(),
            key.into(),
        ])
    };
    let (ok, out, err) = verify(&new_vkey).await;
    assert!(ok, "{out}{err}");
    let (ok, ..) = verify(&old_vkey).await;
    assert!(!ok, "the old key signs nothing of the new log");
    // The monitor goes on with the new log.
    let (ok, out, err) = monitor(&served.url(), &s.state, &[]).await;
    assert!(ok, "{out}{err}");
    drop(served);
    let mut all = BTreeMap::new();
    let live = s.dir.path().join("live");
    signed(
        &live.join("trail.db"),
        &live.join("checkpoints.ndjson"),
        &mut all,
    )
    .await;
    signed(&db, &dir.join("checkpoints.ndjson"), &mut all).await;
    no_size_signed_twice(&all);
}
