//! A PostgreSQL database written by the release before hashes were stored as
//! bytes (`tests/data/release-0.1-postgres`: the dump of 300 records over 6
//! tasks, made by its `make.py` with that release's binary) is loaded into a
//! fresh database, upgraded in place by migration 0004 at the first start,
//! and verified whole (`support::release`), `fsck` before and after.

use std::sync::Arc;

use sqlx::Connection;

use crate::support::{
    create_postgres_database, fsck_passes, postgres_database, postgres_server, scalar,
    verify_upgraded_release, TestApp, RELEASE_ORIGIN,
};

const FIXTURE: &str = "release-0.1-postgres";

/// Loads the fixture's dump into the database `url`, on a connection of its
/// own: the dump empties the session's `search_path`.
async fn load_release(url: &str) {
    let dump =
        std::fs::read_to_string(crate::support::data_file(FIXTURE).join("dump.sql")).unwrap();
    // psql's own commands (`\restrict`, which newer pg_dumps write) are no SQL.
    let sql: String = dump
        .lines()
        .filter(|l| !l.starts_with('\\'))
        .map(|l| format!("{l}\n"))
        .collect();
    let mut conn = sqlx::PgConnection::connect(url).await.unwrap();
    sqlx::raw_sql(&sql).execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn a_database_of_the_previous_release_is_upgraded_and_verifies_whole() {
    let server = postgres_server();
    let name = format!(
        "dt_release_{}",
        uuid::Uuid::new_v4().simple().to_string().get(..16).unwrap()
    );
    create_postgres_database(&server, &name).await;
    let url = postgres_database(&server, &name);
    load_release(&url).await;
    // The hashes as the old release stored them: hex text.
    let before: Vec<(i64, String, String)> = {
        let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
        let rows = sqlx::query_as("SELECT log_index, id, hash FROM thoughts ORDER BY log_index")
            .fetch_all(&mut conn)
            .await
            .unwrap();
        conn.close().await.unwrap();
        rows
    };
    // fsck reads the database as the old release left it (it migrates nothing).
    assert!(fsck_passes(&url).await.contains("300"));

    let dir = Arc::new(tempfile::tempdir().unwrap());
    let key = dir.path().join("log-signing.key");
    std::fs::copy(
        crate::support::data_file(FIXTURE).join("log-signing.key"),
        &key,
    )
    .unwrap();
    crate::support::write_release_copy(FIXTURE, dir.path());
    let served = url.clone();
    let app = TestApp::builder()
        .database(dir.path().join("trail"), Some(dir.clone()))
        .config(move |c| {
            c.database_url = served;
            c.signing_key = Some(key);
            c.origin = RELEASE_ORIGIN.into();
        })
        .spawn()
        .await;
    let bytea = scalar(
        &app,
        "SELECT count(*) FROM information_schema.columns WHERE table_name = 'thoughts' \
         AND column_name IN ('hash', 'prev_hash') AND data_type = 'bytea'",
    )
    .await;
    assert_eq!(bytea, 2, "migration 0004 stores the hashes as bytes");
    verify_upgraded_release(&app, FIXTURE, &before).await;
    app.stop().await;
    assert!(fsck_passes(&url).await.contains("321"));
}
