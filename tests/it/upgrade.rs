//! A SQLite database written by the release before hashes were stored as
//! bytes (`tests/data/release-0.1`: 300 records over 6 tasks, made by its
//! `make.py` with that release's binary) is upgraded in place by the
//! migrations since (0011 hashes as bytes, 0012 cosignatures, 0013 the
//! hash-prefix index, 0014 the search index merged in steps) at the first
//! start and verified whole
//! (`support::release`), `fsck` before and after. PostgreSQL's: `postgres::upgrade`.

use std::path::Path;
use std::sync::Arc;

use crate::support::{fsck_passes, serve_binary, verify_upgraded_release, TestApp, RELEASE_ORIGIN};

/// A copy of the fixture in a temporary directory: (database path, the dir).
fn copy_of_release() -> (std::path::PathBuf, Arc<tempfile::TempDir>) {
    let from = crate::support::data_file("release-0.1");
    let dir = Arc::new(tempfile::tempdir().unwrap());
    for name in ["trail.db", "log-signing.key"] {
        std::fs::copy(from.join(name), dir.path().join(name)).unwrap();
    }
    crate::support::write_release_copy("release-0.1", dir.path());
    (dir.path().join("trail.db"), dir)
}

/// The old release kept idempotency keys for a day from when the fixture was
/// made: in the copy they are kept for a century, so that the retry below
/// still finds its key on any later day (the table is not append-only).
async fn keep_idempotency_keys(path: &Path) {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query("UPDATE idempotency SET expires_at = expires_at + 100 * 365 * 86400000")
        .execute(&mut conn)
        .await
        .unwrap();
    conn.close().await.unwrap();
}

/// Every record, as the old file holds them: (log_index, id, hash) in log order.
async fn stored_before(path: &Path) -> Vec<(i64, String, String)> {
    use sqlx::Connection;
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", path.display()))
        .await
        .unwrap();
    sqlx::query_as("SELECT log_index, id, hash FROM thoughts ORDER BY log_index")
        .fetch_all(&mut conn)
        .await
        .unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_of_the_previous_release_is_upgraded_and_verifies_whole() {
    if crate::support::sqlite_only("a SQLite file written by the previous release") {
        return;
    }
    let (path, dir) = copy_of_release();
    keep_idempotency_keys(&path).await;
    let before = stored_before(&path).await;
    // fsck reads the file as the old release left it (it migrates nothing).
    let url = format!("sqlite://{}", path.display());
    assert!(fsck_passes(&url).await.contains("300"));

    let app = TestApp::builder()
        .database(path.clone(), Some(dir.clone()))
        .config(|c| c.origin = RELEASE_ORIGIN.into())
        .spawn()
        .await;
    verify_upgraded_release(&app, "release-0.1", &before).await;
    let (path, dir) = app.stop().await;
    assert!(fsck_passes(&format!("sqlite://{}", path.display()))
        .await
        .contains("321"));
    drop(dir);
}

/// The versions a start logged as "applying a migration".
fn announced(log: &[serde_json::Value]) -> Vec<i64> {
    log.iter()
        .filter(|l| l["fields"]["message"] == "applying a migration")
        .map(|l| l["fields"]["version"].as_i64().unwrap())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_upgrade_logs_each_migration_it_applies_and_a_new_file_none() {
    if crate::support::sqlite_only("a SQLite file written by the previous release") {
        return;
    }
    let (path, dir) = copy_of_release();
    let mut served = serve_binary(&path, &["--origin", RELEASE_ORIGIN]);
    // The release had migrations 1 to 10; this build has 11 to 19 besides.
    assert_eq!(
        announced(&served.startup_log),
        [11, 12, 13, 14, 15, 16, 17, 18, 19]
    );
    served.child.kill().unwrap();
    served.child.wait().unwrap();
    let mut again = serve_binary(&path, &["--origin", RELEASE_ORIGIN]);
    assert_eq!(announced(&again.startup_log), Vec::<i64>::new());
    again.child.kill().unwrap();
    again.child.wait().unwrap();
    let fresh = tempfile::tempdir().unwrap();
    let mut new = serve_binary(&fresh.path().join("trail.db"), &[]);
    assert_eq!(announced(&new.startup_log), Vec::<i64>::new());
    new.child.kill().unwrap();
    new.child.wait().unwrap();
    drop(dir);
}
