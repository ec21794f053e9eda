//! `fsck`'s check of the search index (docs/design.md §7): the index is
//! built again from the records, page by page as `fsck` reads them, and
//! compared with the stored one; the first difference is named. On SQLite
//! the rebuilt index is a temporary FTS5 table on the read-only connection
//! (which attaches the index's file as `search`)
//! and both are compared word by word through `fts5vocab`; on PostgreSQL
//! each record's stored `tsvector` is compared with the one made again.

use sqlx::pool::PoolConnection;
use sqlx::{PgPool, Sqlite};

use crate::domain::search::{index_text, metadata_text};
use crate::domain::Record;
use crate::store::backend::sql::Db;
use crate::store::StoreError;

/// The index as the index's file is made (not as the file says it is:
/// a replaced tokenizer is a difference too).
fn sqlite_rebuilt() -> String {
    format!(
        "CREATE VIRTUAL TABLE temp.fsck_index USING fts5({})",
        crate::store::sqlite::FTS5_COLUMNS
    )
}

/// The check under way.
pub(crate) enum IndexCheck {
    /// The connection that holds the temporary rebuilt index, the log
    /// size the stored index says it covers, and the schema that holds it
    /// (`search`: the index's file; `main`: a database from before the
    /// index had a file of its own, read as it is).
    Sqlite(PoolConnection<Sqlite>, u64, String),
    /// No index to check: a SQLite database without its index's file (the
    /// service makes it again and builds it from the records).
    Absent,
    /// The pool, the first difference found so far, and the covered size.
    Postgres(PgPool, Option<String>, u64),
}

/// The log size the stored index covers (docs/design.md §7): records below
/// it must have their rows, none at or above it any. A database from before
/// the progress was stored indexed every record in its append's transaction.
async fn indexed_size(db: Db<'_>) -> Result<u64, StoreError> {
    let query = crate::store::backend::sql::Query::new("SELECT indexed_size FROM search_progress");
    match db.fetch_one::<(i64,)>(&query).await {
        Ok((size,)) => Ok(size as u64),
        Err(StoreError::Internal(e)) if e.contains("search_progress") => Ok(u64::MAX),
        Err(e) => Err(e),
    }
}

fn fault(e: sqlx::Error) -> StoreError {
    StoreError::Internal(format!("the search index check failed: {e}"))
}

impl IndexCheck {
    pub(crate) async fn begin(db: Db<'_>) -> Result<IndexCheck, StoreError> {
        match db {
            Db::SqlitePool(pool) => {
                let mut conn = pool.acquire().await.map_err(fault)?;
                let schema: Option<String> = sqlx::query_scalar(
                    "SELECT schema FROM pragma_table_list WHERE name = 'thoughts_fts' \
                     ORDER BY schema = 'search' DESC LIMIT 1",
                )
                .fetch_optional(&mut *conn)
                .await
                .map_err(fault)?;
                let Some(schema) = schema else {
                    return Ok(IndexCheck::Absent);
                };
                let covered = indexed_size(Db::SqlitePool(pool)).await?;
                sqlx::query(&sqlite_rebuilt())
                    .execute(&mut *conn)
                    .await
                    .map_err(fault)?;
                Ok(IndexCheck::Sqlite(conn, covered, schema))
            }
            Db::PgPool(pool) => {
                let covered = indexed_size(Db::PgPool(pool)).await?;
                Ok(IndexCheck::Postgres(pool.clone(), None, covered))
            }
            _ => Err(StoreError::Internal("the index check needs a pool".into())),
        }
    }

    /// Adds the next page of records, in log order.
    pub(crate) async fn add(&mut self, records: &[Record]) -> Result<(), StoreError> {
        match self {
            IndexCheck::Absent => Ok(()),
            IndexCheck::Sqlite(conn, covered, _) => {
                let end = records.partition_point(|r| r.log_index < *covered);
                for chunk in records[..end].chunks(300) {
                    let sql = format!(
                        "INSERT INTO temp.fsck_index (rowid, content, metadata) VALUES {}",
                        vec!["(?, ?, ?)"; chunk.len()].join(", ")
                    );
                    let mut query = sqlx::query(&sql);
                    for r in chunk {
                        query = query
                            .bind(r.log_index as i64)
                            .bind(index_text(&r.authored.content))
                            .bind(
                                r.authored
                                    .metadata
                                    .as_ref()
                                    .map(|m| metadata_text(m.canonical())),
                            );
                    }
                    query.execute(&mut **conn).await.map_err(fault)?;
                }
                Ok(())
            }
            IndexCheck::Postgres(pool, first, covered) => {
                let records = &records[..records.partition_point(|r| r.log_index < *covered)];
                if first.is_some() || records.is_empty() {
                    return Ok(());
                }
                let indexes: Vec<i64> = records.iter().map(|r| r.log_index as i64).collect();
                let documents: Vec<String> = records
                    .iter()
                    .map(|r| {
                        crate::store::postgres::document(
                            &r.authored.content,
                            r.authored.metadata.as_ref().map(|m| m.canonical()),
                        )
                    })
                    .collect();
                let differs: Option<(i64, bool)> = sqlx::query_as(
                    "SELECT c.i, s.log_index IS NULL FROM UNNEST($1::bigint[], $2::text[]) AS c(i, d) \
                     LEFT JOIN thoughts_search s ON s.log_index = c.i \
                     WHERE s.doc IS DISTINCT FROM c.d::tsvector ORDER BY c.i LIMIT 1",
                )
                .bind(&indexes)
                .bind(&documents)
                .fetch_optional(&*pool)
                .await
                .map_err(fault)?;
                *first = differs.map(|(i, missing)| {
                    if missing {
                        format!("the record at log_index {i} has no search index row")
                    } else {
                        format!("the search index row of log_index {i} is not its record's words")
                    }
                });
                Ok(())
            }
        }
    }

    /// Whether there is an index to check.
    pub(crate) fn present(&self) -> bool {
        !matches!(self, IndexCheck::Absent)
    }

    /// The first difference between the stored index and the rebuilt one.
    pub(crate) async fn finish(self) -> Result<Option<String>, StoreError> {
        match self {
            IndexCheck::Absent => Ok(None),
            IndexCheck::Sqlite(mut conn, _, schema) => {
                for sql in [
                    format!("CREATE VIRTUAL TABLE temp.fsck_stored USING fts5vocab({schema}, thoughts_fts, instance)"),
                    "CREATE VIRTUAL TABLE temp.fsck_rebuilt USING fts5vocab(temp, fsck_index, instance)".to_string(),
                ] {
                    sqlx::query(&sql).execute(&mut *conn).await.map_err(fault)?;
                }
                let columns = "SELECT doc, term, col, offset FROM temp.";
                let extra: Option<(i64, String, String, i64)> = sqlx::query_as(&format!(
                    "{columns}fsck_stored EXCEPT {columns}fsck_rebuilt ORDER BY 1, 3, 4 LIMIT 1"
                ))
                .fetch_optional(&mut *conn)
                .await
                .map_err(fault)?;
                let lacking: Option<(i64, String, String, i64)> = sqlx::query_as(&format!(
                    "{columns}fsck_rebuilt EXCEPT {columns}fsck_stored ORDER BY 1, 3, 4 LIMIT 1"
                ))
                .fetch_optional(&mut *conn)
                .await
                .map_err(fault)?;
                for sql in [
                    "DROP TABLE temp.fsck_stored",
                    "DROP TABLE temp.fsck_rebuilt",
                    "DROP TABLE temp.fsck_index",
                ] {
                    sqlx::query(sql).execute(&mut *conn).await.map_err(fault)?;
                }
                let said = |(doc, term, col, offset): (i64, String, String, i64), what: &str| {
                    format!(
                        "the search index {what} word `{term}` at log_index {doc} ({col}, word {})",
                        offset + 1
                    )
                };
                Ok(match (extra, lacking) {
                    (Some(e), Some(l)) if l.0 < e.0 => Some(said(l, "lacks the record's")),
                    (Some(e), _) => Some(said(e, "holds a row the records do not give: the")),
                    (None, Some(l)) => Some(said(l, "lacks the record's")),
                    (None, None) => None,
                })
            }
            IndexCheck::Postgres(pool, first, _) => {
                if first.is_some() {
                    return Ok(first);
                }
                // A live service may have indexed more since the check began.
                let covered = indexed_size(Db::PgPool(&pool)).await?;
                let orphan: Option<(i64,)> = sqlx::query_as(
                    "SELECT s.log_index FROM thoughts_search s WHERE s.log_index >= $1 OR NOT \
                     EXISTS (SELECT 1 FROM thoughts t WHERE t.log_index = s.log_index) \
                     ORDER BY s.log_index LIMIT 1",
                )
                .bind(covered.min(i64::MAX as u64) as i64)
                .fetch_optional(&pool)
                .await
                .map_err(fault)?;
                Ok(orphan.map(|(i,)| {
                    format!(
                        "the search index has a row for log_index {i}, where no record is or \
                         past the {covered} records its progress says it covers"
                    )
                }))
            }
        }
    }
}
