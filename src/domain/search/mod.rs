//! Full-text search rules (docs/design.md §7): what a query may say, how it
//! reads, and how a hit's snippet is cut. The index itself is the backend's.
//!
//! A query is words and "quoted phrases", all of which must match, as whole
//! words, ignoring case and diacritics. FTS5's own syntax (`OR`, `NOT`,
//! `NEAR`, `*`, `^`, `:`, parentheses, braces) is refused rather than
//! silently searched for, so that nobody believes `a OR b` did what it says.
//!
//! What is indexed is [`index_text`] of the text: the words as they are (the
//! index's `unicode61` tokenizer splits and folds them), with every run of a
//! script written without spaces (Han, kana, Hangul, Thai, Lao, Khmer,
//! Myanmar) cut into overlapping two-character words, and each symbol (emoji)
//! a word of its own. A query term goes through the same function and becomes
//! an FTS5 phrase of its words, so `数据库` is found inside `使用数据库缓存`.
//!
//! - `query`: reading a query, and what the index is asked for it;
//! - `index`: the text the index is given for a record;
//! - `words`: the index's words for a backend without FTS5;
//! - `snippet`: a hit's excerpt.

mod index;
mod query;
mod snippet;
mod words;

pub use index::{index_text, is_unspaced, metadata_text};
pub use query::{SearchQuery, Term, MAX_HITS, MAX_QUERY_CHARS, MAX_TERMS};
pub use snippet::snippet;
pub use words::words;
