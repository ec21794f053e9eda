//! OpenTelemetry traces as records (docs/design.md §11): the OTLP trace
//! messages `/v1/traces` reads (`proto`); what a span says, read by its
//! instrumentation's convention (`facts`, and one module per convention:
//! `openinference`, `ai_sdk`, `openllmetry`, `gen_ai`); and otlp mapping
//! v2, what a span's facts and its evaluation events become (`mapping`).
//! Pure; the HTTP handler (`http::otlp`) orders the records, links parents
//! and appends.

pub(crate) mod ai_sdk;
pub(crate) mod facts;
pub(crate) mod gen_ai;
pub(crate) mod mapping;
pub(crate) mod openinference;
pub(crate) mod openllmetry;
pub mod proto;
