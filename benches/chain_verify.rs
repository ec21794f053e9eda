//! Chain verification rate: the pure walk over records in memory (recompute
//! each hash, check each link and seq), and the service's walk of a
//! 200,000-record chain streamed from a real SQLite file.
//!
//! cargo bench --bench chain_verify

mod support;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use decision_trail::domain::chain::{self, ChainHead, ChainWalk};
use decision_trail::domain::{NewRecord, Record, RecordType};
use decision_trail::store::{ChainVerdict, Store};
use support::{config, million_record_db, HOT_LENGTH, HOT_TASK};

/// The service binary's allocator (src/main.rs), so that the figure is the service's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn records(n: u64) -> Vec<Record> {
    let mut head: Option<ChainHead> = None;
    (0..n)
        .map(|i| {
            let draft = NewRecord::plain(
                RecordType::Analysis,
                "bench",
                "bench",
                format!("record {i}: {}", "x".repeat(100)),
            );
            let r = chain::link(
                draft,
                head.as_ref(),
                i,
                format!("{i:036}"),
                "2026-11-22T00:00:00.000Z".into(),
                None,
            );
            head = Some(ChainHead::after(&r));
            r
        })
        .collect()
}

fn verify(c: &mut Criterion) {
    let mut group = c.benchmark_group("chain_verify");
    group.sample_size(20);
    let chain = records(100_000);
    group.throughput(Throughput::Elements(chain.len() as u64));
    group.bench_function("walk_in_memory_100k", |b| {
        b.iter(|| {
            let mut walk = ChainWalk::new();
            for r in &chain {
                walk.step(Some(r.seq), &r.hash_input(), &r.hash).unwrap();
            }
            walk.length()
        })
    });

    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let store = rt.block_on(async {
        let db = million_record_db().await;
        Store::open(&config(&db)).await.unwrap()
    });
    group.sample_size(10);
    group.throughput(Throughput::Elements(HOT_LENGTH));
    group.bench_function("walk_sqlite_200k_of_1m", |b| {
        b.to_async(&rt).iter(|| async {
            match store.verify_chain(HOT_TASK).await.unwrap() {
                Some(ChainVerdict::Valid { length, .. }) => assert_eq!(length, HOT_LENGTH),
                other => panic!("{other:?}"),
            }
        })
    });
    group.finish();
    rt.block_on(store.close());
}

criterion_group!(benches, verify);
criterion_main!(benches);
