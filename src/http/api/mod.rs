//! The API's operations on records, each handler beside its request and
//! response types (docs/design.md §3): `records` (`/thoughts`: the wire says
//! thought, the code says record) and `batch`, `tasks`, `trees` (a task's
//! reasoning tree, a record's trail, work sessions), `search`, `erasure`
//! (erasure and legal holds, docs/design.md §12), `oversight` (a reviewer's
//! verdict), `evidence` (a task's evidence pack) and `capabilities`
//! (fingerprints, diffs, the snapshot registry).

pub(crate) mod batch;
pub(crate) mod capabilities;
pub(crate) mod erasure;
pub(crate) mod evidence;
pub(crate) mod oversight;
pub(crate) mod records;
pub(crate) mod search;
pub(crate) mod tasks;
pub(crate) mod trees;
