//! The trail browser's reads of what a task's records say about its work
//! and its review: the last records' facts (kind, parent, metadata), and
//! the condition that keeps the tasks with a decision no reviewer answered.

use super::{Param, Query, Reads, StoreError};
use crate::store::TaskRecordFacts;

/// A record that carries a reviewer's verdict: its canonical metadata has
/// a top-level `oversight` object. Canonical JSON has no spaces and escapes
/// quotes inside strings, so the pattern finds the key, not text that
/// mentions it (a nested object's `oversight` key matches too: the write
/// side allows it only at the top). Both backends store metadata as text.
const OVERSIGHT_LIKE: &str = "metadata LIKE '%\"oversight\":{%'";

/// The tasks that have a decision with no child record carrying a
/// verdict; a reviewer's own decision (an `overridden` verdict's
/// replacement) is not one that waits for review.
pub(super) fn unreviewed_clause() -> String {
    format!(
        "task_id IN (SELECT d.task_id FROM thoughts d WHERE d.type = 'decision' \
         AND (d.metadata IS NULL OR NOT d.{OVERSIGHT_LIKE}) \
         AND NOT EXISTS (SELECT 1 FROM thoughts v WHERE v.task_id = d.task_id \
         AND v.parent_id = d.id AND v.{OVERSIGHT_LIKE}))"
    )
}

impl Reads {
    /// The last `last` records of a task, newest first: each one's id,
    /// place, parent, type, agent, timestamp and metadata (no content).
    pub(crate) async fn task_facts(
        &self,
        task_id: &str,
        last: u32,
    ) -> Result<Vec<TaskRecordFacts>, StoreError> {
        let query = Query::new(
            "SELECT id, seq, parent_id, type, agent_id, timestamp, metadata FROM thoughts \
             WHERE task_id = $1 ORDER BY seq DESC LIMIT $2",
        )
        .bind(Param::Text(task_id))
        .bind(Param::Int(i64::from(last)));
        type Row = (
            String,
            i64,
            Option<String>,
            String,
            String,
            String,
            Option<String>,
        );
        let rows: Vec<Row> = self.rows.db().fetch_all(&query).await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, seq, parent_id, kind, agent_id, timestamp, metadata)| TaskRecordFacts {
                    id,
                    seq: seq.max(0) as u64,
                    parent_id,
                    kind,
                    agent_id,
                    timestamp,
                    metadata,
                },
            )
            .collect())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_pattern_matches_a_top_level_verdict_not_text_that_names_one() {
        // LIKE's `%` as a wildcard, the rest literal: a check of the text
        // canonical JSON gives for each case.
        let like = |text: &str| text.contains("\"oversight\":{");
        assert!(like(
            r#"{"oversight":{"reviewer":"r","verdict":"approved"}}"#
        ));
        assert!(!like(r#"{"note":"\"oversight\":{ is a key"}"#));
        assert!(!like(r#"{"oversight":"approved"}"#));
    }
}
