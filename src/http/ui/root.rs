//! `GET /`: a browser (`Accept: text/html`) is sent to the trail browser;
//! anything else gets a small JSON index of where things are.

use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::wire::extract::accepts;

/// Where things are.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({
    "ui": "/ui", "docs": "/docs", "openapi": "/openapi.json",
    "checkpoint": "/log/checkpoint", "metrics": "/metrics"
}))]
pub struct Index {
    /// The trail browser (HTML).
    ui: &'static str,
    /// The API's documentation (Swagger UI).
    docs: &'static str,
    /// The OpenAPI document.
    openapi: &'static str,
    /// The log's newest signed checkpoint.
    checkpoint: &'static str,
    /// The Prometheus metrics.
    metrics: &'static str,
}

/// Whether the client asks for HTML: `text/html` among its `Accept` types,
/// with a nonzero weight (RFC 9110 §12.5.1).
fn wants_html(headers: &HeaderMap) -> bool {
    accepts(headers, "text/html")
}

/// The entry point: a browser to `/ui`, anything else the index of links.
#[utoipa::path(
    get, path = "/", operation_id = "index", tag = "index",
    responses(
        (status = 200, description = "Where things are", body = Index),
        (status = 303, description = "For `Accept: text/html`: to the trail browser",
         headers(("Location" = String, description = "`/ui`")))
    )
)]
pub async fn index(headers: HeaderMap) -> Response {
    if wants_html(&headers) {
        return (StatusCode::SEE_OTHER, [(header::LOCATION, "/ui")]).into_response();
    }
    let mut response = Json(Index {
        ui: "/ui",
        docs: "/docs",
        openapi: "/openapi.json",
        checkpoint: "/log/checkpoint",
        metrics: "/metrics",
    })
    .into_response();
    // The answer depends on Accept (RFC 9110 §12.5.5).
    response
        .headers_mut()
        .insert(header::VARY, header::HeaderValue::from_static("accept"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_client_that_takes_html_is_sent_to_the_browser() {
        for (accept, html) in [
            ("text/html,application/xhtml+xml,*/*;q=0.8", true),
            ("TEXT/HTML", true),
            ("application/json", false),
            ("*/*", false),
            ("text/html;q=0", false),
            ("application/json, text/html;q=0.5", true),
        ] {
            let mut h = HeaderMap::new();
            h.insert(header::ACCEPT, accept.parse().unwrap());
            assert_eq!(wants_html(&h), html, "{accept}");
        }
        assert!(!wants_html(&HeaderMap::new()));
    }
}
