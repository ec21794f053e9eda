//! Proofs against a log of one million records in a real SQLite file: the
//! inclusion proof of a random leaf, the consistency proof from a random size,
//! and the root at a random size. Each is one read of O(log n) stored hashes.
//!
//! cargo bench --bench log_proofs

mod support;

use criterion::{criterion_group, criterion_main, Criterion};
use decision_trail::domain::merkle::LogQuery;
use decision_trail::store::Store;
use support::{config, million_record_db, Lcg, RECORDS};

fn proofs(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let store = rt.block_on(async {
        let db = million_record_db().await;
        Store::open(&config(&db)).await.unwrap()
    });
    assert_eq!(store.own_checkpoint().tree_size, RECORDS);
    let mut group = c.benchmark_group("log_proofs_1m");
    let mut rng = Lcg(7);
    group.bench_function("inclusion", |b| {
        b.to_async(&rt).iter(|| {
            let leaf = rng.below(RECORDS);
            let store = &store;
            async move {
                store
                    .log_answers(&[LogQuery::Inclusion {
                        leaf,
                        tree_size: RECORDS,
                    }])
                    .await
                    .unwrap()
            }
        })
    });
    let mut rng = Lcg(11);
    group.bench_function("consistency", |b| {
        b.to_async(&rt).iter(|| {
            let first = 1 + rng.below(RECORDS - 1);
            let store = &store;
            async move {
                store
                    .log_answers(&[LogQuery::Consistency {
                        first,
                        second: RECORDS,
                    }])
                    .await
                    .unwrap()
            }
        })
    });
    let mut rng = Lcg(13);
    group.bench_function("inclusion_with_root_at_random_size", |b| {
        b.to_async(&rt).iter(|| {
            let tree_size = 1 + rng.below(RECORDS);
            let leaf = rng.below(tree_size);
            let store = &store;
            async move {
                store
                    .log_answers(&[
                        LogQuery::Inclusion { leaf, tree_size },
                        LogQuery::Root { tree_size },
                    ])
                    .await
                    .unwrap()
            }
        })
    });
    group.finish();
    rt.block_on(store.close());
}

criterion_group!(benches, proofs);
criterion_main!(benches);
