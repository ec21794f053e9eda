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

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, HeaderValue, Method, Request, Response, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, JsonObject,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
    ToolAnnotations,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{json, Map, Value};
use tower::ServiceExt;

use super::guard::Caller;
use super::path_segment;
use super::problem::ApiError;
use super::AppState;
use crate::domain::FieldError;

/// Where an argument goes in the REST request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// A segment of the path, `{name}` in the template.
    Path,
    /// A query parameter.
    Query,
    /// The `Idempotency-Key` header.
    IdempotencyKey,
    /// A member of the JSON body.
    Body,
}

/// One tool: its name, what it is for, and the REST operation it is.
struct ToolSpec {
    name: &'static str,
    description: &'static str,
    method: Method,
    /// The OpenAPI path template, `{name}` for path parameters.
    path: &'static str,
    /// The success status of the operation.
    status: &'static str,
}

fn specs() -> Vec<ToolSpec> {
    let spec = |name, description, method, path, status| ToolSpec {
        name,
        description,
        method,
        path,
        status,
    };
    vec![
        spec(
            "thought_record",
            "Append a thought record (plan, analysis, decision or reflection) to its task's chain. \
             The server sets id, seq, log_index, timestamp, prev_hash and hash; the answer is the \
             record as stored. Pass expected_prev_hash to append only if the chain's head is \
             that hash, and idempotency_key to make a retry safe.",
            Method::POST,
            "/thoughts",
            "201",
        ),
        spec(
            "thought_record_list",
            "List records: one task's chain in seq order (task_id), or every record in log \
             order; filter by type, agent_id, since and until; page with limit and the `next` \
             cursor as `after`.",
            Method::GET,
            "/thoughts",
            "200",
        ),
        spec(
            "thought_get",
            "Read one record by its id.",
            Method::GET,
            "/thoughts/{id}",
            "200",
        ),
        spec(
            "audit_verify_chain",
            "Walk a task's chain as stored: every seq, link, hash and timestamp, and every \
             record's leaf proven in the newest signed checkpoint. Answers valid, or the first \
             break and why.",
            Method::GET,
            "/tasks/{task_id}/verify",
            "200",
        ),
        spec(
            "merkle_checkpoint",
            "The newest signed checkpoint of the log (or the one signed at tree_size), as the \
             C2SP signed-note text: origin, size, base64 root, signature.",
            Method::GET,
            "/log/checkpoint",
            "200",
        ),
        spec(
            "merkle_receipt",
            "A record's receipt: the record, its RFC 9162 inclusion proof, and the signed \
             checkpoint the proof leads to, so it can be checked offline.",
            Method::GET,
            "/thoughts/{id}/receipt",
            "200",
        ),
        spec(
            "merkle_consistency_proof",
            "Prove that the log of `second` leaves (default: the newest) extends the log of \
             `first` leaves (RFC 9162 consistency proof), with both roots.",
            Method::GET,
            "/log/proof/consistency",
            "200",
        ),
        spec(
            "thought_tree",
            "A task's reasoning tree: its records nested by parent_id, children in seq order \
             (paged by seq with limit and after for large tasks).",
            Method::GET,
            "/tasks/{task_id}/tree",
            "200",
        ),
        spec(
            "thought_trail",
            "The trail from the root of a record's tree down to it, each record with its \
             inclusion proof against one signed checkpoint.",
            Method::GET,
            "/thoughts/{id}/trail",
            "200",
        ),
        spec(
            "thought_search",
            "Search every record's content and metadata: q is words and \"quoted phrases\", \
             all of which must match (whole words, any case and script); filter by \
             task_id, session_id, type, agent_id, since, until. Hits come best first (BM25) \
             with a snippet and log_index; page with limit and the `next` cursor as `after`.",
            Method::GET,
            "/search",
            "200",
        ),
        spec(
            "capability_fingerprint",
            "Compute capability fingerprints exactly as @khoralabs/agent-capabilities does: \
             kind (tool_static, toolkit_static, registered_agent_static, runtime_hash, \
             runtime_from_evaluation, invocation, capability_link, …) and input; answers every \
             hash with its canonical payload.",
            Method::POST,
            "/capabilities/fingerprint",
            "200",
        ),
        spec(
            "capability_diff",
            "Compare two capability links (which of agentId, agentName, staticHash, \
             runtimeHash, invocationHash changed, and the tool refs) or two toolRefs lists.",
            Method::POST,
            "/capabilities/diff",
            "200",
        ),
    ]
}

/// A tool ready to serve: its MCP description and where its arguments go.
struct ToolDef {
    spec: ToolSpec,
    tool: Tool,
    /// Each argument the tool takes, where it goes in the request, and
    /// whether it is an integer (else a string; body members are the REST
    /// layer's to check).
    params: Vec<(String, Place, bool)>,
}

/// The tools, cut from the OpenAPI document once.
pub(crate) struct Tools(Vec<ToolDef>);

impl Tools {
    pub(crate) fn from_openapi(doc: &utoipa::openapi::OpenApi) -> Tools {
        let doc = serde_json::to_value(doc).expect("the OpenAPI document serializes");
        Tools(specs().into_iter().map(|s| tool_def(&doc, s)).collect())
    }

    /// The tools as `tools/list` answers them.
    pub(crate) fn list(&self) -> Vec<Tool> {
        self.0.iter().map(|d| d.tool.clone()).collect()
    }

    fn get(&self, name: &str) -> Option<&ToolDef> {
        self.0.iter().find(|d| d.spec.name == name)
    }
}

fn tool_def(doc: &Value, spec: ToolSpec) -> ToolDef {
    let op = &doc["paths"][spec.path][spec.method.as_str().to_ascii_lowercase()];
    assert!(op.is_object(), "no operation {} {}", spec.method, spec.path);
    let mut properties = Map::new();
    let mut required = Vec::new();
    let mut params = Vec::new();
    for p in op["parameters"].as_array().into_iter().flatten() {
        let name = p["name"].as_str().unwrap_or_default();
        let (arg, place) = match p["in"].as_str() {
            Some("path") => (name.to_string(), Place::Path),
            Some("query") => (name.to_string(), Place::Query),
            Some("header") if name.eq_ignore_ascii_case("idempotency-key") => {
                ("idempotency_key".to_string(), Place::IdempotencyKey)
            }
            _ => continue,
        };
        let mut schema = p["schema"].clone();
        let integer = match &schema["type"] {
            Value::String(t) => t == "integer",
            Value::Array(ts) => ts.iter().any(|t| t == "integer"),
            _ => false,
        };
        if let (Some(s), Some(d)) = (schema.as_object_mut(), p["description"].as_str()) {
            s.insert("description".into(), d.into());
        }
        if p["required"] == true {
            required.push(Value::from(arg.clone()));
        }
        properties.insert(arg.clone(), schema);
        params.push((arg, place, integer));
    }
    if let Some(body) = op["requestBody"]["content"]["application/json"]["schema"].as_object() {
        let body = resolve(doc, &Value::Object(body.clone()));
        for (name, schema) in body["properties"].as_object().into_iter().flatten() {
            properties.insert(name.clone(), schema.clone());
            params.push((name.clone(), Place::Body, false));
        }
        required.extend(body["required"].as_array().into_iter().flatten().cloned());
    }
    let mut input = json!({
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    });
    if !required.is_empty() {
        input["required"] = Value::Array(required);
    }
    let ok = &op["responses"][spec.status]["content"];
    let data = ok["application/json"]["schema"]
        .as_object()
        .or_else(|| ok["text/plain; charset=utf-8"]["schema"].as_object())
        .map(|s| Value::Object(s.clone()))
        .unwrap_or_else(|| panic!("no success body for {} {}", spec.method, spec.path));
    let output = json!({
        "type": "object",
        "properties": {
            "ok": {"type": "boolean", "description": "true: `data` is the answer; false: `error` says why"},
            "data": data,
            "error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string", "description": "The problem code in upper case: INVALID_PARAMS, NOT_FOUND, HEAD_MOVED, FORBIDDEN, …"},
                    "message": {"type": "string"},
                    "details": {"type": "object", "description": "`errors`: every bad field; `current_head` for HEAD_MOVED"}
                },
                "required": ["code", "message", "details"]
            }
        },
        "required": ["ok"],
    });
    let read_only = spec.method == Method::GET;
    let tool = Tool::new(spec.name, spec.description, with_defs(doc, input))
        .with_raw_output_schema(with_defs(doc, output))
        .with_annotations(
            ToolAnnotations::new()
                .read_only(read_only)
                .destructive(false)
                .idempotent(read_only)
                .open_world(false),
        );
    ToolDef { spec, tool, params }
}

/// `schema` with its `$ref`s to the document's components resolved once at
/// the top (for a request body's own properties).
fn resolve(doc: &Value, schema: &Value) -> Value {
    match schema["$ref"].as_str() {
        Some(r) => doc["components"]["schemas"][component_name(r)].clone(),
        None => schema.clone(),
    }
}

fn component_name(reference: &str) -> &str {
    reference.trim_start_matches("#/components/schemas/")
}

/// A standalone JSON Schema: every component `schema` refers to, directly or
/// not, copied into `$defs`, and the references pointed there.
fn with_defs(doc: &Value, mut schema: Value) -> Arc<JsonObject> {
    let mut defs = Map::new();
    let mut todo = Vec::new();
    rewrite_refs(&mut schema, &mut todo);
    while let Some(name) = todo.pop() {
        if defs.contains_key(&name) {
            continue;
        }
        let mut def = doc["components"]["schemas"][&name].clone();
        rewrite_refs(&mut def, &mut todo);
        defs.insert(name, def);
    }
    let mut object = match schema {
        Value::Object(o) => o,
        _ => unreachable!("tool schemas are objects"),
    };
    if !defs.is_empty() {
        object.insert("$defs".into(), Value::Object(defs));
    }
    Arc::new(object)
}

fn rewrite_refs(value: &mut Value, found: &mut Vec<String>) {
    match value {
        Value::Object(o) => {
            if let Some(Value::String(r)) = o.get_mut("$ref") {
                let name = component_name(r).to_string();
                *r = format!("#/$defs/{name}");
                found.push(name);
            }
            o.values_mut().for_each(|v| rewrite_refs(v, found));
        }
        Value::Array(a) => a.iter_mut().for_each(|v| rewrite_refs(v, found)),
        _ => {}
    }
}

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
            return Err(ErrorData::invalid_params(
                format!("Unknown tool: {}", request.name),
                None,
            ));
        };
        let found = context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|p| p.extensions.get::<Caller>())
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
        let arguments = request.arguments.unwrap_or_default();
        let result = match rest_request(def, &arguments) {
            Ok(req) => self.send(req, caller).await,
            Err(e) => Err(problem_of(e.into_response()).await),
        }
        .map_err(|error| name_the_arguments(def, &arguments, error));
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
    async fn send(&self, mut req: Request<Body>, caller: Caller) -> Result<Value, Value> {
        req.extensions_mut().insert(caller);
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

/// What an argument the tool does not take is told: every argument its
/// input schema has (REST names only the body's members).
fn not_an_argument(def: &ToolDef) -> String {
    let names: Vec<&str> = def.params.iter().map(|(n, _, _)| n.as_str()).collect();
    format!(
        "is not an argument of {}; its arguments: {}",
        def.spec.name,
        names.join(", ")
    )
}

/// A tool error with each argument the tool does not take told as such.
fn name_the_arguments(def: &ToolDef, arguments: &JsonObject, mut error: Value) -> Value {
    let unknown = |field: &str| {
        arguments.contains_key(field) && !def.params.iter().any(|(p, _, _)| p == field)
    };
    let mut told = None;
    for e in error["details"]["errors"]
        .as_array_mut()
        .into_iter()
        .flatten()
    {
        if let Some(field) = e["field"].as_str().filter(|f| unknown(f)) {
            told = Some(format!("{field}: {}", not_an_argument(def)));
            e["message"] = not_an_argument(def).into();
        }
    }
    // A problem with one bad field says it in its message too.
    if let (Some(one), Some(1)) = (told, error["details"]["errors"].as_array().map(Vec::len)) {
        error["message"] = one.into();
    }
    error
}

/// The REST request a call stands for; every bad argument named at once.
fn rest_request(def: &ToolDef, arguments: &JsonObject) -> Result<Request<Body>, ApiError> {
    let mut errors = Vec::new();
    let mut path = def.spec.path.to_string();
    let mut query = Vec::new();
    let mut body = Map::new();
    let mut idempotency_key = None;
    for (name, place, integer) in &def.params {
        let Some(value) = arguments.get(name) else {
            if *place == Place::Path {
                errors.push(FieldError::new(name, "is required"));
            }
            continue;
        };
        if *place == Place::Body {
            body.insert(name.clone(), value.clone());
            continue;
        }
        let text = match (value, integer) {
            (Value::String(s), false) => s.clone(),
            (Value::Number(n), true) if n.is_u64() || n.is_i64() => n.to_string(),
            (_, false) => {
                errors.push(FieldError::new(name, "must be a string"));
                continue;
            }
            (_, true) => {
                errors.push(FieldError::new(name, "must be an integer"));
                continue;
            }
        };
        match place {
            Place::Path if text.is_empty() => {
                errors.push(FieldError::new(name, "must not be empty"))
            }
            Place::Path => path = path.replace(&format!("{{{name}}}"), &path_segment(&text)),
            Place::Query => query.push((name.clone(), text)),
            Place::IdempotencyKey => idempotency_key = Some(text),
            Place::Body => unreachable!(),
        }
    }
    let has_body = def.params.iter().any(|(_, place, _)| *place == Place::Body);
    for (name, value) in arguments {
        if !def.params.iter().any(|(p, _, _)| p == name) {
            if has_body {
                // The REST layer refuses it with the body's other bad fields.
                body.insert(name.clone(), value.clone());
            } else {
                errors.push(FieldError::new(name, not_an_argument(def)));
            }
        }
    }
    ApiError::refuse_any(errors)?;
    if !query.is_empty() {
        path.push('?');
        path.push_str(&serde_urlencoded::to_string(&query).expect("pairs of strings encode"));
    }
    let mut builder = Request::builder()
        .method(def.spec.method.clone())
        .uri(path)
        .header(header::HOST, "localhost");
    if let Some(key) = idempotency_key {
        let value = HeaderValue::from_str(&key).map_err(|_| {
            ApiError::invalid(vec![FieldError::new(
                "idempotency_key",
                "must be visible ASCII characters (no spaces or controls)",
            )])
        })?;
        builder = builder.header("idempotency-key", value);
    }
    let body = if def.spec.method == Method::POST {
        builder = builder.header(header::CONTENT_TYPE, "application/json");
        Body::from(Value::Object(body).to_string())
    } else {
        Body::empty()
    };
    builder
        .body(body)
        .map_err(|e| ApiError::Internal(format!("could not build the request: {e}")))
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
    use super::*;

    #[test]
    fn path_segments_are_percent_encoded() {
        assert_eq!(path_segment("a b/c?d%"), "a%20b%2Fc%3Fd%25");
        assert_eq!(path_segment("Zoë"), "Zo%C3%AB");
        assert_eq!(path_segment("task-1_a.b~"), "task-1_a.b~");
    }

    #[test]
    fn every_tool_has_an_object_input_and_output_schema_without_dangling_refs() {
        let tools = Tools::from_openapi(&crate::http::openapi());
        assert_eq!(tools.0.len(), specs().len());
        for def in &tools.0 {
            let t = &def.tool;
            assert_eq!(t.input_schema["type"], "object", "{}", t.name);
            let out = t.output_schema.as_ref().expect("output schema");
            assert_eq!(out["type"], "object");
            for schema in [&*t.input_schema, &**out] {
                let text = Value::Object(schema.clone()).to_string();
                assert!(!text.contains("#/components/"), "{}: {text}", t.name);
                let mut refs = Vec::new();
                rewrite_refs(&mut Value::Object(schema.clone()), &mut refs);
                for r in refs {
                    let r = r.trim_start_matches("#/$defs/");
                    assert!(schema["$defs"].get(r).is_some(), "{}: {r}", t.name);
                }
            }
        }
        let record = tools.get("thought_record").unwrap();
        let names: Vec<&str> = record.params.iter().map(|(n, _, _)| n.as_str()).collect();
        for n in [
            "type",
            "task_id",
            "agent_id",
            "content",
            "metadata",
            "expected_prev_hash",
            "idempotency_key",
        ] {
            assert!(names.contains(&n), "{n} in {names:?}");
        }
    }
}
