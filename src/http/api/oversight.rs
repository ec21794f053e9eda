//! `POST /thoughts/{id}/oversight`: a person's verdict on a decision,
//! recorded on the decision's task as an oversight record (docs/design.md
//! §18) by a reviewer key. The record is built here and appended as
//! `POST /thoughts` appends one, so the same rules hold for both.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::json::JsonValue;
use crate::domain::record::oversight::{OversightVerdict, OVERSIGHT};
use crate::domain::FieldError;
use crate::http::api::records::{append_body, record_or_404, AppendAnswer};
use crate::http::ops::guard::Caller;
use crate::http::problem::responses::{
    BadRequest, Forbidden, InternalError, KeyReused, NotFound, PayloadTooLarge, Unavailable,
    UnsupportedMediaType,
};
use crate::http::problem::ApiError;
use crate::http::wire::extract::JsonBody;
use crate::http::wire::IdempotencyKeyHeader;
use crate::http::AppState;

/// A verdict on a decision.
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"verdict": "overridden", "reason": "Sessions are required by the audit team.", "decision": "Keep server-side sessions."}))]
#[allow(dead_code)] // documents the body; the handler reads it member by member
pub struct OversightBody {
    /// `approved`, `overridden` (with `decision`), `escalated` or `note`.
    verdict: String,
    /// Why, in the reviewer's words (optional).
    reason: Option<String>,
    /// For `overridden` only, and required then: the decision that replaces
    /// the reviewed one (the oversight record's content).
    decision: Option<String>,
    /// The reviewer: with an API key, its agent (omit it); on an open service
    /// (no keys), required.
    reviewer: Option<String>,
    /// Optional: the work session the verdict belongs to.
    session_id: Option<String>,
}

const MEMBERS: [&str; 5] = ["verdict", "reason", "decision", "reviewer", "session_id"];

/// Record a reviewer's verdict on a decision.
///
/// Appends to the decision's task a record whose `parent_id` is the
/// decision and whose `metadata.oversight` is `{verdict, reviewer,
/// reason}`: a `decision` replacing it when `overridden`, a `reflection`
/// otherwise. Only a reviewer key may (a writer's is 403). With an
/// `Idempotency-Key`, the same verdict sent again answers the first one's
/// record, as `POST /thoughts` does.
#[utoipa::path(
    post, path = "/thoughts/{id}/oversight", operation_id = "oversight", tag = "thoughts",
    params(("id" = String, Path, description = "The decision reviewed"), IdempotencyKeyHeader),
    request_body(content = OversightBody, content_type = "application/json"),
    responses(
        AppendAnswer, BadRequest, Forbidden, NotFound, PayloadTooLarge, UnsupportedMediaType, KeyReused, InternalError, Unavailable
    )
)]
pub async fn review(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    let decision = record_or_404(&state, &id).await?;
    let mut errors = Vec::new();
    let JsonValue::Object(members) = &body else {
        return Err(ApiError::invalid(vec![FieldError::new(
            "",
            "the body must be a JSON object {verdict, reason?, decision?, reviewer?}",
        )]));
    };
    for (key, _) in members {
        if !MEMBERS.contains(&key.as_str()) {
            errors.push(FieldError::new(
                key.as_str(),
                format!("is not a member of a verdict ({})", MEMBERS.join(", ")),
            ));
        }
    }
    let text = |name: &str, errors: &mut Vec<FieldError>| match body.get(name) {
        None | Some(JsonValue::Null) => None,
        Some(JsonValue::String(s)) => Some(s.clone()),
        Some(_) => {
            errors.push(FieldError::new(name, "must be a string"));
            None
        }
    };
    let verdict_text = text("verdict", &mut errors);
    let reason = text("reason", &mut errors);
    let replacement = text("decision", &mut errors);
    let reviewer = text("reviewer", &mut errors);
    let session_id = text("session_id", &mut errors);
    let names = OversightVerdict::ALL
        .map(OversightVerdict::as_str)
        .join(", ");
    let verdict = match &verdict_text {
        None => {
            errors.push(FieldError::new(
                "verdict",
                format!("is required: one of {names}"),
            ));
            None
        }
        Some(v) => OversightVerdict::parse(v).or_else(|| {
            errors.push(FieldError::new(
                "verdict",
                format!("`{v}` is not one of {names}"),
            ));
            None
        }),
    };
    match (verdict, &replacement) {
        (Some(OversightVerdict::Overridden), None) => errors.push(FieldError::new(
            "decision",
            "is required when overriding: the decision that replaces the reviewed one",
        )),
        (Some(v), Some(_)) if v != OversightVerdict::Overridden => errors.push(FieldError::new(
            "decision",
            "is for `overridden` only: approving, escalating or noting replaces nothing",
        )),
        _ => {}
    }
    let reviewer = match (&caller, reviewer) {
        (Caller::Key { agent_id, .. }, None) => Some(agent_id.clone()),
        (_, Some(r)) => Some(r),
        (Caller::Open, None) => {
            errors.push(FieldError::new(
                "reviewer",
                "is required on a service without API keys: who gives the verdict",
            ));
            None
        }
    };
    ApiError::refuse_any(errors)?;
    let (verdict, reviewer) = (verdict.expect("checked"), reviewer.expect("checked"));
    let content = match (replacement, &reason) {
        (Some(decision), _) => decision,
        (None, Some(reason)) => reason.clone(),
        (None, None) => format!("{} by {reviewer}", verdict.as_str()),
    };
    let mut oversight = vec![
        (
            "verdict".to_string(),
            JsonValue::String(verdict.as_str().into()),
        ),
        ("reviewer".to_string(), JsonValue::String(reviewer.clone())),
    ];
    if let Some(reason) = reason {
        oversight.push(("reason".to_string(), JsonValue::String(reason)));
    }
    let mut record = vec![
        (
            "type".to_string(),
            JsonValue::String(verdict.record_type().as_str().into()),
        ),
        (
            "task_id".to_string(),
            JsonValue::String(decision.authored.task_id.clone()),
        ),
        ("agent_id".to_string(), JsonValue::String(reviewer)),
        ("content".to_string(), JsonValue::String(content)),
        (
            "parent_id".to_string(),
            JsonValue::String(decision.id.clone()),
        ),
        (
            "metadata".to_string(),
            JsonValue::Object(vec![(OVERSIGHT.to_string(), JsonValue::Object(oversight))]),
        ),
    ];
    if let Some(session) = session_id {
        record.push(("session_id".to_string(), JsonValue::String(session)));
    }
    append_body(&state, &caller, &headers, JsonValue::Object(record)).await
}
