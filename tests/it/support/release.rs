//! A database written by the release before hashes were stored as bytes,
//! upgraded in place by the current migrations and verified whole: the
//! checks both backends' upgrade tests make once the new app serves it
//! (`upgrade`, `postgres::upgrade`). Both fixtures are the same 300 records
//! over 6 tasks, made by a `make.py` beside them with that release's binary.

use base64::Engine;
use decision_trail::domain::merkle::{
    from_hex, leaf_hash, verify_consistency, verify_inclusion, Hash,
};
use serde_json::{json, Value};

use super::{oracle_hash, oracle_leaf, run_binary, TestApp};

/// The fixtures' log origin (their key is named after it).
pub const RELEASE_ORIGIN: &str = "release-0.1/decision-trail";

fn hashes(v: &Value) -> Vec<Hash> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|h| from_hex(h.as_str().unwrap()).unwrap())
        .collect()
}

fn h(v: &Value) -> Hash {
    from_hex(v.as_str().unwrap()).unwrap()
}

/// The checkpoint the old release signed, as its `checkpoint.txt` in the
/// fixture `dir` of `tests/data` keeps it: (size, root).
pub fn release_checkpoint(dir: &str) -> (u64, Hash) {
    let note = std::fs::read_to_string(super::data_file(dir).join("checkpoint.txt")).unwrap();
    let lines: Vec<&str> = note.lines().collect();
    let root = base64::engine::general_purpose::STANDARD
        .decode(lines[2])
        .unwrap();
    (lines[1].parse().unwrap(), Hash(root.try_into().unwrap()))
}

/// Writes in `to` the checkpoint copy the old release kept of the fixture
/// `dir`'s log (`checkpoints.ndjson`, beside its key): one line, its last
/// checkpoint. A deployed release has its copy; a start without it is
/// refused.
pub fn write_release_copy(dir: &str, to: &std::path::Path) {
    let note = std::fs::read_to_string(super::data_file(dir).join("checkpoint.txt")).unwrap();
    let (size, root) = release_checkpoint(dir);
    let line = json!({"tree_size": size, "root": hex::encode(root.0), "note": note});
    std::fs::write(to.join("checkpoints.ndjson"), format!("{line}\n")).unwrap();
}

/// `decision-trail fsck` of the database `url`, which must pass: its output.
pub async fn fsck_passes(url: &str) -> String {
    let (ok, out, err) = run_binary(vec!["fsck".into(), url.into()]).await;
    assert!(ok, "fsck: {out}{err}");
    out
}

/// Every chain walks valid; answers the tasks' lengths by id.
async fn walk_every_chain(app: &TestApp) -> Vec<(String, u64)> {
    let (_, page) = app.get_json("/tasks?limit=100").await;
    let mut lengths = Vec::new();
    for t in page["tasks"].as_array().unwrap() {
        let id = t["task_id"].as_str().unwrap();
        let (status, v) = app.get_json(&format!("/tasks/{id}/verify")).await;
        assert_eq!(
            (status, v["valid"].clone()),
            (200, json!(true)),
            "{id}: {v}"
        );
        assert_eq!(v["head_hash"], t["head_hash"], "{id}");
        lengths.push((id.to_string(), v["length"].as_u64().unwrap()));
    }
    lengths
}

/// Verifies the upgraded release's database the app serves whole, then
/// appends to it: every record kept its id and hash (`before`: (log_index,
/// id, hash) in log order, as the old database held them) and its hash
/// recomputes; every chain walks, by the API and by `decision-trail verify
/// --url`; every inclusion proof, and consistency with the checkpoint the old
/// release signed (in the fixture `dir`); search; an idempotency key the old
/// release stored answers its record again; and new appends chain onto the
/// old heads. 321 records afterwards.
pub async fn verify_upgraded_release(app: &TestApp, dir: &str, before: &[(i64, String, String)]) {
    assert_eq!(before.len(), 300);
    let (_, page) = app.get_json("/thoughts?limit=1000").await;
    let records = page["records"].as_array().unwrap().clone();
    let mut listed: Vec<(i64, String, String)> = records
        .iter()
        .map(|r| {
            assert_eq!(oracle_hash(r), r["hash"].as_str().unwrap(), "{r}");
            // Records of a release before erasable records stay in the
            // original format: never erasable.
            assert!(r.get("content_commitment").is_none(), "{r}");
            (
                r["log_index"].as_i64().unwrap(),
                r["id"].as_str().unwrap().to_string(),
                r["hash"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    listed.sort();
    assert_eq!(listed, before);
    let refused = app
        .client
        .delete(app.url(&format!("/thoughts/{}/content", before[0].1)))
        .json(&json!({"reason": "an old record"}))
        .send()
        .await
        .unwrap();
    crate::support::assert_problem(refused, 409, "not_erasable").await;
    let (status, by_hash) = app
        .get_json(&format!("/log/proof/inclusion?hash={}", before[7].2))
        .await;
    assert_eq!((status, by_hash["log_index"].clone()), (200, json!(7)));

    let lengths = walk_every_chain(app).await;
    assert_eq!(lengths.len(), 6);
    assert!(lengths.iter().all(|(_, n)| *n == 50), "{lengths:?}");
    let state = tempfile::tempdir().unwrap();
    let audit = vec![
        "verify".to_string(),
        "--url".into(),
        format!("http://{}", app.addr),
        "--state".into(),
        state.path().join("state.json").display().to_string(),
    ];
    let (ok, out, err) = run_binary(audit.clone()).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("300 records audited this run"), "{out}");

    // Every inclusion proof, and consistency with the old release's checkpoint.
    let (old_size, old_root) = release_checkpoint(dir);
    assert_eq!(old_size, 300);
    for r in &records {
        let i = r["log_index"].as_u64().unwrap();
        let (status, p) = app
            .get_json(&format!("/log/proof/inclusion?log_index={i}"))
            .await;
        assert_eq!(status, 200, "{p}");
        let leaf = leaf_hash(&oracle_leaf(r));
        assert!(
            verify_inclusion(
                &hashes(&p["proof"]),
                p["tree_size"].as_u64().unwrap(),
                h(&p["root"]),
                i,
                leaf
            ),
            "{i}"
        );
    }

    // Search finds the old records; an idempotency key stored by the old
    // release answers its record again.
    let (_, found) = app.get_json("/search?q=quokka&limit=100").await;
    let quokkas = records
        .iter()
        .filter(|r| r["content"].as_str().unwrap().contains("quokka"))
        .count();
    assert!(quokkas > 0);
    assert_eq!(found["hits"].as_array().unwrap().len(), quokkas, "{found}");
    let retry = json!({"type": "analysis", "task_id": "task-5", "agent_id": "agent-2",
                       "content": format!("round 0 of task-5: the compass note {}", "x".repeat(5))});
    let again = app
        .client
        .post(app.url("/thoughts"))
        .header("idempotency-key", "key-0-5")
        .json(&retry)
        .send()
        .await
        .unwrap();
    let again: Value = again.json().await.unwrap();
    let first_of_task_5 = records
        .iter()
        .find(|r| r["task_id"] == "task-5" && r["seq"] == 0)
        .unwrap();
    assert_eq!(again["id"], first_of_task_5["id"], "{again}");

    // New appends chain onto the old heads (and name an old parent), with
    // UUID v7 ids; the log extends the old checkpoint.
    let head = |task: &str| {
        records
            .iter()
            .filter(|r| r["task_id"] == task)
            .max_by_key(|r| r["seq"].as_u64())
            .unwrap()
            .clone()
    };
    let old_head = head("task-4");
    let mut body = json!({"type": "decision", "task_id": "task-4", "agent_id": "agent-1",
                          "content": "after the upgrade: a quokka", "expected_prev_hash": old_head["hash"]});
    body["parent_id"] = records
        .iter()
        .find(|r| r["task_id"] == "task-4" && r["seq"] == 3)
        .unwrap()["id"]
        .clone();
    let new = app.append(&body).await;
    assert_eq!(
        (new["seq"].clone(), new["prev_hash"].clone()),
        (json!(50), old_head["hash"].clone())
    );
    assert_eq!(
        uuid::Uuid::parse_str(new["id"].as_str().unwrap())
            .unwrap()
            .get_version_num(),
        7
    );
    let (status, by_hash) = app
        .get_json(&format!(
            "/log/proof/inclusion?hash={}",
            new["hash"].as_str().unwrap()
        ))
        .await;
    assert_eq!((status, by_hash["log_index"].clone()), (200, json!(300)));
    for i in 0..20 {
        app.append(
            &json!({"type": "plan", "task_id": format!("task-{}", i % 6), "agent_id": "a",
                           "content": format!("new {i}")}),
        )
        .await;
    }
    let (_, found) = app.get_json("/search?q=quokka&limit=100").await;
    assert_eq!(found["hits"].as_array().unwrap().len(), quokkas + 1);
    let lengths = walk_every_chain(app).await;
    assert_eq!(lengths.iter().map(|(_, n)| n).sum::<u64>(), 321);
    let (_, checkpoint) = app.get_json("/log/proof/consistency?first=300").await;
    assert_eq!(h(&checkpoint["first_root"]), old_root);
    assert!(
        verify_consistency(
            &hashes(&checkpoint["proof"]),
            300,
            old_root,
            checkpoint["second"].as_u64().unwrap(),
            h(&checkpoint["second_root"])
        ),
        "{checkpoint}"
    );
    // The monitor's second run: the new log is consistent with what it pinned.
    let (ok, out, err) = run_binary(audit).await;
    assert!(ok, "{out}{err}");
    assert!(
        out.contains("consistent with the checkpoint of 300 records"),
        "{out}"
    );
}
