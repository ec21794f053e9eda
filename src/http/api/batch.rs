//! `POST /thoughts/batch`: many appends in one request, appended all or none
//! in one writer batch (docs/design.md §3, "Batches").

use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::domain::idempotency::Form;
use crate::domain::json::JsonValue;
use crate::domain::record::oversight::oversight_of;
use crate::domain::record::{item_path, new_records_from_batch, MAX_BATCH_RECORDS};
use crate::domain::FieldError;
use crate::http::api::records::{
    bind_agent, idempotency_key, may_append, parent_problem, writer_agent, NewRecordBody,
    RecordBody,
};
use crate::http::ops::guard::{Caller, RateBucket};
use crate::http::problem::responses::{
    BadRequest, ConflictResponse, Forbidden, InternalError, KeyReused, PayloadTooLarge,
    Unavailable, UnsupportedMediaType,
};
use crate::http::problem::ApiError;
use crate::http::wire::extract::BatchBody;
use crate::http::wire::IdempotencyKeyHeader;
use crate::http::AppState;
use crate::store::{Idempotency, StoreError};

/// A batch of appends.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"records": [
    {"type": "plan", "task_id": "refactor-auth", "agent_id": "planner-1",
     "content": "Split the module, then add tests."},
    {"type": "decision", "task_id": "refactor-auth", "agent_id": "planner-1",
     "content": "Chose JWT over sessions: the API is stateless."}
]}))]
#[schema(as = NewThoughtBatch)]
#[allow(dead_code)] // documents the body; the domain's strict reader parses it
pub struct NewBatchBody {
    /// 1 to 1000 append bodies, each as for `POST /thoughts`, appended in
    /// this order (records of one task chain in it).
    #[schema(min_items = 1, max_items = 1000)]
    records: Vec<NewRecordBody>,
}

/// The records a batch appended, in its order.
#[derive(Serialize, ToSchema)]
pub struct BatchBodyAnswer {
    records: Vec<RecordBody>,
}

/// Append up to 1,000 thought records in one request, all or none.
///
/// Each item is an append body as for `POST /thoughts`. The batch is read
/// whole: any bad item refuses it with every bad field named by its path
/// (`records[3].task_id`), and nothing is appended. Otherwise every record
/// is appended in the array's order in one transaction (records of one task
/// chain in that order, with no other record between them), and the answer
/// holds them all. When one record is refused (a moved head, a reused key),
/// none is appended.
///
/// One `Idempotency-Key` covers the whole batch: the same batch sent again
/// with it is answered the records the first made. A rate limit counts each
/// record.
#[utoipa::path(
    post, path = "/thoughts/batch", operation_id = "appendBatch", tag = "thoughts",
    params(IdempotencyKeyHeader),
    request_body(content = NewBatchBody, content_type = "application/json"),
    responses(
        (status = 201, description = "The records, as stored, in the batch's order (or, for a retry with the same `Idempotency-Key`, as stored by the first request)", body = BatchBodyAnswer,
         headers(
            ("Idempotent-Replayed" = String, description = "`true` when the records were created by an earlier request with the same key")
         )),
        BadRequest, Forbidden, ConflictResponse, PayloadTooLarge, UnsupportedMediaType, KeyReused, InternalError, Unavailable
    )
)]
pub async fn append_batch(
    State(state): State<AppState>,
    caller: Caller,
    bucket: Option<Extension<RateBucket>>,
    headers: HeaderMap,
    BatchBody(mut body, size): BatchBody,
) -> Result<Response, ApiError> {
    let agent = writer_agent(&caller)?;
    if let Some(agent) = agent {
        for (i, item) in items_mut(&mut body).iter_mut().enumerate() {
            bind_agent(item, agent).map_err(|e| match e {
                ApiError::Forbidden(why) => {
                    ApiError::Forbidden(format!("{}: {why}", item_path(i, "agent_id")))
                }
                other => other,
            })?;
        }
    }
    let mut errors = Vec::new();
    let key = idempotency_key(&headers, &mut errors);
    let (drafts, mut problems) = new_records_from_batch(&body, &state.limits.input());
    errors.append(&mut problems);
    // Each record may be as large as a single append's body, no larger.
    let limit = state.limits.max_body_bytes.saturating_mul(drafts.len());
    if !drafts.is_empty() && size > limit {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    for (i, draft) in drafts.iter().enumerate() {
        let Some(draft) = draft else { continue };
        let oversight = match oversight_of(draft) {
            None => false,
            Some(Ok(_)) => true,
            Some(Err(e)) => {
                errors.extend(
                    e.into_iter()
                        .map(|e| FieldError::new(item_path(i, &e.field), e.message)),
                );
                true
            }
        };
        may_append(&caller, oversight, &format!("{}: ", item_path(i, "")))?;
        if let Some(why) = parent_problem(&state, draft, oversight).await? {
            errors.push(FieldError::new(item_path(i, "parent_id"), why));
        }
    }
    let count = u32::try_from(drafts.len()).unwrap_or(u32::MAX);
    let burst = state.limits.rate.map(|r| r.burst.max(1));
    let bucket = bucket.and_then(|Extension(b)| state.guards.rate.as_ref().map(|r| (r, b.0)));
    if let (Some(burst), Some((_, who))) = (burst, &bucket) {
        if count > burst {
            // It could never pass.
            errors.push(FieldError::new(
                "records",
                format!(
                    "holds {count} records, more than the rate limit lets {who} send at once \
                     ({burst}, --rate-burst); send smaller batches"
                ),
            ));
        }
    }
    ApiError::refuse_any(errors)?;
    if let Some((rate, who)) = &bucket {
        // The request took one token at the door; its other records take
        // theirs, once the batch is known to be one that can be appended.
        if let Err(wait) = rate.take_more(who, count.saturating_sub(1)) {
            crate::http::ops::metrics::rate_limited();
            return Err(ApiError::RateLimited {
                who: who.clone(),
                retry_after: wait.map_or(1, |w| w.as_secs_f64().ceil().max(1.0) as u64),
            });
        }
    }
    let scope = agent.unwrap_or_default();
    let count = drafts.len();
    let drafts = drafts
        .into_iter()
        .flatten()
        .enumerate()
        .map(|(i, draft)| {
            let idempotency = key.as_ref().map(|key| {
                Idempotency::new(scope.to_string(), key.clone(), &draft, Form::WHOLE)
                    .batch_item(i, count)
            });
            (draft, idempotency)
        })
        .collect();
    let appended = state
        .store
        .append_batch(drafts)
        .await
        .map_err(|e| match e {
            // The batch's key, not its item's.
            StoreError::IdempotencyKeyReused { .. } => ApiError::IdempotencyKeyReused {
                idempotency_key: key.clone().unwrap_or_default(),
            },
            other => other.into(),
        })?;
    let replayed = appended.iter().all(|a| a.replayed);
    tracing::debug!(
        records = appended.len(),
        first_log_index = appended.first().map(|a| a.record.log_index),
        replayed,
        "appended a batch"
    );
    let records = appended
        .into_iter()
        .map(|a| RecordBody::try_from(a.record))
        .collect::<Result<Vec<_>, _>>()?;
    let mut response = (StatusCode::CREATED, Json(BatchBodyAnswer { records })).into_response();
    if replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    Ok(response)
}

/// The items of a batch body's `records`, when it has them (validation says
/// what else it has).
fn items_mut(body: &mut JsonValue) -> &mut [JsonValue] {
    let JsonValue::Object(members) = body else {
        return &mut [];
    };
    match members.iter_mut().find(|(k, _)| k == "records") {
        Some((_, JsonValue::Array(items))) if items.len() <= MAX_BATCH_RECORDS => items,
        _ => &mut [],
    }
}
