//! `/ui/log`: the log's name (and the log it continues, if it was
//! rotated), its newest signed checkpoint, its verifier key, its
//! size, and how long ago the newest record it covers was appended (the
//! writer signs a checkpoint with each batch it commits); with a witness
//! policy, each witness's state and any refusal, a security event
//! (docs/design.md §2).

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;

use super::view::{ago, record_href, render, Chrome, UiError};
use crate::domain::merkle::to_hex;
use crate::http::log::witnessing::WitnessRow;
use crate::http::AppState;

#[derive(Template)]
#[template(path = "ui/log.html")]
struct LogPage {
    chrome: Chrome,
    /// The log's name: its checkpoints' first line.
    origin: String,
    /// The log this one was rotated from (its origin and last size, as
    /// the successor statement says), if any.
    predecessor: Option<(String, u64)>,
    tree_size: u64,
    root: String,
    checkpoint: String,
    verifier_key: String,
    /// The newest record the checkpoint covers: when, how long ago, where.
    newest: Option<(String, String, String)>,
    /// With a witness policy: its witnesses, and the size of the newest
    /// checkpoint its quorum cosigned (None: none yet).
    witnesses: Option<(Vec<WitnessRow>, Option<u64>)>,
}

/// `GET /ui/log`.
pub(super) async fn page(State(state): State<AppState>) -> Result<Response, UiError> {
    let checkpoint = state.store.database_checkpoint().await?;
    let newest = match checkpoint.tree_size.checked_sub(1) {
        Some(last) => state.store.record_at(last).await?.map(|r| {
            (
                ago(&r.timestamp, Utc::now()),
                r.timestamp.clone(),
                record_href(&r.id),
            )
        }),
        None => None,
    };
    // What the statement says, read without its key: the link serves it
    // for anyone to check with the old key.
    let predecessor = state.store.successor(None).await?.and_then(|note| {
        let text = crate::domain::checkpoint::note_text(&note).ok()?;
        let s = crate::domain::checkpoint::Successor::parse(&text).ok()?;
        Some((s.old_origin, s.old_size))
    });
    Ok(render(
        StatusCode::OK,
        &LogPage {
            chrome: Chrome::new(&state, "Log"),
            origin: state.store.origin(),
            predecessor,
            tree_size: checkpoint.tree_size,
            root: to_hex(&checkpoint.root),
            checkpoint: checkpoint.note.clone(),
            verifier_key: state.store.verifier_key().to_string(),
            newest,
            witnesses: state
                .witnessing
                .as_ref()
                .map(|w| (w.witnesses(), w.witnessed().map(|c| c.tree_size))),
        },
    ))
}
