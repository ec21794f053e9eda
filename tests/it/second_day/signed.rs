//! What the log's key signed, learned at start from every source: an
//! operator's `--signed-at-least` and `--signed-checkpoint` (on both
//! backends), and the witnesses of a policy, which remember what they
//! cosigned when the database and its copy are gone.

use crate::support::{database_url, new_record, serve_database, serve_refused, sqlite_only};
use crate::witness::service::witnessed_service;

#[tokio::test]
async fn a_database_behind_the_size_an_operator_states_is_refused_and_one_that_holds_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    let url = database_url(&dir.path().join("trail.db")).await;
    let key = crate::support::signing_key_beside(&dir.path().join("log"));
    let copy = dir.path().join("checkpoints.ndjson");
    let flags = |extra: &[&str]| -> Vec<String> {
        let mut all = vec![
            "--signing-key-file".to_string(),
            key.display().to_string(),
            "--checkpoint-file".into(),
            copy.display().to_string(),
        ];
        all.extend(extra.iter().map(|s| s.to_string()));
        all
    };
    let args = flags(&[]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut served = serve_database(&url, &args);
    let client = reqwest::Client::new();
    let base = format!("http://{}", served.addr);
    for i in 0..6 {
        let answer = client
            .post(format!("{base}/thoughts"))
            .json(&new_record("plan", "t", "a", &format!("{i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
    }
    let note = client
        .get(format!("{base}/log/checkpoint"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let _ = served.child.kill();
    let _ = served.child.wait();
    // More than the database holds: refused, naming both sizes.
    let args = flags(&["--signed-at-least", "9"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let said = serve_refused(&url, &args).await;
    assert!(
        said.contains("holds 6 records, but --signed-at-least says this log's key signed 9"),
        "{said}"
    );
    // A checkpoint of another history at the same size: two roots for one size.
    let other_dir = tempfile::tempdir().unwrap();
    let other = decision_trail::domain::checkpoint::LogSigner::from_signer_key(
        &std::fs::read_to_string(&key).unwrap(),
    )
    .unwrap()
    .sign_checkpoint(
        decision_trail::store::DEFAULT_ORIGIN,
        6,
        decision_trail::domain::merkle::Hash([3; 32]),
    );
    let forged = other_dir.path().join("other.checkpoint");
    std::fs::write(&forged, other).unwrap();
    let args = flags(&["--signed-checkpoint", forged.to_str().unwrap()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let said = serve_refused(&url, &args).await;
    assert!(
        said.contains("two different roots were signed for size 6"),
        "{said}"
    );
    // What the database holds, stated either way: it starts.
    let seen = other_dir.path().join("seen.checkpoint");
    std::fs::write(&seen, note).unwrap();
    let args = flags(&[
        "--signed-at-least",
        "6",
        "--signed-checkpoint",
        seen.to_str().unwrap(),
    ]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mut served = serve_database(&url, &args);
    let _ = served.child.kill();
    let _ = served.child.wait();
}

#[tokio::test]
async fn only_the_key_left_under_a_two_of_three_policy_is_refused_naming_the_witnesses() {
    if sqlite_only("deletes the SQLite file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("trail.db");
    let url = format!("sqlite://{}", db.display());
    let mut log = witnessed_service(dir.path(), &url).await;
    let client = reqwest::Client::new();
    for i in 0..12 {
        let answer = client
            .post(format!("{}/thoughts", log.url()))
            .json(&new_record("plan", "t", "a", &format!("{i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
    }
    // A quorum of the witnesses cosigned 12.
    log.witnessed_at(12).await;
    let _ = log.served.child.kill();
    let _ = log.served.child.wait();
    for file in [
        "trail.db",
        "trail.db-wal",
        "trail.db-shm",
        "checkpoints.ndjson",
    ] {
        let _ = std::fs::remove_file(dir.path().join(file));
    }
    let said = serve_refused(
        &url,
        &[
            "--signing-key-file",
            log.signing_key.to_str().unwrap(),
            "--checkpoint-file",
            dir.path().join("checkpoints.ndjson").to_str().unwrap(),
            "--witness-policy",
            log.policy.to_str().unwrap(),
        ],
    )
    .await;
    assert!(said.contains("the witness `W"), "{said}");
    assert!(
        said.contains("holds 0 records") && said.contains("signed 12"),
        "{said}"
    );
}
