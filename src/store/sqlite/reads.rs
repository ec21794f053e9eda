//! Every read query: the many-row and per-request ones on read-only
//! connections driven directly (`raw`), the rest on sqlx's read-only pool.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use futures_util::stream::{self, BoxStream, StreamExt};
use sqlx::SqlitePool;

use super::raw::{self, ReadPool};
use super::rows::{self, CheckpointRow, TaskRow, RECORD_COLUMNS};
use super::{log, map_error, position, search};
use crate::domain::merkle::StoredHashes;
use crate::domain::record::RecordFilter;
use crate::domain::search::SearchQuery;
use crate::domain::Record;
use crate::store::backend::{Answer, Reads, StoredLink};
use crate::store::{
    CapabilitySnapshot, Listing, SessionSummary, SignedCheckpoint, StoreError, TaskSummary,
};

pub(super) struct SqliteReads {
    /// The reads that return a row or a few (sqlx).
    pub(super) pool: SqlitePool,
    /// The reads that return many rows, or are asked for at every request
    /// (records, pages, chains, proofs): driven directly ([`raw`]).
    pub(super) raw: Arc<ReadPool>,
}

/// Rows of a chain read at once by a walk; the next batch is read while the
/// walk hashes this one.
const CHAIN_ROWS_PER_READ: i64 = 4096;

const TASK_COLUMNS: &str = "task_no, task_id, length, head_hash, first_timestamp, last_timestamp";

/// How a record is looked up, besides by id.
enum RecordKey<'a> {
    Id(&'a str),
    LogIndex(i64),
    Hash(&'a str),
}

impl SqliteReads {
    async fn record_where(&self, key: RecordKey<'_>) -> Result<Option<Record>, StoreError> {
        let (column, value): (&str, rusqlite::types::Value) = match key {
            RecordKey::Id(id) => ("id", id.to_string().into()),
            RecordKey::LogIndex(i) => ("log_index", i.into()),
            RecordKey::Hash(h) => ("hash", h.to_string().into()),
        };
        self.raw
            .run(move |conn| raw::record_where(conn, column, value))
            .await
    }
}

/// The indexed expressions of migrations/sqlite/0005_capabilities.sql (the
/// partial indexes apply when `capabilities IS NOT NULL` is in the query).
const STATIC_HASH: &str =
    "capabilities IS NOT NULL AND json_extract(capabilities, '$.static_hash')";
const RUNTIME_HASH: &str =
    "capabilities IS NOT NULL AND json_extract(capabilities, '$.runtime_hash')";

/// Uses the partial index of migrations/sqlite/0006_sessions_trees.sql.
const SESSION: &str = "session_id IS NOT NULL AND session_id";

/// Appends to `sql` (which has a WHERE clause) a condition for each filter
/// given, and answers the values to bind for them, in order.
pub(super) fn filter_clauses<'a>(
    sql: &mut String,
    task: Option<&'a str>,
    filter: &'a RecordFilter,
) -> Vec<&'a str> {
    for (column, given, op) in [
        ("task_id", task.is_some(), "="),
        ("type", filter.r#type.is_some(), "="),
        ("agent_id", filter.agent_id.is_some(), "="),
        ("timestamp", filter.since.is_some(), ">="),
        ("timestamp", filter.until.is_some(), "<"),
        (STATIC_HASH, filter.static_hash.is_some(), "="),
        (RUNTIME_HASH, filter.runtime_hash.is_some(), "="),
        (SESSION, filter.session_id.is_some(), "="),
    ] {
        if given {
            sql.push_str(&format!(" AND {column} {op} ?"));
        }
    }
    [
        task,
        filter.r#type.map(|t| t.as_str()),
        filter.agent_id.as_deref(),
        filter.since.as_deref(),
        filter.until.as_deref(),
        filter.static_hash.as_deref(),
        filter.runtime_hash.as_deref(),
        filter.session_id.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// A session's summary columns, in the order of `rows::SessionRow`.
const SESSION_SUMMARY: &str =
    "SELECT session_id, count(*) AS length, min(log_index) AS first_index, \
     min(timestamp) AS first_timestamp, max(timestamp) AS last_timestamp FROM thoughts";

impl Reads for SqliteReads {
    fn ready(&self) -> Answer<'_, ()> {
        Box::pin(async move {
            sqlx::query("SELECT 1")
                .execute(&self.pool)
                .await
                .map(|_| ())
                .map_err(map_error)
        })
    }

    fn record<'a>(&'a self, id: &'a str) -> Answer<'a, Option<Record>> {
        Box::pin(self.record_where(RecordKey::Id(id)))
    }

    fn record_at(&self, log_index: u64) -> Answer<'_, Option<Record>> {
        Box::pin(async move {
            let Some(log_index) = position(log_index) else {
                return Ok(None);
            };
            self.record_where(RecordKey::LogIndex(log_index)).await
        })
    }

    fn record_by_hash<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Record>> {
        Box::pin(self.record_where(RecordKey::Hash(hash)))
    }

    fn seq_at(&self, log_index: u64) -> Answer<'_, Option<(u64, String)>> {
        Box::pin(async move {
            let Some(log_index) = position(log_index) else {
                return Ok(None);
            };
            let row: Option<(i64, String)> =
                sqlx::query_as("SELECT seq, task_id FROM thoughts WHERE log_index = ?")
                    .bind(log_index)
                    .fetch_optional(&self.pool)
                    .await
                    .map_err(map_error)?;
            Ok(row.map(|(seq, task_id)| (seq as u64, task_id)))
        })
    }

    fn records<'a>(
        &'a self,
        listing: Listing<'a>,
        filter: &'a RecordFilter,
        after: Option<u64>,
        limit: u32,
    ) -> Answer<'a, Vec<Record>> {
        Box::pin(async move {
            // -1: from the start; a position past i64 has nothing after it.
            let after = match after {
                None => -1,
                Some(p) => match position(p) {
                    Some(p) => p,
                    None => return Ok(Vec::new()),
                },
            };
            let (position_column, task) = match listing {
                Listing::Log => ("log_index", None),
                Listing::Task(task_id) => ("seq", Some(task_id)),
            };
            let mut sql =
                format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE {position_column} > ?");
            let values = filter_clauses(&mut sql, task, filter);
            sql.push_str(&format!(" ORDER BY {position_column} LIMIT ?"));
            let mut params: Vec<rusqlite::types::Value> = vec![after.into()];
            params.extend(values.into_iter().map(|v| v.to_string().into()));
            params.push(i64::from(limit).into());
            self.raw
                .run(move |conn| raw::records(conn, &sql, rusqlite::params_from_iter(params)))
                .await
        })
    }

    fn chain_page<'a>(
        &'a self,
        task_id: &'a str,
        after_seq: Option<u64>,
        tree_size: u64,
        limit: u32,
    ) -> Answer<'a, Vec<Record>> {
        Box::pin(async move {
            let after = after_seq.map_or(Some(-1), position);
            let (Some(after), Some(tree_size)) = (after, position(tree_size)) else {
                return Ok(Vec::new());
            };
            let sql = format!(
                "SELECT {RECORD_COLUMNS} FROM thoughts \
                 WHERE task_id = ? AND seq > ? AND log_index < ? ORDER BY seq LIMIT ?"
            );
            let task_id = task_id.to_string();
            self.raw
                .run(move |conn| {
                    raw::records(
                        conn,
                        &sql,
                        rusqlite::params![task_id, after, tree_size, i64::from(limit)],
                    )
                })
                .await
        })
    }

    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>> {
        // A reader task reads the chain in batches of rows, each in its own
        // read transaction (a chain only grows, so a later batch may only
        // hold more records); the channel lets it read the next batch while
        // the walk hashes this one, and stops it when the walk ends. Batches
        // follow (seq, log_index) as stored, from the first row whatever its
        // seq: a tampered table may hold a negative or a repeated seq, and
        // the walk must see every row to report it.
        let (rows, mut batches) = tokio::sync::mpsc::channel(2);
        let pool = self.raw.clone();
        let task_id = task_id.to_string();
        tokio::spawn(async move {
            let mut after: Option<(i64, i64)> = None;
            loop {
                let task_id = task_id.clone();
                let batch = pool
                    .run(move |conn| {
                        const COLUMNS: &str =
                            "SELECT seq, log_index, id, agent_id, type, content, \
                             metadata, capabilities, session_id, parent_id, timestamp, prev_hash, \
                             hash FROM thoughts WHERE task_id = ?1";
                        let (sql, seq, index) = match after {
                            None => (format!("{COLUMNS} ORDER BY seq, log_index LIMIT ?4"), 0, 0),
                            Some((seq, index)) => (
                                format!(
                                    "{COLUMNS} AND (seq > ?2 OR (seq = ?2 AND log_index > ?3)) \
                                     ORDER BY seq, log_index LIMIT ?4"
                                ),
                                seq,
                                index,
                            ),
                        };
                        let mut statement = conn.prepare_cached(&sql).map_err(raw::map_error)?;
                        let keyed = statement
                            .query_map(
                                rusqlite::params![task_id, seq, index, CHAIN_ROWS_PER_READ],
                                |row| Ok(((row.get(0)?, row.get(1)?), raw::stored_link(row)?)),
                            )
                            .map_err(raw::map_error)?
                            .collect::<Result<Vec<((i64, i64), StoredLink)>, _>>()
                            .map_err(raw::map_error)?;
                        let last = keyed.last().map(|(key, _)| *key);
                        let links: Vec<StoredLink> =
                            keyed.into_iter().map(|(_, link)| link).collect();
                        Ok((links, last))
                    })
                    .await;
                let next = match &batch {
                    Ok((links, last)) if links.len() as i64 == CHAIN_ROWS_PER_READ => *last,
                    _ => None,
                };
                if rows.send(batch.map(|(links, _)| links)).await.is_err() {
                    return;
                }
                match next {
                    Some(key) => after = Some(key),
                    None => return,
                }
            }
        });
        stream::poll_fn(move |cx| batches.poll_recv(cx))
            .flat_map(|batch| match batch {
                Ok(links) => stream::iter(links.into_iter().map(Ok).collect::<Vec<_>>()),
                Err(e) => stream::iter(vec![Err(e)]),
            })
            .boxed()
    }

    fn session<'a>(&'a self, session_id: &'a str) -> Answer<'a, Option<(u64, SessionSummary)>> {
        Box::pin(async move {
            let row: Option<rows::SessionRow> = sqlx::query_as(&format!(
                "{SESSION_SUMMARY} WHERE {SESSION} = ? GROUP BY session_id"
            ))
            .bind(session_id)
            .fetch_optional(&self.pool)
            .await
            .map_err(map_error)?;
            let Some(row) = row else { return Ok(None) };
            let mut members = Vec::new();
            for column in ["task_id", "agent_id"] {
                let names: Vec<(String,)> = sqlx::query_as(&format!(
                    "SELECT {column} FROM thoughts WHERE {SESSION} = ? \
                     GROUP BY {column} ORDER BY min(log_index) LIMIT ?"
                ))
                .bind(session_id)
                .bind(i64::from(crate::store::SESSION_MEMBERS))
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
                members.push(names.into_iter().map(|(n,)| n).collect::<Vec<_>>());
            }
            let (first, mut summary) = row.into_summary();
            summary.agents = members.pop();
            summary.tasks = members.pop();
            Ok(Some((first, summary)))
        })
    }

    fn sessions(&self, after: Option<u64>, limit: u32) -> Answer<'_, Vec<(u64, SessionSummary)>> {
        Box::pin(async move {
            let after = match after.map(i64::try_from) {
                None => -1,
                Some(Ok(a)) => a,
                Some(Err(_)) => return Ok(Vec::new()),
            };
            let rows: Vec<rows::SessionRow> = sqlx::query_as(&format!(
                "{SESSION_SUMMARY} WHERE session_id IS NOT NULL GROUP BY session_id \
                 HAVING min(log_index) > ? ORDER BY first_index LIMIT ?"
            ))
            .bind(after)
            .bind(i64::from(limit))
            .fetch_all(&self.pool)
            .await
            .map_err(map_error)?;
            Ok(rows
                .into_iter()
                .map(rows::SessionRow::into_summary)
                .collect())
        })
    }

    fn snapshot<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<CapabilitySnapshot>> {
        Box::pin(super::rows::snapshot_by_hash(&self.pool, hash))
    }

    fn task<'a>(&'a self, task_id: &'a str) -> Answer<'a, Option<(u64, TaskSummary)>> {
        Box::pin(async move {
            let sql = format!("SELECT {TASK_COLUMNS} FROM tasks WHERE task_id = ?");
            let row: Option<TaskRow> = sqlx::query_as(&sql)
                .bind(task_id)
                .fetch_optional(&self.pool)
                .await
                .map_err(map_error)?;
            Ok(row.map(Into::into))
        })
    }

    fn task_no_exists(&self, task_no: u64) -> Answer<'_, bool> {
        Box::pin(async move {
            let Some(task_no) = position(task_no) else {
                return Ok(false);
            };
            let known: Option<(i64,)> =
                sqlx::query_as("SELECT task_no FROM tasks WHERE task_no = ?")
                    .bind(task_no)
                    .fetch_optional(&self.pool)
                    .await
                    .map_err(map_error)?;
            Ok(known.is_some())
        })
    }

    fn tasks(&self, after: Option<u64>, limit: u32) -> Answer<'_, Vec<(u64, TaskSummary)>> {
        Box::pin(async move {
            let after = match after.map(position) {
                None => 0,
                Some(Some(p)) => p,
                Some(None) => return Ok(Vec::new()),
            };
            let sql = format!(
                "SELECT {TASK_COLUMNS} FROM tasks WHERE task_no > ? ORDER BY task_no LIMIT ?"
            );
            let rows: Vec<TaskRow> = sqlx::query_as(&sql)
                .bind(after)
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
            Ok(rows.into_iter().map(Into::into).collect())
        })
    }

    fn checkpoint(&self, tree_size: Option<u64>) -> Answer<'_, Option<SignedCheckpoint>> {
        Box::pin(async move {
            let row: Option<CheckpointRow> = match tree_size {
                None => log::latest_checkpoint(&self.pool).await?,
                Some(size) => {
                    let Some(size) = position(size) else {
                        return Ok(None);
                    };
                    sqlx::query_as(
                        "SELECT tree_size, root, note FROM checkpoints WHERE tree_size = ?",
                    )
                    .bind(size)
                    .fetch_optional(&self.pool)
                    .await
                    .map_err(map_error)?
                }
            };
            row.map(rows::checkpoint).transpose()
        })
    }

    fn log_hashes<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, StoredHashes> {
        Box::pin(async move {
            let indexes = indexes.to_vec();
            self.raw
                .run(move |conn| raw::stored_hashes(conn, &indexes))
                .await
        })
    }

    fn search<'a>(
        &'a self,
        query: &'a SearchQuery,
        task: Option<&'a str>,
        filter: &'a RecordFilter,
        max_hits: u32,
    ) -> Answer<'a, Vec<(u64, f64)>> {
        Box::pin(search::search(&self.pool, query, task, filter, max_hits))
    }

    fn records_at<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, Vec<Record>> {
        Box::pin(search::records_at(&self.raw, indexes))
    }

    fn missing_triggers(&self) -> Answer<'_, Vec<&'static str>> {
        Box::pin(log::missing_triggers(&self.pool))
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            self.raw.close();
            self.pool.close().await
        })
    }
}
