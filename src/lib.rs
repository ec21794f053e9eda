//! decision-trail: a tamper-evident decision trail for AI agents, over HTTP.
//!
//! # Layout
//!
//! - [`domain`]: the rules, pure (no I/O, no async, no web framework, no
//!   database): the record and its hash, canonical JSON, chains, the Merkle
//!   log and its proofs, signed checkpoints, cursors, the export format, API-key
//!   and idempotency rules. Each rule lives in exactly one place.
//! - [`store`]: persistence. A backend-neutral writer (group commit) and the
//!   backends behind one seam (`store::backend`); SQLite is embedded.
//! - [`http`]: the axum application: one route table, handlers next to their
//!   types, RFC 9457 problems, the OpenAPI document, the accept loop.
//! - [`cli`]: the binary's commands: `serve` (the default), `verify` with its
//!   HTTP client, `fsck`, `log rebuild`, `keys`, `openapi`, `hash`,
//!   `healthcheck`.
//!
//! Imports point one way, `cli` → `http` → `store` → `domain`; nothing points
//! back up (docs/design.md §5).

pub mod cli;
pub mod domain;
pub mod http;
pub mod store;
