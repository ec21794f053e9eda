//! Extractors whose rejections are problems in the service's own shape.

use std::collections::HashMap;

use axum::extract::{FromRequest, Request};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};

use super::problem::ApiError;
use super::AppState;
use crate::domain::cursor::{self, CursorKind};
use crate::domain::json::{JsonValue, ParseErrorKind};
use crate::domain::metadata::MAX_METADATA_DEPTH;
use crate::domain::record::parse_body;
use crate::domain::{json::render_path, FieldError};

/// A JSON request body read by the domain's strict reader: `application/json`
/// required, size bounded, duplicate keys and lone surrogates refused.
pub struct JsonBody(pub JsonValue);

impl FromRequest<AppState> for JsonBody {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &AppState) -> Result<Self, Self::Rejection> {
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
        let limit = state.limits.max_body_bytes;
        let declared = req
            .headers()
            .get(CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        if declared.is_some_and(|n| n > limit as u64) {
            return Err(ApiError::PayloadTooLarge { limit });
        }
        let bytes = axum::body::to_bytes(req.into_body(), limit)
            .await
            .map_err(|e| {
                // A length-limit error is the only kind that wraps LengthLimitError.
                let too_large = std::error::Error::source(&e)
                    .is_some_and(|s| s.is::<http_body_util::LengthLimitError>());
                if too_large {
                    ApiError::PayloadTooLarge { limit }
                } else {
                    ApiError::MalformedJson(format!("the body could not be read: {e}"))
                }
            })?;
        let text = std::str::from_utf8(&bytes).map_err(|e| {
            ApiError::MalformedJson(format!(
                "the body is not valid UTF-8 (byte {})",
                e.valid_up_to()
            ))
        })?;
        parse_body(text).map(JsonBody).map_err(|e| match e.kind {
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
        })
    }
}

/// `application/json`, or any `application/*+json`, with or without parameters.
fn is_json_media_type(value: &str) -> bool {
    let essence = value
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

/// Whether every name and value of a query string is UTF-8 once its `%XX`
/// escapes are decoded (RFC 3986 §2.1; WHATWG URL's form encoding is UTF-8).
fn decodes_to_utf8(raw: &str) -> bool {
    raw.split('&').all(|part| {
        let bytes = part.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
                (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                    out.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        std::str::from_utf8(&out).is_ok()
    })
}

/// Query parameters, each given at most once, none outside the allowed names.
pub struct QueryParams(pub HashMap<String, String>);

impl QueryParams {
    /// Parses the query string, adding a problem to `errors` for each unknown or
    /// repeated parameter (a typo such as `taskid=` must not silently list
    /// everything).
    pub fn parse(
        query: Option<&str>,
        allowed: &[&str],
        errors: &mut Vec<FieldError>,
    ) -> QueryParams {
        let raw = query.unwrap_or("");
        if !decodes_to_utf8(raw) {
            // serde_urlencoded would put U+FFFD in place of the bad bytes and
            // search or filter for something nobody asked for.
            errors.push(FieldError::new(
                "",
                "the query string is not UTF-8 once percent-decoded",
            ));
            return QueryParams(HashMap::new());
        }
        let pairs: Vec<(String, String)> = match serde_urlencoded::from_str(raw) {
            Ok(pairs) => pairs,
            Err(e) => {
                errors.push(FieldError::new(
                    "",
                    format!("the query string cannot be read: {e}"),
                ));
                Vec::new()
            }
        };
        let mut params = HashMap::new();
        for (name, value) in pairs {
            if !allowed.contains(&name.as_str()) {
                errors.push(FieldError::new(
                    name,
                    format!("unknown query parameter; allowed: {}", allowed.join(", ")),
                ));
            } else if let std::collections::hash_map::Entry::Vacant(slot) =
                params.entry(name.clone())
            {
                slot.insert(value);
            } else {
                errors.push(FieldError::new(name, "is given more than once"));
            }
        }
        QueryParams(params)
    }
}

/// The paging parameters every listing takes.
pub struct Paging {
    pub limit: u32,
    pub after: Option<String>,
}

pub const DEFAULT_PAGE_LIMIT: u32 = 100;
pub const MAX_PAGE_LIMIT: u32 = 1000;

impl Paging {
    /// Reads `limit` (1..=1000, default 100) and `after` (a cursor of `kind`),
    /// adding problems to `errors`. Whether the cursor names an existing position
    /// is for the store to say.
    pub fn read(params: &QueryParams, kind: CursorKind, errors: &mut Vec<FieldError>) -> Paging {
        Paging::read_bounded(params, kind, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, errors)
    }

    /// As [`Paging::read`], for a listing with its own default and largest
    /// page (search).
    pub fn read_bounded(
        params: &QueryParams,
        kind: CursorKind,
        default: u32,
        max: u32,
        errors: &mut Vec<FieldError>,
    ) -> Paging {
        let limit = match params.0.get("limit") {
            None => default,
            Some(text) => match text.parse::<u32>() {
                Ok(n) if (1..=max).contains(&n) => n,
                _ => {
                    errors.push(FieldError::new(
                        "limit",
                        format!("must be an integer from 1 to {max}, not `{text}`"),
                    ));
                    default
                }
            },
        };
        let after = params.0.get("after").cloned();
        if let Some(token) = &after {
            if cursor::decode(kind, token).is_none() {
                errors.push(FieldError::new(
                    "after",
                    "is not a cursor this service issued for this listing; pass the `next` of a previous page",
                ));
            }
        }
        Paging { limit, after }
    }
}

impl QueryParams {
    /// An optional non-negative integer parameter; a problem is added when it is
    /// not one.
    pub fn u64(&self, name: &str, errors: &mut Vec<FieldError>) -> Option<u64> {
        let text = self.0.get(name)?;
        match text.parse::<u64>() {
            Ok(n) => Some(n),
            Err(_) => {
                errors.push(FieldError::new(
                    name,
                    format!("must be a non-negative integer, not `{text}`"),
                ));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::decodes_to_utf8;

    #[test]
    fn a_query_string_must_decode_to_utf8() {
        for good in ["", "q=a", "q=%E6%95%B0&x=%41", "q=100%", "q=%zz", "q=数"] {
            assert!(decodes_to_utf8(good), "{good}");
        }
        for bad in ["q=%FF", "q=%E6%95", "a=1&q=%C3%28"] {
            assert!(!decodes_to_utf8(bad), "{bad}");
        }
    }
}
