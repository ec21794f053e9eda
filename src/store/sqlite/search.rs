//! Full-text search over the FTS5 index of migration 0007 (docs/design.md §7).

use sqlx::{SqliteConnection, SqlitePool};

use super::reads::filter_clauses;
use super::rows::{self, RecordRow, RECORD_COLUMNS};
use super::{map_error, position};
use crate::domain::record::RecordFilter;
use crate::domain::search::{index_text, metadata_text, SearchQuery};
use crate::domain::{NewRecord, Record};
use crate::store::backend::SearchDocument;
use crate::store::StoreError;

/// Index rows per statement (3 bound values each, under SQLite's 32,766).
const ROWS_PER_STATEMENT: usize = 1000;

/// The index's text of a record (FTS5's `unicode61` splits and folds it).
pub(super) fn document(draft: &NewRecord) -> SearchDocument {
    SearchDocument {
        content: index_text(&draft.content),
        metadata: draft
            .metadata
            .as_ref()
            .map(|m| metadata_text(m.canonical())),
    }
}

/// Adds the records' rows to the index, in the caller's transaction:
/// `documents[i]` is `records[i]`'s.
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
    Ok(())
}

/// Indexes the records stored after the last indexed one: those of a
/// database that predates the index (migration 0007). Rows are indexed in
/// their append's transaction, so only the end of the log can be missing.
/// Answers how many were indexed.
pub(super) async fn catch_up(conn: &mut SqliteConnection) -> Result<u64, StoreError> {
    let (last,): (i64,) = sqlx::query_as(
        "SELECT coalesce((SELECT rowid FROM thoughts_fts ORDER BY rowid DESC LIMIT 1), -1)",
    )
    .fetch_one(&mut *conn)
    .await
    .map_err(map_error)?;
    let mut after = last;
    let mut indexed = 0;
    loop {
        let sql = format!(
            "SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index > ? ORDER BY log_index LIMIT 5000"
        );
        let rows: Vec<RecordRow> = sqlx::query_as(&sql)
            .bind(after)
            .fetch_all(&mut *conn)
            .await
            .map_err(map_error)?;
        if rows.is_empty() {
            return Ok(indexed);
        }
        let records = rows::records(rows)?;
        sqlx::query("BEGIN IMMEDIATE")
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        let documents: Vec<SearchDocument> = records
            .iter()
            .map(|r| SearchDocument {
                content: index_text(&r.content),
                metadata: r.metadata.as_ref().map(|m| metadata_text(m.canonical())),
            })
            .collect();
        let documents: Vec<&SearchDocument> = documents.iter().collect();
        let written = index(conn, &records, &documents).await;
        let end = match written {
            Ok(()) => "COMMIT",
            Err(_) => "ROLLBACK",
        };
        sqlx::query(end)
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        written?;
        indexed += records.len() as u64;
        after = records.last().expect("not empty").log_index as i64;
    }
}

/// BM25 weights of the indexed columns: a word in the content counts twice
/// what it does in the metadata.
const WEIGHTS: &str = "2.0, 1.0";

/// The best `max_hits` matches of `query` that the filters keep, best first,
/// with their relevance (FTS5's BM25 negated: higher is better). Equal scores
/// go newest first. A query of lone characters of unspaced scripts only has
/// no index to use (`domain::search::Term::indexed`): its matches are the
/// newest, with relevance 0.
pub(super) async fn search(
    pool: &SqlitePool,
    query: &SearchQuery,
    task: Option<&str>,
    filter: &RecordFilter,
    max_hits: u32,
) -> Result<Vec<(u64, f64)>, StoreError> {
    let matched = query.fts_match();
    let short = query.unindexed();
    if let (Some(m), true, None, true) = (&matched, short.is_empty(), task, filter.is_empty()) {
        // Nothing to read from the records: rank from the index alone (a
        // join would read the row of every match, ~3× slower for common
        // words).
        let sql = format!(
            "SELECT rowid, -bm25(thoughts_fts, {WEIGHTS}) AS score FROM thoughts_fts \
             WHERE thoughts_fts MATCH ? ORDER BY score DESC, rowid DESC LIMIT ?"
        );
        let rows: Vec<(i64, f64)> = sqlx::query_as(&sql)
            .bind(m.as_str())
            .bind(i64::from(max_hits))
            .fetch_all(pool)
            .await
            .map_err(map_error)?;
        return Ok(rows.into_iter().map(|(i, s)| (i as u64, s)).collect());
    }
    let mut sql = match matched {
        Some(_) => format!(
            "SELECT t.log_index, -bm25(thoughts_fts, {WEIGHTS}) AS score \
             FROM thoughts_fts JOIN thoughts t ON t.log_index = thoughts_fts.rowid \
             WHERE thoughts_fts MATCH ?"
        ),
        None => "SELECT t.log_index, 0.0 AS score FROM thoughts t WHERE 1".to_string(),
    };
    for _ in &short {
        sql.push_str(
            " AND (instr(lower(t.content), ?) > 0 \
             OR (t.metadata IS NOT NULL AND instr(lower(t.metadata), ?) > 0))",
        );
    }
    let values = filter_clauses(&mut sql, task, filter);
    sql.push_str(match matched {
        Some(_) => " ORDER BY score DESC, t.log_index DESC LIMIT ?",
        None => " ORDER BY t.log_index DESC LIMIT ?",
    });
    let mut q = sqlx::query_as::<_, (i64, f64)>(&sql);
    if let Some(m) = &matched {
        q = q.bind(m.as_str());
    }
    for term in &short {
        q = q.bind(term.as_str()).bind(term.as_str());
    }
    for value in values {
        q = q.bind(value);
    }
    let rows = q
        .bind(i64::from(max_hits))
        .fetch_all(pool)
        .await
        .map_err(map_error)?;
    Ok(rows
        .into_iter()
        .map(|(index, score)| (index as u64, score))
        .collect())
}

/// The records at these log indexes (those that exist), in the order given.
pub(super) async fn records_at(
    pool: &super::raw::ReadPool,
    indexes: &[u64],
) -> Result<Vec<Record>, StoreError> {
    let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let marks = vec!["?"; wanted.len()].join(", ");
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index IN ({marks})");
    let mut found = pool
        .run(move |conn| super::raw::records(conn, &sql, rusqlite::params_from_iter(wanted)))
        .await?;
    found.sort_by_key(|r| {
        indexes
            .iter()
            .position(|&i| i == r.log_index)
            .unwrap_or(usize::MAX)
    });
    Ok(found)
}
