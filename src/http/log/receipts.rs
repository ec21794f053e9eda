//! `GET /thoughts/{id}/receipt`: a record with its inclusion proof and the
//! signed checkpoint the proof leads to, its provable time and the witness
//! times that prove it (docs/design.md §2, §13); `inclusion`, the proof the
//! pages show too.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::merkle::{to_hex, Hash, LogQuery};
use crate::domain::Record;
use crate::http::api::records::{record_or_404, RecordBody};
use crate::http::log::provable_time::{self, ProvableTime, WitnessCheckpoint};
use crate::http::log::tlog::{tlog_proof_file, wants_tlog_proof};
use crate::http::problem::responses::{InternalError, NotFound, NotSignedResponse, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::RecordPath;
use crate::http::AppState;
use crate::store::SignedCheckpoint;

/// A record with the proof that it is in the log, and the signed checkpoint the
/// proof was computed against (always the same tree size).
#[derive(Serialize, ToSchema)]
pub struct Receipt {
    record: RecordBody,
    log_index: u64,
    /// Size of the tree of `checkpoint`, which the proof is for.
    tree_size: u64,
    /// Root of that tree, hex (the checkpoint's root).
    root: String,
    /// RFC 9162 inclusion proof of the record's leaf, hex, from the leaf upwards.
    inclusion_proof: Vec<String>,
    /// The signed checkpoint (C2SP signed note) of `tree_size`; when
    /// `witnessed`, with the witnesses' cosignature lines after the log's.
    checkpoint: String,
    /// Whether `checkpoint` is the newest witnessed one (its cosignatures
    /// satisfy the service's witness policy); false: the newest signed one
    /// that covers the record, not yet witnessed (or no policy).
    witnessed: bool,
    /// When the witnesses prove the record existed.
    provable_time: ProvableTime,
    /// The cosigned checkpoints that prove `provable_time` offline, each
    /// with its consistency proof to `checkpoint`'s tree; empty without a
    /// witness policy.
    witness_times: Vec<WitnessCheckpoint>,
}

/// A record's receipt: the record, its inclusion proof and the signed checkpoint
/// the proof leads to.
///
/// With `Accept: application/x.tlog-proof`, the same proof and checkpoint as a
/// C2SP tlog-proof file (`c2sp.org/tlog-proof@v1`; its extra data is the
/// record's leaf data), which `decision-trail verify FILE` checks offline.
#[utoipa::path(
    get, path = "/thoughts/{id}/receipt", operation_id = "receipt", tag = "thoughts",
    params(RecordPath),
    responses(
        (status = 200, description = "The receipt", content(
            (Receipt = "application/json"),
            (String = "application/x.tlog-proof")
        )),
        NotFound, NotSignedResponse, InternalError, Unavailable
    )
)]
pub async fn receipt(
    State(state): State<AppState>,
    Path(RecordPath { id }): Path<RecordPath>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let record = record_or_404(&state, &id).await?;
    let (checkpoint, proof, witnessed) = inclusion(&state, &record).await?;
    if wants_tlog_proof(&headers) {
        return Ok(tlog_proof_file(&record, proof, checkpoint.note));
    }
    let mut times =
        provable_time::times(&state, &[record.log_index], Some(checkpoint.tree_size)).await?;
    Ok(Json(Receipt {
        provable_time: times.per_leaf.pop().expect("one leaf asked"),
        witness_times: WitnessCheckpoint::all(times.checkpoints),
        log_index: record.log_index,
        record: record.try_into()?,
        tree_size: checkpoint.tree_size,
        root: to_hex(&checkpoint.root),
        inclusion_proof: proof.iter().map(to_hex).collect(),
        checkpoint: checkpoint.note,
        witnessed,
    })
    .into_response())
}

/// The checkpoint a receipt proves `record` against (the newest witnessed
/// one that covers it, with a witness policy: whether it is, the third
/// value), and the record's inclusion proof in that checkpoint's tree.
pub(crate) async fn inclusion(
    state: &AppState,
    record: &Record,
) -> Result<(SignedCheckpoint, Vec<Hash>, bool), ApiError> {
    let (checkpoint, witnessed) = state.checkpoint_for(record.log_index).await?;
    let proof = state
        .store
        .log_answers(&[LogQuery::Inclusion {
            leaf: record.log_index,
            tree_size: checkpoint.tree_size,
        }])
        .await?
        .pop()
        .expect("one answer");
    Ok((checkpoint, proof, witnessed))
}
