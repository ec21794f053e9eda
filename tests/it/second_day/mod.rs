//! The second day of operating the service: backups restored without
//! forking the log (`restore`), a database behind what its key signed
//! refused whatever says so (`signed`), keys changed without a restart
//! (`keys`). The metrics an operator alerts on from the first minute are
//! `metrics::fresh`'s.

mod keys;
mod restore;
mod signed;
