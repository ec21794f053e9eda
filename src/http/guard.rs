//! What every request passes before a handler: the concurrency limit, the
//! API key, the rate limit and the time limit — each refusal its own problem.
//! Health checks, the OpenAPI document and the docs are open.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use tokio::sync::Semaphore;

use super::problem::ApiError;
use super::AppState;
use crate::domain::api_keys::{KeyRing, Role};

/// Paths anyone may read, with or without a key, never rate limited: probes
/// and documentation.
pub fn is_open_path(path: &str) -> bool {
    matches!(path, "/healthz" | "/readyz" | "/openapi.json")
        || path == "/docs"
        || path.starts_with("/docs/")
}

/// Who is calling, as the handlers see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Caller {
    /// No keys are configured: anyone may read and write as any agent.
    Open,
    /// A valid API key, bound to an agent.
    Key { agent_id: String, role: Role },
}

impl Caller {
    /// The caller the guard put on the request. None is open only when the
    /// service runs without keys: a keyed service never treats a request that
    /// skipped the guard as open.
    pub fn of(
        found: Option<axum::Extension<Caller>>,
        state: &AppState,
    ) -> Result<Caller, ApiError> {
        match (found, &state.guards.keys) {
            (Some(axum::Extension(c)), _) => Ok(c),
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
    pub per_second: f64,
    pub burst: u32,
}

/// Token buckets by caller (API key's agent, or client address when open).
#[derive(Debug)]
pub struct RateLimiter {
    rate: Rate,
    buckets: Mutex<HashMap<String, Bucket>>,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Past this many buckets, the full ones (indistinguishable from new) are dropped.
const PRUNE_AT: usize = 10_000;

impl RateLimiter {
    pub fn new(rate: Rate) -> RateLimiter {
        RateLimiter {
            rate,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Takes one token from `who`'s bucket, or says how long until one is there.
    pub fn take(&self, who: &str, now: Instant) -> Result<(), Duration> {
        let Rate { per_second, burst } = self.rate;
        let burst = f64::from(burst.max(1));
        let refill = |b: &Bucket| {
            (b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second).min(burst)
        };
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if buckets.len() >= PRUNE_AT && !buckets.contains_key(who) {
            buckets.retain(|_, b| refill(b) < burst);
        }
        let bucket = buckets.entry(who.to_string()).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        let tokens = refill(bucket);
        if tokens >= 1.0 {
            *bucket = Bucket {
                tokens: tokens - 1.0,
                at: now,
            };
            Ok(())
        } else {
            *bucket = Bucket { tokens, at: now };
            Err(Duration::from_secs_f64(
                (1.0 - tokens) / per_second.max(f64::MIN_POSITIVE),
            ))
        }
    }
}

/// The shared state of the guards.
#[derive(Debug)]
pub struct Guards {
    pub keys: Option<KeyRing>,
    /// The Host names an open service answers (DNS-rebinding protection);
    /// None: any. Not checked with keys: a page a browser was lured to has no
    /// token (docs/design.md §3).
    pub allowed_hosts: Option<Vec<String>>,
    /// The service listens on a non-loopback address (`/readyz` says so when
    /// it is also open).
    pub exposed: bool,
    pub rate: Option<RateLimiter>,
    pub in_flight: Arc<Semaphore>,
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

/// The middleware: concurrency, key, rate, then the handler within the time limit.
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
    if let Some(refusal) = super::host::refusal(guards, &req) {
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
    let caller = match authenticate(guards.keys.as_ref(), req.headers()) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    if let Caller::Key { agent_id, .. } = &caller {
        // The request's log lines name the key's agent (router's span).
        tracing::Span::current().record("agent", agent_id.as_str());
    }
    if let Some(limiter) = &guards.rate {
        let who = match &caller {
            Caller::Key { agent_id, .. } => format!("agent {agent_id}"),
            Caller::Open => match req.extensions().get::<ConnectInfo<SocketAddr>>() {
                Some(ConnectInfo(addr)) => format!("address {}", addr.ip()),
                None => "address unknown".to_string(),
            },
        };
        if let Err(wait) = limiter.take(&who, Instant::now()) {
            return ApiError::RateLimited {
                who,
                retry_after: wait.as_secs_f64().ceil().max(1.0) as u64,
            }
            .into_response();
        }
    }
    req.extensions_mut().insert(caller.clone());
    let mut response = run_in_time(limits.request_timeout, next.run(req)).await;
    // The request log counts a client's problems by its agent (access_log).
    response.extensions_mut().insert(caller);
    response
}

async fn run_in_time(
    limit: Duration,
    work: impl std::future::Future<Output = Response>,
) -> Response {
    match tokio::time::timeout(limit, work).await {
        Ok(response) => response,
        Err(_) => ApiError::RequestTimeout {
            seconds: limit.as_secs_f64().ceil() as u64,
        }
        .into_response(),
    }
}

/// The caller of a request: open when no keys are configured; otherwise the
/// bearer token must be one of the keys.
fn authenticate(keys: Option<&KeyRing>, headers: &HeaderMap) -> Result<Caller, ApiError> {
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

    #[test]
    fn a_bucket_allows_its_burst_then_refills_at_its_rate() {
        let limiter = RateLimiter::new(Rate {
            per_second: 2.0,
            burst: 3,
        });
        let t0 = Instant::now();
        for _ in 0..3 {
            assert!(limiter.take("a", t0).is_ok());
        }
        let wait = limiter.take("a", t0).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        assert!(limiter.take("b", t0).is_ok(), "buckets are per caller");
        assert!(limiter.take("a", t0 + Duration::from_millis(500)).is_ok());
        assert!(limiter.take("a", t0 + Duration::from_millis(500)).is_err());
        // Refill never exceeds the burst.
        let later = t0 + Duration::from_secs(60);
        for _ in 0..3 {
            assert!(limiter.take("a", later).is_ok());
        }
        assert!(limiter.take("a", later).is_err());
    }

    #[test]
    fn open_paths_are_the_probes_and_the_docs() {
        for p in [
            "/healthz",
            "/readyz",
            "/openapi.json",
            "/docs",
            "/docs/index.html",
        ] {
            assert!(is_open_path(p), "{p}");
        }
        for p in ["/thoughts", "/docsx", "/tasks", "/log/checkpoint", "/"] {
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
