//! Conformance: the record format, metadata, chains, tampering and the Merkle
//! log, checked against the vectors in `tests/data/` (computed by independent
//! implementations) and against the record format's original test matrices,
//! ported to the domain (`schema`) and to the HTTP API (`http`).

mod capabilities;
mod http;
mod merkle;
mod records;
mod schema;
mod spec;
