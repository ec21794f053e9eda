//! `/log`: the signed checkpoint, the verifier key, and RFC 9162 proofs; a
//! receipt as a C2SP tlog-proof file.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::domain::merkle::{leaf_data, leaf_hash, to_hex, Hash, LogError, LogQuery};
use crate::domain::tlog_proof::TlogProof;
use crate::domain::FieldError;
use crate::domain::Record;
use crate::http::problem::responses::{BadRequest, InternalError, NotFound, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::extract::accepts;
use crate::http::wire::query::{PlainQuery, Query, QueryPart};
use crate::http::wire::HashHex;
use crate::http::AppState;
use crate::store::SignedCheckpoint;

pub const TEXT_PLAIN: &str = "text/plain; charset=utf-8";

/// A checkpoint of three records, the example of `/log/checkpoint` and
/// `/checkpoint` in the OpenAPI document.
pub(crate) const CHECKPOINT_EXAMPLE: &str =
    "localhost/decision-trail\n3\nq9Yl3Tqr5v1ZcJfqPD3fWbV4g5VJ5+9wG0vTBj3T1DQ=\n\n\u{2014} localhost/decision-trail Az3Gx1...\n";

/// A query problem, naming the parameter it concerns.
pub fn log_problem(field: &str, e: LogError) -> ApiError {
    ApiError::invalid(vec![FieldError::new(field, e.to_string())])
}

fn hex_list(hashes: &[Hash]) -> Vec<String> {
    hashes.iter().map(to_hex).collect()
}

/// Query of `GET /log/checkpoint`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct CheckpointQuery {
    /// An earlier size the log signed; default: the newest checkpoint.
    tree_size: Option<u64>,
    /// With a witness policy: `true` answers the newest signed checkpoint,
    /// witnessed or not (default: the newest witnessed one).
    unwitnessed: Option<bool>,
}

impl PlainQuery for CheckpointQuery {}

/// The newest signed checkpoint (or the one signed at `tree_size`).
///
/// A C2SP tlog-checkpoint (origin line, tree size, base64 root) as a C2SP signed
/// note, Ed25519. It covers every record acknowledged so far. With a witness
/// policy, the newest checkpoint whose witnesses' cosignatures satisfy its
/// quorum, the cosignature lines after the log's signature (503 until one
/// is); `unwitnessed=true` the newest signed one.
#[utoipa::path(
    get, path = "/log/checkpoint", operation_id = "checkpoint", tag = "log",
    params(CheckpointQuery),
    responses(
        (status = 200, description = "The signed note", content_type = "text/plain; charset=utf-8", body = String,
         example = json!(CHECKPOINT_EXAMPLE)),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn checkpoint(
    State(state): State<AppState>,
    Query(query): Query<CheckpointQuery>,
) -> Result<Response, ApiError> {
    let checkpoint = served(&state, query.tree_size, query.unwitnessed == Some(true)).await?;
    Ok(([(header::CONTENT_TYPE, TEXT_PLAIN)], checkpoint.note).into_response())
}

/// The checkpoint `GET /log/checkpoint` serves (and `GET /checkpoint`, with
/// no parameters): with a witness policy the newest witnessed one (or that of
/// `size` with its stored cosignatures), unless `unwitnessed`; else the
/// newest signed one (or that of `size`).
pub(crate) async fn served(
    state: &AppState,
    size: Option<u64>,
    unwitnessed: bool,
) -> Result<SignedCheckpoint, ApiError> {
    Ok(match (&state.witnessing, size) {
        (Some(_), _) if unwitnessed => signed_at(state, size).await?,
        (Some(witnessing), Some(size)) => {
            let signed = signed_at(state, Some(size)).await?;
            witnessing.with_cosignatures(&state.store, signed).await?
        }
        (Some(witnessing), None) => witnessing
            .current(&state.store)
            .await?
            .map(|w| (*w).clone())
            .ok_or_else(|| {
                ApiError::Unavailable(
                    "no checkpoint is witnessed yet (its cosignatures do not satisfy the \
                     witness policy's quorum); ?unwitnessed=true answers the newest signed one"
                        .into(),
                )
            })?,
        (None, size) => signed_at(state, size).await?,
    })
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
    get, path = "/log/key", operation_id = "key", tag = "log",
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

/// Query of `GET /log/successor`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SuccessorQuery {
    /// The origin of an earlier log of this service: the statement its key
    /// signed when it was rotated. Default: the statement naming this log.
    from: Option<String>,
}

impl PlainQuery for SuccessorQuery {}

/// The successor statement that names this log (or, with `from`, the one an
/// earlier log signed).
///
/// When a log is rotated to a new origin and key (`decision-trail log
/// rotate`), its old key signs a statement, as a C2SP signed note, naming the
/// old log's last size and root and the new log's origin and verifier key:
/// `decision-trail/successor/v1`, then one line each for the old origin, its
/// size, its base64 root, the new origin and the new verifier key. A monitor
/// that pinned the old log checks it with the old key and follows the log
/// (`decision-trail verify --url` does). 404 when the log was never rotated.
#[utoipa::path(
    get, path = "/log/successor", operation_id = "successor", tag = "log",
    params(SuccessorQuery),
    responses(
        (status = 200, description = "The signed statement", content_type = "text/plain; charset=utf-8", body = String,
         example = "decision-trail/successor/v1\nlocalhost/decision-trail\n22\nq9Yl3Tqr5v1ZcJfqPD3fWbV4g5VJ5+9wG0vTBj3T1DQ=\nexample.com/log-2\nexample.com/log-2+1a2b3c4d+AeH1kNfd3p4Q2vGH8n0sT2m1xVZrWk9cY6oL0dI3bQ7a\n\n\u{2014} localhost/decision-trail Az3Gx1...\n"),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn successor(
    State(state): State<AppState>,
    Query(query): Query<SuccessorQuery>,
) -> Result<Response, ApiError> {
    match state.store.successor(query.from.as_deref()).await? {
        Some(statement) => Ok(([(header::CONTENT_TYPE, TEXT_PLAIN)], statement).into_response()),
        None => Err(ApiError::NotFound(match query.from {
            Some(from) => format!("no successor statement of the log `{from}` is stored"),
            None => "this log was not rotated from another: no successor statement names it".into(),
        })),
    }
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

/// Query of `GET /log/proof/inclusion`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct InclusionQuery {
    /// The leaf: a record's `log_index` ...
    log_index: Option<u64>,
    /// ... or a record's `hash` (give one of the two).
    #[param(inline)]
    hash: Option<HashHex>,
    /// The tree the proof is for; default: the newest checkpoint's size.
    tree_size: Option<u64>,
}

/// The leaf an inclusion proof is asked for.
pub(crate) enum Leaf {
    /// By its position in the log (`log_index`).
    Index(u64),
    /// By its record's hash.
    Hash(String),
}

impl QueryPart for InclusionQuery {
    /// The leaf, and the tree size if given.
    type Read = (Leaf, Option<u64>);

    fn finish(self, errors: &mut Vec<FieldError>) -> Option<(Leaf, Option<u64>)> {
        let leaf = match (self.log_index, self.hash) {
            (Some(_), Some(_)) => {
                errors.push(FieldError::new("hash", "give log_index or hash, not both"));
                return None;
            }
            // Both given, one of them bad: that one is named, and so is the rule.
            (Some(_), None) | (None, Some(_))
                if errors
                    .iter()
                    .any(|e| e.field == "log_index" || e.field == "hash") =>
            {
                errors.push(FieldError::new("hash", "give log_index or hash, not both"));
                return None;
            }
            (Some(index), None) => Leaf::Index(index),
            (None, Some(hash)) => Leaf::Hash(hash.0),
            // A bad one is already named.
            (None, None)
                if errors
                    .iter()
                    .any(|e| e.field == "log_index" || e.field == "hash") =>
            {
                return None
            }
            (None, None) => {
                errors.push(FieldError::new("log_index", "give log_index or hash"));
                return None;
            }
        };
        Some((leaf, self.tree_size))
    }
}

/// Prove that a record is in the log (by `log_index` or `hash`).
#[utoipa::path(
    get, path = "/log/proof/inclusion", operation_id = "inclusion", tag = "log",
    params(InclusionQuery),
    responses(
        (status = 200, description = "The proof and the root it leads to", body = InclusionProof),
        BadRequest, NotFound, InternalError, Unavailable
    )
)]
pub async fn inclusion(
    State(state): State<AppState>,
    Query((leaf, tree_size)): Query<InclusionQuery>,
) -> Result<Json<InclusionProof>, ApiError> {
    let (leaf, field, record) = match leaf {
        Leaf::Hash(h) => {
            let record = state
                .store
                .record_by_hash(&h)
                .await?
                .ok_or_else(|| ApiError::NotFound(format!("no record has hash `{h}`")))?;
            (record.log_index, "hash", Some(record))
        }
        Leaf::Index(index) => (index, "log_index", None),
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
    let data = leaf_data(&record.authored.agent_id, &record.hash);
    Ok(Json(InclusionProof {
        log_index: leaf,
        tree_size,
        leaf_hash: to_hex(&leaf_hash(&data)),
        record_hash: record.hash,
        agent_id: record.authored.agent_id,
        root: to_hex(&root),
        proof: hex_list(&proof),
    }))
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

/// Query of `GET /log/proof/consistency`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ConsistencyQuery {
    /// The older tree size (at least 1).
    #[param(minimum = 1)]
    first: u64,
    /// The newer tree size; default: the newest checkpoint's size.
    second: Option<u64>,
}

impl PlainQuery for ConsistencyQuery {}

/// Prove that the log of `second` leaves extends the log of `first` leaves.
#[utoipa::path(
    get, path = "/log/proof/consistency", operation_id = "consistency", tag = "log",
    params(ConsistencyQuery),
    responses(
        (status = 200, description = "The proof and both roots", body = ConsistencyProof),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn consistency(
    State(state): State<AppState>,
    Query(ConsistencyQuery { first, second }): Query<ConsistencyQuery>,
) -> Result<Json<ConsistencyProof>, ApiError> {
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

/// The media type of a receipt as a C2SP tlog-proof file.
const TLOG_PROOF: &str = "application/x.tlog-proof";

/// True when the `Accept` header names the tlog-proof media type, and not
/// with `q=0` (RFC 9110 §12.5.1: not acceptable); otherwise JSON, as always.
pub(crate) fn wants_tlog_proof(headers: &HeaderMap) -> bool {
    accepts(headers, TLOG_PROOF)
}

/// A receipt as a C2SP tlog-proof file: the leaf data as its extra data, the
/// leaf's index, the proof, the checkpoint.
pub(crate) fn tlog_proof_file(record: &Record, proof: Vec<Hash>, checkpoint: String) -> Response {
    let file = TlogProof {
        extra: Some(leaf_data(&record.authored.agent_id, &record.hash)),
        index: record.log_index,
        proof,
        checkpoint,
    };
    ([(header::CONTENT_TYPE, TLOG_PROOF)], file.to_text()).into_response()
}
