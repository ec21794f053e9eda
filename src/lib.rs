//! decision-trail: a tamper-evident decision trail for AI agents, over HTTP.
//!
//! # Layout
//!
//! - [`domain`]: the rules, pure (no I/O, async, web framework or database), each in one place:
//!   - `domain::json`: strict JSON reading and RFC 8785 canonical JSON;
//!   - `domain::metadata`: what metadata may be, and its canonical form;
//!   - `domain::record`: the record, its id and hash, the append body, identifiers;
//!   - `domain::chain`: how a record joins its chain, and the chain walk;
//!   - `domain::merkle`: the log, an RFC 9162 Merkle tree, and its proofs;
//!   - `domain::checkpoint`: signed checkpoints of the log (C2SP formats), and
//!     when a log that moved under a writer may be extended;
//!   - `domain::tiles`: the log as C2SP tlog-tiles (tile paths, entry bundles);
//!   - `domain::tlog_proof`: a receipt as a C2SP tlog-proof file;
//!   - `domain::cursor`: the opaque paging cursors;
//!   - `domain::export`: the NDJSON export format, written and read;
//!   - `domain::audit`: checking an export without trusting the service;
//!   - `domain::api_keys`: API keys, their hashes and roles;
//!   - `domain::idempotency`: when two appends with one key are the same;
//!   - `domain::search`: what a query may say, the text indexed, a hit's snippet;
//!   - `domain::capabilities`: capability fingerprints, as the reference package hashes them;
//!   - `domain::otlp`: the OTLP trace messages, and what an agent's span becomes, by its convention (otlp mapping v2);
//!   - `domain::metrics`: the metric families `/metrics` serves: names, types, labels, units.
//!   - `domain::witness`: witness policies, cosignatures, `add-checkpoint` (C2SP tlog-witness).
//! - [`store`]: persistence. A backend-neutral writer (group commit) and the
//!   backends behind one seam (`store::backend`), SQLite embedded; in rooms by
//!   job: reads, the log as stored, its checks, the operator's commands.
//! - [`http`]: the axum application: one route table, RFC 9457 problems, the
//!   OpenAPI document, the accept loop; in rooms by job: `http::wire` (values
//!   and extractors), `http::api` (handlers next to their types), `http::log`
//!   (the log as served: proofs, tlog-tiles, receipts, witnesses asked to
//!   cosign, and the witness server), `http::ops` (guard, keys, limits,
//!   access log, health, `GET /metrics`), `http::ui` (the trail browser: HTML
//!   pages at `/ui`, templates in `templates/ui/`), `http::mcp` and
//!   `http::otlp` (GenAI spans made records).
//! - [`cli`]: the binary's commands:
//!   - `cli` (mod.rs): the command line's types, and which command runs;
//!   - `cli::serve`: `serve` (the default), the HTTP service;
//!   - `cli::verify`: `verify`, a trail checked from an export file or a live service;
//!   - `cli::proof_file`: `verify FILE.tlog-proof`, a tlog-proof receipt checked offline;
//!   - `cli::remote`: the HTTP client of `verify --url`;
//!   - `cli::mcp`: `mcp`, the MCP tools on stdin/stdout, forwarded to `/mcp`;
//!   - `cli::capabilities`: `capabilities fingerprint|diff`, offline;
//!   - `cli::tools`: `fsck`, `log rebuild`, `log key`, `keys add`, `openapi`, `hash`, `healthcheck`;
//!   - `cli::witness`: `witness`, a C2SP tlog-witness server, and `witness key`.
//! - `main.rs`: the binary: `cli::main`, and its allocator (mimalloc).
//!
//! Imports point one way, `cli` → `http` → `store` → `domain`; nothing points
//! back up (docs/design.md §5).

pub mod cli;
pub mod domain;
pub mod http;
pub mod store;
