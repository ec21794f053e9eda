//! What every request passes and what an operator reads (docs/design.md §3,
//! §10): `guard` (API keys, rates, in-flight limits), `keys` (keys reloaded
//! without a restart), `host` (the Host rule of an open service), `limits`
//! (every limit), `clock` (the server's time limits in running time),
//! `access_log` (one line per answer), `newline` (JSON answers end with a
//! newline), `health` (probes) and `metrics` (`GET /metrics`).

pub(crate) mod access_log;
pub(crate) mod clock;
pub mod guard;
pub(crate) mod health;
pub(crate) mod host;
pub mod keys;
pub(crate) mod limits;
pub(crate) mod metrics;
pub(crate) mod newline;
