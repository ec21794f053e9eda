//! The HTTP API (design.md §3): one route table, documented by utoipa from the
//! handlers and their types, served with Swagger UI.

pub mod extract;
pub mod health;
pub mod log;
pub mod problem;
pub mod tasks;
pub mod thoughts;

use std::future::Future;
use std::sync::Arc;

use axum::extract::Request;
use axum::http::{HeaderName, Method, Uri};
use axum::response::IntoResponse;
use axum::Router;
use tokio::net::TcpListener;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use crate::domain::record::DEFAULT_MAX_CONTENT_BYTES;
use crate::store::Store;
use problem::ApiError;

/// Default limit on a request body, in bytes: room for a 1 MiB content with
/// JSON escaping and metadata.
pub const DEFAULT_MAX_BODY_BYTES: usize = 2 * 1024 * 1024;

/// Size limits applied to requests.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub max_body_bytes: usize,
    pub max_content_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            max_content_bytes: DEFAULT_MAX_CONTENT_BYTES,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
pub struct AppState {
    pub store: Arc<Store>,
    pub limits: Limits,
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
    components(schemas(problem::Problem, problem::ProblemField)),
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

/// The OpenAPI document, as generated from the handlers and their types.
pub fn openapi() -> utoipa::openapi::OpenApi {
    routes().split_for_parts().1
}

/// The whole application: routes, docs, problem fallbacks, request ids, tracing.
pub fn app(state: AppState) -> Router {
    let (router, api) = routes().with_state(state).split_for_parts();
    let request_id = HeaderName::from_static("x-request-id");
    router
        .merge(SwaggerUi::new("/docs").url("/openapi.json", api))
        .fallback(unknown_route)
        .method_not_allowed_fallback(wrong_method)
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
    let served = axum::serve(listener, app(state))
        .with_graceful_shutdown(shutdown)
        .await;
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
