//! `/ui/tasks/{task_id}`: a task's chain, a page of records at a time, as
//! a trace (the default), a timeline or its reasoning tree, under its
//! totals (tokens, cost, time, errors) and with reviewers' verdicts on its
//! decisions; opening it walks a chain of up to `VERIFY_ON_OPEN` records,
//! and `?verify=1` any chain (`Store::verify_chain`, constant memory),
//! saying where it breaks.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use quick_cache::sync::Cache;
use serde::Deserialize;

use super::facts::{mark, sum_up, TaskSum};
use super::trace::{trace_of_page, Trace, TracePage};
use super::view::{
    ago, record_href, record_views, records_page, render, task_href, with_query, Chrome, Pages,
    ReaderCheck, RecordView, UiError, UiQuery,
};
use crate::domain::record::RecordFilter;
use crate::domain::FieldError;
use crate::http::problem::ApiError;
use crate::http::wire::query::PlainQuery;
use crate::http::wire::TaskPath;
use crate::http::AppState;
use crate::store::{ChainVerdict, Listing};

/// The last walk's verdict of each task walked here, for the task list's
/// badge: bounded, least used forgotten first.
pub(crate) struct Verdicts {
    /// By task: the length walked, and whether it was valid.
    inner: Cache<String, (u64, bool)>,
}

/// The most tasks whose verdict is kept.
const VERDICTS_KEPT: usize = 10_000;

/// A chain up to this long is walked when its page is opened, so the page
/// says "valid" or "broken" at once; a longer one waits for Verify (a walk
/// reads every record: bounded work per page view).
pub(super) const VERIFY_ON_OPEN: u64 = 10_000;

/// The most records a task's page and report sum up (totals, verdicts):
/// the newest, a bounded read however long the task.
pub(super) const FACTS_READ: u32 = 10_000;

impl Default for Verdicts {
    fn default() -> Verdicts {
        Verdicts {
            inner: Cache::new(VERDICTS_KEPT),
        }
    }
}

impl Verdicts {
    /// The last walk's verdict, as a badge's class and words: `broken`
    /// once a walk broke (appends never mend a chain); `valid` while the
    /// task has the length it was walked at, or for the records walked
    /// when it has grown since (a chain only grows); else `unverified`.
    pub(super) fn badge(&self, task_id: &str, length: u64) -> (&'static str, String) {
        match self.inner.get(task_id) {
            Some((_, false)) => ("broken", "✗ broken".into()),
            Some((walked, true)) if walked >= length => ("valid", "✓ valid".into()),
            Some((walked, true)) => ("valid", format!("✓ valid to #{}", walked.saturating_sub(1))),
            None => ("unverified", "not walked yet".into()),
        }
    }

    fn remember(&self, task_id: &str, length: u64, valid: bool) {
        self.inner.insert(task_id.to_string(), (length, valid));
    }
}

/// `/ui/tasks/{task_id}`'s parameters.
#[derive(Deserialize)]
pub(super) struct TaskParams {
    /// `trace` (the default), `timeline` or `tree`.
    view: Option<String>,
    /// In the trace view, the record detailed beside the rows.
    selected: Option<String>,
    /// Any value: walk the chain.
    verify: Option<String>,
    /// The cursor of the page of records.
    after: Option<String>,
}

impl PlainQuery for TaskParams {}

/// A node of the tree as the page draws it: nested lists opened and
/// closed in document order, so the template needs no recursion.
pub(super) struct TreeItem {
    pub record: RecordView,
    /// It has children on this page: it opens a list of them.
    pub opens: bool,
    /// How many open lists end after it.
    pub closes: usize,
}

/// What the walk found, in words.
pub(super) struct VerdictView {
    pub valid: bool,
    pub text: String,
    /// The record where it breaks.
    pub broken_href: Option<String>,
}

#[derive(Template)]
#[template(path = "ui/task.html")]
struct TaskPage {
    chrome: Chrome,
    task_id: String,
    length: u64,
    head_hash: String,
    first_timestamp: String,
    last_timestamp: String,
    last_ago: String,
    /// The view shown: `timeline`, `tree` or `trace`.
    view: &'static str,
    timeline_href: String,
    tree_href: String,
    trace_href: String,
    /// The task's printable audit report.
    report_href: String,
    /// The trace view's rows and detail.
    trace: Option<Trace>,
    /// What the task's records read say: totals, verdicts, unreviewed
    /// decisions.
    sum: TaskSum,
    /// The sum is of the last [`FACTS_READ`] records only.
    sum_of_last: Option<u32>,
    verdict: Option<VerdictView>,
    records: Vec<RecordView>,
    nodes: Vec<TreeItem>,
    pages: Pages,
    /// The legal hold that stands on the task, said in words.
    hold: Option<String>,
    /// The longest chain walked when its page is opened.
    verify_on_open: u64,
    /// The reader's own check, in the browser.
    reader: ReaderCheck,
}

/// `GET /ui/tasks/{task_id}/export`: `GET /tasks/{task_id}/export`'s
/// answer behind the browser's login, for the reader's own check
/// (`ReaderCheck`) and to keep as a file.
pub(super) async fn export(
    State(state): State<AppState>,
    path: Path<TaskPath>,
) -> Result<Response, UiError> {
    Ok(crate::http::api::tasks::export(
        State(state),
        path,
        crate::http::wire::query::Query(Default::default()),
    )
    .await?)
}

/// `GET /ui/tasks/{task_id}`.
pub(super) async fn page(
    State(state): State<AppState>,
    Path(task_id): Path<String>,
    UiQuery(params): UiQuery<TaskParams>,
) -> Result<Response, UiError> {
    let view = match params.view.as_deref() {
        None | Some("trace") => "trace",
        Some("timeline") => "timeline",
        Some("tree") => "tree",
        Some(_) => {
            return Err(UiError(ApiError::invalid(vec![FieldError::new(
                "view",
                "must be trace, timeline or tree",
            )])))
        }
    };
    let tree = view == "tree";
    let task = state
        .store
        .task(&task_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no task has id `{task_id}`")))?;
    // Opening: the first page of either view, not each page after it.
    let opened = params.after.is_none() && task.length <= VERIFY_ON_OPEN;
    let verdict = if params.verify.is_some() || opened {
        Some(walk(&state, &task_id).await?)
    } else {
        None
    };
    let listed = records_page(
        &state,
        Listing::Task(&task_id),
        &RecordFilter::default(),
        params.after.as_deref(),
    )
    .await?;
    let now = Utc::now();
    let sum = sum_up(&state.store.task_facts(&task_id, FACTS_READ).await?);
    let broken_id = verdict.as_ref().and_then(|(_, id)| id.clone());
    let mut records = record_views(&state, &listed.items, now).await?;
    mark(&mut records, &sum.verdicts);
    if let Some((at, reason)) = &broken_id {
        for view in records.iter_mut().filter(|v| v.id == *at) {
            view.broken = Some(reason.clone());
        }
    }
    let nodes = if tree {
        nest(std::mem::take(&mut records), &listed.items)
    } else {
        Vec::new()
    };
    let href = task_href(&task_id);
    let trace = if view == "trace" {
        let views = std::mem::take(&mut records);
        let page = TracePage {
            href: &href,
            after: params.after.as_deref(),
            // A broken chain opens on the record where it breaks.
            selected: params
                .selected
                .as_deref()
                .or(broken_id.as_ref().map(|(id, _)| id.as_str())),
            verdicts: &sum.verdicts,
            by_task: None,
        };
        Some(trace_of_page(&state, page, &listed.items, views, now).await?)
    } else {
        None
    };
    let hold = state.store.hold(&task_id).await?.map(|h| {
        format!(
            "Under a legal hold since {} by {}: {}. Nothing of this task is erased while it stands.",
            h.at, h.by, h.reason
        )
    });
    let shown = if view == "trace" { "" } else { view };
    let next = listed
        .next
        .map(|cursor| with_query(&href, &[("view", shown), ("after", &cursor)]));
    let first_page = params
        .after
        .is_some()
        .then(|| with_query(&href, &[("view", shown)]));
    Ok(render(
        StatusCode::OK,
        &TaskPage {
            chrome: Chrome::new(&state, format!("Task {task_id}")),
            reader: ReaderCheck::new(&state, &task_id),
            timeline_href: with_query(&href, &[("view", "timeline")]),
            tree_href: with_query(&href, &[("view", "tree")]),
            trace_href: href.clone(),
            report_href: format!("{href}/report"),
            trace,
            sum_of_last: (task.length > u64::from(FACTS_READ)).then_some(FACTS_READ),
            sum,
            view,
            task_id,
            length: task.length,
            head_hash: task.head_hash,
            last_ago: ago(&task.last_timestamp, now),
            first_timestamp: task.first_timestamp,
            last_timestamp: task.last_timestamp,
            hold,
            verdict: verdict.map(|(v, _)| v),
            records,
            nodes,
            pages: Pages {
                first: first_page,
                next,
                previous: None,
            },
            verify_on_open: VERIFY_ON_OPEN,
        },
    ))
}

/// Walks the chain: the verdict in words, and the id of the record where it
/// breaks with the reason.
pub(super) async fn walk(
    state: &AppState,
    task_id: &str,
) -> Result<(VerdictView, Option<(String, String)>), UiError> {
    let verdict = state
        .store
        .verify_chain(task_id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no task has id `{task_id}`")))?;
    Ok(match verdict {
        ChainVerdict::Valid {
            length,
            tree_size: size,
            erased,
            ..
        } => {
            state.verdicts.remember(task_id, length, true);
            let erased = match erased {
                0 => String::new(),
                n => format!(" ({n} erased, verified through their commitments)"),
            };
            (
                VerdictView {
                    valid: true,
                    text: format!("{length} records{erased} · proven in checkpoint of size {size}"),
                    broken_href: None,
                },
                None,
            )
        }
        ChainVerdict::Broken { at, seq, .. } => {
            state.verdicts.remember(task_id, seq, false);
            let reason = at.said();
            (
                VerdictView {
                    valid: false,
                    text: format!("at record #{seq} ({}) · {reason}", at.id),
                    broken_href: Some(record_href(&at.id)),
                },
                Some((at.id, reason)),
            )
        }
    })
}

/// The records of a page (in `seq` order) as a tree by `parent_id`: a
/// record whose parent is on an earlier page is a root of this one.
pub(super) fn nest(views: Vec<RecordView>, records: &[crate::domain::Record]) -> Vec<TreeItem> {
    let parent_of: Vec<Option<usize>> = records
        .iter()
        .map(|r| {
            r.authored
                .parent_id
                .as_ref()
                .and_then(|p| records.iter().position(|o| &o.id == p))
        })
        .collect();
    let mut children: Vec<Vec<usize>> = vec![Vec::new(); records.len()];
    let mut roots = Vec::new();
    for (i, parent) in parent_of.iter().enumerate() {
        match parent {
            Some(p) if *p < i => children[*p].push(i),
            _ => roots.push(i),
        }
    }
    let mut order = Vec::with_capacity(records.len());
    // Depth first, iteratively: (node, whether its children are done).
    let mut stack: Vec<(usize, bool)> = roots.iter().rev().map(|&r| (r, false)).collect();
    while let Some((i, done)) = stack.pop() {
        if done {
            // Its list ends after its last descendant.
            if let Some(last) = order.last_mut() {
                let last: &mut (usize, bool, usize) = last;
                last.2 += 1;
            }
            continue;
        }
        order.push((i, !children[i].is_empty(), 0));
        if !children[i].is_empty() {
            stack.push((i, true));
            stack.extend(children[i].iter().rev().map(|&c| (c, false)));
        }
    }
    let mut views: Vec<Option<RecordView>> = views.into_iter().map(Some).collect();
    order
        .into_iter()
        .map(|(i, opens, closes)| TreeItem {
            record: views[i].take().expect("each record is drawn once"),
            opens,
            closes,
        })
        .collect()
}
