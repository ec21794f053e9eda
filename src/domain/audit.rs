//! Checking an export without trusting the service that made it: every record's
//! hash, every link and seq of the chain, and, given the log's verifier key, the
//! checkpoint's signature and every record's inclusion proof in that checkpoint's
//! tree.
//!
//! The format is `domain::export`'s.

use std::fmt;

use super::chain::{BreakReason, ChainWalk};
use super::checkpoint::{note_text, open_checkpoint, open_note, NoteError, VerifiedCheckpoint};
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

/// What a verifier concludes of a file (docs/spec.md §9): one verdict, each
/// with its exit status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Every check passed, and the records are the task's whole chain as
    /// the log's statement gives it.
    Whole,
    /// A receipt: its one record is in the log.
    OneRecord,
    /// Every check made passed, but nothing shows the records are the whole
    /// chain (no task statement, or no header).
    NotShown,
    /// A check failed.
    Failed,
}

impl Verdict {
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Whole => "whole",
            Verdict::OneRecord => "one_record",
            Verdict::NotShown => "not_shown",
            Verdict::Failed => "failed",
        }
    }

    /// The verifier's exit status: 0 proven, 3 not shown whole, 1 failed.
    pub fn exit_status(self) -> u8 {
        match self {
            Verdict::Whole | Verdict::OneRecord => 0,
            Verdict::NotShown => 3,
            Verdict::Failed => 1,
        }
    }
}

/// Which leaf data the inclusion proofs were made for (docs/spec.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LeafFormat {
    /// `{"agent_id","hash"}`: the log commits to who wrote each record.
    Agent,
    /// The first log format: the record hash alone; `agent_id` not covered.
    First,
}

impl LeafFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            LeafFormat::Agent => "agent",
            LeafFormat::First => "first",
        }
    }

    fn leaf(self, record: &Record) -> Hash {
        match self {
            LeafFormat::Agent => leaf_hash(&leaf_data(&record.authored.agent_id, &record.hash)),
            LeafFormat::First => {
                leaf_hash(&super::merkle::from_hex(&record.hash).map_or([0; 32], |h| h.0))
            }
        }
    }
}

/// The failure codes a verifier gives besides the chain walk's
/// (`BreakReason`), docs/spec.md §9.
pub mod code {
    pub const MALFORMED: &str = "malformed";
    pub const WRONG_TASK: &str = "wrong_task";
    pub const BAD_SIGNATURE: &str = "bad_signature";
    pub const CHECKPOINT_MISMATCH: &str = "checkpoint_mismatch";
    pub const NOT_IN_LOG: &str = "not_in_log";
    pub const STATEMENT_MISMATCH: &str = "statement_mismatch";
    pub const TRUNCATED: &str = "truncated";
    pub const RECORD_MISMATCH: &str = "record_mismatch";
    pub const WITNESS_POLICY: &str = "witness_policy";
    pub const WITNESS_TIME: &str = "witness_time";
    pub const PACK_MISMATCH: &str = "pack_mismatch";
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
    /// The leaf data the proofs were checked for; None when none was.
    pub leaves: Option<LeafFormat>,
    /// Erased records of a whole chain that no erasure record of the file
    /// names (erased past its tree size, or on no record): the chain is
    /// then not shown whole.
    pub unnamed_erasures: Vec<String>,
    /// The tree the records were proven in (size, root): the verified
    /// checkpoint's, else the header's own; None without a header.
    pub tree: Option<(u64, Hash)>,
    /// Each record's `log_index`, in the file's order (the head's last).
    pub indexes: Vec<u64>,
    /// The header's `witness_times` (docs/spec.md §8), unchecked: the
    /// caller with a key and a policy checks them.
    pub witness_times: Vec<(String, Vec<Hash>)>,
}

impl AuditReport {
    /// The verdict of a check that passed: a receipt's, or whether the
    /// export showed itself whole.
    pub fn verdict(&self, one_record: bool) -> Verdict {
        match (one_record, self.complete) {
            (true, _) => Verdict::OneRecord,
            (false, true) => Verdict::Whole,
            (false, false) => Verdict::NotShown,
        }
    }
}

/// The first thing that does not check, and where (1-based line; 0 when
/// it is at no line).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuditFailure {
    pub line: usize,
    /// The stable failure code (`code`, or a chain walk's reason).
    pub code: &'static str,
    pub what: String,
    /// The key given does not parse: the check could not run at all.
    pub bad_key: bool,
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

pub(crate) fn fail(line: usize, code: &'static str, what: impl Into<String>) -> AuditFailure {
    AuditFailure {
        line,
        code,
        what: what.into(),
        bad_key: false,
    }
}

/// A note that did not open: a key that does not parse, a signature that
/// does not verify, or a note that is not one.
pub(crate) fn note_failure(line: usize, e: NoteError, what: &str) -> AuditFailure {
    let (code, bad_key) = match e {
        NoteError::BadVerifierKey => (code::MALFORMED, true),
        NoteError::BadSignature(_) => (code::BAD_SIGNATURE, false),
        NoteError::Malformed(_) | NoteError::NotACheckpoint => (code::MALFORMED, false),
    };
    AuditFailure {
        bad_key,
        ..fail(line, code, format!("{what}: {e}"))
    }
}

/// Checks an export's text. Fails at the first problem, naming its line.
pub fn audit_export(text: &str, trust: Trust<'_>) -> Result<AuditReport, AuditFailure> {
    let mut values = Vec::new();
    for (i, item) in json::parse_stream(text, MAX_BODY_DEPTH + 2)
        .into_iter()
        .enumerate()
    {
        values.push(item.map_err(|e| fail(i + 1, code::MALFORMED, format!("not JSON: {e}")))?);
    }
    let mut lines = values
        .iter()
        .enumerate()
        .map(|(i, v)| (i + 1, v))
        .peekable();
    let header = match lines.peek().and_then(|(_, v)| Header::from_line(v)) {
        Some(h) => {
            lines.next();
            Some(h.map_err(|e| fail(1, code::MALFORMED, e))?)
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
    let mut leaves = None;
    let mut indexes = Vec::new();
    for (line, value) in lines {
        let (record_json, proof) =
            export::record_of_line(value).map_err(|e| fail(line, code::MALFORMED, e))?;
        let record = record_from_json(record_json).map_err(|errors| {
            let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
            fail(
                line,
                code::MALFORMED,
                format!("not a record: {}", list.join("; ")),
            )
        })?;
        let at = format!("record {} (seq {})", record.id, record.seq);
        erased += u64::from(record.is_erased());
        ledger.note(&record);
        match &task_id {
            None => {
                task_id = Some(record.authored.task_id.clone());
                if trust.one_record {
                    // A receipt's record sits inside its chain: the walk
                    // begins at its seq, linked to its prev_hash.
                    first_seq = record.seq;
                    walk = ChainWalk::resuming(record.seq, &record.prev_hash);
                }
            }
            Some(t) if *t != record.authored.task_id => {
                return Err(fail(
                    line,
                    code::WRONG_TASK,
                    format!(
                        "{at} belongs to task `{}`, not `{t}`",
                        record.authored.task_id
                    ),
                ))
            }
            Some(_) => {}
        }
        walk.step(Some(record.seq), &record.hash_input(), &record.hash)
            .map_err(|b| fail(line, b.reason.as_str(), format!("{at}: {}", b.said())))?;
        indexes.push(record.log_index);
        if let Some((size, root)) = tree {
            let proof = proof.ok_or_else(|| {
                fail(
                    line,
                    code::NOT_IN_LOG,
                    format!("{at} has no inclusion proof"),
                )
            })?;
            if record.log_index >= size {
                return Err(fail(
                    line,
                    code::NOT_IN_LOG,
                    format!(
                        "{at} is leaf {}, outside the checkpoint's tree of {size}",
                        record.log_index
                    ),
                ));
            }
            let proves = |format: LeafFormat| {
                verify_inclusion(&proof, size, root, record.log_index, format.leaf(&record))
            };
            // The first proof decides the leaf format of the whole file: the
            // first log format only where the current one does not lead to
            // the root and it does (docs/spec.md §4).
            let format = *leaves.get_or_insert_with(|| {
                if !proves(LeafFormat::Agent) && proves(LeafFormat::First) {
                    LeafFormat::First
                } else {
                    LeafFormat::Agent
                }
            });
            if !proves(format) {
                return Err(fail(line, code::NOT_IN_LOG, format!("{at}: its inclusion proof does not lead to the checkpoint's root: it is not in the log the checkpoint commits to")));
            }
            proofs_checked += 1;
        }
    }
    let complete = match (&header, trust.one_record) {
        (Some(h), false) => check_statement(h, trust.verifier_key, task_id.as_deref(), &walk)?,
        _ => false,
    };
    // The whole chain is here: every erased record's erasure must be
    // stated by the erasure record that names it (docs/design.md §12). An
    // erased record no record of the file names was erased past the file's
    // tree size (an export at an earlier size) or by nobody on the trail:
    // the file cannot tell which, so it is not shown whole (docs/spec.md §6).
    let mut unnamed_erasures = Vec::new();
    if complete {
        unnamed_erasures = ledger.unnamed();
        if let Some((id, why)) = ledger.misstated() {
            return Err(fail(
                0,
                BreakReason::ErasureUnrecorded.as_str(),
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
        complete: complete && unnamed_erasures.is_empty(),
        erased,
        leaves,
        unnamed_erasures,
        tree,
        indexes,
        witness_times: header.map(|h| h.witness_times).unwrap_or_default(),
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
) -> Result<bool, AuditFailure> {
    let Some(note) = &header.task_statement else {
        // No statement: the records may be checked, their completeness not
        // (an export from before statements, or one whose statement was
        // removed: the same verdict either way).
        return Ok(false);
    };
    let text = match key {
        Some(key) => open_note(note, key).map_err(|e| note_failure(1, e, "the task statement"))?,
        None => note_text(note).map_err(|e| note_failure(1, e, "the task statement"))?,
    };
    let stated = TaskHead::parse(&text).map_err(|e| fail(1, code::MALFORMED, e))?;
    let origin = header.checkpoint.split('\n').next().unwrap_or_default();
    if stated.origin != origin {
        return Err(fail(
            1,
            code::STATEMENT_MISMATCH,
            format!(
                "the task statement is of the log `{}`, the checkpoint of `{origin}`",
                stated.origin
            ),
        ));
    }
    if stated.tree_size != header.tree_size {
        return Err(fail(
            1,
            code::STATEMENT_MISMATCH,
            format!(
                "the task statement is for tree size {}, the export's proofs for {}",
                stated.tree_size, header.tree_size
            ),
        ));
    }
    if let Some(task) = task_id.filter(|t| *t != stated.task_id) {
        return Err(fail(
            1,
            code::STATEMENT_MISMATCH,
            format!(
                "the task statement is for task `{}`, the records are of `{task}`",
                stated.task_id
            ),
        ));
    }
    if stated.length != walk.length() || stated.head_hash != walk.head_hash() {
        return Err(fail(
            0,
            code::TRUNCATED,
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
    Ok(true)
}

/// The checkpoint the records are proven against: the separately given one, or
/// the export's; its signature must verify with the key, and it must be the one
/// the export's proofs were made for.
/// The export's own tree, as its header states it, when no key is given:
/// the size and root of the header, which its checkpoint note must state
/// too (the note's signature is not checked).
fn own_tree(header: &Header) -> Result<(u64, Hash), AuditFailure> {
    let (size, root) = crate::domain::checkpoint::note_checkpoint(&header.checkpoint)
        .map_err(|e| note_failure(1, e, "the header's checkpoint"))?;
    if (size, root) != (header.tree_size, header.root) {
        return Err(fail(
            1,
            code::CHECKPOINT_MISMATCH,
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
    let note =
        match (given, header) {
            (Some(note), Some(_)) => note,
            (None, Some(h)) => h.checkpoint.as_str(),
            (_, None) => return Err(fail(
                0,
                code::MALFORMED,
                "no header: with a key there is nothing to prove the records against (an export \
                 has a header line)",
            )),
        };
    let cp = open_checkpoint(note, key).map_err(|e| note_failure(0, e, "checkpoint"))?;
    if let Some(h) = header {
        if h.tree_size != cp.size {
            return Err(fail(1, code::CHECKPOINT_MISMATCH, format!(
                "the export's proofs are for tree size {}, the checkpoint is for {}; export with ?tree_size={}",
                h.tree_size, cp.size, cp.size
            )));
        }
        if h.root != cp.root {
            return Err(fail(
                1,
                code::CHECKPOINT_MISMATCH,
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
        let walk = self
            .chains
            .entry(record.authored.task_id.clone())
            .or_default();
        walk.step(Some(record.seq), &record.hash_input(), &record.hash)
            .map_err(|b| {
                at(format!(
                    "record {} (task `{}`, seq {}): {}",
                    record.id,
                    record.authored.task_id,
                    record.seq,
                    b.said()
                ))
            })?;
        let data = leaf_data(&record.authored.agent_id, &record.hash);
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
