//! `/ui/tasks/{task_id}/report`: the task's audit report, a page made to
//! be printed (or saved as PDF) and filed: the chain walked, the checkpoint
//! that proves it with its cosignatures and the log's verifier key, the
//! task's totals and every reviewer's verdict on its decisions, every
//! record with its hash, and the commands that check it all again offline.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::uri::Authority;
use axum::http::{header, HeaderMap, StatusCode, Uri};
use axum::response::Response;
use chrono::{SecondsFormat, Utc};

use super::auth::over_tls;
use super::facts::{sum_up, TaskSum};
use super::task::{walk, VerdictView, FACTS_READ, VERIFY_ON_OPEN};
use super::view::{render, shell_word, task_href, with_query, Chrome, ReaderCheck, UiError};
use crate::domain::merkle::to_hex;
use crate::domain::record::erasure::statement_label;
use crate::domain::record::RecordFilter;
use crate::http::api::tasks::export_checkpoint;
use crate::http::problem::ApiError;
use crate::http::{log::provable_time, path_segment, AppState};
use crate::store::{Listing, SignedCheckpoint, TaskSummary};

/// The most records a report lists; the export holds every one.
const REPORTED: u64 = VERIFY_ON_OPEN;
/// Records read at a time.
const BATCH: u32 = 1_000;

/// A record as the report lists it.
struct ReportRow {
    seq: u64,
    kind: &'static str,
    agent_id: String,
    timestamp: String,
    /// The content, or what stands for it once erased.
    content: String,
    erased: bool,
    /// The service's own record (an erasure, a legal hold), in words.
    statement: Option<&'static str>,
    hash: String,
    /// Its leaf: the witness times are read by it.
    log_index: u64,
    /// Its provable time (RFC 3339), when the witnesses give one.
    existed_by: Option<String>,
}

#[derive(Template)]
#[template(path = "ui/report.html")]
struct ReportPage {
    chrome: Chrome,
    task_id: String,
    task_href: String,
    length: u64,
    first_timestamp: String,
    last_timestamp: String,
    /// The chain's last hash, which the commands check the trail up to.
    head_hash: String,
    /// When the report was made (RFC 3339).
    generated: String,
    verdict: VerdictView,
    /// The signed checkpoint the report's proofs lead to: its size and root.
    tree_size: u64,
    root: String,
    /// The checkpoint as signed, with its cosignatures.
    checkpoint: String,
    cosigned: bool,
    /// A witness policy is configured (its quorum may not have cosigned yet).
    witnessed: bool,
    /// API keys are configured: the commands need a token.
    keyed: bool,
    /// The log's verifier key, to be compared with one kept outside.
    verifier_key: String,
    rows: Vec<ReportRow>,
    /// Records past the report's bound, left to the export.
    left_out: u64,
    /// The commands that check the report's trail offline.
    commands: String,
    /// The reader's own check, in the browser.
    reader: ReaderCheck,
    /// The last listed record's provable time, in words.
    time_summary: String,
    /// Totals and reviewers' verdicts, of the last `sum_of_last` records
    /// when the task is longer.
    sum: TaskSum,
    sum_of_last: Option<u32>,
}

/// `GET /ui/tasks/{task_id}/report`.
pub(super) async fn page(
    State(state): State<AppState>,
    Path(task_id): Path<String>,
    headers: HeaderMap,
    uri: Uri,
) -> Result<Response, UiError> {
    let task = state
        .store
        .task(&task_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no task has id `{task_id}`")))?;
    let checkpoint = export_checkpoint(&state, &task, None).await?;
    // The service as the browser reached it: its Host (an authority, no
    // user part, else this machine's default), the scheme a proxy says.
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.parse::<Authority>().ok())
        .filter(|a| !a.as_str().contains('@'))
        .or_else(|| uri.authority().cloned())
        .map_or_else(|| "localhost:8080".to_string(), |a| a.to_string());
    let scheme = if over_tls(&headers) { "https" } else { "http" };
    let export = with_query(
        &format!("{scheme}://{host}/tasks/{}/export", path_segment(&task_id)),
        &[("tree_size", &checkpoint.tree_size.to_string())],
    );
    let auth = if state.guards.keys.is_some() {
        " -H \"Authorization: Bearer $DECISION_TRAIL_TOKEN\""
    } else {
        ""
    };
    let mut report = build(
        &state,
        &task,
        checkpoint,
        Chrome::new(&state, format!("Audit report: task {task_id}")),
    )
    .await?;
    let policy = if report.cosigned {
        " --policy policy.txt"
    } else {
        ""
    };
    report.commands = format!(
        "curl -sS --fail-with-body{auth} -o trail.ndjson {}\n\
         decision-trail verify trail.ndjson --key log.key{policy}",
        shell_word(&export)
    );
    Ok(render(StatusCode::OK, &report))
}

/// The report as a page that stands alone, for an evidence pack: styles
/// inlined, no script, its commands naming the pack's own files.
pub(crate) async fn standalone(
    state: &AppState,
    task: &TaskSummary,
    checkpoint: SignedCheckpoint,
) -> Result<String, ApiError> {
    let mut report = build(
        state,
        task,
        checkpoint,
        Chrome::standalone(format!("Audit report: task {}", task.task_id)),
    )
    .await
    .map_err(|e| e.0)?;
    let policy = if report.cosigned {
        " --policy witness.policy"
    } else {
        ""
    };
    report.commands = format!("decision-trail verify export.ndjson --key log.vkey{policy}");
    report
        .render()
        .map_err(|e| ApiError::Internal(format!("the report does not render: {e}")))
}

/// The report of `task` against `checkpoint`, its commands left to the caller.
async fn build(
    state: &AppState,
    task: &TaskSummary,
    checkpoint: SignedCheckpoint,
    chrome: Chrome,
) -> Result<ReportPage, UiError> {
    let task_id = task.task_id.clone();
    let (verdict, _) = walk(state, &task_id).await?;
    let sum = sum_up(&state.store.task_facts(&task_id, FACTS_READ).await?);
    let mut rows = Vec::new();
    let mut after: Option<String> = None;
    while (rows.len() as u64) < REPORTED.min(task.length) {
        let page = state
            .store
            .records(
                Listing::Task(&task_id),
                &RecordFilter::default(),
                after.as_deref(),
                BATCH,
            )
            .await?;
        // Records appended since the task was read are not in its walk,
        // nor in the checkpoint or the export: left out.
        for r in page.items.iter().filter(|r| r.seq < task.length) {
            let erased = r.erasable.as_ref().and_then(|e| e.erased.as_ref());
            rows.push(ReportRow {
                seq: r.seq,
                kind: r.authored.r#type.as_str(),
                agent_id: r.authored.agent_id.clone(),
                timestamp: r.timestamp.clone(),
                content: match erased {
                    Some(e) => format!("Content erased {} by {}: {}", e.at, e.by, e.reason),
                    None => r.authored.content.clone(),
                },
                erased: erased.is_some(),
                statement: r
                    .authored
                    .metadata
                    .as_ref()
                    .and_then(|m| statement_label(m.canonical())),
                hash: r.hash.clone(),
                log_index: r.log_index,
                existed_by: None,
            });
        }
        match page.next {
            Some(next) if page.items.iter().all(|r| r.seq < task.length) => after = Some(next),
            _ => break,
        }
    }
    rows.truncate(REPORTED as usize);
    let leaves: Vec<u64> = rows.iter().map(|r| r.log_index).collect();
    let times = provable_time::times(state, &leaves, None).await?.per_leaf;
    for (row, time) in rows.iter_mut().zip(&times) {
        row.existed_by = time.existed_by().map(str::to_string);
    }
    let time_summary = times
        .last()
        .map_or_else(String::new, |t| t.summary().to_string());
    // Cosigned: after the checkpoint's text, the log's signature line and
    // a witness's (signed-note lines start with an em dash).
    let cosigned = checkpoint
        .note
        .lines()
        .filter(|l| l.starts_with('—'))
        .count()
        > 1;
    Ok(ReportPage {
        chrome,
        reader: ReaderCheck::new(state, &task_id),
        task_href: task_href(&task_id),
        left_out: task.length.saturating_sub(rows.len() as u64),
        sum_of_last: (task.length > u64::from(FACTS_READ)).then_some(FACTS_READ),
        sum,
        task_id,
        length: task.length,
        first_timestamp: task.first_timestamp.clone(),
        last_timestamp: task.last_timestamp.clone(),
        head_hash: task.head_hash.clone(),
        generated: Utc::now().to_rfc3339_opts(SecondsFormat::Secs, true),
        verdict,
        tree_size: checkpoint.tree_size,
        root: to_hex(&checkpoint.root),
        checkpoint: checkpoint.note.clone(),
        cosigned,
        witnessed: state.witnessing.is_some(),
        keyed: state.guards.keys.is_some(),
        verifier_key: state.store.verifier_key().to_string(),
        rows,
        commands: String::new(),
        time_summary,
    })
}
