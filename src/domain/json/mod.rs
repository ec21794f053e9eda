//! A strict JSON reader, and RFC 8785 (JCS) canonical form.
//!
//! Why not `serde_json::Value`: it silently keeps the last of two duplicate keys, it
//! turns numbers into `f64`/`i64` before we can see the text that was sent (we must
//! refuse numbers that canonicalisation would change), and its map order is not
//! RFC 8785's UTF-16 order. This reader keeps every number's text, refuses duplicate
//! keys and lone surrogates, and bounds nesting so hostile input cannot exhaust the
//! stack.

use std::collections::HashSet;
use std::fmt;

/// A parsed JSON value. Numbers keep the exact text that was sent.
#[derive(Debug, Clone, PartialEq)]
pub enum JsonValue {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<JsonValue>),
    /// Members in the order they were sent; keys are unique.
    Object(Vec<(String, JsonValue)>),
}

impl JsonValue {
    /// A short name of the value's JSON type, for error messages.
    pub fn kind(&self) -> &'static str {
        match self {
            JsonValue::Null => "null",
            JsonValue::Bool(_) => "a boolean",
            JsonValue::Number(_) => "a number",
            JsonValue::String(_) => "a string",
            JsonValue::Array(_) => "an array",
            JsonValue::Object(_) => "an object",
        }
    }

    /// The member `key` of an object.
    pub fn get(&self, key: &str) -> Option<&JsonValue> {
        match self {
            JsonValue::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// One step of the path to a value inside a document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Key(String),
    Index(usize),
}

/// Renders a path as `metadata.a[2].b`; the empty path is the document itself.
pub fn render_path(path: &[Segment]) -> String {
    let mut out = String::new();
    for seg in path {
        match seg {
            Segment::Key(k) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            Segment::Index(i) => {
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
            }
        }
    }
    out
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// The text is not JSON; the message says what was expected.
    Syntax(&'static str),
    /// A `\uD800`-`\uDFFF` escape without its partner: not representable in UTF-8.
    LoneSurrogate,
    /// The same key twice in one object.
    DuplicateKey,
    /// Arrays/objects nested deeper than the reader allows.
    TooDeep { max: usize },
}

/// Why a text is refused, where (byte offset) and inside which value (path).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    pub offset: usize,
    pub path: Vec<Segment>,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = render_path(&self.path);
        let place = if at.is_empty() {
            format!("at byte {}", self.offset)
        } else {
            format!("in `{at}` at byte {}", self.offset)
        };
        match &self.kind {
            ParseErrorKind::Syntax(what) => write!(f, "invalid JSON {place}: {what}"),
            ParseErrorKind::LoneSurrogate => write!(
                f,
                "lone UTF-16 surrogate escape {place}: it cannot be represented in UTF-8"
            ),
            ParseErrorKind::DuplicateKey => write!(f, "duplicate key {place}"),
            ParseErrorKind::TooDeep { max } => {
                write!(f, "nesting deeper than {max} levels {place}")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// Parses exactly one JSON value (surrounding whitespace allowed).
/// `max_depth` bounds array/object nesting: 1 allows `{"a":1}` but not `{"a":{}}`.
pub fn parse(text: &str, max_depth: usize) -> Result<JsonValue, ParseError> {
    let mut r = Reader::new(text, max_depth);
    let value = r.value(0)?;
    r.skip_ws();
    if r.pos != r.bytes.len() {
        return Err(r.error(ParseErrorKind::Syntax("unexpected text after the value")));
    }
    Ok(value)
}

/// Parses as JavaScript's `JSON.parse` treats duplicate keys: the last value
/// wins, at the position of the first (for capability fingerprints,
/// docs/design.md §9). Everything else is as strict as [`parse`].
pub fn parse_js(text: &str, max_depth: usize) -> Result<JsonValue, ParseError> {
    let mut r = Reader::new(text, max_depth);
    r.last_duplicate_wins = true;
    let value = r.value(0)?;
    r.skip_ws();
    if r.pos != r.bytes.len() {
        return Err(r.error(ParseErrorKind::Syntax("unexpected text after the value")));
    }
    Ok(value)
}

/// Parses a stream of JSON values separated by whitespace (NDJSON, or one
/// pretty-printed document). Each item is the value or the error that stopped the
/// stream; after an error nothing more is read.
pub fn parse_stream(text: &str, max_depth: usize) -> Vec<Result<JsonValue, ParseError>> {
    let mut r = Reader::new(text, max_depth);
    let mut out = Vec::new();
    loop {
        r.skip_ws();
        if r.pos == r.bytes.len() {
            return out;
        }
        match r.value(0) {
            Ok(v) => out.push(Ok(v)),
            Err(e) => {
                out.push(Err(e));
                return out;
            }
        }
    }
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    max_depth: usize,
    path: Vec<Segment>,
    /// `JSON.parse`'s rule for a repeated key instead of a refusal.
    last_duplicate_wins: bool,
}

impl<'a> Reader<'a> {
    fn new(text: &'a str, max_depth: usize) -> Self {
        Reader {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            max_depth,
            path: Vec::new(),
            last_duplicate_wins: false,
        }
    }

    fn error(&self, kind: ParseErrorKind) -> ParseError {
        ParseError {
            kind,
            offset: self.pos,
            path: self.path.clone(),
        }
    }

    fn syntax(&self, what: &'static str) -> ParseError {
        self.error(ParseErrorKind::Syntax(what))
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<JsonValue, ParseError> {
        self.skip_ws();
        match self.bytes.get(self.pos) {
            None => Err(self.syntax("unexpected end of input, expected a value")),
            Some(b'{') => self.object(depth + 1),
            Some(b'[') => self.array(depth + 1),
            Some(b'"') => Ok(JsonValue::String(self.string()?)),
            Some(b't') => self.literal("true", JsonValue::Bool(true)),
            Some(b'f') => self.literal("false", JsonValue::Bool(false)),
            Some(b'n') => self.literal("null", JsonValue::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.syntax("expected a value")),
        }
    }

    fn literal(&mut self, word: &'static str, value: JsonValue) -> Result<JsonValue, ParseError> {
        if self.bytes[self.pos..].starts_with(word.as_bytes()) {
            self.pos += word.len();
            Ok(value)
        } else {
            Err(self.syntax("expected a value"))
        }
    }

    fn enter(&self, depth: usize) -> Result<(), ParseError> {
        if depth > self.max_depth {
            Err(self.error(ParseErrorKind::TooDeep {
                max: self.max_depth,
            }))
        } else {
            Ok(())
        }
    }

    fn object(&mut self, depth: usize) -> Result<JsonValue, ParseError> {
        self.enter(depth)?;
        self.pos += 1; // '{'
        let mut members: Vec<(String, JsonValue)> = Vec::new();
        let mut seen: HashSet<String> = HashSet::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b'}') {
            self.pos += 1;
            return Ok(JsonValue::Object(members));
        }
        loop {
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b'"') {
                return Err(self.syntax("expected a string key"));
            }
            let key_at = self.pos;
            let key = self.string()?;
            let repeated = !seen.insert(key.clone());
            if repeated && !self.last_duplicate_wins {
                self.path.push(Segment::Key(key));
                let mut e = self.error(ParseErrorKind::DuplicateKey);
                e.offset = key_at;
                self.path.pop();
                return Err(e);
            }
            self.skip_ws();
            if self.bytes.get(self.pos) != Some(&b':') {
                return Err(self.syntax("expected ':' after the key"));
            }
            self.pos += 1;
            self.path.push(Segment::Key(key.clone()));
            let value = self.value(depth)?;
            self.path.pop();
            match members.iter_mut().find(|(k, _)| repeated && *k == key) {
                Some(slot) => slot.1 = value,
                None => members.push((key, value)),
            }
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(JsonValue::Object(members));
                }
                _ => return Err(self.syntax("expected ',' or '}'")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<JsonValue, ParseError> {
        self.enter(depth)?;
        self.pos += 1; // '['
        let mut items = Vec::new();
        self.skip_ws();
        if self.bytes.get(self.pos) == Some(&b']') {
            self.pos += 1;
            return Ok(JsonValue::Array(items));
        }
        loop {
            self.path.push(Segment::Index(items.len()));
            let value = self.value(depth)?;
            self.path.pop();
            items.push(value);
            self.skip_ws();
            match self.bytes.get(self.pos) {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    return Ok(JsonValue::Array(items));
                }
                _ => return Err(self.syntax("expected ',' or ']'")),
            }
        }
    }

    fn number(&mut self) -> Result<JsonValue, ParseError> {
        let start = self.pos;
        let digits = |r: &mut Self| {
            let from = r.pos;
            while let Some(b'0'..=b'9') = r.bytes.get(r.pos) {
                r.pos += 1;
            }
            r.pos - from
        };
        if self.bytes.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        match self.bytes.get(self.pos) {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                digits(self);
            }
            _ => return Err(self.syntax("expected a digit")),
        }
        if self.bytes.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if digits(self) == 0 {
                return Err(self.syntax("expected a digit after '.'"));
            }
        }
        if let Some(b'e' | b'E') = self.bytes.get(self.pos) {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.bytes.get(self.pos) {
                self.pos += 1;
            }
            if digits(self) == 0 {
                return Err(self.syntax("expected a digit in the exponent"));
            }
        }
        Ok(JsonValue::Number(self.text[start..self.pos].to_string()))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let hex = self
            .bytes
            .get(self.pos..self.pos + 4)
            .ok_or_else(|| self.syntax("expected four hex digits after \\u"))?;
        let mut n = 0u32;
        for &b in hex {
            let d = (b as char)
                .to_digit(16)
                .ok_or_else(|| self.syntax("expected four hex digits after \\u"))?;
            n = n * 16 + d;
        }
        self.pos += 4;
        Ok(n)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.pos += 1; // opening quote
        let mut out = String::new();
        let mut run = self.pos; // start of the current run of plain characters
        loop {
            match self.bytes.get(self.pos) {
                None => return Err(self.syntax("unterminated string")),
                Some(b'"') => {
                    out.push_str(&self.text[run..self.pos]);
                    self.pos += 1;
                    return Ok(out);
                }
                Some(0x00..=0x1f) => {
                    return Err(self.syntax("control character in a string must be escaped"))
                }
                Some(b'\\') => {
                    out.push_str(&self.text[run..self.pos]);
                    let escape_at = self.pos;
                    self.pos += 1;
                    let c = match self.bytes.get(self.pos) {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'n') => '\n',
                        Some(b'r') => '\r',
                        Some(b't') => '\t',
                        Some(b'u') => {
                            self.pos += 1;
                            let unit = self.hex4()?;
                            let c = self.surrogate_pair(unit, escape_at)?;
                            out.push(c);
                            run = self.pos;
                            continue;
                        }
                        _ => return Err(self.syntax("invalid escape")),
                    };
                    self.pos += 1;
                    out.push(c);
                    run = self.pos;
                }
                Some(_) => self.pos += 1,
            }
        }
    }

    /// Completes a `\uXXXX` escape: a high surrogate must be followed by an escaped
    /// low surrogate; anything else alone is a lone surrogate.
    fn surrogate_pair(&mut self, unit: u32, escape_at: usize) -> Result<char, ParseError> {
        let lone = |r: &Self| {
            let mut e = r.error(ParseErrorKind::LoneSurrogate);
            e.offset = escape_at;
            e
        };
        match unit {
            0xD800..=0xDBFF => {
                if !self.bytes[self.pos..].starts_with(b"\\u") {
                    return Err(lone(self));
                }
                let save = self.pos;
                self.pos += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    self.pos = save;
                    return Err(lone(self));
                }
                let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                Ok(char::from_u32(code).expect("a surrogate pair is a scalar value"))
            }
            0xDC00..=0xDFFF => Err(lone(self)),
            _ => Ok(char::from_u32(unit).expect("a non-surrogate BMP unit is a scalar value")),
        }
    }
}

// ---------------------------------------------------------------------------
// RFC 8785 canonical form, written by `serde_json_canonicalizer` (key order by
// UTF-16 code units, `JSON.stringify` string escapes, ECMAScript numbers).
// ---------------------------------------------------------------------------

/// Why a value has no canonical form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CanonicalError {
    #[error("number `{0}` is out of the range of an IEEE 754 double (RFC 8785 refuses it)")]
    NonFinite(String),
}

/// A number's text read as the nearest IEEE 754 double, which is what RFC 8785
/// canonicalizes; None when it is out of range.
fn finite_double(text: &str) -> Option<f64> {
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Serializes the value's data model; with the RFC 8785 serializer this is the
/// canonical form. Numbers serialize as the double their text denotes.
impl serde::Serialize for JsonValue {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap, SerializeSeq};
        match self {
            JsonValue::Null => serializer.serialize_unit(),
            JsonValue::Bool(b) => serializer.serialize_bool(*b),
            JsonValue::Number(text) => match finite_double(text) {
                Some(v) => serializer.serialize_f64(v),
                None => Err(S::Error::custom(CanonicalError::NonFinite(text.clone()))),
            },
            JsonValue::String(s) => serializer.serialize_str(s),
            JsonValue::Array(items) => {
                let mut seq = serializer.serialize_seq(Some(items.len()))?;
                for item in items {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            JsonValue::Object(members) => {
                let mut map = serializer.serialize_map(Some(members.len()))?;
                for (key, item) in members {
                    map.serialize_entry(key, item)?;
                }
                map.end()
            }
        }
    }
}

/// RFC 8785 canonical JSON of a value.
pub fn canonicalize(value: &JsonValue) -> Result<String, CanonicalError> {
    serde_json_canonicalizer::to_string(value).map_err(|_| {
        // Serialization of a parsed value fails only on an out-of-range number.
        CanonicalError::NonFinite(first_non_finite(value).unwrap_or_default())
    })
}

fn first_non_finite(value: &JsonValue) -> Option<String> {
    match value {
        JsonValue::Number(text) if finite_double(text).is_none() => Some(text.clone()),
        JsonValue::Array(items) => items.iter().find_map(first_non_finite),
        JsonValue::Object(members) => members.iter().find_map(|(_, v)| first_non_finite(v)),
        _ => None,
    }
}

/// Appends a string as RFC 8785 writes it (`JSON.stringify`'s escapes: `"` and
/// `\`, the five short control escapes, other controls as lowercase `\u00xx`,
/// everything else raw).
pub fn write_string(s: &str, out: &mut Vec<u8>) {
    // Most strings hold nothing to escape: copy them whole (a chain walk
    // writes every record's fields; the escaper goes a char at a time).
    // (A fold with no early exit, so the scan vectorizes.)
    let plain = !s.bytes().fold(false, |seen, b| {
        seen | (b < 0x20) | (b == b'"') | (b == b'\\')
    });
    if plain {
        out.reserve(s.len() + 2);
        out.push(b'"');
        out.extend_from_slice(s.as_bytes());
        out.push(b'"');
        return;
    }
    serde_json_canonicalizer::to_writer(&s, out).expect("a string always serializes");
}

/// The ECMAScript Number-to-String form of a JSON number's text (RFC 8785
/// §3.2.2.3): `1` not `1.0`, `1e+21`, `1e-7`, `-0` → `0`.
pub fn canonical_number(text: &str) -> Result<String, CanonicalError> {
    let value = finite_double(text).ok_or_else(|| CanonicalError::NonFinite(text.to_string()))?;
    Ok(serde_json_canonicalizer::to_string(&value).expect("a finite double always serializes"))
}

/// True when two JSON number texts denote exactly the same decimal value
/// (`4.50` and `4.5`, `1E30` and `1e+30`, `-0` and `0`).
pub fn same_decimal(a: &str, b: &str) -> bool {
    decimal_parts(a) == decimal_parts(b)
}

/// A number text as (negative, significant digits, power of ten) with no leading or
/// trailing zeros in the digits; zero is `(false, "", 0)` whatever its sign.
fn decimal_parts(text: &str) -> (bool, String, i64) {
    let (negative, rest) = match text.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, text),
    };
    let (mantissa, exponent) = match rest.find(['e', 'E']) {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, "0"),
    };
    // Exponents too large for i64 only occur with values that are not finite
    // doubles, which are refused before this comparison; saturate to stay total.
    let exponent: i64 = exponent.parse().unwrap_or(if exponent.starts_with('-') {
        i64::MIN / 2
    } else {
        i64::MAX / 2
    });
    let (int, frac) = match mantissa.find('.') {
        Some(i) => (&mantissa[..i], &mantissa[i + 1..]),
        None => (mantissa, ""),
    };
    let mut digits: String = format!("{int}{frac}");
    let mut power = exponent.saturating_sub(frac.len() as i64);
    let trimmed = digits.trim_start_matches('0').len();
    digits.drain(..digits.len() - trimmed);
    while digits.ends_with('0') {
        digits.pop();
        power = power.saturating_add(1);
    }
    if digits.is_empty() {
        return (false, String::new(), 0);
    }
    (negative, digits, power)
}

#[cfg(test)]
mod tests;
