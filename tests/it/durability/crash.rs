//! Crash safety: the real binary, killed with SIGKILL under concurrent appends
//! over many tasks, restarted on the same files, several times over. Whatever
//! got a 201 must be there unchanged, every chain must verify, every stored
//! record must be in a chain, and the log must be consistent with the last
//! checkpoint served before each kill.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::support::{record_only, serve_binary};
use decision_trail::domain::checkpoint::open_checkpoint;
use decision_trail::domain::merkle::{from_hex, verify_consistency};
use serde_json::{json, Value};

const ROUNDS: usize = 3;
const WRITERS: usize = 24;
const TASKS: usize = 12;

fn url(addr: SocketAddr, path: &str) -> String {
    format!("http://{addr}{path}")
}

/// Everything a client saw acknowledged before the kill.
#[derive(Default)]
struct Seen {
    acked: Vec<Value>,
    /// The newest checkpoint note served, and its size.
    checkpoint: Option<(u64, String)>,
}

async fn load(addr: SocketAddr, seen: Arc<Mutex<Seen>>, round: usize, stop: Arc<AtomicBool>) {
    let client = reqwest::Client::new();
    let mut workers = Vec::new();
    for w in 0..WRITERS {
        let client = client.clone();
        let url = url(addr, "/thoughts");
        let seen = seen.clone();
        let stop = stop.clone();
        workers.push(tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(Ordering::Relaxed) {
                let body = json!({
                    "type": "analysis",
                    "task_id": format!("task-{}", (w + n) % TASKS),
                    "agent_id": format!("agent-{w}"),
                    "content": format!("round {round} writer {w} append {n}"),
                    "metadata": {"round": round, "n": n}
                });
                n += 1;
                let Ok(response) = client.post(&url).json(&body).send().await else {
                    break; // killed
                };
                if response.status() != 201 {
                    continue;
                }
                if let Ok(record) = response.json::<Value>().await {
                    seen.lock().unwrap().acked.push(record);
                }
            }
        }));
    }
    let poller = {
        let url = url(addr, "/log/checkpoint");
        let seen = seen.clone();
        let stop = stop.clone();
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let Ok(response) = client.get(&url).send().await else {
                    break;
                };
                let Ok(note) = response.text().await else {
                    break;
                };
                let size: u64 = note.lines().nth(1).unwrap().parse().unwrap();
                {
                    let mut seen = seen.lock().unwrap();
                    if seen.checkpoint.as_ref().is_none_or(|(s, _)| size >= *s) {
                        seen.checkpoint = Some((size, note));
                    }
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
    };
    for w in workers {
        w.await.unwrap();
    }
    poller.await.unwrap();
}

async fn get_json(client: &reqwest::Client, url: String) -> (u16, Value) {
    let r = client.get(url).send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap())
}

async fn get_text(client: &reqwest::Client, url: String) -> String {
    client.get(url).send().await.unwrap().text().await.unwrap()
}

/// Every record in log order, through the paged listing.
async fn all_records(client: &reqwest::Client, addr: SocketAddr) -> Vec<Value> {
    let mut records = Vec::new();
    let mut after: Option<String> = None;
    loop {
        let path = match &after {
            Some(c) => format!("/thoughts?limit=1000&after={c}"),
            None => "/thoughts?limit=1000".into(),
        };
        let (status, page) = get_json(client, url(addr, &path)).await;
        assert_eq!(status, 200);
        records.extend(page["records"].as_array().unwrap().iter().cloned());
        match page["next"].as_str() {
            Some(c) => after = Some(c.to_string()),
            None => return records,
        }
    }
}

async fn check_after_restart(addr: SocketAddr, seen: &Seen, key: &str) -> u64 {
    let client = reqwest::Client::new();
    // Every acknowledged record is there, byte for byte the same.
    for record in &seen.acked {
        let (status, stored) = get_json(
            &client,
            url(
                addr,
                &format!("/thoughts/{}", record["id"].as_str().unwrap()),
            ),
        )
        .await;
        assert_eq!(status, 200, "an acknowledged record is missing: {record}");
        assert_eq!(&record_only(stored), record);
    }
    // Every stored record belongs to a chain that verifies, in order.
    let records = all_records(&client, addr).await;
    let mut by_task: HashMap<String, Vec<&Value>> = HashMap::new();
    for (i, r) in records.iter().enumerate() {
        assert_eq!(r["log_index"], i as u64, "the log is dense");
        by_task
            .entry(r["task_id"].as_str().unwrap().to_string())
            .or_default()
            .push(r);
    }
    for (task, chain) in &by_task {
        let (status, verdict) =
            get_json(&client, url(addr, &format!("/tasks/{task}/verify"))).await;
        assert_eq!(status, 200);
        assert_eq!(verdict["valid"], true, "{task}: {verdict}");
        assert_eq!(verdict["length"], chain.len() as u64, "{task}");
        for (seq, r) in chain.iter().enumerate() {
            assert_eq!(r["seq"], seq as u64);
            let prev = if seq == 0 {
                crate::support::ZERO.to_string()
            } else {
                chain[seq - 1]["hash"].as_str().unwrap().to_string()
            };
            assert_eq!(r["prev_hash"], prev.as_str(), "{task} seq {seq}");
            crate::support::assert_hash_recomputes(r);
        }
    }
    // The log now is a signed extension of the last checkpoint served.
    let note = get_text(&client, url(addr, "/log/checkpoint")).await;
    let now = open_checkpoint(&note, key).expect("the checkpoint is signed by the same key");
    assert_eq!(now.size, records.len() as u64);
    if let Some((_, before)) = &seen.checkpoint {
        let before = open_checkpoint(before, key).unwrap();
        assert!(before.size <= now.size, "the log shrank");
        if before.size > 0 {
            let (status, proof) = get_json(
                &client,
                url(
                    addr,
                    &format!(
                        "/log/proof/consistency?first={}&second={}",
                        before.size, now.size
                    ),
                ),
            )
            .await;
            assert_eq!(status, 200);
            let hashes: Vec<_> = proof["proof"]
                .as_array()
                .unwrap()
                .iter()
                .map(|h| from_hex(h.as_str().unwrap()).unwrap())
                .collect();
            assert!(
                verify_consistency(&hashes, before.size, before.root, now.size, now.root),
                "the log after restart does not extend checkpoint {}",
                before.size
            );
        }
    }
    records.len() as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn sigkill_under_load_loses_nothing_acknowledged() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let flags = ["--rate-limit", "0"];
    let mut total_acked = 0;
    let mut key = None;
    for round in 0..ROUNDS {
        let mut served = serve_binary(&db, &flags);
        let client = reqwest::Client::new();
        let this_key = get_text(&client, url(served.addr, "/log/key")).await;
        let key = key.get_or_insert(this_key.clone());
        assert_eq!(key, &this_key, "the signing key survives restarts");
        let seen = Arc::new(Mutex::new(Seen::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let running = tokio::spawn({
            let seen = seen.clone();
            let stop = stop.clone();
            let addr = served.addr;
            async move { load(addr, seen, round, stop).await }
        });
        // Let the load build up, then kill mid-flight: no shutdown, no flush.
        let deadline = std::time::Instant::now() + Duration::from_secs(120);
        loop {
            tokio::time::sleep(Duration::from_millis(50)).await;
            assert!(
                std::time::Instant::now() < deadline,
                "the load never got going"
            );
            if seen.lock().unwrap().acked.len() >= 200 + round * 50 {
                break;
            }
        }
        served.child.kill().unwrap();
        served.child.wait().unwrap();
        stop.store(true, Ordering::Relaxed);
        running.await.unwrap();

        let mut restarted = serve_binary(&db, &flags);
        let seen = std::mem::take(&mut *seen.lock().unwrap());
        assert!(!seen.acked.is_empty());
        assert!(
            seen.checkpoint.is_some(),
            "a checkpoint was served before the kill"
        );
        total_acked += seen.acked.len();
        let stored = check_after_restart(restarted.addr, &seen, key).await;
        assert!(stored as usize >= total_acked);
        restarted.child.kill().unwrap();
        restarted.child.wait().unwrap();
    }
}
