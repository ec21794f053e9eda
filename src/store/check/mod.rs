//! The log's integrity checked (docs/design.md §2, §4, §10): at start
//! (`log`, with the schema's `triggers`), a task's chain as stored (`walk`),
//! and offline, a whole database and its search index (`fsck`, `index`).

pub(crate) mod fsck;
pub(crate) mod index;
pub(crate) mod log;
pub(crate) mod triggers;
pub(crate) mod walk;
