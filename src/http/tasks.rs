//! `/tasks`: the chains at a glance.

use axum::extract::{Path, RawQuery, State};
use axum::Json as JsonResponse;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use super::extract::{Paging, QueryParams};
use super::problem::responses::{BadRequest, InternalError, NotFound, Unavailable};
use super::problem::ApiError;
use super::AppState;
use crate::domain::cursor::CursorKind;
use crate::store::TaskSummary;

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
    #[schema(pattern = "^[0-9a-f]{64}$")]
    head_hash: String,
    /// Timestamp of the first record.
    first_timestamp: String,
    /// Timestamp of the last record.
    last_timestamp: String,
}

impl From<TaskSummary> for TaskBody {
    fn from(t: TaskSummary) -> TaskBody {
        TaskBody {
            task_id: t.task_id,
            length: t.length,
            head_hash: t.head_hash,
            first_timestamp: t.first_timestamp,
            last_timestamp: t.last_timestamp,
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

/// Query of `GET /tasks`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // documents the query; `QueryParams` reads it strictly
pub struct ListTasksQuery {
    /// Tasks per page, 1 to 1000.
    #[param(minimum = 1, maximum = 1000, default = 100)]
    limit: Option<u32>,
    /// The `next` cursor of the previous page.
    after: Option<String>,
}

/// List tasks, in the order their first record was appended.
#[utoipa::path(
    get,
    path = "/tasks",
    tag = "tasks",
    params(ListTasksQuery),
    responses(
        (status = 200, description = "A page of task summaries", body = TaskPage),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn list(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<JsonResponse<TaskPage>, ApiError> {
    let mut errors = Vec::new();
    let params = QueryParams::parse(query.as_deref(), &["limit", "after"], &mut errors);
    let paging = Paging::read(&params, CursorKind::Tasks, &mut errors);
    if !errors.is_empty() {
        return Err(ApiError::invalid(errors));
    }
    let page = state
        .store
        .tasks(paging.after.as_deref(), paging.limit)
        .await?;
    Ok(JsonResponse(TaskPage {
        tasks: page.items.into_iter().map(TaskBody::from).collect(),
        next: page.next,
    }))
}

/// One task's summary.
#[utoipa::path(
    get,
    path = "/tasks/{task_id}",
    tag = "tasks",
    params(("task_id" = String, Path, description = "The task")),
    responses(
        (status = 200, description = "The task's summary", body = TaskBody),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn get_one(
    State(state): State<AppState>,
    Path(task_id): Path<String>,
) -> Result<JsonResponse<TaskBody>, ApiError> {
    match state.store.task(&task_id).await? {
        Some(task) => Ok(JsonResponse(task.into())),
        None => Err(ApiError::NotFound(format!("no task has id `{task_id}`"))),
    }
}
