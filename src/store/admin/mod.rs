//! What an operator runs on the second day (docs/design.md §2, §10): a live
//! backup (`backup`), a restore brought back to what was signed (`import`),
//! a new log named by the old key (`rotate`), and the API keys file
//! (`api_keys`).

pub(crate) mod api_keys;
pub(crate) mod backup;
pub(crate) mod import;
pub(crate) mod rotate;
