//! The evidence pack of a witnessed task with an erased record, a legal
//! hold and a reviewer's verdict: `verify PACK` passes offline with the
//! log's key alone; a pack with a part changed, dropped or added fails
//! naming it, and so does one whose times were rewritten and its manifest
//! signed again with the log's own key.

use std::path::Path;
use std::time::{Duration, Instant};

use decision_trail::domain::checkpoint::LogSigner;
use decision_trail::domain::evidence::{
    manifest, read_zip, sha256_hex, write_zip, PackStatement, MANIFEST, MANIFEST_SIG,
};
use serde_json::{json, Value};

use super::service::{witnessed_service, Witnessed};
use crate::support::{new_record, run_binary, run_binary_status};

async fn send(log: &Witnessed, method: reqwest::Method, path: &str, body: &Value) -> Value {
    let answer = log
        .client
        .request(method, format!("{}{path}", log.url()))
        .json(body)
        .send()
        .await
        .unwrap();
    let status = answer.status();
    let body: Value = answer.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{path}: {status} {body}");
    body
}

/// `verify PACK --key K --json`: (exit status, verdict).
async fn verify(pack: &Path, key: &str) -> (Option<i32>, Value) {
    let (status, out, err) = run_binary_status(vec![
        "verify".into(),
        pack.display().to_string(),
        "--key".into(),
        key.to_string(),
        "--json".into(),
    ])
    .await;
    (
        status,
        serde_json::from_str(&out).unwrap_or_else(|_| panic!("{out}{err}")),
    )
}

/// The pack's files, one changed by `edit` (None drops it), written back
/// as a pack next to `pack`.
fn rewrite(pack: &[u8], to: &Path, edit: impl Fn(&str, Vec<u8>) -> Option<Vec<u8>>) {
    let files: Vec<(String, Vec<u8>)> = read_zip(pack)
        .unwrap()
        .into_iter()
        .filter_map(|(name, bytes)| edit(&name, bytes).map(|b| (name, b)))
        .collect();
    let refs: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    std::fs::write(to, write_zip(&refs, chrono::Utc::now()).unwrap()).unwrap();
}

#[tokio::test]
async fn a_witnessed_task_with_an_erasure_a_hold_and_a_verdict_makes_a_pack_verify_checks_whole() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("trail.db").display());
    let log = witnessed_service(dir.path(), &db).await;
    let post = reqwest::Method::POST;
    send(
        &log,
        post.clone(),
        "/thoughts",
        &new_record("plan", "audited", "agent-1", "Plan the refund."),
    )
    .await;
    let personal = send(
        &log,
        post.clone(),
        "/thoughts",
        &json!({"type": "analysis", "task_id": "audited", "agent_id": "agent-1",
                "content": "Customer Jane Roe, card ending 4242.", "erasable": true}),
    )
    .await;
    let decision = send(
        &log,
        post.clone(),
        "/thoughts",
        &new_record("decision", "audited", "agent-1", "Refund in full."),
    )
    .await;
    send(
        &log,
        post.clone(),
        &format!("/thoughts/{}/oversight", decision["id"].as_str().unwrap()),
        &json!({"verdict": "overridden", "decision": "Refund half.", "reason": "Partly used.", "reviewer": "reviewer-1"}),
    )
    .await;
    send(
        &log,
        reqwest::Method::DELETE,
        &format!("/thoughts/{}/content", personal["id"].as_str().unwrap()),
        &json!({"reason": "GDPR Art. 17 request"}),
    )
    .await;
    send(
        &log,
        reqwest::Method::PUT,
        "/tasks/audited/hold",
        &json!({"reason": "dispute 77"}),
    )
    .await;
    // Until a quorum cosigned a checkpoint holding the whole task.
    let (_, task) = log.get("/tasks/audited").await;
    let task: Value = serde_json::from_str(&task).unwrap();
    let length = task["length"].as_u64().unwrap();
    // The only task of the log: its whole chain witnessed, served.
    log.witnessed_at(length).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let pack = loop {
        let answer = log
            .client
            .get(format!("{}/tasks/audited/evidence", log.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 200);
        assert_eq!(answer.headers()["content-type"], "application/zip");
        assert_eq!(
            answer.headers()["content-disposition"],
            "attachment; filename=\"evidence-audited.zip\""
        );
        let pack = answer.bytes().await.unwrap().to_vec();
        let files = read_zip(&pack).unwrap();
        let times: Value =
            serde_json::from_slice(&files.iter().find(|(n, _)| n == "times.json").unwrap().1)
                .unwrap();
        let timed = times.as_array().unwrap();
        if timed.len() as u64 == length && timed.iter().all(|t| t["existed_by"].is_string()) {
            break pack;
        }
        assert!(Instant::now() < deadline, "never witnessed whole: {times}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    let files = read_zip(&pack).unwrap();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    for part in [
        "README.txt",
        "export.ndjson",
        "report.html",
        "log.vkey",
        "witness.policy",
        "erasures.json",
        "holds.json",
        "oversight.json",
        "times.json",
        MANIFEST,
        MANIFEST_SIG,
    ] {
        assert!(names.contains(&part), "{part} in {names:?}");
    }
    let file = |name: &str| files.iter().find(|(n, _)| n == name).unwrap().1.clone();
    let records = |name: &str| serde_json::from_slice::<Value>(&file(name)).unwrap();
    assert_eq!(records("erasures.json").as_array().unwrap().len(), 1);
    assert_eq!(records("holds.json").as_array().unwrap().len(), 1);
    assert_eq!(
        records("oversight.json")[0]["metadata"]["oversight"]["verdict"],
        "overridden"
    );
    let report = String::from_utf8(file("report.html")).unwrap();
    assert!(
        report.contains("<style>") && !report.contains("<script"),
        "the report stands alone"
    );
    assert!(report.contains("Refund half."));

    // Offline, with the log's key only (the policy is the pack's own).
    let path = dir.path().join("evidence-audited.zip");
    std::fs::write(&path, &pack).unwrap();
    let (status, verdict) = verify(&path, &log.vkey).await;
    assert_eq!(status, Some(0), "{verdict}");
    assert_eq!(verdict["verdict"], "whole");
    assert_eq!(verdict["erased"], 1);
    assert!(verdict["existed_by"].is_string(), "{verdict}");
    // The pack's own key, said so.
    let (ok, out, _) = run_binary(vec!["verify".into(), path.display().to_string()]).await;
    assert!(ok && out.contains("the pack's own log.vkey"), "{out}");

    // A part changed, dropped, or added: named.
    let tampered = dir.path().join("tampered.zip");
    let vkey = log.vkey.clone();
    let named = |part: &'static str| {
        let (tampered, vkey) = (tampered.clone(), vkey.clone());
        async move {
            let (status, verdict) = verify(&tampered, &vkey).await;
            assert_eq!(status, Some(1), "{part}: {verdict}");
            assert_eq!(verdict["code"], "pack_mismatch", "{part}: {verdict}");
            assert!(
                verdict["message"].as_str().unwrap().contains(part),
                "{part}: {verdict}"
            );
        }
    };
    rewrite(&pack, &tampered, |n, b| {
        Some(if n == "report.html" {
            String::from_utf8(b)
                .unwrap()
                .replace("Refund half.", "Refund in full.")
                .into_bytes()
        } else {
            b
        })
    });
    named("report.html").await;
    rewrite(&pack, &tampered, |n, b| (n != "holds.json").then_some(b));
    named("holds.json").await;
    let mut added = read_zip(&pack).unwrap();
    added.push(("notes.txt".into(), b"later".to_vec()));
    let refs: Vec<(&str, Vec<u8>)> = added.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    std::fs::write(&tampered, write_zip(&refs, chrono::Utc::now()).unwrap()).unwrap();
    named("notes.txt").await;

    // Times rewritten, the manifest signed again with the log's own key:
    // the times no longer recompute from the export.
    let signer =
        LogSigner::from_signer_key(&std::fs::read_to_string(&log.signing_key).unwrap()).unwrap();
    let mut files = read_zip(&pack).unwrap();
    files.retain(|(n, _)| n != MANIFEST && n != MANIFEST_SIG);
    for (name, bytes) in files.iter_mut() {
        if name == "times.json" {
            *bytes = String::from_utf8(bytes.clone())
                .unwrap()
                .replacen("\"existed_by\": \"2", "\"existed_by\": \"1", 1)
                .into_bytes();
        }
    }
    let refs: Vec<(&str, Vec<u8>)> = files.iter().map(|(n, b)| (n.as_str(), b.clone())).collect();
    let listed = manifest("audited", 0, &refs);
    let original = PackStatement::parse(
        &decision_trail::domain::checkpoint::open_note(
            &String::from_utf8(
                read_zip(&pack)
                    .unwrap()
                    .into_iter()
                    .find(|(n, _)| n == MANIFEST_SIG)
                    .unwrap()
                    .1,
            )
            .unwrap(),
            &log.vkey,
        )
        .unwrap(),
    )
    .unwrap();
    let listed = listed.replace(
        "\"tree_size\": 0",
        &format!("\"tree_size\": {}", original.tree_size),
    );
    let statement = PackStatement {
        manifest_sha256: sha256_hex(listed.as_bytes()),
        ..original
    };
    let mut refs = refs;
    refs.push((MANIFEST, listed.into_bytes()));
    refs.push((
        MANIFEST_SIG,
        signer.sign_note(&statement.text()).into_bytes(),
    ));
    std::fs::write(&tampered, write_zip(&refs, chrono::Utc::now()).unwrap()).unwrap();
    let (status, verdict) = verify(&tampered, &log.vkey).await;
    assert_eq!(status, Some(1), "{verdict}");
    assert_eq!(verdict["code"], "pack_mismatch", "{verdict}");
    assert!(
        verdict["message"].as_str().unwrap().contains("times.json"),
        "{verdict}"
    );
}
