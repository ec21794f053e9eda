//! The one route table, and the application around it: docs, problem
//! fallbacks, the guard, request ids, request spans and their log lines.

use std::sync::Arc;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, Method, Uri};
use axum::response::IntoResponse;
use axum::Router;
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

use super::openapi::{self, ApiDoc};
use super::problem::ApiError;
use super::{
    api::batch, api::capabilities, api::erasure, api::evidence, api::oversight, api::records,
    api::search, api::tasks, api::trees, log::receipts, log::tiles, log::tlog, mcp,
    ops::access_log, ops::guard, ops::health, ops::metrics, ops::newline, otlp, ui, AppState,
};

pub(crate) fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(records::append, records::list))
        .routes(routes!(batch::append_batch))
        .routes(routes!(records::get_one))
        .routes(routes!(receipts::receipt))
        .routes(routes!(oversight::review))
        .routes(routes!(erasure::erase))
        .routes(routes!(
            erasure::get_hold,
            erasure::place_hold,
            erasure::lift_hold
        ))
        .routes(routes!(tasks::list))
        .routes(routes!(tasks::get_one))
        .routes(routes!(tasks::verify))
        .routes(routes!(tasks::export))
        .routes(routes!(evidence::evidence))
        .routes(routes!(trees::tree))
        .routes(routes!(trees::trail))
        .routes(routes!(trees::sessions))
        .routes(routes!(trees::session))
        .routes(routes!(search::search))
        .routes(routes!(tlog::checkpoint))
        .routes(routes!(tlog::key))
        .routes(routes!(tlog::successor))
        .routes(routes!(tlog::inclusion))
        .routes(routes!(tlog::consistency))
        .routes(routes!(tiles::checkpoint))
        // N spans several segments (C2SP tlog-tiles): one wildcard, read by
        // domain::tiles; documented as /tile/{level}/{index} (ApiDoc).
        .route("/tile/{*path}", axum::routing::get(tiles::tile))
        .routes(routes!(capabilities::fingerprint))
        .routes(routes!(capabilities::diff))
        .routes(routes!(capabilities::store))
        .routes(routes!(capabilities::get_one))
        .routes(routes!(otlp::traces))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(metrics::scrape))
        .routes(routes!(ui::root::index))
}

/// A request without an `x-request-id` gets a random UUID (v4), its bytes
/// drawn from the pool of OS randomness rather than a system call each.
#[derive(Clone, Copy)]
struct NewRequestId;

impl MakeRequestId for NewRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        let mut random = [0u8; 16];
        crate::store::random::fill(&mut random);
        let id = uuid::Builder::from_random_bytes(random).into_uuid();
        let mut text = [0u8; uuid::fmt::Hyphenated::LENGTH];
        let text = id.hyphenated().encode_lower(&mut text);
        axum::http::HeaderValue::from_str(text)
            .ok()
            .map(RequestId::new)
    }
}

/// The whole application: routes, MCP, docs, problem fallbacks, request ids,
/// tracing.
pub fn app(state: AppState) -> Router {
    // Before any request: the handles made per route bind to this recorder.
    metrics::install();
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
        .merge(ui::routes().with_state(state.clone()))
        .fallback(unknown_route)
        .method_not_allowed_fallback(wrong_method)
        .layer(axum::middleware::from_fn_with_state(state, guard::guard))
        .layer(
            ServiceBuilder::new()
                .layer(SetRequestIdLayer::new(request_id.clone(), NewRequestId))
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
                                request_id = %id,
                                agent = tracing::field::Empty
                            )
                        })
                        // access_log writes the one line per answer.
                        .on_response(())
                        .on_failure(()),
                )
                .layer(PropagateRequestIdLayer::new(request_id))
                .layer(axum::middleware::from_fn_with_state(
                    Arc::new(access_log::ProblemTally::default()),
                    access_log::log_answer,
                ))
                .layer(CatchPanicLayer::custom(
                    |_: Box<dyn std::any::Any + Send>| {
                        ApiError::Internal("a handler panicked".into()).into_response()
                    },
                )),
        )
        .layer(axum::middleware::map_response(
            newline::end_json_with_newline,
        ))
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
