//! The storage engine's own speed, the yardstick beside the service
//! (`bench/run.sh direct`): the rows an append writes — the record (its
//! chain's row kept by the schema's trigger), the log's new stored hashes,
//! one signed checkpoint per transaction — written with rusqlite directly
//! into a database the service's migrations made, in transactions of BATCH
//! records, `synchronous=FULL`, WAL, no HTTP, no queue, no search index.
//! Records are 1 KB, over 16 tasks, chained and hashed by the service's own
//! domain code, so the file verifies like one the service wrote.
//!
//! cargo run --release --example direct -- DIR N BATCH
//!
//! Prints one JSON line: records, seconds, records/s and the process's CPU
//! µs per record (user + system, from getrusage).

use std::collections::HashMap;
use std::time::Instant;

use decision_trail::domain::chain::{self, ChainHead};
use decision_trail::domain::checkpoint::LogSigner;
use decision_trail::domain::merkle::{leaf_data, Frontier};
use decision_trail::domain::{NewRecord, RecordType};
use decision_trail::store::{Seams, Store, StoreConfig, DEFAULT_ORIGIN};

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let [_, dir, n, batch] = args.as_slice() else {
        return Err("usage: direct DIR N BATCH".into());
    };
    let (n, batch): (u64, u64) = (n.parse()?, batch.parse()?);
    let dir = std::path::Path::new(dir);
    let path = dir.join("direct.db");
    // The service's schema, migrations and signing key, then closed.
    let store = Store::open(&StoreConfig {
        database_url: format!("sqlite://{}", path.display()),
        ..StoreConfig::default()
    })
    .await?;
    store.close().await;
    let signer =
        LogSigner::from_signer_key(std::fs::read_to_string(dir.join("log-signing.key"))?.trim())?;

    let conn = rusqlite::Connection::open(&path)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    let seams = Seams::default();
    let content: String = "decision trail direct yardstick ".repeat(32)[..1000].to_string();
    let mut frontier = Frontier::empty();
    let mut heads: HashMap<String, ChainHead> = HashMap::new();
    let cpu = || {
        let mut usage = std::mem::MaybeUninit::<libc::rusage>::uninit();
        // SAFETY: getrusage fills `usage` when it returns 0.
        let rc = unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) };
        assert_eq!(rc, 0);
        // SAFETY: filled above.
        let u = unsafe { usage.assume_init() };
        let us = |t: libc::timeval| t.tv_sec as f64 * 1e6 + t.tv_usec as f64;
        us(u.ru_utime) + us(u.ru_stime)
    };
    let (started, cpu_before) = (Instant::now(), cpu());
    let mut written = 0;
    while written < n {
        let size = batch.min(n - written);
        let tx = conn.unchecked_transaction()?;
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO thoughts (log_index, id, task_id, seq, type, agent_id, content, \
                 metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash, \
                 content_commitment, salt) \
                 VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL, NULL, ?, ?, ?, NULL, NULL)",
            )?;
            let mut hashes =
                tx.prepare_cached("INSERT INTO log_hashes (idx, hash) VALUES (?, ?)")?;
            for i in written..written + size {
                let task_id = format!("direct-{:02}", i % 16);
                let draft =
                    NewRecord::plain(RecordType::Analysis, &task_id, "direct", content.clone());
                let now = (seams.now)();
                let record = chain::link(
                    draft,
                    heads.get(&task_id),
                    frontier.size(),
                    (seams.new_id)(&now),
                    now,
                    None,
                );
                insert.execute(rusqlite::params![
                    record.log_index as i64,
                    record.id,
                    record.authored.task_id,
                    record.seq as i64,
                    record.authored.r#type.as_str(),
                    record.authored.agent_id,
                    record.authored.content,
                    record.timestamp,
                    hex::decode(&record.prev_hash)?,
                    hex::decode(&record.hash)?,
                ])?;
                for (idx, hash) in
                    frontier.append(&leaf_data(&record.authored.agent_id, &record.hash))
                {
                    hashes.execute(rusqlite::params![idx as i64, hash.0.as_slice()])?;
                }
                heads.insert(task_id, ChainHead::after(&record));
            }
            let note = signer.sign_checkpoint(DEFAULT_ORIGIN, frontier.size(), frontier.root());
            tx.execute(
                "INSERT INTO checkpoints (tree_size, root, note) VALUES (?, ?, ?)",
                rusqlite::params![frontier.size() as i64, frontier.root().0.as_slice(), note],
            )?;
        }
        tx.commit()?;
        written += size;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{{\"records\": {n}, \"batch\": {batch}, \"seconds\": {seconds:.3}, \"rps\": {:.1}, \"cpu_us\": {:.1}}}",
        n as f64 / seconds,
        (cpu() - cpu_before) / n as f64
    );
    Ok(())
}
