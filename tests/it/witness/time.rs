//! Provable time under a 2-of-3 policy with three real witnesses: a
//! record's "existed by" is the second earliest of the witnesses' first
//! covering cosignature times, read here from the stored rows directly;
//! the record, its receipt and its task's export say it, `verify`
//! recomputes it offline, and rows written into the database by hand (a
//! forged time, a witness outside the policy) do not move it.

use std::time::{Duration, Instant};

use base64::Engine;
use decision_trail::domain::witness::time::rfc3339;
use decision_trail::domain::witness::Cosigner;
use serde_json::Value;
use sqlx::Connection;

use super::service::{witnessed_service, Witnessed};
use crate::support::{execute, new_record, run_binary_status};

/// Every stored cosignature row: (tree size, witness key, time it signs).
async fn stored_rows(db: &str) -> Vec<(u64, String, u64)> {
    let mut conn = sqlx::SqliteConnection::connect(db).await.unwrap();
    let rows: Vec<(i64, String, String)> =
        sqlx::query_as("SELECT tree_size, witness, line FROM cosignatures")
            .fetch_all(&mut conn)
            .await
            .unwrap();
    rows.into_iter()
        .map(|(size, witness, line)| {
            let b64 = line.rsplit(' ').next().unwrap();
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(b64)
                .unwrap();
            let time = u64::from_be_bytes(bytes[4..12].try_into().unwrap());
            (size as u64, witness, time)
        })
        .collect()
}

/// The second earliest of the three witnesses' first covering times of
/// leaf `leaf`, from the stored rows; None until all three have one.
fn second_earliest(rows: &[(u64, String, u64)], keys: &[String], leaf: u64) -> Option<u64> {
    let mut firsts = Vec::new();
    for key in keys {
        let first = rows
            .iter()
            .filter(|(size, w, _)| w == key && *size > leaf)
            .min_by_key(|(size, _, _)| *size)?;
        firsts.push(first.2);
    }
    firsts.sort();
    Some(firsts[1])
}

/// The witness keys (`name+id`) the policy file names, in its order.
fn policy_keys(log: &Witnessed) -> Vec<String> {
    std::fs::read_to_string(&log.policy)
        .unwrap()
        .lines()
        .filter_map(|l| l.strip_prefix("witness "))
        .map(|l| {
            let vkey = l.split(' ').nth(1).unwrap();
            let mut parts = vkey.split('+');
            format!("{}+{}", parts.next().unwrap(), parts.next().unwrap())
        })
        .collect()
}

async fn json(log: &Witnessed, path: &str) -> Value {
    let (status, body) = log.get(path).await;
    assert_eq!(status, 200, "{path}: {body}");
    serde_json::from_str(&body).unwrap()
}

/// `verify FILE --key --policy --json`: (exit status, the JSON verdict).
async fn verify_json(log: &Witnessed, file: &std::path::Path) -> (Option<i32>, Value) {
    let (status, out, err) = run_binary_status(vec![
        "verify".into(),
        file.display().to_string(),
        "--key".into(),
        log.vkey.clone(),
        "--policy".into(),
        log.policy.display().to_string(),
        "--json".into(),
    ])
    .await;
    let verdict = serde_json::from_str(&out).unwrap_or_else(|_| panic!("{out}{err}"));
    (status, verdict)
}

#[tokio::test]
async fn existed_by_is_the_second_earliest_first_covering_cosignature_and_verify_recomputes_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = format!("sqlite://{}", dir.path().join("trail.db").display());
    let log = witnessed_service(dir.path(), &db).await;
    let mut records = Vec::new();
    for i in 0..4 {
        let answer = log
            .client
            .post(format!("{}/thoughts", log.url()))
            .json(&new_record(
                "decision",
                "timed",
                "agent-1",
                &format!("step {i}"),
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
        records.push(answer.json::<Value>().await.unwrap());
    }
    let head = records.last().unwrap().clone();
    let (first_id, head_id) = (
        records[0]["id"].as_str().unwrap(),
        head["id"].as_str().unwrap(),
    );
    let (first_leaf, head_leaf) = (
        records[0]["log_index"].as_u64().unwrap(),
        head["log_index"].as_u64().unwrap(),
    );
    // Until all three witnesses cosigned a checkpoint covering the head
    // (generous: a deadline, not a timing claim).
    let keys = policy_keys(&log);
    let deadline = Instant::now() + Duration::from_secs(60);
    let rows = loop {
        let rows = stored_rows(&db).await;
        if second_earliest(&rows, &keys, head_leaf).is_some() {
            break rows;
        }
        assert!(
            Instant::now() < deadline,
            "three witnesses never cosigned: {rows:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    log.witnessed_at(head_leaf + 1).await;
    let expected = |leaf| rfc3339(second_earliest(&rows, &keys, leaf).unwrap());

    // The record.
    let served = json(&log, &format!("/thoughts/{first_id}")).await;
    let time = &served["provable_time"];
    assert_eq!(
        time["existed_by"],
        expected(first_leaf).as_str(),
        "{served}"
    );
    assert_eq!(time["of"], 3);
    assert_eq!(time["witnesses"].as_array().unwrap().len(), 2);
    assert_eq!(
        time["summary"],
        format!("existed by {} (2 of 3 witnesses)", expected(first_leaf)).as_str()
    );
    // A record's hash is unchanged by it: the record members are the same.
    assert_eq!(served["hash"], records[0]["hash"]);

    // The record's page and the task's report say it.
    let (status, page) = log.get(&format!("/ui/thoughts/{first_id}")).await;
    assert_eq!(status, 200);
    assert!(
        page.contains(&format!(
            "existed by {} (2 of 3 witnesses)",
            expected(first_leaf)
        )),
        "{page}"
    );
    let (status, trace) = log
        .get(&format!("/ui/tasks/timed?view=trace&selected={first_id}"))
        .await;
    assert_eq!(status, 200);
    assert!(
        trace.contains(&format!(
            "existed by {} (2 of 3 witnesses)",
            expected(first_leaf)
        )),
        "{trace}"
    );
    let (status, report) = log.get("/ui/tasks/timed/report").await;
    assert_eq!(status, 200);
    assert!(
        report.contains(&format!("existed by {}", expected(head_leaf))),
        "{report}"
    );
    assert!(report.contains(&format!("existed by {}", expected(first_leaf))));

    // The receipt, and verify on it offline.
    let receipt = json(&log, &format!("/thoughts/{head_id}/receipt")).await;
    assert_eq!(
        receipt["provable_time"]["existed_by"],
        expected(head_leaf).as_str()
    );
    assert!(!receipt["witness_times"].as_array().unwrap().is_empty());
    let receipt_file = dir.path().join("receipt.json");
    std::fs::write(&receipt_file, receipt.to_string()).unwrap();
    let (status, verdict) = verify_json(&log, &receipt_file).await;
    assert_eq!(status, Some(0), "{verdict}");
    assert_eq!(
        verdict["existed_by"],
        expected(head_leaf).as_str(),
        "{verdict}"
    );
    assert!(
        verdict["message"].as_str().unwrap().contains(&format!(
            "existed by {} (2 of 3 witnesses)",
            expected(head_leaf)
        )),
        "{verdict}"
    );

    // The export: verify recomputes the head's time from its header.
    let (status, export) = log.get("/tasks/timed/export").await;
    assert_eq!(status, 200);
    let export_file = dir.path().join("timed.ndjson");
    std::fs::write(&export_file, &export).unwrap();
    let (status, verdict) = verify_json(&log, &export_file).await;
    assert_eq!(status, Some(0), "{verdict}");
    assert_eq!(verdict["verdict"], "whole");
    assert_eq!(
        verdict["existed_by"],
        expected(head_leaf).as_str(),
        "{verdict}"
    );

    // A witness time forged into the header fails, naming the part.
    let mut lines: Vec<Value> = export
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let note = lines[0]["witness_times"][0]["checkpoint"]
        .as_str()
        .unwrap()
        .to_string();
    let mut sig_lines: Vec<&str> = note.lines().collect();
    let last = sig_lines.pop().unwrap();
    let (name, b64) = last.rsplit_once(' ').unwrap();
    let mut bytes = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    bytes[40] ^= 1;
    let forged_line = format!(
        "{name} {}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    );
    sig_lines.push(&forged_line);
    lines[0]["witness_times"][0]["checkpoint"] = Value::String(sig_lines.join("\n") + "\n");
    let tampered: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(&export_file, tampered).unwrap();
    let (status, verdict) = verify_json(&log, &export_file).await;
    assert_eq!(status, Some(1), "{verdict}");
    assert_eq!(verdict["code"], "witness_time", "{verdict}");

    // Without a policy, verify says there is no witness time.
    std::fs::write(&export_file, &export).unwrap();
    let (status, out, _) = run_binary_status(vec![
        "verify".into(),
        export_file.display().to_string(),
        "--key".into(),
        log.vkey.clone(),
    ])
    .await;
    assert_eq!(status, Some(0));
    assert!(out.contains("no witness time"), "{out}");

    // Rows written into the database by hand move nothing: a forged early
    // time under a policy witness's key, and a valid cosignature by a
    // witness outside the policy, both on the smallest covering size.
    let size = first_leaf + 1;
    let (status, note) = log.checkpoint(&format!("?tree_size={size}")).await;
    assert_eq!(status, 200, "{note}");
    let body = &note[..note.find("\n\n").unwrap() + 1];
    let stranger = Cosigner::from_secret(
        &Cosigner::generate("stranger.example/w", &mut rand_core::OsRng).unwrap(),
    )
    .unwrap();
    let outside = stranger.sign(body, 1).trim_end().to_string();
    let outside_key = format!("stranger.example/w+{:08x}", stranger.key().id());
    let (w1_name, w1_id) = keys[0].split_once('+').unwrap();
    let mut bytes = u32::from_str_radix(w1_id, 16)
        .unwrap()
        .to_be_bytes()
        .to_vec();
    bytes.extend_from_slice(&1u64.to_be_bytes());
    bytes.extend_from_slice(&[7; 64]);
    let forged = format!(
        "\u{2014} {w1_name} {}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    );
    for (key, line) in [(outside_key, outside), (keys[0].clone(), forged)] {
        execute(
            &db,
            &format!(
                "INSERT INTO cosignatures (tree_size, witness, line, origin) VALUES \
                 ({size}, '{key}', '{line}', NULL)"
            ),
        )
        .await
        .unwrap();
    }
    let again = json(&log, &format!("/thoughts/{first_id}")).await;
    assert_eq!(
        again["provable_time"]["existed_by"],
        expected(first_leaf).as_str(),
        "{again}"
    );
}
