//! A receipt as a C2SP tlog-proof file: served on `Accept`, the same proof
//! and checkpoint as the JSON receipt, and checked offline by the binary's
//! `verify FILE` with a key given or pinned, refusing every alteration.

use decision_trail::domain::merkle::{from_hex, leaf_data};
use decision_trail::domain::tlog_proof::TlogProof;

use super::seed;
use crate::support::{run_binary, TestApp};

const TLOG_PROOF: &str = "application/x.tlog-proof";

async fn proof_text(app: &TestApp, id: &str) -> String {
    let r = app
        .client
        .get(app.url(&format!("/thoughts/{id}/receipt")))
        .header("accept", format!("text/plain;q=0.5, {TLOG_PROOF}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], TLOG_PROOF);
    r.text().await.unwrap()
}

async fn verify(args: &[&str]) -> (bool, String, String) {
    run_binary(args.iter().map(ToString::to_string).collect()).await
}

#[tokio::test]
async fn a_tlog_proof_receipt_is_the_json_receipt_and_verifies_offline() {
    let app = TestApp::spawn().await;
    seed(&app, 0, 20).await;
    let (_, page) = app.get_json("/thoughts?limit=100").await;
    let record = page["records"][13].clone();
    let id = record["id"].as_str().unwrap();
    let text = proof_text(&app, id).await;
    assert!(text.starts_with("c2sp.org/tlog-proof@v1\nextra "), "{text}");

    let (_, receipt) = app.get_json(&format!("/thoughts/{id}/receipt")).await;
    let refused = app
        .client
        .get(app.url(&format!("/thoughts/{id}/receipt")))
        .header("accept", format!("{TLOG_PROOF};q=0, application/json"))
        .send()
        .await
        .unwrap();
    assert_eq!(refused.headers()["content-type"], "application/json");
    let proof = TlogProof::parse(&text).unwrap();
    assert_eq!(proof.index, 13);
    assert_eq!(proof.checkpoint, receipt["checkpoint"].as_str().unwrap());
    let hashes: Vec<_> = receipt["inclusion_proof"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap()).unwrap())
        .collect();
    assert_eq!(proof.proof, hashes);
    assert_eq!(
        proof.extra.as_deref(),
        Some(leaf_data("b", record["hash"].as_str().unwrap()).as_slice())
    );

    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("r.tlog-proof");
    std::fs::write(&file, &text).unwrap();
    let record_file = dir.path().join("record.json");
    std::fs::write(&record_file, record.to_string()).unwrap();
    let key_text = app.get("/log/key").await.text().await.unwrap();
    let key = key_text.trim();
    let file = file.to_str().unwrap();
    let record_file = record_file.to_str().unwrap();
    let state = dir.path().join("state.json");
    let state = state.to_str().unwrap();

    let (ok, out, err) = verify(&["verify", file, "--key", key]).await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(
            "ok: checkpoint `localhost/decision-trail` of 20 records verifies with the key (--key)"
        ),
        "{out}"
    );
    assert!(out.contains("ok: leaf 13 (agent `b`"), "{out}");
    assert!(out.contains("note: the record itself not checked"), "{out}");
    let (ok, out, err) = verify(&["verify", file, "--key", key, "--record", record_file]).await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains(&format!("ok: record {id} hashes to its hash")),
        "{out}"
    );

    // No key given and none pinned: refused; pinned by `verify --url`: checked.
    let (ok, _, err) = verify(&["verify", file, "--state", state]).await;
    assert!(
        !ok && err.contains("no key to check the checkpoint"),
        "{err}"
    );
    let url = app.url("");
    let (ok, out, err) = verify(&["verify", "--url", &url, "--state", state]).await;
    assert!(ok, "{out}{err}");
    let (ok, out, err) = verify(&["verify", file, "--state", state]).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("(pinned in "), "{out}");

    // Every alteration is refused.
    let altered_record = dir.path().join("altered.json");
    let mut other = record.clone();
    other["content"] = "step 99".into();
    std::fs::write(&altered_record, other.to_string()).unwrap();
    let (ok, _, err) = verify(&[
        "verify",
        file,
        "--key",
        key,
        "--record",
        altered_record.to_str().unwrap(),
    ])
    .await;
    assert!(!ok && err.contains("hash to"), "{err}");
    let other_record = dir.path().join("other.json");
    std::fs::write(&other_record, page["records"][12].to_string()).unwrap();
    let (ok, _, err) = verify(&[
        "verify",
        file,
        "--key",
        key,
        "--record",
        other_record.to_str().unwrap(),
    ])
    .await;
    assert!(!ok && err.contains("is leaf 12"), "{err}");
    let mut forged = proof.clone();
    forged.index = 12;
    let forged_file = dir.path().join("forged.tlog-proof");
    std::fs::write(&forged_file, forged.to_text()).unwrap();
    let (ok, _, err) = verify(&["verify", forged_file.to_str().unwrap(), "--key", key]).await;
    assert!(
        !ok && err.contains("does not lead to the checkpoint's root"),
        "{err}"
    );
    let other_key =
        "localhost/decision-trail+00000000+AQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    let (ok, _, err) = verify(&["verify", file, "--key", other_key]).await;
    assert!(!ok && err.contains("the checkpoint"), "{err}");
}
