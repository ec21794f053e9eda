//! Every case of `tests/data/merkle.json` (vectors computed by an independent
//! implementation): RFC 9162 roots, inclusion and consistency proofs, the
//! RFC 6962 §2.1.3 example, and the negative cases, through the domain's log
//! API.

use std::collections::HashMap;

use decision_trail::domain::merkle::{
    from_hex, leaf_data, leaf_hash, to_hex, verify_consistency, verify_inclusion, Frontier, Hash,
    LogQuery, StoredHashes, EMPTY_HASH,
};
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(crate::support::data_file("merkle.json")).unwrap(),
    )
    .unwrap()
}

fn h(v: &Value) -> Hash {
    from_hex(v.as_str().unwrap()).unwrap()
}

fn hashes(v: &Value) -> Vec<Hash> {
    v.as_array().unwrap().iter().map(h).collect()
}

fn n(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

/// The 8 standard leaves appended one by one, keeping every stored hash.
fn standard_log(v: &Value) -> StoredHashes {
    let mut frontier = Frontier::empty();
    let mut stored = StoredHashes::default();
    for leaf in v["standard_8_leaf"]["leaf_inputs_hex"].as_array().unwrap() {
        stored.extend(frontier.append(&hex::decode(leaf.as_str().unwrap()).unwrap()));
    }
    stored
}

fn answer(q: LogQuery, stored: &StoredHashes) -> Vec<Hash> {
    let needed = q.indexes();
    let known: StoredHashes = needed.iter().map(|i| (*i, stored[i])).collect();
    q.answer(&known).unwrap()
}

#[test]
fn leaf_hashes_and_roots_by_size() {
    let v = vectors();
    let s = &v["standard_8_leaf"];
    for (input, want) in s["leaf_inputs_hex"]
        .as_array()
        .unwrap()
        .iter()
        .zip(s["leaf_hashes"].as_array().unwrap())
    {
        assert_eq!(
            leaf_hash(&hex::decode(input.as_str().unwrap()).unwrap()),
            h(want)
        );
    }
    assert_eq!(to_hex(&EMPTY_HASH), v["empty_tree_root"].as_str().unwrap());
    let stored = standard_log(&v);
    for r in s["roots_by_size"].as_array().unwrap() {
        let q = LogQuery::Root {
            tree_size: n(&r["tree_size"]),
        };
        assert_eq!(
            answer(q, &stored),
            vec![h(&r["root"])],
            "size {}",
            r["tree_size"]
        );
    }
}

#[test]
fn every_inclusion_proof_is_produced_and_verifies() {
    let v = vectors();
    let stored = standard_log(&v);
    let s = &v["standard_8_leaf"];
    let cases = s["all_inclusion_proofs"]
        .as_array()
        .unwrap()
        .iter()
        .chain(s["published_inclusion_proofs"].as_array().unwrap());
    let mut count = 0;
    for p in cases {
        let (leaf, size) = (n(&p["leaf_index"]), n(&p["tree_size"]));
        let proof = answer(
            LogQuery::Inclusion {
                leaf,
                tree_size: size,
            },
            &stored,
        );
        assert_eq!(proof, hashes(&p["proof"]), "leaf {leaf} size {size}");
        assert!(verify_inclusion(
            &proof,
            size,
            h(&p["root"]),
            leaf,
            h(&p["leaf_hash"])
        ));
        count += 1;
    }
    assert!(count >= 36);
}

#[test]
fn every_consistency_proof_is_produced_and_verifies() {
    let v = vectors();
    let stored = standard_log(&v);
    let s = &v["standard_8_leaf"];
    let cases = s["all_consistency_proofs"]
        .as_array()
        .unwrap()
        .iter()
        .chain(s["published_consistency_proofs"].as_array().unwrap());
    for p in cases {
        let (first, second) = (n(&p["size1"]), n(&p["size2"]));
        let proof = answer(LogQuery::Consistency { first, second }, &stored);
        assert_eq!(proof, hashes(&p["proof"]), "{first} -> {second}");
        assert!(verify_consistency(
            &proof,
            first,
            h(&p["root1"]),
            second,
            h(&p["root2"])
        ));
        if first < second {
            assert!(
                !verify_consistency(&proof, first, h(&p["root2"]), second, h(&p["root2"]))
                    || h(&p["root1"]) == h(&p["root2"])
            );
        }
    }
    // RFC 9162 has no proof from the empty tree.
    assert!(!verify_consistency(
        &[],
        0,
        EMPTY_HASH,
        1,
        h(&s["leaf_hashes"][0])
    ));
    assert!(LogQuery::Consistency {
        first: 0,
        second: 3
    }
    .validate(8)
    .is_err());
}

#[test]
fn the_rfc_6962_worked_example() {
    let v = vectors();
    let stored = standard_log(&v);
    let example = &v["rfc6962_section_2_1_3_example"];
    for st in example["statements"].as_array().unwrap() {
        let want = hashes(&st["proof"]);
        let got = match st["kind"].as_str().unwrap() {
            "inclusion" => answer(
                LogQuery::Inclusion {
                    leaf: n(&st["leaf_index"]),
                    tree_size: n(&st["tree_size"]),
                },
                &stored,
            ),
            "consistency" => answer(
                LogQuery::Consistency {
                    first: n(&st["size1"]),
                    second: n(&st["size2"]),
                },
                &stored,
            ),
            other => panic!("unknown statement kind {other}"),
        };
        assert_eq!(got, want, "{}", st["rfc_text"]);
    }
}

#[test]
fn negative_cases_do_not_verify() {
    let v = vectors();
    let cases = v["negative_cases"].as_array().unwrap();
    assert!(!cases.is_empty());
    for c in cases {
        assert_eq!(c["expected_valid"], false);
        let ok = match c["kind"].as_str().unwrap() {
            "inclusion" => verify_inclusion(
                &hashes(&c["proof"]),
                n(&c["tree_size"]),
                h(&c["root"]),
                n(&c["leaf_index"]),
                h(&c["leaf_hash"]),
            ),
            "consistency" => verify_consistency(
                &hashes(&c["proof"]),
                n(&c["size1"]),
                h(&c["root1"]),
                n(&c["size2"]),
                h(&c["root2"]),
            ),
            other => panic!("unknown kind {other}"),
        };
        assert!(!ok, "{} must not verify", c["desc"]);
    }
}

/// Attributed leaves (docs/design.md §2), against `tests/data/leaves.json`,
/// computed by an independent implementation (`tests/data/leaves.py`).
#[test]
fn record_leaves_commit_to_the_hash_and_the_agent() {
    let v: Value = serde_json::from_str(
        &std::fs::read_to_string(crate::support::data_file("leaves.json")).unwrap(),
    )
    .unwrap();
    let mut f = Frontier::empty();
    let mut roots = HashMap::new();
    for case in v["leaves"].as_array().unwrap() {
        let data = leaf_data(
            case["agent_id"].as_str().unwrap(),
            case["hash"].as_str().unwrap(),
        );
        assert_eq!(
            String::from_utf8(data.clone()).unwrap(),
            case["leaf_data"].as_str().unwrap()
        );
        assert_eq!(
            to_hex(&leaf_hash(&data)),
            case["leaf_hash"].as_str().unwrap()
        );
        f.append(&data);
        roots.insert(f.size(), to_hex(&f.root()));
    }
    for r in v["roots"].as_array().unwrap() {
        assert_eq!(
            roots[&r["size"].as_u64().unwrap()],
            r["root"].as_str().unwrap()
        );
    }
    // Another agent, the same record hash: another leaf.
    let pinned = v["leaves"][0]["hash"].as_str().unwrap();
    assert_ne!(leaf_data("a1", pinned), leaf_data("a2", pinned));
}
