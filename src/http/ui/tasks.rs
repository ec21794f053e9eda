//! `/ui/tasks`: the tasks, newest activity first or in another order,
//! only those with a record the filters keep when given, a page at a time;
//! `/ui/records`: the records the filters keep, in log order.

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
use crate::domain::FieldError;
use crate::domain::RecordType;
use crate::http::problem::ApiError;
use crate::http::query::PlainQuery;
use crate::http::records::FilterQuery;
use crate::http::wire::Identifier;
use crate::http::AppState;
use crate::store::{Listing, TaskSort, MIX_OF_LAST};

/// Tasks on a page.
const TASKS_PER_PAGE: u32 = 25;
/// Records on a page of filtered records.
pub(super) const RECORDS_PER_PAGE: u32 = 100;

/// The lists' own parameters besides the filters.
#[derive(Deserialize)]
pub(super) struct ListParams {
    /// Only records of this work session.
    session_id: Option<Identifier>,
    /// The cursor of the page of records.
    after: Option<String>,
    /// The tasks' order: `activity` (the default), `created` or `length`.
    sort: Option<String>,
    /// The page of tasks, from 1.
    page: Option<u64>,
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
    /// The list the form filters: `/ui/tasks` or `/ui/records`.
    pub action: &'static str,
    /// The tasks' order; None on the list of records.
    pub sort: Option<TaskSort>,
    pub agent_id: String,
    pub kind: String,
    pub session_id: String,
    pub since: String,
    pub until: String,
}

impl FilterForm {
    pub(super) fn of(
        action: &'static str,
        sort: Option<TaskSort>,
        filter: &RecordFilter,
    ) -> FilterForm {
        FilterForm {
            action,
            sort,
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

    /// The filters (and the order) as query parameters, for the next
    /// page's link.
    pub(super) fn pairs(&self) -> Vec<(&'static str, &str)> {
        let sort = match self.sort {
            Some(s) if s != TaskSort::Activity => s.as_str(),
            _ => "",
        };
        vec![
            ("agent_id", &self.agent_id),
            ("type", &self.kind),
            ("session_id", &self.session_id),
            ("since", &self.since),
            ("until", &self.until),
            ("sort", sort),
        ]
    }

    /// The records these filters keep, as a link.
    pub(super) fn records_href(&self) -> String {
        let mut pairs = self.pairs();
        pairs.pop();
        with_query("/ui/records", &pairs)
    }

    /// The orders the form offers.
    pub(super) fn sorts(&self) -> Vec<(&'static str, bool)> {
        TaskSort::ALL
            .into_iter()
            .map(|s| (s.as_str(), Some(s) == self.sort))
            .collect()
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
    tasks: Vec<TaskRow>,
    /// The page shown, from 1.
    page: u64,
    previous: Option<String>,
    next: Option<String>,
    mix_of_last: u32,
    /// The longest chain a task's page walks when opened.
    verify_on_open: u64,
}

#[derive(Template)]
#[template(path = "ui/records.html")]
struct RecordsPage {
    chrome: Chrome,
    form: FilterForm,
    records: Vec<RecordView>,
    next: Option<String>,
}

/// The filters with the session named apart.
fn filter_of(params: &ListParams, filter: RecordFilter) -> RecordFilter {
    RecordFilter {
        session_id: params.session_id.as_ref().map(|s| s.0.clone()),
        ..filter
    }
}

/// `GET /ui/tasks`.
pub(super) async fn list(
    State(state): State<AppState>,
    UiQuery((params, filter)): UiQuery<(ListParams, FilterQuery)>,
) -> Result<Response, UiError> {
    let mut bad = Vec::new();
    let sort = match params.sort.as_deref() {
        None => TaskSort::Activity,
        Some(name) => TaskSort::parse(name).unwrap_or_else(|| {
            bad.push(FieldError::new(
                "sort",
                "must be activity, created or length",
            ));
            TaskSort::Activity
        }),
    };
    let page = params.page.unwrap_or(1);
    if page == 0 {
        bad.push(FieldError::new("page", "must be 1 or more"));
    }
    if params.after.is_some() {
        bad.push(FieldError::new("after", "tasks are paged by `page`"));
    }
    if !bad.is_empty() {
        return Err(UiError(ApiError::invalid(bad)));
    }
    let filter = filter_of(&params, filter);
    let form = FilterForm::of("/ui/tasks", Some(sort), &filter);
    let now = Utc::now();
    let offset = (page - 1).saturating_mul(u64::from(TASKS_PER_PAGE));
    let mut listed = state
        .store
        .tasks_sorted(&filter, sort, offset, TASKS_PER_PAGE + 1)
        .await?;
    let more = listed.len() > TASKS_PER_PAGE as usize;
    listed.truncate(TASKS_PER_PAGE as usize);
    // Each task's mix is its own indexed read: read them at once, on the
    // read pool's connections.
    let mixes =
        futures_util::future::try_join_all(listed.iter().map(|t| state.store.task_mix(&t.task_id)))
            .await?;
    let mut tasks = Vec::with_capacity(listed.len());
    for (t, mix) in listed.into_iter().zip(mixes) {
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
    let link = |n: u64| {
        let mut pairs = form.pairs();
        let n = n.to_string();
        pairs.push(("page", if n == "1" { "" } else { &n }));
        with_query("/ui/tasks", &pairs)
    };
    let next = more.then(|| link(page + 1));
    let previous = (page > 1).then(|| link(page - 1));
    Ok(render(
        StatusCode::OK,
        &TasksPage {
            chrome: Chrome::new(&state, "Tasks"),
            tasks,
            page,
            previous,
            next,
            form,
            mix_of_last: MIX_OF_LAST,
            verify_on_open: super::task::VERIFY_ON_OPEN,
        },
    ))
}

/// `GET /ui/records`.
pub(super) async fn records(
    State(state): State<AppState>,
    UiQuery((params, filter)): UiQuery<(ListParams, FilterQuery)>,
) -> Result<Response, UiError> {
    if params.sort.is_some() || params.page.is_some() {
        let mut bad = Vec::new();
        for (name, given) in [
            ("sort", params.sort.is_some()),
            ("page", params.page.is_some()),
        ] {
            if given {
                bad.push(FieldError::new(
                    name,
                    "records are in log order, paged by `after`",
                ));
            }
        }
        return Err(UiError(ApiError::invalid(bad)));
    }
    let filter = filter_of(&params, filter);
    let form = FilterForm::of("/ui/records", None, &filter);
    let listed = state
        .store
        .records(
            Listing::Log,
            &filter,
            params.after.as_deref(),
            RECORDS_PER_PAGE,
        )
        .await?;
    let records = record_views(&state, &listed.items, Utc::now()).await?;
    let next = listed.next.map(|cursor| {
        let mut pairs = form.pairs();
        pairs.push(("after", &cursor));
        with_query("/ui/records", &pairs)
    });
    Ok(render(
        StatusCode::OK,
        &RecordsPage {
            chrome: Chrome::new(&state, "Records"),
            form,
            records,
            next,
        },
    ))
}
