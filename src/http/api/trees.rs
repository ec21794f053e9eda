//! Thought trees and sessions (docs/design.md §6): a task's reasoning tree
//! drawn by `parent_id`, the trail from a root to one record with proofs, and
//! the work sessions that group records across tasks.

use axum::extract::{Path, State};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::merkle::{to_hex, LogQuery};
use crate::domain::record::RecordFilter;
use crate::domain::Record;
use crate::http::api::records::RecordBody;
use crate::http::problem::responses::{BadRequest, InternalError, NotFound, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::query::{OfSessions, OfTree, Page, Query};
use crate::http::wire::{RecordPath, TaskPath};
use crate::http::AppState;
use crate::store::{Listing, SessionSummary};

/// One node of a task's tree: a record and the records that name it as
/// their parent, in `seq` order.
#[derive(Serialize, ToSchema)]
#[schema(no_recursion)]
pub struct TreeNode {
    record: RecordBody,
    children: Vec<TreeNode>,
}

/// A task's tree, or one page of it.
#[derive(Serialize, ToSchema)]
pub struct TaskTree {
    task_id: String,
    /// The records without a parent (or, on a later page, whose parent is on
    /// an earlier page), each with its descendants on this page.
    roots: Vec<TreeNode>,
    /// Records on this page.
    records: u64,
    /// Pass as `after` for the next page of the task's records (by `seq`);
    /// null on the last page.
    next: Option<String>,
}

/// A task's reasoning tree: its records nested by `parent_id`, children in
/// `seq` order. Large tasks are paged by `seq` (`limit`, `after`): a record
/// whose parent is on an earlier page is a root of its page.
#[utoipa::path(
    get, path = "/tasks/{task_id}/tree", operation_id = "tree", tag = "tasks",
    params(TaskPath, Page<OfTree>),
    responses(
        (status = 200, description = "The tree, or a page of it", body = TaskTree),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn tree(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
    Query(paging): Query<Page<OfTree>>,
) -> Result<Json<TaskTree>, ApiError> {
    let page = state
        .store
        .records(
            Listing::Task(&task_id),
            &RecordFilter::default(),
            paging.after(),
            paging.limit,
        )
        .await?;
    if page.items.is_empty() && paging.after().is_none() {
        return Err(ApiError::NotFound(format!("no task has id `{task_id}`")));
    }
    let records = page.items.len() as u64;
    Ok(Json(TaskTree {
        task_id,
        roots: nest(page.items)?,
        records,
        next: page.next,
    }))
}

/// Nests records (in `seq` order) by `parent_id`.
fn nest(records: Vec<Record>) -> Result<Vec<TreeNode>, ApiError> {
    let ids: Vec<String> = records.iter().map(|r| r.id.clone()).collect();
    let parents: Vec<Option<usize>> = records
        .iter()
        .map(|r| {
            r.authored
                .parent_id
                .as_ref()
                .and_then(|p| ids.iter().position(|id| id == p))
        })
        .collect();
    let mut nodes: Vec<Option<TreeNode>> = records
        .into_iter()
        .map(|r| {
            Ok(Some(TreeNode {
                record: r.try_into()?,
                children: Vec::new(),
            }))
        })
        .collect::<Result<_, ApiError>>()?;
    // A parent comes before its children, so building from the last record
    // back hands each finished node to its parent.
    let mut roots = Vec::new();
    for i in (0..nodes.len()).rev() {
        let node = nodes[i].take().expect("each node is taken once");
        match parents[i] {
            Some(p) if p < i => nodes[p]
                .as_mut()
                .expect("a parent is still in place")
                .children
                .push(node),
            _ => roots.push(node),
        }
    }
    // Children were handed over last first: put every level in seq order.
    fn in_seq_order(nodes: &mut Vec<TreeNode>) {
        nodes.reverse();
        for n in nodes {
            in_seq_order(&mut n.children);
        }
    }
    in_seq_order(&mut roots);
    Ok(roots)
}

/// One step of a trail: a record and its inclusion proof.
#[derive(Serialize, ToSchema)]
pub struct TrailStep {
    record: RecordBody,
    log_index: u64,
    /// The RFC 9162 inclusion proof of the record's leaf in the trail's
    /// checkpoint, hex, from the leaf upward.
    inclusion_proof: Vec<String>,
}

/// The path from a root of the tree to a record, provable offline: every
/// proof leads to the root of the one signed checkpoint given.
#[derive(Serialize, ToSchema)]
pub struct Trail {
    /// Root first, the asked record last.
    trail: Vec<TrailStep>,
    tree_size: u64,
    /// The checkpoint's root hash, hex.
    root: String,
    /// The signed checkpoint (C2SP signed note) every proof leads to; when
    /// `witnessed`, with the witnesses' cosignature lines after the log's.
    checkpoint: String,
    /// Whether `checkpoint` is the newest witnessed one (see the receipt's).
    witnessed: bool,
}

/// The trail from the root of a record's tree down to it, each step with its
/// inclusion proof against one signed checkpoint.
#[utoipa::path(
    get, path = "/thoughts/{id}/trail", operation_id = "trail", tag = "thoughts",
    params(RecordPath),
    responses(
        (status = 200, description = "Root to record, with proofs", body = Trail),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn trail(
    State(state): State<AppState>,
    Path(RecordPath { id }): Path<RecordPath>,
) -> Result<Json<Trail>, ApiError> {
    let Some(records) = state.store.trail(&id).await? else {
        return Err(ApiError::NotFound(format!("no record has id `{id}`")));
    };
    let newest = records.iter().map(|r| r.log_index).max().unwrap_or(0);
    let (checkpoint, witnessed) = state.checkpoint_for(newest).await?;
    let queries: Vec<LogQuery> = records
        .iter()
        .map(|r| LogQuery::Inclusion {
            leaf: r.log_index,
            tree_size: checkpoint.tree_size,
        })
        .collect();
    let proofs = state.store.log_answers(&queries).await?;
    let trail = records
        .into_iter()
        .zip(proofs)
        .map(|(r, proof)| {
            Ok(TrailStep {
                log_index: r.log_index,
                record: r.try_into()?,
                inclusion_proof: proof.iter().map(to_hex).collect(),
            })
        })
        .collect::<Result<_, ApiError>>()?;
    Ok(Json(Trail {
        trail,
        tree_size: checkpoint.tree_size,
        root: to_hex(&checkpoint.root),
        checkpoint: checkpoint.note,
        witnessed,
    }))
}

/// A work session at a glance.
#[derive(Serialize, ToSchema)]
pub struct SessionBody {
    session_id: String,
    /// Records that name the session.
    length: u64,
    first_timestamp: String,
    last_timestamp: String,
    /// Its tasks, in order of first appearance (one session only; at most 1000).
    #[serde(skip_serializing_if = "Option::is_none")]
    tasks: Option<Vec<String>>,
    /// Its agents, likewise.
    #[serde(skip_serializing_if = "Option::is_none")]
    agents: Option<Vec<String>>,
}

impl From<SessionSummary> for SessionBody {
    fn from(s: SessionSummary) -> SessionBody {
        SessionBody {
            session_id: s.session_id,
            length: s.length,
            first_timestamp: s.first_timestamp,
            last_timestamp: s.last_timestamp,
            tasks: s.tasks,
            agents: s.agents,
        }
    }
}

/// A page of sessions.
#[derive(Serialize, ToSchema)]
pub struct SessionPage {
    sessions: Vec<SessionBody>,
    /// Pass as `after` for the next page; null on the last page.
    next: Option<String>,
}

/// List work sessions, in the order of their first record.
#[utoipa::path(
    get, path = "/sessions", operation_id = "sessions", tag = "sessions",
    params(Page<OfSessions>),
    responses(
        (status = 200, description = "A page of sessions", body = SessionPage),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn sessions(
    State(state): State<AppState>,
    Query(paging): Query<Page<OfSessions>>,
) -> Result<Json<SessionPage>, ApiError> {
    let page = state.store.sessions(paging.after(), paging.limit).await?;
    Ok(Json(SessionPage {
        sessions: page.items.into_iter().map(SessionBody::from).collect(),
        next: page.next,
    }))
}

/// One work session: its length, tasks, agents, first and last timestamps.
#[utoipa::path(
    get, path = "/sessions/{session_id}", operation_id = "session", tag = "sessions",
    params(("session_id" = String, Path, description = "The session")),
    responses(
        (status = 200, description = "The session", body = SessionBody),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn session(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
) -> Result<Json<SessionBody>, ApiError> {
    match state.store.session(&session_id).await? {
        Some(s) => Ok(Json(s.into())),
        None => Err(ApiError::NotFound(format!(
            "no session has id `{session_id}`"
        ))),
    }
}
