//! decision-trail: a tamper-evident decision trail for AI agents.
//!
//! Layers (design.md §5): `http` → `store` → `domain`. `domain` is pure.

pub mod cli;
pub mod client;
pub mod domain;
pub mod http;
pub mod store;
