//! `/tasks`: the chains at a glance.

use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::export;
use crate::http::api::records::RecordBody;
use crate::http::log::provable_time::{self, ProvableTime};
use crate::http::log::tlog::signed_at;
use crate::http::problem::responses::{BadRequest, InternalError, NotFound, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::query::{OfTasks, Page, PlainQuery, Query};
use crate::http::wire::TaskPath;
use crate::http::wire::{BreakReasonSchema, HashHex};
use crate::http::AppState;
use crate::store::{ChainVerdict, SignedCheckpoint, TaskSummary};

/// A task's chain: how long it is, its head, and when it began and last grew.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({
    "task_id": "refactor-auth",
    "length": 3,
    "head_hash": "ce319cb84671ec3c5255cfcb43c4786c3819d069f1511c81c0bfc13bf2513a03",
    "first_timestamp": "2026-11-22T05:17:00.123Z",
    "last_timestamp": "2026-11-22T05:19:42.007Z"
}))]
pub struct TaskBody {
    task_id: String,
    /// Number of records in the chain.
    length: u64,
    /// Hash of the last record of the chain.
    #[schema(value_type = HashHex)]
    head_hash: String,
    /// Timestamp of the first record.
    first_timestamp: String,
    /// Timestamp of the last record.
    last_timestamp: String,
    /// The legal hold on the task, when one stands (`GET /tasks/{task_id}`
    /// only): nothing of it is erased while it does.
    #[serde(skip_serializing_if = "Option::is_none")]
    hold: Option<crate::http::api::erasure::HoldBody>,
}

impl From<TaskSummary> for TaskBody {
    fn from(t: TaskSummary) -> TaskBody {
        TaskBody {
            task_id: t.task_id,
            length: t.length,
            head_hash: t.head_hash,
            first_timestamp: t.first_timestamp,
            last_timestamp: t.last_timestamp,
            hold: None,
        }
    }
}

/// A page of tasks and the cursor of the next page.
#[derive(Serialize, ToSchema)]
pub struct TaskPage {
    tasks: Vec<TaskBody>,
    /// Pass as `after` for the next page; null on the last page.
    next: Option<String>,
}

/// List tasks, in the order their first record was appended.
#[utoipa::path(
    get, path = "/tasks", operation_id = "list_tasks", tag = "tasks",
    params(Page<OfTasks>),
    responses(
        (status = 200, description = "A page of task summaries", body = TaskPage),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn list(
    State(state): State<AppState>,
    Query(paging): Query<Page<OfTasks>>,
) -> Result<Json<TaskPage>, ApiError> {
    let page = state.store.tasks(paging.after(), paging.limit).await?;
    Ok(Json(TaskPage {
        tasks: page.items.into_iter().map(TaskBody::from).collect(),
        next: page.next,
    }))
}

/// One task's summary.
#[utoipa::path(
    get, path = "/tasks/{task_id}", operation_id = "get_task", tag = "tasks",
    params(TaskPath),
    responses(
        (status = 200, description = "The task's summary", body = TaskBody),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn get_one(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
) -> Result<Json<TaskBody>, ApiError> {
    match state.store.task(&task_id).await? {
        Some(task) => {
            let mut body = TaskBody::from(task);
            body.hold = state
                .store
                .hold(&task_id)
                .await?
                .map(|h| crate::http::api::erasure::HoldBody::standing(task_id, h));
            Ok(Json(body))
        }
        None => Err(ApiError::NotFound(format!("no task has id `{task_id}`"))),
    }
}

/// The outcome of walking a chain: valid, or its first break.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
pub enum Verification {
    Valid {
        /// true
        valid: bool,
        length: u64,
        head_hash: String,
        /// The size of the signed checkpoint every record was proven in.
        tree_size: u64,
        /// Records of the chain whose content was erased, each verified
        /// through its `content_commitment`; absent when none was.
        #[serde(skip_serializing_if = "is_zero")]
        erased: u64,
    },
    Broken {
        /// false
        valid: bool,
        /// The size of the signed checkpoint the walk proved against.
        tree_size: u64,
        /// Id of the first record where the chain breaks.
        broken_at: String,
        /// That record's stored seq.
        seq: u64,
        #[schema(value_type = BreakReasonSchema)]
        reason: &'static str,
        /// What the walk expected there (a hash, or for `seq_gap` the seq).
        expected: String,
        /// What the record holds.
        actual: String,
    },
}

/// Walk a task's chain as stored: every seq, link, hash, timestamp and
/// parent, and every record's leaf proven in the newest signed checkpoint
/// (its size is `tree_size`); a record no signed checkpoint covers is a
/// break (`not_signed`).
#[utoipa::path(
    get, path = "/tasks/{task_id}/verify", operation_id = "verify", tag = "tasks",
    params(TaskPath),
    responses(
        (status = 200, description = "`valid: true` with length and head, or the first break", body = Verification),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn verify(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
) -> Result<Json<Verification>, ApiError> {
    let verdict = state
        .store
        .verify_chain(&task_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no task has id `{task_id}`")))?;
    Ok(Json(match verdict {
        ChainVerdict::Valid {
            length,
            head_hash,
            tree_size,
            erased,
        } => Verification::Valid {
            valid: true,
            length,
            head_hash,
            tree_size,
            erased,
        },
        ChainVerdict::Broken { at, seq, tree_size } => Verification::Broken {
            valid: false,
            tree_size,
            broken_at: at.id,
            seq,
            reason: at.reason.as_str(),
            expected: at.expected,
            actual: at.actual,
        },
    }))
}

/// Query of `GET /tasks/{task_id}/export`.
#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub(crate) struct ExportQuery {
    /// Export the chain as of this signed tree size; default: the newest
    /// checkpoint (with a witness policy, the newest witnessed one when it
    /// holds the whole chain). With a witness policy the header's checkpoint
    /// carries its stored cosignatures.
    tree_size: Option<u64>,
}

impl PlainQuery for ExportQuery {}

/// Records exported per database read; memory stays constant whatever the chain.
const EXPORT_BATCH: u32 = 256;

/// Export a task's chain as NDJSON, streamed: a header line with the signed
/// checkpoint and the log's signed statement of the task's length and head,
/// then each record with its inclusion proof in that checkpoint's tree.
/// `decision-trail verify FILE` checks it offline, and that it is whole.
#[utoipa::path(
    get, path = "/tasks/{task_id}/export", operation_id = "export", tag = "tasks",
    params(TaskPath, ExportQuery),
    responses(
        (status = 200, description = "NDJSON: a header line `{tree_size, root, checkpoint, task_statement}` naming the signed checkpoint and carrying the log's signed statement of the task's length and head in its tree, then one ExportLine per record", content_type = "application/x-ndjson", body = ExportLine),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn export(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
    Query(query): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let Some(task) = state.store.task(&task_id).await? else {
        return Err(ApiError::NotFound(format!("no task has id `{task_id}`")));
    };
    let checkpoint = export_checkpoint(&state, &task, query.tree_size).await?;
    let (stream, _) = export_stream(state, task_id, checkpoint).await?;
    Ok((
        [(header::CONTENT_TYPE, "application/x-ndjson")],
        Body::from_stream(stream),
    )
        .into_response())
}

/// A task's export against `checkpoint`, as a stream of chunks: the header
/// (with the task statement and the witness times of the task's records),
/// then its records with their proofs, read a batch at a time; and each
/// record's provable time, in the export's order (what a verifier
/// recomputes from the header).
pub(crate) async fn export_stream(
    state: AppState,
    task_id: String,
    checkpoint: SignedCheckpoint,
) -> Result<
    (
        impl futures_util::Stream<Item = Result<Bytes, std::io::Error>>,
        Vec<ProvableTime>,
    ),
    ApiError,
> {
    let origin = checkpoint.note.lines().next().unwrap_or_default();
    let statement = state
        .store
        .task_statement(&task_id, origin, checkpoint.tree_size)
        .await?;
    let leaves = state
        .store
        .task_leaves(&task_id, checkpoint.tree_size)
        .await?;
    let times = provable_time::times(&state, &leaves, Some(checkpoint.tree_size)).await?;
    let header = export::Header {
        tree_size: checkpoint.tree_size,
        root: checkpoint.root,
        checkpoint: checkpoint.note,
        task_statement: Some(statement),
        witness_times: times.checkpoints,
    }
    .to_line();
    // A task's records in seq order are in log order: the leaves' order.
    let per_record = times.per_leaf;
    let start = ExportCursor {
        state,
        task_id,
        tree_size: checkpoint.tree_size,
        after_seq: None,
        header: Some(header + "\n"),
        done: false,
    };
    Ok((
        futures_util::stream::unfold(start, next_export_chunk),
        per_record,
    ))
}

/// The checkpoint an export is given against: that of `size`, or the
/// newest signed one. With a witness policy, when no size is asked, the
/// newest witnessed one if it holds the task's whole chain; and the
/// checkpoint carries the cosignatures stored for it, so `verify --policy`
/// checks the export as it checks `GET /log/checkpoint`.
pub(crate) async fn export_checkpoint(
    state: &AppState,
    task: &TaskSummary,
    size: Option<u64>,
) -> Result<SignedCheckpoint, ApiError> {
    let Some(witnessing) = &state.witnessing else {
        return signed_at(state, size).await;
    };
    if size.is_none() {
        if let Some(witnessed) = witnessing.current(&state.store).await? {
            let length = state
                .store
                .task_length_at(&task.task_id, witnessed.tree_size)
                .await?;
            // Longer, when the task grew since it was read: still whole.
            if length >= task.length {
                return Ok((*witnessed).clone());
            }
        }
    }
    let signed = signed_at(state, size).await?;
    Ok(witnessing.with_cosignatures(&state.store, signed).await?)
}

struct ExportCursor {
    state: AppState,
    task_id: String,
    tree_size: u64,
    after_seq: Option<u64>,
    header: Option<String>,
    done: bool,
}

/// The next chunk of an export. A failure mid-stream ends the body with an
/// error, so the client sees a cut-off export, never a silently short one.
async fn next_export_chunk(
    mut cur: ExportCursor,
) -> Option<(Result<Bytes, std::io::Error>, ExportCursor)> {
    if let Some(header) = cur.header.take() {
        return Some((Ok(Bytes::from(header)), cur));
    }
    if cur.done {
        return None;
    }
    let page = cur
        .state
        .store
        .export_page(&cur.task_id, cur.tree_size, cur.after_seq, EXPORT_BATCH)
        .await;
    let page = match page {
        Ok(page) => page,
        Err(e) => {
            tracing::error!(error = %e, task_id = %cur.task_id, "export failed mid-stream");
            cur.done = true;
            return Some((Err(std::io::Error::other(e.to_string())), cur));
        }
    };
    if page.len() < EXPORT_BATCH as usize {
        cur.done = true;
    }
    let (last, _) = page.last()?;
    cur.after_seq = Some(last.seq);
    let mut chunk = String::new();
    for (record, proof) in page {
        let line = RecordBody::try_from(record).and_then(|record| {
            serde_json::to_string(&record)
                .map(|record| export::record_line(&record, &proof))
                .map_err(|e| ApiError::Internal(e.to_string()))
        });
        match line {
            Ok(line) => {
                chunk.push_str(&line);
                chunk.push('\n');
            }
            Err(e) => {
                tracing::error!(error = %e, "export failed mid-stream");
                cur.done = true;
                return Some((Err(std::io::Error::other("unreadable record")), cur));
            }
        }
    }
    Some((Ok(Bytes::from(chunk)), cur))
}

/// Whether a count is zero (a field left out of an answer then).
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// Every further line of an export: a record and its inclusion proof.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the export; `domain::export` writes it
pub struct ExportLine {
    record: RecordBody,
    /// RFC 9162 inclusion proof of the record in the header's tree, hex.
    inclusion_proof: Vec<String>,
}
