//! The integration tests: one binary (it links the crate once), each module a
//! capability, every test against the real service on a loopback port with a
//! fresh database (`support::TestApp`: SQLite, or PostgreSQL when
//! `DECISION_TRAIL_TEST_POSTGRES` names a server), or the real binary.

mod abuse;
mod answers;
mod append;
mod auth;
mod batch;
mod capabilities;
mod cli;
mod conditional;
mod conformance;
mod durability;
mod erasure;
mod exposure;
mod faults;
mod holds;
mod idempotency;
mod layout;
mod limits;
mod log;
mod mcp;
mod metrics;
mod openapi;
mod otlp;
mod otlp_conventions;
mod oversight;
mod paging;
mod postgres;
mod search;
mod second_day;
mod startup;
mod support;
mod tamper;
mod tiles;
mod trees;
mod ui;
mod upgrade;
mod validation;
mod witness;
