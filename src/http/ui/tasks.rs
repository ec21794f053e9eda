//! `/ui/tasks`: the tasks as a dense table, one line each (records,
//! agents, types, last activity, tokens, cost, time, errors, decisions not
//! reviewed, the last walk's verdict), newest activity first or sorted by a
//! column, only those with a record the filters keep when given (or with a
//! decision no reviewer answered), a page at a time; `/ui/records`: the
//! records the filters keep, in log order.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::facts::sum_up;
use super::view::{
    ago, record_views, records_page, render, task_href, with_query, Chrome, Pages, RecordView,
    UiError, UiQuery,
};
use crate::domain::record::RecordFilter;
use crate::domain::FieldError;
use crate::domain::RecordType;
use crate::http::api::records::FilterQuery;
use crate::http::problem::ApiError;
use crate::http::wire::query::PlainQuery;
use crate::http::wire::Identifier;
use crate::http::AppState;
use crate::store::{Listing, TaskSort, MIX_OF_LAST};

/// Tasks on a page.
const TASKS_PER_PAGE: u32 = 25;

/// The lists' own parameters besides the filters.
#[derive(Deserialize)]
pub(super) struct ListParams {
    /// Only records of this work session.
    session_id: Option<Identifier>,
    /// The cursor of the page of records.
    after: Option<String>,
    /// The tasks' order: `activity` (the default), `created`, `length` or
    /// `name`.
    sort: Option<String>,
    /// Any value: only the tasks with a decision no reviewer answered.
    unreviewed: Option<String>,
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
    /// Their totals, when they say them.
    pub tokens: Option<String>,
    pub cost: Option<String>,
    pub took: Option<String>,
    pub errors: u64,
    /// Their decisions no reviewer answered.
    pub unreviewed: u64,
    /// `valid`, `broken` or `unverified`: what its last walk here found,
    /// and in words.
    pub verdict: &'static str,
    pub verdict_text: String,
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
    /// Only the tasks with a decision no reviewer answered.
    pub unreviewed: bool,
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
            unreviewed: false,
        }
    }

    /// The filters of records as query parameters.
    fn filters(&self) -> Vec<(&'static str, &str)> {
        vec![
            ("agent_id", &self.agent_id),
            ("type", &self.kind),
            ("session_id", &self.session_id),
            ("since", &self.since),
            ("until", &self.until),
        ]
    }

    /// The filters (and the order) as query parameters, for the next
    /// page's link.
    pub(super) fn pairs(&self) -> Vec<(&'static str, &str)> {
        self.pairs_sorted(self.sort.unwrap_or_default())
    }

    /// The filters with the order `sort`.
    fn pairs_sorted(&self, sort: TaskSort) -> Vec<(&'static str, &str)> {
        let mut pairs = self.filters();
        let sort = if sort == TaskSort::Activity {
            ""
        } else {
            sort.as_str()
        };
        pairs.push(("sort", sort));
        pairs.push(("unreviewed", if self.unreviewed { "1" } else { "" }));
        pairs
    }

    /// The records these filters keep, as a link.
    pub(super) fn records_href(&self) -> String {
        with_query("/ui/records", &self.filters())
    }

    /// A column header's link: this list in the order `name`.
    pub(super) fn sort_href(&self, name: &str) -> String {
        let sort = TaskSort::parse(name).unwrap_or_default();
        with_query("/ui/tasks", &self.pairs_sorted(sort))
    }

    /// A column header's `aria-sort`: "descending" or "ascending" for the
    /// column the list is in the order of, else "none".
    pub(super) fn aria_sort(&self, name: &str) -> &'static str {
        match self.sort {
            Some(s) if s.as_str() == name && s == TaskSort::Name => "ascending",
            Some(s) if s.as_str() == name => "descending",
            _ => "none",
        }
    }

    /// Whether a filter of records is given.
    pub(super) fn record_filtered(&self) -> bool {
        self.filters().iter().any(|(_, v)| !v.is_empty())
    }

    /// Whether any filter is given.
    pub(super) fn filtered(&self) -> bool {
        self.unreviewed || self.record_filtered()
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
    pages: Pages,
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
    pages: Pages,
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
                "must be activity, created, length or name",
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
    let mut form = FilterForm::of("/ui/tasks", Some(sort), &filter);
    form.unreviewed = params.unreviewed.is_some();
    let now = Utc::now();
    let offset = (page - 1).saturating_mul(u64::from(TASKS_PER_PAGE));
    let mut listed = state
        .store
        .tasks_sorted(&filter, form.unreviewed, sort, offset, TASKS_PER_PAGE + 1)
        .await?;
    let more = listed.len() > TASKS_PER_PAGE as usize;
    listed.truncate(TASKS_PER_PAGE as usize);
    // Each task's last records are their own indexed read: read them at
    // once, on the read pool's connections.
    let facts = futures_util::future::try_join_all(
        listed
            .iter()
            .map(|t| state.store.task_facts(&t.task_id, MIX_OF_LAST)),
    )
    .await?;
    let mut tasks = Vec::with_capacity(listed.len());
    for (t, rows) in listed.into_iter().zip(facts) {
        let sum = sum_up(&rows);
        let (verdict, verdict_text) = state.verdicts.badge(&t.task_id, t.length);
        tasks.push(TaskRow {
            href: task_href(&t.task_id),
            verdict,
            verdict_text,
            last_ago: ago(&t.last_timestamp, now),
            task_id: t.task_id,
            length: t.length,
            first_timestamp: t.first_timestamp,
            last_timestamp: t.last_timestamp,
            tokens: sum.totals.tokens_short(),
            cost: sum.totals.cost(),
            took: sum.totals.took(),
            errors: sum.totals.errors,
            unreviewed: sum.unreviewed,
            agents: sum.agents,
            types: sum.types,
        });
    }
    let link = |n: u64| {
        let mut pairs = form.pairs();
        let n = n.to_string();
        pairs.push(("page", if n == "1" { "" } else { &n }));
        with_query("/ui/tasks", &pairs)
    };
    Ok(render(
        StatusCode::OK,
        &TasksPage {
            chrome: Chrome::new(&state, "Tasks"),
            tasks,
            page,
            pages: Pages::numbered(page, more, link),
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
    if params.sort.is_some() || params.page.is_some() || params.unreviewed.is_some() {
        let mut bad = Vec::new();
        for (name, given) in [
            ("sort", params.sort.is_some()),
            ("page", params.page.is_some()),
            ("unreviewed", params.unreviewed.is_some()),
        ] {
            if given {
                bad.push(FieldError::new(
                    name,
                    if name == "unreviewed" {
                        "a filter of the task list"
                    } else {
                        "records are in log order, paged by `after`"
                    },
                ));
            }
        }
        return Err(UiError(ApiError::invalid(bad)));
    }
    let filter = filter_of(&params, filter);
    let form = FilterForm::of("/ui/records", None, &filter);
    let listed = records_page(&state, Listing::Log, &filter, params.after.as_deref()).await?;
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
            pages: Pages::after(next),
        },
    ))
}
