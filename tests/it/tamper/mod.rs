//! An insider with write access to the database file, the service stopped and
//! then restarted: every way found to rewrite history, and where it is caught
//! (docs/design.md §2): the start refuses, or the chain walk, `fsck` and the
//! whole-log monitor fail, naming the record or the log index.
//!
//! - `start`: what the service refuses to start on (and the one way out, a
//!   new log);
//! - `walk`: what the chain walk, `fsck` and the whole-log monitor catch;
//! - `insider`: rows written while the service runs (never signed over), a
//!   checkpoint row unlike its note, a deleted checkpoint copy;
//! - `index`: the search index's progress and rows altered while the
//!   service runs: refused, said, and built again from the records.
//!
//! This file holds the insider's tools: stop the service, open its file,
//! edit it with the triggers dropped and put back.

pub(crate) mod index;
pub(crate) mod insider;
pub(crate) mod readback;
mod start;
mod walk;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use decision_trail::store::{Store, StoreConfig};
use serde_json::Value;
use sqlx::Connection;

use crate::support::{new_record, restore_trigger, TestApp};

fn url_of(path: &Path) -> String {
    format!("sqlite://{}", path.display())
}

/// Stops the service and opens its file as the insider does.
async fn stopped(
    app: TestApp,
) -> (
    PathBuf,
    Option<Arc<tempfile::TempDir>>,
    sqlx::SqliteConnection,
) {
    let (path, dir) = app.stop().await;
    let conn = sqlx::SqliteConnection::connect(&url_of(&path))
        .await
        .unwrap();
    (path, dir, conn)
}

async fn exec(conn: &mut sqlx::SqliteConnection, sql: &str) {
    sqlx::query(sql).execute(&mut *conn).await.unwrap();
}

/// Why the store refuses to open the database at `path`.
async fn refusal(path: &Path) -> String {
    let config = StoreConfig {
        database_url: url_of(path),
        ..StoreConfig::default()
    };
    match Store::open(&config).await {
        Ok(store) => {
            store.close().await;
            panic!("the altered database was accepted")
        }
        Err(e) => e.to_string(),
    }
}

/// Drops triggers, runs the edits, and restores the triggers (the service
/// refuses to start without them, so a careful insider puts them back).
async fn edit(conn: &mut sqlx::SqliteConnection, triggers: &[&str], edits: &[&str]) {
    for t in triggers {
        exec(conn, &format!("DROP TRIGGER {t}")).await;
    }
    for sql in edits {
        exec(conn, sql).await;
    }
    for t in triggers {
        restore_trigger(conn, t).await;
    }
}

/// Appends `n` records to each of `tasks`, interleaved; returns them in log order.
async fn records(app: &TestApp, tasks: &[&str], n: usize) -> Vec<Value> {
    let mut all = Vec::new();
    for i in 0..n {
        for t in tasks {
            all.push(
                app.append(&new_record("plan", t, "a", &format!("{t} {i}")))
                    .await,
            );
        }
    }
    all
}
