//! Every read the store makes, written once (docs/design.md §4): the SQL of
//! each is shared, and a backend only runs it ([`RowReads`]): the small
//! reads on its pool ([`Db`]), the record reads its own way (SQLite on its
//! direct connections). Positions are the log's `log_index`, a task's `seq`
//! and the task list's `task_no`; one that does not fit the database's
//! integers is simply not found.

pub(crate) mod activity;
pub(crate) mod listings;
pub(crate) mod search;
pub(crate) mod trees;

use std::fmt::Write;

use futures_util::stream::BoxStream;

use super::backend::rows::{
    hash_bytes, SessionRow, StoredLink, TaskRow, RECORD_COLUMNS, SESSION_SUMMARY, TASK_COLUMNS,
};
use super::backend::sql::{position, Dialect, Param, Query};
use super::backend::RowReads;
use super::{
    check::log as log_check, log::rows as log_rows, CapabilitySnapshot, Listing, SessionSummary,
    SignedCheckpoint, StoreError, TaskSummary,
};
use crate::domain::merkle::StoredHashes;
use crate::domain::record::RecordFilter;
use crate::domain::Record;
use search::SearchRequest;

mod oversight;

/// Uses the partial index on `session_id` of both schemas.
const SESSION: &str = "session_id IS NOT NULL AND session_id";

/// Appends to `query` (whose SQL has a WHERE clause) a condition for each
/// filter given, binding its value.
pub(crate) fn filter_clauses<'a>(
    query: &mut Query<'a>,
    dialect: &Dialect,
    task: Option<&'a str>,
    filter: &'a RecordFilter,
) {
    for (column, op, value) in [
        ("task_id", "=", task),
        ("type", "=", filter.r#type.map(|t| t.as_str())),
        ("agent_id", "=", filter.agent_id.as_deref()),
        ("timestamp", ">=", filter.since.as_deref()),
        ("timestamp", "<", filter.until.as_deref()),
        (dialect.static_hash, "=", filter.static_hash.as_deref()),
        (dialect.runtime_hash, "=", filter.runtime_hash.as_deref()),
        (SESSION, "=", filter.session_id.as_deref()),
    ] {
        if let Some(value) = value {
            let n = query.push(Param::Text(value));
            let _ = write!(query.sql, " AND {column} {op} ${n}");
        }
    }
}

/// The store's reads over one backend's [`RowReads`].
pub(crate) struct Reads {
    /// The backend the configuration names.
    rows: Box<dyn RowReads>,
    /// The record columns selected: `RECORD_COLUMNS`, or for a database
    /// `fsck` reads before erasable records were migrated in, the same with
    /// NULL in place of the columns it lacks.
    columns: &'static str,
}

/// `RECORD_COLUMNS` of a database without erasable records' columns
/// (migrated before SQLite's 0016, PostgreSQL's 0006): read by `fsck`,
/// which migrates nothing.
const RECORD_COLUMNS_BEFORE_ERASURE: &str =
    "log_index, id, task_id, seq, type, agent_id, content, metadata, capabilities, session_id, \
     parent_id, timestamp, prev_hash, hash, NULL AS content_commitment, NULL AS salt, \
     NULL AS erased_at, NULL AS erased_by, NULL AS erased_reason";

impl Reads {
    pub(crate) fn new(rows: Box<dyn RowReads>) -> Reads {
        Reads {
            rows,
            columns: RECORD_COLUMNS,
        }
    }

    /// Reads for a database as it is, migrated or not (`fsck`): without the
    /// erasable records' columns, records are read as they were written.
    pub(crate) async fn as_stored(rows: Box<dyn RowReads>) -> Reads {
        let mut reads = Reads::new(rows);
        let probe =
            Query::new("SELECT count(content_commitment) FROM thoughts WHERE log_index < 0");
        if let Err(e) = reads.rows.db().fetch_one::<(i64,)>(&probe).await {
            // "no such column" (SQLite), "column … does not exist" (PostgreSQL).
            let said = e.to_string();
            if said.contains("no such column") || said.contains("does not exist") {
                reads.columns = RECORD_COLUMNS_BEFORE_ERASURE;
            }
        }
        reads
    }

    /// Where the store's small shared reads of other modules run (`cosignatures`).
    pub(crate) fn db(&self) -> super::backend::sql::Db<'_> {
        self.rows.db()
    }

    /// The database answers a trivial query.
    pub(crate) async fn ready(&self) -> Result<(), StoreError> {
        self.rows
            .db()
            .execute(&Query::new("SELECT 1"))
            .await
            .map(drop)
    }

    /// The record that `condition` (on one `$1`) finds: it names a unique
    /// column (id, log_index) or the record's hash.
    async fn record_where(
        &self,
        condition: &str,
        value: Param<'_>,
    ) -> Result<Option<Record>, StoreError> {
        let columns = self.columns;
        let query =
            Query::new(format!("SELECT {columns} FROM thoughts WHERE {condition}")).bind(value);
        Ok(self.rows.records(query).await?.pop())
    }

    pub(crate) async fn record(&self, id: &str) -> Result<Option<Record>, StoreError> {
        self.record_where("id = $1", Param::Text(id)).await
    }

    pub(crate) async fn record_at(&self, log_index: u64) -> Result<Option<Record>, StoreError> {
        match position(log_index) {
            Some(i) => self.record_where("log_index = $1", Param::Int(i)).await,
            None => Ok(None),
        }
    }

    /// The timestamp of the record at `log_index`, read with the shared
    /// SQL (at start: no connection of the hot read path is opened for it).
    pub(crate) async fn timestamp_at(&self, log_index: u64) -> Result<Option<String>, StoreError> {
        let Some(i) = position(log_index) else {
            return Ok(None);
        };
        let row: Option<(String,)> = self
            .rows
            .db()
            .fetch_optional(
                &super::backend::sql::Query::new(
                    "SELECT timestamp FROM thoughts WHERE log_index = $1",
                )
                .bind(Param::Int(i)),
            )
            .await?;
        Ok(row.map(|(t,)| t))
    }

    /// Both backends store a hash's bytes: a text that is none has no record.
    pub(crate) async fn record_by_hash(&self, hash: &str) -> Result<Option<Record>, StoreError> {
        let lookup = self.rows.db().dialect().hash_lookup;
        match hash_bytes(hash) {
            Ok(bytes) => self.record_where(lookup, Param::Bytes(&bytes)).await,
            Err(_) => Ok(None),
        }
    }

    /// The record an idempotency key (still kept) names, in its scope, and
    /// the fingerprint the key is stored with (read together, then the
    /// record by the id read): unchecked.
    pub(crate) async fn record_by_idempotency_key(
        &self,
        scope: &str,
        key: &str,
    ) -> Result<Option<(String, Record)>, StoreError> {
        let row = Query::new(
            "SELECT fingerprint, record_id FROM idempotency WHERE scope = $1 AND key = $2",
        )
        .bind(Param::Text(scope))
        .bind(Param::Text(key));
        let Some((fingerprint, record_id)) = self
            .rows
            .db()
            .fetch_optional::<(String, String)>(&row)
            .await?
        else {
            return Ok(None);
        };
        Ok(self
            .record(&record_id)
            .await?
            .map(|record| (fingerprint, record)))
    }

    /// The `seq` and `task_id` of the record at `log_index`.
    pub(crate) async fn seq_at(&self, log_index: u64) -> Result<Option<(u64, String)>, StoreError> {
        let Some(log_index) = position(log_index) else {
            return Ok(None);
        };
        let query = Query::new("SELECT seq, task_id FROM thoughts WHERE log_index = $1")
            .bind(Param::Int(log_index));
        let row: Option<(i64, String)> = self.rows.db().fetch_optional(&query).await?;
        Ok(row.map(|(seq, task_id)| (seq as u64, task_id)))
    }

    /// Up to `limit` records that `filter` keeps after position `after`
    /// (exclusive): `log_index` for the log, `seq` for a task; from the start
    /// when None.
    pub(crate) async fn records(
        &self,
        listing: Listing<'_>,
        filter: &RecordFilter,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<Record>, StoreError> {
        // -1: from the start; a position past i64 has nothing after it.
        let after = match after.map(position) {
            None => -1,
            Some(Some(p)) => p,
            Some(None) => return Ok(Vec::new()),
        };
        let (position_column, task) = match listing {
            Listing::Log => ("log_index", None),
            Listing::Task(task_id) => ("seq", Some(task_id)),
        };
        let columns = self.columns;
        let mut query = Query::new(format!(
            "SELECT {columns} FROM thoughts WHERE {position_column} > $1"
        ))
        .bind(Param::Int(after));
        filter_clauses(&mut query, self.rows.db().dialect(), task, filter);
        let n = query.push(Param::Int(i64::from(limit)));
        let _ = write!(query.sql, " ORDER BY {position_column} LIMIT ${n}");
        self.rows.records(query).await
    }

    /// Up to `limit` records of a task after `after_seq` whose leaves are in
    /// the tree of `tree_size`, in seq order.
    pub(crate) async fn chain_page(
        &self,
        task_id: &str,
        after_seq: Option<u64>,
        tree_size: u64,
        limit: u32,
    ) -> Result<Vec<Record>, StoreError> {
        let after = after_seq.map_or(Some(-1), position);
        let (Some(after), Some(tree_size)) = (after, position(tree_size)) else {
            return Ok(Vec::new());
        };
        let columns = self.columns;
        let query = Query::new(format!(
            "SELECT {columns} FROM thoughts \
             WHERE task_id = $1 AND seq > $2 AND log_index < $3 ORDER BY seq LIMIT $4"
        ))
        .bind(Param::Text(task_id))
        .bind(Param::Int(after))
        .bind(Param::Int(tree_size))
        .bind(Param::Int(i64::from(limit)));
        self.rows.records(query).await
    }

    /// A task's records in seq order, streamed as stored.
    pub(crate) fn chain<'a>(
        &'a self,
        task_id: &'a str,
    ) -> BoxStream<'a, Result<StoredLink, StoreError>> {
        self.rows.chain(task_id)
    }

    /// The records at these log indexes (those that exist), in that order.
    pub(crate) async fn records_at(&self, indexes: &[u64]) -> Result<Vec<Record>, StoreError> {
        let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let mut found = self.rows.records_at(&wanted).await?;
        found.sort_by_key(|r| {
            indexes
                .iter()
                .position(|&i| i == r.log_index)
                .unwrap_or(usize::MAX)
        });
        Ok(found)
    }

    /// A session's summary with its tasks and agents, and the log index of
    /// its first record.
    pub(crate) async fn session(
        &self,
        session_id: &str,
    ) -> Result<Option<(u64, SessionSummary)>, StoreError> {
        let query = Query::new(format!(
            "{SESSION_SUMMARY} WHERE {SESSION} = $1 GROUP BY session_id"
        ))
        .bind(Param::Text(session_id));
        let row: Option<SessionRow> = self.rows.db().fetch_optional(&query).await?;
        let Some(row) = row else { return Ok(None) };
        let mut members = Vec::new();
        for column in ["task_id", "agent_id"] {
            let query = Query::new(format!(
                "SELECT {column} FROM thoughts WHERE {SESSION} = $1 \
                 GROUP BY {column} ORDER BY min(log_index) LIMIT $2"
            ))
            .bind(Param::Text(session_id))
            .bind(Param::Int(i64::from(super::SESSION_MEMBERS)));
            let names: Vec<(String,)> = self.rows.db().fetch_all(&query).await?;
            members.push(names.into_iter().map(|(n,)| n).collect::<Vec<_>>());
        }
        let (first, mut summary) = row.into_summary();
        summary.agents = members.pop();
        summary.tasks = members.pop();
        Ok(Some((first, summary)))
    }

    /// Up to `limit` sessions whose first record comes after log index
    /// `after`, in that order, each with that index.
    pub(crate) async fn sessions(
        &self,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(u64, SessionSummary)>, StoreError> {
        let after = match after.map(position) {
            None => -1,
            Some(Some(a)) => a,
            Some(None) => return Ok(Vec::new()),
        };
        let query = Query::new(format!(
            "{SESSION_SUMMARY} WHERE session_id IS NOT NULL GROUP BY session_id \
             HAVING min(log_index) > $1 ORDER BY first_index LIMIT $2"
        ))
        .bind(Param::Int(after))
        .bind(Param::Int(i64::from(limit)));
        let rows: Vec<SessionRow> = self.rows.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(SessionRow::into_summary).collect())
    }

    /// The capability snapshot stored under `hash`.
    pub(crate) async fn snapshot(
        &self,
        hash: &str,
    ) -> Result<Option<CapabilitySnapshot>, StoreError> {
        super::snapshots::by_hash(self.rows.db(), hash).await
    }

    /// A task's summary and its `task_no`.
    pub(crate) async fn task(
        &self,
        task_id: &str,
    ) -> Result<Option<(u64, TaskSummary)>, StoreError> {
        let query = Query::new(format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE task_id = $1"
        ))
        .bind(Param::Text(task_id));
        let row: Option<TaskRow> = self.rows.db().fetch_optional(&query).await?;
        Ok(row.map(Into::into))
    }

    pub(crate) async fn task_no_exists(&self, task_no: u64) -> Result<bool, StoreError> {
        let Some(task_no) = position(task_no) else {
            return Ok(false);
        };
        let query =
            Query::new("SELECT task_no FROM tasks WHERE task_no = $1").bind(Param::Int(task_no));
        let known: Option<(i64,)> = self.rows.db().fetch_optional(&query).await?;
        Ok(known.is_some())
    }

    /// Up to `limit` tasks after `task_no` (exclusive), in `task_no` order.
    pub(crate) async fn tasks(
        &self,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(u64, TaskSummary)>, StoreError> {
        let after = match after.map(position) {
            None => 0,
            Some(Some(p)) => p,
            Some(None) => return Ok(Vec::new()),
        };
        let query = Query::new(format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE task_no > $1 ORDER BY task_no LIMIT $2"
        ))
        .bind(Param::Int(after))
        .bind(Param::Int(i64::from(limit)));
        let rows: Vec<TaskRow> = self.rows.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// The task numbered `task_no`, with that number.
    pub(crate) async fn task_at(
        &self,
        task_no: u64,
    ) -> Result<Option<(u64, TaskSummary)>, StoreError> {
        let Some(task_no) = position(task_no) else {
            return Ok(None);
        };
        let query = Query::new(format!(
            "SELECT {TASK_COLUMNS} FROM tasks WHERE task_no = $1"
        ))
        .bind(Param::Int(task_no));
        let row: Option<TaskRow> = self.rows.db().fetch_optional(&query).await?;
        Ok(row.map(Into::into))
    }

    /// Up to `limit` tasks by newest activity (last timestamp, then
    /// `task_no`, both descending), after `after` (that last timestamp and
    /// `task_no`) when given. The task table has no index on its last
    /// timestamp: a page reads every task row once, keeping `limit` of them.
    pub(crate) async fn tasks_by_activity(
        &self,
        after: Option<(&str, u64)>,
        limit: u32,
    ) -> Result<Vec<(u64, TaskSummary)>, StoreError> {
        let mut query = Query::new(format!("SELECT {TASK_COLUMNS} FROM tasks"));
        if let Some((last, task_no)) = after {
            let Some(task_no) = position(task_no) else {
                return Ok(Vec::new());
            };
            let a = query.push(Param::Text(last));
            let b = query.push(Param::Text(last));
            let c = query.push(Param::Int(task_no));
            let _ = write!(
                query.sql,
                " WHERE last_timestamp < ${a} OR (last_timestamp = ${b} AND task_no < ${c})"
            );
        }
        let n = query.push(Param::Int(i64::from(limit)));
        let _ = write!(
            query.sql,
            " ORDER BY last_timestamp DESC, task_no DESC LIMIT ${n}"
        );
        let rows: Vec<TaskRow> = self.rows.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// The records up to log index `through` appended since `since` (an RFC
    /// 3339 timestamp), counted by hour (the timestamp's first 13
    /// characters), agent and type.
    pub(crate) async fn activity_since(
        &self,
        since: &str,
        through: u64,
    ) -> Result<Vec<(String, String, String, i64)>, StoreError> {
        let query = Query::new(
            "SELECT substr(timestamp, 1, 13) AS hour, agent_id, type, count(*) AS n \
             FROM thoughts WHERE timestamp >= $1 AND log_index <= $2 GROUP BY 1, 2, 3",
        )
        .bind(Param::Text(since))
        .bind(Param::Int(position(through).unwrap_or(i64::MAX)));
        self.rows.db().fetch_all(&query).await
    }

    /// Up to `limit` records after log index `after`, in log order: each
    /// one's index, hour, agent and type.
    pub(crate) async fn activity_after(
        &self,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(i64, String, String, String)>, StoreError> {
        let after = after.map_or(Some(-1), position).unwrap_or(i64::MAX);
        let query = Query::new(
            "SELECT log_index, substr(timestamp, 1, 13) AS hour, agent_id, type \
             FROM thoughts WHERE log_index > $1 ORDER BY log_index LIMIT $2",
        )
        .bind(Param::Int(after))
        .bind(Param::Int(i64::from(limit)));
        self.rows.db().fetch_all(&query).await
    }

    /// The newest record's log index; None when the log is empty.
    pub(crate) async fn last_log_index(&self) -> Result<Option<u64>, StoreError> {
        let query = Query::new("SELECT max(log_index) FROM thoughts");
        let row: (Option<i64>,) = self.rows.db().fetch_one(&query).await?;
        Ok(row.0.map(|i| i as u64))
    }

    /// Up to `limit` agents after the first `offset` (by name): each with
    /// its records, its tasks and its last timestamp.
    pub(crate) async fn agents(
        &self,
        offset: u64,
        limit: u32,
    ) -> Result<Vec<(String, i64, i64, String)>, StoreError> {
        let query = Query::new(
            "SELECT agent_id, count(*) AS records, count(DISTINCT task_id) AS tasks, \
             max(timestamp) AS last FROM thoughts GROUP BY agent_id ORDER BY agent_id \
             LIMIT $1 OFFSET $2",
        )
        .bind(Param::Int(i64::from(limit)))
        .bind(Param::Int(position(offset).unwrap_or(i64::MAX)));
        self.rows.db().fetch_all(&query).await
    }

    /// The record types each of `agents` has appended, each pair once.
    pub(crate) async fn agent_types(
        &self,
        agents: &[String],
    ) -> Result<Vec<(String, String)>, StoreError> {
        if agents.is_empty() {
            return Ok(Vec::new());
        }
        let mut query =
            Query::new("SELECT DISTINCT agent_id, type FROM thoughts WHERE agent_id IN (");
        for (i, agent) in agents.iter().enumerate() {
            let n = query.push(Param::Text(agent));
            let _ = write!(query.sql, "{}${n}", if i == 0 { "" } else { ", " });
        }
        query.sql.push(')');
        self.rows.db().fetch_all(&query).await
    }

    /// Up to `limit` tasks after the first `offset`, in `order` (SQL over
    /// the task table's columns), keeping only the tasks with a record that
    /// `filter` keeps when it is not empty, and with `unreviewed` only those
    /// with a decision no verdict answers.
    pub(crate) async fn tasks_sorted(
        &self,
        filter: &RecordFilter,
        unreviewed: bool,
        order: &str,
        offset: u64,
        limit: u32,
    ) -> Result<Vec<(u64, TaskSummary)>, StoreError> {
        let mut query = Query::new(format!("SELECT {TASK_COLUMNS} FROM tasks WHERE 1 = 1"));
        if !filter.is_empty() {
            query
                .sql
                .push_str(" AND task_id IN (SELECT task_id FROM thoughts WHERE 1 = 1");
            filter_clauses(&mut query, self.rows.db().dialect(), None, filter);
            query.sql.push(')');
        }
        if unreviewed {
            let _ = write!(query.sql, " AND {}", oversight::unreviewed_clause());
        }
        let n = query.push(Param::Int(i64::from(limit)));
        let o = query.push(Param::Int(position(offset).unwrap_or(i64::MAX)));
        let _ = write!(query.sql, " ORDER BY {order} LIMIT ${n} OFFSET ${o}");
        let rows: Vec<TaskRow> = self.rows.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    /// Up to `limit` records of a task that name `parent_id` as their
    /// parent, in seq order.
    pub(crate) async fn children(
        &self,
        task_id: &str,
        parent_id: &str,
        limit: u32,
    ) -> Result<Vec<Record>, StoreError> {
        let columns = self.columns;
        let query = Query::new(format!(
            "SELECT {columns} FROM thoughts \
             WHERE task_id = $1 AND parent_id = $2 ORDER BY seq LIMIT $3"
        ))
        .bind(Param::Text(task_id))
        .bind(Param::Text(parent_id))
        .bind(Param::Int(i64::from(limit)));
        self.rows.records(query).await
    }

    /// The last record of `task_id`'s chain among the first `tree_size`
    /// leaves of the log.
    pub(crate) async fn task_head_at(
        &self,
        task_id: &str,
        tree_size: u64,
    ) -> Result<Option<Record>, StoreError> {
        let size = position(tree_size).unwrap_or(i64::MAX);
        let columns = self.columns;
        let query = Query::new(format!(
            "SELECT {columns} FROM thoughts WHERE task_id = $1 AND log_index < $2 \
             ORDER BY seq DESC LIMIT 1"
        ))
        .bind(Param::Text(task_id))
        .bind(Param::Int(size));
        Ok(self.rows.records(query).await?.pop())
    }

    /// The checkpoint signed at `tree_size`, or the newest one when None.
    pub(crate) async fn checkpoint(
        &self,
        tree_size: Option<u64>,
    ) -> Result<Option<SignedCheckpoint>, StoreError> {
        log_rows::checkpoint(self.rows.db(), tree_size).await
    }

    /// The successor statement whose `column` (`old_origin` or
    /// `new_origin`) is `origin`.
    pub(crate) async fn successor(
        &self,
        column: &'static str,
        origin: &str,
    ) -> Result<Option<String>, StoreError> {
        let sql = format!("SELECT statement FROM log_successors WHERE {column} = $1");
        let row: Option<(String,)> = self
            .rows
            .db()
            .fetch_optional(
                &super::backend::sql::Query::new(sql)
                    .bind(super::backend::sql::Param::Text(origin)),
            )
            .await?;
        Ok(row.map(|(s,)| s))
    }

    /// How many records are stored.
    pub(crate) async fn count_records(&self) -> Result<u64, StoreError> {
        let (n,): (i64,) = self
            .rows
            .db()
            .fetch_one(&super::backend::sql::Query::new(
                "SELECT COUNT(*) FROM thoughts",
            ))
            .await?;
        Ok(n as u64)
    }

    /// The stored log hashes at these indexes (those that exist).
    pub(crate) async fn log_hashes(&self, indexes: &[u64]) -> Result<StoredHashes, StoreError> {
        self.rows.log_hashes(indexes).await
    }

    /// The hits of `search`, best first, with their relevance
    /// (docs/design.md §7).
    pub(crate) async fn search(
        &self,
        search: SearchRequest<'_>,
    ) -> Result<Vec<(u64, f64)>, StoreError> {
        search::hits(self.rows.db(), search).await
    }

    /// The task summaries that are not what their chains say, each with
    /// what is wrong (`fsck`).
    pub(crate) async fn wrong_summaries(&self) -> Result<Vec<(String, String)>, StoreError> {
        Ok(log_check::wrong_summaries(self.rows.db())
            .await?
            .into_iter()
            .map(|(task, what, _)| (task, what))
            .collect())
    }

    /// The triggers that are not what the applied migrations create.
    pub(crate) async fn altered_triggers(&self) -> Result<Vec<String>, StoreError> {
        super::check::triggers::altered_triggers(self.rows.db()).await
    }

    /// The triggers the schema's guarantees need that the database lacks.
    pub(crate) async fn missing_triggers(&self) -> Result<Vec<&'static str>, StoreError> {
        log_check::missing_triggers(self.rows.db()).await
    }

    /// Closes the pools.
    pub(crate) async fn close(&self) {
        self.rows.close().await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_filter_adds_a_condition_and_binds_its_value_in_order() {
        let dialect = &crate::store::sqlite::DIALECT;
        let filter = RecordFilter {
            agent_id: Some("a".into()),
            session_id: Some("s".into()),
            ..RecordFilter::default()
        };
        let mut query = Query::new("SELECT 1 FROM thoughts WHERE seq > $1").bind(Param::Int(-1));
        filter_clauses(&mut query, dialect, Some("t"), &filter);
        assert_eq!(
            query.sql,
            "SELECT 1 FROM thoughts WHERE seq > $1 AND task_id = $2 AND agent_id = $3 \
             AND session_id IS NOT NULL AND session_id = $4"
        );
        assert_eq!(query.params().len(), 4);
    }
}
