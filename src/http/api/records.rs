//! `/thoughts`: append a record, read one, list them (the wire calls a
//! record a thought; every Rust name here says record).

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use utoipa::{IntoParams, ToSchema};

use crate::domain::api_keys::Role;
use crate::domain::chain::timestamp_bound;
use crate::domain::idempotency::{key_problem, Form};
use crate::domain::json::JsonValue;
use crate::domain::record::oversight::oversight_of;
use crate::domain::record::{new_record_from_json, RecordFilter};
use crate::domain::{FieldError, NewRecord, Record, RecordType};
use crate::http::log::provable_time::{self, ProvableTime};
use crate::http::ops::guard::Caller;
use crate::http::problem::responses::{
    BadRequest, ConflictResponse, Forbidden, InternalError, KeyReused, NotFound, PayloadTooLarge,
    Unavailable, UnsupportedMediaType,
};
use crate::http::problem::ApiError;
use crate::http::wire::extract::JsonBody;
use crate::http::wire::query::{OfRecords, Page, PlainQuery, Query, QueryPart};
use crate::http::wire::RecordPath;
use crate::http::wire::{HashHex, IdempotencyKeyHeader, Identifier, RecordTypeSchema};
use crate::http::AppState;
use crate::store::{Appended, Idempotency, Listing};

/// An append request. Unknown fields are refused: a silently dropped field is
/// lost data.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({
    "type": "decision",
    "task_id": "refactor-auth",
    "agent_id": "planner-1",
    "content": "Chose JWT over sessions: the API is stateless.",
    "metadata": {"confidence": 0.8, "tools": ["grep", "cargo test"]}
}))]
#[schema(as = NewThoughtBody)]
#[allow(dead_code)] // documents the body; the domain's strict reader parses it
pub struct NewRecordBody {
    /// One of the four types, case-sensitive.
    #[schema(value_type = RecordTypeSchema)]
    r#type: String,
    /// The task whose chain the record joins: 1 to 256 characters, none of them
    /// control, invisible or default-ignorable, not `.` or `..`, not only blank,
    /// and in Unicode NFC (a non-NFC id is refused with its NFC form).
    #[schema(value_type = Identifier)]
    task_id: String,
    /// The agent writing the record (identifier rules, as `task_id`). Not hashed.
    /// Required when the service runs open (no keys file). With an API key it is
    /// the key's agent: omit it, or send that agent (another is 403).
    #[schema(value_type = Option<Identifier>)]
    agent_id: Option<String>,
    /// The thought itself; may be empty; at most the configured byte limit (1 MiB by default).
    content: String,
    /// Optional JSON object (null means none), at most 32 levels deep. Numbers must
    /// survive RFC 8785 canonicalization unchanged (send big integers as strings).
    /// Stored in canonical form and hashed; at most 64 KiB in canonical form by default.
    #[schema(value_type = Option<Object>)]
    metadata: Option<serde_json::Value>,
    /// Optional: the capability fingerprints the agent had when it wrote this
    /// record (`POST /capabilities/fingerprint` computes them). Hashed when
    /// present, as metadata is.
    capabilities: Option<CapabilitiesBody>,
    /// Optional: the work session the record belongs to (identifier rules, as
    /// `task_id`). Hashed when present.
    #[schema(value_type = Option<Identifier>)]
    session_id: Option<String>,
    /// Optional: the id of an earlier record of the same task that this one
    /// answers, refines or branches from (the reasoning tree). Hashed when present.
    #[schema(value_type = Option<Identifier>)]
    parent_id: Option<String>,
    /// Conditional append: the hash of the chain's last record (64 zeros for
    /// an empty chain). When the head is another, the append is refused with
    /// 409 `head_moved` and the current head. Not stored.
    #[schema(value_type = Option<HashHex>)]
    expected_prev_hash: Option<String>,
    /// Optional: make the record erasable (default false, or true on a
    /// service started with --erasable). Its hash then covers a salted
    /// commitment to its content and metadata, and
    /// `DELETE /thoughts/{id}/content` can erase them with every proof of
    /// the record still valid. Not stored beside the record.
    erasable: Option<bool>,
}

/// The capability fingerprints a record is bound to (docs/design.md §9).
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CapabilitiesBody {
    /// The registered agent's static hash (its instructions and tool tree).
    #[schema(value_type = HashHex)]
    static_hash: String,
    /// The runtime hash: the tool set enabled when the agent decided.
    #[schema(value_type = HashHex)]
    runtime_hash: String,
    /// The invocation hash, when the invocation had a context.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<HashHex>)]
    invocation_hash: Option<String>,
}

/// A thought record as stored.
#[derive(Serialize, ToSchema)]
#[schema(example = json!({
    "id": "0b6f3c8e-6a55-4b3a-9c1e-4f2d8a7b9c10",
    "seq": 0,
    "log_index": 41,
    "type": "plan",
    "task_id": "refactor-auth",
    "agent_id": "planner-1",
    "content": "Split the module, then add tests.",
    "timestamp": "2026-11-22T05:17:00.123Z",
    "prev_hash": "0000000000000000000000000000000000000000000000000000000000000000",
    "hash": "47fba196d0dd5baff85bc7160eed196139c690c531db5fe06186b697bd980448"
}))]
pub struct RecordBody {
    /// UUID v7 (its time prefix is the record's timestamp); records written
    /// before version 7 ids keep their UUID v4. Opaque: compare, never parse.
    id: String,
    /// Position in the task's chain, from 0.
    seq: u64,
    /// Position in the global log, from 0.
    log_index: u64,
    #[schema(value_type = RecordTypeSchema)]
    r#type: &'static str,
    task_id: String,
    agent_id: String,
    /// The thought; absent once erased.
    #[serde(skip_serializing_if = "Option::is_none")]
    content: Option<String>,
    /// Present only when the record has metadata (and is not erased): its
    /// RFC 8785 canonical form, exactly as hashed or committed to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    metadata: Option<Box<RawValue>>,
    /// Present only when the record is bound to capability fingerprints.
    #[serde(skip_serializing_if = "Option::is_none")]
    capabilities: Option<CapabilitiesBody>,
    /// Present only when the record names its work session.
    #[serde(skip_serializing_if = "Option::is_none")]
    session_id: Option<String>,
    /// Present only when the record answers an earlier record of its task.
    #[serde(skip_serializing_if = "Option::is_none")]
    parent_id: Option<String>,
    /// Server UTC time at append, `YYYY-MM-DDTHH:MM:SS.mmmZ`; never earlier than the
    /// previous record of the chain.
    timestamp: String,
    /// Hash of the previous record of the chain; 64 zeros for the first.
    #[schema(value_type = HashHex)]
    prev_hash: String,
    /// SHA-256 of the RFC 8785 canonical JSON of {id, type, task_id, content,
    /// timestamp, prev_hash} plus metadata, capabilities, session_id and
    /// parent_id when present; lowercase hex. An erasable record's hash has
    /// `content_commitment` in place of content and metadata.
    #[schema(value_type = HashHex)]
    hash: String,
    /// Present only for an erasable record: lowercase hex SHA-256 of
    /// `"decision-trail/commitment/v1\n"`, the salt's 32 bytes and the
    /// canonical JSON of {content, metadata (when present)}.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<HashHex>)]
    content_commitment: Option<String>,
    /// An erasable record's 32 random bytes, lowercase hex, that open its
    /// commitment; absent once erased.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<HashHex>)]
    salt: Option<String>,
    /// Present once the record's content was erased (it carries no content,
    /// metadata or salt then).
    #[serde(skip_serializing_if = "Option::is_none")]
    erased: Option<ErasedBody>,
}

/// A record as `GET /thoughts/{id}` serves it: with its provable time.
#[derive(Serialize, ToSchema)]
pub struct TimedRecord {
    #[serde(flatten)]
    record: RecordBody,
    /// When the witnesses prove the record existed (docs/design.md §18).
    provable_time: ProvableTime,
}

/// Who erased a record's content, when and why.
#[derive(Serialize, ToSchema)]
pub struct ErasedBody {
    /// The timestamp of the erasure record on the task's trail.
    at: String,
    /// The agent (API key) that erased it, or `decision-trail-retention`.
    by: String,
    reason: String,
}

impl TryFrom<Record> for RecordBody {
    type Error = ApiError;

    /// Fails only when stored metadata is not JSON: the file was edited by hand.
    fn try_from(r: Record) -> Result<RecordBody, ApiError> {
        let erased = r.is_erased();
        let (content_commitment, salt, erased_by) = match r.erasable {
            None => (None, None, None),
            Some(e) => (
                Some(e.commitment),
                e.salt,
                e.erased.map(|e| ErasedBody {
                    at: e.at,
                    by: e.by,
                    reason: e.reason,
                }),
            ),
        };
        let metadata = r
            .authored
            .metadata
            .map(|m| RawValue::from_string(m.canonical().to_string()))
            .transpose()
            .map_err(|e| {
                ApiError::Internal(format!(
                    "record {} has unreadable stored metadata: {e}",
                    r.id
                ))
            })?;
        Ok(RecordBody {
            metadata,
            capabilities: r.authored.capabilities.map(|c| CapabilitiesBody {
                static_hash: c.static_hash,
                runtime_hash: c.runtime_hash,
                invocation_hash: c.invocation_hash,
            }),
            session_id: r.authored.session_id,
            parent_id: r.authored.parent_id,
            r#type: r.authored.r#type.as_str(),
            id: r.id,
            seq: r.seq,
            log_index: r.log_index,
            task_id: r.authored.task_id,
            agent_id: r.authored.agent_id,
            content: (!erased).then_some(r.authored.content),
            timestamp: r.timestamp,
            prev_hash: r.prev_hash,
            hash: r.hash,
            content_commitment,
            salt,
            erased: erased_by,
        })
    }
}

/// Append a thought record to its task's chain.
///
/// The server assigns `id`, `seq`, `log_index`, `timestamp`, `prev_hash` and
/// `hash`, and answers once the record is durably committed.
///
/// With an `Idempotency-Key`, a retry of the same request (even one sent while
/// the first is still in progress) answers the first request's record with
/// `Idempotent-Replayed: true`, never a second record. With
/// `expected_prev_hash`, the append happens only if that is still the chain's
/// head (409 `head_moved` otherwise).
#[utoipa::path(
    post, path = "/thoughts", operation_id = "append", tag = "thoughts",
    params(IdempotencyKeyHeader),
    request_body(content = NewRecordBody, content_type = "application/json"),
    responses(
        AppendAnswer,
        BadRequest, Forbidden, ConflictResponse, PayloadTooLarge, UnsupportedMediaType, KeyReused, InternalError, Unavailable
    )
)]
pub async fn append(
    State(state): State<AppState>,
    caller: Caller,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<Response, ApiError> {
    append_body(&state, &caller, &headers, body).await
}

/// What [`append_body`] answers, as the OpenAPI document shows it for every
/// operation that appends one record (`POST /thoughts`, a verdict).
#[derive(utoipa::IntoResponses)]
#[response(
    status = 201,
    description = "The record, as stored (or, for a retry with the same `Idempotency-Key`, as stored by the first request)",
    headers(
        ("Location" = String, description = "/thoughts/{id} of the record"),
        ("Idempotent-Replayed" = String, description = "`true` when the record was created by an earlier request with the same key")
    )
)]
#[allow(dead_code)] // documents the answer; append_body builds it
pub(crate) struct AppendAnswer(RecordBody);

/// An append body, appended for `caller` (`POST /thoughts`, and the
/// oversight verdicts of `POST /thoughts/{id}/oversight`).
pub(crate) async fn append_body(
    state: &AppState,
    caller: &Caller,
    headers: &HeaderMap,
    mut body: JsonValue,
) -> Result<Response, ApiError> {
    // Whose idempotency keys these are: the key's agent, or nobody when open.
    let scope = match writer_agent(caller)? {
        None => String::new(),
        Some(agent_id) => {
            bind_agent(&mut body, agent_id)?;
            agent_id.to_string()
        }
    };
    let mut errors = Vec::new();
    let idempotency_key = idempotency_key(headers, &mut errors);
    let draft = match new_record_from_json(&body, &state.limits.input()) {
        Ok(draft) => Some(draft),
        Err(mut e) => {
            errors.append(&mut e);
            None
        }
    };
    if let Some(d) = &draft {
        let oversight = match oversight_of(d) {
            None => false,
            Some(Ok(_)) => true,
            Some(Err(mut e)) => {
                errors.append(&mut e);
                true
            }
        };
        may_append(caller, oversight, "")?;
        if let Some(why) = parent_problem(state, d, oversight).await? {
            errors.push(FieldError::new("parent_id", why));
        }
    }
    ApiError::refuse_any(errors)?;
    let draft = draft.expect("no errors, so a draft");
    if *caller == Caller::Open {
        // The request's log lines name the append's agent (a key's agent is
        // named by the guard).
        tracing::Span::current().record("agent", draft.authored.agent_id.as_str());
    }
    let idempotency = idempotency_key.map(|key| Idempotency::new(scope, key, &draft, Form::WHOLE));
    let Appended { record, replayed } = state.store.append(draft, idempotency).await?;
    tracing::debug!(id = %record.id, task_id = %record.authored.task_id, seq = record.seq, log_index = record.log_index, replayed, "appended");
    let location = format!("/thoughts/{}", record.id);
    let mut response = (
        StatusCode::CREATED,
        [(header::LOCATION, location)],
        Json(RecordBody::try_from(record)?),
    )
        .into_response();
    if replayed {
        response
            .headers_mut()
            .insert("idempotent-replayed", HeaderValue::from_static("true"));
    }
    Ok(response)
}

/// Whether `caller` may append a record that is an oversight verdict
/// (`oversight`) or not: a reviewer key records verdicts only, a writer's
/// or admin's anything else (docs/design.md §18); an open service either.
/// `at` prefixes the field named (a batch's item).
pub(crate) fn may_append(caller: &Caller, oversight: bool, at: &str) -> Result<(), ApiError> {
    let Caller::Key { role, agent_id } = caller else {
        return Ok(());
    };
    match (role, oversight) {
        (Role::Reviewer, false) => Err(ApiError::Forbidden(format!(
            "{at}this API key (agent `{agent_id}`) is a reviewer's: it records verdicts on \
             decisions only (`metadata.oversight`, or POST /thoughts/{{id}}/oversight), not \
             agents' records"
        ))),
        (Role::Writer | Role::Admin, true) => Err(ApiError::Forbidden(format!(
            "{at}metadata.oversight: only a reviewer key records oversight verdicts; this API key \
             (agent `{agent_id}`) is a {}'s",
            role.as_str()
        ))),
        _ => Ok(()),
    }
}

/// The agent a key appends as (None when the service is open); a reader
/// key may not append.
pub(crate) fn writer_agent(caller: &Caller) -> Result<Option<&str>, ApiError> {
    match caller {
        Caller::Open => Ok(None),
        Caller::Key {
            role: Role::Reader,
            agent_id,
        } => Err(ApiError::Forbidden(format!(
            "this API key (agent `{agent_id}`) may only read; appending needs a writer key"
        ))),
        Caller::Key { agent_id, .. } => Ok(Some(agent_id)),
    }
}

/// Why a draft's `parent_id` cannot be its parent, if it cannot. The parent
/// must be an earlier record of the task: ids are learnt only from a 201, so
/// a known parent is committed, hence earlier; the database refuses the rest
/// (migrations/sqlite/0006_sessions_trees.sql).
/// An oversight verdict's parent must be a decision.
pub(crate) async fn parent_problem(
    state: &AppState,
    draft: &NewRecord,
    oversight: bool,
) -> Result<Option<String>, ApiError> {
    let Some(parent) = &draft.authored.parent_id else {
        return Ok(None);
    };
    Ok(match state.store.record(parent).await? {
        None => Some(format!("no record has id `{parent}`")),
        Some(p) if p.authored.task_id != draft.authored.task_id => Some(format!(
            "`{parent}` is a record of task `{}`: a parent must be of the same task",
            p.authored.task_id
        )),
        Some(p) if oversight && p.authored.r#type != RecordType::Decision => Some(format!(
            "`{parent}` is a `{}` record: an oversight verdict reviews a decision",
            p.authored.r#type.as_str()
        )),
        Some(_) => None,
    })
}

/// A writer key writes as its agent: an omitted `agent_id` is the key's, a
/// different one is refused.
pub(crate) fn bind_agent(body: &mut JsonValue, agent_id: &str) -> Result<(), ApiError> {
    let JsonValue::Object(members) = body else {
        return Ok(()); // not an object: validation says so
    };
    match members.iter().find(|(k, _)| k == "agent_id") {
        None => members.push(("agent_id".into(), JsonValue::String(agent_id.into()))),
        Some((_, JsonValue::String(given))) if given != agent_id => {
            return Err(ApiError::Forbidden(format!(
                "this API key writes as agent `{agent_id}`, not `{given}`; omit agent_id or send `{agent_id}`"
            )))
        }
        Some(_) => {}
    }
    Ok(())
}

/// The `Idempotency-Key` header, if sent and usable.
pub(crate) fn idempotency_key(headers: &HeaderMap, errors: &mut Vec<FieldError>) -> Option<String> {
    const NAME: &str = IdempotencyKeyHeader::NAME;
    let mut values = headers.get_all(NAME).iter();
    let first = values.next()?;
    if values.next().is_some() {
        errors.push(FieldError::new(NAME, "must be sent once"));
        return None;
    }
    let problem = match first.to_str() {
        Ok(key) => match key_problem(key) {
            None => return Some(key.to_string()),
            Some(problem) => problem,
        },
        Err(_) => "must be visible ASCII characters (no spaces or controls)".to_string(),
    };
    errors.push(FieldError::new(NAME, problem));
    None
}

/// Read one record by id.
#[utoipa::path(
    get, path = "/thoughts/{id}", operation_id = "get_thought", tag = "thoughts",
    params(RecordPath),
    responses(
        (status = 200, description = "The record, with its provable time", body = TimedRecord,
         headers(("Link" = String, description = "For a record bound to capabilities: `</capabilities/{hash}>; rel=\"static-capabilities\"` (and runtime-, invocation-) for each snapshot the registry has"))),
        NotFound, InternalError, Unavailable
    )
)]
pub async fn get_one(
    State(state): State<AppState>,
    Path(RecordPath { id }): Path<RecordPath>,
) -> Result<Response, ApiError> {
    let record = record_or_404(&state, &id).await?;
    // The record links to the snapshots of its capabilities the registry has.
    let mut links = Vec::new();
    if let Some(c) = &record.authored.capabilities {
        for (rel, hash) in [
            ("static-capabilities", Some(&c.static_hash)),
            ("runtime-capabilities", Some(&c.runtime_hash)),
            ("invocation-capabilities", c.invocation_hash.as_ref()),
        ] {
            let Some(hash) = hash else { continue };
            if state.store.snapshot(hash).await?.is_some() {
                links.push(format!("</capabilities/{hash}>; rel=\"{rel}\""));
            }
        }
    }
    let provable_time = provable_time::of_record(&state, record.log_index).await?;
    let mut response = Json(TimedRecord {
        record: RecordBody::try_from(record)?,
        provable_time,
    })
    .into_response();
    for link in links {
        if let Ok(v) = HeaderValue::from_str(&link) {
            response.headers_mut().append(header::LINK, v);
        }
    }
    Ok(response)
}

pub(crate) async fn record_or_404(state: &AppState, id: &str) -> Result<Record, ApiError> {
    state
        .store
        .record(id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no record has id `{id}`")))
}

/// `task_id` of `GET /thoughts`.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct ChainQuery {
    /// Only this task's chain, in seq order. Without it: every record, in log order.
    // The document has always written query identifiers as plain strings.
    #[param(value_type = Option<String>)]
    task_id: Option<Identifier>,
}

impl PlainQuery for ChainQuery {}

/// The filters `GET /thoughts` and `GET /search` share.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct FilterQuery {
    /// Only records of this type.
    #[param(value_type = Option<RecordTypeSchema>)]
    r#type: Option<String>,
    /// Only records by this agent.
    #[param(value_type = Option<String>)]
    agent_id: Option<Identifier>,
    /// Only records at or after this time (RFC 3339, any offset).
    #[param(format = DateTime)]
    since: Option<String>,
    /// Only records before this time (RFC 3339, any offset).
    #[param(format = DateTime)]
    until: Option<String>,
}

impl QueryPart for FilterQuery {
    type Read = RecordFilter;

    /// The domain's filter: the type and the time bounds read by its own
    /// rules (`RecordType`, `chain::timestamp_bound`), the bounds in order.
    fn finish(self, errors: &mut Vec<FieldError>) -> Option<RecordFilter> {
        let mut filter = RecordFilter {
            agent_id: self.agent_id.map(|a| a.0),
            ..RecordFilter::default()
        };
        if let Some(t) = self.r#type {
            match t.parse::<RecordType>() {
                Ok(t) => filter.r#type = Some(t),
                Err(message) => errors.push(FieldError::new("type", message)),
            }
        }
        for (field, text, bound) in [
            ("since", self.since, &mut filter.since),
            ("until", self.until, &mut filter.until),
        ] {
            match text.as_deref().map(timestamp_bound) {
                Some(Ok(t)) => *bound = Some(t),
                Some(Err(message)) => errors.push(FieldError::new(field, message)),
                None => {}
            }
        }
        if let (Some(since), Some(until)) = (&filter.since, &filter.until) {
            if since > until {
                errors.push(FieldError::new("until", "must not be before `since`"));
            }
        }
        Some(filter)
    }
}

/// What the records of `GET /thoughts` are bound to: capabilities, a session.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct BindingQuery {
    /// Only records bound to this static capability hash.
    #[param(inline)]
    static_hash: Option<HashHex>,
    /// Only records bound to this runtime capability hash: the decisions made
    /// with that tool set.
    #[param(inline)]
    runtime_hash: Option<HashHex>,
    /// Only records of this work session.
    #[param(value_type = Option<String>)]
    session_id: Option<Identifier>,
}

impl PlainQuery for BindingQuery {}

/// A page of records and the cursor of the next page.
#[derive(Serialize, ToSchema)]
pub struct RecordPage {
    records: Vec<RecordBody>,
    /// Pass as `after` for the next page; null on the last page.
    next: Option<String>,
}

/// List records: one task's chain, or the whole log.
#[utoipa::path(
    get, path = "/thoughts", operation_id = "list_thoughts", tag = "thoughts",
    params(ChainQuery, FilterQuery, BindingQuery, Page<OfRecords>),
    responses(
        (status = 200, description = "A page of records in append order", body = RecordPage),
        BadRequest, InternalError, Unavailable
    )
)]
pub async fn list(
    State(state): State<AppState>,
    Query((chain, filter, binding, paging)): Query<(
        ChainQuery,
        FilterQuery,
        BindingQuery,
        Page<OfRecords>,
    )>,
) -> Result<Json<RecordPage>, ApiError> {
    let filter = RecordFilter {
        session_id: binding.session_id.map(|s| s.0),
        static_hash: binding.static_hash.map(|h| h.0),
        runtime_hash: binding.runtime_hash.map(|h| h.0),
        ..filter
    };
    let listing = match &chain.task_id {
        Some(t) => Listing::Task(&t.0),
        None => Listing::Log,
    };
    let page = state
        .store
        .records(listing, &filter, paging.after(), paging.limit)
        .await?;
    Ok(Json(RecordPage {
        records: page
            .items
            .into_iter()
            .map(RecordBody::try_from)
            .collect::<Result<_, _>>()?,
        next: page.next,
    }))
}
