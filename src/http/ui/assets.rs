//! The stylesheet, compiled into the binary and served under a name that
//! carries its content's hash, so that a browser may keep it for good.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::view::UiError;
use crate::http::problem::ApiError;

/// The one stylesheet (`templates/ui/style.css`).
const STYLESHEET: &str = include_str!("../../../templates/ui/style.css");

/// `/ui/assets/style-<first 16 hex digits of its SHA-256>.css`.
static STYLESHEET_PATH: LazyLock<String> = LazyLock::new(|| {
    let digest = hex::encode(Sha256::digest(STYLESHEET.as_bytes()));
    format!("/ui/assets/style-{}.css", &digest[..16])
});

pub(super) fn stylesheet_path() -> &'static str {
    STYLESHEET_PATH.as_str()
}

/// `GET /ui/assets/{name}`: the stylesheet under its current name only.
pub(super) async fn asset(Path(name): Path<String>) -> Result<Response, UiError> {
    if stylesheet_path().rsplit('/').next() != Some(name.as_str()) {
        return Err(UiError(ApiError::NotFound(format!(
            "no asset named `{name}`"
        ))));
    }
    Ok((
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            // The name changes with the content (RFC 8246 immutable).
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        STYLESHEET,
    )
        .into_response())
}
