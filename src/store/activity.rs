//! What the trail browser (`http::ui`) reads besides the API's own reads:
//! tasks by newest activity, the agents and types of a task, a record's
//! children.

use super::listings::task_page;
use super::{Page, Store, StoreError, TaskSummary};
use crate::domain::cursor::{self, CursorKind};
use crate::domain::Record;

/// The most recent records of a task whose agents and types a task's row
/// in the browser names: a bounded read, whatever the task's length.
pub const MIX_OF_LAST: u32 = 500;

/// A task's agents and its record types, each once.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TaskMix {
    /// Agents of the task's last [`MIX_OF_LAST`] records, sorted.
    pub agents: Vec<String>,
    /// Types of those records, sorted.
    pub types: Vec<String>,
}

impl Store {
    /// A page of tasks, newest activity first (last timestamp, then the
    /// task appended first last). The cursor names a task; the page after it
    /// starts where that task stands now, so a task that grew in between
    /// may show again on a later page.
    pub async fn tasks_by_activity(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<TaskSummary>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => {
                let task_no =
                    cursor::decode(CursorKind::Tasks, token).ok_or(StoreError::UnknownCursor)?;
                let (_, task) = self
                    .reads
                    .task_at(task_no)
                    .await?
                    .ok_or(StoreError::UnknownCursor)?;
                Some((task.last_timestamp, task_no))
            }
        };
        let rows = self
            .reads
            .tasks_by_activity(after.as_ref().map(|(t, n)| (t.as_str(), *n)), limit + 1)
            .await?;
        Ok(task_page(rows, limit))
    }

    /// The agents and types of a task's last [`MIX_OF_LAST`] records.
    pub async fn task_mix(&self, task_id: &str) -> Result<TaskMix, StoreError> {
        let pairs = self.reads.task_mix(task_id, MIX_OF_LAST).await?;
        let mut mix = TaskMix::default();
        for (agent, kind) in pairs {
            mix.agents.push(agent);
            mix.types.push(kind);
        }
        for names in [&mut mix.agents, &mut mix.types] {
            names.sort_unstable();
            names.dedup();
        }
        Ok(mix)
    }

    /// Up to `limit` records of `record`'s task that answer it, in seq order.
    pub async fn children(&self, record: &Record, limit: u32) -> Result<Vec<Record>, StoreError> {
        self.reads
            .children(&record.task_id, &record.id, limit)
            .await
    }
}
