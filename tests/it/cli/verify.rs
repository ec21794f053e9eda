//! `decision-trail verify`, the binary, against exports and live services: what
//! checks passes, and every kind of tampering fails, naming what broke and where.

use std::path::{Path, PathBuf};

use crate::support::{new_record, run_binary, TestApp};

fn s(p: &Path) -> String {
    p.display().to_string()
}

async fn body(app: &TestApp, path: &str) -> String {
    let r = app.get(path).await;
    assert_eq!(r.status(), 200, "{path}");
    r.text().await.unwrap()
}

/// A service with two tasks, and a directory for the files the test writes.
async fn service() -> (TestApp, tempfile::TempDir) {
    let app = TestApp::spawn().await;
    for i in 0..8 {
        app.append(&new_record("decision", "task-a", "agent", &format!("a{i}")))
            .await;
        app.append(&new_record("plan", "task-b", "agent", &format!("b{i}")))
            .await;
    }
    (app, tempfile::tempdir().unwrap())
}

async fn save(app: &TestApp, dir: &Path, name: &str, path: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, body(app, path).await).unwrap();
    file
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_intact_export_verifies_offline_with_and_without_the_key() {
    let (app, dir) = service().await;
    let export = save(&app, dir.path(), "a.ndjson", "/tasks/task-a/export").await;
    let (ok, out, err) = run_binary(vec!["verify".into(), s(&export)]).await;
    assert!(ok, "{err}");
    assert!(out.contains("ok: task `task-a`: 8 records"), "{out}");
    assert!(
        out.contains("give --key"),
        "says what was not checked: {out}"
    );
    // Without a key the proofs are still checked, against the export's own root.
    assert!(
        out.contains("8 inclusion proofs lead to the root of the export's own checkpoint"),
        "{out}"
    );

    let key = save(&app, dir.path(), "key.txt", "/log/key").await;
    let (ok, out, err) =
        run_binary(vec!["verify".into(), s(&export), "--key".into(), s(&key)]).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("of 16 records verifies with the key; 8 inclusion proofs"),
        "{out}"
    );

    // The checkpoint fetched separately, and the key given as text.
    let checkpoint = save(&app, dir.path(), "cp.txt", "/log/checkpoint").await;
    let key_text = std::fs::read_to_string(&key).unwrap().trim().to_string();
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        s(&export),
        "--checkpoint".into(),
        s(&checkpoint),
        "--key".into(),
        key_text,
    ])
    .await;
    assert!(ok, "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_checkpoint_of_another_size_says_how_to_export_for_it() {
    let (app, dir) = service().await;
    let old = save(&app, dir.path(), "cp10.txt", "/log/checkpoint?tree_size=10").await;
    let export = save(&app, dir.path(), "a.ndjson", "/tasks/task-a/export").await;
    let key = save(&app, dir.path(), "key.txt", "/log/key").await;
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        s(&export),
        "--checkpoint".into(),
        s(&old),
        "--key".into(),
        s(&key),
    ])
    .await;
    assert!(!ok);
    assert!(err.contains("?tree_size=10"), "{err}");
    let matching = save(
        &app,
        dir.path(),
        "a10.ndjson",
        "/tasks/task-a/export?tree_size=10",
    )
    .await;
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        s(&matching),
        "--checkpoint".into(),
        s(&old),
        "--key".into(),
        s(&key),
    ])
    .await;
    assert!(ok, "{err}");
    assert!(
        out.contains("5 records"),
        "leaves 0..9 hold 5 of task-a: {out}"
    );
}

/// Rewrites line `n` (1-based) of a file with `edit`.
fn edit_line(file: &Path, n: usize, edit: impl Fn(&str) -> String) -> PathBuf {
    let text = std::fs::read_to_string(file).unwrap();
    let lines: Vec<String> = text
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let e = if i + 1 == n { edit(l) } else { l.to_string() };
            (!e.is_empty()).then_some(e)
        })
        .collect();
    let out = file.with_extension(format!("edit{n}"));
    std::fs::write(&out, lines.join("\n") + "\n").unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tampered_exports_fail_naming_the_line_and_the_break() {
    let (app, dir) = service().await;
    let export = save(&app, dir.path(), "a.ndjson", "/tasks/task-a/export").await;
    let key = save(&app, dir.path(), "key.txt", "/log/key").await;
    let check = |file: PathBuf| {
        let key = key.clone();
        async move { run_binary(vec!["verify".into(), s(&file), "--key".into(), s(&key)]).await }
    };

    // Line 4 is record seq 2 (line 1 is the header).
    let changed = edit_line(&export, 4, |l| {
        l.replace("\"content\":\"a2\"", "\"content\":\"A2\"")
    });
    let (ok, _, err) = check(changed).await;
    assert!(!ok);
    assert!(
        err.contains("line 4") && err.contains("seq 2") && err.contains("hash_mismatch"),
        "{err}"
    );
    // Which hash is which is said.
    assert!(
        err.contains("recomputed") && err.contains("stored"),
        "{err}"
    );

    // An agent id edited (the leaf covers it, the record hash does not):
    // caught without a key too, by the export's own proofs.
    let reattributed = edit_line(&export, 4, |l| {
        l.replace("\"agent_id\":\"agent\"", "\"agent_id\":\"mallory\"")
    });
    for with_key in [false, true] {
        let mut args = vec!["verify".into(), s(&reattributed)];
        if with_key {
            args.extend(["--key".into(), s(&key)]);
        }
        let (ok, out, err) = run_binary(args).await;
        assert!(!ok, "{out}");
        assert!(
            err.contains("line 4") && err.contains("not in the log"),
            "{err}"
        );
    }

    let dropped = edit_line(&export, 4, |_| String::new());
    let (ok, _, err) = check(dropped).await;
    assert!(!ok);
    assert!(err.contains("line 4") && err.contains("seq_gap"), "{err}");

    // A proof hash flipped: the record is no longer shown to be in the log.
    let proof_broken = edit_line(&export, 3, |l| {
        let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
        v["inclusion_proof"][0] = "00".repeat(32).into();
        v.to_string()
    });
    let (ok, _, err) = check(proof_broken).await;
    assert!(!ok);
    assert!(
        err.contains("line 3") && err.contains("not in the log"),
        "{err}"
    );

    // A signature that is not the log's.
    let other = TestApp::spawn().await;
    let other_key = save(&other, dir.path(), "other.txt", "/log/key").await;
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        s(&export),
        "--key".into(),
        s(&other_key),
    ])
    .await;
    assert!(!ok);
    assert!(
        err.contains("checkpoint") && err.contains("signature"),
        "{err}"
    );

    // A record from another task spliced in.
    let b = body(&app, "/tasks/task-b/export").await;
    let spliced_line = b.lines().nth(1).unwrap().to_string();
    let spliced = edit_line(&export, 9, |_| spliced_line.clone());
    let (ok, _, err) = check(spliced).await;
    assert!(!ok);
    assert!(err.contains("belongs to task `task-b`"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_service_is_checked_and_its_growth_proven_consistent() {
    let (app, dir) = service().await;
    let state = dir.path().join("state.json");
    let url = format!("http://{}", app.addr);
    let args = |task: bool| {
        let mut a = vec![
            "verify".into(),
            "--url".into(),
            url.clone(),
            "--state".into(),
            s(&state),
        ];
        if task {
            a.extend(["--task".to_string(), "task-b".to_string()]);
        }
        a
    };
    let (ok, out, err) = run_binary(args(true)).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("of 16 records") && out.contains("trusted on first use"),
        "{out}"
    );
    assert!(
        out.contains("ok: task `task-b`: 8 records") && out.contains("8 inclusion proofs"),
        "{out}"
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["logs"]["localhost/decision-trail"]["tree_size"], 16);

    for i in 0..5 {
        app.append(&new_record("plan", "task-b", "agent", &format!("more {i}")))
            .await;
    }
    let (ok, out, err) = run_binary(args(false)).await;
    assert!(ok, "{err}");
    assert!(
        out.contains("of 21 records") && out.contains("pinned in the state file"),
        "{out}"
    );
    assert!(
        out.contains("consistent with the checkpoint of 16 records"),
        "{out}"
    );
    let (ok, out, _) = run_binary(args(true)).await;
    assert!(ok && out.contains("13 records"), "{out}");
}

/// The operator rebuilds the log with the same key: different content, or fewer
/// records. A state file that accepted the real log catches both.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rebuilt_or_truncated_log_is_caught_by_the_state_file() {
    if crate::support::sqlite_only("forges a second SQLite history under the same key") {
        return;
    }
    let (app, dir) = service().await;
    let state = dir.path().join("state.json");
    let url = format!("http://{}", app.addr);
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        "--url".into(),
        url.clone(),
        "--state".into(),
        s(&state),
    ])
    .await;
    assert!(ok, "{err}");
    let key_file = app.db_path.parent().unwrap().join("log-signing.key");

    // Same key, a history that differs from leaf 3 on, and more records.
    for (records, expect) in [
        (20, "rewritten"),
        (10, "shrank"),
        (16, "two different roots"),
    ] {
        let forged_dir = std::sync::Arc::new(tempfile::tempdir().unwrap());
        std::fs::copy(&key_file, forged_dir.path().join("log-signing.key")).unwrap();
        let forged = TestApp::builder()
            .database(forged_dir.path().join("trail.db"), Some(forged_dir.clone()))
            .spawn()
            .await;
        for i in 0..records {
            forged
                .append(&new_record(
                    "decision",
                    "task-a",
                    "agent",
                    &format!("forged {i}"),
                ))
                .await;
        }
        // The state is kept per log (origin and key), wherever the log is
        // reached: the forged service, at another address, is held to it.
        let forged_url = format!("http://{}", forged.addr);
        let forged_state = dir.path().join(format!("forged-{records}.json"));
        std::fs::copy(&state, &forged_state).unwrap();
        let (ok, _, err) = run_binary(vec![
            "verify".into(),
            "--url".into(),
            forged_url,
            "--state".into(),
            s(&forged_state),
        ])
        .await;
        assert!(!ok, "{records} records: must fail");
        assert!(err.contains(expect), "{records}: {err}");
        let after: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&forged_state).unwrap()).unwrap();
        assert_eq!(
            after["logs"]["localhost/decision-trail"]["tree_size"], 16,
            "a failed run keeps the accepted state"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_that_differs_from_the_pinned_one_is_refused() {
    let (app, dir) = service().await;
    let other = TestApp::spawn().await;
    let other_key = body(&other, "/log/key").await;
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        "--url".into(),
        format!("http://{}", app.addr),
        "--key".into(),
        other_key.trim().into(),
        "--state".into(),
        s(&dir.path().join("st.json")),
    ])
    .await;
    assert!(!ok);
    assert!(err.contains("not the trusted"), "{err}");
    let (ok, _, err) = run_binary(vec![
        "verify".into(),
        "--url".into(),
        "https://example.invalid".into(),
    ])
    .await;
    assert!(!ok && err.contains("only http://"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_service_with_keys_is_checked_with_a_token() {
    use decision_trail::domain::api_keys::{token_from_bytes, KeyEntry, KeyRing, Role};
    let token = token_from_bytes(&[9; 32]);
    let ring = KeyRing::parse(
        &KeyEntry::new(&token, "auditor", Role::Reader, None)
            .unwrap()
            .to_line(),
    )
    .unwrap();
    let app = TestApp::builder().keys(ring).spawn().await;
    let dir = tempfile::tempdir().unwrap();
    let state = s(&dir.path().join("state.json"));
    let url = format!("http://{}", app.addr);
    let base = vec![
        "verify".to_string(),
        "--url".into(),
        url,
        "--state".into(),
        state,
    ];
    let (ok, _, err) = run_binary(base.clone()).await;
    assert!(!ok);
    assert!(err.contains("401"), "{err}");
    assert!(
        err.contains("pass --token TOKEN"),
        "the refusal says what to pass: {err}"
    );
    let mut with_token = base.clone();
    with_token.extend(["--token".to_string(), token.clone()]);
    let (ok, out, err) = run_binary(with_token).await;
    assert!(ok, "{err}");
    assert!(out.contains("of 0 records"), "{out}");
}

/// The state lives in the user's state directory by default, and is kept per
/// log, not per URL: `localhost` and `127.0.0.1` are the same log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_is_per_log_in_the_user_state_directory() {
    let (app, dir) = service().await;
    let run_in = |url: String| {
        let home = dir.path().to_path_buf();
        tokio::task::spawn_blocking(move || {
            let out = std::process::Command::new(crate::support::BIN)
                .args(["verify", "--url", &url, "--task", "task-a"])
                .env("XDG_STATE_HOME", &home)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8(out.stdout).unwrap()
        })
    };
    let port = app.addr.port();
    let first = run_in(format!("http://127.0.0.1:{port}")).await.unwrap();
    assert!(first.contains("first check"), "{first}");
    let state = dir.path().join("decision-trail").join("verify.json");
    assert!(first.contains(&state.display().to_string()), "{first}");
    app.append(&new_record("plan", "task-a", "agent", "more"))
        .await;
    let second = run_in(format!("http://localhost:{port}")).await.unwrap();
    assert!(
        second.contains("consistent with the checkpoint of 16 records accepted before"),
        "{second}"
    );
    let saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    assert_eq!(saved["logs"].as_object().unwrap().len(), 1);
    assert_eq!(saved["logs"]["localhost/decision-trail"]["tree_size"], 17);
}

/// A service that starts serving another log (new origin, new key) at a URL
/// checked before is refused, not trusted on first use again; so is a key
/// known from one log signing another (a rebuild under a new origin).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_log_at_a_known_url_or_under_a_known_key_is_refused() {
    let (app, dir) = service().await;
    let state = dir.path().join("state.json");
    let url = format!("http://{}", app.addr);
    let check = |url: String, state: PathBuf| async move {
        run_binary(vec![
            "verify".into(),
            "--url".into(),
            url,
            "--state".into(),
            s(&state),
        ])
        .await
    };
    let (ok, _, err) = check(url.clone(), state.clone()).await;
    assert!(ok, "{err}");
    // Another log, with its own key and origin, now at the URL checked before.
    let other = TestApp::builder()
        .config(|c| c.origin = "other.example/log".into())
        .spawn()
        .await;
    let other_url = format!("http://{}", other.addr);
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    let seen = saved["urls"][&url].clone();
    assert_eq!(seen["origin"], "localhost/decision-trail");
    saved["urls"][&other_url] = seen;
    let moved = dir.path().join("moved.json");
    std::fs::write(&moved, saved.to_string()).unwrap();
    let (ok, _, err) = check(other_url.clone(), moved).await;
    assert!(!ok);
    assert!(
        err.contains("served the log `localhost/decision-trail`")
            && err.contains("other.example/log"),
        "{err}"
    );
    // The first log's key, known from a log of another origin: a rebuild.
    let mut saved: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&state).unwrap()).unwrap();
    let accepted = saved["logs"]["localhost/decision-trail"].clone();
    saved["logs"] = serde_json::json!({"old.example/log": accepted});
    saved["urls"] = serde_json::json!({});
    let rebuilt = dir.path().join("rebuilt.json");
    std::fs::write(&rebuilt, saved.to_string()).unwrap();
    let (ok, _, err) = check(url, rebuilt.clone()).await;
    assert!(!ok);
    assert!(
        err.contains("signed the log `old.example/log` before"),
        "{err}"
    );
    // The refusal says which file to edit.
    assert!(
        err.contains(&format!("from the state file {}", rebuilt.display())),
        "{err}"
    );
}
