//! Checking an export without trusting the service that made it: every record's
//! hash, every link and seq of the chain, and, given the log's verifier key, the
//! checkpoint's signature and every record's inclusion proof in that checkpoint's
//! tree.
//!
//! The format is `domain::export`'s.

use std::fmt;

use super::chain::ChainWalk;
use super::checkpoint::{open_checkpoint, VerifiedCheckpoint};
use super::export::{self, Header};
use super::json;
use super::merkle::{leaf_hash, leaf_input, verify_inclusion};
use super::record::{record_from_json, MAX_BODY_DEPTH};

/// What the verifier trusts: the log's verifier key and, optionally, a
/// checkpoint obtained separately (otherwise the export's own, whose signature
/// is then checked with the key).
#[derive(Debug, Clone, Copy, Default)]
pub struct Trust<'a> {
    pub verifier_key: Option<&'a str>,
    pub checkpoint: Option<&'a str>,
}

/// What a successful check established.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditReport {
    pub task_id: Option<String>,
    pub length: u64,
    pub head_hash: String,
    /// The checkpoint the records were proven against, when a key was given.
    pub checkpoint: Option<VerifiedCheckpoint>,
    pub proofs_checked: u64,
}

/// The first thing that does not check, and where (1-based line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditFailure {
    pub line: usize,
    pub what: String,
}

impl fmt::Display for AuditFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.what)
        } else {
            write!(f, "line {}: {}", self.line, self.what)
        }
    }
}

fn fail(line: usize, what: impl Into<String>) -> AuditFailure {
    AuditFailure {
        line,
        what: what.into(),
    }
}

/// Checks an export's text. Fails at the first problem, naming its line.
pub fn audit_export(text: &str, trust: Trust<'_>) -> Result<AuditReport, AuditFailure> {
    let mut values = Vec::new();
    for (i, item) in json::parse_stream(text, MAX_BODY_DEPTH + 2)
        .into_iter()
        .enumerate()
    {
        values.push(item.map_err(|e| fail(i + 1, format!("not JSON: {e}")))?);
    }
    let mut lines = values
        .iter()
        .enumerate()
        .map(|(i, v)| (i + 1, v))
        .peekable();
    let header = match lines.peek().and_then(|(_, v)| Header::from_line(v)) {
        Some(h) => {
            lines.next();
            Some(h.map_err(|e| fail(1, e))?)
        }
        None => None,
    };
    let checkpoint = match trust.verifier_key {
        None => None,
        Some(key) => Some(trusted_checkpoint(header.as_ref(), trust.checkpoint, key)?),
    };
    let mut walk = ChainWalk::new();
    let mut task_id: Option<String> = None;
    let mut proofs_checked = 0;
    for (line, value) in lines {
        let (record_json, proof) = export::record_of_line(value).map_err(|e| fail(line, e))?;
        let record = record_from_json(record_json).map_err(|errors| {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            fail(line, format!("not a record: {}", list.join("; ")))
        })?;
        let at = format!("record {} (seq {})", record.id, record.seq);
        match &task_id {
            None => task_id = Some(record.task_id.clone()),
            Some(t) if *t != record.task_id => {
                return Err(fail(
                    line,
                    format!("{at} belongs to task `{}`, not `{t}`", record.task_id),
                ))
            }
            Some(_) => {}
        }
        walk.step(Some(record.seq), &record.hash_input(), &record.hash)
            .map_err(|b| {
                fail(
                    line,
                    format!(
                        "{at}: {}: expected {}, found {}",
                        b.reason.as_str(),
                        b.expected,
                        b.actual
                    ),
                )
            })?;
        if let Some(cp) = &checkpoint {
            let proof = proof.ok_or_else(|| fail(line, format!("{at} has no inclusion proof")))?;
            if record.log_index >= cp.size {
                return Err(fail(
                    line,
                    format!(
                        "{at} is leaf {}, outside the checkpoint's tree of {}",
                        record.log_index, cp.size
                    ),
                ));
            }
            let leaf = leaf_hash(&leaf_input(&record.hash).expect("a checked hash is 64 hex"));
            if !verify_inclusion(&proof, cp.size, cp.root, record.log_index, leaf) {
                return Err(fail(line, format!("{at}: its inclusion proof does not lead to the checkpoint's root: it is not in the log the checkpoint commits to")));
            }
            proofs_checked += 1;
        }
    }
    Ok(AuditReport {
        task_id,
        length: walk.length(),
        head_hash: walk.head_hash().to_string(),
        checkpoint,
        proofs_checked,
    })
}

/// The checkpoint the records are proven against: the separately given one, or
/// the export's; its signature must verify with the key, and it must be the one
/// the export's proofs were made for.
fn trusted_checkpoint(
    header: Option<&Header>,
    given: Option<&str>,
    key: &str,
) -> Result<VerifiedCheckpoint, AuditFailure> {
    let note = match (given, header) {
        (Some(note), _) => note,
        (None, Some(h)) => h.checkpoint.as_str(),
        (None, None) => {
            return Err(fail(
                0,
                "no checkpoint: the export has no header line and none was given",
            ))
        }
    };
    let cp = open_checkpoint(note, key).map_err(|e| fail(0, format!("checkpoint: {e}")))?;
    if let Some(h) = header {
        if h.tree_size != cp.size {
            return Err(fail(1, format!(
                "the export's proofs are for tree size {}, the checkpoint is for {}; export with ?tree_size={}",
                h.tree_size, cp.size, cp.size
            )));
        }
        if h.root != cp.root {
            return Err(fail(
                1,
                "the export's root differs from the checkpoint's root for the same size",
            ));
        }
    }
    Ok(cp)
}
