//! The log checked at start, the same on either backend (docs/design.md §2,
//! §4): a database is served only by the key that signed its log, under the
//! log's origin, and a gap in its log is named. (The SQLite-only checks,
//! leaf format and a rebuild left half done, are in tamper.rs.)

use std::sync::Arc;

use decision_trail::store::{Store, StoreConfig, DEFAULT_ORIGIN};

use crate::support::{
    execute, new_record, on_postgres, restore_trigger, signing_key_beside, TestApp,
};

/// A stopped service's database, and the configuration that served it.
async fn stopped(records: &[&str]) -> (StoreConfig, Arc<tempfile::TempDir>) {
    let app = TestApp::spawn().await;
    for (i, task) in records.iter().enumerate() {
        app.append(&new_record("plan", task, "a", &format!("r{i}")))
            .await;
    }
    let database_url = app.database_url.clone();
    let db_path = app.db_path.clone();
    let (_, dir) = app.stop().await;
    let config = StoreConfig {
        database_url,
        // SQLite's generated key is found beside the file; a shared
        // database's replicas are given theirs.
        signing_key: on_postgres().then(|| signing_key_beside(&db_path)),
        ..StoreConfig::default()
    };
    (config, dir.expect("a fresh app's folder"))
}

/// Why the store refuses to open with `config`.
async fn refusal(config: &StoreConfig) -> String {
    match Store::open(config).await {
        Ok(store) => {
            store.close().await;
            panic!("the database was served")
        }
        Err(e) => e.to_string(),
    }
}

#[tokio::test]
async fn a_log_is_served_only_under_its_origin() {
    let (config, _dir) = stopped(&["t", "t"]).await;
    let other = StoreConfig {
        origin: "other.example/log".into(),
        ..config.clone()
    };
    let e = refusal(&other).await;
    assert!(
        e.contains(&format!(
            "is named `{DEFAULT_ORIGIN}`, not `other.example/log`"
        )),
        "{e}"
    );
    // Under its own origin it is served as before.
    let store = Store::open(&config).await.unwrap();
    assert_eq!(store.own_checkpoint().tree_size, 2);
    store.close().await;
}

#[tokio::test]
async fn a_log_is_served_only_with_the_key_that_signed_it() {
    let (config, dir) = stopped(&["t"]).await;
    let other = StoreConfig {
        signing_key: Some(signing_key_beside(&dir.path().join("another"))),
        ..config.clone()
    };
    let e = refusal(&other).await;
    assert!(
        e.contains("last checkpoint is not signed by this log's key"),
        "{e}"
    );
}

#[tokio::test]
async fn a_gap_in_the_log_is_named_at_start() {
    // t's last record is log_index 2; the log's last leaf is u's, 3.
    let (config, _dir) = stopped(&["t", "u", "t", "u"]).await;
    let url = &config.database_url;
    if on_postgres() {
        for sql in [
            "ALTER TABLE thoughts DISABLE TRIGGER thoughts_no_delete",
            "DELETE FROM thoughts_search WHERE log_index = 2",
            "DELETE FROM thoughts WHERE log_index = 2",
            "ALTER TABLE thoughts ENABLE TRIGGER thoughts_no_delete",
        ] {
            execute(url, sql).await.unwrap();
        }
    } else {
        use sqlx::Connection;
        execute(url, "DROP TRIGGER thoughts_no_delete")
            .await
            .unwrap();
        execute(url, "DELETE FROM thoughts WHERE log_index = 2")
            .await
            .unwrap();
        let mut conn = sqlx::SqliteConnection::connect(url).await.unwrap();
        restore_trigger(&mut conn, "thoughts_no_delete").await;
    }
    let e = refusal(&config).await;
    assert!(e.contains("log_index 2 has no record"), "{e}");
    assert!(e.contains("refusing to start"), "{e}");
}

/// The start log names the trail browser's address beside the API's docs.
#[tokio::test]
async fn the_start_log_names_the_trail_browser_and_the_docs() {
    let dir = tempfile::tempdir().unwrap();
    let mut served = crate::support::serve_binary(&dir.path().join("trail.db"), &[]);
    let line = served.startup_log.last().unwrap().clone();
    let _ = served.child.kill();
    let _ = served.child.wait();
    let message = line["fields"]["message"].as_str().unwrap_or_default();
    let addr = served.addr;
    assert!(
        message.contains(&format!("http://{addr}/ui"))
            && message.contains(&format!("http://{addr}/docs")),
        "{line}"
    );
}
