//! Full-text search over the FTS5 index of migration 0007 (docs/design.md §7).

use sqlx::SqliteConnection;

use super::map_error;
use crate::domain::search::{index_text, metadata_text, SearchQuery};
use crate::domain::Record;
use crate::store::backend::SearchDocument;
use crate::store::rows::RecordColumns;

/// `rows::RECORD_COLUMNS`, with the hashes (stored as bytes since migration
/// 0011) as the hex text a `RecordColumns` reads.
const RECORD_COLUMNS_AS_TEXT: &str =
    "log_index, id, task_id, seq, type, agent_id, content, metadata, capabilities, session_id, \
     parent_id, timestamp, lower(hex(prev_hash)) AS prev_hash, lower(hex(hash)) AS hash, \
     content_commitment, salt, erased_at, erased_by, erased_reason";
use crate::store::search::SearchSql;
use crate::store::StoreError;

/// Index rows per statement (3 bound values each, under SQLite's 32,766).
const ROWS_PER_STATEMENT: usize = 1000;

/// One bounded step of merging the index's segments (migration 0014: FTS5
/// merges nothing on its own), run in the transaction that added rows: it
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

/// Adds the records' rows to the index, in the caller's transaction
/// (`documents[i]` is `records[i]`'s), and merges for them.
pub(super) async fn index(
    conn: &mut SqliteConnection,
    records: &[Record],
    documents: &[&SearchDocument],
) -> Result<(), StoreError> {
    let rows: Vec<(&Record, &&SearchDocument)> = records.iter().zip(documents).collect();
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO thoughts_fts (rowid, content, metadata) VALUES {}",
            vec!["(?, ?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (r, d) in chunk {
            query = query
                .bind(r.log_index as i64)
                .bind(d.content.as_str())
                .bind(d.metadata.as_deref());
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    let text: usize = documents.iter().map(|d| text_bytes(d)).sum();
    sqlx::query(MERGE_STEP)
        .bind(merge_pages(text))
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    Ok(())
}

/// Indexes every record the index does not cover yet (`index rebuild`,
/// after emptying it), in transactions of 5,000 that each store the progress
/// they made: one cut short is finished by the service's indexer. Answers
/// how many were indexed.
pub(super) async fn catch_up(conn: &mut SqliteConnection) -> Result<u64, StoreError> {
    let mut indexed = 0;
    loop {
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        let step = async {
            let (from,): (i64,) = sqlx::query_as("SELECT indexed_size FROM search_progress")
                .fetch_one(&mut *conn)
                .await
                .map_err(map_error)?;
            let sql = format!(
                "SELECT {RECORD_COLUMNS_AS_TEXT} FROM thoughts WHERE log_index >= ? \
                 ORDER BY log_index LIMIT 5000"
            );
            let rows: Vec<RecordColumns> = sqlx::query_as(&sql)
                .bind(from)
                .fetch_all(&mut *conn)
                .await
                .map_err(map_error)?;
            let records: Vec<Record> = rows
                .into_iter()
                .map(Record::try_from)
                .collect::<Result<_, _>>()?;
            let Some(last) = records.last() else {
                return Ok(0);
            };
            let next = last.log_index as i64 + 1;
            let documents: Vec<SearchDocument> = records
                .iter()
                .map(|r| document(&r.content, r.metadata.as_ref().map(|m| m.canonical())))
                .collect();
            let documents: Vec<&SearchDocument> = documents.iter().collect();
            index(conn, &records, &documents).await?;
            sqlx::query("UPDATE search_progress SET indexed_size = ?")
                .bind(next)
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
            Ok::<u64, StoreError>(records.len() as u64)
        }
        .await;
        let end = if step.is_ok() { "COMMIT" } else { "ROLLBACK" };
        sqlx::query(end)
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        match step? {
            0 => return Ok(indexed),
            n => indexed += n,
        }
    }
}

/// The FTS5 index searched (`store::search::hits`): relevance is BM25,
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
