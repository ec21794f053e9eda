//! Every JSON answer (`application/json`, `application/problem+json`, any
//! `+json`) ends with a newline, as a text answer does: `curl` output then
//! ends its line, and answers can be concatenated as NDJSON. Applied once,
//! around the whole application, so no handler has to remember it.

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};

use crate::http::problem::ApiError;

/// Whether the answer's media type is JSON.
fn is_json(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let media = value.split(';').next().unwrap_or("").trim();
    media.eq_ignore_ascii_case("application/json") || media.ends_with("+json")
}

/// The body with a final newline, without copying when it has room for one.
fn with_newline(bytes: Bytes) -> Bytes {
    if bytes.last() == Some(&b'\n') {
        return bytes;
    }
    let mut owned = bytes
        .try_into_mut()
        .unwrap_or_else(|shared| shared.as_ref().into());
    owned.extend_from_slice(b"\n");
    owned.freeze()
}

/// The response middleware. JSON answers are built whole in memory (only
/// the NDJSON export streams), so reading the body costs no latency.
pub(crate) async fn end_json_with_newline(response: Response) -> Response {
    if !is_json(response.headers()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, usize::MAX).await {
        Ok(b) => b,
        Err(e) => return ApiError::Internal(format!("a JSON answer failed: {e}")).into_response(),
    };
    let bytes = with_newline(bytes);
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_media_types_are_recognised() {
        let mut h = HeaderMap::new();
        for (value, json) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("application/problem+json", true),
            ("text/plain; charset=utf-8", false),
            ("application/x-ndjson", false),
            ("text/event-stream", false),
        ] {
            h.insert(header::CONTENT_TYPE, value.parse().unwrap());
            assert_eq!(is_json(&h), json, "{value}");
        }
        assert!(!is_json(&HeaderMap::new()));
        assert_eq!(with_newline(Bytes::from_static(b"{}")), "{}\n");
        assert_eq!(with_newline(Bytes::from_static(b"{}\n")), "{}\n");
    }
}
