//! Who may see the browser's pages (docs/design.md §10). With API keys
//! configured, a page needs a valid key of any role (all of them may
//! read): sent as a bearer token, or kept by the login form in a cookie.
//!
//! - The cookie holds the token, `HttpOnly` (no script reads it),
//!   `SameSite=Strict` (no other site's page sends it), `Path=/ui` (the API
//!   never receives it, and never reads one: it stays bearer-only, so the
//!   cookie cannot make a state-changing API request), `Secure` when the
//!   request came through TLS (a proxy's `X-Forwarded-Proto: https` or
//!   `Forwarded: proto=https`: the service itself speaks plain HTTP).
//! - It is accepted only for GET and HEAD of the pages.
//! - The two POSTs (login, logout) must come from the service's own pages:
//!   `Sec-Fetch-Site: same-origin` when the browser sends it, and an
//!   `Origin` naming the request's own Host; a request with neither is
//!   refused. Every browser sends `Origin` on a POST, so this needs no
//!   token in the form or state on the server (the OWASP CSRF cheat
//!   sheet's "verifying origin with standard headers").

use askama::Template;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use super::view::{self, Chrome, UiError};
use crate::http::ops::guard::Caller;
use crate::http::ops::keys::LiveKeys;
use crate::http::problem::ApiError;
use crate::http::AppState;

/// The cookie that keeps the login's token.
pub(crate) const COOKIE: &str = "decision_trail_ui";

/// What the guard does with a path, as far as the browser is concerned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UiPath {
    /// The login form, logout and the assets: no key needed (still counted
    /// in flight and rate limited, by client address).
    Public,
    /// A page: a bearer key, or on GET and HEAD the login cookie.
    Page,
    /// Not the browser's: the API's rules alone.
    Api,
}

pub(crate) fn classify(path: &str) -> UiPath {
    match path {
        "/ui/login" | "/ui/logout" => UiPath::Public,
        p if p.starts_with("/ui/assets/") => UiPath::Public,
        "/ui" => UiPath::Page,
        p if p.starts_with("/ui/") => UiPath::Page,
        _ => UiPath::Api,
    }
}

/// The token of the login cookie, if the request carries one.
fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, _)| *name == COOKIE)
        .map(|(_, value)| value)
        .filter(|value| !value.is_empty())
}

/// The caller of a page on a keyed service: the bearer key when one is
/// sent (the API's rule), else on GET and HEAD the login cookie's. The
/// refusal is the login form.
pub(crate) fn authenticate_page(
    keys: &LiveKeys,
    method: &Method,
    headers: &HeaderMap,
    api: impl FnOnce() -> Result<Caller, ApiError>,
) -> Result<Caller, Box<Response>> {
    if headers.contains_key(header::AUTHORIZATION) {
        return api().map_err(|e| Box::new(e.into_response()));
    }
    let readable = method == Method::GET || method == Method::HEAD;
    let given = cookie_token(headers).filter(|_| readable);
    match given.and_then(|token| keys.authenticate(token)) {
        Some(entry) => Ok(Caller::Key {
            agent_id: entry.agent_id.clone(),
            role: entry.role,
        }),
        None if !readable => Err(Box::new(
            ApiError::Unauthorized {
                detail: "an API key is required: send `Authorization: Bearer <token>`".into(),
                token_given: false,
            }
            .into_response(),
        )),
        None => {
            let note = given.map(|_| "Your login is no longer valid: log in again.");
            Err(Box::new(login_page(StatusCode::UNAUTHORIZED, note)))
        }
    }
}

#[derive(Template)]
#[template(path = "ui/login.html")]
struct LoginPage {
    chrome: Chrome,
    /// Why the form is shown again, when it is.
    note: Option<&'static str>,
    /// The roles a key may have, any of which may read the pages.
    roles: String,
}

/// The login form with `status`, and the security headers (the guard
/// answers it before the pages' layer).
fn login_page(status: StatusCode, note: Option<&'static str>) -> Response {
    let mut response = view::render(
        status,
        &LoginPage {
            chrome: Chrome::bare("Log in"),
            note,
            roles: crate::domain::api_keys::Role::names(),
        },
    );
    view::harden(&mut response);
    response
}

/// `GET /ui/login`.
pub(super) async fn form(State(state): State<AppState>) -> Response {
    if state.guards.keys.is_none() {
        return see_other("/ui", None);
    }
    login_page(StatusCode::OK, None)
}

/// A 303 to `to`, setting a cookie when given.
fn see_other(to: &'static str, cookie: Option<String>) -> Response {
    let mut response = (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response();
    if let Some(value) = cookie.and_then(|c| HeaderValue::from_str(&c).ok()) {
        response.headers_mut().insert(header::SET_COOKIE, value);
    }
    response
}

/// Whether a POST comes from the service's own pages (this module's rule).
pub(super) fn same_origin(headers: &HeaderMap) -> bool {
    let text = |name: header::HeaderName| headers.get(name).and_then(|v| v.to_str().ok());
    let site = text(header::HeaderName::from_static("sec-fetch-site"));
    if site.is_some_and(|s| s != "same-origin") {
        return false;
    }
    let origin_ok = match (text(header::ORIGIN), text(header::HOST)) {
        (Some(origin), Some(host)) => origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .is_some_and(|o| o.eq_ignore_ascii_case(host)),
        (Some(_), None) => false,
        (None, _) => site.is_some(),
    };
    origin_ok
}

/// Whether the request came through TLS (a proxy says so): the cookie is
/// then `Secure`.
pub(super) fn over_tls(headers: &HeaderMap) -> bool {
    let said = |name: &str| {
        headers
            .get_all(name)
            .iter()
            .filter_map(|v| v.to_str().ok())
            .any(|v| v.to_ascii_lowercase().contains("https"))
    };
    said("x-forwarded-proto") || said("forwarded")
}

fn cookie(value: &str, headers: &HeaderMap, max_age: Option<u32>) -> String {
    let mut c = format!("{COOKIE}={value}; Path=/ui; HttpOnly; SameSite=Strict");
    if let Some(age) = max_age {
        c.push_str(&format!("; Max-Age={age}"));
    }
    if over_tls(headers) {
        c.push_str("; Secure");
    }
    c
}

fn cross_site() -> UiError {
    UiError(ApiError::Forbidden(
        "this form must be sent from the service's own pages (Origin or Sec-Fetch-Site)".into(),
    ))
}

/// `POST /ui/login`: a form with `token`; a valid key of any role is kept
/// in the cookie.
pub(super) async fn login(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, UiError> {
    if !same_origin(&headers) {
        return Err(cross_site());
    }
    let Some(keys) = &state.guards.keys else {
        return Ok(see_other("/ui", None));
    };
    let fields: Vec<(String, String)> = serde_urlencoded::from_bytes(&body).map_err(|e| {
        UiError(ApiError::BadRequest(format!(
            "the form cannot be read: {e}"
        )))
    })?;
    let token = fields
        .iter()
        .find(|(name, _)| name == "token")
        .map(|(_, v)| v.trim())
        .unwrap_or("");
    // A token a cookie can carry as is (RFC 6265 §4.1.1 cookie-octets).
    let cookie_safe = token
        .bytes()
        .all(|b| b.is_ascii_graphic() && !matches!(b, b'"' | b',' | b';' | b'\\'));
    if token.is_empty() || !cookie_safe || keys.authenticate(token).is_none() {
        return Ok(login_page(
            StatusCode::UNAUTHORIZED,
            Some("That API key is not valid."),
        ));
    }
    Ok(see_other("/ui", Some(cookie(token, &headers, None))))
}

/// `POST /ui/logout`: the cookie cleared.
pub(super) async fn logout(headers: HeaderMap) -> Result<Response, UiError> {
    if !same_origin(&headers) {
        return Err(cross_site());
    }
    Ok(see_other("/ui/login", Some(cookie("", &headers, Some(0)))))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (name, value) in pairs {
            h.append(*name, HeaderValue::from_static(value));
        }
        h
    }

    #[test]
    fn a_post_must_say_it_comes_from_the_same_origin() {
        let host = ("host", "127.0.0.1:8080");
        for (given, ok) in [
            (vec![host, ("origin", "http://127.0.0.1:8080")], true),
            (vec![host, ("origin", "https://127.0.0.1:8080")], true),
            (vec![host, ("sec-fetch-site", "same-origin")], true),
            (
                vec![
                    host,
                    ("sec-fetch-site", "same-origin"),
                    ("origin", "http://127.0.0.1:8080"),
                ],
                true,
            ),
            (vec![host], false),
            (vec![host, ("origin", "http://evil.example")], false),
            (vec![host, ("origin", "null")], false),
            (vec![host, ("sec-fetch-site", "cross-site")], false),
            (
                vec![
                    host,
                    ("sec-fetch-site", "same-site"),
                    ("origin", "http://127.0.0.1:8080"),
                ],
                false,
            ),
        ] {
            assert_eq!(same_origin(&headers(&given)), ok, "{given:?}");
        }
    }

    #[test]
    fn the_cookie_is_read_among_others_and_only_by_its_name() {
        let h = headers(&[("cookie", "a=1; decision_trail_ui=tok; b=2")]);
        assert_eq!(cookie_token(&h), Some("tok"));
        let h = headers(&[("cookie", "xdecision_trail_ui=tok")]);
        assert_eq!(cookie_token(&h), None);
    }

    #[test]
    fn pages_need_a_key_and_the_login_form_does_not() {
        for (path, kind) in [
            ("/", UiPath::Api),
            ("/ui/login", UiPath::Public),
            ("/ui/logout", UiPath::Public),
            ("/ui/assets/style-0.css", UiPath::Public),
            ("/ui", UiPath::Page),
            ("/ui/tasks/t", UiPath::Page),
            ("/uix", UiPath::Api),
            ("/thoughts", UiPath::Api),
        ] {
            assert_eq!(classify(path), kind, "{path}");
        }
    }
}
