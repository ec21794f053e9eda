//! `decision-trail witness`: a C2SP tlog-witness server. One route, `POST
//! /add-checkpoint`: it checks the log's signature and the consistency proof
//! from the latest checkpoint it cosigned for that origin (domain::witness),
//! moves its state by compare-and-set (store::witness::file) and answers a
//! `cosignature/v1` line (docs/design.md §2, "Witnesses").

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::Router;

use crate::domain::witness::add_checkpoint::{check_submission, SIZE_CONTENT_TYPE};
use crate::domain::witness::{AddCheckpoint, Cosigner, PolicyLog, Refusal};
use crate::http::log::tlog::TEXT_PLAIN;
use crate::http::problem::ApiError;
use crate::store::witness::file::WitnessFile;

/// Largest request accepted: 63 proof lines and a checkpoint with a few
/// signatures fit many times over.
const MAX_REQUEST_BYTES: usize = 64 * 1024;

/// What the witness's handler shares.
pub struct Witness {
    /// Its signing key.
    pub cosigner: Cosigner,
    /// The logs it watches (`--logs`), with their verifier keys.
    pub logs: Vec<PolicyLog>,
    /// Its state: the latest cosigned checkpoint of each origin.
    pub file: WitnessFile,
    /// Its own append-only copy of what it cosigned, synced before each
    /// answer (docs/design.md §2, "Witnesses").
    pub copy: crate::store::witness::copy::CosignedCopy,
}

/// The witness's application.
pub fn witness_app(witness: Arc<Witness>) -> Router {
    Router::new()
        .route("/add-checkpoint", post(add_checkpoint))
        .fallback(|uri: axum::http::Uri| async move {
            ApiError::NotFound(format!(
                "no route for `{}`: POST /add-checkpoint",
                uri.path()
            ))
        })
        .method_not_allowed_fallback(|| async {
            ApiError::MethodNotAllowed("POST /add-checkpoint".into())
        })
        .layer(DefaultBodyLimit::max(MAX_REQUEST_BYTES))
        .with_state(witness)
}

/// The seconds since the Unix epoch, a cosignature's timestamp.
fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

fn conflict(latest: u64) -> Response {
    (
        StatusCode::CONFLICT,
        [(header::CONTENT_TYPE, SIZE_CONTENT_TYPE)],
        format!("{latest}\n"),
    )
        .into_response()
}

async fn add_checkpoint(State(witness): State<Arc<Witness>>, body: Bytes) -> Response {
    match cosign(&witness, &body).await {
        Ok(line) => ([(header::CONTENT_TYPE, TEXT_PLAIN)], line).into_response(),
        Err(Ok(Refusal::Conflict { latest, .. })) => conflict(latest),
        Err(Ok(refusal)) => {
            let message = refusal.to_string();
            match refusal {
                Refusal::Malformed(_) => ApiError::BadRequest(message),
                Refusal::UnknownLog(_) => ApiError::NotFound(message),
                Refusal::BadSignature(_) => ApiError::Forbidden(message),
                Refusal::Inconsistent { .. } => {
                    // May be proof of a log's misbehaviour (tlog-witness): kept in the log.
                    tracing::warn!(%message, "refused an inconsistent checkpoint");
                    ApiError::Inconsistent(message)
                }
                Refusal::Conflict { .. } => unreachable!("answered above"),
            }
            .into_response()
        }
        Err(Err(e)) => e.into_response(),
    }
}

/// The cosignature line of an accepted submission, or why it is refused.
async fn cosign(witness: &Witness, body: &[u8]) -> Result<String, Result<Refusal, ApiError>> {
    let text = std::str::from_utf8(body)
        .map_err(|_| Ok(Refusal::Malformed("the body is not UTF-8".into())))?;
    let request = AddCheckpoint::parse(text).map_err(|e| Ok(Refusal::Malformed(e)))?;
    // The origin is known only once the note is read: the state is read for it then.
    let origin = tlog_origin(&request.checkpoint);
    let latest = match &origin {
        Some(origin) => witness
            .file
            .latest(origin)
            .await
            .map_err(|e| Err(e.into()))?,
        None => None,
    };
    let accepted = check_submission(&request, &witness.logs, |_| latest.clone()).map_err(Ok)?;
    if !witness
        .file
        .advance(latest.as_ref(), &accepted, &request.checkpoint)
        .await
        .map_err(|e| Err(e.into()))?
    {
        // Another submission moved this log since it was read: the old size
        // is no longer the latest.
        let now_latest = witness
            .file
            .latest(&accepted.origin)
            .await
            .map_err(|e| Err(e.into()))?;
        return Err(Ok(Refusal::Conflict {
            latest: now_latest.map_or(0, |s| s.size),
            other_root: false,
        }));
    }
    // The copy's line, synced, before the answer: a database restored to
    // before this answer is refused at the next start. (A stop between the
    // database's write and this line leaves the database ahead of the copy,
    // which the next start refuses too, unless the operator accepts it.)
    witness
        .copy
        .cosigned(&accepted.origin, accepted.size, accepted.root)
        .map_err(|e| Err(ApiError::Unavailable(e)))?;
    tracing::info!(origin = %accepted.origin, size = accepted.size, "cosigned");
    Ok(witness.cosigner.sign(&accepted.body, now()))
}

/// The origin line of a note, before it is checked.
fn tlog_origin(note: &str) -> Option<String> {
    note.split('\n')
        .next()
        .filter(|o| !o.is_empty())
        .map(str::to_string)
}
