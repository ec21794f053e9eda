//! Values as the API writes them, one type per rule: a hash, an identifier,
//! a cursor, a page size. Each reads itself (serde, for query parameters) and
//! documents itself (utoipa) from the domain's own constants, so the document
//! and the checks cannot drift apart (docs/design.md §3).

pub(crate) mod extract;
pub(crate) mod query;

use std::marker::PhantomData;

use serde::{de, Deserialize, Deserializer};
use std::borrow::Cow;
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, SchemaFormat, SchemaType};

use utoipa::openapi::{ObjectBuilder, RefOr, Required, Schema, Type};
use utoipa::{IntoParams, PartialSchema, ToSchema};

use crate::domain::chain::BreakReason;
use crate::domain::cursor::{self, CursorKind, CURSOR_PATTERN};
use crate::domain::idempotency::{KEY_PATTERN, MAX_KEY_BYTES};
use crate::domain::record::{identifier_problem, is_hash_hex, HASH_PATTERN, MAX_ID_CHARS};
use crate::domain::RECORD_TYPES;
use crate::store::DEFAULT_IDEMPOTENCY_TTL;

/// Reads a string with `parse`; what `parse` refuses is the parameter's problem.
pub(crate) fn read_text<'de, D, T>(
    deserializer: D,
    parse: impl FnOnce(String) -> Result<T, String>,
) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
{
    parse(String::deserialize(deserializer)?).map_err(de::Error::custom)
}

/// The task a `/tasks/{task_id}/…` path names (`Path<TaskPath>`), one
/// declaration for every such route's parameter.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct TaskPath {
    /// The task
    pub(crate) task_id: String,
}

/// The record a `/thoughts/{id}/…` path names (`Path<RecordPath>`).
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub(crate) struct RecordPath {
    /// The record's id
    pub(crate) id: String,
}

/// The `Idempotency-Key` header of every operation that appends (a record,
/// a batch, a verdict), documented from the domain's rule
/// (`domain::idempotency`) and read by `api::records::idempotency_key`.
pub(crate) struct IdempotencyKeyHeader;

impl IdempotencyKeyHeader {
    pub(crate) const NAME: &'static str = "Idempotency-Key";
}

impl IntoParams for IdempotencyKeyHeader {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let schema = ObjectBuilder::new()
            .schema_type(SchemaType::from_iter([Type::String, Type::Null]))
            .max_length(Some(MAX_KEY_BYTES))
            .min_length(Some(1))
            .pattern(Some(KEY_PATTERN));
        vec![ParameterBuilder::new()
            .name(Self::NAME)
            .parameter_in(ParameterIn::Header)
            .description(Some(format!(
                "1 to {MAX_KEY_BYTES} visible ASCII characters (a UUID, say), remembered for {} \
                 hours by default. A retry with the same key and the same request (record, batch \
                 or verdict) is answered what the first request made, with \
                 `Idempotent-Replayed: true`; the same key with a different request is refused \
                 (422).",
                DEFAULT_IDEMPOTENCY_TTL.as_secs() / 3600
            )))
            .required(Required::False)
            .schema(Some(schema))
            .build()]
    }
}

/// A string schema, to which each rule adds its own limits.
pub(crate) fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(Type::String)
}

/// A SHA-256 hash as the API writes every hash: 64 lowercase hex digits
/// (`domain::record::HASH_PATTERN`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HashHex(pub(crate) String);

impl HashHex {
    /// `text` as a hash, or why it is not one.
    pub(crate) fn parse(text: String) -> Result<HashHex, String> {
        if is_hash_hex(&text) {
            Ok(HashHex(text))
        } else {
            Err("must be 64 lowercase hex digits".into())
        }
    }
}

impl<'de> Deserialize<'de> for HashHex {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_text(deserializer, HashHex::parse)
    }
}

impl PartialSchema for HashHex {
    fn schema() -> RefOr<Schema> {
        string().pattern(Some(HASH_PATTERN)).into()
    }
}

impl ToSchema for HashHex {}

/// A task, agent or session id, or a record's parent: 1 to 256 characters,
/// none of them control or invisible ones (`domain::record::identifier_problem`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Identifier(pub(crate) String);

impl<'de> Deserialize<'de> for Identifier {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_text(deserializer, |text| match identifier_problem(&text) {
            None => Ok(Identifier(text)),
            Some(problem) => Err(problem),
        })
    }
}

impl PartialSchema for Identifier {
    fn schema() -> RefOr<Schema> {
        string()
            .min_length(Some(1))
            .max_length(Some(MAX_ID_CHARS))
            .into()
    }
}

impl ToSchema for Identifier {}

/// A listing paged by `limit` and `after` (docs/design.md §3, Cursors): what
/// its cursors are, how large its pages may be, and how its two parameters
/// read in the document.
pub(crate) trait Paged {
    /// The kind of its cursors; a cursor of another listing is refused.
    const KIND: CursorKind;
    /// Items per page when `limit` is not given.
    const DEFAULT_LIMIT: u32;
    /// The most items a page may hold.
    const MAX_LIMIT: u32;
    /// The description of `limit`.
    const LIMIT_TEXT: &'static str;
    /// The description of `after`.
    const AFTER_TEXT: &'static str;
}

/// `limit`: how many items a page of `L` holds, 1 to `L::MAX_LIMIT`.
pub(crate) struct Limit<L>(pub(crate) u32, PhantomData<L>);

impl<'de, L: Paged> Deserialize<'de> for Limit<L> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_text(deserializer, |text| match text.parse::<u32>() {
            Ok(n) if (1..=L::MAX_LIMIT).contains(&n) => Ok(Limit(n, PhantomData)),
            _ => Err(format!(
                "must be an integer from 1 to {}, not `{text}`",
                L::MAX_LIMIT
            )),
        })
    }
}

impl<L: Paged> PartialSchema for Limit<L> {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Integer)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int32)))
            .default(Some(L::DEFAULT_LIMIT.into()))
            .maximum(Some(L::MAX_LIMIT))
            .minimum(Some(1))
            .into()
    }
}

/// `after`: the `next` cursor of a previous page of `L` (`domain::cursor`).
/// Whether it names a position that exists is for the store to say.
pub(crate) struct Cursor<L>(pub(crate) String, PhantomData<L>);

impl<'de, L: Paged> Deserialize<'de> for Cursor<L> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        read_text(deserializer, |text| match cursor::decode(L::KIND, &text) {
            Some(_) => Ok(Cursor(text, PhantomData)),
            None => Err(
                "is not a cursor this service issued for this listing; pass the `next` \
                         of a previous page"
                    .into(),
            ),
        })
    }
}

impl<L: Paged> PartialSchema for Cursor<L> {
    fn schema() -> RefOr<Schema> {
        string().pattern(Some(CURSOR_PATTERN)).into()
    }
}

/// A string schema whose values are `values`, for enums the domain defines.
pub(super) fn string_enum(
    description: &str,
    values: impl IntoIterator<Item = &'static str>,
) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(description))
        .enum_values(Some(values))
        .into()
}

/// The record types (`domain::RECORD_TYPES`), as the schema `ThoughtType`.
pub struct RecordTypeSchema;

impl PartialSchema for RecordTypeSchema {
    fn schema() -> RefOr<Schema> {
        string_enum("The record types, case-sensitive.", RECORD_TYPES)
    }
}

impl ToSchema for RecordTypeSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ThoughtType")
    }
}

/// Why a chain walk stops (`domain::chain::BreakReason`), as the schema
/// `BreakReasonBody`.
pub struct BreakReasonSchema;

impl PartialSchema for BreakReasonSchema {
    fn schema() -> RefOr<Schema> {
        string_enum(
            "Why a chain walk stopped.",
            BreakReason::ALL.iter().map(|r| r.as_str()),
        )
    }
}

impl ToSchema for BreakReasonSchema {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("BreakReasonBody")
    }
}
