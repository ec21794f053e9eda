//! The stylesheet, the icon and the one script, compiled into the binary and served under
//! names that carry their content's hash, so that a browser may keep them
//! for good.

use std::sync::LazyLock;

use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::view::UiError;
use crate::http::problem::ApiError;

/// An asset: its served path, content type and bytes.
struct Asset {
    path: String,
    content_type: &'static str,
    body: &'static str,
}

impl Asset {
    /// `/ui/assets/<stem>-<first 16 hex digits of its SHA-256>.<ext>`.
    fn new(stem: &str, ext: &str, content_type: &'static str, body: &'static str) -> Asset {
        let digest = hex::encode(Sha256::digest(body.as_bytes()));
        Asset {
            path: format!("/ui/assets/{stem}-{}.{ext}", &digest[..16]),
            content_type,
            body,
        }
    }
}

static ASSETS: LazyLock<[Asset; 3]> = LazyLock::new(|| {
    [
        Asset::new(
            "style",
            "css",
            "text/css; charset=utf-8",
            include_str!("../../../templates/ui/style.css"),
        ),
        Asset::new(
            "icon",
            "svg",
            "image/svg+xml",
            include_str!("../../../templates/ui/icon.svg"),
        ),
        Asset::new(
            "keys",
            "js",
            "text/javascript; charset=utf-8",
            include_str!("../../../templates/ui/keys.js"),
        ),
    ]
});

pub(super) fn stylesheet_path() -> &'static str {
    &ASSETS[0].path
}

pub(super) fn icon_path() -> &'static str {
    &ASSETS[1].path
}

pub(super) fn script_path() -> &'static str {
    &ASSETS[2].path
}

/// `GET /ui/assets/{name}`: an asset under its current name only.
pub(super) async fn asset(Path(name): Path<String>) -> Result<Response, UiError> {
    let asset = ASSETS
        .iter()
        .find(|a| a.path.rsplit('/').next() == Some(name.as_str()))
        .ok_or_else(|| UiError(ApiError::NotFound(format!("no asset named `{name}`"))))?;
    Ok((
        [
            (header::CONTENT_TYPE, asset.content_type),
            // The name changes with the content (RFC 8246 immutable).
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        asset.body,
    )
        .into_response())
}
