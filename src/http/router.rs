//! The one route table, and the application around it: docs, problem
//! fallbacks, the guard, request ids and request spans.

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, Method, Uri};
use axum::response::IntoResponse;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use super::openapi::{self, ApiDoc};
use super::problem::ApiError;
use super::{capabilities, guard, health, mcp, records, search, tasks, tlog, trees, AppState};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(records::append, records::list))
        .routes(routes!(records::get_one))
        .routes(routes!(records::receipt))
        .routes(routes!(tasks::list))
        .routes(routes!(tasks::get_one))
        .routes(routes!(tasks::verify))
        .routes(routes!(tasks::export))
        .routes(routes!(trees::tree))
        .routes(routes!(trees::trail))
        .routes(routes!(trees::sessions))
        .routes(routes!(trees::session))
        .routes(routes!(search::search))
        .routes(routes!(tlog::checkpoint))
        .routes(routes!(tlog::key))
        .routes(routes!(tlog::inclusion))
        .routes(routes!(tlog::consistency))
        .routes(routes!(capabilities::fingerprint))
        .routes(routes!(capabilities::diff))
        .routes(routes!(capabilities::store))
        .routes(routes!(capabilities::get_one))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
}

/// The whole application: routes, MCP, docs, problem fallbacks, request ids,
/// tracing.
pub fn app(state: AppState) -> Router {
    let router = routes().with_state(state.clone()).split_for_parts().0;
    let api = openapi::served(state.guards.keys.is_some());
    let request_id = HeaderName::from_static("x-request-id");
    // The MCP tools are served by the same routes, past the guard.
    let rest = router
        .clone()
        .fallback(unknown_route)
        .method_not_allowed_fallback(wrong_method);
    let tools = Arc::new(mcp::Tools::from_openapi(&openapi::openapi()));
    router
        .merge(mcp::routes(&state, rest, tools))
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
                            let route = req
                                .extensions()
                                .get::<MatchedPath>()
                                .map_or("-", MatchedPath::as_str);
                            tracing::info_span!(
                                "request",
                                method = %req.method(),
                                route = %route,
                                path = %req.uri().path(),
                                request_id = %id
                            )
                        })
                        .on_response(log_response),
                )
                .layer(PropagateRequestIdLayer::new(request_id))
                .layer(CatchPanicLayer::custom(
                    |_: Box<dyn std::any::Any + Send>| {
                        ApiError::Internal("a handler panicked".into()).into_response()
                    },
                )),
        )
}

/// One line per answered request: at DEBUG when it succeeded, at INFO when it
/// is a problem (4xx, 5xx), so a load test does not flood the log at the
/// default level (`RUST_LOG=decision_trail=debug` shows every request).
fn log_response<B>(response: &axum::http::Response<B>, latency: Duration, _: &tracing::Span) {
    let status = response.status().as_u16();
    let latency_ms = latency.as_secs_f64() * 1000.0;
    if status >= 400 {
        tracing::info!(status, latency_ms, "answered");
    } else {
        tracing::debug!(status, latency_ms, "answered");
    }
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
