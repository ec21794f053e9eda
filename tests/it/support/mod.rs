//! Shared test helpers, one job a file, all re-exported here:
//!
//! - `app`: the real app on 127.0.0.1:0 over a fresh database ([`TestApp`],
//!   started through one builder);
//! - `requests`: requests to it and assertions on the answers;
//! - `keys`: fixed API keys;
//! - `database`: the backend, SQL run on it directly, PostgreSQL helpers;
//! - `binary`: the real binary, served or run;
//! - `oracle`: independent re-computations of record hashes and log roots;
//! - `prng`: a deterministic generator;
//! - `release`: the previous release's databases, upgraded and verified whole.
//!
//! The backend: a fresh SQLite file by default; with
//! `DECISION_TRAIL_TEST_POSTGRES=postgres://…` (a server the tests may create
//! databases on), a fresh PostgreSQL database for each test instead, so that
//! every test that is not SQLite-specific runs against both (`.ci/run` runs
//! the suite twice). SQLite-specific tests skip themselves there
//! ([`sqlite_only`]), saying so; PostgreSQL-only tests are `#[ignore]`d and
//! fail without the variable when run anyway ([`postgres_server`]).

use std::path::{Path, PathBuf};

mod app;
mod binary;
mod database;
mod keys;
mod oracle;
mod prng;
mod release;
mod requests;

pub use app::*;
pub use binary::*;
pub use database::*;
pub use keys::*;
pub use oracle::*;
pub use prng::*;
pub use release::*;
pub use requests::*;

/// `prev_hash` of every chain's first record: 64 zeros (docs/design.md §1).
pub const ZERO: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// A file of `tests/data/`: vectors computed by independent implementations.
pub fn data_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("data")
        .join(name)
}
