//! PostgreSQL only: the cosignatures of a witnessed log kept in the shared
//! database, the same table and rules as on SQLite; every replica serves the
//! newest witnessed checkpoint any replica's rounds stored.

use super::service::two_of_three_under_load;
use crate::support::{create_postgres_database, postgres_database, postgres_server};

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn cosignatures_are_stored_on_postgresql() {
    let server = postgres_server();
    let name = format!(
        "dt_witness_{}",
        uuid::Uuid::new_v4().simple().to_string().get(..16).unwrap()
    );
    create_postgres_database(&server, &name).await;
    let url = postgres_database(&server, &name);
    let dir = tempfile::tempdir().unwrap();
    let log = two_of_three_under_load(dir.path(), &url).await;
    let pool = sqlx::PgPool::connect(&url).await.unwrap();
    let (rows,): (i64,) = sqlx::query_as("SELECT count(*) FROM cosignatures")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(rows >= 2, "{rows}");
    // Append-only, like the checkpoints.
    assert!(sqlx::query("DELETE FROM cosignatures")
        .execute(&pool)
        .await
        .is_err());
    assert!(sqlx::query("UPDATE cosignatures SET line = ''")
        .execute(&pool)
        .await
        .is_err());
    pool.close().await;
    drop(log);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn behind_one_address_the_witnessed_checkpoint_never_goes_backwards() {
    use decision_trail::domain::checkpoint::open_checkpoint;
    use serde_json::json;
    let server = postgres_server();
    let name = format!(
        "dt_witness_{}",
        uuid::Uuid::new_v4().simple().to_string().get(..16).unwrap()
    );
    create_postgres_database(&server, &name).await;
    let url = postgres_database(&server, &name);
    let dir = tempfile::tempdir().unwrap();
    // Replica A asks the witnesses every 50 ms; replica B, on the same
    // database, would not ask again for an hour.
    let a = super::service::witnessed_service(dir.path(), &url).await;
    let copy = dir.path().join("checkpoints-b.ndjson");
    let mut b = crate::support::serve_database(
        &url,
        &[
            "--signing-key-file",
            a.signing_key.to_str().unwrap(),
            "--checkpoint-file",
            copy.to_str().unwrap(),
            "--new-checkpoint-copy",
            "--witness-policy",
            a.policy.to_str().unwrap(),
            "--witness-interval",
            "1h",
        ],
    );
    let client = reqwest::Client::new();
    let size_at = |addr: std::net::SocketAddr| {
        let (client, vkey) = (client.clone(), a.vkey.clone());
        async move {
            let answer = client
                .get(format!("http://{addr}/log/checkpoint"))
                .send()
                .await
                .unwrap();
            if answer.status() != 200 {
                return None;
            }
            let note = answer.text().await.unwrap();
            Some(open_checkpoint(&note, &vkey).unwrap().size)
        }
    };
    // A monitor polling "one address" (each replica in turn) while records
    // are appended through A.
    let mut seen = 0;
    for round in 0..40 {
        let answer = client
            .post(format!("{}/thoughts", a.url()))
            .json(&json!({"type": "plan", "task_id": "t", "agent_id": "a",
                "content": format!("step {round}")}))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.status(), 201);
        for addr in [a.served.addr, b.addr] {
            if let Some(size) = size_at(addr).await {
                assert!(
                    size >= seen,
                    "the witnessed checkpoint went from {seen} to {size}"
                );
                seen = size;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // A witnessed the log; B serves what A's rounds stored.
    let witnessed = open_checkpoint(&a.witnessed_at(40).await, &a.vkey)
        .unwrap()
        .size;
    assert_eq!(size_at(b.addr).await, Some(witnessed));
    let _ = b.child.kill();
    let _ = b.child.wait();
}
