//! Query strings, read strictly by one extractor: [`Query`] deserializes the
//! parameters into the structs that document them, each bad parameter named
//! in the one problem, and refuses a parameter it does not know or one given
//! twice (a typo such as `taskid=` must not silently list everything;
//! docs/design.md §3).

use std::fmt;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::{self, DeserializeOwned, IntoDeserializer, MapAccess, Visitor};
use serde::{forward_to_deserialize_any, Deserialize, Deserializer};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::{RefOr, Required, Schema};
use utoipa::{IntoParams, PartialSchema};

use crate::domain::cursor::CursorKind;
use crate::domain::FieldError;
use crate::http::problem::ApiError;
use crate::http::wire::{Cursor, Limit, Paged};

/// The parameters `T` (one part, or a tuple of parts) read from the query
/// string; the handler runs only when every parameter is good.
pub(crate) struct Query<T: QueryParts>(pub T::Read);

impl<S: Send + Sync, T: QueryParts> FromRequestParts<S> for Query<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        let mut names = Vec::new();
        T::names(&mut names);
        let mut pairs = Pairs::parse(parts.uri.query(), &names);
        let read = T::read(&mut pairs);
        ApiError::refuse_any(pairs.errors)?;
        Ok(Query(read.expect("no problem, so every part was read")))
    }
}

/// A struct of query parameters, deserialized from its own parameters, then
/// checked as a whole.
pub(crate) trait QueryPart: DeserializeOwned {
    /// What the handler gets.
    type Read;

    /// What the parameters make together, adding a problem to `errors` for
    /// each check across them that fails; `errors` already names the part's
    /// own bad parameters, which were left out of `self`.
    fn finish(self, errors: &mut Vec<FieldError>) -> Option<Self::Read>;
}

/// A part whose parameters need no check across them: the handler gets it
/// as it is.
pub(crate) trait PlainQuery: DeserializeOwned {}

impl<T: PlainQuery> QueryPart for T {
    type Read = T;

    fn finish(self, _: &mut Vec<FieldError>) -> Option<T> {
        Some(self)
    }
}

/// What [`Query`] reads: one part, or a tuple of parts that the document
/// lists in the same order (`params(A, B)` for `Query<(A, B)>`).
pub(crate) trait QueryParts {
    type Read;
    /// Every parameter name, in order.
    fn names(names: &mut Vec<&'static str>);
    /// Every part, each problem added to the pairs' errors.
    fn read(pairs: &mut Pairs) -> Option<Self::Read>;
}

impl<P: QueryPart> QueryParts for P {
    type Read = P::Read;

    fn names(names: &mut Vec<&'static str>) {
        names.extend(fields_of::<P>());
    }

    fn read(pairs: &mut Pairs) -> Option<P::Read> {
        pairs.read::<P>()
    }
}

macro_rules! tuple_parts {
    ($($part:ident),+) => {
        impl<$($part: QueryPart),+> QueryParts for ($($part,)+) {
            type Read = ($($part::Read,)+);

            fn names(names: &mut Vec<&'static str>) {
                $(names.extend(fields_of::<$part>());)+
            }

            #[allow(non_snake_case)]
            fn read(pairs: &mut Pairs) -> Option<Self::Read> {
                // Every part is read, so that each names its problems.
                $(let $part = pairs.read::<$part>();)+
                Some(($($part?,)+))
            }
        }
    };
}

tuple_parts!(A, B);
tuple_parts!(A, B, C);
tuple_parts!(A, B, C, D);

/// The query string's pairs, each name known and given once, and the
/// problems found so far.
pub(crate) struct Pairs {
    /// Name and value of each parameter given, in the query string's order.
    pairs: Vec<(String, String)>,
    /// Every problem found so far, each naming its parameter.
    errors: Vec<FieldError>,
}

impl Pairs {
    /// Parses `query`, adding a problem for each unknown or repeated name.
    fn parse(query: Option<&str>, names: &[&'static str]) -> Pairs {
        let raw = query.unwrap_or("");
        let mut out = Pairs {
            pairs: Vec::new(),
            errors: Vec::new(),
        };
        if !decodes_to_utf8(raw) {
            // serde_urlencoded would put U+FFFD in place of the bad bytes and
            // search or filter for something nobody asked for.
            out.errors.push(FieldError::new(
                "",
                "the query string is not UTF-8 once percent-decoded",
            ));
            return out;
        }
        let pairs: Vec<(String, String)> = serde_urlencoded::from_str(raw).unwrap_or_else(|e| {
            out.errors.push(FieldError::new(
                "",
                format!("the query string cannot be read: {e}"),
            ));
            Vec::new()
        });
        for (name, value) in pairs {
            if !names.contains(&name.as_str()) {
                out.errors.push(FieldError::new(
                    name,
                    format!("unknown query parameter; allowed: {}", names.join(", ")),
                ));
            } else if out.pairs.iter().any(|(n, _)| *n == name) {
                out.errors
                    .push(FieldError::new(name, "is given more than once"));
            } else {
                out.pairs.push((name, value));
            }
        }
        out
    }

    /// The part `P` from its own pairs. A bad value is named and left out,
    /// and the part read again without it, so every bad value is named; a
    /// required parameter that is missing (or was bad) leaves no part.
    fn read<P: QueryPart>(&mut self) -> Option<P::Read> {
        let names = fields_of::<P>();
        // In the order the part declares them, as the document lists them.
        let mut mine: Vec<(String, String)> = names
            .iter()
            .filter_map(|name| self.pairs.iter().find(|(n, _)| n == name))
            .cloned()
            .collect();
        loop {
            let e = match P::deserialize(PairsDeserializer(&mine)) {
                Ok(part) => return part.finish(&mut self.errors),
                Err(e) => e,
            };
            let before = mine.len();
            mine.retain(|(name, _)| *name != e.field);
            // A required parameter whose value was bad is named once.
            if !(e.missing && self.errors.iter().any(|f| f.field == e.field)) {
                self.errors.push(FieldError::new(e.field, e.message));
            }
            if mine.len() == before {
                return None;
            }
        }
    }
}

/// Whether every name and value of a query string is UTF-8 once its `%XX`
/// escapes are decoded (RFC 3986 §2.1; WHATWG URL's form encoding is UTF-8).
fn decodes_to_utf8(raw: &str) -> bool {
    raw.split('&').all(|part| {
        let bytes = part.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (bytes[i], bytes.get(i + 1), bytes.get(i + 2)) {
                (b'%', Some(&h), Some(&l)) if hex(h).is_some() && hex(l).is_some() => {
                    out.push((hex(h).unwrap() * 16 + hex(l).unwrap()) as u8);
                    i += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    i += 1;
                }
            }
        }
        std::str::from_utf8(&out).is_ok()
    })
}

/// Why a parameter could not be read: its name (empty for the whole query
/// string) and the problem.
#[derive(Debug)]
struct QueryError {
    /// The parameter, empty until the pair's name is known.
    field: String,
    /// The problem, as the problem body says it.
    message: String,
    /// The parameter is required and was not given.
    missing: bool,
}

impl fmt::Display for QueryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.field, self.message)
    }
}

impl std::error::Error for QueryError {}

impl de::Error for QueryError {
    fn custom<T: fmt::Display>(message: T) -> QueryError {
        QueryError {
            field: String::new(),
            message: message.to_string(),
            missing: false,
        }
    }

    fn missing_field(field: &'static str) -> QueryError {
        QueryError {
            field: field.into(),
            message: "is required".into(),
            missing: true,
        }
    }
}

/// The parameter names of the struct `P`, as serde names them.
fn fields_of<P: DeserializeOwned>() -> &'static [&'static str] {
    /// A deserializer that only takes note of the fields it is asked for.
    struct Names<'a>(&'a mut &'static [&'static str]);

    impl<'de> Deserializer<'de> for Names<'_> {
        type Error = QueryError;

        fn deserialize_any<V: Visitor<'de>>(self, _: V) -> Result<V::Value, QueryError> {
            Err(de::Error::custom("query parameters are read into a struct"))
        }

        fn deserialize_struct<V: Visitor<'de>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            _: V,
        ) -> Result<V::Value, QueryError> {
            *self.0 = fields;
            Err(de::Error::custom("only the names were asked for"))
        }

        forward_to_deserialize_any! {
            bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
            bytes byte_buf option unit unit_struct newtype_struct seq tuple
            tuple_struct map enum identifier ignored_any
        }
    }

    let mut fields: &'static [&'static str] = &[];
    let _ = P::deserialize(Names(&mut fields));
    fields
}

/// A part's pairs as a map of names to text values.
struct PairsDeserializer<'a>(&'a [(String, String)]);

impl<'de> Deserializer<'de> for PairsDeserializer<'_> {
    type Error = QueryError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, QueryError> {
        visitor.visit_map(PairsAccess(self.0.iter()))
    }

    forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

struct PairsAccess<'a>(std::slice::Iter<'a, (String, String)>);

impl<'de> MapAccess<'de> for PairsAccess<'_> {
    type Error = QueryError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, QueryError> {
        let Some((name, _)) = self.0.as_slice().first() else {
            return Ok(None);
        };
        seed.deserialize(name.as_str().into_deserializer())
            .map(Some)
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(
        &mut self,
        seed: V,
    ) -> Result<V::Value, QueryError> {
        let (name, value) = self.0.next().expect("a key was read first");
        seed.deserialize(Text(value)).map_err(|mut e| {
            e.field = name.clone();
            e
        })
    }
}

/// One parameter's value: text, read as what the field asks for.
struct Text<'a>(&'a str);

impl<'de> Deserializer<'de> for Text<'_> {
    type Error = QueryError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, QueryError> {
        visitor.visit_str(self.0)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, QueryError> {
        visitor.visit_some(self)
    }

    fn deserialize_u64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, QueryError> {
        match self.0.parse::<u64>() {
            Ok(n) => visitor.visit_u64(n),
            Err(_) => Err(de::Error::custom(format!(
                "must be a non-negative integer, not `{}`",
                self.0
            ))),
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _: &'static str,
        visitor: V,
    ) -> Result<V::Value, QueryError> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, QueryError> {
        match self.0 {
            "true" => visitor.visit_bool(true),
            "false" => visitor.visit_bool(false),
            other => Err(de::Error::custom(format!(
                "must be true or false, not `{other}`"
            ))),
        }
    }

    forward_to_deserialize_any! {
        i8 i16 i32 i64 i128 u8 u16 u32 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// `limit` and `after`, the paging parameters of the listing `L`.
#[derive(Deserialize)]
#[serde(bound = "")]
pub(crate) struct Page<L: Paged> {
    /// Items per page; `L::DEFAULT_LIMIT` when not given.
    limit: Option<Limit<L>>,
    /// The previous page's `next`; the first page when not given.
    after: Option<Cursor<L>>,
}

/// A page asked for: its size, and the cursor it starts after.
pub(crate) struct Paging {
    /// Items the page may hold.
    pub(crate) limit: u32,
    /// The cursor the page starts after (a cursor of its listing).
    after: Option<String>,
}

impl Paging {
    pub(crate) fn after(&self) -> Option<&str> {
        self.after.as_deref()
    }
}

impl<L: Paged> QueryPart for Page<L> {
    type Read = Paging;

    fn finish(self, _: &mut Vec<FieldError>) -> Option<Paging> {
        Some(Paging {
            limit: self.limit.map_or(L::DEFAULT_LIMIT, |l| l.0),
            after: self.after.map(|c| c.0),
        })
    }
}

impl<L: Paged> IntoParams for Page<L> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let param = |name: &str, text: &str, schema: RefOr<Schema>| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Query)
                .description(Some(text))
                .required(Required::False)
                .schema(Some(schema))
                .build()
        };
        vec![
            param("limit", L::LIMIT_TEXT, Limit::<L>::schema()),
            param("after", L::AFTER_TEXT, Cursor::<L>::schema()),
        ]
    }
}

/// The listings and how their paging parameters read.
macro_rules! listings {
    ($($(#[$doc:meta])* $name:ident: $kind:ident, $default:expr, $max:expr, $limit:expr, $after:expr;)+) => {
        $(
            $(#[$doc])*
            pub(crate) enum $name {}

            impl Paged for $name {
                const KIND: CursorKind = CursorKind::$kind;
                const DEFAULT_LIMIT: u32 = $default;
                const MAX_LIMIT: u32 = $max;
                const LIMIT_TEXT: &'static str = $limit;
                const AFTER_TEXT: &'static str = $after;
            }
        )+
    };
}

/// Items per page when `limit` is not given.
pub(crate) const DEFAULT_PAGE_LIMIT: u32 = 100;
/// The most items a page may hold.
pub(crate) const MAX_PAGE_LIMIT: u32 = 1000;
/// Search: hits per page when `limit` is not given.
const DEFAULT_SEARCH_LIMIT: u32 = 20;
/// Search: the most hits a page may hold.
const MAX_SEARCH_LIMIT: u32 = 100;

const NEXT: &str = "The `next` cursor of the previous page.";

listings! {
    /// `GET /thoughts`: records, one chain's or the whole log's.
    OfRecords: Records, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, "Records per page, 1 to 1000.", NEXT;
    /// `GET /tasks/{task_id}/tree`: a task's records by `seq`, nested.
    OfTree: Records, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT,
        "Records per page, 1 to 1000: a page is the next `limit` records by\n`seq`, nested.", NEXT;
    /// `GET /tasks`.
    OfTasks: Tasks, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, "Tasks per page, 1 to 1000.", NEXT;
    /// `GET /sessions`.
    OfSessions: Sessions, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, "Sessions per page, 1 to 1000.", NEXT;
    /// `GET /search`: hits, best first, in a kept order (docs/design.md §7).
    OfHits: Search, DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, "Hits per page, 1 to 100.",
        "The `next` cursor of the previous page (of the same query).";
}

#[cfg(test)]
mod tests {
    use super::decodes_to_utf8;

    #[test]
    fn a_query_string_must_decode_to_utf8() {
        for good in ["", "q=a", "q=%E6%95%B0&x=%41", "q=100%", "q=%zz", "q=数"] {
            assert!(decodes_to_utf8(good), "{good}");
        }
        for bad in ["q=%FF", "q=%E6%95", "a=1&q=%C3%28"] {
            assert!(!decodes_to_utf8(bad), "{bad}");
        }
    }
}
