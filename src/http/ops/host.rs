//! The Host rule (docs/design.md §3, "Open and exposed"): an open service
//! answers only the names of `--allowed-hosts`, so that a web page cannot
//! reach a service on the reader's machine through DNS rebinding. With API
//! keys the Host is not checked: such a page has no token. The probes and the
//! OpenAPI document answer any name; `/docs` is refused like the API, as a
//! page a browser shows, rather than loading and then failing call by call.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::http::ops::guard::{host_name, is_docs_page, is_probe_or_document, Guards};
use crate::http::problem::ApiError;

/// The refusal of a request under a Host the service does not answer, or
/// None when it may go on.
pub(crate) fn refusal(guards: &Guards, req: &Request) -> Option<Response> {
    if guards.keys.is_some() {
        return None;
    }
    let allowed = guards.allowed_hosts.as_ref()?;
    let path = req.uri().path();
    if is_probe_or_document(path) {
        return None;
    }
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().host())
        .unwrap_or("");
    let name = host_name(host);
    if allowed.iter().any(|a| a.eq_ignore_ascii_case(name)) {
        return None;
    }
    let list = allowed.join(", ");
    let is_docs = is_docs_page(path);
    let wants_html = req
        .headers()
        .get(header::ACCEPT)
        .and_then(|a| a.to_str().ok())
        .is_some_and(|a| a.contains("text/html"));
    if is_docs && wants_html {
        return Some(page(name, &list));
    }
    Some(
        ApiError::Forbidden(format!(
            "this service does not answer the Host `{name}`: it runs without API keys, so it \
             answers only the names of --allowed-hosts ({list}), which keeps a web page from \
             reaching it through DNS rebinding. To reach it under this name, add `{name}` to \
             --allowed-hosts (DECISION_TRAIL_ALLOWED_HOSTS), or require API keys (--keys-file), \
             with which the Host is not checked"
        ))
        .into_response(),
    )
}

/// The refusal as a page, for a browser opening `/docs`.
fn page(name: &str, allowed: &str) -> Response {
    let (name, allowed) = (escape(name), escape(allowed));
    let html = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <title>decision-trail: Host not answered</title></head><body>\n\
         <h1>This service does not answer the Host <code>{name}</code></h1>\n\
         <p>It runs without API keys, so it answers only the names of \
         <code>--allowed-hosts</code> ({allowed}): that keeps a web page from reaching it \
         through DNS rebinding. The API, <code>/mcp</code> and these docs refuse other names.</p>\n\
         <p>To use it under this name, add <code>{name}</code> to <code>--allowed-hosts</code> \
         (<code>DECISION_TRAIL_ALLOWED_HOSTS</code>), or require API keys \
         (<code>--keys-file</code>), with which the Host is not checked.</p>\n\
         </body></html>\n"
    );
    let mut response = (StatusCode::FORBIDDEN, html).into_response();
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    response
}

/// Text safe inside HTML: the Host is the client's to choose.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_is_escaped_in_the_page() {
        assert_eq!(
            escape("<script>'a' & \"b\"</script>"),
            "&lt;script&gt;&#39;a&#39; &amp; &quot;b&quot;&lt;/script&gt;"
        );
    }
}
