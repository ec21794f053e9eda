//! The HTTP API (design.md §3): one route table, documented by utoipa from the
//! handlers and their types, served with Swagger UI.

pub mod extract;
pub mod guard;
pub mod health;
pub mod log;
pub mod problem;
pub mod server;
pub mod tasks;
pub mod thoughts;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderName, Method, Uri};
use axum::response::IntoResponse;
use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use crate::domain::keys::KeyRing;
use crate::domain::record::{InputLimits, DEFAULT_MAX_CONTENT_BYTES, DEFAULT_MAX_METADATA_BYTES};
use crate::store::Store;
use guard::{Guards, Rate, RateLimiter};
use problem::ApiError;

/// Default limit on a request body, in bytes: room for a 1 MiB content with
/// JSON escaping and metadata.
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// The limits a request meets; the defaults are what `serve` runs with.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Request body, in bytes (413 `payload_too_large`).
    pub max_body_bytes: usize,
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

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub limits: Limits,
    pub guards: Arc<Guards>,
}

impl AppState {
    /// The state for `store`; `keys` None runs the service open (anyone may
    /// write as any agent).
    pub fn new(store: Arc<Store>, limits: Limits, keys: Option<KeyRing>) -> AppState {
        let max_in_flight = limits.max_in_flight.max(1);
        AppState {
            store,
            guards: Arc::new(Guards {
                keys,
                rate: limits.rate.map(RateLimiter::new),
                in_flight: Arc::new(Semaphore::new(max_in_flight)),
                max_in_flight,
            }),
            limits,
        }
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "decision-trail",
        description = "A tamper-evident decision trail for AI agents. Agents append thought \
records (plan, analysis, decision, reflection) to the chain of the task they work on; each \
record is SHA-256-chained to the one before it, and every record is a leaf of one RFC 9162 \
Merkle log whose signed checkpoints let anyone prove, offline, that nothing was altered, \
dropped or reordered. Every failure is an RFC 9457 problem with a stable `code`."
    ),
    components(schemas(problem::Problem, problem::ProblemField, problem::CurrentHead)),
    tags(
        (name = "thoughts", description = "Append, read and list thought records"),
        (name = "tasks", description = "Task chains: summaries, verification, export"),
        (name = "log", description = "The Merkle log: signed checkpoints and RFC 9162 proofs"),
        (name = "health", description = "Liveness and readiness")
    )
)]
struct ApiDoc;

fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(thoughts::append, thoughts::list))
        .routes(routes!(thoughts::get_one))
        .routes(routes!(thoughts::receipt))
        .routes(routes!(tasks::list))
        .routes(routes!(tasks::get_one))
        .routes(routes!(tasks::verify))
        .routes(routes!(tasks::export))
        .routes(routes!(log::checkpoint))
        .routes(routes!(log::key))
        .routes(routes!(log::inclusion))
        .routes(routes!(log::consistency))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
}

/// Documents what `guard::guard` does: every operation but the open ones takes
/// a bearer key (when keys are configured) and may answer 401, 408, 429 and 503.
struct Guarded;

impl utoipa::Modify for Guarded {
    fn modify(&self, api: &mut utoipa::openapi::OpenApi) {
        use utoipa::openapi::security::{
            Http, HttpAuthScheme, SecurityRequirement, SecurityScheme,
        };
        use utoipa::openapi::{HeaderBuilder, ObjectBuilder, Ref, ResponseBuilder, Type};
        let components = api.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "api_key",
            SecurityScheme::Http(
                Http::builder()
                    .scheme(HttpAuthScheme::Bearer)
                    .description(Some(
                        "An API key made with `decision-trail keys add`. Required only when the \
                         service runs with a keys file; without one it is open.",
                    ))
                    .build(),
            ),
        );
        let problem = |description: &str, header: Option<(&str, &str)>| {
            let mut response = ResponseBuilder::new().description(description).content(
                problem::PROBLEM_CONTENT_TYPE,
                utoipa::openapi::ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("Problem")))
                    .build(),
            );
            if let Some((name, text)) = header {
                response = response.header(
                    name,
                    HeaderBuilder::new()
                        .schema(ObjectBuilder::new().schema_type(Type::String))
                        .description(Some(text))
                        .build(),
                );
            }
            response.build()
        };
        for (path, item) in api.paths.paths.iter_mut() {
            if guard::is_open_path(path) {
                continue;
            }
            for op in [&mut item.get, &mut item.post].into_iter().flatten() {
                // Open when no keys are configured: the empty requirement says so.
                op.security = Some(vec![
                    SecurityRequirement::new("api_key", Vec::<String>::new()),
                    SecurityRequirement::default(),
                ]);
                let responses = &mut op.responses.responses;
                responses.insert("401".into(), problem(
                    "No valid API key: send `Authorization: Bearer <token>` (code `unauthorized`; only when keys are configured)",
                    Some(("WWW-Authenticate", "`Bearer realm=\"decision-trail\"`")),
                ).into());
                responses.insert("408".into(), problem(
                    "The request took longer than the request time limit (code `request_timeout`)",
                    None,
                ).into());
                responses.insert("429".into(), problem(
                    "Over the rate limit of this API key, or of this address when the service is open (code `rate_limited`)",
                    Some(("Retry-After", "Seconds until a request will be accepted")),
                ).into());
                responses.insert("431".into(), problem(
                    "The request line and headers are larger than the limit (code `headers_too_large`)",
                    None,
                ).into());
                if !responses.contains_key("503") {
                    responses.insert("503".into(), problem(
                        "Too many requests in progress (code `concurrency_limit`); retry after `Retry-After` seconds",
                        Some(("Retry-After", "Seconds to wait before retrying")),
                    ).into());
                }
            }
        }
    }
}

/// The OpenAPI document, as generated from the handlers and their types.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut api = routes().split_for_parts().1;
    // After the routes are in: a modifier on ApiDoc would see no paths.
    utoipa::Modify::modify(&Guarded, &mut api);
    api
}

/// The whole application: routes, docs, problem fallbacks, request ids, tracing.
pub fn app(state: AppState) -> Router {
    let router = routes().with_state(state.clone()).split_for_parts().0;
    let api = openapi();
    let request_id = HeaderName::from_static("x-request-id");
    router
        .merge(SwaggerUi::new("/docs").url("/openapi.json", api))
        .fallback(unknown_route)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::middleware::from_fn_with_state(state, guard::guard))
        .layer(
            ServiceBuilder::new()
                .layer(SetRequestIdLayer::new(request_id.clone(), MakeRequestUuid))
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(|req: &Request| {
                            let id = req
                                .headers()
                                .get("x-request-id")
                                .and_then(|v| v.to_str().ok())
                                .unwrap_or("-");
                            tracing::info_span!(
                                "request",
                                method = %req.method(),
                                path = %req.uri().path(),
                                request_id = %id
                            )
                        })
                        .on_response(DefaultOnResponse::new().level(Level::INFO)),
                )
                .layer(PropagateRequestIdLayer::new(request_id))
                .layer(CatchPanicLayer::custom(
                    |_: Box<dyn std::any::Any + Send>| {
                        ApiError::Internal("a handler panicked".into()).into_response()
                    },
                )),
        )
}

async fn unknown_route(uri: Uri) -> ApiError {
    ApiError::NotFound(format!("no route for `{}`", uri.path()))
}

async fn wrong_method(method: Method, uri: Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!(
        "`{method}` is not allowed on `{}`; see /openapi.json",
        uri.path()
    ))
}

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
