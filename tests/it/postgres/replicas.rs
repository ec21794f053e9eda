//! Several replicas of the real binary on one PostgreSQL database: one
//! linear chain per task and one dense log, whatever replica each append
//! lands on, while one is killed, far behind, or the database restarts.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};

use super::{assert_one_log, client, kill, load, replica, shared, url, verifier_key, whole_log};
use crate::support::{execute, postgres_server, Served};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn three_replicas_keep_one_chain_per_task_and_one_dense_log() {
    let server = postgres_server();
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
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_replica_killed_under_load_loses_no_acknowledged_record() {
    let server = postgres_server();
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
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn idempotency_keys_and_expected_heads_hold_across_replicas() {
    let server = postgres_server();
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
#[ignore = "needs PostgreSQL and a way to restart it: set DECISION_TRAIL_TEST_POSTGRES, \
            DECISION_TRAIL_TEST_PG_STOP and DECISION_TRAIL_TEST_PG_START"]
async fn the_database_restarted_under_load_costs_503s_not_records() {
    let server = postgres_server();
    let (Ok(stop), Ok(start)) = (
        std::env::var("DECISION_TRAIL_TEST_PG_STOP"),
        std::env::var("DECISION_TRAIL_TEST_PG_START"),
    ) else {
        panic!(
            "needs DECISION_TRAIL_TEST_PG_STOP and DECISION_TRAIL_TEST_PG_START, the commands \
             that stop and start the test server (`.ci/run` sets them for this test alone)"
        );
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

/// A replica idle while others appended more than one round trip's worth of
/// stored hashes reads the log's frontier at the new size, and continues the
/// log so that a fresh start (which checks the stored log against the last
/// checkpoint) accepts it.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_replica_far_behind_continues_the_log_from_the_database() {
    use decision_trail::domain::{NewRecord, RecordType};
    use decision_trail::store::{Store, StoreConfig};
    let server = postgres_server();
    let shared = shared(&server).await;
    let config = |n: usize| StoreConfig {
        database_url: shared.url.clone(),
        signing_key: Some(shared.key.clone()),
        checkpoint_copy: Some(shared.dir.path().join(format!("copy-{n}.ndjson"))),
        // The second replica's copy begins on the log the first began.
        new_checkpoint_copy: true,
        ..StoreConfig::default()
    };
    let draft =
        |task: &str, content: String| NewRecord::plain(RecordType::Plan, task, "a", content);
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
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn replicas_keep_one_log_whatever_the_default_isolation() {
    let server = postgres_server();
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

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn two_replicas_given_one_checkpoint_copy_are_refused() {
    let shared = shared(&postgres_server()).await;
    let mut first = replica(&shared, 0);
    let copy = shared.dir.path().join("checkpoints-0.ndjson");
    let said = crate::support::serve_refused(
        &shared.url,
        &[
            "--signing-key-file",
            shared.key.to_str().unwrap(),
            "--checkpoint-file",
            copy.to_str().unwrap(),
        ],
    )
    .await;
    assert!(said.contains("in use by another process"), "{said}");
    kill(&mut first);
    // Free once its process is gone.
    let mut again = replica(&shared, 0);
    kill(&mut again);
}

#[tokio::test]
#[ignore = "needs PostgreSQL and a way to restart it: set DECISION_TRAIL_TEST_POSTGRES, \
            DECISION_TRAIL_TEST_PG_STOP and DECISION_TRAIL_TEST_PG_START"]
async fn the_database_crashed_loses_no_answered_append_whatever_its_default_durability() {
    use sqlx::Connection;
    let server = postgres_server();
    let (Ok(stop), Ok(start)) = (
        std::env::var("DECISION_TRAIL_TEST_PG_STOP"),
        std::env::var("DECISION_TRAIL_TEST_PG_START"),
    ) else {
        panic!("needs DECISION_TRAIL_TEST_PG_STOP and DECISION_TRAIL_TEST_PG_START");
    };
    // A crash, not a clean stop: what was not flushed is gone.
    let crash = stop.replace("-m fast", "-m immediate");
    assert_ne!(crash, stop, "the stop command names its mode: {stop}");
    let shared = shared(&server).await;
    let name = shared
        .url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    let mut admin = sqlx::PgConnection::connect(&server).await.unwrap();
    sqlx::query(&format!(
        "ALTER DATABASE \"{name}\" SET synchronous_commit = off"
    ))
    .execute(&mut admin)
    .await
    .unwrap();
    admin.close().await.unwrap();
    let mut served = replica(&shared, 0);
    let client = client();
    let mut answered = Vec::new();
    for i in 0..40 {
        let answer = client
            .post(url(served.addr, "/thoughts"))
            .json(&json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": format!("{i}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
        let record: Value = answer.json().await.unwrap();
        answered.push(record["id"].as_str().unwrap().to_string());
    }
    let sh = |cmd: &str| {
        let ok = std::process::Command::new("sh")
            .args(["-c", cmd])
            .status()
            .unwrap();
        assert!(ok.success(), "`{cmd}` failed");
    };
    sh(&crash);
    sh(&start);
    // Every append answered 201 is there after the crash.
    let mut conn = sqlx::PgConnection::connect(&shared.url).await.unwrap();
    let (held,): (i64,) = sqlx::query_as("SELECT count(*) FROM thoughts WHERE id = ANY($1)")
        .bind(&answered)
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(
        held,
        answered.len() as i64,
        "answered appends lost in the crash"
    );
    conn.close().await.unwrap();
    // And the log goes on from them: one root per size.
    let mut appended = false;
    for _ in 0..60 {
        let answer = client
            .post(url(served.addr, "/thoughts"))
            .json(&json!({"type": "plan", "task_id": "t", "agent_id": "a", "content": "after"}))
            .send()
            .await
            .unwrap();
        if answer.status() == 201 {
            appended = true;
            break;
        }
        let problem: Value = answer.json().await.unwrap();
        assert_eq!(problem["code"], "unavailable", "{problem}");
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(
        appended,
        "the service did not resume after the database came back"
    );
    kill(&mut served);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn replicas_whose_clocks_disagree_expire_idempotency_keys_by_the_database_s() {
    use std::sync::atomic::{AtomicI64, Ordering};
    let _ = postgres_server();
    let ttl = Duration::from_secs(30 * 60);
    let a = crate::support::TestApp::builder()
        .config(move |c| c.idempotency_ttl = ttl)
        .spawn()
        .await;
    // Replica B's clock is 50 minutes ahead (its watch takes a clock within
    // an hour of the log's newest record as it is), and it purges expired
    // keys at every batch.
    let ahead = Arc::new(AtomicI64::new(
        chrono::Utc::now().timestamp_millis() + 50 * 60_000,
    ));
    let now = ahead.clone();
    let (url, key) = (
        a.database_url.clone(),
        crate::support::signing_key_beside(&a.db_path),
    );
    let copy = tempfile::tempdir().unwrap();
    let copy_path = copy.path().join("b.ndjson");
    let b = crate::support::TestApp::builder()
        .seams(decision_trail::store::Seams {
            now: Arc::new(move || {
                decision_trail::domain::chain::format_timestamp(
                    chrono::DateTime::from_timestamp_millis(now.load(Ordering::SeqCst)).unwrap(),
                )
            }),
            purge_every: Duration::ZERO,
            ..Default::default()
        })
        .config(move |c| {
            c.database_url = url;
            c.signing_key = Some(key);
            c.checkpoint_copy = Some(copy_path);
            c.new_checkpoint_copy = true;
            c.idempotency_ttl = ttl;
        })
        .spawn()
        .await;
    let body = crate::support::new_record("decision", "t", "a", "chose JWT");
    let first: Value = crate::support::post_as(&a, None, Some("k-1"), &body)
        .await
        .json()
        .await
        .unwrap();
    // B appends: its batch purges what has expired by the database's clock
    // (nothing), not by its own (A's key, 30 minutes from now).
    b.append(&crate::support::new_record("plan", "u", "b", "elsewhere"))
        .await;
    // A's client retries: the first record, not a second one.
    let again = crate::support::post_as(&a, None, Some("k-1"), &body).await;
    assert_eq!(again.status(), 201);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["id"], first["id"]);
    assert_eq!(crate::support::chain_length(&a, "t").await, 1);
    drop(ahead);
}
