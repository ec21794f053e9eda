//! `/log`: the signed checkpoint, the verifier key, and RFC 9162 proofs.

use axum::extract::{RawQuery, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use super::extract::QueryParams;
use super::problem::responses::{BadRequest, InternalError, NotFound, Unavailable};
use super::problem::ApiError;
use super::AppState;
use crate::domain::merkle::{leaf_data, leaf_hash, to_hex, Hash, LogError, LogQuery};
use crate::domain::record::is_hash_hex;
use crate::domain::FieldError;
use crate::store::SignedCheckpoint;

pub const TEXT_PLAIN: &str = "text/plain; charset=utf-8";

/// A query problem, naming the parameter it concerns.
pub fn log_problem(field: &str, e: LogError) -> ApiError {
    ApiError::invalid(vec![FieldError::new(field, e.to_string())])
}

fn hex_list(hashes: &[Hash]) -> Vec<String> {
    hashes.iter().map(to_hex).collect()
}

/// Query of `GET /log/checkpoint`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // documents the query; `QueryParams` reads it strictly
pub struct CheckpointQuery {
    /// An earlier size the log signed; default: the newest checkpoint.
    tree_size: Option<u64>,
}

/// The newest signed checkpoint (or the one signed at `tree_size`).
///
/// A C2SP tlog-checkpoint (origin line, tree size, base64 root) as a C2SP signed
/// note, Ed25519. It covers every record acknowledged so far.
#[utoipa::path(
    get,
    path = "/log/checkpoint",
    tag = "log",
    params(CheckpointQuery),
    responses(
        (status = 200, description = "The signed note", content_type = "text/plain; charset=utf-8", body = String,
         example = "localhost/decision-trail\n3\nq9Yl3Tqr5v1ZcJfqPD3fWbV4g5VJ5+9wG0vTBj3T1DQ=\n\n\u{2014} localhost/decision-trail Az3Gx1...\n"),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn checkpoint(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let mut errors = Vec::new();
    let params = QueryParams::parse(query.as_deref(), &["tree_size"], &mut errors);
    let size = params.u64("tree_size", &mut errors);
    ApiError::refuse_any(errors)?;
    let checkpoint = signed_at(&state, size).await?;
    Ok(([(header::CONTENT_TYPE, TEXT_PLAIN)], checkpoint.note).into_response())
}

/// The checkpoint signed at `size`, or the newest when `size` is None.
pub async fn signed_at(state: &AppState, size: Option<u64>) -> Result<SignedCheckpoint, ApiError> {
    let latest = state.store.database_checkpoint().await?;
    let Some(size) = size else {
        return Ok((*latest).clone());
    };
    LogQuery::Root { tree_size: size }
        .validate(latest.tree_size)
        .map_err(|e| log_problem("tree_size", e))?;
    state.store.checkpoint(size).await?.ok_or_else(|| {
        ApiError::NotFound(format!(
            "the log signed no checkpoint at tree_size {size}; use a size from GET /log/checkpoint"
        ))
    })
}

/// The log's verifier key, in the signed-note format
/// `<name>+<key id hex>+<base64(0x01 || public key)>`.
#[utoipa::path(
    get,
    path = "/log/key",
    tag = "log",
    responses(
        (status = 200, description = "The verifier key", content_type = "text/plain; charset=utf-8", body = String,
         example = "localhost/decision-trail+5a1b3c4d+AeH1kNfd3p4Q2vGH8n0sT2m1xVZrWk9cY6oL0dI3bQ7a")
    )
)]
pub async fn key(State(state): State<AppState>) -> Response {
    (
        [(header::CONTENT_TYPE, TEXT_PLAIN)],
        format!("{}\n", state.store.verifier_key()),
    )
        .into_response()
}

/// Query of `GET /log/proof/inclusion`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct InclusionQuery {
    /// The leaf: a record's `log_index` ...
    log_index: Option<u64>,
    /// ... or a record's `hash` (give one of the two).
    #[param(pattern = "^[0-9a-f]{64}$")]
    hash: Option<String>,
    /// The tree the proof is for; default: the newest checkpoint's size.
    tree_size: Option<u64>,
}

/// An RFC 9162 inclusion proof.
#[derive(Serialize, ToSchema)]
pub struct InclusionProof {
    log_index: u64,
    tree_size: u64,
    /// The record's hash.
    record_hash: String,
    /// The record's agent. The leaf's data is the canonical JSON
    /// `{"agent_id": …, "hash": …}` of the two.
    agent_id: String,
    /// SHA-256(0x00 || leaf data), hex.
    leaf_hash: String,
    /// Root of the tree of `tree_size` leaves, hex.
    root: String,
    /// Sibling hashes from the leaf upwards, hex.
    proof: Vec<String>,
}

/// Prove that a record is in the log (by `log_index` or `hash`).
#[utoipa::path(
    get,
    path = "/log/proof/inclusion",
    tag = "log",
    params(InclusionQuery),
    responses(
        (status = 200, description = "The proof and the root it leads to", body = InclusionProof),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn inclusion(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<InclusionProof>, ApiError> {
    let mut errors = Vec::new();
    let params = QueryParams::parse(
        query.as_deref(),
        &["log_index", "hash", "tree_size"],
        &mut errors,
    );
    let by_index = params.u64("log_index", &mut errors);
    let by_hash = params.0.get("hash");
    let tree_size = params.u64("tree_size", &mut errors);
    match (params.0.contains_key("log_index"), by_hash) {
        (true, Some(_)) => errors.push(FieldError::new("hash", "give log_index or hash, not both")),
        (false, None) => errors.push(FieldError::new("log_index", "give log_index or hash")),
        (_, Some(h)) if !is_hash_hex(h) => errors.push(FieldError::new(
            "hash",
            "must be 64 lowercase hex characters",
        )),
        _ => {}
    }
    ApiError::refuse_any(errors)?;
    let (leaf, field, record) = match by_hash {
        Some(h) => {
            let record = state
                .store
                .record_by_hash(h)
                .await?
                .ok_or_else(|| ApiError::NotFound(format!("no record has hash `{h}`")))?;
            (record.log_index, "hash", Some(record))
        }
        None => (by_index.expect("checked above"), "log_index", None),
    };
    let latest = state.store.database_checkpoint().await?;
    let tree_size = tree_size.unwrap_or(latest.tree_size);
    let query = LogQuery::Inclusion { leaf, tree_size };
    query.validate(latest.tree_size).map_err(|e| match e {
        LogError::TreeTooLarge { .. } => log_problem("tree_size", e),
        other => log_problem(field, other),
    })?;
    let record = match record {
        Some(r) => r,
        None => state
            .store
            .record_at(leaf)
            .await?
            .ok_or_else(|| ApiError::Internal(format!("leaf {leaf} has no record")))?,
    };
    let mut answers = state
        .store
        .log_answers(&[query, LogQuery::Root { tree_size }])
        .await?;
    let root = answers.pop().expect("two answers")[0];
    let proof = answers.pop().expect("two answers");
    let data = leaf_data(&record.agent_id, &record.hash);
    Ok(Json(InclusionProof {
        log_index: leaf,
        tree_size,
        leaf_hash: to_hex(&leaf_hash(&data)),
        record_hash: record.hash,
        agent_id: record.agent_id,
        root: to_hex(&root),
        proof: hex_list(&proof),
    }))
}

/// Query of `GET /log/proof/consistency`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct ConsistencyQuery {
    /// The older tree size (at least 1).
    #[param(minimum = 1)]
    first: u64,
    /// The newer tree size; default: the newest checkpoint's size.
    second: Option<u64>,
}

/// An RFC 9162 consistency proof.
#[derive(Serialize, ToSchema)]
pub struct ConsistencyProof {
    first: u64,
    second: u64,
    /// Root of the tree of `first` leaves, hex.
    first_root: String,
    /// Root of the tree of `second` leaves, hex.
    second_root: String,
    /// The proof hashes, hex (RFC 9162 order).
    proof: Vec<String>,
}

/// Prove that the log of `second` leaves extends the log of `first` leaves.
#[utoipa::path(
    get,
    path = "/log/proof/consistency",
    tag = "log",
    params(ConsistencyQuery),
    responses(
        (status = 200, description = "The proof and both roots", body = ConsistencyProof),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn consistency(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<ConsistencyProof>, ApiError> {
    let mut errors = Vec::new();
    let params = QueryParams::parse(query.as_deref(), &["first", "second"], &mut errors);
    let first = params.u64("first", &mut errors);
    let second = params.u64("second", &mut errors);
    if !params.0.contains_key("first") {
        errors.push(FieldError::new("first", "is required"));
    }
    ApiError::refuse_any(errors)?;
    let first = first.expect("checked above");
    let latest = state.store.database_checkpoint().await?;
    let second = second.unwrap_or(latest.tree_size);
    let query = LogQuery::Consistency { first, second };
    query.validate(latest.tree_size).map_err(|e| match e {
        LogError::TreeTooLarge { .. } => log_problem("second", e),
        other => log_problem("first", other),
    })?;
    let answers = state
        .store
        .log_answers(&[
            query,
            LogQuery::Root { tree_size: first },
            LogQuery::Root { tree_size: second },
        ])
        .await?;
    Ok(Json(ConsistencyProof {
        first,
        second,
        first_root: to_hex(&answers[1][0]),
        second_root: to_hex(&answers[2][0]),
        proof: hex_list(&answers[0]),
    }))
}
