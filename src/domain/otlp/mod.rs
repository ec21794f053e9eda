//! OpenTelemetry traces as records (docs/design.md §11): the OTLP trace
//! messages `/v1/traces` reads (`proto`) and otlp mapping v1, what a span and
//! its evaluation events become (`mapping`). Pure; the HTTP handler
//! (`http::otlp`) orders the records, links parents and appends.

pub(crate) mod mapping;
pub mod proto;
