//! A database that lost what was signed, as a standby promoted behind its
//! primary is (here: the live database swapped, under its name, for a copy
//! made with `CREATE DATABASE … TEMPLATE` one record earlier). A replica
//! whose writer never signed the newest checkpoint, but which read, verified
//! and served it, is bound by it as by one it signed: it signs nothing over
//! the database, serves no checkpoint from it, and refuses to start on it;
//! a replica whose writer signed a size that the database now holds with
//! another root (grown again by a replica told nothing) signs nothing over
//! it either.
//! Every session asks `synchronous_commit` itself, whatever the database's
//! default.

use std::time::{Duration, Instant};

use decision_trail::domain::checkpoint::note_checkpoint;
use serde_json::Value;

use super::{client, kill, replica, shared, url};
use crate::support::{new_record, postgres_server, serve_refused};

/// `sql` on the server's maintenance connection, retried (up to 15 s) while
/// the database is still being accessed by a session that is going away.
async fn admin(server: &str, sql: &str) {
    use sqlx::Connection;
    let began = Instant::now();
    loop {
        let mut conn = sqlx::PgConnection::connect(server).await.unwrap();
        let done = sqlx::query(sql).execute(&mut conn).await;
        let _ = conn.close().await;
        match done {
            Ok(_) => return,
            Err(e) if began.elapsed() < Duration::from_secs(15) => {
                assert!(e.to_string().contains("other users"), "{sql}: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => panic!("{sql}: {e}"),
        }
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_database_behind_a_checkpoint_a_replica_served_is_never_signed_over() {
    let server = postgres_server();
    let live = shared(&server).await;
    let name = live
        .url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_string();
    // Whatever the database's default, the service's sessions ask for `on`.
    admin(
        &server,
        &format!("ALTER DATABASE \"{name}\" SET synchronous_commit = off"),
    )
    .await;
    let client = client();
    let append = |addr, task: &'static str| {
        let client = client.clone();
        async move {
            let answer = client
                .post(url(addr, "/thoughts"))
                .json(&new_record("plan", task, "a", "x"))
                .send()
                .await
                .unwrap();
            let status = answer.status().as_u16();
            (status, answer.json::<Value>().await.unwrap())
        }
    };
    let mut a = replica(&live, 0);
    let started = a
        .startup_log
        .iter()
        .any(|l| l["fields"]["synchronous_commit"] == "on" || l["synchronous_commit"] == "on");
    assert!(started, "{:?}", a.startup_log);
    for task in ["t", "t"] {
        assert_eq!(append(a.addr, task).await.0, 201);
    }
    kill(&mut a);
    // The standby that will be promoted: two records.
    admin(
        &server,
        &format!("CREATE DATABASE \"{name}_standby\" TEMPLATE \"{name}\""),
    )
    .await;
    let mut a = replica(&live, 0);
    let mut b = replica(&live, 1);
    // The primary signs a third; replica B only reads and serves it.
    let (status, third) = append(a.addr, "t").await;
    assert_eq!(status, 201);
    let third_path = format!("/thoughts/{}", third["id"].as_str().unwrap());
    let read = client.get(url(b.addr, &third_path)).send().await.unwrap();
    assert_eq!(read.status(), 200);
    let note = client
        .get(url(b.addr, "/log/checkpoint"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let (size, root) = note_checkpoint(&note).unwrap();
    assert_eq!(size, 3);
    // B keeps what it served in its copy.
    let copy = live.dir.path().join("checkpoints-1.ndjson");
    let began = Instant::now();
    while !std::fs::read_to_string(&copy)
        .unwrap()
        .contains("\"tree_size\":3")
    {
        assert!(began.elapsed() < Duration::from_secs(10), "not kept");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Promoted: the standby takes the primary's name, under A's and B's feet.
    admin(
        &server,
        &format!(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = '{name}' AND pid <> pg_backend_pid()"
        ),
    )
    .await;
    admin(
        &server,
        &format!("ALTER DATABASE \"{name}\" RENAME TO \"{name}_lost\""),
    )
    .await;
    admin(
        &server,
        &format!("ALTER DATABASE \"{name}_standby\" RENAME TO \"{name}\""),
    )
    .await;
    // A replica started on it with a new copy, told nothing of size 3 (no
    // witness, no monitor's checkpoint), signs a size 3 of its own.
    let fresh = live.dir.path().join("checkpoints-2.ndjson");
    let mut c = crate::support::serve_database(
        &live.url,
        &[
            "--signing-key-file",
            live.key.to_str().unwrap(),
            "--checkpoint-file",
            fresh.to_str().unwrap(),
            "--new-checkpoint-copy",
        ],
    );
    assert_eq!(append(c.addr, "v").await.0, 201);
    kill(&mut c);
    // A signed size 3 with another root: the stored size is its own, the
    // root is not, and it signs nothing over it.
    let began = Instant::now();
    loop {
        let (status, body) = append(a.addr, "w").await;
        assert_ne!(status, 201, "signed over another root of size 3: {body}");
        if body["code"] == "log_altered" {
            break;
        }
        assert_eq!(body["code"], "unavailable", "{body}");
        assert!(began.elapsed() < Duration::from_secs(20), "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    kill(&mut a);
    // B's writer never signed size 3, yet never signs over that log.
    let began = Instant::now();
    loop {
        let (status, body) = append(b.addr, "u").await;
        assert_ne!(status, 201, "a second root for size 3: {body}");
        if body["code"] == "log_altered" {
            assert_eq!(status, 503);
            break;
        }
        assert_eq!(body["code"], "unavailable", "{body}");
        assert!(began.elapsed() < Duration::from_secs(20), "{body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Nor serves a checkpoint from it beside the one it served, nor the
    // record it lost (from its cache), nor is ready (a read connection the
    // switch cut answers `unavailable` once).
    for path in ["/log/checkpoint", "/readyz", third_path.as_str()] {
        let began = Instant::now();
        loop {
            let answer = client.get(url(b.addr, path)).send().await.unwrap();
            assert_eq!(answer.status(), 503, "{path}");
            let problem: Value = answer.json().await.unwrap();
            if problem["code"] == "log_altered" {
                break;
            }
            assert_eq!(problem["code"], "unavailable", "{path}: {problem}");
            assert!(began.elapsed() < Duration::from_secs(20), "{problem}");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    kill(&mut b);
    // Restarted, it refuses, naming both sizes.
    let flags = [
        "--signing-key-file",
        live.key.to_str().unwrap(),
        "--checkpoint-file",
        copy.to_str().unwrap(),
    ];
    let said = serve_refused(&live.url, &flags).await;
    assert!(said.contains('3') && said.contains("root"), "{said}");
    // Past size 3 nothing was signed over either root.
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&live.url).await.unwrap();
    let notes: Vec<(String,)> = sqlx::query_as("SELECT note FROM checkpoints")
        .fetch_all(&mut conn)
        .await
        .unwrap();
    let signed: Vec<(u64, _)> = notes
        .iter()
        .map(|(n,)| note_checkpoint(n).unwrap())
        .collect();
    assert_eq!(signed.iter().map(|(size, _)| *size).max(), Some(3));
    let (_, other) = signed.iter().find(|(size, _)| *size == 3).unwrap();
    assert_ne!(*other, root, "the new replica's size 3 is another root");
}
