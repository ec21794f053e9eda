//! Checking an export without trusting the service that made it: every record's
//! hash, every link and seq of the chain, and, given the log's verifier key, the
//! checkpoint's signature and every record's inclusion proof in that checkpoint's
//! tree.
//!
//! The format is `domain::export`'s.

use std::fmt;

use super::chain::{BreakReason, ChainWalk};
use super::checkpoint::{note_text, open_checkpoint, open_note, VerifiedCheckpoint};
use super::count;
use super::export::{self, Header, TaskHead};
use super::json;
use super::merkle::{leaf_data, leaf_hash, verify_inclusion, Frontier, Hash};
use super::record::erasure::ErasureLedger;
use super::record::Record;
use super::record::{record_from_json, MAX_BODY_DEPTH};

/// What the verifier trusts: the log's verifier key and, optionally, a
/// checkpoint obtained separately (otherwise the export's own, whose signature
/// is then checked with the key).
#[derive(Debug, Clone, Copy, Default)]
pub struct Trust<'a> {
    pub verifier_key: Option<&'a str>,
    pub checkpoint: Option<&'a str>,
    /// A record's receipt, checked as an export of that one record: no
    /// statement of the whole task is asked of it.
    pub one_record: bool,
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
    /// Whether the records are the task's whole chain as the log's signed
    /// statement in the header gives it (its signature checked when a key
    /// was given); false for a receipt, or an export without a header.
    pub complete: bool,
    /// Records whose content was erased: each checked through its
    /// commitment (docs/design.md §12).
    pub erased: u64,
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
    // The tree every record's inclusion proof must lead to: the verified
    // checkpoint's; without a key, the export's own (its signature not
    // checked), so an edited record still fails against the root it carries.
    let tree = match (&checkpoint, &header) {
        (Some(cp), _) => Some((cp.size, cp.root)),
        (None, Some(h)) => Some(own_tree(h)?),
        (None, None) => None,
    };
    let mut walk = ChainWalk::new();
    let mut ledger = ErasureLedger::default();
    let mut first_seq = 0;
    let mut task_id: Option<String> = None;
    let mut proofs_checked = 0;
    let mut erased = 0;
    for (line, value) in lines {
        let (record_json, proof) = export::record_of_line(value).map_err(|e| fail(line, e))?;
        let record = record_from_json(record_json).map_err(|errors| {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            fail(line, format!("not a record: {}", list.join("; ")))
        })?;
        let at = format!("record {} (seq {})", record.id, record.seq);
        erased += u64::from(record.is_erased());
        ledger.note(&record);
        match &task_id {
            None => {
                task_id = Some(record.task_id.clone());
                if trust.one_record {
                    // A receipt's record sits inside its chain: the walk
                    // begins at its seq, linked to its prev_hash.
                    first_seq = record.seq;
                    walk = ChainWalk::resuming(record.seq, &record.prev_hash);
                }
            }
            Some(t) if *t != record.task_id => {
                return Err(fail(
                    line,
                    format!("{at} belongs to task `{}`, not `{t}`", record.task_id),
                ))
            }
            Some(_) => {}
        }
        walk.step(Some(record.seq), &record.hash_input(), &record.hash)
            .map_err(|b| fail(line, format!("{at}: {}", b.said())))?;
        if let Some((size, root)) = tree {
            let proof = proof.ok_or_else(|| fail(line, format!("{at} has no inclusion proof")))?;
            if record.log_index >= size {
                return Err(fail(
                    line,
                    format!(
                        "{at} is leaf {}, outside the checkpoint's tree of {size}",
                        record.log_index
                    ),
                ));
            }
            let leaf = leaf_hash(&leaf_data(&record.agent_id, &record.hash));
            if !verify_inclusion(&proof, size, root, record.log_index, leaf) {
                return Err(fail(line, format!("{at}: its inclusion proof does not lead to the checkpoint's root: it is not in the log the checkpoint commits to")));
            }
            proofs_checked += 1;
        }
    }
    let complete = match (&header, trust.one_record) {
        (Some(h), false) => {
            check_statement(h, trust.verifier_key, task_id.as_deref(), &walk)?;
            true
        }
        _ => false,
    };
    // The whole chain is here: every erased record's erasure must be
    // stated by the erasure record that names it (docs/design.md §12).
    if complete {
        if let Some((id, why)) = ledger.problem() {
            return Err(fail(
                1,
                format!(
                    "record {id}: {}: {why}",
                    BreakReason::ErasureUnrecorded.as_str()
                ),
            ));
        }
    }
    Ok(AuditReport {
        task_id,
        length: walk.length() - first_seq,
        head_hash: walk.head_hash().to_string(),
        checkpoint,
        proofs_checked,
        complete,
        erased,
    })
}

/// The header's signed statement of the task's length and head against the
/// records the export holds: an export cut short at its end, or of no
/// records at all, holds fewer than the log states (docs/design.md §3).
fn check_statement(
    header: &Header,
    key: Option<&str>,
    task_id: Option<&str>,
    walk: &ChainWalk,
) -> Result<(), AuditFailure> {
    let Some(note) = &header.task_statement else {
        return Err(fail(
            1,
            "the header states no task length and head (`task_statement`): the export cannot \
             be shown complete (an export from an earlier release, or one whose statement \
             was removed); export it again",
        ));
    };
    let text = match key {
        Some(key) => open_note(note, key).map_err(|e| {
            fail(
                1,
                format!("the task statement does not verify with the key: {e}"),
            )
        })?,
        None => note_text(note).map_err(|e| fail(1, format!("the task statement: {e}")))?,
    };
    let stated = TaskHead::parse(&text).map_err(|e| fail(1, e))?;
    let origin = header.checkpoint.split('\n').next().unwrap_or_default();
    if stated.origin != origin {
        return Err(fail(
            1,
            format!(
                "the task statement is of the log `{}`, the checkpoint of `{origin}`",
                stated.origin
            ),
        ));
    }
    if stated.tree_size != header.tree_size {
        return Err(fail(
            1,
            format!(
                "the task statement is for tree size {}, the export's proofs for {}",
                stated.tree_size, header.tree_size
            ),
        ));
    }
    if let Some(task) = task_id.filter(|t| *t != stated.task_id) {
        return Err(fail(
            1,
            format!(
                "the task statement is for task `{}`, the records are of `{task}`",
                stated.task_id
            ),
        ));
    }
    if stated.length != walk.length() || stated.head_hash != walk.head_hash() {
        return Err(fail(
            0,
            format!(
                "the export holds {} of task `{}` (head {}), but the log states {} (head {}) as \
                 of tree size {}: records were dropped from its end",
                count(walk.length(), "record"),
                stated.task_id,
                walk.head_hash(),
                count(stated.length, "record"),
                stated.head_hash,
                stated.tree_size
            ),
        ));
    }
    Ok(())
}

/// The checkpoint the records are proven against: the separately given one, or
/// the export's; its signature must verify with the key, and it must be the one
/// the export's proofs were made for.
/// The export's own tree, as its header states it, when no key is given:
/// the size and root of the header, which its checkpoint note must state
/// too (the note's signature is not checked).
fn own_tree(header: &Header) -> Result<(u64, Hash), AuditFailure> {
    let (size, root) = crate::domain::checkpoint::note_checkpoint(&header.checkpoint)
        .map_err(|e| fail(1, format!("the header's checkpoint: {e}")))?;
    if (size, root) != (header.tree_size, header.root) {
        return Err(fail(
            1,
            format!(
                "the header's checkpoint is of size {size} with another root than the header's \
                 tree of {}",
                header.tree_size
            ),
        ));
    }
    Ok((size, root))
}

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

/// The first thing a whole-log audit finds wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogProblem {
    /// The leaf where it is, when it is at one.
    pub log_index: Option<u64>,
    pub what: String,
}

impl fmt::Display for LogProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.log_index {
            Some(i) => write!(f, "log_index {i}: {}", self.what),
            None => f.write_str(&self.what),
        }
    }
}

/// An audit of a whole log, fed every record in log order (docs/design.md §2,
/// §10): each record re-hashed and linked to the one before it in its task,
/// timestamps in order, `log_index` dense from 0, every leaf recomputed and
/// the root of all of them compared with a signed checkpoint. Memory: one
/// chain head per task and the log's frontier.
#[derive(Debug)]
pub struct LogAudit {
    /// Each task's chain so far.
    chains: std::collections::HashMap<String, ChainWalk>,
    /// The log of every leaf audited so far.
    frontier: Frontier,
    /// Records audited whose content was erased (docs/design.md §12).
    erased: u64,
    /// What the log's erasure records state, against its erased records.
    erasures: ErasureLedger,
}

impl Default for LogAudit {
    fn default() -> Self {
        LogAudit::new()
    }
}

impl LogAudit {
    pub fn new() -> LogAudit {
        LogAudit {
            chains: std::collections::HashMap::new(),
            frontier: Frontier::empty(),
            erased: 0,
            erasures: ErasureLedger::default(),
        }
    }

    /// Leaves audited so far: the next record must be this `log_index`.
    pub fn size(&self) -> u64 {
        self.frontier.size()
    }

    /// Chains seen so far.
    pub fn tasks(&self) -> usize {
        self.chains.len()
    }

    /// Records audited so far whose content was erased.
    pub fn erased(&self) -> u64 {
        self.erased
    }

    /// Audits the next record of the log; returns its leaf hash, for callers
    /// that compare it with a stored one.
    pub fn push(&mut self, record: &Record) -> Result<Hash, LogProblem> {
        let frontier = &mut self.frontier;
        let at = |what: String| LogProblem {
            log_index: Some(record.log_index),
            what,
        };
        if record.log_index != frontier.size() {
            return Err(LogProblem {
                log_index: Some(frontier.size()),
                what: if record.log_index > frontier.size() {
                    format!(
                        "no record has this log_index (the next one is {}): the log has a gap",
                        record.log_index
                    )
                } else {
                    format!(
                        "record {} repeats log_index {}",
                        record.id, record.log_index
                    )
                },
            });
        }
        let walk = self.chains.entry(record.task_id.clone()).or_default();
        walk.step(Some(record.seq), &record.hash_input(), &record.hash)
            .map_err(|b| {
                at(format!(
                    "record {} (task `{}`, seq {}): {}",
                    record.id,
                    record.task_id,
                    record.seq,
                    b.said()
                ))
            })?;
        let data = leaf_data(&record.agent_id, &record.hash);
        let leaf = leaf_hash(&data);
        frontier.append(&data);
        self.erased += u64::from(record.is_erased());
        self.erasures.note(record);
        Ok(leaf)
    }

    /// After the log's last record: every erased record is named by an
    /// erasure record of its task (`ChainWalk::finish`).
    pub fn finish(&self) -> Result<(), LogProblem> {
        for (task_id, walk) in &self.chains {
            walk.finish().map_err(|b| LogProblem {
                log_index: None,
                what: format!(
                    "record {} (task `{task_id}`, seq {}): {}",
                    b.id,
                    b.index,
                    b.said()
                ),
            })?;
        }
        if let Some((id, why)) = self.erasures.problem() {
            return Err(LogProblem {
                log_index: None,
                what: format!(
                    "record {id}: {}: {why}",
                    BreakReason::ErasureUnrecorded.as_str()
                ),
            });
        }
        Ok(())
    }

    /// Compares the root of every leaf audited with a checkpoint's: the sizes
    /// must be equal and the roots too.
    pub fn check_root(&self, tree_size: u64, root: Hash) -> Result<(), LogProblem> {
        let frontier = &self.frontier;
        if frontier.size() != tree_size {
            return Err(LogProblem {
                log_index: Some(frontier.size()),
                what: format!(
                    "the checkpoint signs {tree_size} records but {} were found",
                    frontier.size()
                ),
            });
        }
        if frontier.root() != root {
            return Err(LogProblem {
                log_index: None,
                what: format!(
                    "the root of the {tree_size} records found is not the signed root: \
                     the records are not the log the checkpoint signs"
                ),
            });
        }
        Ok(())
    }
}
