//! The HTTP API (docs/design.md §3), in rooms by job:
//!
//! - `router`: the one route table and the layers around it; `openapi`: the
//!   document generated from it, and docs-only schemas; `server`: the hyper
//!   accept loop (header deadline, connection cap); `problem`: RFC 9457
//!   problem bodies, the one error type;
//! - `wire`: what crosses the wire, read and documented once: one type per
//!   value rule, the strict JSON body extractor (`wire::extract`) and the
//!   strict query extractor and paging (`wire::query`);
//! - `api`: the operations on records (records, batches, tasks, trees,
//!   search, erasure, oversight, evidence, capabilities), each handler next
//!   to its request and response types;
//! - `log`: the Merkle log as served (`/log`, tlog-tiles, receipts, provable
//!   time), the witnesses it asks, and the witness server of `decision-trail
//!   witness` (its own application, not a route of the service's);
//! - `ops`: what every request passes (guard, keys, Host rule, limits, the
//!   server's clock) and what an operator reads (access log, health,
//!   `/metrics`);
//! - `ui`: the trail browser, HTML pages at `/ui` (not in the OpenAPI
//!   document), and `GET /`; `mcp`: the same operations as MCP tools at
//!   `/mcp`; `otlp`: OTLP/HTTP trace exports at `/v1/traces`, their agents'
//!   spans made records (otlp mapping v2).
//!
//! Handlers never import `router` or `openapi`: the route table looks at
//! the handlers, not the other way.

mod api;
pub mod log;
mod mcp;
mod openapi;
pub mod ops;
mod otlp;
pub(crate) mod problem;
mod router;
mod server;
mod ui;
mod wire;

pub use openapi::openapi;
pub use ops::limits::*;
pub use router::app;

use std::future::Future;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::domain::api_keys::KeyRing;
use crate::store::Store;
use ops::guard::{Guards, RateLimiter};

/// What every handler shares: one reference count, so that the copy each
/// extractor and middleware takes costs one atomic step, not one per part.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The parts of [`AppState`].
pub struct Shared {
    pub store: Arc<Store>,
    pub limits: Limits,
    pub guards: Guards,
    /// The trail browser's last chain walk of each task (its list's badges).
    pub(crate) verdicts: ui::Verdicts,
    /// The overview's counts of the last day's records, kept up to date
    /// from the log's tail.
    pub(crate) activity: ui::Activity,
    /// OTLP exports refused in whole or part, by client, since each one's
    /// last WARN line.
    pub(crate) otlp_refusals: ops::access_log::ProblemTally,
    /// The witnesses this log asks to cosign, with `--witness-policy`.
    pub witnessing: Option<Arc<log::witnessing::Witnessing>>,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// The state for `store`; `keys` None runs the service open (anyone may
    /// write as any agent).
    pub fn new(store: Arc<Store>, limits: Limits, keys: Option<KeyRing>) -> AppState {
        let max_in_flight = limits.max_in_flight.max(1);
        AppState(Arc::new(Shared {
            store,
            guards: Guards {
                keys: keys.map(ops::keys::LiveKeys::new),
                allowed_hosts: Some(
                    DEFAULT_ALLOWED_HOSTS
                        .split(',')
                        .map(str::to_string)
                        .collect(),
                ),
                exposed: false,
                rate: limits.rate.map(RateLimiter::new),
                in_flight: Arc::new(Semaphore::new(max_in_flight)),
                max_in_flight,
            },
            verdicts: Default::default(),
            activity: Default::default(),
            otlp_refusals: Default::default(),
            limits,
            witnessing: None,
        }))
    }

    /// The parts, while the state is being built (before it is shared).
    fn building(&mut self) -> &mut Shared {
        Arc::get_mut(&mut self.0).expect("the state is not shared yet")
    }

    /// Serves the checkpoints witnessed under `witnessing`'s policy.
    pub fn with_witnessing(mut self, witnessing: Arc<log::witnessing::Witnessing>) -> AppState {
        self.building().witnessing = Some(witnessing);
        self
    }

    /// The checkpoint a proof of leaf `log_index` is given against: the
    /// newest witnessed one when it covers the leaf, else the newest signed
    /// one that does; and whether it is witnessed.
    pub async fn checkpoint_for(
        &self,
        log_index: u64,
    ) -> Result<(crate::store::SignedCheckpoint, bool), crate::store::StoreError> {
        if let Some(witnessing) = &self.witnessing {
            if let Some(witnessed) = witnessing.current(&self.store).await? {
                if log_index < witnessed.tree_size {
                    return Ok(((*witnessed).clone(), true));
                }
            }
        }
        Ok((self.store.checkpoint_covering(log_index).await?, false))
    }

    /// Which Host names the service answers (probes and docs aside): None
    /// for any.
    pub fn with_allowed_hosts(mut self, hosts: Option<Vec<String>>) -> AppState {
        self.building().guards.allowed_hosts = hosts;
        self
    }

    /// Whether the service listens on a non-loopback address: without keys it
    /// is then open to the network, and `/readyz` says so.
    pub fn with_exposed(mut self, exposed: bool) -> AppState {
        self.building().guards.exposed = exposed;
        self
    }
}

/// What an open service on a non-loopback address says, at start (WARN) and
/// in `/readyz`'s `detail` (docs/design.md §3, "Open and exposed").
pub const OPEN_AND_EXPOSED: &str =
    "open: this service has no API keys and listens on a non-loopback address (--open); \
     anyone who can reach it may write as any agent";

/// A path segment: every byte but the unreserved ones (RFC 3986 §2.3)
/// percent-encoded.
pub fn path_segment(segment: &str) -> String {
    segment
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The Host names the service answers by default: loopback only, so that a
/// web page cannot reach a local service through DNS rebinding (the MCP
/// specification's advice for Streamable HTTP, and as true of the REST API).
pub const DEFAULT_ALLOWED_HOSTS: &str = "localhost,127.0.0.1,::1";

/// Serves `app(state)` on `listener` until `shutdown` resolves; then lets the
/// requests in flight finish (their appends included), and closes the store.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let store = state.store.clone();
    let limits = state.limits;
    let served = server::run(listener, app(state), limits, shutdown).await;
    store.close().await;
    served
}

/// A future that resolves on SIGTERM or Ctrl-C (SIGINT). The handlers are
/// installed now, not when the future is first polled, so a signal that arrives
/// as soon as the service announces itself is not lost to the default action.
#[cfg(unix)]
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut terminate = signal(SignalKind::terminate())?;
    let mut interrupt = signal(SignalKind::interrupt())?;
    Ok(async move {
        tokio::select! {
            _ = terminate.recv() => tracing::info!("SIGTERM received; finishing requests in flight"),
            _ = interrupt.recv() => tracing::info!("Ctrl-C received; finishing requests in flight"),
        }
    })
}

/// A future that resolves on Ctrl-C.
#[cfg(not(unix))]
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()> + Send + 'static> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("Ctrl-C received; finishing requests in flight");
    })
}
