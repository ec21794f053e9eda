//! Erasure and legal holds (docs/design.md §12): `DELETE
//! /thoughts/{id}/content` erases an erasable record's content, metadata and
//! salt, appending the decision that says so to its task; `PUT` and `DELETE
//! /tasks/{task_id}/hold` place and lift a legal hold. An admin key may; on an
//! open service (loopback only, or `--open`), anyone may.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::api_keys::Role;
use crate::domain::json::JsonValue;
use crate::domain::record::erasure::reason_problem;
use crate::domain::record::new_identifier_problem;
use crate::domain::FieldError;
use crate::http::api::records::RecordBody;
use crate::http::ops::guard::Caller;
use crate::http::problem::responses::{
    AdminOnly, BadRequest, ErasureConflict, InternalError, NotFound, PayloadTooLarge, Unavailable,
    UnsupportedMediaType,
};
use crate::http::problem::ApiError;
use crate::http::wire::extract::{JsonBody, JsonOrEmpty};
use crate::http::wire::Identifier;
use crate::http::wire::{RecordPath, TaskPath};
use crate::http::AppState;
use crate::store::{Erased, Hold, HoldChange};

/// Who erases or holds, when the service is open and the body names nobody.
const OPEN_OPERATOR: &str = "operator";

/// Why content is erased, or a task held.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reason": "GDPR Art. 17 request 2026-118 from the customer named in it"}))]
#[allow(dead_code)] // documents the body; read by `reason_body`
pub struct ReasonBody {
    /// 1 to 512 characters, not only blank, no control characters but tab
    /// and newline; stored with the erasure (or hold) and on the trail.
    #[schema(min_length = 1, max_length = 512)]
    reason: String,
    /// Who does it, on an open service (identifier rules; `operator` when
    /// omitted). With an API key it is the key's agent: omit it, or send
    /// that agent (another is 403).
    #[schema(value_type = Option<Identifier>)]
    agent_id: Option<String>,
}

/// Why a legal hold is lifted (optional), and who lifts it.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"reason": "the litigation settled (case 2026-7)"}))]
#[allow(dead_code)] // documents the body; read by `reason_body`
pub struct LiftBody {
    /// Optional; when given, the rules of an erasure's reason, and said on
    /// the trail.
    #[schema(min_length = 1, max_length = 512)]
    reason: Option<String>,
    /// As for an erasure: who does it, on an open service.
    #[schema(value_type = Option<Identifier>)]
    agent_id: Option<String>,
}

/// An erasure's answer: the record as it is now, and the record on its
/// task's trail that says who erased it, when and why.
#[derive(Serialize, ToSchema)]
pub struct ErasureBody {
    /// The erased record: its hash, commitment, links and position as
    /// before, `erased` in place of its content, metadata and salt.
    record: RecordBody,
    /// The decision appended to the task for this erasure; null when the
    /// record had been erased before (erasing again changes nothing).
    erasure: Option<RecordBody>,
}

/// A task's legal hold.
#[derive(Serialize, ToSchema)]
pub struct HoldBody {
    pub(crate) task_id: String,
    /// When the hold was placed: its record's timestamp.
    pub(crate) at: String,
    /// Who placed it: its record's agent.
    pub(crate) by: String,
    pub(crate) reason: String,
    /// The decision appended to the task's trail when the hold was placed
    /// (`PUT`) or lifted (`DELETE`); null when nothing changed (placed
    /// again); absent from `GET`.
    #[serde(skip_serializing_if = "Member::is_absent")]
    #[schema(value_type = Option<RecordBody>)]
    pub(crate) record: Member<RecordBody>,
}

impl HoldBody {
    /// The hold that stands, as `GET` answers it (no record).
    pub(crate) fn standing(task_id: String, hold: Hold) -> HoldBody {
        HoldBody {
            task_id,
            at: hold.at,
            by: hold.by,
            reason: hold.reason,
            record: Member::Absent,
        }
    }
}

/// A member of an answer that is absent, null, or a value.
pub(crate) enum Member<T> {
    Absent,
    Null,
    Value(T),
}

impl<T> Member<T> {
    fn is_absent(&self) -> bool {
        matches!(self, Member::Absent)
    }
}

impl<T: Serialize> Serialize for Member<T> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Member::Value(v) => v.serialize(s),
            _ => s.serialize_none(),
        }
    }
}

/// The caller's name for an erasure or hold, when it may make one: an
/// admin key's agent, or on an open service the body's `agent_id`.
fn actor(
    caller: &Caller,
    body: &JsonValue,
    errors: &mut Vec<FieldError>,
) -> Result<String, ApiError> {
    let given = match body.get("agent_id") {
        None | Some(JsonValue::Null) => None,
        Some(JsonValue::String(s)) => Some(s.clone()),
        Some(other) => {
            errors.push(FieldError::new(
                "agent_id",
                format!("must be a string, not {}", other.kind()),
            ));
            None
        }
    };
    match caller {
        Caller::Open => {
            let name = given.unwrap_or_else(|| OPEN_OPERATOR.to_string());
            if let Some(problem) = new_identifier_problem(&name) {
                errors.push(FieldError::new("agent_id", problem));
            }
            Ok(name)
        }
        Caller::Key {
            role: Role::Admin,
            agent_id,
        } => match given {
            Some(g) if &g != agent_id => Err(ApiError::Forbidden(format!(
                "this API key acts as agent `{agent_id}`, not `{g}`; omit agent_id or send `{agent_id}`"
            ))),
            _ => Ok(agent_id.clone()),
        },
        Caller::Key { role, agent_id } => Err(ApiError::Forbidden(format!(
            "this API key (agent `{agent_id}`) is a {} key; erasing content and legal holds need \
             an admin key",
            role.as_str()
        ))),
    }
}

/// The body's `reason` (required unless `optional`) and who acts, every
/// bad field named.
fn reason_body(
    caller: &Caller,
    body: &JsonValue,
    optional: bool,
) -> Result<(Option<String>, String), ApiError> {
    let mut errors = Vec::new();
    let JsonValue::Object(members) = body else {
        return Err(ApiError::invalid(vec![FieldError::new(
            "",
            format!("the body must be a JSON object, not {}", body.kind()),
        )]));
    };
    for (key, _) in members {
        if key != "reason" && key != "agent_id" {
            errors.push(FieldError::new(
                key,
                "unknown field; allowed: reason, agent_id",
            ));
        }
    }
    let by = actor(caller, body, &mut errors)?;
    let reason = match body.get("reason") {
        None | Some(JsonValue::Null) if optional => None,
        None => {
            errors.push(FieldError::new("reason", "is required"));
            None
        }
        Some(JsonValue::String(r)) => match reason_problem(r) {
            Some(problem) => {
                errors.push(FieldError::new("reason", problem));
                None
            }
            None => Some(r.clone()),
        },
        Some(other) => {
            errors.push(FieldError::new(
                "reason",
                format!("must be a string, not {}", other.kind()),
            ));
            None
        }
    };
    ApiError::refuse_any(errors)?;
    Ok((reason, by))
}

/// Erase an erasable record's content, metadata and salt.
///
/// The record keeps its id, hash, `content_commitment`, links, `seq` and
/// `log_index`, so its chain, receipts, exports and proofs all still verify;
/// from then on it is served with `erased` in their place. A `decision`
/// record naming the erased record and the reason is appended to its task
/// in the same transaction. Erasing a record erased before changes nothing
/// (`erasure` is null). Needs an admin key (anyone on an open service).
#[utoipa::path(
    delete, path = "/thoughts/{id}/content", operation_id = "erase", tag = "thoughts",
    params(RecordPath),
    request_body(content = ReasonBody, content_type = "application/json"),
    responses(
        (status = 200, description = "The erased record and the erasure record on its task's trail", body = ErasureBody),
        BadRequest, AdminOnly, NotFound, ErasureConflict, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn erase(
    State(state): State<AppState>,
    caller: Caller,
    Path(RecordPath { id }): Path<RecordPath>,
    JsonOrEmpty(body): JsonOrEmpty,
) -> Result<Json<ErasureBody>, ApiError> {
    let (reason, by) = reason_body(&caller, &body, false)?;
    let reason = reason.expect("a required reason");
    let Erased { record, erasure } = state
        .store
        .erase(&id, &by, &reason)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no record has id `{id}`")))?;
    Ok(Json(ErasureBody {
        record: RecordBody::try_from(record)?,
        erasure: erasure.map(RecordBody::try_from).transpose()?,
    }))
}

/// Place a legal hold on a task.
///
/// While it stands nothing of the task is erased, by request (409
/// `task_held`) or by retention. A decision saying who placed it, when and
/// why is appended to the task's trail in the same transaction. Placing it
/// again keeps the first hold and appends nothing. Needs an admin key
/// (anyone on an open service).
#[utoipa::path(
    put, path = "/tasks/{task_id}/hold", operation_id = "place_hold", tag = "tasks",
    params(TaskPath),
    request_body(content = ReasonBody, content_type = "application/json"),
    responses(
        (status = 201, description = "The hold placed, and its record on the task's trail", body = HoldBody),
        (status = 200, description = "The task was held already: the hold that stands (`record` null)", body = HoldBody),
        BadRequest, AdminOnly, NotFound, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn place_hold(
    State(state): State<AppState>,
    caller: Caller,
    Path(TaskPath { task_id }): Path<TaskPath>,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    let (reason, by) = reason_body(&caller, &body, false)?;
    let reason = reason.expect("a required reason");
    if state.store.task(&task_id).await?.is_none() {
        return Err(ApiError::NotFound(format!("no task has id `{task_id}`")));
    }
    let change = state.store.place_hold(&task_id, &by, &reason).await?;
    let status = if change.record.is_some() {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(hold_body(task_id, change)?)).into_response())
}

/// The legal hold that stands on a task.
///
/// 404 when the task is not held (or there is no such task). Any key may
/// read it.
#[utoipa::path(
    get, path = "/tasks/{task_id}/hold", operation_id = "get_hold", tag = "tasks",
    params(TaskPath),
    responses(
        (status = 200, description = "The hold that stands: who placed it, when and why", body = HoldBody),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn get_hold(
    State(state): State<AppState>,
    Path(TaskPath { task_id }): Path<TaskPath>,
) -> Result<Json<HoldBody>, ApiError> {
    match state.store.hold(&task_id).await? {
        Some(hold) => Ok(Json(HoldBody::standing(task_id, hold))),
        None => Err(ApiError::NotFound(format!("task `{task_id}` is not held"))),
    }
}

/// Lift a task's legal hold.
///
/// A decision saying who lifted which hold, when, and why (when the body
/// gives a reason) is appended to the task's trail in the same transaction.
/// The body is optional. Needs an admin key (anyone on an open service).
#[utoipa::path(
    delete, path = "/tasks/{task_id}/hold", operation_id = "lift_hold", tag = "tasks",
    params(TaskPath),
    request_body(content = Option<LiftBody>, content_type = "application/json",
        description = "Optional: why the hold is lifted (`reason`), and who lifts it on an open service"),
    responses(
        (status = 200, description = "The hold lifted, and the record on the task's trail that lifted it", body = HoldBody),
        BadRequest, AdminOnly, NotFound, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn lift_hold(
    State(state): State<AppState>,
    caller: Caller,
    Path(TaskPath { task_id }): Path<TaskPath>,
    JsonOrEmpty(body): JsonOrEmpty,
) -> Result<Json<HoldBody>, ApiError> {
    // No body, or `null`: no reason given.
    let body = match body {
        JsonValue::Null => JsonValue::Object(Vec::new()),
        other => other,
    };
    let (reason, by) = reason_body(&caller, &body, true)?;
    match state
        .store
        .lift_hold(&task_id, &by, reason.as_deref())
        .await?
    {
        Some(change) => Ok(Json(hold_body(task_id, change)?)),
        None => Err(ApiError::NotFound(format!("task `{task_id}` is not held"))),
    }
}

/// A hold placed or lifted, with the record that says so.
fn hold_body(task_id: String, change: HoldChange) -> Result<HoldBody, ApiError> {
    Ok(HoldBody {
        task_id,
        at: change.hold.at,
        by: change.hold.by,
        reason: change.hold.reason,
        record: match change.record {
            Some(r) => Member::Value(RecordBody::try_from(r)?),
            None => Member::Null,
        },
    })
}
