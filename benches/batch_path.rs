//! The batch path alone, without HTTP: appends queued to the store's writer,
//! planned (chains, hashes, the log's frontier, the signed checkpoint),
//! written and committed to a real SQLite file with `synchronous=FULL`.
//! 1 KB records of varied words over 16 tasks, 1,024 in flight, so that the
//! writer's group commits are full. Criterion's throughput is records per
//! second: 1,000,000 ÷ it is the µs each record costs.
//!
//! cargo bench --bench batch_path
//! (pinned to one core: cargo bench --bench batch_path --no-run, then taskset -c 0 on the binary)

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use decision_trail::domain::{NewRecord, RecordType};
use decision_trail::store::{Store, StoreConfig, Synchronous};
use futures_util::stream::{self, StreamExt};

/// The service binary's allocator (src/main.rs), so that the figure is the service's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Appends per measured iteration.
const APPENDS: u64 = 4096;
const TASKS: u64 = 16;

/// 1 KB of varied words (what the search index sees in real records).
fn content(seed: u64) -> String {
    const SYLLABLES: [&str; 24] = [
        "ka", "ro", "mi", "te", "su", "an", "el", "or", "in", "da", "pe", "lo", "va", "ne", "ti",
        "qu", "ber", "son", "tal", "gen", "ex", "ul", "ri", "sha",
    ];
    let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut text = String::with_capacity(1100);
    while text.len() < 1000 {
        for _ in 0..2 + next() % 3 {
            text.push_str(SYLLABLES[(next() % 24) as usize]);
        }
        text.push(' ');
    }
    text.truncate(1000);
    text
}

fn batch_path(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let store = rt.block_on(async {
        Store::open(&StoreConfig {
            database_url: format!("sqlite://{}", dir.path().join("trail.db").display()),
            synchronous: Synchronous::Full,
            ..StoreConfig::default()
        })
        .await
        .unwrap()
    });
    let bodies: Vec<String> = (0..64).map(content).collect();
    let mut group = c.benchmark_group("batch_path");
    group.sample_size(20);
    group.throughput(Throughput::Elements(APPENDS));
    // Plain records, then erasable ones (docs/design.md §12): a salt drawn,
    // a commitment hashed, two more columns written.
    for (name, erasable) in [
        ("append_1kb_full_16_tasks", false),
        ("append_1kb_full_16_tasks_erasable", true),
    ] {
        group.bench_function(name, |b| {
            b.to_async(&rt).iter(|| async {
                stream::iter(0..APPENDS)
                    .map(|i| {
                        store.append(
                            NewRecord {
                                erasable,
                                ..NewRecord::plain(
                                    RecordType::Analysis,
                                    &format!("bench-{:02}", i % TASKS),
                                    "bench",
                                    bodies[(i % 64) as usize].clone(),
                                )
                            },
                            None,
                        )
                    })
                    .buffer_unordered(1024)
                    .for_each(|appended| async move {
                        appended.unwrap();
                    })
                    .await
            })
        });
    }
    group.finish();
    rt.block_on(store.close());
}

criterion_group!(benches, batch_path);
criterion_main!(benches);
