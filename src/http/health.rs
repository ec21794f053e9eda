//! Liveness and readiness probes.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use super::problem::responses::Unavailable;
use super::problem::ApiError;
use super::AppState;

#[derive(Serialize, ToSchema)]
pub struct Status {
    /// `ok` (live) or `ready`.
    status: &'static str,
}

/// Liveness: the process answers HTTP.
#[utoipa::path(
    get, path = "/healthz", operation_id = "healthz", tag = "health",
    responses((status = 200, description = "The process is live", body = Status))
)]
pub async fn healthz() -> Json<Status> {
    Json(Status { status: "ok" })
}

/// Readiness: an append could commit now (the writer runs, the database takes
/// its write lock, its disk has room) and a read answers.
#[utoipa::path(
    get, path = "/readyz", operation_id = "readyz", tag = "health",
    responses(
        (status = 200, description = "Ready to take appends and reads", body = Status),
        Unavailable
    )
)]
pub async fn readyz(State(state): State<AppState>) -> Result<Json<Status>, ApiError> {
    state.store.ready().await?;
    Ok(Json(Status { status: "ready" }))
}
