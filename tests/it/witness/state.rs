//! A witness does not trust its own database (docs/design.md §2,
//! "Witnesses"), against the real binary: its append-only copy of what it
//! cosigned, beside its key, refuses a database restored to an earlier state
//! or deleted (which would let it cosign a fork at a size it cosigned), unless
//! the operator says so; two keys in one folder keep two states.

use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::Value;

use super::{add_checkpoint, witness_key, ForeignLog, WitnessProcess};
use crate::support::BIN;

/// `decision-trail witness` with `key`, `logs` and `extra`: the running
/// witness, or what it said when it refused to start.
fn start(key: &Path, logs: &Path, extra: &[&str]) -> Result<WitnessProcess, String> {
    let mut child = Command::new(BIN)
        .args([
            "witness",
            "--listen",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--key",
        ])
        .arg(key)
        .arg("--logs")
        .arg(logs)
        .args(extra)
        .env("RUST_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    for line in lines.by_ref() {
        let v: Value = serde_json::from_str(&line.unwrap()).unwrap_or(Value::Null);
        if let Some(listen) = v["fields"]["listen"].as_str() {
            let addr = listen.parse().unwrap();
            let vkey = v["fields"]["vkey"].as_str().unwrap().to_string();
            std::thread::spawn(move || for _ in lines {});
            return Ok(WitnessProcess { child, addr, vkey });
        }
    }
    let out = child.wait_with_output().unwrap();
    Err(String::from_utf8_lossy(&out.stderr).into_owned())
}

/// Makes the SQLite database `to` (with its WAL) what `from` is: a copy,
/// or nothing when `from` does not exist.
fn files(from: &Path, to: &Path) {
    for suffix in ["", "-wal", "-shm"] {
        let (source, target) = (
            format!("{}{suffix}", from.display()),
            format!("{}{suffix}", to.display()),
        );
        let _ = std::fs::remove_file(&target);
        if Path::new(&source).exists() {
            std::fs::copy(&source, &target).unwrap();
        }
    }
}

#[tokio::test]
async fn a_restored_or_deleted_database_is_refused_unless_the_operator_accepts_it() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("w.key");
    witness_key("w.example/w", &key);
    let mut log = ForeignLog::new("example.com/log");
    let logs = dir.path().join("w.logs");
    std::fs::write(&logs, format!("log {}\n", log.vkey)).unwrap();
    // Each key keeps its state beside it by default.
    let db = dir.path().join("w.key.db");

    let witness = start(&key, &logs, &[]).unwrap();
    log.grow(3, "a");
    let (status, _, body) = add_checkpoint(&witness.url(), log.request(0)).await;
    assert_eq!(status, 200, "{body}");
    drop(witness);
    let at_three = dir.path().join("at-three");
    files(&db, &at_three);

    let witness = start(&key, &logs, &[]).unwrap();
    log.grow(5, "a");
    let (status, _, body) = add_checkpoint(&witness.url(), log.request(3)).await;
    assert_eq!(status, 200, "{body}");
    drop(witness);
    let copy = std::fs::read_to_string(dir.path().join("w.key.cosigned")).unwrap();
    assert_eq!(copy.lines().count(), 2, "{copy}");

    // Restored to size 3: refused, naming the sizes.
    files(&at_three, &db);
    let refused = start(&key, &logs, &[]).unwrap_err();
    assert!(
        refused.contains("size 3")
            && refused.contains("size 5")
            && refused.contains("--accept-database"),
        "{refused}"
    );
    // Deleted: refused too.
    files(&dir.path().join("nothing"), &db);
    let refused = start(&key, &logs, &[]).unwrap_err();
    assert!(refused.contains("no state for the log"), "{refused}");

    // The operator accepts the (empty) database: it starts, and the copy
    // says so; a fork at size 5 is then cosignable, by the operator's choice.
    let witness = start(&key, &logs, &["--accept-database"]).unwrap();
    let copy = std::fs::read_to_string(dir.path().join("w.key.cosigned")).unwrap();
    assert!(copy.ends_with("reset example.com/log\n"), "{copy}");
    let mut fork = log.fork();
    fork.grow(5, "b");
    let (status, _, body) = add_checkpoint(&witness.url(), fork.request(0)).await;
    assert_eq!(status, 200, "{body}");
    drop(witness);
    // And from then on it is held to that fork.
    let witness = start(&key, &logs, &[]).unwrap();
    let (status, _, _) = add_checkpoint(&witness.url(), log.request(5)).await;
    assert_eq!(status, 409);
    drop(witness);
    // A database ahead of the copy (never answered for), or a copy deleted
    // beside a database with state, is refused too.
    let at_five = dir.path().join("at-five");
    files(&db, &at_five);
    let witness = start(&key, &logs, &[]).unwrap();
    fork.grow(8, "b");
    let (status, _, body) = add_checkpoint(&witness.url(), fork.request(5)).await;
    assert_eq!(status, 200, "{body}");
    drop(witness);
    let copy_file = dir.path().join("w.key.cosigned");
    let lines = std::fs::read_to_string(&copy_file).unwrap();
    let without_last: String = lines
        .lines()
        .take(lines.lines().count() - 1)
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&copy_file, without_last).unwrap();
    let refused = start(&key, &logs, &[]).unwrap_err();
    assert!(refused.contains("ahead of size 5"), "{refused}");
    std::fs::remove_file(&copy_file).unwrap();
    let refused = start(&key, &logs, &[]).unwrap_err();
    assert!(refused.contains("is missing"), "{refused}");
    let _ = at_five;
}

#[tokio::test]
async fn two_keys_in_one_folder_keep_two_states() {
    let dir = tempfile::tempdir().unwrap();
    let mut log = ForeignLog::new("example.com/log");
    let logs = dir.path().join("logs");
    std::fs::write(&logs, format!("log {}\n", log.vkey)).unwrap();
    let (k1, k2) = (dir.path().join("one.key"), dir.path().join("two.key"));
    witness_key("one.example/w", &k1);
    witness_key("two.example/w", &k2);
    let one = start(&k1, &logs, &[]).unwrap();
    let two = start(&k2, &logs, &[]).unwrap();
    log.grow(4, "a");
    // Each witness answers from its own state: both cosign from size 0.
    for w in [&one, &two] {
        let (status, _, body) = add_checkpoint(&w.url(), log.request(0)).await;
        assert_eq!(status, 200, "{body}");
    }
    assert!(dir.path().join("one.key.db").exists());
    assert!(dir.path().join("two.key.db").exists());
    assert!(!dir.path().join("witness.db").exists());
}

#[tokio::test]
async fn the_state_an_earlier_release_shared_is_not_taken_silently() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("w.key");
    witness_key("w.example/w", &key);
    let log = ForeignLog::new("example.com/log");
    let logs = dir.path().join("w.logs");
    std::fs::write(&logs, format!("log {}\n", log.vkey)).unwrap();
    std::fs::write(dir.path().join("witness.db"), b"").unwrap();
    let refused = start(&key, &logs, &[]).unwrap_err();
    assert!(refused.contains("--database-url"), "{refused}");
}
