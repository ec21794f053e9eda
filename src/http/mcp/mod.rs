//! The trail as MCP tools (docs/design.md §8): Streamable HTTP at `/mcp`,
//! stateless, JSON answers.
//!
//! Each tool is one REST operation. A call is turned into that operation's
//! request and sent through the REST routes in process, with the caller the
//! guard authenticated for the `/mcp` request; so a tool validates, writes
//! and answers exactly as REST does (same writer, same chain, same log, same
//! problems), and its schemas are cut from the OpenAPI document: the input
//! from the operation's parameters and body, `data` from its success body.
//! A success is `{ok: true, data}` with `data` the REST body; a refusal is an
//! `isError` result `{ok: false, error: {code, message, details}}`, `code` the
//! problem code in upper case. An unknown tool is a JSON-RPC error (-32602), as
//! the MCP specification says.

mod tools;

pub(crate) use tools::tool_names;

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, Request, Response, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Value};
use tower::ServiceExt;

use super::ops::guard::{Caller, RateBucket};
use super::problem::ApiError;
use super::AppState;
pub(crate) use tools::Tools;

/// The MCP server: the tools, and the REST routes they are served by.
#[derive(Clone)]
pub(crate) struct TrailMcp {
    tools: Arc<Tools>,
    /// The REST routes without the guard (the `/mcp` request has passed it).
    rest: Router,
    /// Whether API keys are required: then a call must carry the guard's caller.
    keys_configured: bool,
}

impl ServerHandler for TrailMcp {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new(
                "decision-trail",
                env!("CARGO_PKG_VERSION"),
            ))
            .with_instructions(
                "A tamper-evident decision trail. Record each plan, analysis, decision and \
                 reflection of a task with thought_record; records of a task form a hash chain, \
                 and every record is a leaf of a signed Merkle log (merkle_receipt proves it).",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools.list()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(def) = self.tools.get(&request.name) else {
            super::ops::metrics::tool_called("unknown", false);
            return Err(ErrorData::invalid_params(
                format!("Unknown tool: {}", request.name),
                None,
            ));
        };
        let parts = context.extensions.get::<axum::http::request::Parts>();
        let found = parts.and_then(|p| p.extensions.get::<Caller>()).cloned();
        // A batch counts its records in the bucket the call was counted in.
        let bucket = parts
            .and_then(|p| p.extensions.get::<RateBucket>())
            .cloned();
        // Without the guard's caller, open only when the service has no keys.
        let caller = match (found, self.keys_configured) {
            (Some(c), _) => c,
            (None, false) => Caller::Open,
            (None, true) => {
                return Err(ErrorData::internal_error(
                    "the request's caller is unknown",
                    None,
                ))
            }
        };
        let mut arguments = request.arguments.unwrap_or_default();
        if def.name() == "thought_search" {
            // An agent finds what it has just written: the index is brought
            // up to the log first, unless the call says otherwise.
            arguments
                .entry("fresh")
                .or_insert(serde_json::Value::Bool(true));
        }
        let result = match def.request(&arguments) {
            Ok(req) => self.send(req, caller, bucket).await,
            Err(e) => Err(problem_of(e.into_response()).await),
        }
        .map_err(|error| def.name_the_arguments(&arguments, error));
        super::ops::metrics::tool_called(def.name(), result.is_ok());
        Ok(match result {
            Ok(data) => CallToolResult::structured(json!({"ok": true, "data": data})),
            Err(error) => CallToolResult::structured_error(json!({"ok": false, "error": error})),
        }
        .into())
    }
}

impl TrailMcp {
    /// Serves `req` through the REST routes as `caller`: the body on success,
    /// the tool error of the problem otherwise.
    async fn send(
        &self,
        mut req: Request<Body>,
        caller: Caller,
        bucket: Option<RateBucket>,
    ) -> Result<Value, Value> {
        req.extensions_mut().insert(caller);
        if let Some(bucket) = bucket {
            req.extensions_mut().insert(bucket);
        }
        let response = self
            .rest
            .clone()
            .oneshot(req)
            .await
            .unwrap_or_else(|e| match e {});
        if !response.status().is_success() {
            let mut error = problem_of(response).await;
            // REST names the header; the tool's argument is idempotency_key.
            for e in error["details"]["errors"]
                .as_array_mut()
                .into_iter()
                .flatten()
            {
                if e["field"] == "Idempotency-Key" {
                    e["field"] = "idempotency_key".into();
                }
            }
            return Err(error);
        }
        let is_json = response
            .headers()
            .get(header::CONTENT_TYPE)
            .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .map_err(|e| internal(&e.to_string()))?;
        if is_json {
            serde_json::from_slice(&bytes).map_err(|e| internal(&e.to_string()))
        } else {
            Ok(Value::String(String::from_utf8_lossy(&bytes).into_owned()))
        }
    }
}

fn internal(message: &str) -> Value {
    json!({"code": "INTERNAL", "message": message, "details": {"errors": []}})
}

/// A problem response as a tool error: `code` upper-cased, `detail` as the
/// message, and the problem's own members (`errors`, `current_head`) as details.
async fn problem_of(response: Response<Body>) -> Value {
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap_or_default();
    let Ok(Value::Object(mut problem)) = serde_json::from_slice::<Value>(&bytes) else {
        return internal("the service answered without a problem body");
    };
    let code = problem
        .remove("code")
        .and_then(|c| c.as_str().map(str::to_ascii_uppercase))
        .unwrap_or_else(|| "INTERNAL".into());
    let message = problem.remove("detail").unwrap_or_default();
    for member in ["type", "title", "status"] {
        problem.remove(member);
    }
    problem.entry("errors").or_insert_with(|| json!([]));
    json!({"code": code, "message": message, "details": problem})
}

/// `/mcp`: the MCP server over Streamable HTTP, stateless, answering JSON;
/// the SDK's own refusals (a wrong Accept or Content-Type) become problems
/// like every other failure.
pub(crate) fn routes(state: &AppState, rest: Router, tools: Arc<Tools>) -> Router {
    // The guard checks the Host of every request (--allowed-hosts); the
    // SDK's own check would answer in plain text, and only for /mcp.
    let config = StreamableHttpServerConfig::default()
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_sse_keep_alive(None)
        .with_max_request_body_bytes(state.limits.max_body_bytes)
        .disable_allowed_hosts();
    let server = TrailMcp {
        tools,
        rest,
        keys_configured: state.guards.keys.is_some(),
    };
    let service = StreamableHttpService::new(
        move || Ok(server.clone()),
        Arc::new(NeverSessionManager::default()),
        config,
    );
    let limit = state.limits.max_body_bytes;
    Router::new()
        .route_service("/mcp", service)
        .layer(axum::middleware::map_response(
            move |response: Response<Body>| as_problem(response, limit),
        ))
}

/// A refusal the SDK wrote as plain text, as a problem.
async fn as_problem(response: Response<Body>, body_limit: usize) -> axum::response::Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response.into_response();
    }
    let allow = response.headers().get(header::ALLOW).cloned();
    let bytes = axum::body::to_bytes(response.into_body(), 64 * 1024)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes).trim().to_string();
    let detail = |fallback: &str| {
        if text.is_empty() {
            fallback.to_string()
        } else {
            text.clone()
        }
    };
    let error = match status {
        StatusCode::FORBIDDEN => ApiError::Forbidden(detail("this Host may not reach /mcp")),
        StatusCode::NOT_FOUND => ApiError::NotFound(detail("not found")),
        StatusCode::METHOD_NOT_ALLOWED => {
            ApiError::MethodNotAllowed(detail("/mcp takes POST only (stateless)"))
        }
        StatusCode::NOT_ACCEPTABLE => {
            ApiError::NotAcceptable(detail("send Accept: application/json, text/event-stream"))
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge { limit: body_limit },
        // The SDK answers 415 for a JSON body that is no JSON-RPC message
        // too; the media type was right, the body was not.
        StatusCode::UNSUPPORTED_MEDIA_TYPE if text.starts_with("fail to deserialize") => {
            ApiError::MalformedJson(format!("not a JSON-RPC 2.0 message ({text})"))
        }
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedMediaType(detail(
            "send a JSON-RPC message with Content-Type: application/json",
        )),
        s if s.is_server_error() => ApiError::Internal(detail("the MCP server failed")),
        _ => ApiError::BadRequest(detail("the MCP request was refused")),
    };
    let mut answer = error.into_response();
    if let Some(allow) = allow {
        answer.headers_mut().insert(header::ALLOW, allow);
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::super::path_segment;

    #[test]
    fn path_segments_are_percent_encoded() {
        assert_eq!(path_segment("a b/c?d%"), "a%20b%2Fc%3Fd%25");
        assert_eq!(path_segment("Zoë"), "Zo%C3%AB");
        assert_eq!(path_segment("task-1_a.b~"), "task-1_a.b~");
    }
}
