//! The Merkle log as stored (docs/design.md §2): its checkpoints and stored
//! hashes (`checkpoints`, `rows`), its signing key (`signing`), what the key
//! signed as known from outside the database (`signed`, `copy`), and
//! witnesses' cosignatures (`cosignatures`).

pub(crate) mod checkpoints;
pub mod copy;
pub mod cosignatures;
pub(crate) mod rows;
pub(crate) mod signed;
pub(crate) mod signing;
