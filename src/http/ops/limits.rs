//! The limits a request meets, with the defaults `serve` runs with (each has a
//! flag; docs/design.md §3 and the README's configuration table list them).

use std::time::Duration;

use crate::domain::record::{InputLimits, DEFAULT_MAX_CONTENT_BYTES, DEFAULT_MAX_METADATA_BYTES};
use crate::http::ops::guard::Rate;

/// Default limit on a request body, in bytes: room for a 1 MiB content with
/// JSON escaping and metadata.
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// The limits a request meets; the defaults are what `serve` runs with.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Request body, in bytes (413 `payload_too_large`).
    pub max_body_bytes: usize,
    /// A batch's body, in bytes (413 `payload_too_large`); a batch of n
    /// records may also be at most n times `max_body_bytes`.
    pub max_batch_body_bytes: usize,
    /// `content`, in bytes (400 `invalid_params`).
    pub max_content_bytes: usize,
    /// `metadata` in canonical form, in bytes (400 `invalid_params`).
    pub max_metadata_bytes: usize,
    /// Request line and headers, in bytes (431 `headers_too_large`).
    pub max_header_bytes: usize,
    /// Time for a client to send a request head, counted from when the
    /// connection is idle; a silent or idle connection is closed after it.
    pub header_timeout: Duration,
    /// Time to read the body and answer, past the head (408 `request_timeout`);
    /// also how long a response write may wait for a client that does not read.
    pub request_timeout: Duration,
    /// Requests handled at once (503 `concurrency_limit`).
    pub max_in_flight: usize,
    /// Open connections; past it new ones wait to be accepted.
    pub max_connections: usize,
    /// Per API key, or per client address when the service is open (429
    /// `rate_limited`); None: no rate limit.
    pub rate: Option<Rate>,
}

/// Default limit on a batch's body, in bytes.
pub const DEFAULT_MAX_BATCH_BODY_BYTES: usize = 16 * 1024 * 1024;

pub const DEFAULT_MAX_HEADER_BYTES: usize = 16 * 1024;
pub const DEFAULT_HEADER_TIMEOUT: Duration = Duration::from_secs(10);
pub const DEFAULT_REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
pub const DEFAULT_MAX_IN_FLIGHT: usize = 1024;
pub const DEFAULT_MAX_CONNECTIONS: usize = 4096;
pub const DEFAULT_RATE: Rate = Rate {
    per_second: 100.0,
    burst: 200,
};

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_batch_body_bytes: DEFAULT_MAX_BATCH_BODY_BYTES,
            max_content_bytes: DEFAULT_MAX_CONTENT_BYTES,
            max_metadata_bytes: DEFAULT_MAX_METADATA_BYTES,
            max_header_bytes: DEFAULT_MAX_HEADER_BYTES,
            header_timeout: DEFAULT_HEADER_TIMEOUT,
            request_timeout: DEFAULT_REQUEST_TIMEOUT,
            max_in_flight: DEFAULT_MAX_IN_FLIGHT,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            rate: Some(DEFAULT_RATE),
        }
    }
}

impl Limits {
    /// The limits of an append's fields.
    pub fn input(&self) -> InputLimits {
        InputLimits {
            max_content_bytes: self.max_content_bytes,
            max_metadata_bytes: self.max_metadata_bytes,
        }
    }
}
