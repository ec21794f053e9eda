//! The export format (docs/design.md §3), written by `GET /tasks/{id}/export`
//! and read by `decision-trail verify FILE`: NDJSON, a header line
//! `{"tree_size","root","checkpoint","task_statement"}` with the signed
//! checkpoint every proof is for and the log's signed statement of the
//! task's length and head as of that checkpoint ([`TaskHead`]), then one line
//! per record, `{"record","inclusion_proof"}`. A reader also takes bare
//! records (no proof) and an export without a header.

use super::json::JsonValue;
use super::merkle::{from_hex, to_hex, Hash};

/// The first line of a task-head statement. A checkpoint's second line is
/// a size, and this statement's is an origin, so that neither note can be
/// read as the other though the log's key signs both.
pub const TASK_HEAD_V1: &str = "decision-trail/task-head/v1";

/// What the log states of a task in an export: as of the checkpoint of
/// `tree_size`, the task's chain has `length` records and ends with
/// `head_hash`. Signed with the log's key, it makes an export whose records
/// were cut short (or all dropped) fail verification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskHead {
    pub origin: String,
    pub tree_size: u64,
    pub task_id: String,
    pub length: u64,
    pub head_hash: String,
}

impl TaskHead {
    /// The statement's text (a signed note's body): its header line, the
    /// origin, the tree size, the task id as a JSON string (any id is one
    /// line), the length and the head hash, each on a line.
    pub fn text(&self) -> String {
        format!(
            "{TASK_HEAD_V1}\n{}\n{}\n{}\n{}\n{}\n",
            self.origin,
            self.tree_size,
            serde_json::Value::String(self.task_id.clone()),
            self.length,
            self.head_hash
        )
    }

    /// Reads a statement's text.
    pub fn parse(text: &str) -> Result<TaskHead, String> {
        let lines: Vec<&str> = text
            .strip_suffix('\n')
            .unwrap_or(text)
            .split('\n')
            .collect();
        let [header, origin, size, task, length, head] = lines[..] else {
            return Err("the task statement is not six lines".into());
        };
        if header != TASK_HEAD_V1 {
            return Err(format!(
                "the task statement does not begin with `{TASK_HEAD_V1}`"
            ));
        }
        // Decimals without leading zeros, as a checkpoint's size
        // (docs/spec.md §7).
        let number = |s: &str, what: &str| {
            super::decimal(s).ok_or_else(|| format!("the task statement's {what} is not a decimal"))
        };
        let task_id = match serde_json::from_str::<serde_json::Value>(task) {
            Ok(serde_json::Value::String(t)) => t,
            _ => return Err("the task statement's task id is not a JSON string".into()),
        };
        if !crate::domain::record::is_hash_hex(head) {
            return Err("the task statement's head is not 64 lowercase hex characters".into());
        }
        Ok(TaskHead {
            origin: origin.to_string(),
            tree_size: number(size, "tree size")?,
            task_id,
            length: number(length, "length")?,
            head_hash: head.to_string(),
        })
    }
}

/// The header line: the signed checkpoint the export is proven against, and
/// the signed statement of the task's length and head.
#[derive(Debug, Clone, PartialEq)]
pub struct Header {
    pub tree_size: u64,
    pub root: Hash,
    /// The checkpoint as a signed note.
    pub checkpoint: String,
    /// The task's [`TaskHead`] as a signed note; None in an export written
    /// before it was stated (and in a receipt, of one record).
    pub task_statement: Option<String>,
    /// The cosigned checkpoints that prove the records' witness times
    /// (docs/spec.md §8): each note and its consistency proof with the
    /// header's tree; empty without a witness policy (the member left out).
    pub witness_times: Vec<(String, Vec<Hash>)>,
}

impl Header {
    /// The header as its line (without the newline).
    pub fn to_line(&self) -> String {
        let statement = match &self.task_statement {
            Some(s) => format!(
                ",\"task_statement\":{}",
                serde_json::Value::String(s.clone())
            ),
            None => String::new(),
        };
        let times = if self.witness_times.is_empty() {
            String::new()
        } else {
            let entries: Vec<serde_json::Value> = self
                .witness_times
                .iter()
                .map(|(note, proof)| {
                    serde_json::json!({
                        "checkpoint": note,
                        "consistency_proof": proof.iter().map(to_hex).collect::<Vec<_>>(),
                    })
                })
                .collect();
            format!(",\"witness_times\":{}", serde_json::Value::Array(entries))
        };
        format!(
            "{{\"tree_size\":{},\"root\":\"{}\",\"checkpoint\":{}{statement}{times}}}",
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
            let task_statement = match value.get("task_statement") {
                None => None,
                Some(JsonValue::String(s)) => Some(s.clone()),
                Some(_) => return Err("`task_statement` must be a string".into()),
            };
            let witness_times = match value.get("witness_times") {
                None => Vec::new(),
                Some(times) => witness_times_of(times)?,
            };
            Ok(Header {
                tree_size,
                root,
                checkpoint: checkpoint.clone(),
                task_statement,
                witness_times,
            })
        })();
        Some(parsed)
    }
}

/// A `witness_times` member: an array of `{"checkpoint": note,
/// "consistency_proof": [hex, …]}`.
pub fn witness_times_of(value: &JsonValue) -> Result<Vec<(String, Vec<Hash>)>, String> {
    let bad = || "`witness_times` must be an array of {checkpoint, consistency_proof}".to_string();
    let JsonValue::Array(entries) = value else {
        return Err(bad());
    };
    entries
        .iter()
        .map(|entry| {
            let Some(JsonValue::String(note)) = entry.get("checkpoint") else {
                return Err(bad());
            };
            let Some(JsonValue::Array(proof)) = entry.get("consistency_proof") else {
                return Err(bad());
            };
            let proof = proof
                .iter()
                .map(|h| match h {
                    JsonValue::String(h) => from_hex(h).ok_or_else(bad),
                    _ => Err(bad()),
                })
                .collect::<Result<Vec<Hash>, String>>()?;
            Ok((note.clone(), proof))
        })
        .collect()
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
            task_statement: Some("statement\n\n— sig\n".into()),
            witness_times: vec![("cp\n\n— a\n".into(), vec![Hash([3; 32])])],
        };
        let line = header.to_line();
        let value = json::parse(&line, 6).unwrap();
        assert_eq!(Header::from_line(&value), Some(Ok(header)));
        let line = record_line("{\"id\":\"r1\"}", &[Hash([1; 32]), Hash([2; 32])]);
        let value = json::parse(&line, 4).unwrap();
        let (record, proof) = record_of_line(&value).unwrap();
        assert_eq!(record.get("id"), Some(&JsonValue::String("r1".into())));
        assert_eq!(proof, Some(vec![Hash([1; 32]), Hash([2; 32])]));
        assert!(Header::from_line(&value).is_none());
    }

    #[test]
    fn a_task_statement_reads_back_and_is_never_a_checkpoint() {
        let head = TaskHead {
            origin: "log.example".into(),
            tree_size: 9,
            task_id: "a\ntask".into(),
            length: 4,
            head_hash: "ab".repeat(32),
        };
        let text = head.text();
        assert_eq!(text.lines().count(), 6);
        assert_eq!(TaskHead::parse(&text), Ok(head));
        assert!(
            crate::domain::checkpoint::note_checkpoint(&format!("{text}\n— x AAAA\n")).is_err()
        );
        assert!(TaskHead::parse("log.example\n9\nAAAA\n").is_err());
    }
}
