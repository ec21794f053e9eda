//! Every failure as an RFC 9457 problem (`application/problem+json`) with a
//! stable `code`; validation problems list every bad field.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::FieldError;
use crate::store::StoreError;

pub const PROBLEM_CONTENT_TYPE: &str = "application/problem+json";

/// An RFC 9457 problem detail.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({
    "type": "urn:decision-trail:problem:invalid_params",
    "title": "Invalid parameters",
    "status": 400,
    "detail": "2 fields are invalid",
    "code": "invalid_params",
    "errors": [
        {"field": "type", "message": "must be one of plan, analysis, decision, reflection"},
        {"field": "task_id", "message": "is required"}
    ]
}))]
pub struct Problem {
    /// A URI naming the kind of problem: `urn:decision-trail:problem:<code>`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Short summary of the kind of problem.
    pub title: String,
    /// The HTTP status code.
    pub status: u16,
    /// What went wrong with this request.
    pub detail: String,
    /// Stable machine-readable code: invalid_params, malformed_json, not_found,
    /// method_not_allowed, payload_too_large, unsupported_media_type, conflict,
    /// unavailable, internal.
    pub code: String,
    /// Every bad field, for validation problems.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ProblemField>,
}

/// One bad field: its path (`metadata.a[2]`; empty for the whole body) and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProblemField {
    pub field: String,
    pub message: String,
}

/// The one error type of the HTTP layer; each variant is one problem `code`.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{detail}")]
    InvalidParams {
        detail: String,
        errors: Vec<FieldError>,
    },
    #[error("{0}")]
    MalformedJson(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    MethodNotAllowed(String),
    #[error("the request body is larger than {limit} bytes")]
    PayloadTooLarge { limit: usize },
    #[error("{0}")]
    UnsupportedMediaType(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Unavailable(String),
    /// At capacity: the detail is safe to show, and says to retry.
    #[error("{0}")]
    Overloaded(String),
    #[error("{0}")]
    Internal(String),
}

impl ApiError {
    /// A validation problem naming each bad field.
    pub fn invalid(errors: Vec<FieldError>) -> ApiError {
        let detail = match errors.as_slice() {
            [one] => one.to_string(),
            many => format!("{} fields are invalid", many.len()),
        };
        ApiError::InvalidParams { detail, errors }
    }

    /// Refuses the request when any field is bad, naming them all.
    pub fn refuse_any(errors: Vec<FieldError>) -> Result<(), ApiError> {
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid(errors))
        }
    }

    fn parts(&self) -> (StatusCode, &'static str, &'static str) {
        match self {
            ApiError::InvalidParams { .. } => (
                StatusCode::BAD_REQUEST,
                "invalid_params",
                "Invalid parameters",
            ),
            ApiError::MalformedJson(_) => {
                (StatusCode::BAD_REQUEST, "malformed_json", "Malformed JSON")
            }
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found", "Not found"),
            ApiError::MethodNotAllowed(_) => (
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
                "Method not allowed",
            ),
            ApiError::PayloadTooLarge { .. } => (
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                "Payload too large",
            ),
            ApiError::UnsupportedMediaType(_) => (
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "unsupported_media_type",
                "Unsupported media type",
            ),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict", "Conflict"),
            ApiError::Unavailable(_) | ApiError::Overloaded(_) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "unavailable",
                "Service unavailable",
            ),
            ApiError::Internal(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal",
                "Internal server error",
            ),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> ApiError {
        match e {
            StoreError::UnknownCursor => ApiError::invalid(vec![FieldError::new(
                "after",
                "is not a cursor this service issued for this listing",
            )]),
            StoreError::Conflict(m) => ApiError::Conflict(m),
            StoreError::Unavailable(m) => ApiError::Unavailable(m),
            StoreError::Busy(m) => {
                ApiError::Overloaded(format!("{m}; retry after the Retry-After delay"))
            }
            StoreError::Config(m) | StoreError::Internal(m) => ApiError::Internal(m),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, code, title) = self.parts();
        // A 5xx never leaks internals: the cause goes to the log, not the client.
        let detail = match &self {
            ApiError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                "an internal error occurred; it has been logged".to_string()
            }
            ApiError::Unavailable(cause) => {
                tracing::warn!(%cause, "storage unavailable");
                "the database is unavailable; retry later".to_string()
            }
            other => other.to_string(),
        };
        let errors = match self {
            ApiError::InvalidParams { errors, .. } => errors
                .into_iter()
                .map(|e| ProblemField {
                    field: e.field,
                    message: e.message,
                })
                .collect(),
            _ => Vec::new(),
        };
        let problem = Problem {
            kind: format!("urn:decision-trail:problem:{code}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail,
            code: code.to_string(),
            errors,
        };
        let body = serde_json::to_vec(&problem).expect("a problem always serializes");
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
        );
        if status == StatusCode::SERVICE_UNAVAILABLE {
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        response
    }
}

/// Reusable OpenAPI responses, one per problem status. They only document;
/// `ApiError` builds the actual responses.
pub mod responses {
    #![allow(dead_code)]

    use super::Problem;
    use utoipa::IntoResponses;

    #[derive(IntoResponses)]
    #[response(
        status = 400,
        description = "Invalid input: every bad field is named in `errors` (code `invalid_params`), or the body is not JSON (code `malformed_json`)",
        content_type = "application/problem+json"
    )]
    pub struct BadRequest(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 404,
        description = "Not found (code `not_found`)",
        content_type = "application/problem+json"
    )]
    pub struct NotFound(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 409,
        description = "The append conflicts with the chain as stored (code `conflict`); retry",
        content_type = "application/problem+json"
    )]
    pub struct ConflictResponse(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 413,
        description = "The body is larger than the configured limit (code `payload_too_large`)",
        content_type = "application/problem+json"
    )]
    pub struct PayloadTooLarge(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 415,
        description = "The body is not `application/json` (code `unsupported_media_type`)",
        content_type = "application/problem+json"
    )]
    pub struct UnsupportedMediaType(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 500,
        description = "An internal error; details are logged, not returned (code `internal`)",
        content_type = "application/problem+json"
    )]
    pub struct InternalError(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 503,
        description = "The database is unavailable (code `unavailable`); retry after `Retry-After` seconds",
        content_type = "application/problem+json",
        headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))
    )]
    pub struct Unavailable(Problem);
}
