//! The trail browser (`/ui`) over real HTTP, as a browser sees it: no
//! redirect followed unless asked, cookies carried by hand.
//!
//! - `pages`: every page answers with its content, escaped; the security
//!   headers; wrong input's status; `GET /` negotiated;
//! - `chains`: a long chain paged; Verify on a valid chain and on one
//!   tampered in the SQLite file;
//! - `login`: with keys, only the login form until a key is posted; the
//!   cookie, its CSRF rule, logout, and the API that ignores it;
//! - `views`: the overview, the task list's filters, order and pages, the
//!   agents, the trace view and the audit report;
//! - `convention`: the REST metadata convention read as the OTLP mapping's,
//!   errors, reviewers' verdicts marked and reported;
//! - `lists`: the dense task and session lists, their sorting, the filter
//!   of unreviewed decisions, a session's trace by task, the wording.

mod chains;
mod convention;
mod lists;
mod login;
mod pages;
mod views;

use reqwest::header::HeaderMap;
use serde_json::Value;

use crate::support::TestApp;

/// A client that follows no redirect: a 303 is what is tested.
pub fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap()
}

/// A page's status, headers and body, GET with these extra headers.
pub async fn page(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> (u16, HeaderMap, String) {
    let mut request = browser().get(app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.text().await.unwrap())
}

/// A page's body, asserting a 200 HTML answer.
pub async fn html(app: &TestApp, path: &str) -> String {
    let (status, headers, body) = page(app, path, &[]).await;
    assert_eq!(status, 200, "{path}: {body}");
    assert_eq!(
        headers["content-type"], "text/html; charset=utf-8",
        "{path}"
    );
    body
}

/// The first `href` in `body` that starts with `prefix`, unescaped as a
/// browser reads it.
pub fn link(body: &str, prefix: &str) -> Option<String> {
    let at = body.find(&format!("href=\"{prefix}"))?;
    let rest = &body[at + 6..];
    Some(
        rest[..rest.find('"')?]
            .replace("&#38;", "&")
            .replace("&amp;", "&"),
    )
}

/// The page's "Next page" link, unescaped.
pub fn next_page(body: &str) -> Option<String> {
    let before = &body[..body.find("\" rel=\"next\">Next page")?];
    let href = &before[before.rfind("href=\"")? + 6..];
    Some(href.replace("&#38;", "&").replace("&amp;", "&"))
}

/// Appends one record of `task` and answers it.
pub async fn record(app: &TestApp, task: &str, content: &str, extra: Value) -> Value {
    let mut body = crate::support::new_record("plan", task, "agent-1", content);
    if let (Value::Object(b), Value::Object(e)) = (&mut body, extra) {
        b.extend(e);
    }
    app.append(&body).await
}
