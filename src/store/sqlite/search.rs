//! Full-text search over the FTS5 index of migration 0007 (docs/design.md §7).

use sqlx::SqlitePool;

use super::reads::filter_clauses;
use super::rows::{self, RecordRow, RECORD_COLUMNS};
use super::{map_error, position};
use crate::domain::record::RecordFilter;
use crate::domain::search::SearchQuery;
use crate::domain::Record;
use crate::store::StoreError;

/// BM25 weights of the indexed columns: a word in the content counts twice
/// what it does in the metadata.
const WEIGHTS: &str = "2.0, 1.0";

/// The best `max_hits` matches of `query` that the filters keep, best first,
/// with their relevance (FTS5's BM25 negated: higher is better). Equal scores
/// go newest first. A query of short terms only has no index to use: its
/// matches are the newest, with relevance 0.
pub(super) async fn search(
    pool: &SqlitePool,
    query: &SearchQuery,
    task: Option<&str>,
    filter: &RecordFilter,
    max_hits: u32,
) -> Result<Vec<(u64, f64)>, StoreError> {
    let matched = query.fts_match();
    let mut sql = match matched {
        Some(_) => format!(
            "SELECT t.log_index, -bm25(thoughts_fts, {WEIGHTS}) AS score \
             FROM thoughts_fts JOIN thoughts t ON t.log_index = thoughts_fts.rowid \
             WHERE thoughts_fts MATCH ?"
        ),
        None => "SELECT t.log_index, 0.0 AS score FROM thoughts t WHERE 1".to_string(),
    };
    let short = query.unindexed();
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
    pool: &SqlitePool,
    indexes: &[u64],
) -> Result<Vec<Record>, StoreError> {
    let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
    if wanted.is_empty() {
        return Ok(Vec::new());
    }
    let marks = vec!["?"; wanted.len()].join(", ");
    let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index IN ({marks})");
    let mut q = sqlx::query_as::<_, RecordRow>(&sql);
    for index in &wanted {
        q = q.bind(index);
    }
    let mut found = rows::records(q.fetch_all(pool).await.map_err(map_error)?)?;
    found.sort_by_key(|r| {
        indexes
            .iter()
            .position(|&i| i == r.log_index)
            .unwrap_or(usize::MAX)
    });
    Ok(found)
}
