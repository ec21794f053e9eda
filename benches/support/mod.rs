//! A database of one million records for the benchmarks, built once through the
//! real schema (its constraints and triggers run for every row) in one bulk
//! transaction, and cached under the target directory.

#![allow(dead_code)] // each bench uses part of this module

use std::collections::HashMap;
use std::path::PathBuf;

use decision_trail::domain::chain::{self, ChainHead};
use decision_trail::domain::checkpoint::LogSigner;
use decision_trail::domain::merkle::{leaf_input, Frontier};
use decision_trail::domain::{NewRecord, RecordType};
use decision_trail::store::{Store, StoreConfig, DEFAULT_ORIGIN};
use sqlx::Connection;

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
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("bench-1m");
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
    // The real service creates the schema and the signing key.
    Store::open(&config(&db)).await.unwrap().close().await;
    let key =
        LogSigner::from_signer_key(&std::fs::read_to_string(dir.join("log-signing.key")).unwrap())
            .unwrap();
    let mut conn = sqlx::SqliteConnection::connect(&format!("sqlite://{}", db.display()))
        .await
        .unwrap();
    sqlx::query("PRAGMA synchronous = OFF")
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("BEGIN").execute(&mut conn).await.unwrap();
    let mut frontier = Frontier::empty();
    let mut heads: HashMap<String, ChainHead> = HashMap::new();
    for i in 0..RECORDS {
        let task = if i % 5 == 0 {
            HOT_TASK.to_string()
        } else {
            format!("task-{}", i % 1000)
        };
        let draft = NewRecord {
            r#type: RecordType::ALL[(i % 4) as usize],
            task_id: task.clone(),
            agent_id: "bench".into(),
            content: format!("record {i}: {}", "x".repeat(100)),
            metadata: None,
            expected_prev_hash: None,
        };
        let r = chain::link(
            draft,
            heads.get(&task),
            i,
            format!("id-{i:07}"),
            "2026-11-22T00:00:00.000Z".into(),
        );
        sqlx::query(
            "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, metadata, timestamp, prev_hash, hash) \
             VALUES (?, ?, ?, ?, ?, ?, ?, NULL, ?, ?, ?)",
        )
        .bind(r.log_index as i64)
        .bind(&r.id)
        .bind(&r.task_id)
        .bind(r.seq as i64)
        .bind(r.r#type.as_str())
        .bind(&r.agent_id)
        .bind(&r.content)
        .bind(&r.timestamp)
        .bind(&r.prev_hash)
        .bind(&r.hash)
        .execute(&mut conn)
        .await
        .unwrap();
        for (idx, h) in frontier.append(&leaf_input(&r.hash).unwrap()) {
            sqlx::query("INSERT INTO log_hashes (idx, hash) VALUES (?, ?)")
                .bind(idx as i64)
                .bind(h.0.as_slice())
                .execute(&mut conn)
                .await
                .unwrap();
        }
        heads.insert(task, ChainHead::after(&r));
    }
    let root = frontier.root();
    sqlx::query("INSERT INTO checkpoints (tree_size, root, note) VALUES (?, ?, ?)")
        .bind(RECORDS as i64)
        .bind(root.0.as_slice())
        .bind(key.sign_checkpoint(DEFAULT_ORIGIN, RECORDS, root))
        .execute(&mut conn)
        .await
        .unwrap();
    sqlx::query("COMMIT").execute(&mut conn).await.unwrap();
    conn.close().await.unwrap();
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
