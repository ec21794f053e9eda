//! What every request passes before a handler, in this order, each refusal
//! its own problem (docs/design.md §3):
//!
//! 1. an HTTP/1.1 request carries exactly one `Host` header (RFC 9112 §3.2),
//!    on every path: 400 `malformed_request`;
//! 2. on an open service (no API keys), the `Host` names one of
//!    `--allowed-hosts` (DNS-rebinding protection; `host`): 403 `forbidden`,
//!    on every path but the probes and the OpenAPI document;
//! 3. the open paths (probes, the OpenAPI document, the docs, `/`) go straight to
//!    their handler, under the time limit;
//! 4. a request in flight takes a permit: 503 `concurrency_limit` when none
//!    is left;
//! 5. with API keys configured, a valid bearer key: 401 `unauthorized`; the
//!    caller goes on the request for the handlers (the browser's pages also
//!    take the login cookie on GET, and answer the login form instead; the
//!    login form needs no key: `ui::auth`);
//! 6. the rate limit of the key's agent (or, open, of the client address):
//!    429 `rate_limited` with `Retry-After`;
//! 7. the handler, within the request time limit: 408 `request_timeout`.
//!
//! The refusals for credentials (401, and 403 from the Host rule or a
//! handler's role check) and for the rate limit (429) are counted here
//! (docs/design.md §10).

use std::net::SocketAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::Quota;
use tokio::sync::Semaphore;

use crate::domain::api_keys::Role;
use crate::http::ops::keys::LiveKeys;
use crate::http::ops::metrics;
use crate::http::problem::ApiError;
use crate::http::ui::auth::{authenticate_page, classify, UiPath};
use crate::http::AppState;

/// Paths anyone may read, with or without a key, never counted in flight nor
/// rate limited: probes, documentation, and `/` (a redirect or a few links).
pub fn is_open_path(path: &str) -> bool {
    is_probe_or_document(path) || is_docs_page(path) || path == "/"
}

/// The probes and the OpenAPI document: answered under any Host name.
pub(crate) fn is_probe_or_document(path: &str) -> bool {
    matches!(path, "/healthz" | "/readyz" | "/openapi.json")
}

/// Swagger UI's pages.
pub(crate) fn is_docs_page(path: &str) -> bool {
    path == "/docs" || path.starts_with("/docs/")
}

/// Who is calling, as the handlers see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    /// No keys are configured: anyone may read and write as any agent.
    Open,
    /// A valid API key, bound to an agent.
    Key { agent_id: String, role: Role },
}

/// The caller the guard put on the request. A request without one is open
/// only when the service runs without keys: a keyed service never treats a
/// request that skipped the guard as open.
impl axum::extract::FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &AppState,
    ) -> Result<Caller, ApiError> {
        match (parts.extensions.get::<Caller>(), &state.guards.keys) {
            (Some(caller), _) => Ok(caller.clone()),
            (None, None) => Ok(Caller::Open),
            (None, Some(_)) => Err(ApiError::Internal(
                "a request reached a handler without passing the guard".into(),
            )),
        }
    }
}

/// A token bucket rate: `per_second` tokens refill, at most `burst` held.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// Tokens refilled per second (a request takes one).
    pub per_second: f64,
    /// Tokens a bucket holds at most: requests allowed at once after a pause.
    pub burst: u32,
}

/// A token bucket per caller (API key's agent, or client address when open),
/// as governor's GCRA keeps them.
pub struct RateLimiter<C: Clock = DefaultClock> {
    /// The buckets, keyed by caller.
    limiter: governor::RateLimiter<
        String,
        DefaultKeyedStateStore<String>,
        C,
        NoOpMiddleware<C::Instant>,
    >,
    /// The limiter's clock, to say how long until a refused caller's next token.
    clock: C,
    /// Past this many callers, those whose bucket is full again (as good as
    /// new) are forgotten, so the map stays bounded by the callers active
    /// at once.
    prune_at: AtomicUsize,
}

/// The fewest callers kept before forgetting full buckets.
const PRUNE_AT: usize = 10_000;

impl RateLimiter {
    pub fn new(rate: Rate) -> RateLimiter {
        RateLimiter::with_clock(rate, DefaultClock::default())
    }
}

impl<C: Clock + Clone> RateLimiter<C> {
    fn with_clock(rate: Rate, clock: C) -> RateLimiter<C> {
        let burst = NonZeroU32::new(rate.burst).unwrap_or(NonZeroU32::MIN);
        // One token every 1/per_second seconds, in nanoseconds governor can
        // count up to the burst (a rate of zero or too slow to count refills
        // after the longest of them: never, in practice).
        let longest = (u64::MAX / 4) / u64::from(burst.get());
        let nanos = 1e9 / rate.per_second;
        let period = if nanos.is_finite() && nanos > 0.0 {
            (nanos as u64).clamp(1, longest)
        } else {
            longest
        };
        let quota = Quota::with_period(Duration::from_nanos(period))
            .expect("the period is positive")
            .allow_burst(burst);
        RateLimiter {
            limiter: governor::RateLimiter::hashmap_with_clock(quota, clock.clone()),
            clock,
            prune_at: AtomicUsize::new(PRUNE_AT),
        }
    }

    /// Takes `n` more tokens from `who`'s bucket (a batch's records past
    /// the request's own), or says how long until they are there; None when
    /// the bucket never holds `n`.
    pub fn take_more(&self, who: &str, n: u32) -> Result<(), Option<Duration>> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        match self.limiter.check_key_n(&who.to_string(), n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(Some(not_until.wait_time_from(self.clock.now()))),
            Err(_) => Err(None),
        }
    }

    /// Takes one token from `who`'s bucket, or says how long until one is there.
    pub fn take(&self, who: &str) -> Result<(), Duration> {
        if self.limiter.len() >= self.prune_at.load(Ordering::Relaxed) {
            self.limiter.retain_recent();
            let kept = self.limiter.len();
            self.prune_at
                .store(PRUNE_AT.max(kept.saturating_mul(2)), Ordering::Relaxed);
        }
        self.limiter
            .check_key(&who.to_string())
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

impl<C: Clock> std::fmt::Debug for RateLimiter<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RateLimiter").finish_non_exhaustive()
    }
}

/// The rate limit's bucket the request was counted in: a batch takes a
/// token per record from it.
#[derive(Clone, Debug)]
pub(crate) struct RateBucket(pub(crate) String);

/// The shared state of the guards.
#[derive(Debug)]
pub struct Guards {
    /// The API keys in force (reloaded as the keys file changes); None
    /// runs the service open.
    pub keys: Option<LiveKeys>,
    /// The Host names an open service answers (DNS-rebinding protection);
    /// None: any. Not checked with keys: a page a browser was lured to has no
    /// token (docs/design.md §3).
    pub allowed_hosts: Option<Vec<String>>,
    /// The service listens on a non-loopback address (`/readyz` says so when
    /// it is also open).
    pub exposed: bool,
    /// The rate limit per caller; None: no rate limit.
    pub rate: Option<RateLimiter>,
    /// A permit per request in flight (503 `concurrency_limit` when none is left).
    pub in_flight: Arc<Semaphore>,
    /// The permits there are, to say so in the problem.
    pub max_in_flight: usize,
}

/// The name of a Host header's value, without its port: `[::1]:8080` is
/// `::1`, `localhost:8080` is `localhost`.
pub fn host_name(host: &str) -> &str {
    if let Some(rest) = host.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => {
            name
        }
        _ => host,
    }
}

/// The middleware: the checks of this module's list, in its order.
pub async fn guard(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let limits = state.limits;
    let guards = &state.guards;
    // RFC 9112 §3.2: an HTTP/1.1 request has exactly one Host header.
    let hosts = req
        .headers()
        .get_all(axum::http::header::HOST)
        .iter()
        .count();
    if req.version() == axum::http::Version::HTTP_11 && hosts != 1 {
        return ApiError::BadRequest(if hosts == 0 {
            "an HTTP/1.1 request needs a Host header (RFC 9112 §3.2)".into()
        } else {
            format!("an HTTP/1.1 request has exactly one Host header, not {hosts} (RFC 9112 §3.2)")
        })
        .into_response();
    }
    if let Some(refusal) = crate::http::ops::host::refusal(guards, &req) {
        metrics::auth_failure(refusal.status().as_u16());
        return refusal;
    }
    if is_open_path(req.uri().path()) {
        return run_in_time(limits.request_timeout, next.run(req)).await;
    }
    let Ok(_permit) = guards.in_flight.clone().try_acquire_owned() else {
        return ApiError::ConcurrencyLimit {
            limit: guards.max_in_flight,
        }
        .into_response();
    };
    // The browser's pages also take the login cookie; its login form needs
    // no key (http::ui::auth).
    let caller = match classify(req.uri().path()) {
        UiPath::Public => None,
        UiPath::Page => match &guards.keys {
            None => Some(Caller::Open),
            Some(keys) => {
                let api = || authenticate(Some(keys), req.headers());
                match authenticate_page(keys, req.method(), req.headers(), api) {
                    Ok(c) => Some(c),
                    Err(refusal) => return *refusal,
                }
            }
        },
        UiPath::Api => match authenticate(guards.keys.as_ref(), req.headers()) {
            Ok(c) => Some(c),
            Err(e) => {
                metrics::auth_failure(401);
                return e.into_response();
            }
        },
    };
    if let Some(Caller::Key { agent_id, .. }) = &caller {
        // The request's log lines name the key's agent (router's span).
        tracing::Span::current().record("agent", agent_id.as_str());
    }
    if let Some(limiter) = &guards.rate {
        let who = match &caller {
            Some(Caller::Key { agent_id, .. }) => format!("agent {agent_id}"),
            Some(Caller::Open) | None => match req.extensions().get::<ConnectInfo<SocketAddr>>() {
                Some(ConnectInfo(addr)) => format!("address {}", addr.ip()),
                None => "address unknown".to_string(),
            },
        };
        if let Err(wait) = limiter.take(&who) {
            metrics::rate_limited();
            return ApiError::RateLimited {
                who,
                retry_after: wait.as_secs_f64().ceil().max(1.0) as u64,
            }
            .into_response();
        }
        // A batch counts its records against the same bucket (http::api::batch).
        req.extensions_mut().insert(RateBucket(who));
    }
    let Some(caller) = caller else {
        return run_in_time(limits.request_timeout, next.run(req)).await;
    };
    req.extensions_mut().insert(caller.clone());
    let mut response = run_in_time(limits.request_timeout, next.run(req)).await;
    if response.status() == axum::http::StatusCode::FORBIDDEN {
        // A handler's role check: a reader key writing, another agent's id.
        metrics::auth_failure(403);
    }
    // The request log counts a client's problems by its agent (access_log).
    response.extensions_mut().insert(caller);
    response
}

async fn run_in_time(
    limit: Duration,
    work: impl std::future::Future<Output = Response>,
) -> Response {
    match crate::http::ops::clock::timeout(limit, work).await {
        Some(response) => response,
        None => ApiError::RequestTimeout {
            seconds: limit.as_secs_f64().ceil() as u64,
        }
        .into_response(),
    }
}

/// The caller of a request: open when no keys are configured; otherwise the
/// bearer token must be one of the keys.
fn authenticate(keys: Option<&LiveKeys>, headers: &HeaderMap) -> Result<Caller, ApiError> {
    let Some(keys) = keys else {
        return Ok(Caller::Open);
    };
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Err(ApiError::Unauthorized {
            detail: "an API key is required: send `Authorization: Bearer <token>`".into(),
            token_given: false,
        });
    };
    let token = value
        .to_str()
        .ok()
        .and_then(|v| {
            let (scheme, token) = v.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
        })
        .ok_or_else(|| ApiError::Unauthorized {
            detail: "the Authorization header must be `Bearer <token>`".into(),
            token_given: true,
        })?;
    match keys.authenticate(token) {
        Some(entry) => Ok(Caller::Key {
            agent_id: entry.agent_id.clone(),
            role: entry.role,
        }),
        None => Err(ApiError::Unauthorized {
            detail: "the API key is not valid".into(),
            token_given: true,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use governor::clock::FakeRelativeClock;

    #[test]
    fn a_bucket_allows_its_burst_then_refills_at_its_rate() {
        let clock = FakeRelativeClock::default();
        let rate = Rate {
            per_second: 2.0,
            burst: 3,
        };
        let limiter = RateLimiter::with_clock(rate, clock.clone());
        for _ in 0..3 {
            assert!(limiter.take("a").is_ok());
        }
        let wait = limiter.take("a").unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        assert!(limiter.take("b").is_ok(), "buckets are per caller");
        clock.advance(Duration::from_millis(500));
        assert!(limiter.take("a").is_ok());
        assert!(limiter.take("a").is_err());
        // Refill never exceeds the burst.
        clock.advance(Duration::from_secs(60));
        for _ in 0..3 {
            assert!(limiter.take("a").is_ok());
        }
        assert!(limiter.take("a").is_err());
    }

    #[test]
    fn full_buckets_are_forgotten_past_the_prune_size() {
        let clock = FakeRelativeClock::default();
        let rate = Rate {
            per_second: 1.0,
            burst: 1,
        };
        let limiter = RateLimiter::with_clock(rate, clock.clone());
        for i in 0..PRUNE_AT {
            assert!(limiter.take(&format!("caller {i}")).is_ok());
        }
        clock.advance(Duration::from_secs(2));
        assert!(limiter.take("one more").is_ok());
        assert_eq!(limiter.limiter.len(), 1, "only the new caller is kept");
    }

    #[test]
    fn open_paths_are_the_probes_and_the_docs() {
        for p in [
            "/healthz",
            "/readyz",
            "/openapi.json",
            "/docs",
            "/docs/index.html",
            "/",
        ] {
            assert!(is_open_path(p), "{p}");
        }
        for p in [
            "/thoughts",
            "/docsx",
            "/tasks",
            "/log/checkpoint",
            "/ui",
            "//",
        ] {
            assert!(!is_open_path(p), "{p}");
        }
        for (host, name) in [
            ("localhost:8080", "localhost"),
            ("127.0.0.1", "127.0.0.1"),
            ("[::1]:80", "::1"),
            ("::1", "::1"),
            ("Evil.Example:443", "Evil.Example"),
        ] {
            assert_eq!(host_name(host), name);
        }
    }
}
