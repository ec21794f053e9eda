//! `/ui/agents`: the agents, by name, 50 to a page: how many records and
//! tasks each appended, when it was last seen and the types it wrote.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use chrono::Utc;
use serde::Deserialize;

use super::view::{ago, render, with_query, Chrome, Pages, UiError, UiQuery};
use crate::domain::FieldError;
use crate::http::problem::ApiError;
use crate::http::wire::query::PlainQuery;
use crate::http::AppState;

/// Agents on a page.
const AGENTS_PER_PAGE: u32 = 50;

#[derive(Deserialize)]
pub(super) struct AgentParams {
    /// The page, from 1.
    page: Option<u64>,
}

impl PlainQuery for AgentParams {}

/// An agent as the list shows it.
struct AgentRow {
    agent_id: String,
    /// Its tasks, and its records, in the task list and the records list.
    tasks_href: String,
    records_href: String,
    records: u64,
    tasks: u64,
    last_timestamp: String,
    last_ago: String,
    types: Vec<String>,
}

#[derive(Template)]
#[template(path = "ui/agents.html")]
struct AgentsPage {
    chrome: Chrome,
    agents: Vec<AgentRow>,
    /// The page shown, from 1: agents are listed by name, not by a cursor.
    page: u64,
    pages: Pages,
}

/// `GET /ui/agents`.
pub(super) async fn list(
    State(state): State<AppState>,
    UiQuery(params): UiQuery<AgentParams>,
) -> Result<Response, UiError> {
    let page = params.page.unwrap_or(1);
    if page == 0 {
        return Err(UiError(ApiError::invalid(vec![FieldError::new(
            "page",
            "must be 1 or more",
        )])));
    }
    let offset = (page - 1).saturating_mul(u64::from(AGENTS_PER_PAGE));
    let mut listed = state.store.agents(offset, AGENTS_PER_PAGE + 1).await?;
    let more = listed.len() > AGENTS_PER_PAGE as usize;
    listed.truncate(AGENTS_PER_PAGE as usize);
    let now = Utc::now();
    let agents = listed
        .into_iter()
        .map(|a| AgentRow {
            tasks_href: with_query("/ui/tasks", &[("agent_id", &a.agent_id)]),
            records_href: with_query("/ui/records", &[("agent_id", &a.agent_id)]),
            last_ago: ago(&a.last_timestamp, now),
            agent_id: a.agent_id,
            records: a.records,
            tasks: a.tasks,
            last_timestamp: a.last_timestamp,
            types: a.types,
        })
        .collect();
    let link = |n: u64| {
        let n = n.to_string();
        with_query("/ui/agents", &[("page", if n == "1" { "" } else { &n })])
    };
    Ok(render(
        StatusCode::OK,
        &AgentsPage {
            chrome: Chrome::new(&state, "Agents"),
            agents,
            page,
            pages: Pages::numbered(page, more, link),
        },
    ))
}
