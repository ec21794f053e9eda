//! `GET /search`: full-text search over every record's content and metadata
//! (docs/design.md §7).

use axum::extract::State;
use axum::Json;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::openapi::{RefOr, Schema};
use utoipa::{IntoParams, PartialSchema, ToSchema};

use crate::domain::record::RecordFilter;
use crate::domain::search::{snippet, SearchQuery, MAX_QUERY_CHARS};
use crate::domain::{FieldError, Record};
use crate::http::api::records::{FilterQuery, RecordBody};
use crate::http::problem::responses::{BadRequest, InternalError, Unavailable};
use crate::http::problem::ApiError;
use crate::http::wire::query::{OfHits, Page, Query, QueryPart};
use crate::http::wire::{read_text, string, Identifier};
use crate::http::AppState;
use crate::store::SearchHit;

/// `q`: the words and phrases to search for (`domain::search::SearchQuery`),
/// at most `MAX_QUERY_CHARS` characters.
pub(crate) struct SearchText(SearchQuery);

impl<'de> Deserialize<'de> for SearchText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_text(deserializer, |q| SearchQuery::parse(&q).map(SearchText))
    }
}

impl PartialSchema for SearchText {
    fn schema() -> RefOr<Schema> {
        string()
            .min_length(Some(1))
            .max_length(Some(MAX_QUERY_CHARS))
            .into()
    }
}

impl ToSchema for SearchText {}

/// What `GET /search` looks for, and in which task or session.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SearchParams {
    /// Words and "quoted phrases", all of which must match as whole words of
    /// the content or the metadata's text, ignoring case and diacritics, in
    /// any script. FTS5 operators (`AND`, `OR`, `NOT`, `NEAR`, `*`, `^`, `:`,
    /// parentheses, braces) are refused; quote them to search for them.
    // Optional to serde, so that its absence is said as search says it.
    #[param(inline, required = true)]
    q: Option<SearchText>,
    /// Only records of this task.
    #[param(value_type = Option<String>)]
    task_id: Option<Identifier>,
    /// Only records of this work session.
    #[param(value_type = Option<String>)]
    session_id: Option<Identifier>,
    /// Wait until the index covers every record appended before this
    /// request (at most 2 s; then 503 with Retry-After), so that what was
    /// just written is found. Without it the index may lag the log by about
    /// `--search-refresh` (100 ms).
    fresh: Option<bool>,
}

impl QueryPart for SearchParams {
    /// The words, the task and the session searched, and whether the index
    /// must cover the log first.
    type Read = (SearchQuery, Option<Identifier>, Option<Identifier>, bool);

    fn finish(self, errors: &mut Vec<FieldError>) -> Option<Self::Read> {
        let Some(SearchText(q)) = self.q else {
            // A bad `q` is already named.
            if !errors.iter().any(|e| e.field == "q") {
                errors.push(FieldError::new("q", "is required: the words to search for"));
            }
            return None;
        };
        Some((
            q,
            self.task_id,
            self.session_id,
            self.fresh.unwrap_or(false),
        ))
    }
}

/// A record that matched.
#[derive(Serialize, ToSchema)]
pub struct Hit {
    record: RecordBody,
    /// Its position in the log: `GET /log/proof/inclusion?log_index=` (or the
    /// record's receipt) proves it.
    log_index: u64,
    /// Relevance, higher is better: BM25 over content (weight 2) and
    /// metadata (weight 1). 0 when every term is a lone character of a
    /// script written without spaces, which the index does not hold (then
    /// the newest match first).
    rank: f64,
    /// An excerpt around the first match, each match in `**`, `…` where the
    /// text was cut; from the metadata (after `metadata: `) when the content
    /// has no match.
    snippet: String,
}

/// A page of hits, best first.
#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    hits: Vec<Hit>,
    /// Pass as `after` (with the same query) for the next page; null on the
    /// last page. The order of a search is fixed by its first page, so
    /// appends in between neither repeat nor skip a hit; new records appear
    /// in a new search.
    next: Option<String>,
    /// The log size the index covered when the search ran: records with a
    /// lower `log_index` are found, later ones not yet (`fresh=true` waits
    /// for them).
    indexed_size: u64,
}

/// Search every record's content and metadata.
///
/// Ranked by BM25, best first; a query reaches its best 1,000 hits. The
/// index follows the log within about `--search-refresh` (100 ms) of an
/// append's answer; `fresh=true` waits until it covers every record
/// appended before the request.
#[utoipa::path(
    get, path = "/search", operation_id = "search", tag = "thoughts",
    params(SearchParams, FilterQuery, Page<OfHits>),
    responses(
        (status = 200, description = "A page of hits, best first", body = SearchResults),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn search(
    State(state): State<AppState>,
    Query((terms, filter, paging)): Query<(SearchParams, FilterQuery, Page<OfHits>)>,
) -> Result<Json<SearchResults>, ApiError> {
    let (query, task_id, session_id, fresh) = terms;
    // What the index covers, read before the search: it found no less.
    let mut indexed_size = state.store.indexed_size().await?;
    if fresh {
        // Every record acknowledged before this request is in a signed
        // checkpoint as stored (committed with it).
        let wanted = state.store.database_checkpoint().await?.tree_size;
        if indexed_size < wanted {
            indexed_size = state.store.refresh_index().await?;
        }
        let indexed = indexed_size;
        if indexed < wanted {
            return Err(ApiError::Overloaded(format!(
                "the search index covers {indexed} of the {wanted} records appended before this \
                 request and did not catch up within 2 s; retry"
            )));
        }
    }
    let filter = RecordFilter {
        session_id: session_id.map(|s| s.0),
        ..filter
    };
    let started = std::time::Instant::now();
    let page = state
        .store
        .search(
            &query,
            task_id.as_ref().map(|t| t.0.as_str()),
            &filter,
            paging.after(),
            paging.limit,
        )
        .await;
    crate::http::ops::metrics::searched(started.elapsed());
    let page = page?;
    Ok(Json(SearchResults {
        indexed_size,
        hits: page
            .hits
            .into_iter()
            .map(|hit| hit_body(hit, &query))
            .collect::<Result<_, _>>()?,
        next: page.next,
    }))
}

fn hit_body(hit: SearchHit, query: &SearchQuery) -> Result<Hit, ApiError> {
    let record = hit.record;
    Ok(Hit {
        log_index: record.log_index,
        rank: hit.rank,
        snippet: hit_snippet(&record, query),
        record: record.try_into()?,
    })
}

/// A hit's snippet: around the first match of the content, else of the
/// metadata (after `metadata: `), else the content's start.
pub(crate) fn hit_snippet(record: &Record, query: &SearchQuery) -> String {
    snippet(&record.authored.content, query)
        .or_else(|| {
            let metadata = record.authored.metadata.as_ref()?;
            snippet(metadata.canonical(), query).map(|s| format!("metadata: {s}"))
        })
        // The index folds diacritics, the snippet only case: show the start.
        .unwrap_or_else(|| {
            let mut start: String = record.authored.content.chars().take(160).collect();
            if start.len() < record.authored.content.len() {
                start.push('…');
            }
            start
        })
}
