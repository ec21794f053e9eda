//! Both backends serve one log's tiles and entry bundles byte for byte: the
//! same records (fixed ids and clock) appended to SQLite and to PostgreSQL.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use decision_trail::store::Seams;

use super::{fetch, seed, signed_tree};
use crate::support::{postgres_server, TestApp};

/// Ids and timestamps that depend only on the order of appends.
fn fixed_seams() -> Seams {
    let ids = Arc::new(AtomicU64::new(0));
    let ticks = Arc::new(AtomicU64::new(0));
    Seams {
        new_id: Arc::new(move |_| {
            let n = ids.fetch_add(1, Ordering::SeqCst);
            format!("00000000-0000-4000-8000-{n:012x}")
        }),
        now: Arc::new(move || {
            let s = ticks.fetch_add(1, Ordering::SeqCst);
            format!("2026-01-01T00:{:02}:{:02}.000Z", s / 60, s % 60)
        }),
        ..Seams::default()
    }
}

#[tokio::test]
#[ignore = "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES"]
async fn postgres_serves_the_tiles_and_bundles_sqlite_serves() {
    postgres_server();
    let postgres = TestApp::builder().seams(fixed_seams()).spawn().await;
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("trail.db");
    let sqlite = TestApp::builder()
        .seams(fixed_seams())
        .config(move |c| {
            c.database_url = format!("sqlite://{}", file.display());
            c.signing_key = None;
        })
        .spawn()
        .await;
    assert!(sqlite.database_url.starts_with("sqlite:"));
    assert!(postgres.database_url.starts_with("postgres"));
    for app in [&sqlite, &postgres] {
        seed(app, 0, 300).await;
    }
    let (size, root) = signed_tree(&sqlite).await;
    assert_eq!(signed_tree(&postgres).await, (size, root));
    for path in [
        "/tile/0/000",
        "/tile/0/001.p/44",
        "/tile/0/001.p/3",
        "/tile/1/000.p/1",
        "/tile/entries/000",
        "/tile/entries/001.p/44",
        "/tile/entries/001.p/1",
    ] {
        let (on_sqlite, on_postgres) = (fetch(&sqlite, path).await, fetch(&postgres, path).await);
        assert_eq!(on_sqlite.0, 200, "{path}");
        assert_eq!(on_sqlite, on_postgres, "{path}");
    }
}
