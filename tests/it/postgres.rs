//! PostgreSQL only (docs/design.md §4): several replicas of the real binary on
//! one database keep one linear chain per task and one dense log, whatever
//! replica each append lands on, while one is killed, and while the database
//! restarts; the database refuses a rewrite written to it directly. Each test
//! says it is skipped when `DECISION_TRAIL_TEST_POSTGRES` is not set.

use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use decision_trail::domain::checkpoint::open_checkpoint;
use decision_trail::domain::merkle::{from_hex, verify_consistency};
use futures_util::stream::{self, StreamExt};
use serde_json::{json, Value};

use crate::support::{
    create_postgres_database, execute, postgres_database, postgres_or_skip, serve_database,
    signing_key_beside, Served,
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

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn three_replicas_keep_one_chain_per_task_and_one_dense_log() {
    let Some(server) = postgres_or_skip("three_replicas_keep_one_chain_per_task_and_one_dense_log")
    else {
        return;
    };
    let shared = shared(&server).await;
    let mut replicas: Vec<Served> = (0..3).map(|n| replica(&shared, n)).collect();
    let addrs: Vec<SocketAddr> = replicas.iter().map(|r| r.addr).collect();
    let key = verifier_key(&replicas[0]);
    let client = client();
    let done = load(&client, &addrs, 400, 5, |_| {}).await;
    assert_eq!(done.statuses.get(&201), Some(&1200), "{:?}", done.statuses);
    assert_one_log(&client, &addrs, &done.acknowledged, &done.checkpoints, &key).await;
    assert_eq!(whole_log(&client, addrs[2]).await.len(), 1200);
    replicas.iter_mut().for_each(kill);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_killed_under_load_loses_no_acknowledged_record() {
    let Some(server) = postgres_or_skip("a_replica_killed_under_load_loses_no_acknowledged_record")
    else {
        return;
    };
    let shared = shared(&server).await;
    let replicas: Vec<Served> = (0..3).map(|n| replica(&shared, n)).collect();
    let addrs: Vec<SocketAddr> = replicas.iter().map(|r| r.addr).collect();
    let key = verifier_key(&replicas[0]);
    let replicas = Arc::new(Mutex::new(replicas));
    let client = client();
    let victim = replicas.clone();
    let done = load(&client, &addrs, 400, 5, move |n| {
        if n == 400 {
            kill(&mut victim.lock().unwrap()[1]);
        }
    })
    .await;
    // The other two answered every append they were sent.
    let through_survivors = done
        .acknowledged
        .iter()
        .filter(|r| r["agent_id"] != "replica-1")
        .count();
    assert_eq!(through_survivors, 800, "{:?}", done.statuses);
    assert!(
        done.statuses.get(&0).copied().unwrap_or(0) > 0,
        "the victim stopped answering"
    );
    let survivors = [addrs[0], addrs[2]];
    assert_one_log(
        &client,
        &survivors,
        &done.acknowledged,
        &done.checkpoints,
        &key,
    )
    .await;
    // Records the victim had committed but not answered are in the log too;
    // nothing acknowledged is missing (checked above), and the log is one.
    replicas.lock().unwrap().iter_mut().for_each(kill);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn idempotency_keys_and_expected_heads_hold_across_replicas() {
    let Some(server) = postgres_or_skip("idempotency_keys_and_expected_heads_hold_across_replicas")
    else {
        return;
    };
    let shared = shared(&server).await;
    let mut replicas: Vec<Served> = (0..2).map(|n| replica(&shared, n)).collect();
    let (a, b) = (replicas[0].addr, replicas[1].addr);
    let client = client();
    for round in 0..20 {
        let task = format!("idem-{round}");
        let body = json!({"type": "plan", "task_id": task, "agent_id": "a", "content": "once"});
        let send = |addr| {
            client
                .post(url(addr, "/thoughts"))
                .header("idempotency-key", format!("key-{round}"))
                .json(&body)
                .send()
        };
        let (first, second) = tokio::join!(send(a), send(b));
        let (first, second) = (first.unwrap(), second.unwrap());
        assert_eq!(
            (first.status().as_u16(), second.status().as_u16()),
            (201, 201)
        );
        let replayed = [&first, &second]
            .iter()
            .filter(|r| r.headers().contains_key("idempotent-replayed"))
            .count();
        assert_eq!(replayed, 1, "round {round}: one created, one replayed");
        let (first, second): (Value, Value) =
            (first.json().await.unwrap(), second.json().await.unwrap());
        assert_eq!(first["id"], second["id"], "round {round}: one record");
        let task_summary: Value = client
            .get(url(a, &format!("/tasks/{task}")))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(task_summary["length"], 1, "round {round}");
    }
    // expected_prev_hash raced across replicas: exactly one 201 each round.
    let head = client
        .post(url(a, "/thoughts"))
        .json(&json!({"type": "plan", "task_id": "race", "agent_id": "a", "content": "root"}))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let mut head_hash = head["hash"].as_str().unwrap().to_string();
    for round in 0..20 {
        let body = |from: &str| json!({"type": "plan", "task_id": "race", "agent_id": "a", "content": format!("{round} from {from}"), "expected_prev_hash": head_hash});
        let (first, second) = tokio::join!(
            client.post(url(a, "/thoughts")).json(&body("a")).send(),
            client.post(url(b, "/thoughts")).json(&body("b")).send()
        );
        let answers = [first.unwrap(), second.unwrap()];
        let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
        assert_eq!(
            statuses.iter().filter(|s| **s == 201).count(),
            1,
            "round {round}: {statuses:?}"
        );
        assert_eq!(
            statuses.iter().filter(|s| **s == 409).count(),
            1,
            "round {round}: {statuses:?}"
        );
        for r in answers {
            if r.status() == 201 {
                head_hash = r.json::<Value>().await.unwrap()["hash"]
                    .as_str()
                    .unwrap()
                    .to_string();
            }
        }
    }
    let verdict: Value = client
        .get(url(b, "/tasks/race/verify"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(verdict["valid"], true);
    assert_eq!(verdict["length"], 21);
    assert_eq!(verdict["head_hash"], head_hash.as_str());
    replicas.iter_mut().for_each(kill);
}

/// Needs the commands that stop and start the test server
/// (`DECISION_TRAIL_TEST_PG_STOP`, `DECISION_TRAIL_TEST_PG_START`): `.ci/run`
/// runs it on its own, as it takes the server down for every other test.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_database_restarted_under_load_costs_503s_not_records() {
    let Some(server) = postgres_or_skip("the_database_restarted_under_load_costs_503s_not_records")
    else {
        return;
    };
    let (Ok(stop), Ok(start)) = (
        std::env::var("DECISION_TRAIL_TEST_PG_STOP"),
        std::env::var("DECISION_TRAIL_TEST_PG_START"),
    ) else {
        crate::support::say(
            "SKIPPED the_database_restarted_under_load_costs_503s_not_records: needs \
             DECISION_TRAIL_TEST_PG_STOP and DECISION_TRAIL_TEST_PG_START (`.ci/run` sets them \
             for this test alone)",
        );
        return;
    };
    let shared = shared(&server).await;
    let mut replicas: Vec<Served> = (0..2).map(|n| replica(&shared, n)).collect();
    let addrs: Vec<SocketAddr> = replicas.iter().map(|r| r.addr).collect();
    let key = verifier_key(&replicas[0]);
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap();
    let running = Arc::new(std::sync::atomic::AtomicBool::new(true));
    let acknowledged = Arc::new(Mutex::new(Vec::new()));
    let statuses = Arc::new(Mutex::new(HashMap::<u16, usize>::new()));
    let writers: Vec<_> = (0..8)
        .map(|w| {
            let (client, running, acknowledged, statuses) =
                (client.clone(), running.clone(), acknowledged.clone(), statuses.clone());
            let addr = addrs[w % 2];
            tokio::spawn(async move {
                let mut i = 0;
                while running.load(std::sync::atomic::Ordering::SeqCst) {
                    i += 1;
                    let body = json!({"type": "plan", "task_id": format!("t{}", w % 3), "agent_id": "a", "content": format!("{w}/{i}")});
                    let status = match client.post(url(addr, "/thoughts")).json(&body).send().await {
                        Ok(r) => {
                            let status = r.status().as_u16();
                            if status == 201 {
                                let record = r.json::<Value>().await.unwrap();
                                acknowledged.lock().unwrap().push(record);
                            }
                            status
                        }
                        Err(_) => 0,
                    };
                    *statuses.lock().unwrap().entry(status).or_insert(0) += 1;
                    if status != 201 {
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            })
        })
        .collect();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let before = acknowledged.lock().unwrap().len();
    assert!(before > 0, "appends went through before the restart");
    let sh = |cmd: &str| {
        let ok = std::process::Command::new("sh")
            .args(["-c", cmd])
            .status()
            .unwrap();
        assert!(ok.success(), "`{cmd}` failed");
    };
    sh(&stop);
    // While the database is down: appends and readiness answer 503.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let ready = client.get(url(addrs[0], "/readyz")).send().await.unwrap();
    assert_eq!(ready.status(), 503);
    let down = client
        .post(url(addrs[1], "/thoughts"))
        .json(&json!({"type": "plan", "task_id": "down", "agent_id": "a", "content": "x"}))
        .send()
        .await
        .unwrap();
    assert_eq!(down.status(), 503);
    let problem: Value = down.json().await.unwrap();
    assert_eq!(problem["code"], "unavailable");
    sh(&start);
    // Back without restarting the service.
    let mut resumed = false;
    for _ in 0..60 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let ready = client
            .get(url(addrs[0], "/readyz"))
            .send()
            .await
            .unwrap()
            .status();
        let after = acknowledged.lock().unwrap().len();
        if ready == 200 && after > before + 20 {
            resumed = true;
            break;
        }
    }
    running.store(false, std::sync::atomic::Ordering::SeqCst);
    for w in writers {
        w.await.unwrap();
    }
    assert!(
        resumed,
        "appends resumed after the restart: {:?}",
        statuses.lock().unwrap()
    );
    assert!(statuses.lock().unwrap().get(&503).copied().unwrap_or(0) > 0);
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert_one_log(&client, &addrs, &acknowledged, &[], &key).await;
    replicas.iter_mut().for_each(kill);
}

#[tokio::test]
async fn the_database_refuses_rewrites_forks_and_gaps_written_directly() {
    let Some(_) = postgres_or_skip("the_database_refuses_rewrites_forks_and_gaps_written_directly")
    else {
        return;
    };
    let app = crate::support::TestApp::spawn().await;
    for i in 0..3 {
        app.append(&crate::support::thought("plan", "t", "a", &format!("r{i}")))
            .await;
    }
    let db = app.database_url.clone();
    for (sql, why) in [
        ("UPDATE thoughts SET content = 'x'::bytea WHERE seq = 1", "UPDATE"),
        ("DELETE FROM thoughts WHERE seq = 2", "DELETE"),
        ("TRUNCATE thoughts CASCADE", "TRUNCATE"),
        ("UPDATE log_hashes SET hash = hash WHERE idx = 0", "UPDATE"),
        ("DELETE FROM checkpoints", "DELETE"),
        ("TRUNCATE checkpoints", "TRUNCATE"),
        // A fork: a second record on seq 1's predecessor.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 3, 'fork', 't', 1, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, repeat('f', 64) \
          FROM thoughts WHERE task_id = 't' AND seq = 0", "unique"),
        // A link to a record that is not the one before.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 3, 'skip', 't', 3, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, repeat('f', 64) \
          FROM thoughts WHERE task_id = 't' AND seq = 0", "prev_hash must be the hash"),
        // A gap in the log.
        ("INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, timestamp, prev_hash, hash) \
          SELECT 9, 'gap', 't', 3, 'plan', 'a', 'x', '2030-01-01T00:00:00.000Z', hash, repeat('f', 64) \
          FROM thoughts WHERE task_id = 't' AND seq = 2", "log_index must follow"),
    ] {
        let refused = execute(&db, sql).await.expect_err(sql);
        assert!(refused.contains(why), "{sql}: {refused}");
    }
    assert_eq!(crate::support::chain_length(&app, "t").await, 3);
    let verdict = app.get_json("/tasks/t/verify").await.1;
    assert_eq!(verdict["valid"], true);
}

#[tokio::test]
async fn tls_is_used_where_the_url_asks_for_it() {
    use sqlx::Connection;
    let Some(server) = postgres_or_skip("tls_is_used_where_the_url_asks_for_it") else {
        return;
    };
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    let (ssl,): (String,) = sqlx::query_as("SHOW ssl")
        .fetch_one(&mut admin)
        .await
        .unwrap();
    if ssl != "on" {
        crate::support::say(
            "SKIPPED tls_is_used_where_the_url_asks_for_it: the server has ssl off",
        );
        return;
    }
    let with = |url: &str, mode: &str| {
        format!(
            "{url}{}sslmode={mode}",
            if url.contains('?') { '&' } else { '?' }
        )
    };
    let app = crate::support::TestApp::builder()
        .config(move |c| c.database_url = with(&c.database_url, "require"))
        .spawn()
        .await;
    app.append(&crate::support::thought("plan", "t", "a", "over TLS"))
        .await;
    assert_eq!(
        app.get_json("/thoughts?task_id=t").await.1["records"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    let database = app
        .database_url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    let (over_tls, in_clear): (i64, i64) = sqlx::query_as(
        "SELECT count(*) FILTER (WHERE s.ssl), count(*) FILTER (WHERE NOT s.ssl) \
         FROM pg_stat_ssl s JOIN pg_stat_activity a ON a.pid = s.pid \
         WHERE a.application_name = 'decision-trail' AND a.datname = $1",
    )
    .bind(&database)
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert!(over_tls >= 1, "the service's connections use TLS");
    assert_eq!(in_clear, 0, "none in clear");
    // verify-full checks the server's certificate: a self-signed one is refused.
    let config = decision_trail::store::StoreConfig {
        database_url: with(&postgres_database(&server, &database), "verify-full"),
        signing_key: Some(signing_key_beside(&app.db_path)),
        ..Default::default()
    };
    let refused = match decision_trail::store::Store::open(&config).await {
        Ok(_) => panic!("a self-signed server certificate was accepted under verify-full"),
        Err(e) => e.to_string(),
    };
    assert!(
        refused.to_lowercase().contains("certificate") || refused.contains("tls"),
        "{refused}"
    );
}

#[tokio::test]
async fn a_record_edited_in_the_database_is_caught_by_the_walk_and_fsck() {
    if postgres_or_skip("a_record_edited_in_the_database_is_caught_by_the_walk_and_fsck").is_none()
    {
        return;
    }
    let app = crate::support::TestApp::spawn().await;
    for i in 0..3 {
        app.append(&crate::support::thought("plan", "t", "a", &format!("r{i}")))
            .await;
    }
    let db = app.database_url.clone();
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), db.clone()]).await;
    assert!(ok, "{out}{err}");
    assert!(out.contains("3 records"), "{out}");
    // An owner who turns the trigger off can edit a row; nothing else lets
    // the edit pass unseen.
    for sql in [
        "ALTER TABLE thoughts DISABLE TRIGGER thoughts_no_update",
        "UPDATE thoughts SET content = 'edited'::bytea WHERE seq = 1",
        "ALTER TABLE thoughts ENABLE TRIGGER thoughts_no_update",
    ] {
        execute(&db, sql).await.unwrap();
    }
    let verdict = app.get_json("/tasks/t/verify").await.1;
    assert_eq!(verdict["valid"], false, "{verdict}");
    assert_eq!(verdict["seq"], 1);
    assert_eq!(verdict["reason"], "hash_mismatch");
    let (ok, out, err) = crate::support::run_binary(vec!["fsck".into(), db.clone()]).await;
    assert!(!ok, "{out}");
    assert!(
        format!("{out}{err}").contains("hash_mismatch"),
        "{out}{err}"
    );
    // A trigger left disabled is refused at start, and named.
    execute(
        &db,
        "ALTER TABLE thoughts DISABLE TRIGGER thoughts_no_delete",
    )
    .await
    .unwrap();
    let (_, dir) = app.stop().await;
    let config = decision_trail::store::StoreConfig {
        database_url: db,
        signing_key: Some(signing_key_beside(
            &dir.as_ref().unwrap().path().join("trail.db"),
        )),
        ..Default::default()
    };
    let refused = match decision_trail::store::Store::open(&config).await {
        Ok(_) => panic!("a database with a disabled trigger was served"),
        Err(e) => e.to_string(),
    };
    assert!(refused.contains("thoughts_no_delete"), "{refused}");
}

/// A replica idle while others appended more than one round trip's worth of
/// stored hashes reads the log's frontier at the new size, and continues the
/// log so that a fresh start (which checks the stored log against the last
/// checkpoint) accepts it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_replica_far_behind_continues_the_log_from_the_database() {
    use decision_trail::domain::{NewRecord, RecordType};
    use decision_trail::store::{Store, StoreConfig};
    let Some(server) = postgres_or_skip("a_replica_far_behind_continues_the_log_from_the_database")
    else {
        return;
    };
    let shared = shared(&server).await;
    let config = |n: usize| StoreConfig {
        database_url: shared.url.clone(),
        signing_key: Some(shared.key.clone()),
        checkpoint_copy: Some(shared.dir.path().join(format!("copy-{n}.ndjson"))),
        ..StoreConfig::default()
    };
    let draft = |task: &str, content: String| NewRecord {
        r#type: RecordType::Plan,
        task_id: task.to_string(),
        agent_id: "a".into(),
        content,
        metadata: None,
        capabilities: None,
        session_id: None,
        parent_id: None,
        expected_prev_hash: None,
    };
    let busy = Store::open(&config(0)).await.unwrap();
    let idle = Store::open(&config(1)).await.unwrap();
    idle.append(draft("idle", "first".into()), None)
        .await
        .unwrap();
    // ~2 stored hashes a record: 4,500 records are past the 8,192 read in
    // the batch's first round trip.
    for chunk in 0..18 {
        let appends = (0..250)
            .map(|i| busy.append(draft(&format!("t{}", i % 7), format!("{chunk}/{i}")), None));
        for done in futures_util::future::join_all(appends).await {
            done.unwrap();
        }
    }
    let last = idle
        .append(draft("idle", "second".into()), None)
        .await
        .unwrap()
        .record;
    assert_eq!(last.log_index, 4501);
    assert_eq!(last.seq, 1);
    let signed = idle.own_checkpoint();
    assert_eq!(signed.tree_size, 4502);
    assert_eq!(busy.database_checkpoint().await.unwrap().root, signed.root);
    for task in ["idle", "t0", "t6"] {
        match idle.verify_chain(task).await.unwrap() {
            Some(decision_trail::store::ChainVerdict::Valid { .. }) => {}
            other => panic!("{task}: {other:?}"),
        }
    }
    busy.close().await;
    idle.close().await;
    // A fresh start recomputes the frontier from the stored log and refuses
    // a root that does not match the last checkpoint.
    let again = Store::open(&config(2)).await.unwrap();
    assert_eq!(again.own_checkpoint().root, signed.root);
    again.close().await;
}

/// Batches name their isolation level: a database whose default is
/// SERIALIZABLE (where a snapshot taken before the lock would be stale) keeps
/// one log all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn replicas_keep_one_log_whatever_the_default_isolation() {
    let Some(server) = postgres_or_skip("replicas_keep_one_log_whatever_the_default_isolation")
    else {
        return;
    };
    let shared = shared(&server).await;
    let database = shared.url.rsplit('/').next().unwrap().to_string();
    execute(
        &server,
        &format!(
            "ALTER DATABASE \"{database}\" SET default_transaction_isolation = 'serializable'"
        ),
    )
    .await
    .unwrap();
    let mut replicas: Vec<Served> = (0..2).map(|n| replica(&shared, n)).collect();
    let addrs: Vec<SocketAddr> = replicas.iter().map(|r| r.addr).collect();
    let key = verifier_key(&replicas[0]);
    let client = client();
    let done = load(&client, &addrs, 150, 3, |_| {}).await;
    assert_eq!(done.statuses.get(&201), Some(&300), "{:?}", done.statuses);
    assert_one_log(&client, &addrs, &done.acknowledged, &done.checkpoints, &key).await;
    replicas.iter_mut().for_each(kill);
}
