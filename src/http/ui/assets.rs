//! The stylesheet, the icon, the scripts and the JavaScript verifier's
//! modules, compiled into the binary and served under names that carry
//! their content's hash, so that a browser may keep them for good.

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

static ASSETS: LazyLock<[Asset; 4]> = LazyLock::new(|| {
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
        Asset::new(
            "reader",
            "js",
            "text/javascript; charset=utf-8",
            include_str!("../../../templates/ui/reader.js"),
        ),
    ]
});

/// The JavaScript verifier's modules (verifiers/js/src, docs/spec.md), as
/// the package ships them: they import each other by relative name, so they
/// are served together in one folder named by their content's hash.
const VERIFIER_MODULES: [(&str, &str); 5] = [
    (
        "verify.js",
        include_str!("../../../verifiers/js/src/verify.js"),
    ),
    ("json.js", include_str!("../../../verifiers/js/src/json.js")),
    (
        "crypto.js",
        include_str!("../../../verifiers/js/src/crypto.js"),
    ),
    ("note.js", include_str!("../../../verifiers/js/src/note.js")),
    (
        "record.js",
        include_str!("../../../verifiers/js/src/record.js"),
    ),
];

/// `verifier-<first 16 hex digits of the SHA-256 of every module>`.
static VERIFIER_FOLDER: LazyLock<String> = LazyLock::new(|| {
    let mut digest = Sha256::new();
    for (name, body) in VERIFIER_MODULES {
        digest.update(name.as_bytes());
        digest.update([0]);
        digest.update(body.as_bytes());
        digest.update([0]);
    }
    format!("verifier-{}", &hex::encode(digest.finalize())[..16])
});

/// The reader's check's script.
pub(super) fn reader_path() -> &'static str {
    &ASSETS[3].path
}

/// The verifier's entry module: `/ui/assets/verifier-<hash>/verify.js`.
pub(super) fn verifier_path() -> String {
    format!("/ui/assets/{}/verify.js", *VERIFIER_FOLDER)
}

/// `GET /ui/assets/{folder}/{name}`: a module of the verifier under its
/// current folder only.
pub(super) async fn verifier_module(
    Path((folder, name)): Path<(String, String)>,
) -> Result<Response, UiError> {
    let body = VERIFIER_MODULES
        .iter()
        .find(|(n, _)| *n == name && folder == *VERIFIER_FOLDER)
        .map(|(_, body)| *body)
        .ok_or_else(|| {
            UiError(ApiError::NotFound(format!(
                "no asset named `{folder}/{name}`"
            )))
        })?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        body,
    )
        .into_response())
}

/// The stylesheet itself (a page that must stand alone inlines it).
pub(super) fn stylesheet() -> &'static str {
    ASSETS[0].body
}

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
