//! Keys without restarts, against the binary: `keys list` and `keys
//! revoke`, a running service that drops a revoked key at its next look at
//! the file (it looks every 200 ms) while the others work on, one that
//! keeps its keys when the file is broken, and SIGHUP.

use std::time::{Duration, Instant};

use crate::support::{add_key, run_binary, serve_binary, BIN};

/// GET /tasks with `token`: the status.
async fn status(client: &reqwest::Client, base: &str, token: &str) -> u16 {
    client
        .get(format!("{base}/tasks"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// Waits (a generous deadline, not a timing claim) until `token` gets `want`.
async fn until(client: &reqwest::Client, base: &str, token: &str, want: u16) -> Duration {
    let from = Instant::now();
    loop {
        let got = status(client, base, token).await;
        if got == want {
            return from.elapsed();
        }
        assert!(
            from.elapsed() < Duration::from_secs(10),
            "still {got}, not {want}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_revoked_key_is_refused_by_the_running_service_and_the_others_work_on() {
    let dir = tempfile::tempdir().unwrap();
    let keys = dir.path().join("keys.jsonl");
    let writer = add_key(&keys, "planner-1", "writer");
    let admin = add_key(&keys, "dpo", "admin");
    let out = std::process::Command::new(BIN)
        .args([
            "keys",
            "add",
            "--role",
            "reader",
            "--agent-id",
            "auditor",
            "--label",
            "the auditor's laptop",
            "--keys-file",
        ])
        .arg(&keys)
        .output()
        .unwrap();
    assert!(out.status.success());
    let reader = String::from_utf8(out.stdout).unwrap().trim().to_string();
    let said = String::from_utf8(out.stderr).unwrap();
    assert!(said.contains("added a reader key"), "{said}");
    let out = std::process::Command::new(BIN)
        .args([
            "keys",
            "add",
            "--role",
            "admin",
            "--agent-id",
            "dpo-2",
            "--keys-file",
        ])
        .arg(&keys)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("added an admin key"));
    let (ok, list, err) = run_binary(vec![
        "keys".into(),
        "list".into(),
        "--keys-file".into(),
        keys.display().to_string(),
    ])
    .await;
    assert!(ok, "{err}");
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 5, "{list}");
    assert!(lines[0].starts_with("FINGERPRINT"), "{list}");
    let auditor = lines.iter().find(|l| l.contains("auditor")).unwrap();
    assert!(
        auditor.contains("reader") && auditor.ends_with("the auditor's laptop"),
        "{list}"
    );
    assert!(
        !list.contains(&writer) && !list.contains("sha256:"),
        "no token, no whole hash"
    );
    let fingerprint = auditor.split_whitespace().next().unwrap().to_string();
    assert_eq!(fingerprint.len(), 12);

    let db = dir.path().join("trail.db");
    let mut served = serve_binary(&db, &["--keys-file", keys.to_str().unwrap()]);
    let base = format!("http://{}", served.addr);
    let client = reqwest::Client::new();
    for token in [&writer, &admin, &reader] {
        assert_eq!(status(&client, &base, token).await, 200);
    }
    // Revoked by fingerprint while the service runs.
    let (ok, out, err) = run_binary(vec![
        "keys".into(),
        "revoke".into(),
        fingerprint.clone(),
        "--keys-file".into(),
        keys.display().to_string(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("revoked the reader key"), "{out}");
    let took = until(&client, &base, &reader, 401).await;
    eprintln!("a revoked key was refused {took:?} after the file changed");
    assert_eq!(status(&client, &base, &writer).await, 200);
    assert_eq!(status(&client, &base, &admin).await, 200);
    // Revoked by agent.
    let (ok, ..) = run_binary(vec![
        "keys".into(),
        "revoke".into(),
        "planner-1".into(),
        "--keys-file".into(),
        keys.display().to_string(),
    ])
    .await;
    assert!(ok);
    until(&client, &base, &writer, 401).await;
    assert_eq!(status(&client, &base, &admin).await, 200);
    // A name that is no key's is refused, and changes nothing.
    let (ok, _, err) = run_binary(vec![
        "keys".into(),
        "revoke".into(),
        "nobody".into(),
        "--keys-file".into(),
        keys.display().to_string(),
    ])
    .await;
    assert!(!ok && err.contains("no key"), "{err}");

    // A broken file keeps the keys in force, and says so.
    let kept = std::fs::read_to_string(&keys).unwrap();
    std::fs::write(&keys, format!("{kept}not a key\n")).unwrap();
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(status(&client, &base, &admin).await, 200);
    let metrics = client
        .get(format!("{base}/metrics"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        metrics.contains("decision_trail_keys_reloads_total{outcome=\"refused\"} 1"),
        "{metrics}"
    );
    // Fixed by hand, with a key added, and SIGHUP: the new set.
    std::fs::write(&keys, &kept).unwrap();
    let late = add_key(&keys, "late-agent", "reader");
    // SAFETY: a signal to the child this test started.
    unsafe { libc::kill(served.child.id() as i32, libc::SIGHUP) };
    until(&client, &base, &late, 200).await;
    let _ = served.child.kill();
    let _ = served.child.wait();
}
