//! What the trail browser (`http::ui`) reads besides the API's own reads:
//! tasks by newest activity or sorted and filtered (or only those with a
//! decision no reviewer answered), what a task's last records say (their
//! kind, parent and metadata, not their content), a record's children, the
//! agents, and the recent activity the overview charts.

use crate::domain::record::RecordFilter;
use crate::domain::Record;
use crate::store::reads::listings::{task_cursor, task_page};
use crate::store::{Page, Store, StoreError, TaskSummary};

/// The most recent records of a task whose agents, types, totals and
/// unreviewed decisions a task's row in the browser says: a bounded read,
/// whatever the task's length.
pub const MIX_OF_LAST: u32 = 500;

/// What the browser reads of one of a task's records to sum up the task
/// (tokens, cost, time, errors) and its review: everything but the content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskRecordFacts {
    pub id: String,
    pub seq: u64,
    pub parent_id: Option<String>,
    /// The record's type.
    pub kind: String,
    pub agent_id: String,
    pub timestamp: String,
    /// Its canonical metadata; None without any, or once erased.
    pub metadata: Option<String>,
}

/// How a list of tasks is ordered; each ties on the task appended last
/// first, so an order is total (pages by offset may still repeat or skip a
/// task that moved in the order between two reads).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TaskSort {
    /// Newest last record first.
    #[default]
    Activity,
    /// Newest first record (the task begun last) first.
    Created,
    /// Longest chain first.
    Length,
    /// By task id, A to Z.
    Name,
}

impl TaskSort {
    pub const ALL: [TaskSort; 4] = [
        TaskSort::Activity,
        TaskSort::Created,
        TaskSort::Length,
        TaskSort::Name,
    ];

    /// The name a query parameter uses.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskSort::Activity => "activity",
            TaskSort::Created => "created",
            TaskSort::Length => "length",
            TaskSort::Name => "name",
        }
    }

    pub fn parse(name: &str) -> Option<TaskSort> {
        TaskSort::ALL.into_iter().find(|s| s.as_str() == name)
    }

    fn order(self) -> &'static str {
        match self {
            TaskSort::Activity => "last_timestamp DESC, task_no DESC",
            TaskSort::Created => "task_no DESC",
            TaskSort::Length => "length DESC, task_no DESC",
            TaskSort::Name => "task_id, task_no DESC",
        }
    }
}

/// The records of one hour, agent and type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ActivityCount {
    /// The hour, as its timestamps begin: `2026-11-27T01`.
    pub hour: String,
    pub agent_id: String,
    pub kind: String,
    pub records: u64,
}

/// An agent as the browser lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentSummary {
    pub agent_id: String,
    /// Records it appended.
    pub records: u64,
    /// Tasks it appended to.
    pub tasks: u64,
    /// Its newest record's timestamp.
    pub last_timestamp: String,
    /// The record types it appended, sorted.
    pub types: Vec<String>,
}

impl Store {
    /// Up to `limit` tasks after the first `offset` in `sort`'s order; with
    /// a filter, only the tasks with a record it keeps; with `unreviewed`,
    /// only those with a decision that no record answers with a reviewer's
    /// verdict (`metadata.oversight`).
    pub async fn tasks_sorted(
        &self,
        filter: &RecordFilter,
        unreviewed: bool,
        sort: TaskSort,
        offset: u64,
        limit: u32,
    ) -> Result<Vec<TaskSummary>, StoreError> {
        let rows = self
            .reads
            .tasks_sorted(filter, unreviewed, sort.order(), offset, limit)
            .await?;
        Ok(rows.into_iter().map(|(_, t)| t).collect())
    }

    /// The records through log index `through` appended since `since`
    /// (RFC 3339), by hour, agent and type: one aggregate read.
    pub async fn activity_since(
        &self,
        since: &str,
        through: u64,
    ) -> Result<Vec<ActivityCount>, StoreError> {
        let rows = self.reads.activity_since(since, through).await?;
        Ok(rows
            .into_iter()
            .map(|(hour, agent_id, kind, n)| ActivityCount {
                hour,
                agent_id,
                kind,
                records: n.max(0) as u64,
            })
            .collect())
    }

    /// Up to `limit` records after log index `after`, as counts of one, with
    /// each one's log index: the tail that keeps a count up to date.
    pub async fn activity_after(
        &self,
        after: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(u64, ActivityCount)>, StoreError> {
        let rows = self.reads.activity_after(after, limit).await?;
        Ok(rows
            .into_iter()
            .map(|(index, hour, agent_id, kind)| {
                (
                    index.max(0) as u64,
                    ActivityCount {
                        hour,
                        agent_id,
                        kind,
                        records: 1,
                    },
                )
            })
            .collect())
    }

    /// The newest record's log index; None when the log is empty.
    pub async fn last_log_index(&self) -> Result<Option<u64>, StoreError> {
        self.reads.last_log_index().await
    }

    /// Up to `limit` agents after the first `offset`, by name.
    pub async fn agents(&self, offset: u64, limit: u32) -> Result<Vec<AgentSummary>, StoreError> {
        let rows = self.reads.agents(offset, limit).await?;
        let names: Vec<String> = rows.iter().map(|r| r.0.clone()).collect();
        let pairs = self.reads.agent_types(&names).await?;
        Ok(rows
            .into_iter()
            .map(|(agent_id, records, tasks, last_timestamp)| {
                let mut types: Vec<String> = pairs
                    .iter()
                    .filter(|(a, _)| *a == agent_id)
                    .map(|(_, t)| t.clone())
                    .collect();
                types.sort_unstable();
                AgentSummary {
                    agent_id,
                    records: records.max(0) as u64,
                    tasks: tasks.max(0) as u64,
                    last_timestamp,
                    types,
                }
            })
            .collect())
    }

    /// A page of tasks, newest activity first (last timestamp, then the
    /// task appended first last). The cursor names a task; the page after it
    /// starts where that task stands now, so a task that grew in between
    /// may show again on a later page.
    pub async fn tasks_by_activity(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<TaskSummary>, StoreError> {
        let after = match after.map(task_cursor).transpose()? {
            None => None,
            Some(task_no) => match self.reads.task_at(task_no).await? {
                Some((_, task)) => Some((task.last_timestamp, task_no)),
                None => return Err(StoreError::UnknownCursor),
            },
        };
        let rows = self
            .reads
            .tasks_by_activity(after.as_ref().map(|(t, n)| (t.as_str(), *n)), limit + 1)
            .await?;
        Ok(task_page(rows, limit))
    }

    /// A task's last `last` records as [`TaskRecordFacts`], newest first.
    pub async fn task_facts(
        &self,
        task_id: &str,
        last: u32,
    ) -> Result<Vec<TaskRecordFacts>, StoreError> {
        self.reads.task_facts(task_id, last).await
    }

    /// Up to `limit` records of `record`'s task that answer it, in seq order.
    pub async fn children(&self, record: &Record, limit: u32) -> Result<Vec<Record>, StoreError> {
        self.reads
            .children(&record.authored.task_id, &record.id, limit)
            .await
    }
}
