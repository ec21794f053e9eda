//! What the browser's pages share: the frame of every page, a record as
//! shown, times, paging links, the query reader, errors as pages, and the
//! security headers of every answer (docs/design.md §10).

use askama::Template;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};

use super::assets;
use crate::domain::record::erasure::statement_label;
use crate::domain::record::RecordFilter;
use crate::domain::Record;
use crate::http::path_segment;
use crate::http::problem::ApiError;
use crate::http::wire::query::{Query, QueryParts};
use crate::http::AppState;
use crate::store::{Listing, Page, StoreError};

/// The Content-Security-Policy of every browser answer: nothing but the
/// service's own stylesheet and scripts (no inline script or style), fetches
/// (the reader's check reads the export) and forms only to the service,
/// never framed.
pub(crate) const CSP: &str = "default-src 'none'; style-src 'self'; img-src 'self'; \
     script-src 'self'; connect-src 'self'; \
     form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/// `Referrer-Policy: same-origin`, not `no-referrer`: with `no-referrer` a
/// browser sends `Origin: null` on the login form's POST, and the CSRF rule
/// (`auth`) needs the real origin.
///
/// Adds the security headers to a browser answer (the pages' layer, and the
/// guard's login form); a page is private and never cached.
pub(crate) async fn secure(mut response: Response) -> Response {
    harden(&mut response);
    response
}

/// The security headers, in place.
pub(crate) fn harden(response: &mut Response) {
    let headers = response.headers_mut();
    for (name, value) in [
        ("content-security-policy", CSP),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "same-origin"),
        ("x-frame-options", "DENY"),
        ("cross-origin-opener-policy", "same-origin"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// The frame of every page: its title, the stylesheet, and whether there is
/// a login to end.
pub(super) struct Chrome {
    /// The page's title, before the service's name.
    pub title: String,
    /// The stylesheet's path (named by its content: cached for good).
    pub css: &'static str,
    /// The icon's path, likewise.
    pub icon: &'static str,
    /// The script's path, likewise.
    pub js: &'static str,
    /// API keys are configured: the page offers to log out.
    pub keyed: bool,
    /// A page that stands alone (the evidence pack's report): the
    /// stylesheet inlined, no script, no links into the service.
    pub inline_css: Option<&'static str>,
}

impl Chrome {
    pub(super) fn new(state: &AppState, title: impl Into<String>) -> Chrome {
        Chrome {
            keyed: state.guards.keys.is_some(),
            ..Chrome::bare(title)
        }
    }

    /// The chrome of a page served before or without the state's keys
    /// (the login form, an error page).
    pub(super) fn bare(title: impl Into<String>) -> Chrome {
        Chrome {
            title: title.into(),
            css: assets::stylesheet_path(),
            icon: assets::icon_path(),
            js: assets::script_path(),
            keyed: false,
            inline_css: None,
        }
    }

    /// The chrome of a page saved outside the service.
    pub(super) fn standalone(title: impl Into<String>) -> Chrome {
        Chrome {
            inline_css: Some(assets::stylesheet()),
            ..Chrome::bare(title)
        }
    }
}

/// The reader's own check of a task (templates/ui/_reader.html,
/// templates/ui/reader.js): the browser fetches the export and verifies it
/// with the project's JavaScript verifier and a key the reader pinned.
pub(super) struct ReaderCheck {
    /// The task's export, behind the browser's login.
    pub export_href: String,
    /// The verifier key this service shows: compared with the pinned key,
    /// never used in its place.
    pub served_key: String,
    /// The verifier's entry module.
    pub verifier: String,
    /// The script that runs it.
    pub script: &'static str,
}

impl ReaderCheck {
    pub(super) fn new(state: &AppState, task_id: &str) -> ReaderCheck {
        ReaderCheck {
            export_href: format!("/ui/tasks/{}/export", path_segment(task_id)),
            served_key: state.store.verifier_key().to_string(),
            verifier: assets::verifier_path(),
            script: assets::reader_path(),
        }
    }
}

/// A rendered page with its status.
pub(super) fn render(status: StatusCode, template: &impl Template) -> Response {
    match template.render() {
        Ok(body) => (
            status,
            [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
            body,
        )
            .into_response(),
        Err(e) => {
            UiError(ApiError::Internal(format!("a page did not render: {e}"))).into_response()
        }
    }
}

/// A problem shown as a page, with the problem's status.
#[derive(Debug)]
pub(super) struct UiError(pub ApiError);

impl From<ApiError> for UiError {
    fn from(e: ApiError) -> UiError {
        UiError(e)
    }
}

impl From<StoreError> for UiError {
    fn from(e: StoreError) -> UiError {
        UiError(e.into())
    }
}

#[derive(Template)]
#[template(path = "ui/error.html")]
struct ErrorPage {
    chrome: Chrome,
    status: u16,
    detail: String,
    /// Each bad field and what is wrong with it.
    fields: Vec<(String, String)>,
}

impl IntoResponse for UiError {
    fn into_response(self) -> Response {
        let (status, problem) = self.0.into_problem();
        let body = ErrorPage {
            chrome: Chrome::bare(problem.title),
            status: status.as_u16(),
            detail: problem.detail,
            fields: problem
                .errors
                .into_iter()
                .map(|e| (e.field, e.message))
                .collect(),
        };
        match body.render() {
            Ok(html) => (
                status,
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                html,
            )
                .into_response(),
            Err(_) => (status, "error").into_response(),
        }
    }
}

/// A path under `/ui` that names no page.
pub(super) async fn not_found(uri: Uri) -> UiError {
    UiError(ApiError::NotFound(format!("no page at `{}`", uri.path())))
}

/// The query parameters `T`, read as the API reads them (`http::wire::query`),
/// once the empty fields a form sends for what was left blank are dropped.
pub(super) struct UiQuery<T: QueryParts>(pub T::Read);

impl<S: Send + Sync, T: QueryParts> FromRequestParts<S> for UiQuery<T> {
    type Rejection = UiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, UiError> {
        let original = parts.uri.clone();
        if let Some(query) = original.query() {
            let kept: Vec<&str> = query
                .split('&')
                .filter(|pair| !pair.is_empty() && !pair.ends_with('='))
                .collect();
            let rebuilt = if kept.is_empty() {
                original.path().to_string()
            } else {
                format!("{}?{}", original.path(), kept.join("&"))
            };
            if let Ok(uri) = rebuilt.parse() {
                parts.uri = uri;
            }
        }
        let read = Query::<T>::from_request_parts(parts, state).await;
        parts.uri = original;
        read.map(|Query(r)| UiQuery(r)).map_err(UiError)
    }
}

/// A list page's links to its neighbours, as `ui/_pages.html` shows them.
#[derive(Default)]
pub(super) struct Pages {
    /// The list's first page, for a cursor-paged list shown past it.
    pub first: Option<String>,
    /// The page before, for a numbered list past its first page.
    pub previous: Option<String>,
    /// The page after; None on the last.
    pub next: Option<String>,
}

impl Pages {
    /// Page `page` (from 1) of a numbered list, `more` when another
    /// follows; `link(n)` is page n's address.
    pub fn numbered(page: u64, more: bool, link: impl Fn(u64) -> String) -> Pages {
        Pages {
            first: None,
            previous: (page > 1).then(|| link(page - 1)),
            next: more.then(|| link(page + 1)),
        }
    }

    /// A page of a list paged by cursor: its next page, where there is one.
    pub fn after(next: Option<String>) -> Pages {
        Pages {
            next,
            ..Pages::default()
        }
    }
}

/// A link: its text and where it goes.
pub(super) struct Link {
    pub text: String,
    pub href: String,
}

/// The record a record answers (`parent_id`).
pub(super) struct ParentLink {
    pub id: String,
    pub href: String,
    /// How it is named to people, `#n type`, once `record_views` read it;
    /// until then its id.
    pub label: String,
}

pub(super) fn task_href(task_id: &str) -> String {
    format!("/ui/tasks/{}", path_segment(task_id))
}

pub(super) fn record_href(id: &str) -> String {
    format!("/ui/thoughts/{}", path_segment(id))
}

pub(super) fn session_href(session_id: &str) -> String {
    format!("/ui/sessions/{}", path_segment(session_id))
}

/// `path` with these query parameters (the empty ones left out).
pub(super) fn with_query(path: &str, pairs: &[(&str, &str)]) -> String {
    let kept: Vec<(&str, &str)> = pairs
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .copied()
        .collect();
    if kept.is_empty() {
        return path.to_string();
    }
    format!(
        "{path}?{}",
        serde_urlencoded::to_string(&kept).unwrap_or_default()
    )
}

/// A shell word: `text` in single quotes (a quote inside closed, escaped
/// and reopened), for the commands the pages give to copy.
pub(super) fn shell_word(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// How long ago `timestamp` (as the service writes them) was, in words.
pub(super) fn ago(timestamp: &str, now: DateTime<Utc>) -> String {
    let Ok(then) = DateTime::parse_from_rfc3339(timestamp) else {
        return String::new();
    };
    let seconds = (now - then.with_timezone(&Utc)).num_seconds().max(0);
    match seconds {
        0..=59 => format!("{seconds} s ago"),
        60..=3599 => format!("{} min ago", seconds / 60),
        3600..=86_399 => format!("{} h ago", seconds / 3600),
        _ => format!("{} d ago", seconds / 86_400),
    }
}

/// A record as the pages show it: every field, escaped by the template.
pub(super) struct RecordView {
    pub id: String,
    pub href: String,
    pub seq: u64,
    pub log_index: u64,
    /// The record's type, shown as a word in its badge.
    pub kind: &'static str,
    pub task: Link,
    pub agent_id: String,
    pub content: String,
    /// The metadata as rows of keys and values, and raw (its exact
    /// canonical form is on the record's own page).
    pub metadata: Option<super::metadata::MetadataView>,
    /// Model, tokens, tool, cost, duration and error, when the metadata
    /// says them.
    pub chips: Vec<super::metadata::Chip>,
    /// The error the record reports (`facts::error_of`).
    pub error: Option<String>,
    /// Reviewers' verdicts on it, when it is a decision and the page read
    /// them (`facts::mark`).
    pub marks: Vec<super::facts::Mark>,
    pub session: Option<Link>,
    pub parent: Option<ParentLink>,
    pub timestamp: String,
    pub ago: String,
    pub hash: String,
    pub prev_hash: String,
    /// Why the chain walk stopped at this record, when it did.
    pub broken: Option<String>,
    /// An erasable record's content commitment (docs/design.md §12).
    pub commitment: Option<String>,
    /// Who erased the content, when and why, once erased.
    pub erased: Option<String>,
    /// The service's own record (an erasure, a legal hold placed or
    /// lifted), in words: shown beside its type.
    pub statement: Option<&'static str>,
}

/// How a page names a record to people: its place and type, `#3 plan`.
pub(super) fn record_label(seq: u64, kind: &str) -> String {
    format!("#{seq} {kind}")
}

/// Records on a page of a list of records.
pub(super) const RECORDS_PER_PAGE: u32 = 100;

/// A page of the records `listing` and `filter` keep, after the cursor
/// `after`, as every list of records pages them.
pub(super) async fn records_page(
    state: &AppState,
    listing: Listing<'_>,
    filter: &RecordFilter,
    after: Option<&str>,
) -> Result<Page<Record>, StoreError> {
    state
        .store
        .records(listing, filter, after, RECORDS_PER_PAGE)
        .await
}

/// A page's records as shown, each parent named `#n type` (a parent is of
/// the same task) instead of its id: from the records of the page itself,
/// else read (a parent on an earlier page). A parent that cannot be read
/// keeps its id.
pub(super) async fn record_views<'a>(
    state: &AppState,
    records: impl IntoIterator<Item = &'a Record>,
    now: DateTime<Utc>,
) -> Result<Vec<RecordView>, StoreError> {
    let mut views: Vec<RecordView> = records
        .into_iter()
        .map(|r| RecordView::new(r, now))
        .collect();
    let on_page: std::collections::HashMap<String, String> = views
        .iter()
        .map(|v| (v.id.clone(), record_label(v.seq, v.kind)))
        .collect();
    let mut read: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    for view in views.iter_mut() {
        let Some(parent) = view.parent.as_mut() else {
            continue;
        };
        let id = parent.id.clone();
        let label = match on_page.get(&id).or_else(|| read.get(&id)) {
            Some(label) => Some(label.clone()),
            None => {
                let label = state
                    .store
                    .record(&id)
                    .await?
                    .map(|r| record_label(r.seq, r.authored.r#type.as_str()));
                if let Some(l) = &label {
                    read.insert(id.clone(), l.clone());
                }
                label
            }
        };
        if let Some(label) = label {
            parent.label = label;
        }
    }
    Ok(views)
}

impl RecordView {
    pub(super) fn new(r: &Record, now: DateTime<Utc>) -> RecordView {
        let (metadata, chips) = match r
            .authored
            .metadata
            .as_ref()
            .and_then(|m| super::metadata::view(m.canonical()))
        {
            Some((view, chips)) => (Some(view), chips),
            None => (None, Vec::new()),
        };
        let error = chips
            .iter()
            .find(|c| c.label == "error")
            .map(|c| c.value.clone());
        RecordView {
            error,
            marks: Vec::new(),
            href: record_href(&r.id),
            id: r.id.clone(),
            seq: r.seq,
            log_index: r.log_index,
            kind: r.authored.r#type.as_str(),
            task: Link {
                text: r.authored.task_id.clone(),
                href: task_href(&r.authored.task_id),
            },
            agent_id: r.authored.agent_id.clone(),
            content: r.authored.content.clone(),
            metadata,
            chips,
            session: r.authored.session_id.as_ref().map(|s| Link {
                text: s.clone(),
                href: session_href(s),
            }),
            parent: r.authored.parent_id.as_ref().map(|p| ParentLink {
                id: p.clone(),
                href: record_href(p),
                label: p.clone(),
            }),
            ago: ago(&r.timestamp, now),
            timestamp: r.timestamp.clone(),
            hash: r.hash.clone(),
            prev_hash: r.prev_hash.clone(),
            broken: None,
            commitment: r.erasable.as_ref().map(|e| e.commitment.clone()),
            erased: r
                .erasable
                .as_ref()
                .and_then(|e| e.erased.as_ref())
                .map(|e| format!("Content erased {} by {}: {}", e.at, e.by, e.reason)),
            statement: r
                .authored
                .metadata
                .as_ref()
                .and_then(|m| statement_label(m.canonical())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_ago_is_said_in_the_largest_whole_unit() {
        let now = DateTime::parse_from_rfc3339("2026-11-25T10:00:00.000Z")
            .unwrap()
            .with_timezone(&Utc);
        for (then, said) in [
            ("2026-11-25T09:59:58.000Z", "2 s ago"),
            ("2026-11-25T09:55:00.000Z", "5 min ago"),
            ("2026-11-25T07:00:00.000Z", "3 h ago"),
            ("2026-11-20T10:00:00.000Z", "5 d ago"),
            ("2026-11-25T10:00:09.000Z", "0 s ago"),
            ("not a time", ""),
        ] {
            assert_eq!(ago(then, now), said, "{then}");
        }
    }

    #[test]
    fn links_leave_out_empty_parameters_and_encode_the_rest() {
        assert_eq!(with_query("/ui", &[("a", "")]), "/ui");
        assert_eq!(
            with_query("/ui/search", &[("q", "a b&c"), ("after", "")]),
            "/ui/search?q=a+b%26c"
        );
    }
}
