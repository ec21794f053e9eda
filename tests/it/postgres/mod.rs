//! PostgreSQL only (docs/design.md §4): several replicas of the real binary on
//! one database keep one linear chain per task and one dense log, whatever
//! replica each append lands on, while one is killed, and while the database
//! restarts; the database refuses a rewrite written to it directly. Each test
//! is `#[ignore]`d, as it needs a server: `cargo test` reports them ignored,
//! and `DECISION_TRAIL_TEST_POSTGRES` with `--include-ignored` runs them
//! (`.ci/run` does).
//!
//! - `replicas`: several replicas on one database, under load, killed, far
//!   behind, with the database restarted;
//! - `database`: the database's own refusals, TLS, and an edit made with a
//!   trigger turned off;
//! - `upgrade`: a database of the previous release, upgraded in place;
//! - `insider`: rows written into the shared database by hand, a deleted
//!   checkpoint copy;
//! - `readback`: rows beside the log (idempotency keys, snapshots, the
//!   search index) edited by hand, read back and refused;
//! - `commit`: a commit whose answer is lost, or that never arrives, cut by
//!   a TCP proxy: the service learns the outcome before it answers;
//! - `erasure`: the same records erased on two replicas at once;
//! - `restore`: a database restored from an earlier copy, refused for what
//!   was signed since, then brought back by `log import`;
//! - `promoted`: a database that lost a checkpoint a replica only served (a
//!   standby promoted behind its primary): never signed over.
//!
//! This file holds the replicas' harness: a fresh shared database, replicas
//! of the binary on it, a load, and the assertion that they keep one log.

mod commit;
mod database;
mod erasure;
mod insider;
mod promoted;
mod readback;
mod replicas;
mod restore;
mod upgrade;

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::Duration;

use decision_trail::domain::checkpoint::open_checkpoint;
use decision_trail::domain::merkle::{from_hex, verify_consistency};
use futures_util::stream::{self, StreamExt};
use serde_json::{json, Value};

use crate::support::{
    create_postgres_database, postgres_database, serve_database, signing_key_beside, Served,
};

/// A fresh database on the test server, a shared key and a folder for the
/// replicas' checkpoint copies.
struct Shared {
    url: String,
    key: std::path::PathBuf,
    dir: tempfile::TempDir,
}

async fn shared(server: &str) -> Shared {
    let dir = tempfile::tempdir().unwrap();
    let name = format!(
        "dt_replicas_{}",
        uuid::Uuid::new_v4().simple().to_string().get(..16).unwrap()
    );
    create_postgres_database(server, &name).await;
    let key = signing_key_beside(&dir.path().join("shared"));
    Shared {
        url: postgres_database(server, &name),
        key,
        dir,
    }
}

fn replica(shared: &Shared, n: usize) -> Served {
    let copy = shared.dir.path().join(format!("checkpoints-{n}.ndjson"));
    serve_database(
        &shared.url,
        &[
            "--signing-key-file",
            shared.key.to_str().unwrap(),
            "--checkpoint-file",
            copy.to_str().unwrap(),
            // Each replica's first start may find the log another began.
            "--new-checkpoint-copy",
        ],
    )
}

/// A client that gives up after 30 s: a stuck replica fails the test
/// instead of hanging it.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

fn url(addr: SocketAddr, path: &str) -> String {
    format!("http://{addr}{path}")
}

fn kill(served: &mut Served) {
    let _ = served.child.kill();
    let _ = served.child.wait();
}

/// Every record of the log, in log order, read from `addr`.
async fn whole_log(client: &reqwest::Client, addr: SocketAddr) -> Vec<Value> {
    let mut records = Vec::new();
    let mut next: Option<String> = None;
    loop {
        let mut path = "/thoughts?limit=1000".to_string();
        if let Some(n) = &next {
            path.push_str(&format!("&after={n}"));
        }
        let page: Value = client
            .get(url(addr, &path))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        records.extend(page["records"].as_array().unwrap().iter().cloned());
        match page["next"].as_str() {
            Some(n) => next = Some(n.to_string()),
            None => return records,
        }
    }
}

/// The log as every replica serves it: dense, every chain linear and valid,
/// every acknowledged record in it, and every checkpoint seen consistent
/// with the newest.
async fn assert_one_log(
    client: &reqwest::Client,
    replicas: &[SocketAddr],
    acknowledged: &[Value],
    checkpoints: &[String],
    key: &str,
) {
    let log = whole_log(client, replicas[0]).await;
    let indexes: Vec<u64> = log
        .iter()
        .map(|r| r["log_index"].as_u64().unwrap())
        .collect();
    assert_eq!(
        indexes,
        (0..log.len() as u64).collect::<Vec<_>>(),
        "a dense log"
    );
    let by_id: HashMap<&str, &Value> = log.iter().map(|r| (r["id"].as_str().unwrap(), r)).collect();
    for record in acknowledged {
        let stored = by_id
            .get(record["id"].as_str().unwrap())
            .unwrap_or_else(|| panic!("acknowledged record lost: {record}"));
        assert_eq!(stored["hash"], record["hash"]);
        assert_eq!(stored["log_index"], record["log_index"]);
    }
    let mut tasks: HashMap<&str, Vec<&Value>> = HashMap::new();
    for r in &log {
        tasks
            .entry(r["task_id"].as_str().unwrap())
            .or_default()
            .push(r);
    }
    for (task, chain) in &tasks {
        for (seq, r) in chain.iter().enumerate() {
            assert_eq!(
                r["seq"], seq as u64,
                "{task}: one record per seq, in log order"
            );
            let prev = if seq == 0 {
                crate::support::ZERO
            } else {
                chain[seq - 1]["hash"].as_str().unwrap()
            };
            assert_eq!(r["prev_hash"], prev, "{task} seq {seq}: linear");
        }
        for addr in replicas {
            let verdict: Value = client
                .get(url(*addr, &format!("/tasks/{task}/verify")))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(verdict["valid"], true, "{task} at {addr}: {verdict}");
            assert_eq!(verdict["length"], chain.len() as u64);
        }
    }
    // Every replica serves the newest checkpoint, and every checkpoint any
    // of them served is a prefix of it.
    let mut newest = None;
    for addr in replicas {
        let note = client
            .get(url(*addr, "/log/checkpoint"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let c = open_checkpoint(&note, key).expect("signed with the shared key");
        assert_eq!(
            c.size,
            log.len() as u64,
            "{addr} serves the newest checkpoint"
        );
        newest = Some(c);
    }
    let newest = newest.unwrap();
    let mut sizes = HashSet::new();
    for note in checkpoints {
        let c = open_checkpoint(note, key).expect("signed with the shared key");
        if c.size == 0 || !sizes.insert(c.size) {
            continue;
        }
        let proof: Value = client
            .get(url(
                replicas[0],
                &format!(
                    "/log/proof/consistency?first={}&second={}",
                    c.size, newest.size
                ),
            ))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let hashes: Vec<_> = proof["proof"]
            .as_array()
            .unwrap()
            .iter()
            .map(|h| from_hex(h.as_str().unwrap()).unwrap())
            .collect();
        assert!(
            verify_consistency(&hashes, c.size, c.root, newest.size, newest.root),
            "checkpoint {} is not a prefix of {}",
            c.size,
            newest.size
        );
    }
}

/// Appends `per_replica` records through each replica, `concurrency` at a
/// time, to `tasks` tasks; collects the acknowledged records, the
/// checkpoints served meanwhile and the statuses. `kill_at`: after that many
/// answers, SIGKILL the replica `victim`.
struct Load {
    acknowledged: Vec<Value>,
    checkpoints: Vec<String>,
    statuses: HashMap<u16, usize>,
}

async fn load(
    client: &reqwest::Client,
    replicas: &[SocketAddr],
    per_replica: usize,
    tasks: usize,
    on_answer: impl Fn(usize) + Sync,
) -> Load {
    let acknowledged = Mutex::new(Vec::new());
    let checkpoints = Mutex::new(Vec::new());
    let statuses = Mutex::new(HashMap::new());
    let answered = std::sync::atomic::AtomicUsize::new(0);
    let jobs: Vec<(usize, usize)> = (0..per_replica)
        .flat_map(|i| (0..replicas.len()).map(move |r| (r, i)))
        .collect();
    stream::iter(jobs)
        .for_each_concurrent(48, |(r, i)| {
            let (acknowledged, checkpoints, statuses, answered, on_answer) = (
                &acknowledged,
                &checkpoints,
                &statuses,
                &answered,
                &on_answer,
            );
            async move {
                let addr = replicas[r];
                let body = json!({
                    "type": "plan",
                    "task_id": format!("t{}", (i * replicas.len() + r) % tasks),
                    "agent_id": format!("replica-{r}"),
                    "content": format!("append {i} through replica {r}"),
                });
                let status = match client.post(url(addr, "/thoughts")).json(&body).send().await {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        if status == 201 {
                            let record = response.json::<Value>().await.unwrap();
                            acknowledged.lock().unwrap().push(record);
                        }
                        status
                    }
                    Err(_) => 0,
                };
                *statuses.lock().unwrap().entry(status).or_insert(0) += 1;
                let n = answered.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                if n % 50 == 0 {
                    if let Ok(r) = client.get(url(addr, "/log/checkpoint")).send().await {
                        if r.status() == 200 {
                            let note = r.text().await.unwrap();
                            checkpoints.lock().unwrap().push(note);
                        }
                    }
                }
                on_answer(n);
            }
        })
        .await;
    Load {
        acknowledged: acknowledged.into_inner().unwrap(),
        checkpoints: checkpoints.into_inner().unwrap(),
        statuses: statuses.into_inner().unwrap(),
    }
}

fn verifier_key(served: &Served) -> String {
    served
        .startup_log
        .iter()
        .find_map(|v| v["fields"]["key"].as_str().map(str::to_string))
        .expect("the replica logs its verifier key")
}
