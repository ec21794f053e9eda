//! `verify FILE.tlog-proof`: a receipt as a C2SP tlog-proof file
//! (`GET /thoughts/{id}/receipt` with `Accept: application/x.tlog-proof`)
//! checked offline: the checkpoint's signature with the log's key (`--key`,
//! or the key `verify --url` pinned for the checkpoint's origin), the leaf
//! (from the file's extra data, or from `--record`) and its inclusion proof
//! (docs/design.md §2).

use std::path::Path;

use super::remote::State;
use super::verify::{check_witnesses, FileVerdict};
use crate::domain::audit::{code, fail, LeafFormat, Verdict};
use crate::domain::json::{self, JsonValue};
use crate::domain::record::{record_from_json, MAX_BODY_DEPTH};
use crate::domain::tlog_proof::TlogProof;
use crate::domain::witness::Policy;
use crate::domain::{count, Record};

/// What the caller trusts and adds to the file.
pub(super) struct ProofTrust<'a> {
    /// `--key`: the log's verifier key.
    pub key: Option<&'a str>,
    /// `--state`: where `verify --url` pinned each log's key (default path when None).
    pub state: Option<&'a Path>,
    /// `--record`: the record as served (`GET /thoughts/{id}`), hashed and
    /// matched to the leaf.
    pub record: Option<&'a Path>,
    /// `--policy`: the witnesses whose quorum must cosign the checkpoint.
    pub policy: Option<&'a Policy>,
}

/// Checks a tlog-proof file's text: its verdict; Err when it cannot be
/// checked (no key to check it with, a `--record` that is not a record).
pub(super) fn verify_proof_file(
    file: &Path,
    text: &str,
    trust: ProofTrust<'_>,
) -> Result<FileVerdict, String> {
    let proof = match TlogProof::parse(text) {
        Ok(proof) => proof,
        Err(e) => return Ok(FileVerdict::failed(file, fail(0, code::MALFORMED, e))),
    };
    let (key, key_source) = match trust.key {
        Some(key) => (key.to_string(), "--key".to_string()),
        None => pinned_key(&proof.checkpoint, trust.state)?,
    };
    let record = trust.record.map(read_record).transpose()?;
    if proof.extra.is_none() && record.is_none() {
        return Err(format!(
            "{}: the proof names no leaf (no extra data): give the record it proves with --record \
             (GET /thoughts/{{id}})",
            file.display()
        ));
    }
    let proven = match proof.check(&key, record.as_ref()) {
        Ok(proven) => proven,
        Err(failure) if failure.bad_key => return Err(failure.what),
        Err(failure) => return Ok(FileVerdict::failed(file, failure)),
    };
    let mut lines = vec![format!(
        "ok: checkpoint `{}` of {} verifies with the key ({key_source})",
        proven.checkpoint.origin,
        count(proven.checkpoint.size, "record")
    )];
    let mut witnesses = None;
    if let Some(policy) = trust.policy {
        match check_witnesses(&proof.checkpoint, policy) {
            Ok((line, names)) => {
                lines.push(line);
                witnesses = Some(names);
            }
            Err(e) => return Ok(FileVerdict::failed(file, fail(0, code::WITNESS_POLICY, e))),
        }
    }
    lines.push(format!(
        "ok: leaf {} (agent `{}`, record hash {}) is in the log: its inclusion proof leads to \
         the checkpoint's root",
        proven.index, proven.agent_id, proven.record_hash
    ));
    lines.push(match &record {
        Some(r) => format!("ok: record {} hashes to its hash, and is that leaf", r.id),
        None => "note: the record itself not checked; give --record FILE (GET /thoughts/{id}) \
                 to check that it hashes to the leaf's record hash"
            .into(),
    });
    let mut verdict = FileVerdict::passed(Verdict::OneRecord, lines, true);
    verdict.records = Some(1);
    verdict.head = Some(proven.record_hash);
    verdict.leaves = Some(LeafFormat::Agent.as_str());
    verdict.task_id = record.map(|r| r.authored.task_id);
    verdict.witnesses = witnesses;
    Ok(verdict)
}

/// The key `verify --url` pinned for the checkpoint's origin (its first line).
fn pinned_key(note: &str, state: Option<&Path>) -> Result<(String, String), String> {
    let origin = note.lines().next().unwrap_or_default();
    let path = match state {
        Some(p) => p.to_path_buf(),
        None => State::default_path()?,
    };
    let pinned = State::load(&path)?;
    let accepted = pinned.logs.get(origin).ok_or_else(|| {
        format!(
            "no key to check the checkpoint of `{origin}` with: give --key (GET /log/key), or \
             check the service once with `verify --url` to pin its key in {}",
            path.display()
        )
    })?;
    Ok((
        accepted.verifier_key.clone(),
        format!("pinned in {}", path.display()),
    ))
}

/// A record as served, read from a file; its shape checked, its hash later.
fn read_record(path: &Path) -> Result<Record, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut value = json::parse(&text, MAX_BODY_DEPTH + 2)
        .map_err(|e| format!("{}: not JSON: {e}", path.display()))?;
    // GET /thoughts/{id} serves the record's provable time beside it: not a
    // member of the record (docs/spec.md §11).
    if let JsonValue::Object(members) = &mut value {
        members.retain(|(k, _)| k != "provable_time");
    }
    record_from_json(&value).map_err(|errors| {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("{}: not a record: {}", path.display(), list.join("; "))
    })
}
