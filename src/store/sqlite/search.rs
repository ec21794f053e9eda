//! Full-text search over the FTS5 index in the index's file (`index`,
//! docs/design.md §7).

use crate::domain::search::{index_text, metadata_text, SearchQuery};
use crate::store::backend::SearchDocument;

use crate::store::reads::search::SearchSql;

/// One bounded step of merging the index's segments (FTS5 merges nothing
/// on its own: `index::SCHEMA`), run in the transaction that added rows: it
/// works on a level holding 16 segments, or goes on with a merge begun
/// earlier, and writes about as many pages as it is given. Positive, so
/// that it does nothing while no level is full.
pub(super) const MERGE_STEP: &str =
    "INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('merge', ?)";

/// The pages a merge step may write after a transaction indexed
/// `text_bytes` of text: one per 256 bytes, at least 128. A batch's new
/// segment takes about a third of its text's bytes, and each posting is
/// rewritten once per level (five levels of 16 hold a million batches'
/// segments), so the steps do several times the merging the batches make
/// and no level reaches crisismerge's 64 segments; a step's time stays
/// proportional to its batch's. Not fewer pages: a step that stops inside a
/// merge rewrites the first page of each of its 16 input segments, so small
/// steps cost more CPU in all (bench/RESULTS.md); at 128 a level-0 merge of
/// full batches' segments is one step.
pub(super) fn merge_pages(text_bytes: usize) -> i64 {
    i64::try_from(text_bytes / 256).unwrap_or(i64::MAX).max(128)
}

/// The bytes of text a document gives the index.
pub(super) fn text_bytes(document: &SearchDocument) -> usize {
    document.content.len() + document.metadata.as_ref().map_or(0, String::len)
}

/// The index's text of a record's content and canonical metadata (FTS5's
/// `unicode61` splits and folds it).
pub(super) fn document(content: &str, metadata: Option<&str>) -> SearchDocument {
    SearchDocument {
        content: index_text(content),
        metadata: metadata.map(metadata_text),
    }
}

/// The FTS5 index searched (`store::reads::search::hits`): relevance is BM25,
/// negated (higher is better), a word in the content counting twice what it
/// does in the metadata; a term the index cannot find is looked for in the
/// records as written, ASCII case folded.
pub(super) const SEARCH: SearchSql = SearchSql {
    index: "thoughts_fts",
    log_index: "thoughts_fts.rowid",
    score: "-bm25(thoughts_fts, 2.0, 1.0)",
    matches: "thoughts_fts MATCH $1",
    no_score: "0.0",
    match_of: SearchQuery::fts_match,
    content_form: str::to_string,
    holds: |content, text| {
        format!(
            "(instr(lower(t.content), ${content}) > 0 \
             OR (t.metadata IS NOT NULL AND instr(lower(t.metadata), ${text}) > 0))"
        )
    },
};
