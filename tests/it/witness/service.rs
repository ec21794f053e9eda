//! The service with a two-of-three witness policy and three real
//! `decision-trail witness` processes: appends under load all succeed while
//! one witness is killed, the checkpoints the live two cosign are served and
//! pass `verify --policy`, and a fork signed with the log's own key is
//! refused by every witness and never reaches the quorum.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use base64::Engine;
use decision_trail::domain::checkpoint::{open_checkpoint, LogSigner};
use decision_trail::domain::merkle::Hash;
use decision_trail::domain::witness::{split_note, Policy};
use futures_util::stream::{self, StreamExt};
use serde_json::Value;

use super::{add_checkpoint, start_witness, WitnessProcess};
use crate::support::{new_record, run_binary, serve_database, signing_key_beside, Served};

/// A service, its witnesses and the files that name them.
pub struct Witnessed {
    pub served: Served,
    pub witnesses: Vec<Option<WitnessProcess>>,
    pub policy: PathBuf,
    pub signing_key: PathBuf,
    pub vkey: String,
    pub client: reqwest::Client,
}

impl Drop for Witnessed {
    fn drop(&mut self) {
        let _ = self.served.child.kill();
        let _ = self.served.child.wait();
    }
}

impl Witnessed {
    pub fn url(&self) -> String {
        format!("http://{}", self.served.addr)
    }

    /// `GET path`: (status, body).
    pub async fn get(&self, path: &str) -> (u16, String) {
        let answer = self
            .client
            .get(format!("{}{path}", self.url()))
            .send()
            .await
            .unwrap();
        (answer.status().as_u16(), answer.text().await.unwrap())
    }

    /// The checkpoint `GET /log/checkpoint` serves: (status, note).
    pub async fn checkpoint(&self, query: &str) -> (u16, String) {
        self.get(&format!("/log/checkpoint{query}")).await
    }

    /// `decision-trail verify --url` this service with `--policy policy`,
    /// a state file of its own: (success, stdout, stderr).
    pub async fn verify(&self, policy: &Path, state: &Path) -> (bool, String, String) {
        run_binary(vec![
            "verify".into(),
            "--url".into(),
            self.url(),
            "--key".into(),
            self.vkey.clone(),
            "--state".into(),
            state.display().to_string(),
            "--policy".into(),
            policy.display().to_string(),
        ])
        .await
    }

    /// Waits (a generous deadline, not a timing claim) until the served
    /// witnessed checkpoint has `size`; answers its note.
    pub async fn witnessed_at(&self, size: u64) -> String {
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            let (status, note) = self.checkpoint("").await;
            if status == 200 {
                let read = open_checkpoint(&note, &self.vkey).unwrap();
                if read.size >= size {
                    return note;
                }
            }
            assert!(
                Instant::now() < deadline,
                "no witnessed checkpoint of size {size}: {status} {note}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// Three witnesses, a 2-of-3 policy naming them, and the service on
/// `database_url` asking them every 50 ms.
pub async fn witnessed_service(dir: &Path, database_url: &str) -> Witnessed {
    let signing_key = signing_key_beside(&dir.join("log"));
    let text = std::fs::read_to_string(&signing_key).unwrap();
    let vkey = LogSigner::from_signer_key(&text)
        .unwrap()
        .verifier_key()
        .to_string();
    let witnesses: Vec<WitnessProcess> = (1..=3)
        .map(|n| start_witness(dir, &format!("witness{n}.example/w"), &[&vkey]))
        .collect();
    let mut policy_text = format!("log {vkey}\n");
    for (n, w) in witnesses.iter().enumerate() {
        policy_text.push_str(&format!("witness W{} {} {}\n", n + 1, w.vkey, w.url()));
    }
    policy_text.push_str("group two-of-three 2 W1 W2 W3\nquorum two-of-three\n");
    let policy = dir.join("witnesses.policy");
    std::fs::write(&policy, policy_text).unwrap();
    let served = serve_database(
        database_url,
        &[
            "--signing-key-file",
            signing_key.to_str().unwrap(),
            "--checkpoint-file",
            dir.join("checkpoints.ndjson").to_str().unwrap(),
            "--witness-policy",
            policy.to_str().unwrap(),
            "--witness-interval",
            "50ms",
        ],
    );
    Witnessed {
        served,
        witnesses: witnesses.into_iter().map(Some).collect(),
        policy,
        signing_key,
        vkey,
        client: reqwest::Client::new(),
    }
}

/// Appends `n` records over 8 connections at once; every one must be a 201.
async fn appends(log: &Witnessed, from: usize, n: usize) {
    let url = log.url();
    let statuses: Vec<u16> = stream::iter(from..from + n)
        .map(|i| {
            let (client, url) = (log.client.clone(), url.clone());
            async move {
                client
                    .post(format!("{url}/thoughts"))
                    .json(&new_record(
                        "plan",
                        &format!("task-{}", i % 7),
                        "agent",
                        &format!("step {i}"),
                    ))
                    .send()
                    .await
                    .unwrap()
                    .status()
                    .as_u16()
            }
        })
        .buffer_unordered(8)
        .collect()
        .await;
    assert!(statuses.iter().all(|&s| s == 201), "{statuses:?}");
}

/// The whole scenario, on whichever database `database_url` is.
pub async fn two_of_three_under_load(dir: &Path, database_url: &str) -> Witnessed {
    let mut log = witnessed_service(dir, database_url).await;
    appends(&log, 0, 60).await;
    // One witness dies; the log goes on and the other two make the quorum.
    log.witnesses[2] = None;
    appends(&log, 60, 60).await;
    let note = log.witnessed_at(120).await;
    let policy = policy_of(&log);
    let (_, check) = policy.check_note(&note).unwrap();
    assert_eq!(check.cosigned, ["W1", "W2"]);
    assert_eq!(check.missing, ["W3"]);
    log
}

#[tokio::test]
async fn two_of_three_witnesses_cosign_under_load_and_a_fork_never_reaches_quorum() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("trail.db").display());
    let log = two_of_three_under_load(dir.path(), &db).await;

    // verify --policy accepts the service's witnessed checkpoint.
    let (ok, out, err) = log
        .verify(&log.policy, &dir.path().join("verify.json"))
        .await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("cosigned by 2 witnesses (W1, W2)"), "{out}");

    // An export carries its checkpoint's cosignatures: verify --policy
    // accepts the file offline, as the served checkpoint.
    let (status, export) = log.get("/tasks/task-3/export").await;
    assert_eq!(status, 200, "{export}");
    let export_file = dir.path().join("trail.ndjson");
    std::fs::write(&export_file, &export).unwrap();
    let verify_export = |policy: &Path| {
        run_binary(vec![
            "verify".into(),
            export_file.display().to_string(),
            "--key".into(),
            log.vkey.clone(),
            "--policy".into(),
            policy.display().to_string(),
        ])
    };
    let (ok, out, err) = verify_export(&log.policy).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("cosigned by 2 witnesses (W1, W2)"), "{out}");
    assert!(out.contains("task `task-3`"), "{out}");
    // As of a size asked for, its stored cosignatures too.
    let witnessed = open_checkpoint(&log.checkpoint("").await.1, &log.vkey).unwrap();
    let (status, at_size) = log
        .get(&format!(
            "/tasks/task-3/export?tree_size={}",
            witnessed.size
        ))
        .await;
    assert_eq!(status, 200);
    let header: Value = serde_json::from_str(at_size.lines().next().unwrap()).unwrap();
    let note = header["checkpoint"].as_str().unwrap();
    assert!(policy_of(&log).check_note(note).is_ok(), "{note}");

    // A receipt carries the witnessed checkpoint, and says so.
    let page: Value = serde_json::from_str(&log.get("/thoughts?limit=1").await.1).unwrap();
    let id = page["records"][0]["id"].as_str().unwrap();
    let (_, text) = log.get(&format!("/thoughts/{id}/receipt")).await;
    let receipt: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(receipt["witnessed"], true, "{receipt}");
    let receipt_file = dir.path().join("receipt.json");
    std::fs::write(&receipt_file, text).unwrap();
    // verify checks the receipt offline, its checkpoint against the policy.
    let (ok, out, err) = run_binary(vec![
        "verify".into(),
        receipt_file.display().to_string(),
        "--key".into(),
        log.vkey.clone(),
        "--policy".into(),
        log.policy.display().to_string(),
    ])
    .await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("1 inclusion proof"), "{out}");
    assert!(out.contains("cosigned by 2 witnesses"), "{out}");
    // The same receipt as a C2SP tlog-proof file: its checkpoint too.
    let proof = log
        .client
        .get(format!("{}/thoughts/{id}/receipt", log.url()))
        .header("accept", "application/x.tlog-proof")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let proof_file = dir.path().join("receipt.tlog-proof");
    std::fs::write(&proof_file, &proof).unwrap();
    let verify_proof = |policy: &Path| {
        run_binary(vec![
            "verify".into(),
            proof_file.display().to_string(),
            "--key".into(),
            log.vkey.clone(),
            "--policy".into(),
            policy.display().to_string(),
        ])
    };
    let (ok, out, err) = verify_proof(&log.policy).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("cosigned by 2 witnesses"), "{out}");
    // The trail browser's log page names the witnesses cosigning.
    let (_, page) = log.get("/ui/log").await;
    assert!(
        page.contains("The newest checkpoint the policy's quorum cosigned is of size"),
        "{page}"
    );
    assert!(page.matches(">cosigning</span>").count() >= 2, "{page}");
    // The tlog-tiles checkpoint is the witnessed note /log/checkpoint serves.
    let (status, tiles_note) = log.get("/checkpoint").await;
    assert_eq!(status, 200);
    assert_eq!(tiles_note, log.checkpoint("").await.1);
    assert!(policy_of(&log).check_note(&tiles_note).is_ok());

    // The newest signed one is there too, unwitnessed.
    let (status, unwitnessed) = log.checkpoint("?unwitnessed=true").await;
    assert_eq!(status, 200);
    assert!(open_checkpoint(&unwitnessed, &log.vkey).is_ok());

    // A fork: another root at a larger size, signed with the log's own key,
    // sent to each live witness from the size it cosigned. Every one refuses.
    let witnessed = open_checkpoint(&log.witnessed_at(120).await, &log.vkey).unwrap();
    let signer =
        LogSigner::from_signer_key(&std::fs::read_to_string(&log.signing_key).unwrap()).unwrap();
    let forged = signer.sign_checkpoint(&witnessed.origin, witnessed.size + 50, Hash([0x66; 32]));
    let fake_proof: String = (0..7)
        .map(|i| {
            format!(
                "{}\n",
                base64::engine::general_purpose::STANDARD.encode([i as u8; 32])
            )
        })
        .collect();
    let same_size = signer.sign_checkpoint(&witnessed.origin, witnessed.size, Hash([0x77; 32]));
    for witness in log.witnesses.iter().flatten() {
        let url = witness.url();
        // The witness may have cosigned a newer size since: ask it which.
        let (status, _, latest) = add_checkpoint(&url, format!("old 0\n\n{forged}")).await;
        assert_eq!(status, 409);
        let latest: u64 = latest.trim().parse().unwrap();
        let (status, _, body) =
            add_checkpoint(&url, format!("old {latest}\n{fake_proof}\n{forged}")).await;
        assert!(status == 422 || status == 409, "{status} {body}");
        let (status, _, _) = add_checkpoint(&url, format!("old {latest}\n\n{same_size}")).await;
        assert!(status == 409 || status == 422, "{status}");
    }
    // Without cosignatures the fork fails the policy, and what is served
    // stays this log's: more appends are witnessed after it, on its root.
    let policy = policy_of(&log);
    assert!(policy.check_note(&forged).is_err());
    appends(&log, 120, 10).await;
    let note = log.witnessed_at(130).await;
    let (body, _) = split_note(&note).unwrap();
    assert!(!body.contains(&base64::engine::general_purpose::STANDARD.encode([0x66; 32])));
    assert!(policy.check_note(&note).is_ok());

    // verify --policy refuses a checkpoint without the quorum, naming who is missing.
    let lone = dir.path().join("lone.policy");
    let text = std::fs::read_to_string(&log.policy).unwrap();
    std::fs::write(
        &lone,
        text.replace("group two-of-three 2", "group two-of-three all"),
    )
    .unwrap();
    let (ok, out, err) = log.verify(&lone, &dir.path().join("verify2.json")).await;
    assert!(!ok, "{out}");
    assert!(err.contains("missing W3"), "{err}");
    // So does a tlog-proof file's.
    let (ok, out, err) = verify_proof(&lone).await;
    assert!(!ok, "{out}");
    assert!(err.contains("missing W3"), "{err}");
    // And an export's.
    let (ok, out, err) = verify_export(&lone).await;
    assert!(!ok, "{out}");
    assert!(err.contains("missing W3"), "{err}");
}

#[tokio::test]
async fn a_witness_that_cosigned_a_fork_refuses_the_log_and_readyz_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let signing_key = signing_key_beside(&dir.path().join("log"));
    let signer =
        LogSigner::from_signer_key(&std::fs::read_to_string(&signing_key).unwrap()).unwrap();
    let vkey = signer.verifier_key().to_string();
    let witness = start_witness(dir.path(), "witness.example/lone", &[&vkey]);
    let policy = dir.path().join("lone.policy");
    std::fs::write(
        &policy,
        format!("witness W1 {} {}\nquorum W1\n", witness.vkey, witness.url()),
    )
    .unwrap();
    let mut served = serve_database(
        &format!("sqlite://{}", dir.path().join("trail.db").display()),
        &[
            "--signing-key-file",
            signing_key.to_str().unwrap(),
            "--witness-policy",
            policy.to_str().unwrap(),
            "--witness-interval",
            "50ms",
        ],
    );
    // Someone holding the key shows this witness another history, once the
    // service runs (before, the service's start would have been refused:
    // `second_day::signed`).
    let fork = signer.sign_checkpoint(signer.name(), 1, Hash([0x55; 32]));
    let (status, _, _) = add_checkpoint(&witness.url(), format!("old 0\n\n{fork}")).await;
    assert_eq!(status, 200);
    let url = format!("http://{}", served.addr);
    let client = reqwest::Client::new();
    for i in 0..3 {
        let answer = client
            .post(format!("{url}/thoughts"))
            .json(&new_record("plan", "t", "agent", &format!("step {i}")))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status().as_u16(), 201);
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    let detail = loop {
        let ready: Value = client
            .get(format!("{url}/readyz"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        if let Some(detail) = ready["detail"].as_str() {
            break detail.to_string();
        }
        assert!(Instant::now() < deadline, "no refusal said: {ready}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(detail.contains("SECURITY: witness W1 refused"), "{detail}");
    // The trail browser's log page says so too, in words.
    let page = client
        .get(format!("{url}/ui/log"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(page.contains(">refused</span>"), "{page}");
    assert!(page.contains("a fork or a rollback of this log"), "{page}");
    assert!(
        page.contains("No checkpoint is cosigned by the policy"),
        "{page}"
    );
    // Nothing is witnessed: the quorum is this one witness.
    let answer = client
        .get(format!("{url}/log/checkpoint"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status().as_u16(), 503);
    let _ = served.child.kill();
    let _ = served.child.wait();
}

#[tokio::test]
async fn the_witnessed_checkpoint_is_served_from_the_stored_cosignatures_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("trail.db").display());
    let mut log = witnessed_service(dir.path(), &db).await;
    appends(&log, 0, 20).await;
    let before = log.witnessed_at(20).await;
    // Every witness gone, the service restarted: what it serves comes from
    // the cosignatures it stored.
    log.witnesses.clear();
    let _ = log.served.child.kill();
    let _ = log.served.child.wait();
    log.served = serve_database(
        &db,
        &[
            "--signing-key-file",
            log.signing_key.to_str().unwrap(),
            "--checkpoint-file",
            dir.path().join("checkpoints.ndjson").to_str().unwrap(),
            "--witness-policy",
            log.policy.to_str().unwrap(),
        ],
    );
    let (status, after) = log.checkpoint("").await;
    assert_eq!(status, 200, "{after}");
    let policy = policy_of(&log);
    assert_eq!(
        open_checkpoint(&after, &log.vkey).unwrap().size,
        open_checkpoint(&before, &log.vkey).unwrap().size
    );
    assert!(policy.check_note(&after).is_ok());
}

/// The test's policy file, read.
pub(crate) fn policy_of(log: &Witnessed) -> Policy {
    Policy::parse(&std::fs::read_to_string(&log.policy).unwrap()).unwrap()
}
