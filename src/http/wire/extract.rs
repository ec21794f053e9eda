//! The strict JSON body extractor, whose rejections are problems in the
//! service's own shape (query strings: `query`); which media type an
//! `Accept` header asks for.

use axum::extract::{FromRequest, Request};
use axum::http::header::{ACCEPT, CONTENT_LENGTH, CONTENT_TYPE};
use axum::http::HeaderMap;

use crate::domain::json::{JsonValue, ParseErrorKind};
use crate::domain::metadata::MAX_METADATA_DEPTH;
use crate::domain::record::parse_body;
use crate::domain::{json::render_path, FieldError};
use crate::http::problem::ApiError;
use crate::http::AppState;

/// A JSON request body read by the domain's strict reader: `application/json`
/// required, size bounded, duplicate keys and lone surrogates refused.
pub struct JsonBody(pub JsonValue);

impl FromRequest<AppState> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let (value, _) = read_json(req, state.limits.max_body_bytes).await?;
        Ok(JsonBody(value))
    }
}

/// A batch's JSON body, read as [`JsonBody`] is, up to the batch body limit
/// (`--max-batch-body-bytes`); with its size in bytes, which the handler
/// holds to the per-record limit times the batch's count.
pub struct BatchBody(pub JsonValue, pub usize);

impl FromRequest<AppState> for BatchBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let (value, size) = read_json(req, state.limits.max_batch_body_bytes).await?;
        Ok(BatchBody(value, size))
    }
}

/// A JSON body of at most `limit` bytes, read by the domain's strict
/// reader, and its size.
async fn read_json(req: Request, limit: usize) -> Result<(JsonValue, usize), ApiError> {
    let content_type = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    if !is_json_media_type(content_type) {
        return Err(ApiError::UnsupportedMediaType(if content_type.is_empty() {
            "the body must be sent with Content-Type: application/json".into()
        } else {
            format!("Content-Type `{content_type}` is not supported; send application/json")
        }));
    }
    let bytes = read_body(req, limit, ApiError::MalformedJson).await?;
    let text = std::str::from_utf8(&bytes).map_err(|e| {
        ApiError::MalformedJson(format!(
            "the body is not valid UTF-8 (byte {})",
            e.valid_up_to()
        ))
    })?;
    let value = parse_body(text).map_err(|e| match e.kind {
        ParseErrorKind::Syntax(_) => ApiError::MalformedJson(e.to_string()),
        // The text is JSON, but a value in it cannot be accepted: name the field.
        ParseErrorKind::LoneSurrogate
        | ParseErrorKind::DuplicateKey
        | ParseErrorKind::TooDeep { .. } => {
            let message = match e.kind {
                ParseErrorKind::LoneSurrogate => {
                    "contains a lone UTF-16 surrogate escape, which cannot be represented in UTF-8"
                        .to_string()
                }
                ParseErrorKind::DuplicateKey => "is given more than once".to_string(),
                _ => format!("metadata is nested deeper than {MAX_METADATA_DEPTH} levels"),
            };
            ApiError::invalid(vec![FieldError::new(render_path(&e.path), message)])
        }
    })?;
    Ok((value, bytes.len()))
}

/// A JSON body as [`JsonBody`] reads it, or `{}` for a request without a
/// body or Content-Type (a DELETE sent bare): its handler then names the
/// fields that are missing instead of refusing the media type.
pub struct JsonOrEmpty(pub JsonValue);

impl FromRequest<AppState> for JsonOrEmpty {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        if req.headers().contains_key(CONTENT_TYPE) {
            return JsonBody::from_request(req, state)
                .await
                .map(|b| JsonOrEmpty(b.0));
        }
        let bytes = read_body(req, state.limits.max_body_bytes, ApiError::MalformedJson).await?;
        if bytes.is_empty() {
            Ok(JsonOrEmpty(JsonValue::Object(Vec::new())))
        } else {
            Err(ApiError::UnsupportedMediaType(
                "the body must be sent with Content-Type: application/json".into(),
            ))
        }
    }
}

/// A request body of at most `limit` bytes (413 past it, by its declared
/// length or as read); a body that cannot be read is `unreadable`'s problem.
pub(crate) async fn read_body(
    req: Request,
    limit: usize,
    unreadable: fn(String) -> ApiError,
) -> Result<axum::body::Bytes, ApiError> {
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit as u64) {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    axum::body::to_bytes(req.into_body(), limit)
        .await
        .map_err(|e| {
            // A length-limit error is the only kind that wraps LengthLimitError.
            let too_large = std::error::Error::source(&e)
                .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
            if too_large {
                ApiError::PayloadTooLarge { limit }
            } else {
                unreadable(format!("the body could not be read: {e}"))
            }
        })
}

/// A media type without its parameters, lowercase (`type/subtype`).
pub(crate) fn media_type_essence(value: &str) -> String {
    value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase()
}

/// `application/json`, or any `application/*+json`, with or without parameters.
fn is_json_media_type(value: &str) -> bool {
    let essence = media_type_essence(value);
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether the request's `Accept` header names `media` with a nonzero
/// weight (RFC 9110 §12.5.1: `q=0` is "not acceptable").
pub(crate) fn accepts(headers: &HeaderMap, media: &str) -> bool {
    headers
        .get_all(ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|range| {
            let mut parts = range.split(';').map(str::trim);
            let kind = parts.next().unwrap_or_default();
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q == 0.0))
            });
            kind.eq_ignore_ascii_case(media) && !refused
        })
}
