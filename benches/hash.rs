//! Canonicalize + hash: the record hash of a 1 KB record, with and without
//! metadata, reading + canonicalizing a typical metadata object, and the
//! capability fingerprint of a 50-tool toolkit (docs/design.md §9).
//!
//! cargo bench --bench hash

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use decision_trail::domain::json;
use decision_trail::domain::metadata::metadata_from_json;
use decision_trail::domain::record::erasure::content_commitment;
use decision_trail::domain::record::{
    new_record_from_json, parse_body, Commitment, HashInput, InputLimits,
};

const METADATA: &str = r#"{"tools":["grep","cargo test","rg"],"confidence":0.82,"step":12,"model":{"name":"m","temperature":0.2},"tags":["auth","refactor"]}"#;

fn hash(c: &mut Criterion) {
    let content = "x".repeat(1000);
    let canonical_metadata = json::canonicalize(&json::parse(METADATA, 64).unwrap()).unwrap();
    let input = HashInput {
        id: "0b6f3c8e-6a55-4b3a-9c1e-4f2d8a7b9c10",
        r#type: "analysis",
        task_id: "refactor-auth",
        content: &content,
        timestamp: "2026-11-22T05:17:00.123Z",
        prev_hash: "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a",
        metadata: None,
        capabilities: None,
        session_id: None,
        parent_id: None,
        commitment: None,
    };
    let mut group = c.benchmark_group("hash");
    group.throughput(Throughput::Elements(1));
    group.bench_function("record_1kb", |b| b.iter(|| input.hash()));
    let with_metadata = HashInput {
        metadata: Some(&canonical_metadata),
        ..input
    };
    group.bench_function("record_1kb_with_metadata", |b| {
        b.iter(|| with_metadata.hash())
    });
    // An erasable record: the commitment to its content and metadata, then
    // the hash over the commitment in their place (docs/design.md §12).
    let salt = [7u8; 32];
    group.bench_function("erasable_record_1kb_with_metadata", |b| {
        b.iter(|| {
            let commitment = content_commitment(&salt, &content, Some(&canonical_metadata));
            HashInput {
                commitment: Some(Commitment {
                    value: &commitment,
                    salt: None,
                    erased: false,
                }),
                ..with_metadata
            }
            .hash()
        })
    });
    group.bench_function("metadata_parse_check_canonicalize", |b| {
        b.iter(|| metadata_from_json("metadata", &json::parse(METADATA, 33).unwrap()).unwrap())
    });
    let body = format!(
        r#"{{"type":"analysis","task_id":"refactor-auth","agent_id":"planner-1","content":"{content}","metadata":{METADATA}}}"#
    );
    group.bench_function("append_body_parse_and_validate_1kb", |b| {
        b.iter(|| {
            new_record_from_json(&parse_body(&body).unwrap(), &InputLimits::default()).unwrap()
        })
    });
    group.finish();
}

/// A toolkit of 50 tools, each with a JSON schema, instructions and a policy:
/// the request read, every tool hashed, the toolkit hashed.
fn capabilities(c: &mut Criterion) {
    let members: Vec<String> = (0..50)
        .map(|i| {
            format!(
                r#"{{"type":"tool","name":"tool_{i:02}","description":"Tool number {i}","schema":{{"jsonSchema":{{"type":"object","properties":{{"q":{{"type":"string","description":"query"}},"limit":{{"type":"integer","minimum":1}}}},"required":["q"]}}}},"instructions":["Use it for task {i}.","Prefer short queries."],"policies":[{{"id":"audit_log"}},{{"id":"tier-{}","executeBinding":"snapshot"}}]}}"#,
                i % 3
            )
        })
        .collect();
    let request = format!(
        r#"{{"kind":"toolkit_static","input":{{"name":"root","instructions":["Be careful."],"members":[{}]}}}}"#,
        members.join(",")
    );
    let parsed = json::parse(&request, 64).unwrap();
    let mut group = c.benchmark_group("capabilities");
    group.throughput(Throughput::Elements(1));
    group.bench_function("fingerprint_toolkit_of_50_tools", |b| {
        b.iter(|| decision_trail::domain::capabilities::fingerprint(&parsed).unwrap())
    });
    group.finish();
}

criterion_group!(benches, hash, capabilities);
criterion_main!(benches);
