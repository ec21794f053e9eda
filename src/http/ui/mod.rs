//! The trail browser (docs/design.md §10): server-rendered HTML pages at
//! `/ui` for people who read trails, over the same store reads as the JSON
//! API; templates (`templates/ui/`) and the stylesheet compiled into the
//! binary; one small script (arrow keys in trees), so every page works
//! with JavaScript off.
//!
//! - `overview`: `/ui`, the last day's records charted, the log and witnesses;
//! - `tasks`: `/ui/tasks`, tasks filtered and sorted; `/ui/records`, the
//!   records the filters keep; `agents`: `/ui/agents`;
//! - `task`: `/ui/tasks/{task_id}`, a chain as a trace, cards or a tree, and its walk;
//! - `report`: `/ui/tasks/{task_id}/report`, a task's printable audit report;
//! - `thought`: `/ui/thoughts/{id}`, one record, its hash and proof, its receipt;
//! - `sessions`: `/ui/sessions`, the sessions, and `/ui/sessions/{session_id}`;
//! - `search`: `/ui/search`; `log`: `/ui/log`, the newest checkpoint;
//! - `auth`: which paths need a key, the login form, its cookie and CSRF check;
//! - `assets`: the stylesheet; `root`: `GET /` (a browser to `/ui`, the rest
//!   a JSON index of links);
//! - `view`: what the pages share: a record as shown, times, the page frame,
//!   errors as pages, the security headers; `metadata`: a record's metadata
//!   as rows and chips (model, tokens, tool, cost, duration, error);
//!   `facts`: what metadata says of the work (the OTLP mapping's keys or the
//!   REST convention's), a task's totals and reviewers' verdicts.

mod agents;
mod assets;
pub(crate) mod auth;
mod facts;
mod log;
mod metadata;
mod overview;
mod report;
pub(crate) mod root;
mod search;
mod sessions;
mod task;
mod tasks;
mod thought;
mod trace;
mod view;

pub(crate) use overview::Activity;
pub(crate) use report::standalone as report_standalone;
pub(crate) use task::Verdicts;

use axum::routing::{get, post};
use axum::Router;

use super::AppState;

/// The browser's routes; none of them is in the OpenAPI document.
pub(crate) fn routes() -> Router<AppState> {
    Router::new()
        .route("/ui", get(overview::page))
        .route("/ui/tasks", get(tasks::list))
        .route("/ui/records", get(tasks::records))
        .route("/ui/agents", get(agents::list))
        .route("/ui/tasks/{task_id}", get(task::page))
        .route("/ui/tasks/{task_id}/report", get(report::page))
        .route("/ui/tasks/{task_id}/export", get(task::export))
        .route("/ui/thoughts/{id}", get(thought::page))
        .route("/ui/thoughts/{id}/receipt", get(thought::receipt))
        .route("/ui/sessions", get(sessions::list))
        .route("/ui/sessions/{session_id}", get(sessions::page))
        .route("/ui/search", get(search::page_handler))
        .route("/ui/log", get(log::page))
        .route("/ui/login", get(auth::form).post(auth::login))
        .route("/ui/logout", post(auth::logout))
        .route("/ui/assets/{name}", get(assets::asset))
        .route("/ui/assets/{folder}/{name}", get(assets::verifier_module))
        .route("/ui/{*rest}", get(view::not_found))
        .layer(axum::middleware::map_response(view::secure))
}
