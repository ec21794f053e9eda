//! `verify`: check a trail without trusting the service: an export file
//! offline (or a tlog-proof receipt, `proof_file`), or a live service
//! (`--url`) through the client in `remote`.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use clap::Args;

use super::pack::verify_pack;
use super::pins::{self, PinsCommand};
use super::proof_file::{verify_proof_file, ProofTrust};
use super::remote::{verify_service, State, FORGET_COMMAND};
use crate::domain::audit::{
    audit_export, code, fail, AuditFailure, AuditReport, LeafFormat, LogAudit, Trust, Verdict,
};
use crate::domain::count;
use crate::domain::evidence::looks_like_zip;
use crate::domain::tlog_proof::TlogProof;
use crate::domain::witness::time::{check_witness_checkpoints, leaf_times};
use crate::domain::witness::Policy;

#[derive(Args, Debug, Clone, Default)]
#[command(args_conflicts_with_subcommands = true)]
pub struct VerifyArgs {
    /// What the state file pins (`verify state`), and forgetting a log of it
    /// (`verify forget`).
    #[command(subcommand)]
    pins: Option<PinsCommand>,
    /// An export (GET /tasks/{task_id}/export) or a receipt as a C2SP
    /// tlog-proof file (GET /thoughts/{id}/receipt with
    /// `Accept: application/x.tlog-proof`) to check offline.
    #[arg(conflicts_with = "url")]
    file: Option<PathBuf>,
    /// With a tlog-proof FILE: the record it proves, as served
    /// (GET /thoughts/{id}), hashed and matched to the proof's leaf.
    #[arg(long, conflicts_with = "url")]
    record: Option<PathBuf>,
    /// A checkpoint obtained separately (GET /log/checkpoint) to prove the
    /// records against; needs --key. Default: the export's own checkpoint.
    #[arg(long, requires = "key", conflicts_with = "url")]
    checkpoint: Option<PathBuf>,
    /// The log's verifier key (GET /log/key), or a file holding it. Offline, the
    /// checkpoint signature and inclusion proofs are checked only with a key.
    #[arg(long)]
    key: Option<String>,
    /// Check a live service: its checkpoint and its consistency with the
    /// checkpoint accepted last time; then with --task that task's chain and
    /// proofs, without it every record the service serves (the whole log).
    #[arg(long)]
    url: Option<String>,
    /// With --url: check this task's export instead of the whole log.
    #[arg(long, requires = "url")]
    task: Option<String>,
    /// With --url and no --task: keep watching, auditing what is new every N
    /// seconds, until a check fails (exit 1) or the process is stopped.
    #[arg(long, value_name = "N", requires = "url", conflicts_with = "task")]
    watch: Option<u64>,
    /// With --url: an API key (any role), for a service that requires one.
    #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// With --url: the file that keeps the last checkpoint accepted from each
    /// log. Default: decision-trail/verify.json in $XDG_STATE_HOME, or in
    /// ~/.local/state.
    #[arg(long)]
    state: Option<PathBuf>,
    /// A C2SP tlog-policy file: the checkpoint accepted (the export's, the
    /// receipt's, or the service's) must carry valid cosignatures of the
    /// policy's quorum of witnesses, and be signed by one of its logs when it
    /// lists any.
    #[arg(long)]
    policy: Option<PathBuf>,
    /// With FILE: print the verdict as one JSON object (docs/spec.md §9)
    /// instead of lines. The exit status is the same: 0 whole (or a
    /// receipt's record proven), 3 not shown to be the whole chain, 1
    /// failed, 2 could not check.
    #[arg(long, conflicts_with = "url")]
    json: bool,
}

/// The key text, or the contents of the file it names.
fn read_key(arg: &str) -> Result<String, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        std::fs::read_to_string(path)
            .map(|t| t.trim().to_string())
            .map_err(|e| format!("cannot read key file {arg}: {e}"))
    } else {
        Ok(arg.trim().to_string())
    }
}

/// Reads the `--policy` file.
pub(crate) fn read_policy(path: &Path) -> Result<Policy, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Policy::parse(&text).map_err(|e| format!("policy {}: {e}", path.display()))
}

/// The witness policy's check of a checkpoint a `verify` run accepts (an
/// export's, a receipt's, a service's): a signed note that must carry valid
/// cosignatures of the policy's quorum (docs/design.md §2, "Witnesses").
/// The line said on success; the refusal names the witnesses missing.
pub(crate) fn check_witnesses(
    note: &str,
    policy: &Policy,
) -> Result<(String, Vec<String>), String> {
    let (_, check) = policy
        .check_note(note)
        .map_err(|e| format!("witness policy: {e}"))?;
    let line = if check.cosigned.is_empty() {
        "ok: the witness policy needs no cosignature (quorum none)".to_string()
    } else {
        format!(
            "ok: the checkpoint is cosigned by {} ({}), the witness policy's quorum",
            match check.cosigned.len() {
                1 => "1 witness".to_string(),
                n => format!("{n} witnesses"),
            },
            check.cosigned.join(", ")
        )
    };
    Ok((line, check.cosigned))
}

pub(super) fn verify(mut args: VerifyArgs) -> ExitCode {
    if let Some(command) = args.pins.take() {
        return report(pins::run(command), "decision-trail verify: ");
    }
    let outcome = match (&args.url, &args.file) {
        (Some(url), _) => verify_url(url, &args),
        (None, Some(file)) => return file_command(file, &args),
        (None, None) => {
            eprintln!(
                "decision-trail verify: give an export FILE to check offline, or --url URL to \
                 check a live service (`decision-trail verify --help`); `verify state` lists the \
                 logs earlier checks pinned, `verify forget URL|ORIGIN` forgets one"
            );
            return ExitCode::from(2);
        }
    };
    report(outcome, "FAILED: ")
}

/// Prints the lines of a success, or the failure after `prefix`; the exit status.
fn report(outcome: Result<Vec<String>, String>, prefix: &str) -> ExitCode {
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("{prefix}{message}");
            ExitCode::FAILURE
        }
    }
}

/// What `verify FILE` concludes (docs/spec.md §9): the verdict, what
/// `--json` prints, and the lines said otherwise.
#[derive(Debug, serde::Serialize)]
pub(super) struct FileVerdict {
    verdict: &'static str,
    pub(super) code: Option<&'static str>,
    line: Option<usize>,
    message: String,
    // On a failure these are null (docs/spec.md §9): what was checked
    // before it says nothing of the file.
    pub(super) task_id: Option<String>,
    pub(super) records: Option<u64>,
    pub(super) head: Option<String>,
    erased: Option<u64>,
    signature: Option<&'static str>,
    pub(super) leaves: Option<&'static str>,
    pub(super) witnesses: Option<Vec<String>>,
    /// RFC 3339: when a quorum of the policy's witnesses had cosigned the
    /// last record (docs/spec.md §8); null without a witness time.
    pub(super) existed_by: Option<String>,
    /// Each record's provable time, in the file's order (an evidence
    /// pack's `times.json` is held to them).
    #[serde(skip)]
    pub(super) record_times: Vec<Option<String>>,
    /// The exit status.
    #[serde(skip)]
    status: u8,
    /// What is printed without `--json`: a success's lines, or the failure.
    #[serde(skip)]
    lines: Vec<String>,
}

impl FileVerdict {
    /// A check that failed, at the line it names in `file`.
    pub(super) fn failed(file: &Path, failure: AuditFailure) -> FileVerdict {
        FileVerdict {
            verdict: Verdict::Failed.as_str(),
            code: Some(failure.code),
            line: (failure.line > 0).then_some(failure.line),
            lines: vec![format!("{}: {failure}", file.display())],
            message: failure.what,
            task_id: None,
            records: None,
            head: None,
            erased: None,
            signature: None,
            leaves: None,
            witnesses: None,
            existed_by: None,
            record_times: Vec::new(),
            status: Verdict::Failed.exit_status(),
        }
    }

    /// Lines said before the check's own (a pack's, before its export's).
    pub(super) fn prepend(&mut self, mut lines: Vec<String>) {
        lines.append(&mut self.lines);
        self.message = lines.join("\n");
        self.lines = lines;
    }

    /// A check that passed with `verdict`, said in `lines` (the message
    /// holds them all).
    pub(super) fn passed(verdict: Verdict, lines: Vec<String>, signed: bool) -> FileVerdict {
        FileVerdict {
            verdict: verdict.as_str(),
            code: None,
            line: None,
            message: lines.join("\n"),
            lines,
            task_id: None,
            records: Some(0),
            head: None,
            erased: Some(0),
            signature: Some(if signed { "checked" } else { "not_checked" }),
            leaves: None,
            witnesses: None,
            existed_by: None,
            record_times: Vec::new(),
            status: verdict.exit_status(),
        }
    }
}

/// `verify FILE`: prints the verdict (lines, or one JSON object with
/// `--json`); exits 0, 3, 1, or 2 when the file could not be checked.
fn file_command(file: &Path, args: &VerifyArgs) -> ExitCode {
    match verify_file(file, args) {
        Err(message) => {
            eprintln!("decision-trail verify: {message}");
            ExitCode::from(2)
        }
        Ok(verdict) if args.json => {
            println!(
                "{}",
                serde_json::to_string(&verdict).expect("a verdict serializes")
            );
            ExitCode::from(verdict.status)
        }
        Ok(verdict) => {
            if verdict.code.is_some() {
                for line in &verdict.lines {
                    eprintln!("FAILED: {line}");
                }
            } else {
                for line in &verdict.lines {
                    println!("{line}");
                }
            }
            ExitCode::from(verdict.status)
        }
    }
}

/// Checks FILE; Err when it cannot be checked at all (unreadable, a key,
/// policy or checkpoint that does not parse, arguments that do not fit).
fn verify_file(file: &Path, args: &VerifyArgs) -> Result<FileVerdict, String> {
    let bytes = std::fs::read(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let key = args.key.as_deref().map(read_key).transpose()?;
    let policy = args.policy.as_deref().map(read_policy).transpose()?;
    if looks_like_zip(&bytes) {
        if args.record.is_some() || args.checkpoint.is_some() {
            return Err(
                "--record and --checkpoint are not for an evidence pack: it carries its own".into(),
            );
        }
        return verify_pack(file, &bytes, key, policy);
    }
    let text = String::from_utf8(bytes)
        .map_err(|e| format!("cannot read {}: not UTF-8 text: {e}", file.display()))?;
    verify_text(file, text, args, key, policy)
}

/// Checks a file's text (an export, a receipt, a tlog-proof) with the
/// `key` and `policy` given (read, or an evidence pack's own).
pub(super) fn verify_text(
    file: &Path,
    text: String,
    args: &VerifyArgs,
    key: Option<String>,
    policy: Option<Policy>,
) -> Result<FileVerdict, String> {
    // A receipt is checked as the export of its one record.
    let receipt = receipt_as_export(&text);
    let one_record = receipt.is_some();
    let text = receipt.unwrap_or(text);
    if TlogProof::looks_like(&text) {
        if args.checkpoint.is_some() {
            return Err("--checkpoint is for exports; a tlog-proof file carries its own".into());
        }
        let trust = ProofTrust {
            key: key.as_deref(),
            state: args.state.as_deref(),
            record: args.record.as_deref(),
            policy: policy.as_ref(),
        };
        return verify_proof_file(file, &text, trust);
    }
    if args.record.is_some() {
        return Err("--record is for a tlog-proof FILE; an export carries its records".into());
    }
    let checkpoint = args
        .checkpoint
        .as_ref()
        .map(|p| {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        })
        .transpose()?;
    let report = match audit_export(
        &text,
        Trust {
            verifier_key: key.as_deref(),
            checkpoint: checkpoint.as_deref(),
            one_record,
        },
    ) {
        Ok(report) => report,
        Err(failure) if failure.bad_key => return Err(failure.what),
        Err(failure) => return Ok(FileVerdict::failed(file, failure)),
    };
    let verdict = report.verdict(one_record);
    let mut lines = vec![describe_chain(&report, one_record)];
    if !report.unnamed_erasures.is_empty() {
        lines.push(format!(
            "note: {} erased, and no erasure record in this file names {}: erased after the \
             file's tree size (export at a later size to see the erasure record), or erased \
             with no record on the trail; that the chain is whole as it stands is not shown \
             (exit status 3)",
            match report.unnamed_erasures.as_slice() {
                [one] => format!("record {one} is"),
                many => format!("records {} are", many.join(", ")),
            },
            if report.unnamed_erasures.len() == 1 {
                "it"
            } else {
                "them"
            }
        ));
    } else if verdict == Verdict::NotShown {
        lines.push(format!(
            "note: {}: that these records are the task's whole chain is not shown (exit \
             status 3); an export with the statement shows it (export it again)",
            if export_checkpoint(&text).is_some() {
                "the header states no task length and head (`task_statement`; an export from \
                 an earlier release, or one whose statement was removed)"
            } else {
                "no header"
            }
        ));
    }
    let mut witnesses = None;
    if let Some(policy) = &policy {
        let note = match checkpoint {
            Some(note) => note,
            None => export_checkpoint(&text).ok_or_else(|| {
                format!(
                    "{}: no checkpoint to check against the policy",
                    file.display()
                )
            })?,
        };
        match check_witnesses(&note, policy) {
            Ok((line, names)) => {
                lines.push(line);
                witnesses = Some(names);
            }
            Err(e) => return Ok(FileVerdict::failed(file, fail(0, code::WITNESS_POLICY, e))),
        }
    }
    let record_times = match witness_times(&report, key.as_deref(), policy.as_ref()) {
        Ok((line, times)) => {
            lines.push(line);
            times
        }
        Err(e) => return Ok(FileVerdict::failed(file, fail(1, code::WITNESS_TIME, e))),
    };
    if report.leaves == Some(LeafFormat::First) {
        lines.push(
            "note: the log is in its first format (a leaf is the record hash alone): it does \
             not prove who wrote each record (`agent_id`)"
                .into(),
        );
    }
    match &report.checkpoint {
        Some(cp) => lines.push(format!(
            "ok: checkpoint `{}` of {} verifies with the key; {} to its root",
            cp.origin,
            count(cp.size, "record"),
            proofs_lead(report.proofs_checked)
        )),
        None if report.proofs_checked > 0 => lines.push(format!(
            "ok: {} to the root of the export's own checkpoint; its signature is not \
             checked: give --key (GET /log/key) to check that the log signed it",
            proofs_lead(report.proofs_checked)
        )),
        None => lines.push(
            "note: signature and log inclusion not checked; give --key (GET /log/key) to check them"
                .into(),
        ),
    }
    let mut verdict = FileVerdict::passed(verdict, lines, report.checkpoint.is_some());
    verdict.task_id = report.task_id.clone();
    verdict.records = Some(report.length);
    verdict.head = Some(report.head_hash.clone());
    verdict.erased = Some(report.erased);
    verdict.leaves = report.leaves.map(LeafFormat::as_str);
    verdict.witnesses = witnesses;
    verdict.existed_by = record_times.last().cloned().flatten();
    verdict.record_times = record_times;
    Ok(verdict)
}

/// The provable times of the file's records (docs/spec.md §8), from the
/// header's `witness_times` under the policy: the line said of the last
/// (an export's head: every record before it is in its hash chain, so it
/// existed by then too; a receipt's one record), and each record's time
/// (RFC 3339) in the file's order. Err when an entry does not check.
fn witness_times(
    report: &AuditReport,
    key: Option<&str>,
    policy: Option<&Policy>,
) -> Result<(String, Vec<Option<String>>), String> {
    let none = vec![None; report.indexes.len()];
    let (Some(key), Some(policy), Some((size, root)), false) =
        (key, policy, report.tree, report.indexes.is_empty())
    else {
        let why = if report.witness_times.is_empty() {
            "the file carries no witness times"
        } else {
            "give --key and --policy to check the witnesses' times"
        };
        return Ok((format!("note: no witness time: {why}"), none));
    };
    let checkpoints = check_witness_checkpoints(&report.witness_times, key, policy, size, root)?;
    let record = if report.indexes.len() == 1 {
        "the record"
    } else {
        "the chain's head"
    };
    let times = leaf_times(policy, &checkpoints, &report.indexes);
    let line = match times.last().cloned().flatten() {
        Some(by) => format!("ok: {record} {}", by.summary()),
        None => format!(
            "note: no witness time: the file's cosignatures do not meet the policy's quorum for \
             {record}"
        ),
    };
    Ok((
        line,
        times
            .iter()
            .map(|t| t.as_ref().map(|t| t.time_text()))
            .collect(),
    ))
}

/// A receipt (GET /thoughts/{id}/receipt) as the export of its one record:
/// its checkpoint the header, its record and proof the record line (the
/// record's text kept as served). None when `text` is not a receipt.
fn receipt_as_export(text: &str) -> Option<String> {
    #[derive(serde::Deserialize)]
    struct Receipt<'a> {
        #[serde(borrow)]
        record: &'a serde_json::value::RawValue,
        inclusion_proof: &'a serde_json::value::RawValue,
        tree_size: u64,
        root: String,
        checkpoint: String,
        #[serde(default)]
        witness_times: Option<serde_json::Value>,
    }
    let receipt: Receipt = serde_json::from_str(text.trim()).ok()?;
    let mut header = serde_json::json!({
        "tree_size": receipt.tree_size,
        "root": receipt.root,
        "checkpoint": receipt.checkpoint,
    });
    if let Some(times) = receipt.witness_times {
        header["witness_times"] = times;
    }
    Some(format!(
        "{header}\n{{\"record\":{},\"inclusion_proof\":{}}}\n",
        receipt.record.get(),
        receipt.inclusion_proof.get()
    ))
}

/// The signed checkpoint of an export's header line (its first).
fn export_checkpoint(text: &str) -> Option<String> {
    let first = text.lines().next()?;
    let value: serde_json::Value = serde_json::from_str(first).ok()?;
    value.get("checkpoint")?.as_str().map(str::to_string)
}

/// The chain's line; a receipt's record is not its chain's head, so it is
/// named by its hash.
fn describe_chain(report: &AuditReport, one_record: bool) -> String {
    format!(
        "ok: task `{}`: {}{}, every hash, link, seq and timestamp checks; {} {}{}",
        report.task_id.as_deref().unwrap_or("(none)"),
        count(report.length, "record"),
        match report.erased {
            0 => String::new(),
            1 => " (1 erased: checked through its content commitment)".to_string(),
            n => format!(" ({n} erased: checked through their content commitments)"),
        },
        if one_record { "record hash" } else { "head" },
        report.head_hash,
        match (report.complete, report.checkpoint.is_some()) {
            (true, true) =>
                "; the whole chain, as the log's signed statement in the header gives it",
            (true, false) => {
                "; the whole chain, as the header's statement gives it (its signature not checked: give --key)"
            }
            (false, _) => "",
        }
    )
}

/// A refusal that tells the user to edit the state file says which file,
/// and its `verify forget` command names the file when it is not the default.
fn name_state_file(message: String, path: &Path, given: bool) -> String {
    let named = message.replacen(
        "the state file",
        &format!("the state file {}", path.display()),
        1,
    );
    if given && named.contains(FORGET_COMMAND) {
        format!("{named} --state {}", path.display())
    } else {
        named
    }
}

fn verify_url(url: &str, args: &VerifyArgs) -> Result<Vec<String>, String> {
    let key = args.key.as_deref().map(read_key).transpose()?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let state_path = match &args.state {
        Some(p) => p.clone(),
        None => State::default_path()?,
    };
    let mut state = State::load(&state_path)?;
    let policy = args.policy.as_deref().map(read_policy).transpose()?;
    let mut audit = args.task.is_none().then(LogAudit::new);
    let started = Instant::now();
    let mut progress = progress_bar(started);
    // A watch says in one line that a round found nothing new.
    let mut last_size = None;
    loop {
        let checked = runtime
            .block_on(verify_service(
                url,
                args.task.as_deref(),
                key.as_deref(),
                args.token.as_deref(),
                &mut state,
                audit
                    .as_mut()
                    .map(|a| (a, &mut progress as &mut dyn FnMut(u64, u64))),
            ))
            .map_err(|e| name_state_file(e, &state_path, args.state.is_some()))?;
        // The policy's check comes before the checkpoint is kept as accepted.
        let witnessed = match &policy {
            Some(policy) => {
                let note = state
                    .logs
                    .get(&checked.checkpoint.origin)
                    .map(|a| a.checkpoint.clone())
                    .unwrap_or_default();
                Some(check_witnesses(&note, policy)?.0)
            }
            None => None,
        };
        state.save(&state_path)?;
        let cp = &checked.checkpoint;
        if args.watch.is_some() && last_size.replace(cp.size) == Some(cp.size) {
            println!(
                "ok: nothing new at {}: checkpoint `{}` of {}, as accepted before",
                chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ"),
                cp.origin,
                count(cp.size, "record")
            );
            std::thread::sleep(Duration::from_secs(args.watch.unwrap_or(1).max(1)));
            continue;
        }
        if let Some(said) = &checked.succession {
            println!("ok: {said}");
        }
        println!(
            "ok: checkpoint `{}` of {} verifies with the key ({})",
            cp.origin,
            count(cp.size, "record"),
            checked.key_source
        );
        if let Some(line) = &witnessed {
            println!("{line}");
        }
        println!("{}", match checked.consistent_from {
            Some(from) => format!("ok: consistent with the checkpoint of {} accepted before", count(from, "record")),
            None => "ok: first check of this service; later runs must prove consistency with this checkpoint".into(),
        });
        if let Some(report) = &checked.task {
            println!("{}", describe_chain(report, false));
            println!(
                "ok: {} to the checkpoint's root",
                proofs_lead(report.proofs_checked)
            );
        }
        if let (Some(n), Some(a)) = (checked.audited, &audit) {
            println!(
                "ok: {} audited this run ({} in all, {}{}): every hash, link, seq and timestamp \
                 checks, the log is dense, and the root of all their leaves is the signed root",
                count(n, "record"),
                a.size(),
                count(a.tasks() as u64, "task"),
                match a.erased() {
                    0 => String::new(),
                    n => format!(", {n} erased: checked through their content commitments"),
                },
            );
        }
        println!("state saved to {}", state_path.display());
        let Some(every) = args.watch else {
            return Ok(Vec::new());
        };
        std::thread::sleep(Duration::from_secs(every.max(1)));
    }
}

/// A progress line on stderr when it is a terminal: records audited of those
/// signed, and the rate.
fn progress_bar(started: Instant) -> impl FnMut(u64, u64) {
    let terminal = std::io::stderr().is_terminal();
    move |done, total| {
        if terminal {
            let rate = done as f64 / started.elapsed().as_secs_f64().max(0.001);
            eprint!("\r{done}/{total} records audited ({rate:.0}/s)   ");
            if done == total {
                eprintln!();
            }
        }
    }
}

/// `1 inclusion proof leads`, `3 inclusion proofs lead`.
fn proofs_lead(n: u64) -> String {
    let verb = if n == 1 { "leads" } else { "lead" };
    format!("{} {verb}", count(n, "inclusion proof"))
}
