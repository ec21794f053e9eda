//! The OTLP trace messages `/v1/traces` reads and answers, written by hand
//! as prost structs (only the fields the mapping uses; prost skips the
//! rest), each also read from the OTLP/JSON encoding: lowerCamelCase names,
//! trace and span ids in hex, 64-bit integers as strings or numbers, enums
//! as integers, unknown fields ignored (OTLP specification 1.x, "JSON
//! Protobuf Encoding"). Field numbers are those of
//! `opentelemetry/proto/{collector/trace/v1,trace/v1,common/v1,resource/v1}`.

use serde::{Deserialize, Deserializer, Serialize};

/// `ExportTraceServiceRequest`: what an exporter posts.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ExportTraceServiceRequest {
    /// The spans, grouped by the resource (process) that emitted them.
    #[prost(message, repeated, tag = "1")]
    pub resource_spans: Vec<ResourceSpans>,
}

/// `ResourceSpans`: one resource's spans.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ResourceSpans {
    /// The emitting process; its `service.name` is the agent of last resort.
    #[prost(message, optional, tag = "1")]
    pub resource: Option<Resource>,
    /// The spans, grouped by instrumentation scope.
    #[prost(message, repeated, tag = "2")]
    pub scope_spans: Vec<ScopeSpans>,
}

/// `Resource`: the attributes of the emitting process.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Resource {
    /// `service.name` and the like.
    #[prost(message, repeated, tag = "1")]
    pub attributes: Vec<KeyValue>,
}

/// `ScopeSpans`: one instrumentation scope's spans (the scope is not read).
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ScopeSpans {
    /// The spans themselves.
    #[prost(message, repeated, tag = "2")]
    pub spans: Vec<Span>,
}

/// `Span`: one operation; the mapping's unit (docs/design.md §11).
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Span {
    /// 16 bytes; the task when there is no conversation id.
    #[prost(bytes = "vec", tag = "1")]
    #[serde(deserialize_with = "hex_id")]
    pub trace_id: Vec<u8>,
    /// 8 bytes; with the trace id, the record's idempotency key.
    #[prost(bytes = "vec", tag = "2")]
    #[serde(deserialize_with = "hex_id")]
    pub span_id: Vec<u8>,
    /// Empty for a root span; the record's parent when that is a record.
    #[prost(bytes = "vec", tag = "4")]
    #[serde(deserialize_with = "hex_id")]
    pub parent_span_id: Vec<u8>,
    /// The span's name: the content of last resort, and metadata.
    #[prost(string, tag = "5")]
    pub name: String,
    /// Unix nanoseconds; orders siblings, and is metadata.
    #[prost(fixed64, tag = "7")]
    #[serde(deserialize_with = "int64")]
    pub start_time_unix_nano: u64,
    /// Unix nanoseconds; metadata.
    #[prost(fixed64, tag = "8")]
    #[serde(deserialize_with = "int64")]
    pub end_time_unix_nano: u64,
    /// The `gen_ai.*` attributes the mapping reads.
    #[prost(message, repeated, tag = "9")]
    pub attributes: Vec<KeyValue>,
    /// `gen_ai.evaluation.result` events become reflection records.
    #[prost(message, repeated, tag = "11")]
    pub events: Vec<Event>,
    /// An error status is metadata.
    #[prost(message, optional, tag = "15")]
    pub status: Option<Status>,
}

/// `Span.Event`: a timed annotation of a span.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Event {
    /// Unix nanoseconds; metadata.
    #[prost(fixed64, tag = "1")]
    #[serde(deserialize_with = "int64")]
    pub time_unix_nano: u64,
    /// `gen_ai.evaluation.result` is the one the mapping reads.
    #[prost(string, tag = "2")]
    pub name: String,
    /// The evaluation's name, score and explanation.
    #[prost(message, repeated, tag = "3")]
    pub attributes: Vec<KeyValue>,
}

/// `Status`: how the span ended.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Status {
    /// The error's description, for an error.
    #[prost(string, tag = "2")]
    pub message: String,
    /// 0 unset, 1 ok, 2 error.
    #[prost(int32, tag = "3")]
    pub code: i32,
}

/// `KeyValue`: one attribute.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KeyValue {
    /// The attribute's name (`gen_ai.request.model`).
    #[prost(string, tag = "1")]
    pub key: String,
    /// Its value; absent is an empty value.
    #[prost(message, optional, tag = "2")]
    pub value: Option<AnyValue>,
}

/// `AnyValue`: an attribute's value, one of several kinds.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(from = "AnyValueJson")]
pub struct AnyValue {
    /// The value; None is an empty value.
    #[prost(oneof = "Value", tags = "1, 2, 3, 4, 5, 6, 7")]
    pub value: Option<Value>,
}

/// The kinds of `AnyValue` (its `value` oneof).
#[derive(Clone, PartialEq, prost::Oneof)]
pub enum Value {
    #[prost(string, tag = "1")]
    StringValue(String),
    #[prost(bool, tag = "2")]
    BoolValue(bool),
    #[prost(int64, tag = "3")]
    IntValue(i64),
    #[prost(double, tag = "4")]
    DoubleValue(f64),
    #[prost(message, tag = "5")]
    ArrayValue(ArrayValue),
    #[prost(message, tag = "6")]
    KvlistValue(KeyValueList),
    #[prost(bytes = "vec", tag = "7")]
    BytesValue(Vec<u8>),
}

/// `ArrayValue`: a list of values.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ArrayValue {
    /// The items.
    #[prost(message, repeated, tag = "1")]
    pub values: Vec<AnyValue>,
}

/// `KeyValueList`: a map of values.
#[derive(Clone, PartialEq, prost::Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct KeyValueList {
    /// The members.
    #[prost(message, repeated, tag = "1")]
    pub values: Vec<KeyValue>,
}

/// `ExportTraceServiceResponse`: the answer; an unset `partial_success` is
/// a full success.
#[derive(Clone, PartialEq, prost::Message, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportTraceServiceResponse {
    /// Set when some spans did not become records.
    #[prost(message, optional, tag = "1")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial_success: Option<ExportTracePartialSuccess>,
}

/// `ExportTracePartialSuccess`: how many spans were refused, and why.
#[derive(Clone, PartialEq, prost::Message, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportTracePartialSuccess {
    /// Spans that did not become records; an int64, so a string in JSON.
    #[prost(int64, tag = "1")]
    #[serde(serialize_with = "int64_string")]
    pub rejected_spans: i64,
    /// Why, for the first few of them.
    #[prost(string, tag = "2")]
    pub error_message: String,
}

/// `AnyValue` as OTLP/JSON writes it: one member named after its kind.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", default)]
struct AnyValueJson {
    string_value: Option<String>,
    bool_value: Option<bool>,
    #[serde(deserialize_with = "some_int64")]
    int_value: Option<i64>,
    double_value: Option<f64>,
    array_value: Option<ArrayValue>,
    kvlist_value: Option<KeyValueList>,
    /// Base64, as proto3 JSON writes bytes (only ids are hex in OTLP/JSON).
    bytes_value: Option<String>,
}

impl From<AnyValueJson> for AnyValue {
    fn from(j: AnyValueJson) -> AnyValue {
        use base64::Engine;
        let value = if let Some(s) = j.string_value {
            Some(Value::StringValue(s))
        } else if let Some(b) = j.bool_value {
            Some(Value::BoolValue(b))
        } else if let Some(i) = j.int_value {
            Some(Value::IntValue(i))
        } else if let Some(d) = j.double_value {
            Some(Value::DoubleValue(d))
        } else if let Some(a) = j.array_value {
            Some(Value::ArrayValue(a))
        } else if let Some(l) = j.kvlist_value {
            Some(Value::KvlistValue(l))
        } else {
            j.bytes_value.map(|b| {
                Value::BytesValue(
                    base64::engine::general_purpose::STANDARD
                        .decode(b)
                        .unwrap_or_default(),
                )
            })
        };
        AnyValue { value }
    }
}

/// A trace or span id: hex in OTLP/JSON (empty for none).
fn hex_id<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
    let text = String::deserialize(d)?;
    hex::decode(&text).map_err(|_| serde::de::Error::custom(format!("`{text}` is not a hex id")))
}

/// A 64-bit integer, sent as a decimal string or a number (proto3 JSON
/// accepts both).
#[derive(Deserialize)]
#[serde(untagged)]
enum Int64 {
    Number(i64),
    Unsigned(u64),
    Text(String),
}

impl Int64 {
    fn value<E: serde::de::Error>(self) -> Result<i64, E> {
        match self {
            Int64::Number(n) => Ok(n),
            Int64::Unsigned(n) => Ok(n as i64),
            Int64::Text(t) => t
                .parse::<i64>()
                .or_else(|_| t.parse::<u64>().map(|n| n as i64))
                .map_err(|_| E::custom(format!("`{t}` is not a 64-bit integer"))),
        }
    }
}

fn int64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    Int64::deserialize(d)?.value().map(|n| n as u64)
}

fn some_int64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Int64::deserialize(d)?.value().map(Some)
}

fn int64_string<S: serde::Serializer>(n: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&n.to_string())
}
