//! `verify`: check a trail without trusting the service: an export file
//! offline, or a live service (`--url`) through the client in `remote`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::remote::{verify_service, State};
use crate::domain::audit::{audit_export, AuditReport, Trust};

#[derive(Args, Debug, Clone)]
pub struct VerifyArgs {
    /// An export (GET /tasks/{task_id}/export) to check offline.
    #[arg(conflicts_with = "url", required_unless_present = "url")]
    file: Option<PathBuf>,
    /// A checkpoint obtained separately (GET /log/checkpoint) to prove the
    /// records against; needs --key. Default: the export's own checkpoint.
    #[arg(long, requires = "key", conflicts_with = "url")]
    checkpoint: Option<PathBuf>,
    /// The log's verifier key (GET /log/key), or a file holding it. Offline, the
    /// checkpoint signature and inclusion proofs are checked only with a key.
    #[arg(long)]
    key: Option<String>,
    /// Check a live service: its checkpoint, its consistency with the checkpoint
    /// accepted last time, and with --task that task's chain and proofs.
    #[arg(long)]
    url: Option<String>,
    /// With --url: also export and check this task.
    #[arg(long, requires = "url")]
    task: Option<String>,
    /// With --url: an API key (any role), for a service that requires one.
    #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// With --url: the file that keeps the last checkpoint accepted per service.
    #[arg(long, default_value = "decision-trail-verify.json")]
    state: PathBuf,
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

pub(super) fn verify(args: VerifyArgs) -> ExitCode {
    let outcome = match &args.url {
        Some(url) => verify_url(url, &args),
        None => verify_file(&args),
    };
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("FAILED: {message}");
            ExitCode::FAILURE
        }
    }
}

fn verify_file(args: &VerifyArgs) -> Result<Vec<String>, String> {
    let file = args
        .file
        .as_ref()
        .expect("clap requires a file without --url");
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let key = args.key.as_deref().map(read_key).transpose()?;
    let checkpoint = args
        .checkpoint
        .as_ref()
        .map(|p| {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        })
        .transpose()?;
    let report = audit_export(
        &text,
        Trust {
            verifier_key: key.as_deref(),
            checkpoint: checkpoint.as_deref(),
        },
    )
    .map_err(|e| format!("{}: {e}", file.display()))?;
    let mut lines = vec![describe_chain(&report)];
    match &report.checkpoint {
        Some(cp) => lines.push(format!(
            "ok: checkpoint `{}` of {} records verifies with the key; {} inclusion proofs lead to its root",
            cp.origin, cp.size, report.proofs_checked
        )),
        None => lines.push(
            "note: signature and log inclusion not checked; give --key (GET /log/key) to check them"
                .into(),
        ),
    }
    Ok(lines)
}

fn describe_chain(report: &AuditReport) -> String {
    format!(
        "ok: task `{}`: {} records, every hash, link and seq checks; head {}",
        report.task_id.as_deref().unwrap_or("(none)"),
        report.length,
        report.head_hash
    )
}

fn verify_url(url: &str, args: &VerifyArgs) -> Result<Vec<String>, String> {
    let key = args.key.as_deref().map(read_key).transpose()?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let mut state = State::load(&args.state)?;
    let checked = runtime.block_on(verify_service(
        url,
        args.task.as_deref(),
        key.as_deref(),
        args.token.as_deref(),
        &mut state,
    ))?;
    state.save(&args.state)?;
    let cp = &checked.checkpoint;
    let mut lines = vec![format!(
        "ok: checkpoint `{}` of {} records verifies with the key ({})",
        cp.origin, cp.size, checked.key_source
    )];
    lines.push(match checked.consistent_from {
        Some(from) => format!("ok: consistent with the checkpoint of {from} records accepted before"),
        None => "ok: first check of this service; later runs must prove consistency with this checkpoint".into(),
    });
    if let Some(report) = &checked.task {
        lines.push(describe_chain(report));
        lines.push(format!(
            "ok: {} inclusion proofs lead to the checkpoint's root",
            report.proofs_checked
        ));
    }
    lines.push(format!("state saved to {}", args.state.display()));
    Ok(lines)
}
