//! `GET /search`: full-text search over every record's content and metadata
//! (docs/design.md §7).

use axum::extract::{RawQuery, State};
use axum::Json;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};

use super::extract::{Paging, QueryParams};
use super::openapi::RecordTypeSchema;
use super::problem::responses::{BadRequest, InternalError, Unavailable};
use super::problem::ApiError;
use super::thoughts::{record_filter, RecordBody};
use super::AppState;
use crate::domain::cursor::CursorKind;
use crate::domain::record::identifier_problem;
use crate::domain::search::{snippet, SearchQuery};
use crate::domain::FieldError;
use crate::store::SearchHit;

/// Hits per page when `limit` is not given.
const DEFAULT_SEARCH_LIMIT: u32 = 20;
/// The most hits a page may have.
const MAX_SEARCH_LIMIT: u32 = 100;

/// Query of `GET /search`.
#[derive(IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)] // documents the query; `QueryParams` reads it strictly
pub struct SearchParams {
    /// Words and "quoted phrases", all of which must match as whole words of
    /// the content or the metadata's text, ignoring case and diacritics, in
    /// any script. FTS5 operators (`AND`, `OR`, `NOT`, `NEAR`, `*`, `^`, `:`,
    /// parentheses, braces) are refused; quote them to search for them.
    #[param(min_length = 1, max_length = 500)]
    q: String,
    /// Only records of this task.
    task_id: Option<String>,
    /// Only records of this work session.
    session_id: Option<String>,
    /// Only records of this type.
    #[param(value_type = Option<RecordTypeSchema>)]
    r#type: Option<String>,
    /// Only records by this agent.
    agent_id: Option<String>,
    /// Only records at or after this time (RFC 3339, any offset).
    #[param(format = DateTime)]
    since: Option<String>,
    /// Only records before this time (RFC 3339, any offset).
    #[param(format = DateTime)]
    until: Option<String>,
    /// Hits per page, 1 to 100.
    #[param(minimum = 1, maximum = 100, default = 20)]
    limit: Option<u32>,
    /// The `next` cursor of the previous page (of the same query).
    // domain::cursor::CURSOR_PATTERN: the macro wants a literal; a test checks they agree.
    #[param(pattern = "^[A-Za-z0-9_-]{12}$")]
    after: Option<String>,
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
}

/// Search every record's content and metadata.
///
/// Ranked by BM25, best first; a query reaches its best 1,000 hits. A record
/// is searchable as soon as its append is acknowledged.
#[utoipa::path(
    get,
    path = "/search",
    operation_id = "search",
    tag = "thoughts",
    params(SearchParams),
    responses(
        (status = 200, description = "A page of hits, best first", body = SearchResults),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn search(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
) -> Result<Json<SearchResults>, ApiError> {
    let mut errors = Vec::new();
    let params = QueryParams::parse(
        query.as_deref(),
        &[
            "q",
            "task_id",
            "session_id",
            "type",
            "agent_id",
            "since",
            "until",
            "limit",
            "after",
        ],
        &mut errors,
    );
    let parsed = match params.0.get("q") {
        None => {
            errors.push(FieldError::new("q", "is required: the words to search for"));
            None
        }
        Some(q) => match SearchQuery::parse(q) {
            Ok(parsed) => Some(parsed),
            Err(problem) => {
                errors.push(FieldError::new("q", problem));
                None
            }
        },
    };
    for field in ["task_id", "agent_id", "session_id"] {
        if let Some(problem) = params.0.get(field).and_then(|v| identifier_problem(v)) {
            errors.push(FieldError::new(field, problem));
        }
    }
    let filter = record_filter(&params, &mut errors);
    let paging = Paging::read_bounded(
        &params,
        CursorKind::Search,
        DEFAULT_SEARCH_LIMIT,
        MAX_SEARCH_LIMIT,
        &mut errors,
    );
    ApiError::refuse_any(errors)?;
    let parsed = parsed.expect("no problem, so a query");
    let page = state
        .store
        .search(
            &parsed,
            params.0.get("task_id").map(String::as_str),
            &filter,
            paging.after.as_deref(),
            paging.limit,
        )
        .await?;
    Ok(Json(SearchResults {
        hits: page
            .hits
            .into_iter()
            .map(|hit| hit_body(hit, &parsed))
            .collect::<Result<_, _>>()?,
        next: page.next,
    }))
}

fn hit_body(hit: SearchHit, query: &SearchQuery) -> Result<Hit, ApiError> {
    let record = hit.record;
    let snippet = snippet(&record.content, query)
        .or_else(|| {
            let metadata = record.metadata.as_ref()?;
            snippet(metadata.canonical(), query).map(|s| format!("metadata: {s}"))
        })
        // The index folds diacritics, the snippet only case: show the start.
        .unwrap_or_else(|| {
            let mut start: String = record.content.chars().take(160).collect();
            if start.len() < record.content.len() {
                start.push('…');
            }
            start
        });
    Ok(Hit {
        log_index: record.log_index,
        rank: hit.rank,
        snippet,
        record: record.try_into()?,
    })
}
