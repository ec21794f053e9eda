//! A database of one million records for the benchmarks, built once through the
//! store's own append path (the writer, its group commit, the schema's
//! constraints and triggers) and cached under the target directory.

#![allow(dead_code)] // each bench uses part of this module

use std::path::PathBuf;

use decision_trail::domain::{NewRecord, RecordType};
use decision_trail::store::{Store, StoreConfig, Synchronous};
use futures_util::stream::{self, StreamExt};

pub const RECORDS: u64 = 1_000_000;
/// Every fifth record goes to this task, so its chain is 200,000 long.
pub const HOT_TASK: &str = "hot";
pub const HOT_LENGTH: u64 = RECORDS / 5;

pub fn config(db: &std::path::Path) -> StoreConfig {
    StoreConfig {
        database_url: format!("sqlite://{}", db.display()),
        ..StoreConfig::default()
    }
}

/// The path of the million-record database, building it on first use.
pub async fn million_record_db() -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-1m-v2");
    let db = dir.join("trail.db");
    if dir.join("complete").exists() {
        return db;
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    eprintln!(
        "building a {RECORDS}-record database in {} (once)...",
        dir.display()
    );
    // A throwaway build: fewer fsyncs; what is measured later only reads.
    let store = Store::open(&StoreConfig {
        synchronous: Synchronous::Normal,
        ..config(&db)
    })
    .await
    .unwrap();
    stream::iter(0..RECORDS)
        .map(|i| {
            let task = if i % 5 == 0 {
                HOT_TASK.to_string()
            } else {
                format!("task-{}", i % 1000)
            };
            store.append(
                NewRecord::plain(
                    RecordType::ALL[(i % 4) as usize],
                    &task,
                    "bench",
                    format!("record {i}: {}", "x".repeat(100)),
                ),
                None,
            )
        })
        .buffer_unordered(1024)
        .for_each(|appended| async move {
            appended.unwrap();
        })
        .await;
    store.close().await;
    std::fs::write(dir.join("complete"), b"").unwrap();
    db
}

/// A small deterministic generator, so runs pick the same leaves.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) % n
    }
}
