//! `/ui/search`: `GET /search` as a page: the same query, filters and
//! kept order (so its pages are stable), each snippet's matches marked.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::tasks::FilterForm;
use super::view::{record_views, render, with_query, Chrome, Pages, RecordView, UiError, UiQuery};
use crate::domain::record::RecordFilter;
use crate::domain::search::SearchQuery;
use crate::domain::FieldError;
use crate::http::api::records::FilterQuery;
use crate::http::api::search::hit_snippet;
use crate::http::problem::ApiError;
use crate::http::wire::query::PlainQuery;
use crate::http::wire::Identifier;
use crate::http::AppState;

/// Hits on a page.
const HITS_PER_PAGE: u32 = 20;

#[derive(Deserialize)]
pub(super) struct SearchParams {
    /// The words; the page shows only the form without them.
    q: Option<String>,
    task_id: Option<Identifier>,
    session_id: Option<Identifier>,
    /// The previous page's cursor (of the same search).
    after: Option<String>,
}

impl PlainQuery for SearchParams {}

/// A hit as shown: the record, and its snippet cut where matches start
/// and end (odd pieces are matches), each piece escaped by the template.
pub(super) struct HitView {
    pub record: RecordView,
    pub pieces: Vec<(String, bool)>,
}

#[derive(Template)]
#[template(path = "ui/search.html")]
struct SearchPage {
    chrome: Chrome,
    q: String,
    task_id: String,
    form: FilterForm,
    hits: Option<Vec<HitView>>,
    pages: Pages,
}

/// A snippet's `**`-marked matches as pieces: (text, is a match).
fn pieces(snippet: &str) -> Vec<(String, bool)> {
    snippet
        .split("**")
        .enumerate()
        .filter(|(_, text)| !text.is_empty())
        .map(|(i, text)| (text.to_string(), i % 2 == 1))
        .collect()
}

/// `GET /ui/search`.
pub(super) async fn page_handler(
    State(state): State<AppState>,
    UiQuery((params, filter)): UiQuery<(SearchParams, FilterQuery)>,
) -> Result<Response, UiError> {
    let filter = RecordFilter {
        session_id: params.session_id.map(|s| s.0),
        ..filter
    };
    let form = FilterForm::of("/ui/search", None, &filter);
    let task_id = params.task_id.map(|t| t.0);
    let q = params.q.unwrap_or_default();
    let (hits, next) = if q.is_empty() {
        (None, None)
    } else {
        let query = SearchQuery::parse(&q)
            .map_err(|message| ApiError::invalid(vec![FieldError::new("q", message)]))?;
        let behind =
            state.store.indexed_size().await? < state.store.database_checkpoint().await?.tree_size;
        if params.after.is_none() && behind {
            // A person finds what was just written: the index is brought up
            // to the log first (at most 2 s; the search runs regardless).
            if let Err(e) = state.store.refresh_index().await {
                tracing::warn!(error = %e, "the search index could not be brought up to the log");
            }
        }
        let found = state
            .store
            .search(
                &query,
                task_id.as_deref(),
                &filter,
                params.after.as_deref(),
                HITS_PER_PAGE,
            )
            .await?;
        let now = Utc::now();
        let records = record_views(&state, found.hits.iter().map(|h| &h.record), now).await?;
        let hits = found
            .hits
            .iter()
            .zip(records)
            .map(|(hit, record)| HitView {
                pieces: pieces(&hit_snippet(&hit.record, &query)),
                record,
            })
            .collect();
        let next = found.next.map(|cursor| {
            let mut pairs = vec![
                ("q", q.as_str()),
                ("task_id", task_id.as_deref().unwrap_or("")),
            ];
            pairs.extend(form.pairs());
            pairs.push(("after", &cursor));
            with_query("/ui/search", &pairs)
        });
        (Some(hits), next)
    };
    Ok(render(
        StatusCode::OK,
        &SearchPage {
            chrome: Chrome::new(&state, "Search"),
            q,
            task_id: task_id.unwrap_or_default(),
            form,
            hits,
            pages: Pages::after(next),
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::pieces;

    #[test]
    fn a_snippet_is_cut_into_plain_and_marked_pieces() {
        assert_eq!(
            pieces("…a **cache** and **Cache**."),
            vec![
                ("…a ".to_string(), false),
                ("cache".to_string(), true),
                (" and ".to_string(), false),
                ("Cache".to_string(), true),
                (".".to_string(), false),
            ]
        );
    }
}
