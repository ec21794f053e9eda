//! `/ui/sessions`: the work sessions, a page at a time, in the order they
//! began, one line each; `/ui/sessions/{session_id}`: one session's summary
//! (its tasks and agents) and its records, a page at a time, in log order,
//! as cards or as a trace grouped by task, reviewers' verdicts marked.

use std::collections::HashMap;

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::facts::{mark, sum_up, TaskSum, Verdict};
use super::task::FACTS_READ;
use super::trace::{trace_of_page, Trace, TracePage};
use super::view::{
    ago, record_views, records_page, render, session_href, task_href, with_query, Chrome, Link,
    Pages, RecordView, UiError, UiQuery,
};
use crate::domain::record::RecordFilter;
use crate::domain::FieldError;
use crate::http::problem::ApiError;
use crate::http::wire::query::PlainQuery;
use crate::http::AppState;
use crate::store::Listing;

#[derive(Deserialize)]
pub(super) struct SessionParams {
    /// The cursor of the page of records.
    after: Option<String>,
    /// `records` (the default) or `trace`.
    view: Option<String>,
    /// In the trace view, the record detailed beside the rows.
    selected: Option<String>,
}

impl PlainQuery for SessionParams {}

/// Sessions on a page.
const SESSIONS_PER_PAGE: u32 = 50;

/// A session as the list shows it.
struct SessionRow {
    session_id: String,
    href: String,
    length: u64,
    first_timestamp: String,
    last_timestamp: String,
    last_ago: String,
}

#[derive(Template)]
#[template(path = "ui/sessions.html")]
struct SessionsPage {
    chrome: Chrome,
    sessions: Vec<SessionRow>,
    pages: Pages,
}

/// `GET /ui/sessions`.
pub(super) async fn list(
    State(state): State<AppState>,
    UiQuery(params): UiQuery<SessionParams>,
) -> Result<Response, UiError> {
    let page = state
        .store
        .sessions(params.after.as_deref(), SESSIONS_PER_PAGE)
        .await?;
    let now = Utc::now();
    let next = page
        .next
        .map(|cursor| with_query("/ui/sessions", &[("after", &cursor)]));
    let sessions = page
        .items
        .into_iter()
        .map(|s| SessionRow {
            href: session_href(&s.session_id),
            last_ago: ago(&s.last_timestamp, now),
            session_id: s.session_id,
            length: s.length,
            first_timestamp: s.first_timestamp,
            last_timestamp: s.last_timestamp,
        })
        .collect();
    Ok(render(
        StatusCode::OK,
        &SessionsPage {
            chrome: Chrome::new(&state, "Sessions"),
            sessions,
            pages: Pages::after(next),
        },
    ))
}

#[derive(Template)]
#[template(path = "ui/session.html")]
struct SessionPage {
    chrome: Chrome,
    session_id: String,
    /// Records in the session, and the times of its first and last.
    length: u64,
    first_timestamp: String,
    last_timestamp: String,
    /// The tasks and agents the session spans.
    tasks: Vec<Link>,
    agents: Vec<String>,
    records: Vec<RecordView>,
    /// The trace view's rows and detail, when it is the view shown.
    trace: Option<Trace>,
    /// The two views' tabs: the record list and the trace.
    records_href: String,
    trace_href: String,
    /// The record list's next page.
    pages: Pages,
}

/// `GET /ui/sessions/{session_id}`.
pub(super) async fn page(
    State(state): State<AppState>,
    Path(session_id): Path<String>,
    UiQuery(params): UiQuery<SessionParams>,
) -> Result<Response, UiError> {
    let summary = state
        .store
        .session(&session_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no session has id `{session_id}`")))?;
    let filter = RecordFilter {
        session_id: Some(session_id.clone()),
        ..RecordFilter::default()
    };
    let listed = records_page(&state, Listing::Log, &filter, params.after.as_deref()).await?;
    let now = Utc::now();
    // The tasks of the page, summed up (their verdicts mark its decisions),
    // read at once.
    let mut task_ids: Vec<&str> = listed
        .items
        .iter()
        .map(|r| r.authored.task_id.as_str())
        .collect();
    task_ids.sort_unstable();
    task_ids.dedup();
    let facts = futures_util::future::try_join_all(
        task_ids
            .iter()
            .map(|t| state.store.task_facts(t, FACTS_READ)),
    )
    .await?;
    let mut by_task: HashMap<String, TaskSum> = HashMap::new();
    let mut verdicts: Vec<Verdict> = Vec::new();
    for (task_id, rows) in task_ids.iter().zip(facts) {
        let mut sum = sum_up(&rows);
        verdicts.append(&mut sum.verdicts);
        by_task.insert(task_id.to_string(), sum);
    }
    let mut records = record_views(&state, &listed.items, now).await?;
    mark(&mut records, &verdicts);
    let href = session_href(&session_id);
    let view = match params.view.as_deref() {
        None | Some("records") => "",
        Some("trace") => "trace",
        Some(_) => {
            return Err(UiError(ApiError::invalid(vec![FieldError::new(
                "view",
                "must be records or trace",
            )])))
        }
    };
    let trace = if view == "trace" {
        let views = std::mem::take(&mut records);
        let page = TracePage {
            href: &href,
            after: params.after.as_deref(),
            selected: params.selected.as_deref(),
            verdicts: &verdicts,
            by_task: Some(&by_task),
        };
        Some(trace_of_page(&state, page, &listed.items, views, now).await?)
    } else {
        None
    };
    let next = listed
        .next
        .map(|cursor| with_query(&href, &[("view", view), ("after", &cursor)]));
    Ok(render(
        StatusCode::OK,
        &SessionPage {
            chrome: Chrome::new(&state, format!("Session {session_id}")),
            length: summary.length,
            first_timestamp: summary.first_timestamp,
            last_timestamp: summary.last_timestamp,
            tasks: summary
                .tasks
                .unwrap_or_default()
                .into_iter()
                .map(|t| Link {
                    href: task_href(&t),
                    text: t,
                })
                .collect(),
            agents: summary.agents.unwrap_or_default(),
            records,
            trace,
            trace_href: with_query(&href, &[("view", "trace")]),
            records_href: href,
            pages: Pages::after(next),
            session_id,
        },
    ))
}
