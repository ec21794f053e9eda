//! `/ui`: the tasks, newest activity first; with a filter (the filters of
//! `GET /thoughts`), the records it keeps instead, in log order.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::view::{
    ago, record_views, render, task_href, with_query, Chrome, RecordView, UiError, UiQuery,
};
use crate::domain::record::RecordFilter;
use crate::domain::RecordType;
use crate::http::query::PlainQuery;
use crate::http::records::FilterQuery;
use crate::http::wire::Identifier;
use crate::http::AppState;
use crate::store::{Listing, MIX_OF_LAST};

/// Tasks on a page.
const TASKS_PER_PAGE: u32 = 25;
/// Records on a page of filtered records.
pub(super) const RECORDS_PER_PAGE: u32 = 100;

/// `/ui`'s own parameters besides the filters.
#[derive(Deserialize)]
pub(super) struct ListParams {
    /// Only records of this work session.
    session_id: Option<Identifier>,
    /// The cursor of the page (of tasks, or of records with a filter).
    after: Option<String>,
}

impl PlainQuery for ListParams {}

/// A task as the list shows it.
pub(super) struct TaskRow {
    pub task_id: String,
    pub href: String,
    pub length: u64,
    pub first_timestamp: String,
    pub last_timestamp: String,
    pub last_ago: String,
    /// Agents and types of its last records (`store::MIX_OF_LAST`).
    pub agents: Vec<String>,
    pub types: Vec<String>,
    /// `valid`, `broken` or `unverified`: what its last walk here found.
    pub verdict: &'static str,
}

/// The filter form's values, as given.
#[derive(Default)]
pub(super) struct FilterForm {
    pub agent_id: String,
    pub kind: String,
    pub session_id: String,
    pub since: String,
    pub until: String,
}

impl FilterForm {
    pub(super) fn of(filter: &RecordFilter) -> FilterForm {
        FilterForm {
            agent_id: filter.agent_id.clone().unwrap_or_default(),
            kind: filter
                .r#type
                .map(|t| t.as_str().to_string())
                .unwrap_or_default(),
            session_id: filter.session_id.clone().unwrap_or_default(),
            since: filter.since.clone().unwrap_or_default(),
            until: filter.until.clone().unwrap_or_default(),
        }
    }

    /// The filters as query parameters, for the next page's link.
    pub(super) fn pairs(&self) -> [(&'static str, &str); 5] {
        [
            ("agent_id", &self.agent_id),
            ("type", &self.kind),
            ("session_id", &self.session_id),
            ("since", &self.since),
            ("until", &self.until),
        ]
    }

    /// The record types the form offers.
    pub(super) fn types(&self) -> Vec<(&'static str, bool)> {
        RecordType::ALL
            .into_iter()
            .map(|t| (t.as_str(), t.as_str() == self.kind))
            .collect()
    }
}

#[derive(Template)]
#[template(path = "ui/tasks.html")]
struct TasksPage {
    chrome: Chrome,
    form: FilterForm,
    /// Tasks, when no filter is given.
    tasks: Vec<TaskRow>,
    /// The records the filters keep, when one is given.
    records: Option<Vec<RecordView>>,
    next: Option<String>,
    mix_of_last: u32,
    /// The longest chain a task's page walks when opened.
    verify_on_open: u64,
}

/// `GET /ui`.
pub(super) async fn page(
    State(state): State<AppState>,
    UiQuery((params, filter)): UiQuery<(ListParams, FilterQuery)>,
) -> Result<Response, UiError> {
    let filter = RecordFilter {
        session_id: params.session_id.map(|s| s.0),
        ..filter
    };
    let form = FilterForm::of(&filter);
    let now = Utc::now();
    let after = params.after.as_deref();
    let (tasks, records, next) = if filter.is_empty() {
        let listed = state.store.tasks_by_activity(after, TASKS_PER_PAGE).await?;
        // Each task's mix is its own indexed read: read them at once, on the
        // read pool's connections.
        let mixes = futures_util::future::try_join_all(
            listed
                .items
                .iter()
                .map(|t| state.store.task_mix(&t.task_id)),
        )
        .await?;
        let mut tasks = Vec::with_capacity(listed.items.len());
        for (t, mix) in listed.items.into_iter().zip(mixes) {
            tasks.push(TaskRow {
                href: task_href(&t.task_id),
                verdict: state.verdicts.badge(&t.task_id, t.length),
                last_ago: ago(&t.last_timestamp, now),
                task_id: t.task_id,
                length: t.length,
                first_timestamp: t.first_timestamp,
                last_timestamp: t.last_timestamp,
                agents: mix.agents,
                types: mix.types,
            });
        }
        (tasks, None, listed.next)
    } else {
        let listed = state
            .store
            .records(Listing::Log, &filter, after, RECORDS_PER_PAGE)
            .await?;
        let records = record_views(&state, &listed.items, now).await?;
        (Vec::new(), Some(records), listed.next)
    };
    let next = next.map(|cursor| {
        let mut pairs = form.pairs().to_vec();
        pairs.push(("after", &cursor));
        with_query("/ui", &pairs)
    });
    let title = if records.is_some() {
        "Records"
    } else {
        "Tasks"
    };
    Ok(render(
        StatusCode::OK,
        &TasksPage {
            chrome: Chrome::new(&state, title),
            form,
            tasks,
            records,
            next,
            mix_of_last: MIX_OF_LAST,
            verify_on_open: super::task::VERIFY_ON_OPEN,
        },
    ))
}
