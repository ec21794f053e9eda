//! The export format (docs/design.md §3), written by `GET /tasks/{id}/export`
//! and read by `decision-trail verify FILE`: NDJSON, a header line
//! `{"tree_size","root","checkpoint"}` with the signed checkpoint every proof
//! is for, then one line per record, `{"record","inclusion_proof"}`. A reader
//! also takes bare records (no proof) and an export without a header.

use super::json::JsonValue;
use super::merkle::{from_hex, to_hex, Hash};

/// The header line: the signed checkpoint the export is proven against.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub tree_size: u64,
    pub root: Hash,
    /// The checkpoint as a signed note.
    pub checkpoint: String,
}

impl Header {
    /// The header as its line (without the newline).
    pub fn to_line(&self) -> String {
        format!(
            "{{\"tree_size\":{},\"root\":\"{}\",\"checkpoint\":{}}}",
            self.tree_size,
            to_hex(&self.root),
            serde_json::Value::String(self.checkpoint.clone())
        )
    }

    /// The header a line holds: None when the line is not a header (it has no
    /// `checkpoint`), an error when it is a header but malformed.
    pub fn from_line(value: &JsonValue) -> Option<Result<Header, String>> {
        let checkpoint = value.get("checkpoint")?;
        let parsed = (|| {
            let JsonValue::String(checkpoint) = checkpoint else {
                return Err("`checkpoint` must be a string".to_string());
            };
            let tree_size = match value.get("tree_size") {
                Some(JsonValue::Number(n)) => n
                    .parse::<u64>()
                    .map_err(|_| "bad `tree_size`".to_string())?,
                _ => return Err("the header needs `tree_size`".into()),
            };
            let root = match value.get("root") {
                Some(JsonValue::String(r)) => from_hex(r).ok_or("`root` is not 32 bytes of hex")?,
                _ => return Err("the header needs `root`".into()),
            };
            Ok(Header {
                tree_size,
                root,
                checkpoint: checkpoint.clone(),
            })
        })();
        Some(parsed)
    }
}

/// A record's line: the record as served (its JSON text) and its inclusion
/// proof in the header's tree (without the newline).
pub fn record_line(record_json: &str, inclusion_proof: &[Hash]) -> String {
    let proof: Vec<String> = inclusion_proof
        .iter()
        .map(|h| format!("\"{}\"", to_hex(h)))
        .collect();
    format!(
        "{{\"record\":{record_json},\"inclusion_proof\":[{}]}}",
        proof.join(",")
    )
}

/// The record of a line, and its inclusion proof when the line carries one.
pub fn record_of_line(value: &JsonValue) -> Result<(&JsonValue, Option<Vec<Hash>>), String> {
    let Some(record) = value.get("record") else {
        // A bare record.
        return Ok((value, None));
    };
    let proof = match value.get("inclusion_proof") {
        None => None,
        Some(JsonValue::Array(items)) => Some(
            items
                .iter()
                .map(|h| match h {
                    JsonValue::String(s) => from_hex(s)
                        .ok_or_else(|| format!("proof hash `{s}` is not 32 bytes of hex")),
                    _ => Err("proof hashes are hex strings".to_string()),
                })
                .collect::<Result<Vec<_>, _>>()?,
        ),
        Some(_) => return Err("`inclusion_proof` must be an array".into()),
    };
    Ok((record, proof))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::json;

    #[test]
    fn lines_read_back_as_written() {
        let header = Header {
            tree_size: 7,
            root: Hash([7; 32]),
            checkpoint: "origin\n7\nroot=\n\n— sig\n".into(),
        };
        let line = header.to_line();
        let value = json::parse(&line, 4).unwrap();
        assert_eq!(Header::from_line(&value), Some(Ok(header)));
        let line = record_line("{\"id\":\"r1\"}", &[Hash([1; 32]), Hash([2; 32])]);
        let value = json::parse(&line, 4).unwrap();
        let (record, proof) = record_of_line(&value).unwrap();
        assert_eq!(record.get("id"), Some(&JsonValue::String("r1".into())));
        assert_eq!(proof, Some(vec![Hash([1; 32]), Hash([2; 32])]));
        assert!(Header::from_line(&value).is_none());
    }
}
