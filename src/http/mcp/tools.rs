//! The MCP tools: which REST operation each one is, its schemas cut from the
//! OpenAPI document (input from the operation's parameters and body, `data`
//! from its success body), and the REST request a call's arguments make.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{header, HeaderValue, Method, Request};
use rmcp::model::{JsonObject, Tool, ToolAnnotations};
use serde_json::{json, Map, Value};

use super::super::path_segment;
use super::super::problem::ApiError;
use crate::domain::record::MAX_ID_CHARS;
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
             that hash, idempotency_key to make a retry safe, and erasable: true for a record \
             whose content may have to be erased later (personal data) with its proofs intact.",
            Method::POST,
            "/thoughts",
            "201",
        ),
        spec(
            "thought_record_batch",
            "Append 1 to 1000 thought records in one call, in their order, all or none: \
             records is a list of thought_record arguments (without idempotency_key); one bad \
             record refuses the batch, naming records[i] and its field. idempotency_key covers \
             the whole batch. The answer is every record as stored.",
            Method::POST,
            "/thoughts/batch",
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
            "oversight_verdict",
            "For a person reviewing an agent (a reviewer key): record a verdict on a decision \
             record, by its id: approved, overridden (with decision, the one that replaces \
             it), escalated, or a note, with an optional reason. The verdict is appended to the \
             decision's task as a record answering it; a writer key is refused. \
             idempotency_key makes a retry safe.",
            Method::POST,
            "/thoughts/{id}/oversight",
            "201",
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
             with a snippet and log_index; page with limit and the `next` cursor as `after`. \
             The index is first brought up to every record already appended (fresh, true \
             unless given false).",
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

/// Every tool's name (the metrics' `tool` label takes these).
pub(crate) fn tool_names() -> Vec<&'static str> {
    specs().iter().map(|s| s.name).collect()
}

/// The JSON type a query, path or header argument is given as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    String,
    Integer,
    Boolean,
}

/// A tool ready to serve: its MCP description and where its arguments go.
pub(super) struct ToolDef {
    spec: ToolSpec,
    tool: Tool,
    /// Each argument the tool takes, where it goes in the request, and
    /// the JSON type it is given as (body members are the REST layer's to
    /// check).
    params: Vec<(String, Place, Kind)>,
}

impl ToolDef {
    /// The tool's name.
    pub(super) fn name(&self) -> &'static str {
        self.spec.name
    }

    /// What an argument the tool does not take is told: every argument its
    /// input schema has (REST names only the body's members).
    fn not_an_argument(&self) -> String {
        let names: Vec<&str> = self.params.iter().map(|(n, _, _)| n.as_str()).collect();
        format!(
            "is not an argument of {}; its arguments: {}",
            self.spec.name,
            names.join(", ")
        )
    }

    /// A tool error with each argument the tool does not take told as such.
    pub(super) fn name_the_arguments(&self, arguments: &JsonObject, mut error: Value) -> Value {
        let unknown = |field: &str| {
            arguments.contains_key(field) && !self.params.iter().any(|(p, _, _)| p == field)
        };
        let mut told = None;
        for e in error["details"]["errors"]
            .as_array_mut()
            .into_iter()
            .flatten()
        {
            if let Some(field) = e["field"].as_str().filter(|f| unknown(f)) {
                told = Some(format!("{field}: {}", self.not_an_argument()));
                e["message"] = self.not_an_argument().into();
            }
        }
        // A problem with one bad field says it in its message too.
        if let (Some(one), Some(1)) = (told, error["details"]["errors"].as_array().map(Vec::len)) {
            error["message"] = one.into();
        }
        error
    }
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

    pub(super) fn get(&self, name: &str) -> Option<&ToolDef> {
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
        let is = |kind: &str| match &schema["type"] {
            Value::String(t) => t == kind,
            Value::Array(ts) => ts.iter().any(|t| t == kind),
            _ => false,
        };
        let kind = if is("integer") {
            Kind::Integer
        } else if is("boolean") {
            Kind::Boolean
        } else {
            Kind::String
        };
        if let (Some(s), Some(d)) = (schema.as_object_mut(), p["description"].as_str()) {
            s.insert("description".into(), d.into());
        }
        if p["required"] == true {
            required.push(Value::from(arg.clone()));
        }
        properties.insert(arg.clone(), schema);
        params.push((arg, place, kind));
    }
    if let Some(body) = op["requestBody"]["content"]["application/json"]["schema"].as_object() {
        let body = resolve(doc, &Value::Object(body.clone()));
        for (name, schema) in body["properties"].as_object().into_iter().flatten() {
            properties.insert(name.clone(), schema.clone());
            params.push((name.clone(), Place::Body, Kind::String));
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

impl ToolDef {
    /// The REST request a call stands for; every bad argument named at once.
    pub(super) fn request(&self, arguments: &JsonObject) -> Result<Request<Body>, ApiError> {
        let mut errors = Vec::new();
        let mut path = self.spec.path.to_string();
        let mut query = Vec::new();
        let mut body = Map::new();
        let mut idempotency_key = None;
        for (name, place, kind) in &self.params {
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
            let text = match (value, kind) {
                (Value::String(s), Kind::String) => s.clone(),
                (Value::Number(n), Kind::Integer) if n.is_u64() || n.is_i64() => n.to_string(),
                (Value::Bool(b), Kind::Boolean) => b.to_string(),
                (_, Kind::String) => {
                    errors.push(FieldError::new(name, "must be a string"));
                    continue;
                }
                (_, Kind::Integer) => {
                    errors.push(FieldError::new(name, "must be an integer"));
                    continue;
                }
                (_, Kind::Boolean) => {
                    errors.push(FieldError::new(name, "must be true or false"));
                    continue;
                }
            };
            match place {
                Place::Path if text.is_empty() => {
                    errors.push(FieldError::new(name, "must not be empty"))
                }
                // No id is longer (identifiers are at most 256 characters);
                // a longer one would make a request line past any limit.
                Place::Path if text.len() > 4 * MAX_ID_CHARS => errors.push(FieldError::new(
                    name,
                    format!("is longer than any id (at most {MAX_ID_CHARS} characters)"),
                )),
                Place::Path => path = path.replace(&format!("{{{name}}}"), &path_segment(&text)),
                Place::Query => query.push((name.clone(), text)),
                Place::IdempotencyKey => idempotency_key = Some(text),
                Place::Body => unreachable!(),
            }
        }
        let has_body = self
            .params
            .iter()
            .any(|(_, place, _)| *place == Place::Body);
        for (name, value) in arguments {
            if !self.params.iter().any(|(p, _, _)| p == name) {
                if has_body {
                    // The REST layer refuses it with the body's other bad fields.
                    body.insert(name.clone(), value.clone());
                } else {
                    errors.push(FieldError::new(name, self.not_an_argument()));
                }
            }
        }
        ApiError::refuse_any(errors)?;
        if !query.is_empty() {
            path.push('?');
            path.push_str(&serde_urlencoded::to_string(&query).expect("pairs of strings encode"));
        }
        let mut builder = Request::builder()
            .method(self.spec.method.clone())
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
        let body = if self.spec.method == Method::POST {
            builder = builder.header(header::CONTENT_TYPE, "application/json");
            Body::from(Value::Object(body).to_string())
        } else {
            Body::empty()
        };
        builder
            .body(body)
            .map_err(|e| ApiError::Internal(format!("could not build the request: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            "erasable",
        ] {
            assert!(names.contains(&n), "{n} in {names:?}");
        }
    }
}
