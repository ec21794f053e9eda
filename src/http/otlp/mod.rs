//! `POST /v1/traces`: OTLP/HTTP trace exports (protobuf or JSON, gzip or
//! not) whose agents' spans become records, by otlp mapping v2
//! (docs/design.md §11).
//!
//! The OTLP messages and what a span becomes are `domain::otlp`'s; here: the
//! body read, the records ordered parents first, each parent linked, each
//! appended with its idempotency key, and the answer.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use prost::Message;
use serde::Serialize;
use utoipa::ToSchema;

use super::ops::guard::Caller;
use super::problem::responses::{
    BadRequest, Forbidden, InternalError, PayloadTooLarge, Unavailable, UnsupportedMediaType,
};
use super::problem::ApiError;
use super::wire::extract::{media_type_essence, read_body};
use super::AppState;
use crate::domain::idempotency::Form;
use crate::domain::otlp::facts::{self, Facts};
use crate::domain::otlp::mapping::{plan_records, span_key, string_attr, Inherited, Planned};
use crate::domain::otlp::proto::{
    ExportTracePartialSuccess, ExportTraceServiceRequest, ExportTraceServiceResponse, KeyValue,
    Span,
};
use crate::domain::record::{new_record_from_json, parse_body};
use crate::store::{Idempotency, StoreError};

/// The media type of OTLP/HTTP protobuf bodies.
const PROTOBUF: &str = "application/x-protobuf";

/// How many refusal reasons `errorMessage` names before it counts the rest.
const REASONS_NAMED: usize = 5;

/// The two encodings OTLP/HTTP sends.
#[derive(Clone, Copy, PartialEq)]
enum Encoding {
    Protobuf,
    Json,
}

/// An OTLP/JSON `ExportTraceServiceRequest` (documentation only: the handler
/// reads OTLP/JSON as the OTLP specification writes it, and, with
/// `Content-Type: application/x-protobuf`, the protobuf encoding).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ExportTraceServiceRequest)]
#[allow(dead_code)]
pub struct TracesRequestDoc {
    /// Spans by resource, then by instrumentation scope: `[{resource:
    /// {attributes}, scopeSpans: [{spans: [{traceId, spanId, parentSpanId,
    /// name, startTimeUnixNano, endTimeUnixNano, attributes, events,
    /// status}]}]}]`; ids in hex, 64-bit integers as strings.
    #[schema(value_type = Option<Vec<Object>>)]
    resource_spans: Option<Vec<serde_json::Value>>,
}

/// An OTLP `ExportTraceServiceResponse`: `{}` when every span became
/// records, else `partialSuccess`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ExportTraceServiceResponse)]
#[allow(dead_code)]
pub struct TracesAnswerDoc {
    #[serde(skip_serializing_if = "Option::is_none")]
    partial_success: Option<PartialSuccessDoc>,
}

/// The spans that did not become records.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ExportTracePartialSuccess)]
#[allow(dead_code)]
pub struct PartialSuccessDoc {
    /// How many spans did not become records (an int64, so a decimal string).
    rejected_spans: String,
    /// Why, for the first few.
    error_message: String,
}

/// Receive an OTLP/HTTP trace export: its agents' spans become records.
///
/// OTLP/HTTP 1.x: `application/x-protobuf` or `application/json`, optionally
/// `Content-Encoding: gzip` (the body limit applies to the decompressed body
/// too). By otlp mapping v2, a span is read by its instrumentation's
/// convention (OpenInference, the AI SDK, OpenLLMetry, OpenTelemetry GenAI):
/// the task is the convention's session (`session.id`,
/// `ai.telemetry.metadata.sessionId`, `traceloop.association.properties.
/// session_id`, `gen_ai.conversation.id`; also the session) or else the trace
/// id; the agent is the API key's, else the convention's agent name, else the
/// resource's `service.name`. An agent's run is a plan (what it was asked),
/// a model's answer a decision when it calls a tool or answers (else an
/// analysis), a tool's run an analysis (the call and its result), an
/// evaluator's or guardrail's verdict and `gen_ai.evaluation.result` events
/// reflections. A span's parent record is its `parent_id`. A span is
/// appended once: (trace id, span id) is its idempotency key, so a retried
/// export makes no new records. Spans of no convention, and plumbing (an
/// embedding call), are skipped; `partialSuccess` counts them only when no
/// span of the export became a record. The answer is in the request's
/// encoding.
#[utoipa::path(
    post, path = "/v1/traces", operation_id = "export_traces", tag = "otlp",
    request_body(content = TracesRequestDoc, content_type = "application/json",
        description = "An OTLP/JSON ExportTraceServiceRequest; `application/x-protobuf` (the protobuf encoding) is read too"),
    responses(
        (status = 200, description = "Every span was read: `{}`, or `partialSuccess` naming the spans that did not become records; protobuf for a protobuf request", body = TracesAnswerDoc),
        BadRequest, Forbidden, PayloadTooLarge, UnsupportedMediaType, InternalError, Unavailable
    )
)]
pub async fn traces(
    State(state): State<AppState>,
    caller: Caller,
    req: Request,
) -> Result<Response, ApiError> {
    // Who sent it, for the WARN lines: the key's agent, else the address.
    let client = match &caller {
        Caller::Key { agent_id, .. } => format!("agent {agent_id}"),
        _ => req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(
                || "address unknown".into(),
                |ConnectInfo(a)| format!("address {}", a.ip()),
            ),
    };
    let answer = export(&state, caller, req).await;
    // An exporter ignores `partialSuccess` and logs a 4xx quietly, so a
    // refusal is said here, at most once a minute per client.
    let refused = match &answer {
        Err(e) if e.status().is_client_error() => Some(e.to_string()),
        Ok((_, Some(why))) => Some(why.clone()),
        _ => None,
    };
    if let Some(why) = refused {
        if let Some(count) = state
            .otlp_refusals
            .count(&client, std::time::Instant::now())
        {
            tracing::warn!(
                client = %client,
                refusals = count,
                "{client}: {} of OTLP spans refused in whole or part since the last such line, \
                 the last: {why}",
                crate::domain::count(count, "export")
            );
        }
    }
    answer.map(|(response, _)| response)
}

/// Reads and records an export: the answer, and why spans were refused.
async fn export(
    state: &AppState,
    caller: Caller,
    req: Request,
) -> Result<(Response, Option<String>), ApiError> {
    let state = state.clone();
    // As `/thoughts`: the key's agent scopes the idempotency keys and writes.
    let (scope, bound_agent) = match caller {
        Caller::Open => (String::new(), None),
        Caller::Key { role, agent_id } if !role.appends() => {
            return Err(ApiError::Forbidden(format!(
                "this API key (agent `{agent_id}`) is a {}'s; exporting traces needs a writer key",
                role.as_str()
            )))
        }
        Caller::Key { agent_id, .. } => (agent_id.clone(), Some(agent_id)),
    };
    let encoding = encoding(req.headers())?;
    let gzip = gzipped(req.headers())?;
    let limit = state.limits.max_body_bytes;
    let unreadable = match encoding {
        Encoding::Json => ApiError::MalformedJson,
        Encoding::Protobuf => ApiError::BadRequest,
    };
    let mut bytes = read_body(req, limit, unreadable).await?.to_vec();
    if gzip {
        bytes = gunzip(&bytes, limit)?;
    }
    let request = match encoding {
        Encoding::Protobuf => ExportTraceServiceRequest::decode(bytes.as_slice()).map_err(|e| {
            ApiError::BadRequest(format!(
                "the body is not a protobuf ExportTraceServiceRequest: {e}"
            ))
        })?,
        Encoding::Json => from_json(&bytes)?,
    };
    let (rejected, reasons) =
        record_spans(&state, &scope, bound_agent.as_deref(), &request).await?;
    let partial_success = (rejected > 0).then(|| {
        let mut error_message = reasons
            .iter()
            .take(REASONS_NAMED)
            .cloned()
            .collect::<Vec<_>>()
            .join("; ");
        if reasons.len() > REASONS_NAMED {
            error_message.push_str(&format!("; and {} more", reasons.len() - REASONS_NAMED));
        }
        ExportTracePartialSuccess {
            rejected_spans: rejected as i64,
            error_message,
        }
    });
    let why = partial_success
        .as_ref()
        .map(|p| format!("{} spans: {}", p.rejected_spans, p.error_message));
    let answer = ExportTraceServiceResponse { partial_success };
    let response = match encoding {
        Encoding::Protobuf => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, HeaderValue::from_static(PROTOBUF))],
            answer.encode_to_vec(),
        )
            .into_response(),
        Encoding::Json => (StatusCode::OK, axum::Json(answer)).into_response(),
    };
    Ok((response, why))
}

/// An OTLP/JSON request. Messages are JSON objects: serde would also read a
/// struct from an array, so the body and its `resourceSpans` are checked to
/// be objects first.
fn from_json(bytes: &[u8]) -> Result<ExportTraceServiceRequest, ApiError> {
    let malformed = |e: String| {
        ApiError::MalformedJson(format!(
            "the body is not an OTLP/JSON ExportTraceServiceRequest: {e}"
        ))
    };
    let value: serde_json::Value =
        serde_json::from_slice(bytes).map_err(|e| malformed(e.to_string()))?;
    let Some(members) = value.as_object() else {
        return Err(malformed("it is not a JSON object".into()));
    };
    if let Some(serde_json::Value::Array(items)) = members.get("resourceSpans") {
        if !items.iter().all(serde_json::Value::is_object) {
            return Err(malformed(
                "`resourceSpans` holds a value that is not an object".into(),
            ));
        }
    }
    serde_json::from_value(value).map_err(|e| malformed(e.to_string()))
}

/// The body's encoding, by its media type (OTLP/HTTP: 415 for another).
fn encoding(headers: &HeaderMap) -> Result<Encoding, ApiError> {
    let value = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    match media_type_essence(value).as_str() {
        PROTOBUF | "application/protobuf" => Ok(Encoding::Protobuf),
        "application/json" => Ok(Encoding::Json),
        _ => Err(ApiError::UnsupportedMediaType(format!(
            "Content-Type `{value}` is not supported; OTLP/HTTP sends {PROTOBUF} or application/json"
        ))),
    }
}

/// Whether the body is gzipped; another content coding is 415.
fn gzipped(headers: &HeaderMap) -> Result<bool, ApiError> {
    match headers.get(header::CONTENT_ENCODING).map(|v| v.to_str()) {
        None => Ok(false),
        Some(Ok(v)) if v.trim().eq_ignore_ascii_case("gzip") => Ok(true),
        Some(Ok(v)) if v.trim().eq_ignore_ascii_case("identity") => Ok(false),
        Some(v) => Err(ApiError::UnsupportedMediaType(format!(
            "Content-Encoding `{}` is not supported; send gzip or none",
            v.unwrap_or("?")
        ))),
    }
}

/// The gzipped body, decompressed to at most `limit` bytes: past it 413,
/// however small the compressed body was (a zip bomb stops at the limit).
fn gunzip(compressed: &[u8], limit: usize) -> Result<Vec<u8>, ApiError> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(compressed)
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| ApiError::BadRequest(format!("the gzip body cannot be decompressed: {e}")))?;
    if out.len() > limit {
        return Err(ApiError::PayloadTooLarge { limit });
    }
    Ok(out)
}

/// The spans of an export, each with its resource's attributes, and how
/// they hang together.
struct Export<'a> {
    /// Every span, with its resource's attributes.
    spans: Vec<(&'a Span, &'a [KeyValue])>,
    /// What each span says, by its convention (None: no convention).
    facts: Vec<Option<Facts>>,
    /// Index in `spans` by (trace id, span id).
    index: HashMap<(&'a [u8], &'a [u8]), usize>,
}

impl<'a> Export<'a> {
    fn new(request: &'a ExportTraceServiceRequest) -> Export<'a> {
        let mut spans = Vec::new();
        for rs in &request.resource_spans {
            let resource = rs.resource.as_ref().map_or(&[][..], |r| &r.attributes[..]);
            for ss in &rs.scope_spans {
                spans.extend(ss.spans.iter().map(|s| (s, resource)));
            }
        }
        let index = spans
            .iter()
            .enumerate()
            .map(|(i, (s, _))| ((&s.trace_id[..], &s.span_id[..]), i))
            .collect();
        let facts = spans.iter().map(|(s, _)| facts::read(s)).collect();
        Export {
            spans,
            facts,
            index,
        }
    }

    /// The parent of span `i` when it is in this export.
    fn parent(&self, i: usize) -> Option<usize> {
        let span = self.spans[i].0;
        if span.parent_span_id.is_empty() {
            return None;
        }
        self.index
            .get(&(&span.trace_id[..], &span.parent_span_id[..]))
            .copied()
            .filter(|&p| p != i)
    }

    /// Span `i` and its ancestors in this export, nearest first (a cycle,
    /// which only a broken exporter sends, stops at the first repeat).
    fn lineage(&self, i: usize) -> Vec<usize> {
        let mut seen = vec![i];
        let mut at = i;
        while let Some(p) = self.parent(at) {
            if seen.contains(&p) {
                break;
            }
            seen.push(p);
            at = p;
        }
        seen
    }

    /// The context a span's records take from the span's facts, else its
    /// nearest ancestor's in the export that say it.
    fn inherited(&self, i: usize) -> Inherited<'_> {
        let lineage = self.lineage(i);
        let find = |get: fn(&Facts) -> Option<&str>| {
            lineage
                .iter()
                .find_map(|&j| self.facts[j].as_ref().and_then(get))
        };
        Inherited {
            session: find(|f| f.session.as_deref()),
            agent: find(|f| f.agent.as_deref()),
            service_name: string_attr(self.spans[i].1, "service.name"),
        }
    }
}

/// One record to append, where it goes in the order, and whose it is.
struct Pending {
    /// The span it comes from (its index in the export).
    span: usize,
    /// Parents first: twice the span's depth, plus one for an evaluation
    /// (after its span's record).
    level: usize,
    /// The span's start: siblings in time order.
    start: u64,
    planned: Planned,
}

/// Appends the records of an export's spans, parents first, a level of the
/// span tree at a time; answers how many spans did not become records, and
/// why. A store failure (the queue full, the database down) is the whole
/// request's: the exporter retries the export, and the spans already
/// appended are replayed, not appended again.
async fn record_spans(
    state: &AppState,
    scope: &str,
    bound_agent: Option<&str>,
    request: &ExportTraceServiceRequest,
) -> Result<(usize, Vec<String>), ApiError> {
    let export = Export::new(request);
    let mut rejected = HashSet::new();
    let mut reasons = Vec::new();
    let mut pending = Vec::new();
    // Spans of no convention, or only plumbing: no record, and not said
    // unless nothing of the export becomes one.
    let mut skipped = Vec::new();
    // Records appended (or replayed) from this export.
    let mut made = 0usize;
    for i in 0..export.spans.len() {
        let span = export.spans[i].0;
        let inherited = export.inherited(i);
        match plan_records(
            span,
            export.facts[i].as_ref(),
            &inherited,
            bound_agent,
            state.limits.max_content_bytes,
        ) {
            Ok(planned) if planned.is_empty() => skipped.push(i),
            Ok(planned) => {
                let depth = export.lineage(i).len() - 1;
                pending.extend(planned.into_iter().map(|planned| Pending {
                    span: i,
                    level: 2 * depth + usize::from(!planned.is_span),
                    start: span.start_time_unix_nano,
                    planned,
                }));
            }
            Err(reason) => {
                rejected.insert(i);
                reasons.push(reason);
            }
        }
    }
    pending.sort_by_key(|p| (p.level, p.start, p.span));
    // The record of each span appended so far: (record id, task id).
    let mut records: HashMap<usize, (String, String)> = HashMap::new();
    let mut at = 0;
    while at < pending.len() {
        let level = pending[at].level;
        let end = at
            + pending[at..]
                .iter()
                .take_while(|p| p.level == level)
                .count();
        let mut appends = Vec::new();
        let mut sources = Vec::new();
        for p in &pending[at..end] {
            let parent = parent_record(state, scope, &export, &records, p).await?;
            let mut body = p.planned.body.clone();
            let task = body["task_id"].as_str().unwrap_or_default().to_string();
            if let Some((id, parent_task)) = parent {
                if parent_task == task {
                    body.insert("parent_id".into(), serde_json::Value::String(id));
                }
            }
            let text = serde_json::Value::Object(body).to_string();
            // The domain's own reader and rules, as for `/thoughts`: a value
            // nested too deep, an id that is no identifier, metadata over
            // its limit refuse this span only.
            let draft = parse_body(&text)
                .map_err(|e| e.to_string())
                .and_then(|parsed| {
                    new_record_from_json(&parsed, &state.limits.input()).map_err(|errors| {
                        let why: Vec<String> = errors.iter().map(ToString::to_string).collect();
                        why.join(", ")
                    })
                });
            match draft {
                Ok(draft) => {
                    let idempotency = Idempotency::new(
                        scope.to_string(),
                        p.planned.idempotency_key.clone(),
                        &draft,
                        Form::SPAN,
                    );
                    appends.push((draft, Some(idempotency)));
                    sources.push(p);
                }
                Err(why) => {
                    rejected.insert(p.span);
                    reasons.push(format!(
                        "span {}: {why}",
                        hex::encode(&export.spans[p.span].0.span_id)
                    ));
                }
            }
        }
        // A level's appends are queued together, each appended or refused
        // on its own in one writer batch.
        let results = if appends.is_empty() {
            Vec::new()
        } else {
            state.store.append_each(appends).await?
        };
        for (p, result) in sources.into_iter().zip(results) {
            match result {
                Ok(appended) => {
                    made += 1;
                    if p.planned.is_span {
                        let r = appended.record;
                        records.insert(p.span, (r.id, r.authored.task_id));
                    }
                }
                Err(StoreError::IdempotencyKeyReused { .. }) => {
                    rejected.insert(p.span);
                    reasons.push(format!(
                        "span {} was recorded before with other content",
                        hex::encode(&export.spans[p.span].0.span_id)
                    ));
                }
                // That span alone: its stored key names a record it did not
                // make (logged at ERROR where it was found).
                Err(StoreError::RowAltered(why)) => {
                    tracing::error!(%why, "SECURITY: a span's stored idempotency key is not what the service wrote; the span is rejected");
                    rejected.insert(p.span);
                    reasons.push(format!(
                        "span {} could not be recorded: its stored key was altered",
                        hex::encode(&export.spans[p.span].0.span_id)
                    ));
                }
                Err(e) => return Err(e.into()),
            }
        }
        at = end;
    }
    if made == 0 && !skipped.is_empty() {
        for &i in &skipped {
            let span = export.spans[i].0;
            rejected.insert(i);
            reasons.push(format!(
                "span {} (`{}`) is of no agent convention this service reads \
                 (OpenInference, OpenLLMetry, the AI SDK, OpenTelemetry GenAI) or only plumbing",
                hex::encode(&span.span_id),
                span.name
            ));
        }
    }
    let silent = skipped.iter().filter(|i| !rejected.contains(i)).count();
    super::ops::metrics::otlp_spans(
        export.spans.len() - rejected.len() - silent,
        silent,
        rejected.len(),
    );
    Ok((rejected.len(), reasons))
}

/// The record a pending record hangs under: for an evaluation, its span's
/// record; for a span, its nearest ancestor's in this export; an ancestor
/// sent in an earlier export is found by its idempotency key.
async fn parent_record(
    state: &AppState,
    scope: &str,
    export: &Export<'_>,
    records: &HashMap<usize, (String, String)>,
    p: &Pending,
) -> Result<Option<(String, String)>, ApiError> {
    let lineage = export.lineage(p.span);
    let ancestors = if p.planned.is_span {
        &lineage[1..]
    } else {
        &lineage[..]
    };
    if let Some(found) = ancestors.iter().find_map(|j| records.get(j)) {
        return Ok(Some(found.clone()));
    }
    // The oldest ancestor here names a parent this export does not hold.
    let top = export.spans[*lineage.last().expect("a span's lineage holds it")].0;
    if top.parent_span_id.is_empty() || export.parent(lineage[lineage.len() - 1]).is_some() {
        return Ok(None);
    }
    let key = span_key(
        &hex::encode(&top.trace_id),
        &hex::encode(&top.parent_span_id),
    );
    Ok(state
        .store
        .record_by_idempotency_key(scope, &key)
        .await?
        .map(|r| (r.id, r.authored.task_id)))
}
