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
    /// Stable machine-readable code: invalid_params, malformed_json,
    /// malformed_request, unauthorized, forbidden, not_found, method_not_allowed,
    /// not_acceptable, request_timeout, conflict, not_erasable, task_held, not_signed, inconsistent, head_moved, payload_too_large,
    /// log_altered, store_altered, index_altered,
    /// unsupported_media_type, idempotency_key_reused, rate_limited,
    /// headers_too_large, uri_too_long, internal, unavailable, concurrency_limit.
    pub code: String,
    /// Every bad field, for validation problems.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<ProblemField>,
    /// The chain's head as it is, for `head_moved`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_head: Option<CurrentHead>,
}

/// A chain's head when a conditional append was refused: pass `head_hash` as
/// `expected_prev_hash` to append after it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CurrentHead {
    pub task_id: String,
    /// Hash of the chain's last record; 64 zeros when the chain is empty.
    #[schema(value_type = super::wire::HashHex)]
    pub head_hash: String,
    /// Records in the chain.
    pub length: u64,
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
    /// An erasure of a record whose hash covers its content.
    #[error("{0}")]
    NotErasable(String),
    /// An erasure in a task under a legal hold.
    #[error("{0}")]
    TaskHeld(String),
    /// A proof asked for a record that no signed checkpoint covers.
    #[error("{0}")]
    NotSigned(String),
    /// A witness's refusal of a checkpoint whose consistency proof does not
    /// verify (C2SP tlog-witness: 422).
    #[error("{0}")]
    Inconsistent(String),
    /// A conditional append whose `expected_prev_hash` is not the head.
    #[error("`expected_prev_hash` is not the head of `{task_id}`: another record was appended; the head is {head_hash} (length {length})")]
    HeadMoved {
        task_id: String,
        head_hash: String,
        length: u64,
    },
    /// An `Idempotency-Key` already used for another request.
    #[error("Idempotency-Key `{idempotency_key}` was used for a different request; use a new key for a new record")]
    IdempotencyKeyReused { idempotency_key: String },
    /// No valid bearer token; `token_given` says whether one was sent at all.
    #[error("{detail}")]
    Unauthorized { detail: String, token_given: bool },
    #[error("{0}")]
    Forbidden(String),
    #[error("too many requests for {who}; retry after {retry_after} s")]
    RateLimited { who: String, retry_after: u64 },
    #[error("the request took longer than {seconds} s; if it was an append, retry it with the same Idempotency-Key")]
    RequestTimeout { seconds: u64 },
    #[error("{limit} requests are already in progress; retry after the Retry-After delay")]
    ConcurrencyLimit { limit: usize },
    /// The request line and headers exceed the limit (answered for hyper).
    #[error("the request line and headers are larger than {limit} bytes")]
    HeadersTooLarge { limit: usize },
    #[error("the request target is longer than the HTTP parser accepts (65,534 bytes)")]
    UriTooLong,
    #[error("the request is not valid HTTP/1.1 (request line or a header cannot be parsed)")]
    MalformedRequest,
    /// A request that cannot be served as sent (an HTTP/1.1 request without
    /// exactly one Host header, RFC 9112 §3.2; an MCP message the SDK refused).
    #[error("{0}")]
    BadRequest(String),
    /// No representation the client accepts (`/mcp` needs JSON and SSE).
    #[error("{0}")]
    NotAcceptable(String),
    #[error("{0}")]
    Unavailable(String),
    /// The log in the database was altered by something other than its
    /// writers: nothing is appended or signed until an operator looks.
    #[error("{0}")]
    LogAltered(String),
    /// A row of the database read back is not what the service wrote: this
    /// request fails, nothing else does.
    #[error("{0}")]
    StoreAltered(String),
    /// The search index is not the records': searches wait while it is
    /// rebuilt from them.
    #[error("{0}")]
    IndexAltered(String),
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
            many => format!(
                "{} are invalid",
                crate::domain::count(many.len() as u64, "field")
            ),
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

    /// The status it answers with.
    pub(crate) fn status(&self) -> StatusCode {
        self.parts().0
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
            ApiError::NotAcceptable(_) => (
                StatusCode::NOT_ACCEPTABLE,
                "not_acceptable",
                "Not acceptable",
            ),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict", "Conflict"),
            ApiError::NotErasable(_) => (
                StatusCode::CONFLICT,
                "not_erasable",
                "The record is not erasable",
            ),
            ApiError::TaskHeld(_) => (
                StatusCode::CONFLICT,
                "task_held",
                "The task is under a legal hold",
            ),
            ApiError::NotSigned(_) => (
                StatusCode::CONFLICT,
                "not_signed",
                "No signed checkpoint covers the record",
            ),
            ApiError::Inconsistent(_) => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "inconsistent",
                "Not consistent with the checkpoint cosigned before",
            ),
            ApiError::HeadMoved { .. } => (
                StatusCode::CONFLICT,
                "head_moved",
                "The chain's head is not the expected one",
            ),
            ApiError::IdempotencyKeyReused { .. } => (
                StatusCode::UNPROCESSABLE_ENTITY,
                "idempotency_key_reused",
                "Idempotency key reused",
            ),
            ApiError::Unauthorized { .. } => {
                (StatusCode::UNAUTHORIZED, "unauthorized", "Unauthorized")
            }
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden", "Forbidden"),
            ApiError::RateLimited { .. } => (
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "Too many requests",
            ),
            ApiError::RequestTimeout { .. } => (
                StatusCode::REQUEST_TIMEOUT,
                "request_timeout",
                "Request timeout",
            ),
            ApiError::HeadersTooLarge { .. } => (
                StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
                "headers_too_large",
                "Request headers too large",
            ),
            ApiError::UriTooLong => (StatusCode::URI_TOO_LONG, "uri_too_long", "URI too long"),
            ApiError::MalformedRequest | ApiError::BadRequest(_) => (
                StatusCode::BAD_REQUEST,
                "malformed_request",
                "Malformed HTTP request",
            ),
            ApiError::ConcurrencyLimit { .. } => (
                StatusCode::SERVICE_UNAVAILABLE,
                "concurrency_limit",
                "Too many requests in progress",
            ),
            ApiError::LogAltered(_) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "log_altered",
                "The log in the database was altered",
            ),
            ApiError::StoreAltered(_) => (
                StatusCode::INTERNAL_SERVER_ERROR,
                "store_altered",
                "A stored row is not what the service wrote",
            ),
            ApiError::IndexAltered(_) => (
                StatusCode::SERVICE_UNAVAILABLE,
                "index_altered",
                "The search index was altered",
            ),
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
            StoreError::SearchCursorGone => ApiError::invalid(vec![FieldError::new(
                "after",
                format!(
                    "is not a cursor of this search, or has expired (a search's pages are kept \
                     {} minutes by the instance that answered its first page): search again",
                    crate::store::SEARCH_KEPT_FOR.as_secs() / 60
                ),
            )]),
            StoreError::Conflict(cause) => {
                // The database's own words (a constraint, a trigger) stay in
                // the log: the client is told what happened, not how.
                tracing::warn!(%cause, "an append conflicted with the database");
                ApiError::Conflict(
                    "the append conflicts with the chain or the log as stored (another writer \
                     moved them); retry it, with the same Idempotency-Key"
                        .into(),
                )
            }
            e @ StoreError::NotSigned { .. } => ApiError::NotSigned(e.to_string()),
            StoreError::LogAltered(why) => {
                tracing::error!(%why, "the log in the database was altered");
                ApiError::LogAltered(
                    "the log in the database holds what this service did not write; nothing is \
                     appended or signed until an operator checks it (the service's log says \
                     where)"
                        .into(),
                )
            }
            StoreError::RowAltered(why) => {
                tracing::error!(%why, "SECURITY: a row read back from the database is not what the service wrote");
                ApiError::StoreAltered(why)
            }
            // Said at ERROR where it was found (once); the records are intact.
            StoreError::IndexAltered(_) => ApiError::IndexAltered(
                "the search index is not what the service wrote (the database was altered); \
                 it is being rebuilt from the records, and searches are answered again once it \
                 covers the log (the service's log says what was found)"
                    .into(),
            ),
            StoreError::HeadMoved {
                task_id,
                head_hash,
                length,
            } => ApiError::HeadMoved {
                task_id,
                head_hash,
                length,
            },
            StoreError::IdempotencyKeyReused { idempotency_key } => {
                ApiError::IdempotencyKeyReused { idempotency_key }
            }
            StoreError::Unavailable(m) => ApiError::Unavailable(m),
            StoreError::NotErasable(m) => ApiError::NotErasable(m),
            StoreError::Held(m) => ApiError::TaskHeld(m),
            // Safe to show (no path), and what an operator needs to know.
            e @ StoreError::NoRoom { .. } => {
                ApiError::Overloaded(format!("not ready: {e} (--min-free-bytes)"))
            }
            StoreError::Busy(m) => {
                ApiError::Overloaded(format!("{m}; retry after the Retry-After delay"))
            }
            StoreError::Config(m) | StoreError::Internal(m) => ApiError::Internal(m),
        }
    }
}

impl ApiError {
    /// The whole HTTP/1.1 response, as bytes, for refusals made before a
    /// request reaches the router (the connection is closed after it).
    pub fn raw_response(self) -> Vec<u8> {
        let (status, problem) = self.into_problem();
        let mut body = serde_json::to_vec(&problem).expect("a problem always serializes");
        // As every JSON answer (newline.rs).
        body.push(b'\n');
        let mut out = format!(
            "HTTP/1.1 {} {}\r\ncontent-type: {PROBLEM_CONTENT_TYPE}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
            status.as_u16(),
            status.canonical_reason().unwrap_or(""),
            body.len()
        )
        .into_bytes();
        out.extend_from_slice(&body);
        out
    }

    /// The problem body, and its status. A 5xx never leaks internals: the
    /// cause goes to the log, not the client.
    pub(crate) fn into_problem(self) -> (StatusCode, Problem) {
        match &self {
            ApiError::Internal(cause) => tracing::error!(%cause, "internal error"),
            ApiError::Unavailable(cause) => tracing::warn!(%cause, "storage unavailable"),
            _ => {}
        }
        self.problem()
    }

    /// The problem body as JSON, for the OpenAPI document's examples; nothing
    /// is logged.
    pub(crate) fn example(self) -> serde_json::Value {
        serde_json::to_value(self.problem().1).expect("a problem always serializes")
    }

    /// The problem body and its status, as the client sees them.
    fn problem(self) -> (StatusCode, Problem) {
        let (status, code, title) = self.parts();
        let detail = match &self {
            ApiError::Internal(_) => "an internal error occurred; it has been logged".to_string(),
            ApiError::Unavailable(_) => "the database is unavailable; retry later".to_string(),
            other => other.to_string(),
        };
        let (errors, current_head) = match self {
            ApiError::InvalidParams { errors, .. } => (
                errors
                    .into_iter()
                    .map(|e| ProblemField {
                        field: e.field,
                        message: e.message,
                    })
                    .collect(),
                None,
            ),
            ApiError::HeadMoved {
                task_id,
                head_hash,
                length,
            } => (
                Vec::new(),
                Some(CurrentHead {
                    task_id,
                    head_hash,
                    length,
                }),
            ),
            _ => (Vec::new(), None),
        };
        let problem = Problem {
            kind: format!("urn:decision-trail:problem:{code}"),
            title: title.to_string(),
            status: status.as_u16(),
            detail,
            code: code.to_string(),
            errors,
            current_head,
        };
        (status, problem)
    }

    /// Headers some problems carry besides the content type.
    fn extra_headers(&self) -> Vec<(header::HeaderName, HeaderValue)> {
        match self {
            ApiError::Unauthorized { token_given, .. } => vec![(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static(if *token_given {
                    r#"Bearer realm="decision-trail", error="invalid_token""#
                } else {
                    r#"Bearer realm="decision-trail""#
                }),
            )],
            ApiError::RateLimited { retry_after, .. } => {
                vec![(header::RETRY_AFTER, HeaderValue::from(*retry_after))]
            }
            // The connection may be the slow part; do not keep it.
            ApiError::RequestTimeout { .. } => {
                vec![(header::CONNECTION, HeaderValue::from_static("close"))]
            }
            _ if self.parts().0 == StatusCode::SERVICE_UNAVAILABLE => {
                vec![(header::RETRY_AFTER, HeaderValue::from_static("1"))]
            }
            _ => Vec::new(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let extra_headers = self.extra_headers();
        let (status, problem) = self.into_problem();
        let body = serde_json::to_vec(&problem).expect("a problem always serializes");
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(PROBLEM_CONTENT_TYPE),
        );
        for (name, value) in extra_headers {
            headers.insert(name, value);
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
        description = "`expected_prev_hash` is not the chain's head (code `head_moved`; `current_head` says what it is), or the append conflicts with the chain as stored (code `conflict`; retry)",
        content_type = "application/problem+json"
    )]
    pub struct ConflictResponse(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 409,
        description = "No signed checkpoint covers the record (code `not_signed`): every stored record should be, so it was not written by the log's writer",
        content_type = "application/problem+json"
    )]
    pub struct NotSignedResponse(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 409,
        description = "The record is not erasable: its hash covers its content (code `not_erasable`), or its task is under a legal hold (code `task_held`)",
        content_type = "application/problem+json"
    )]
    pub struct ErasureConflict(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 403,
        description = "Erasing content and legal holds need an admin key (code `forbidden`), or a body `agent_id` other than the key's",
        content_type = "application/problem+json"
    )]
    pub struct AdminOnly(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 403,
        description = "The API key may not do this: a reader key writing (appending, storing a snapshot), or a body `agent_id` other than the key's (code `forbidden`)",
        content_type = "application/problem+json"
    )]
    pub struct Forbidden(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 422,
        description = "The `Idempotency-Key` was used for a different request (code `idempotency_key_reused`)",
        content_type = "application/problem+json"
    )]
    pub struct KeyReused(Problem);

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
        description = "An internal error; details are logged, not returned (code `internal`), or a row read back from the database is not what the service wrote, and this request alone fails (code `store_altered`)",
        content_type = "application/problem+json"
    )]
    pub struct InternalError(Problem);

    #[derive(IntoResponses)]
    #[response(
        status = 503,
        description = "The database is unavailable or the append queue is full (code `unavailable`), too many requests are in progress (code `concurrency_limit`), the log in the database holds rows no writer of the log signed (code `log_altered`: nothing is appended until it does not), or the search index is not what the service wrote (code `index_altered`: searches wait while it is rebuilt from the records); retry after `Retry-After` seconds",
        content_type = "application/problem+json",
        headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))
    )]
    pub struct Unavailable(Problem);
}
