//! Liveness and readiness probes.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::problem::responses::Unavailable;
use crate::http::problem::ApiError;
use crate::http::AppState;

#[derive(Serialize, ToSchema)]
pub struct Status {
    /// `ok` (live) or `ready`.
    status: &'static str,
    /// What an operator should know: present when the service is open (no
    /// API keys) on a non-loopback address.
    /// Also present when a witness refused one of the log's checkpoints as
    /// not consistent with those it cosigned before (a security event).
    #[serde(skip_serializing_if = "Option::is_none")]
    detail: Option<String>,
}

/// Liveness: the process answers HTTP.
#[utoipa::path(
    get, path = "/healthz", operation_id = "healthz", tag = "health",
    responses((status = 200, description = "The process is live", body = Status))
)]
pub async fn healthz() -> Json<Status> {
    Json(Status {
        status: "ok",
        detail: None,
    })
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
    // Cosignatures that do not verify were found stored: the service never
    // serves them, but an operator must look (docs/design.md §2).
    if let Some(altered) = state.witnessing.as_ref().and_then(|w| w.altered()) {
        return Err(ApiError::LogAltered(altered));
    }
    let open_and_exposed = state.guards.keys.is_none() && state.guards.exposed;
    let said: Vec<String> = open_and_exposed
        .then(|| crate::http::OPEN_AND_EXPOSED.to_string())
        .into_iter()
        .chain(state.witnessing.as_ref().and_then(|w| w.detail()))
        .chain(state.store.clock_note().map(|c| format!("clock {c}")))
        .collect();
    Ok(Json(Status {
        status: "ready",
        detail: (!said.is_empty()).then(|| said.join("; ")),
    }))
}
