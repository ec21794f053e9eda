//! Capability fingerprints (docs/design.md §9): which tools and instructions an
//! agent had when it decided, as the reference package
//! `@khoralabs/agent-capabilities` hashes them, so that a TypeScript user
//! reproduces any fingerprint exactly.
//!
//! A request is `{"kind": …, "input": …}` (or `"input_text"`: raw JSON text,
//! read as `JSON.parse` reads it, for big integers, duplicate keys and
//! `__proto__`), in the conformance vectors' own format; the answer holds the
//! vector's `expected` members, with the same names and values.
//!
//! - `binding`: a record's `capabilities` (the hashes it is bound to);
//! - `value`: the JavaScript values and the markers that stand for them;
//! - `canonical`: `hashPlainObject` (collation, JavaScript numbers);
//! - `payloads`: each payload, evaluation, invocation, links and diffs;
//! - `input`: reading a request's input, every bad field named;
//! - `request`: a request and its answer;
//! - `snapshot`: a stored snapshot re-verified whole.

pub mod binding;
pub mod canonical;
mod input;
pub mod payloads;
mod request;
pub mod snapshot;
pub mod value;

pub use request::{diff, fingerprint, to_text, Answer, KINDS, MAX_ITEMS};
pub use snapshot::snapshot_problem;
