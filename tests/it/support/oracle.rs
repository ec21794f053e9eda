//! Independent oracles, written from the documents without the service's
//! code: the record hash (docs/design.md §1) and the log's root (RFC 9162).

use serde_json::{json, Value};
use sha2::{Digest, Sha256};

// ---------------------------------------------------------------------------
// An independent oracle for the record hash: written from docs/design.md §1 without
// the service's code, over serde_json values.
// ---------------------------------------------------------------------------

fn oracle_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort_by(|a, b| a.encode_utf16().cmp(b.encode_utf16()));
            out.push('{');
            for (i, k) in keys.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&serde_json::to_string(k).unwrap());
                out.push(':');
                oracle_canonical(&map[*k], out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                oracle_canonical(v, out);
            }
            out.push(']');
        }
        Value::Number(n) => {
            // Test metadata uses integers and short decimals; f64 Display prints
            // those as ECMAScript does.
            let f = n.as_f64().unwrap();
            out.push_str(&if f == f.trunc() && f.abs() < 1e21 {
                format!("{}", f as i64)
            } else {
                format!("{f}")
            });
        }
        // serde_json escapes strings exactly as JSON.stringify does.
        other => out.push_str(&serde_json::to_string(other).unwrap()),
    }
}

/// SHA-256 of the canonical JSON of {id, type, task_id, content, timestamp,
/// prev_hash} plus metadata, capabilities, session_id and parent_id when
/// present, as lowercase hex.
/// An erasable record's hash has `content_commitment` in place of content
/// and metadata (docs/design.md §12).
pub fn oracle_hash(record: &Value) -> String {
    let mut h = serde_json::Map::new();
    let erasable = record.get("content_commitment").is_some();
    for f in ["id", "type", "task_id", "content", "timestamp", "prev_hash"] {
        if !(erasable && f == "content") {
            h.insert(f.to_string(), record[f].clone());
        }
    }
    let optional: &[&str] = if erasable {
        &[
            "content_commitment",
            "capabilities",
            "session_id",
            "parent_id",
        ]
    } else {
        &["metadata", "capabilities", "session_id", "parent_id"]
    };
    for &optional in optional {
        if let Some(m) = record.get(optional).filter(|m| !m.is_null()) {
            h.insert(optional.into(), m.clone());
        }
    }
    let mut canonical = String::new();
    oracle_canonical(&Value::Object(h), &mut canonical);
    hex::encode(Sha256::digest(canonical.as_bytes()))
}

/// An erasable record's commitment, from docs/design.md §12: SHA-256 of the
/// tag, the salt's bytes and the canonical JSON of {content, metadata}.
pub fn oracle_commitment(record: &Value) -> String {
    let mut c = serde_json::Map::new();
    c.insert("content".into(), record["content"].clone());
    if let Some(m) = record.get("metadata").filter(|m| !m.is_null()) {
        c.insert("metadata".into(), m.clone());
    }
    let mut canonical = String::new();
    oracle_canonical(&Value::Object(c), &mut canonical);
    let mut h = Sha256::new();
    h.update(b"decision-trail/commitment/v1\n");
    h.update(hex::decode(record["salt"].as_str().unwrap()).unwrap());
    h.update(canonical.as_bytes());
    hex::encode(h.finalize())
}

/// Asserts that a served record's hash is what its fields call for.
pub fn assert_hash_recomputes(record: &Value) {
    assert_eq!(
        record["hash"].as_str().unwrap(),
        oracle_hash(record),
        "hash does not recompute for {record}"
    );
}

// ---------------------------------------------------------------------------
// An independent oracle for the log: RFC 9162 §2.1.1 MTH, written from the RFC
// over the record hashes, without the service's tree code.
// ---------------------------------------------------------------------------

fn sha(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for p in parts {
        h.update(p);
    }
    h.finalize().into()
}

/// MTH(D[n]) of leaves given as their inputs.
pub fn oracle_root(leaves: &[Vec<u8>]) -> [u8; 32] {
    match leaves.len() {
        0 => sha(&[]),
        1 => sha(&[&[0], &leaves[0]]),
        n => {
            let k = n.next_power_of_two() / 2;
            let k = if k == n { n / 2 } else { k };
            sha(&[&[1], &oracle_root(&leaves[..k]), &oracle_root(&leaves[k..])])
        }
    }
}

/// The root of the log whose leaves are these records' hashes, hex.
pub fn oracle_log_root(records_in_log_order: &[Value]) -> String {
    let leaves: Vec<Vec<u8>> = records_in_log_order.iter().map(oracle_leaf).collect();
    hex::encode(oracle_root(&leaves))
}

/// A record's leaf data: `{"agent_id","hash"}` as canonical JSON (two string
/// members; serde_json sorts the keys of its maps and writes no whitespace).
pub fn oracle_leaf(record: &Value) -> Vec<u8> {
    serde_json::to_vec(&json!({"agent_id": record["agent_id"], "hash": record["hash"]})).unwrap()
}
