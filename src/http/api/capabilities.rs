//! `/capabilities`: capability fingerprints computed as the reference package
//! computes them, diffs, and a content-addressed registry of snapshots
//! (docs/design.md §9).

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use serde_json::value::RawValue;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::http::ops::guard::Caller;
use crate::http::problem::responses::{
    BadRequest, Forbidden, InternalError, NotFound, PayloadTooLarge, Unavailable,
    UnsupportedMediaType,
};
use crate::http::problem::ApiError;
use crate::http::wire::extract::JsonBody;
use crate::http::wire::HashHex;
use crate::http::AppState;

use crate::domain::capabilities::{self, Answer};
use crate::domain::json::JsonValue;
use crate::domain::FieldError;
use crate::store::{CapabilitySnapshot, StoreError};

/// A fingerprint request, in the conformance vectors' own format.
#[derive(ToSchema)]
#[schema(example = json!({
    "kind": "tool_static",
    "input": {"name": "search", "description": "Search the web",
              "schema": {"jsonSchema": {"type": "object", "properties": {"q": {"type": "string"}}}},
              "instructions": ["Use short queries."], "policies": [{"id": "audit_log"}]}
}))]
#[allow(dead_code)] // documents the body; the domain reads it
pub struct FingerprintRequest {
    /// hash_plain_object, tool_static, toolkit_static, dynamic_toolkit_static,
    /// registered_agent_static, runtime_hash, runtime_tool_binding,
    /// runtime_from_evaluation, invocation, capability_link, diff_tool_refs or
    /// diff_capability_links.
    kind: String,
    /// The value to fingerprint. `{"$undefined": true}`, `{"$date": s}`,
    /// `{"$number": "NaN"|"Infinity"|"-Infinity"|"-0"}`, `{"$function": true}`
    /// and `{"$map": [[k, v], …]}` stand for the JavaScript values JSON lacks;
    /// key order is kept (it decides collation ties).
    #[schema(value_type = Option<serde_json::Value>)]
    input: Option<Value>,
    /// Raw JSON text read as `JSON.parse` reads it (big integers, duplicate
    /// keys, `__proto__`); wins over `input`.
    input_text: Option<String>,
    /// For `invocation`: the top-level keys kept (empty: all).
    allowlist: Option<Vec<String>>,
}

/// A fingerprint: the request's kind and every member the reference code's
/// vectors expect for it (`canonical`, `sha256`, `trace`, `evaluated_spec`,
/// `toolRefs`, `link`, …).
#[derive(Serialize, ToSchema)]
#[schema(example = json!({"kind": "hash_plain_object", "canonical": "{\"a\":2,\"z\":1}",
    "sha256": "…"}))]
pub struct Fingerprint {
    kind: String,
    #[serde(flatten)]
    #[schema(value_type = Object)]
    answer: Map<String, Value>,
}

impl From<Answer> for Fingerprint {
    fn from(a: Answer) -> Fingerprint {
        Fingerprint {
            kind: a.kind,
            answer: match a.body {
                Value::Object(m) => m,
                _ => Map::new(),
            },
        }
    }
}

/// Compute a capability fingerprint.
#[utoipa::path(
    post, path = "/capabilities/fingerprint", operation_id = "capability_fingerprint", tag = "capabilities",
    request_body(content = FingerprintRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "Every hash, with its canonical payload", body = Fingerprint),
        BadRequest, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn fingerprint(JsonBody(body): JsonBody) -> Result<Json<Fingerprint>, ApiError> {
    Ok(Json(compute(&body)?.into()))
}

fn compute(body: &JsonValue) -> Result<Answer, ApiError> {
    capabilities::fingerprint(body).map_err(ApiError::invalid)
}

/// Two capability links, or two toolRefs lists.
#[derive(ToSchema)]
#[allow(dead_code)] // documents the body
pub struct DiffRequest {
    /// A capability link `{agentId, agentName, staticHash, runtimeHash,
    /// toolRefs, invocationHash?}`, or a toolRefs list `[{toolKey, toolHash}]`.
    #[schema(value_type = Object)]
    first: Value,
    /// The same kind of value as `first`.
    #[schema(value_type = Object)]
    second: Value,
}

/// For links: `unchanged` and `changed` fields (`diffCapabilityLinks`) and
/// `toolRefs`; for lists: `toolRefs` (`onlyInFirst`, `onlyInSecond`,
/// `hashChanged`, as `diffToolRefs`).
#[derive(Serialize, ToSchema)]
#[schema(value_type = Object)]
pub struct CapabilityDiff(Value);

/// Compare two capability links or two toolRefs lists.
#[utoipa::path(
    post, path = "/capabilities/diff", operation_id = "capability_diff", tag = "capabilities",
    request_body(content = DiffRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "What changed", body = CapabilityDiff),
        BadRequest, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn diff(JsonBody(body): JsonBody) -> Result<Json<CapabilityDiff>, ApiError> {
    let mut errors = Vec::new();
    if let JsonValue::Object(members) = &body {
        for (k, _) in members {
            if k != "first" && k != "second" {
                errors.push(FieldError::new(k, "unknown member; allowed: first, second"));
            }
        }
    }
    let (first, second) = (body.get("first"), body.get("second"));
    for (field, v) in [("first", first), ("second", second)] {
        if v.is_none() {
            errors.push(FieldError::new(field, "is required"));
        }
    }
    ApiError::refuse_any(errors)?;
    let (Some(first), Some(second)) = (first, second) else {
        unreachable!("both checked")
    };
    capabilities::diff(first, second)
        .map(|d| Json(CapabilityDiff(d)))
        .map_err(ApiError::invalid)
}

/// A stored capability snapshot: content-addressed, every part checkable.
#[derive(Serialize, ToSchema)]
pub struct SnapshotBody {
    /// SHA-256 of `canonical`: the registry's address.
    #[schema(value_type = HashHex)]
    hash: String,
    /// The kind of fingerprint (`tool_static`, `registered_agent_static`, …).
    kind: String,
    /// The exact payload text whose SHA-256 is `hash`.
    canonical: String,
    /// Every hash computed on the way, with its payload (a toolkit's tools,
    /// an agent's root): `[{canonical, sha256}]`.
    #[schema(value_type = Vec<Object>)]
    trace: Box<RawValue>,
    stored_at: String,
}

impl TryFrom<CapabilitySnapshot> for SnapshotBody {
    type Error = ApiError;

    /// Refuses a snapshot that does not re-verify whole (its address, its
    /// trace's hashes, its kind, its storage time): the database was edited
    /// (docs/design.md §9). It is never served.
    fn try_from(s: CapabilitySnapshot) -> Result<SnapshotBody, ApiError> {
        if let Some(why) = s.problem() {
            crate::store::rows_refused("capability_snapshots", 1);
            return Err(StoreError::RowAltered(format!(
                "the capability snapshot stored under {} is not one this service stored: {why} \
                 (the database was altered)",
                s.hash
            ))
            .into());
        }
        let trace = RawValue::from_string(s.trace).map_err(|e| {
            ApiError::Internal(format!("snapshot {} has an unreadable trace: {e}", s.hash))
        })?;
        Ok(SnapshotBody {
            hash: s.hash,
            kind: s.kind,
            canonical: s.canonical,
            trace,
            stored_at: s.stored_at,
        })
    }
}

/// Store a capability snapshot: the server computes the fingerprint and keeps
/// its canonical payload (and every sub-hash's) under its hash; nothing it did
/// not hash is kept. Storing the same again answers the stored one (200).
/// Needs a writer key when keys are configured.
#[utoipa::path(
    post, path = "/capabilities", operation_id = "store_capability_snapshot", tag = "capabilities",
    request_body(content = FingerprintRequest, content_type = "application/json"),
    responses(
        (status = 201, description = "Stored", body = SnapshotBody,
         headers(("Location" = String, description = "The stored snapshot's URL"))),
        (status = 200, description = "Already stored under this hash", body = SnapshotBody),
        BadRequest, Forbidden, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn store(
    State(state): State<AppState>,
    caller: Caller,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    if let Caller::Key { role, agent_id } = caller {
        if !role.appends() {
            return Err(ApiError::Forbidden(format!(
                "this API key (agent `{agent_id}`) is a {}'s; storing a snapshot needs a writer key",
                role.as_str()
            )));
        }
    }
    let answer = compute(&body)?;
    let (Some(hash), Some(canonical)) = (
        answer.sha256.clone(),
        answer.body["canonical"].as_str().map(str::to_string),
    ) else {
        return Err(ApiError::invalid(vec![FieldError::new(
            "kind",
            format!(
                "`{}` gives no hash of its own to store a snapshot under",
                answer.kind
            ),
        )]));
    };
    let trace = match &answer.body["trace"] {
        Value::Array(t) => Value::Array(t.clone()),
        _ => Value::Array(Vec::new()),
    };
    let snapshot = CapabilitySnapshot {
        hash: hash.clone(),
        kind: answer.kind,
        canonical,
        trace: trace.to_string(),
        stored_at: String::new(),
    };
    let (stored, created) = state.store.put_snapshot(snapshot).await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    let mut response = (status, Json(SnapshotBody::try_from(stored)?)).into_response();
    if created {
        if let Ok(v) = format!("/capabilities/{hash}").parse() {
            response.headers_mut().insert(header::LOCATION, v);
        }
    }
    Ok(response)
}

/// Read a stored capability snapshot by its hash.
#[utoipa::path(
    get, path = "/capabilities/{hash}", operation_id = "get_capability_snapshot", tag = "capabilities",
    params(("hash" = inline(HashHex), Path, description = "The snapshot's main hash, 64 lowercase hex")),
    responses(
        (status = 200, description = "The snapshot", body = SnapshotBody),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn get_one(
    State(state): State<AppState>,
    Path(hash): Path<String>,
) -> Result<Json<SnapshotBody>, ApiError> {
    let hash = HashHex::parse(hash)
        .map_err(|problem| ApiError::invalid(vec![FieldError::new("hash", problem)]))?
        .0;
    match state.store.snapshot(&hash).await? {
        Some(s) => Ok(Json(s.try_into()?)),
        None => Err(ApiError::NotFound(format!(
            "no capability snapshot has hash `{hash}`"
        ))),
    }
}
