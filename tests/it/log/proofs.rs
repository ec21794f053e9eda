//! What the log proves, over real HTTP: every append covered by a signed
//! checkpoint, the verifier key, inclusion and consistency proofs, receipts,
//! and exports that carry their own proofs.

use base64::Engine;
use decision_trail::domain::checkpoint::open_checkpoint;
use decision_trail::domain::merkle::{
    from_hex, leaf_hash, verify_consistency, verify_inclusion, Hash,
};
use serde_json::Value;

use super::seed;
use crate::support::{
    assert_problem, new_record, oracle_leaf, oracle_log_root, problem_fields, TestApp,
};

async fn text(app: &TestApp, path: &str) -> (u16, String, String) {
    let r = app.get(path).await;
    let status = r.status().as_u16();
    let ct = r.headers()["content-type"].to_str().unwrap().to_string();
    (status, ct, r.text().await.unwrap())
}

async fn key(app: &TestApp) -> String {
    text(app, "/log/key").await.2.trim().to_string()
}

/// The checkpoint's (size, root hex), read from the note text by hand.
fn checkpoint_fields(note: &str) -> (u64, String) {
    let lines: Vec<&str> = note.lines().collect();
    let root = base64::engine::general_purpose::STANDARD
        .decode(lines[2])
        .unwrap();
    (lines[1].parse().unwrap(), hex::encode(root))
}

async fn all_records(app: &TestApp) -> Vec<Value> {
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    page["records"].as_array().unwrap().clone()
}

fn h(v: &Value) -> Hash {
    from_hex(v.as_str().unwrap()).unwrap()
}

fn hashes(v: &Value) -> Vec<Hash> {
    v.as_array().unwrap().iter().map(h).collect()
}

// --- checkpoints and the key -------------------------------------------------

#[tokio::test]
async fn every_append_is_covered_by_a_signed_checkpoint_at_once() {
    let app = TestApp::spawn().await;
    let vkey = key(&app).await;
    assert!(vkey.starts_with("localhost/decision-trail+"), "{vkey}");
    let (status, ct, note) = text(&app, "/log/checkpoint").await;
    assert_eq!((status, ct.as_str()), (200, "text/plain; charset=utf-8"));
    assert_eq!(
        checkpoint_fields(&note),
        (0, crate::support::oracle_log_root(&[]))
    );
    for n in 1..=6u64 {
        app.append(&new_record("plan", "t", "a", &n.to_string()))
            .await;
        let (_, _, note) = text(&app, "/log/checkpoint").await;
        let opened = open_checkpoint(&note, &vkey).expect("signature verifies");
        assert_eq!(opened.origin, "localhost/decision-trail");
        assert_eq!(opened.size, n, "no batching delay");
        let (size, root) = checkpoint_fields(&note);
        assert_eq!(size, n);
        assert_eq!(root, oracle_log_root(&all_records(&app).await));
    }
    // Older checkpoints stay available, byte for byte.
    let (status, _, third) = text(&app, "/log/checkpoint?tree_size=3").await;
    assert_eq!(status, 200);
    assert_eq!(open_checkpoint(&third, &vkey).unwrap().size, 3);
    let (again_status, _, again) = text(&app, "/log/checkpoint?tree_size=3").await;
    assert_eq!((again_status, again), (200, third));
    assert_problem(
        app.get("/log/checkpoint?tree_size=7").await,
        400,
        "invalid_params",
    )
    .await;
    assert_problem(
        app.get("/log/checkpoint?tree_size=x").await,
        400,
        "invalid_params",
    )
    .await;
}

#[tokio::test]
async fn the_key_is_generated_owner_only_and_reused_after_a_restart() {
    if crate::support::sqlite_only("edits the SQLite file or its generated key") {
        return;
    }
    let app = TestApp::spawn().await;
    let before = key(&app).await;
    app.append(&new_record("plan", "t", "a", "1")).await;
    let key_file = app.db_path.parent().unwrap().join("log-signing.key");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }
    assert!(std::fs::read_to_string(&key_file)
        .unwrap()
        .starts_with("PRIVATE+KEY+localhost/decision-trail+"));
    let (path, dir) = app.stop().await;
    let app = TestApp::builder().database(path, dir).spawn().await;
    assert_eq!(key(&app).await, before);
    app.append(&new_record("plan", "t", "a", "2")).await;
    let (_, _, note) = text(&app, "/log/checkpoint").await;
    assert_eq!(open_checkpoint(&note, &before).unwrap().size, 2);
}

#[tokio::test]
async fn an_explicit_key_file_is_used_and_must_exist() {
    use decision_trail::store::{Store, StoreConfig};
    let dir = tempfile::tempdir().unwrap();
    let key_path = dir.path().join("my.key");
    let skey = decision_trail::domain::checkpoint::LogSigner::generate(
        "example.com/log",
        &mut rand_core::OsRng,
    )
    .unwrap();
    std::fs::write(&key_path, &skey).unwrap();
    let config = StoreConfig {
        database_url: format!("sqlite://{}", dir.path().join("a.db").display()),
        signing_key: Some(key_path.clone()),
        origin: "example.com/log".into(),
        ..StoreConfig::default()
    };
    let store = Store::open(&config).await.unwrap();
    let expected = decision_trail::domain::checkpoint::LogSigner::from_signer_key(&skey).unwrap();
    assert_eq!(store.verifier_key(), expected.verifier_key());
    assert!(store
        .own_checkpoint()
        .note
        .starts_with("example.com/log\n0\n"));
    store.close().await;
    let missing = StoreConfig {
        signing_key: Some(dir.path().join("nope.key")),
        ..config
    };
    let e = Store::open(&missing)
        .await
        .err()
        .expect("a named key must exist");
    assert!(e.to_string().contains("nope.key"), "{e}");
}

// --- proofs ------------------------------------------------------------------

#[tokio::test]
async fn inclusion_proofs_by_index_and_by_hash_verify() {
    let app = TestApp::spawn().await;
    let records = seed(&app, 13).await;
    for (i, r) in records.iter().enumerate() {
        let (status, p) = app
            .get_json(&format!("/log/proof/inclusion?log_index={i}"))
            .await;
        assert_eq!(status, 200, "{p}");
        assert_eq!(p["tree_size"], 13);
        assert_eq!(p["record_hash"], r["hash"]);
        assert_eq!(p["root"].as_str().unwrap(), oracle_log_root(&records));
        let leaf = leaf_hash(&oracle_leaf(r));
        assert_eq!(p["leaf_hash"].as_str().unwrap(), hex::encode(leaf.0));
        assert!(verify_inclusion(
            &hashes(&p["proof"]),
            13,
            h(&p["root"]),
            i as u64,
            leaf
        ));
    }
    let hash = records[4]["hash"].as_str().unwrap();
    let (status, p) = app
        .get_json(&format!("/log/proof/inclusion?hash={hash}&tree_size=9"))
        .await;
    assert_eq!(status, 200);
    assert_eq!(
        (p["log_index"].clone(), p["tree_size"].clone()),
        (4.into(), 9.into())
    );
    assert_eq!(p["root"].as_str().unwrap(), oracle_log_root(&records[..9]));
    let leaf = leaf_hash(&oracle_leaf(&records[4]));
    assert!(verify_inclusion(
        &hashes(&p["proof"]),
        9,
        h(&p["root"]),
        4,
        leaf
    ));
}

#[tokio::test]
async fn inclusion_proof_errors_name_the_parameter() {
    let app = TestApp::spawn().await;
    let records = seed(&app, 5).await;
    let hash = records[4]["hash"].as_str().unwrap();
    for (query, field) in [
        ("log_index=1&tree_size=6", "tree_size"),
        ("log_index=5", "log_index"),
        ("log_index=3&tree_size=3", "log_index"),
        (&format!("hash={hash}&tree_size=4") as &str, "hash"),
        ("", "log_index"),
        (&format!("log_index=1&hash={hash}"), "hash"),
        ("hash=ABC", "hash"),
        ("log_index=-1", "log_index"),
        ("log_index=1&x=2", "x"),
    ] {
        let problem = assert_problem(
            app.get(&format!("/log/proof/inclusion?{query}")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem), [field], "{query}: {problem}");
    }
    // Both given, one of them bad: the bad one is named, and so is the rule.
    for (query, fields) in [
        ("log_index=1&hash=ABC", ["hash", "hash"]),
        (
            &format!("log_index=x&hash={hash}") as &str,
            ["log_index", "hash"],
        ),
    ] {
        let problem = assert_problem(
            app.get(&format!("/log/proof/inclusion?{query}")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem), fields, "{query}: {problem}");
        assert!(
            problem.to_string().contains("not both"),
            "{query}: {problem}"
        );
    }
    let unknown = "f".repeat(64);
    assert_problem(
        app.get(&format!("/log/proof/inclusion?hash={unknown}"))
            .await,
        404,
        "not_found",
    )
    .await;
}

#[tokio::test]
async fn consistency_proofs_verify_between_any_two_sizes() {
    let app = TestApp::spawn().await;
    let records = seed(&app, 11).await;
    for first in 1..=11u64 {
        for second in first..=11u64 {
            let (status, p) = app
                .get_json(&format!(
                    "/log/proof/consistency?first={first}&second={second}"
                ))
                .await;
            assert_eq!(status, 200, "{p}");
            assert_eq!(
                p["first_root"].as_str().unwrap(),
                oracle_log_root(&records[..first as usize])
            );
            assert_eq!(
                p["second_root"].as_str().unwrap(),
                oracle_log_root(&records[..second as usize])
            );
            assert!(verify_consistency(
                &hashes(&p["proof"]),
                first,
                h(&p["first_root"]),
                second,
                h(&p["second_root"])
            ));
        }
    }
    let (_, latest) = app.get_json("/log/proof/consistency?first=4").await;
    assert_eq!(latest["second"], 11, "second defaults to the newest size");
    for (query, field) in [
        ("first=5&second=4", "first"),
        ("first=0&second=4", "first"),
        ("first=2&second=12", "second"),
        ("second=4", "first"),
        ("first=a", "first"),
    ] {
        let problem = assert_problem(
            app.get(&format!("/log/proof/consistency?{query}")).await,
            400,
            "invalid_params",
        )
        .await;
        assert_eq!(problem_fields(&problem), [field], "{query}: {problem}");
    }
}

#[tokio::test]
async fn a_receipt_proves_its_record_against_the_checkpoint_it_carries() {
    let app = TestApp::spawn().await;
    let vkey = key(&app).await;
    let records = seed(&app, 9).await;
    for r in &records {
        let (status, receipt) = app
            .get_json(&format!("/thoughts/{}/receipt", r["id"].as_str().unwrap()))
            .await;
        assert_eq!(status, 200);
        assert_eq!(receipt["record"], *r);
        let checkpoint = open_checkpoint(receipt["checkpoint"].as_str().unwrap(), &vkey).unwrap();
        assert_eq!(
            checkpoint.size,
            receipt["tree_size"].as_u64().unwrap(),
            "same size as the proof"
        );
        assert_eq!(checkpoint.root, h(&receipt["root"]));
        let leaf = leaf_hash(&oracle_leaf(r));
        assert!(verify_inclusion(
            &hashes(&receipt["inclusion_proof"]),
            checkpoint.size,
            checkpoint.root,
            r["log_index"].as_u64().unwrap(),
            leaf
        ));
    }
    assert_problem(app.get("/thoughts/nope/receipt").await, 404, "not_found").await;
}

// --- export ------------------------------------------------------------------

async fn export(app: &TestApp, path: &str) -> Vec<Value> {
    let r = app.get(path).await;
    assert_eq!(r.status(), 200);
    assert_eq!(r.headers()["content-type"], "application/x-ndjson");
    r.text()
        .await
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[tokio::test]
async fn an_export_carries_a_checkpoint_and_a_proof_per_record() {
    let app = TestApp::spawn().await;
    let vkey = key(&app).await;
    // More than one export batch (256) in the chain.
    for i in 0..300 {
        app.append(&new_record("plan", "big", "a", &i.to_string()))
            .await;
        if i % 100 == 0 {
            app.append(&new_record("plan", "other", "a", "x")).await;
        }
    }
    let lines = export(&app, "/tasks/big/export").await;
    assert_eq!(lines.len(), 301);
    let checkpoint = open_checkpoint(lines[0]["checkpoint"].as_str().unwrap(), &vkey).unwrap();
    assert_eq!(checkpoint.size, 303);
    assert_eq!(lines[0]["tree_size"], 303);
    let mut prev = crate::support::ZERO.to_string();
    for (seq, line) in lines[1..].iter().enumerate() {
        let r = &line["record"];
        assert_eq!(r["seq"], seq as u64);
        assert_eq!(r["prev_hash"], prev.as_str());
        crate::support::assert_hash_recomputes(r);
        let leaf = leaf_hash(&oracle_leaf(r));
        assert!(verify_inclusion(
            &hashes(&line["inclusion_proof"]),
            303,
            checkpoint.root,
            r["log_index"].as_u64().unwrap(),
            leaf
        ));
        prev = r["hash"].as_str().unwrap().to_string();
    }
    // As of an earlier checkpoint: only the records in that tree, proven in it.
    let early = export(&app, "/tasks/big/export?tree_size=50").await;
    let size = open_checkpoint(early[0]["checkpoint"].as_str().unwrap(), &vkey)
        .unwrap()
        .size;
    assert_eq!(size, 50);
    assert!(early[1..]
        .iter()
        .all(|l| l["record"]["log_index"].as_u64().unwrap() < 50));
    assert_eq!(early.len() - 1, 49, "50 leaves, one of them task `other`");
    assert_problem(
        app.get("/tasks/big/export?tree_size=999").await,
        400,
        "invalid_params",
    )
    .await;
    assert_problem(app.get("/tasks/none/export").await, 404, "not_found").await;
}
