//! Seeds a database with N varied records for the search bench
//! (`bench/search.sh`): appended through the store, in process, so every
//! record is chained, hashed, logged and indexed exactly as over HTTP.
//!
//! cargo run --release --example seed -- PATH N
//!
//! The text is pseudo-English from a Zipf-distributed vocabulary, so some
//! words are in most records and most words in few, with planted markers:
//! `cache` in about 30% of records, the phrase `write ahead log` in about 1%,
//! `quokka` in 1 of 100,000, and a Chinese sentence (with `数据库`) in 1 of
//! 10. It prints the append rate (records/s) on stderr.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use decision_trail::domain::{NewRecord, RecordType};
use decision_trail::store::{Store, StoreConfig, StoreError};

/// A deterministic generator (xorshift), one per worker.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const SYLLABLES: [&str; 24] = [
    "ka", "ro", "mi", "te", "su", "an", "el", "or", "in", "da", "pe", "lo", "va", "ne", "ti", "qu",
    "ber", "son", "tal", "gen", "ex", "ul", "ri", "sha",
];
const CHINESE: [&str; 4] = [
    "我们决定使用数据库缓存来加速查询",
    "分析表明数据库索引需要重建",
    "计划先迁移用户表再更新接口",
    "反思：这次部署的回滚太慢了",
];

fn vocabulary(rng: &mut Rng) -> Vec<String> {
    (0..5000)
        .map(|_| {
            let n = 2 + rng.below(3);
            (0..n)
                .map(|_| SYLLABLES[rng.below(SYLLABLES.len() as u64) as usize])
                .collect()
        })
        .collect()
}

/// A Zipf-like draw: rank r with weight 1/r, by inverting the harmonic CDF
/// approximately (exp of a uniform draw over ln(n)).
fn zipf(rng: &mut Rng, n: usize) -> usize {
    let u = (rng.next() >> 11) as f64 / (1u64 << 53) as f64;
    ((n as f64).powf(u) as usize).saturating_sub(1).min(n - 1)
}

fn text(rng: &mut Rng, words: &[String], i: u64) -> String {
    let mut out = Vec::new();
    let n = 25 + rng.below(40);
    for _ in 0..n {
        out.push(words[zipf(rng, words.len())].as_str());
    }
    if rng.below(10) < 3 {
        let at = rng.below(out.len() as u64) as usize;
        out.insert(at, "cache");
    }
    if rng.below(100) == 0 {
        out.extend(["write", "ahead", "log"]);
    }
    if i % 100_000 == 50_000 {
        out.push("quokka");
    }
    let mut s = out.join(" ");
    if rng.below(10) == 0 {
        s.push(' ');
        s.push_str(CHINESE[rng.below(CHINESE.len() as u64) as usize]);
    }
    s
}

#[tokio::main]
async fn main() -> Result<(), StoreError> {
    let mut args = std::env::args().skip(1);
    let (Some(path), Some(n)) = (args.next(), args.next().and_then(|n| n.parse::<u64>().ok()))
    else {
        eprintln!("usage: seed PATH N");
        std::process::exit(2);
    };
    let config = StoreConfig {
        database_url: format!("sqlite://{path}"),
        ..StoreConfig::default()
    };
    let store = Arc::new(Store::open(&config).await?);
    let words = Arc::new(vocabulary(&mut Rng(0x9e37_79b9_7f4a_7c15)));
    let next = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let workers = 256;
    let mut handles = Vec::new();
    for w in 0..workers {
        let (store, words, next) = (store.clone(), words.clone(), next.clone());
        handles.push(tokio::spawn(async move {
            let mut rng = Rng(0x2545_f491_4f6c_dd1d ^ (w + 1));
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= n {
                    return Ok::<(), StoreError>(());
                }
                let mut draft = NewRecord::plain(
                    RecordType::ALL[(i % 4) as usize],
                    &format!("seed-task-{}", i % 2000),
                    &format!("seed-agent-{}", i % 7),
                    text(&mut rng, &words, i),
                );
                draft.authored.session_id = Some(format!("seed-session-{}", i % 50));
                loop {
                    match store.append(draft.clone(), None).await {
                        Ok(_) => break,
                        Err(StoreError::Busy(_)) => {
                            tokio::time::sleep(std::time::Duration::from_millis(5)).await
                        }
                        Err(e) => return Err(e),
                    }
                }
            }
        }));
    }
    for h in handles {
        h.await.expect("worker")?;
    }
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "seeded {n} records in {secs:.1} s: {:.0} records/s",
        n as f64 / secs
    );
    // The search index follows the log: it is brought up to all of it
    // before the file is handed over.
    while store.refresh_index().await? < n {}
    store.close().await;
    Ok(())
}
