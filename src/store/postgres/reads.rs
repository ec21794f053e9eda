//! Every read query, on the read pool.

use futures_util::future::BoxFuture;
use futures_util::stream::{BoxStream, StreamExt, TryStreamExt};
use sqlx::PgPool;

use super::rows::{self, CheckpointRow, LinkRow, RecordRow, TaskRow, RECORD_COLUMNS};
use super::{log, map_error, position, search};
use crate::domain::merkle::StoredHashes;
use crate::domain::record::RecordFilter;
use crate::domain::search::SearchQuery;
use crate::domain::Record;
use crate::store::backend::{Answer, Reads, StoredLink};
use crate::store::{
    CapabilitySnapshot, Listing, SessionSummary, SignedCheckpoint, StoreError, TaskSummary,
};

pub(super) struct PgReads {
    pub(super) pool: PgPool,
}

const TASK_COLUMNS: &str = "task_no, task_id, length, head_hash, first_timestamp, last_timestamp";

/// The indexed expressions of migrations/postgres (partial indexes: the
/// `IS NOT NULL` must be in the query for the planner to use them).
const STATIC_HASH: &str = "capabilities IS NOT NULL AND (capabilities::jsonb) ->> 'static_hash'";
const RUNTIME_HASH: &str = "capabilities IS NOT NULL AND (capabilities::jsonb) ->> 'runtime_hash'";
const SESSION: &str = "session_id IS NOT NULL AND session_id";

/// Appends to `sql` (which has a WHERE clause and `bound` parameters so
/// far) a condition for each filter given, and answers the values to bind
/// for them, in order.
pub(super) fn filter_clauses<'a>(
    sql: &mut String,
    mut bound: usize,
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
            bound += 1;
            sql.push_str(&format!(" AND {column} {op} ${bound}"));
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

impl PgReads {
    /// The database answers now (a pool connection is made if needed).
    pub(super) async fn ready_now(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1")
            .execute(&self.pool)
            .await
            .map(|_| ())
            .map_err(map_error)
    }

    async fn record_where(
        &self,
        column: &str,
        value: RecordKey<'_>,
    ) -> Result<Option<Record>, StoreError> {
        let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE {column} = $1");
        let query = sqlx::query_as::<_, RecordRow>(&sql);
        let query = match value {
            RecordKey::Index(i) => query.bind(i),
            RecordKey::Text(t) => query.bind(t),
        };
        let row = query.fetch_optional(&self.pool).await.map_err(map_error)?;
        row.map(Record::try_from).transpose()
    }
}

enum RecordKey<'a> {
    Index(i64),
    Text(&'a str),
}

impl Reads for PgReads {
    fn ready(&self) -> Answer<'_, ()> {
        Box::pin(self.ready_now())
    }

    fn record<'a>(&'a self, id: &'a str) -> Answer<'a, Option<Record>> {
        Box::pin(rows::record_by_id(&self.pool, id))
    }

    fn record_at(&self, log_index: u64) -> Answer<'_, Option<Record>> {
        Box::pin(async move {
            let Some(log_index) = position(log_index) else {
                return Ok(None);
            };
            self.record_where("log_index", RecordKey::Index(log_index))
                .await
        })
    }

    fn record_by_hash<'a>(&'a self, hash: &'a str) -> Answer<'a, Option<Record>> {
        Box::pin(self.record_where("hash", RecordKey::Text(hash)))
    }

    fn seq_at(&self, log_index: u64) -> Answer<'_, Option<(u64, String)>> {
        Box::pin(async move {
            let Some(log_index) = position(log_index) else {
                return Ok(None);
            };
            let row: Option<(i64, String)> =
                sqlx::query_as("SELECT seq, task_id FROM thoughts WHERE log_index = $1")
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
                format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE {position_column} > $1");
            let values = filter_clauses(&mut sql, 1, task, filter);
            sql.push_str(&format!(
                " ORDER BY {position_column} LIMIT ${}",
                values.len() + 2
            ));
            let mut query = sqlx::query_as::<_, RecordRow>(&sql).bind(after);
            for value in values {
                query = query.bind(value);
            }
            let rows = query
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
            rows::records(rows)
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
                 WHERE task_id = $1 AND seq > $2 AND log_index < $3 ORDER BY seq LIMIT $4"
            );
            let rows: Vec<RecordRow> = sqlx::query_as(&sql)
                .bind(task_id)
                .bind(after)
                .bind(tree_size)
                .bind(i64::from(limit))
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
            rows::records(rows)
        })
    }

    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>> {
        sqlx::query_as::<_, LinkRow>(
            "SELECT seq, log_index, id, agent_id, type, content, metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash \
             FROM thoughts WHERE task_id = $1 ORDER BY seq",
        )
        .bind(task_id)
        .fetch(&self.pool)
        .map_ok(StoredLink::from)
        .map_err(map_error)
        .boxed()
    }

    fn session<'a>(&'a self, session_id: &'a str) -> Answer<'a, Option<(u64, SessionSummary)>> {
        Box::pin(async move {
            let row: Option<rows::SessionRow> = sqlx::query_as(&format!(
                "{SESSION_SUMMARY} WHERE {SESSION} = $1 GROUP BY session_id"
            ))
            .bind(session_id)
            .fetch_optional(&self.pool)
            .await
            .map_err(map_error)?;
            let Some(row) = row else { return Ok(None) };
            let mut members = Vec::new();
            for column in ["task_id", "agent_id"] {
                let names: Vec<(String,)> = sqlx::query_as(&format!(
                    "SELECT {column} FROM thoughts WHERE {SESSION} = $1 \
                     GROUP BY {column} ORDER BY min(log_index) LIMIT $2"
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
                 HAVING min(log_index) > $1 ORDER BY first_index LIMIT $2"
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
        Box::pin(rows::snapshot_by_hash(&self.pool, hash))
    }

    fn task<'a>(&'a self, task_id: &'a str) -> Answer<'a, Option<(u64, TaskSummary)>> {
        Box::pin(async move {
            let sql = format!("SELECT {TASK_COLUMNS} FROM tasks WHERE task_id = $1");
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
                sqlx::query_as("SELECT task_no FROM tasks WHERE task_no = $1")
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
                "SELECT {TASK_COLUMNS} FROM tasks WHERE task_no > $1 ORDER BY task_no LIMIT $2"
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
                        "SELECT tree_size, root, note FROM checkpoints WHERE tree_size = $1",
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
        Box::pin(log::stored_hashes(&self.pool, indexes))
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
        Box::pin(async move {
            let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
            if wanted.is_empty() {
                return Ok(Vec::new());
            }
            let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index = ANY($1)");
            let rows: Vec<RecordRow> = sqlx::query_as(&sql)
                .bind(&wanted)
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
            let mut found = rows::records(rows)?;
            found.sort_by_key(|r| {
                indexes
                    .iter()
                    .position(|&i| i == r.log_index)
                    .unwrap_or(usize::MAX)
            });
            Ok(found)
        })
    }

    fn missing_triggers(&self) -> Answer<'_, Vec<&'static str>> {
        Box::pin(log::missing_triggers(&self.pool))
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(self.pool.close())
    }
}
