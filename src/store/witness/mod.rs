//! What `decision-trail witness` keeps (docs/design.md §2, "Witnesses"): its
//! SQLite file of the latest checkpoint cosigned per origin (`file`), and an
//! append-only text copy of every cosignature (`copy`).

pub mod copy;
pub mod file;
