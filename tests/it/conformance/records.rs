//! Every case of the conformance vectors in `tests/data/records.json` (computed
//! by an independent implementation): record hashes, metadata, chains,
//! tampering.

use decision_trail::domain::chain::{BreakReason, ChainWalk};
use decision_trail::domain::json::{self, JsonValue, ParseErrorKind};
use decision_trail::domain::record::{hash_of_json_record, HashInput, MAX_BODY_DEPTH};
use serde_json::Value;

fn vectors() -> Value {
    let text = std::fs::read_to_string(crate::support::data_file("records.json")).expect("vectors");
    serde_json::from_str(&text).expect("vectors parse")
}

fn parse(text: &str) -> Result<JsonValue, json::ParseError> {
    json::parse(text, MAX_BODY_DEPTH)
}

/// The six-field hash input of a parsed record (the original format's hash).
fn six_fields(value: &JsonValue) -> HashInput<'_> {
    let s = |f: &str| match value.get(f) {
        Some(JsonValue::String(s)) => s.as_str(),
        other => panic!("field {f} is {other:?}"),
    };
    HashInput {
        id: s("id"),
        r#type: s("type"),
        task_id: s("task_id"),
        content: s("content"),
        timestamp: s("timestamp"),
        prev_hash: s("prev_hash"),
        metadata: None,
        capabilities: None,
        session_id: None,
        parent_id: None,
        commitment: None,
    }
}

#[test]
fn pinned_vector_holds() {
    let v = vectors();
    let pinned = &v["pinned"];
    assert_eq!(
        pinned["sha256"],
        "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a"
    );
    let input = serde_json::to_string(&pinned["input"]).unwrap();
    assert_eq!(
        hash_of_json_record(&parse(&input).unwrap()).unwrap(),
        pinned["sha256"].as_str().unwrap()
    );
}

/// record_cases are vectors of the original six-field hash. Each is checked
/// twice: the canonical text and hash of the six fields, and the `hash` command's
/// reading of the whole input (which, per docs/design.md §1, also hashes metadata when
/// present: the one case that carries metadata is checked against that rule).
#[test]
fn record_cases_hash_as_the_reference_does() {
    let v = vectors();
    let cases = v["record_cases"].as_array().unwrap();
    assert_eq!(cases.len(), 20);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let input_json = case["input_json"].as_str().unwrap();
        if case["lone_surrogate"] == true {
            // A Rust string cannot hold a lone surrogate: refused, clearly.
            let e = parse(input_json).unwrap_err();
            assert_eq!(e.kind, ParseErrorKind::LoneSurrogate, "{name}");
            assert!(e.to_string().contains("surrogate"), "{name}: {e}");
            continue;
        }
        let value = parse(input_json).unwrap_or_else(|e| panic!("{name}: {e}"));
        let input = six_fields(&value);
        assert_eq!(
            input.canonical_json(),
            case["canonical"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(
            input.canonical_json().len() as u64,
            case["canonical_utf8_bytes"].as_u64().unwrap(),
            "{name}"
        );
        assert_eq!(input.hash(), case["sha256"].as_str().unwrap(), "{name}");
        let whole = hash_of_json_record(&value).unwrap();
        if value.get("metadata").is_some_and(|m| *m != JsonValue::Null) {
            // docs/design.md §1: metadata present means hashed.
            assert_eq!(name, "input-extra-fields-ignored");
            assert_ne!(whole, case["sha256"].as_str().unwrap(), "{name}");
            let with_metadata = HashInput {
                metadata: Some(r#"{"a":[1,2],"z":1}"#),
                capabilities: None,
                session_id: None,
                parent_id: None,
                ..input
            };
            assert_eq!(whole, with_metadata.hash(), "{name}");
        } else {
            assert_eq!(whole, case["sha256"].as_str().unwrap(), "{name}");
        }
    }
}

/// metadata_cases: `expect: hash` cases must canonicalize and hash exactly;
/// `expect: reject` cases must be refused, naming the metadata field.
#[test]
fn metadata_cases_hash_or_are_refused() {
    let v = vectors();
    let cases = v["metadata_cases"].as_array().unwrap();
    assert_eq!(cases.len(), 7);
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let value = parse(case["input_json"].as_str().unwrap()).unwrap();
        let metadata = value.get("metadata").unwrap();
        // RFC 8785 over the whole hash input, metadata included when not null.
        let mut h: Vec<(String, JsonValue)> =
            ["id", "type", "task_id", "content", "timestamp", "prev_hash"]
                .iter()
                .map(|f| (f.to_string(), value.get(f).unwrap().clone()))
                .collect();
        if *metadata != JsonValue::Null {
            h.push(("metadata".into(), metadata.clone()));
        }
        let canonical = json::canonicalize(&JsonValue::Object(h));
        match case["expect"].as_str().unwrap() {
            "hash" => {
                let canonical = canonical.unwrap();
                assert_eq!(canonical, case["canonical"].as_str().unwrap(), "{name}");
                let sha = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(canonical.as_bytes()));
                assert_eq!(sha, case["sha256"].as_str().unwrap(), "{name}");
                match hash_of_json_record(&value) {
                    Ok(hash) => assert_eq!(hash, case["sha256"].as_str().unwrap(), "{name}"),
                    // docs/design.md §1: metadata is an object. The one `hash` case with
                    // array metadata pins number formatting; as a record it is refused.
                    Err(errors) => {
                        assert_eq!(name, "numbers-brief");
                        assert_eq!(errors[0].field, "metadata");
                        assert!(errors[0].message.contains("object"));
                    }
                }
            }
            "reject" => {
                let errors = hash_of_json_record(&value).expect_err(name);
                assert!(
                    errors.iter().all(|e| e.field.starts_with("metadata")),
                    "{name}: {errors:?}"
                );
            }
            other => panic!("unknown expectation {other}"),
        }
    }
}

/// The number rule on its own, on the integers the vector refuses as a whole.
#[test]
fn numbers_integers_case_names_each_integer_that_would_change() {
    let text = r#"{"id":"r","type":"plan","task_id":"t","content":"c","timestamp":"x","prev_hash":"0",
        "metadata":{"n":[9007199254740991,9007199254740992,9007199254740993,12345678901234567890,18446744073709551615,18446744073709551616,-9223372036854775808,-9223372036854775809,-0.0]}}"#;
    let errors = hash_of_json_record(&parse(text).unwrap()).unwrap_err();
    let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
    // 2^53-1 and 2^53 print back unchanged and -0.0 is zero. 2^64 and -2^63 are
    // exact doubles but print as 18446744073709552000 / -9223372036854776000, a
    // different decimal: refused like the rest.
    assert_eq!(
        fields,
        [
            "metadata.n[2]",
            "metadata.n[3]",
            "metadata.n[4]",
            "metadata.n[5]",
            "metadata.n[6]",
            "metadata.n[7]"
        ]
    );
}

fn walk(records: &[Value]) -> Result<(u64, String), decision_trail::domain::chain::ChainBreak> {
    let mut walker = ChainWalk::new();
    for r in records {
        let s = |f: &str| r[f].as_str().unwrap();
        let input = HashInput {
            id: s("id"),
            r#type: s("type"),
            task_id: s("task_id"),
            content: s("content"),
            timestamp: s("timestamp"),
            prev_hash: s("prev_hash"),
            metadata: None,
            capabilities: None,
            session_id: None,
            parent_id: None,
            commitment: None,
        };
        walker.step(None, &input, s("hash"))?;
    }
    Ok((walker.length(), walker.head_hash().to_string()))
}

#[test]
fn chains_verify() {
    let v = vectors();
    for chain in v["chains"].as_array().unwrap() {
        let expected = &chain["expected_verify"];
        assert_eq!(expected["valid"], true);
        let (length, head) = walk(chain["records"].as_array().unwrap()).unwrap();
        assert_eq!(length, expected["length"].as_u64().unwrap());
        assert_eq!(head, expected["head_hash"].as_str().unwrap());
    }
}

#[test]
fn tampered_chains_break_where_the_vectors_say() {
    let v = vectors();
    for case in v["tampered_chains"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let expected = &case["expected_verify"];
        let records = case["records"].as_array().unwrap();
        let b = walk(records).expect_err(name);
        assert_eq!(b.index, expected["break_index"].as_u64().unwrap(), "{name}");
        let first = &expected["all_failures"][0];
        assert_eq!(
            b.reason.as_str(),
            first["check"].as_str().unwrap(),
            "{name}"
        );
        assert_eq!(b.expected, first["expected"].as_str().unwrap(), "{name}");
        assert_eq!(b.actual, first["found"].as_str().unwrap(), "{name}");
        assert_eq!(
            b.id,
            records[b.index as usize]["id"].as_str().unwrap(),
            "{name}"
        );
        assert_ne!(b.reason, BreakReason::SeqGap);
    }
}

#[test]
fn the_independent_oracle_agrees_with_the_vectors() {
    let v = vectors();
    for chain in v["chains"].as_array().unwrap() {
        for r in chain["records"].as_array().unwrap() {
            crate::support::assert_hash_recomputes(r);
        }
    }
    crate::support::assert_hash_recomputes(&{
        let mut p = v["pinned"]["input"].clone();
        p["hash"] = v["pinned"]["sha256"].clone();
        p
    });
}
