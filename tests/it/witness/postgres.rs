//! PostgreSQL only: the cosignatures of a witnessed log kept in the shared
//! database, the same table and rules as on SQLite.

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
