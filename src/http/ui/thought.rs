//! `/ui/thoughts/{id}`: one record, every field; the exact canonical JSON
//! its hash is taken over and the hash computed again from it; its
//! inclusion proof and the checkpoint it leads to; its neighbours; and
//! `/ui/thoughts/{id}/receipt`, the receipt to download.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::Utc;

use super::view::{
    record_href, record_label, record_views, render, shell_word, Chrome, Link, RecordView, UiError,
};
use crate::domain::cursor::{self, CursorKind};
use crate::domain::merkle::to_hex;
use crate::domain::record::RecordFilter;
use crate::http::api::records::record_or_404;
use crate::http::log::receipts::{inclusion, receipt as api_receipt};
use crate::http::wire::RecordPath;
use crate::http::{log::provable_time, path_segment, AppState};
use crate::store::Listing;

/// The most children a record's page lists.
const CHILDREN_SHOWN: u32 = 100;

/// A capability fingerprint the record is bound to.
pub(super) struct Fingerprint {
    pub which: &'static str,
    pub hash: String,
    /// `/capabilities/{hash}`, when the registry holds its snapshot.
    pub href: Option<String>,
}

#[derive(Template)]
#[template(path = "ui/thought.html")]
struct ThoughtPage {
    chrome: Chrome,
    r: RecordView,
    /// The exact text hashed (RFC 8785 canonical JSON).
    canonical: String,
    /// SHA-256 of `canonical`, computed for this page.
    recomputed: String,
    matches: bool,
    fingerprints: Vec<Fingerprint>,
    tree_size: u64,
    root: String,
    proof: Vec<String>,
    checkpoint: String,
    /// The record's provable time in words (docs/design.md §18), and
    /// whether there is one.
    time_summary: String,
    witnessed: bool,
    receipt_href: String,
    command: String,
    previous: Option<Link>,
    next: Option<Link>,
    children: Vec<Link>,
    more_children: bool,
}

/// `GET /ui/thoughts/{id}`.
pub(super) async fn page_of(
    state: &AppState,
    id: &str,
    headers: &HeaderMap,
) -> Result<Response, UiError> {
    let record = record_or_404(state, id).await?;
    let input = record.hash_input();
    let canonical = input.canonical_json();
    let recomputed = input.hash();
    let input_opens = input.opening_problem().is_none();
    let (checkpoint, proof, _) = inclusion(state, &record).await?;
    let time = provable_time::of_record(state, record.log_index).await?;
    let mut fingerprints = Vec::new();
    if let Some(c) = &record.authored.capabilities {
        for (which, hash) in [
            ("static", Some(&c.static_hash)),
            ("runtime", Some(&c.runtime_hash)),
            ("invocation", c.invocation_hash.as_ref()),
        ] {
            let Some(hash) = hash else { continue };
            let stored = state.store.snapshot(hash).await?.is_some();
            fingerprints.push(Fingerprint {
                which,
                href: stored.then(|| format!("/capabilities/{hash}")),
                hash: hash.clone(),
            });
        }
    }
    let link = |r: &crate::domain::Record| Link {
        text: record_label(r.seq, r.authored.r#type.as_str()),
        href: record_href(&r.id),
    };
    let previous = match record.seq {
        0 => None,
        _ => state.store.record_by_hash(&record.prev_hash).await?,
    };
    let after = cursor::encode(CursorKind::Records, record.log_index);
    let next = state
        .store
        .records(
            Listing::Task(&record.authored.task_id),
            &RecordFilter::default(),
            Some(&after),
            1,
        )
        .await?;
    let mut children = state.store.children(&record, CHILDREN_SHOWN + 1).await?;
    let more_children = children.len() > CHILDREN_SHOWN as usize;
    children.truncate(CHILDREN_SHOWN as usize);
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost:8080");
    let command = format!(
        "decision-trail verify --url {} --task {}",
        shell_word(&format!("http://{host}")),
        shell_word(&record.authored.task_id)
    );
    let view = record_views(state, [&record], Utc::now())
        .await?
        .pop()
        .expect("one view per record");
    Ok(render(
        StatusCode::OK,
        &ThoughtPage {
            chrome: Chrome::new(
                state,
                format!("Record #{} of {}", record.seq, record.authored.task_id),
            ),
            // An erasable record's salt must also open its commitment.
            matches: recomputed == record.hash && input_opens,
            canonical,
            recomputed,
            fingerprints,
            tree_size: checkpoint.tree_size,
            root: to_hex(&checkpoint.root),
            proof: proof.iter().map(to_hex).collect(),
            checkpoint: checkpoint.note,
            time_summary: time.summary().to_string(),
            witnessed: time.existed_by().is_some(),
            receipt_href: format!("/ui/thoughts/{}/receipt", path_segment(&record.id)),
            command,
            previous: previous.as_ref().map(link),
            next: next.items.first().map(link),
            children: children.iter().map(link).collect(),
            more_children,
            r: view,
        },
    ))
}

pub(super) async fn page(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, UiError> {
    page_of(&state, &id, &headers).await
}

/// `GET /ui/thoughts/{id}/receipt`: `GET /thoughts/{id}/receipt`'s answer,
/// as a file to keep (`decision-trail verify` checks it offline).
pub(super) async fn receipt(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, UiError> {
    // The JSON receipt (no Accept: the tlog-proof form is the API's).
    let body = api_receipt(
        State(state),
        Path(RecordPath { id: id.clone() }),
        HeaderMap::new(),
    )
    .await?;
    let mut response = body.into_response();
    // Ids are UUIDs; anything else is left out of the file name.
    let name: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    if let Ok(value) = format!("attachment; filename=\"receipt-{name}.json\"").parse() {
        response
            .headers_mut()
            .insert(header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
