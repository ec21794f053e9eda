//! Erasure, legal holds and retention (docs/design.md §12): an erasable
//! record's content, metadata and salt erased in the transaction that
//! appends the record saying so; holds kept through the writer's connection;
//! the retention sweep's candidates. The same SQL on both backends, except
//! the erasing itself (each backend's `tx`).

use std::collections::BTreeMap;

use tokio::sync::Mutex;

use super::backend::sql::{Db, Param, Query};
use super::backend::{Effects, EraseOrder, HoldOrder, Holding};
use super::{Erased, Hold, HoldChange, Store, StoreError};
use crate::domain::record::erasure::{erasure_statement, hold_statement, HoldAction};
use crate::domain::{Metadata, NewRecord, RecordType};

/// Erasures run one at a time in a process: a record is looked at and its
/// erasure appended without another erasure of it in between.
pub(crate) type EraseTurn = Mutex<()>;

/// Why the record at `log_index` cannot be erased: (id, erasable, erased,
/// held) as read in the batch's transaction, or None when there is none.
pub(crate) fn cannot_erase(log_index: u64, row: Option<(String, bool, bool, bool)>) -> StoreError {
    // Erased first: an erased record has no salt left, so it no longer reads
    // as erasable, yet erasing it again is no refusal (another replica, or
    // a sweep, erased it meanwhile: the caller reads it back).
    match row {
        None => StoreError::Conflict(format!("no record has log_index {log_index}")),
        Some((id, _, true, _)) => StoreError::Conflict(format!("record {id} was erased meanwhile")),
        Some((id, false, _, _)) => StoreError::NotErasable(not_erasable(&id)),
        Some((id, _, _, _)) => StoreError::Held(held(&id)),
    }
}

fn not_erasable(id: &str) -> String {
    format!(
        "record {id} is not erasable: its hash covers its content and metadata, so erasing them \
         would break its chain and every proof of the log (only records appended with \
         `erasable: true`, or by a service started with --erasable, can be erased)"
    )
}

fn held(id: &str) -> String {
    format!(
        "record {id}'s task is under a legal hold: nothing of it is erased while the hold stands \
         (DELETE /tasks/{{id}}/hold lifts it)"
    )
}

/// Why a hold record's hold could not be placed or lifted in its batch:
/// the task was held meanwhile, or its hold lifted or replaced.
pub(crate) fn hold_moved(h: &Holding) -> StoreError {
    StoreError::Conflict(match &h.lifted {
        None => format!("task `{}` was held meanwhile", h.task_id),
        Some(_) => format!(
            "the hold on task `{}` was lifted or replaced meanwhile",
            h.task_id
        ),
    })
}

/// The hold on `task_id`, if one stands.
pub(crate) async fn hold(db: Db<'_>, task_id: &str) -> Result<Option<Hold>, StoreError> {
    let query = Query::new("SELECT placed_at, placed_by, reason FROM holds WHERE task_id = $1")
        .bind(Param::Text(task_id));
    let row: Option<(String, String, String)> = db.fetch_optional(&query).await?;
    Ok(row.map(|(at, by, reason)| Hold { at, by, reason }))
}

/// Records a retention sweep erases at most per pass.
pub(crate) const SWEEP_BATCH: i64 = 500;

impl Store {
    /// Erases the content, metadata and salt of the record `id`, appending
    /// to its task the decision record that says who (`by`), when and why
    /// (docs/design.md §12). Erasing a record erased before answers it as it
    /// is, with no new record.
    pub async fn erase(
        &self,
        id: &str,
        by: &str,
        reason: &str,
    ) -> Result<Option<Erased>, StoreError> {
        let _turn = self.erase_turn.lock().await;
        let Some(record) = self.reads.record(id).await? else {
            return Ok(None);
        };
        let Some(erasable) = &record.erasable else {
            return Err(StoreError::NotErasable(not_erasable(id)));
        };
        if erasable.erased.is_some() {
            return Ok(Some(Erased {
                record,
                erasure: None,
            }));
        }
        if self.hold(&record.authored.task_id).await?.is_some() {
            return Err(StoreError::Held(held(id)));
        }
        let erasure = match self
            .append_erasure(
                &record.authored.task_id,
                by,
                &[(record.id.as_str(), record.log_index)],
                reason,
                "request",
            )
            .await
        {
            Ok(erasure) => Some(erasure),
            // Another replica erased it meanwhile: erasing again changes
            // nothing (a conflict of another kind is answered as it is).
            Err(StoreError::Conflict(why)) => match self.reads.record(id).await? {
                Some(r) if r.is_erased() => None,
                _ => return Err(StoreError::Conflict(why)),
            },
            Err(e) => return Err(e),
        };
        let record = self
            .reads
            .record(id)
            .await?
            .ok_or_else(|| StoreError::Internal(format!("record {id} did not read back")))?;
        Ok(Some(Erased { record, erasure }))
    }

    /// Appends the record that erases `records` (id, log index) of `task_id`,
    /// in the transaction that erases them.
    async fn append_erasure(
        &self,
        task_id: &str,
        by: &str,
        records: &[(&str, u64)],
        reason: &str,
        how: &'static str,
    ) -> Result<crate::domain::Record, StoreError> {
        let ids: Vec<&str> = records.iter().map(|(id, _)| *id).collect();
        let (content, metadata) = erasure_statement(&ids, reason);
        let erasing = records
            .iter()
            .map(|(_, log_index)| EraseOrder {
                log_index: *log_index,
                reason: reason.to_string(),
            })
            .collect();
        let effects = Effects {
            erasing,
            ..Effects::default()
        };
        let record = self
            .append_statement(task_id, by, content, metadata, effects)
            .await?;
        metrics::counter!(crate::domain::metrics::RECORDS_ERASED, "how" => how)
            .increment(records.len() as u64);
        Ok(record)
    }

    /// The legal hold on a task, if one stands.
    pub async fn hold(&self, task_id: &str) -> Result<Option<Hold>, StoreError> {
        hold(self.reads.db(), task_id).await
    }

    /// Places a legal hold on `task_id`, appending to its task the record
    /// that says who (`by`), when and why, in the transaction that places
    /// it (docs/design.md §12). A task held already keeps its first hold,
    /// and nothing is appended.
    pub async fn place_hold(
        &self,
        task_id: &str,
        by: &str,
        reason: &str,
    ) -> Result<HoldChange, StoreError> {
        if let Some(hold) = self.hold(task_id).await? {
            return Ok(HoldChange { hold, record: None });
        }
        let (content, metadata) = hold_statement(HoldAction::Place, Some(reason), None);
        let effects = Effects {
            hold: Some(HoldOrder::Place {
                reason: reason.to_string(),
            }),
            ..Effects::default()
        };
        match self
            .append_statement(task_id, by, content, metadata, effects)
            .await
        {
            Ok(record) => Ok(HoldChange {
                hold: Hold {
                    at: record.timestamp.clone(),
                    by: record.authored.agent_id.clone(),
                    reason: reason.to_string(),
                },
                record: Some(record),
            }),
            // Held by another request (or replica) meanwhile: its hold stands.
            Err(StoreError::Conflict(why)) => match self.hold(task_id).await? {
                Some(hold) => Ok(HoldChange { hold, record: None }),
                None => Err(StoreError::Conflict(why)),
            },
            Err(e) => Err(e),
        }
    }

    /// Lifts the legal hold on `task_id`, appending to its task the record
    /// that says who lifted which hold, when, and why when given; None when
    /// the task is not held.
    pub async fn lift_hold(
        &self,
        task_id: &str,
        by: &str,
        reason: Option<&str>,
    ) -> Result<Option<HoldChange>, StoreError> {
        let Some(hold) = self.hold(task_id).await? else {
            return Ok(None);
        };
        let (content, metadata) = hold_statement(
            HoldAction::Lift,
            reason,
            Some((hold.at.as_str(), hold.by.as_str())),
        );
        let effects = Effects {
            hold: Some(HoldOrder::Lift {
                placed_at: hold.at.clone(),
                placed_by: hold.by.clone(),
            }),
            ..Effects::default()
        };
        match self
            .append_statement(task_id, by, content, metadata, effects)
            .await
        {
            Ok(record) => Ok(Some(HoldChange {
                hold,
                record: Some(record),
            })),
            // Lifted by another request (or replica) meanwhile.
            Err(StoreError::Conflict(why)) => match self.hold(task_id).await? {
                None => Ok(None),
                Some(_) => Err(StoreError::Conflict(why)),
            },
            Err(e) => Err(e),
        }
    }

    /// Appends the service's own decision record to `task_id`, by `by`,
    /// doing `effects` in its transaction. Never erasable itself.
    async fn append_statement(
        &self,
        task_id: &str,
        by: &str,
        content: String,
        metadata: String,
        effects: Effects,
    ) -> Result<crate::domain::Record, StoreError> {
        let mut draft = NewRecord::plain(RecordType::Decision, task_id, by, content);
        draft.authored.metadata = Some(Metadata::from_stored(metadata));
        let appended = self.writer.append(draft, None, effects).await?;
        self.recent.put(&appended.record);
        Ok(appended.record)
    }

    /// One pass of the retention sweep: erases the content of up to
    /// [`SWEEP_BATCH`] erasable records stamped before `before` (a timestamp
    /// as the service writes them) in tasks not held, one erasure record per
    /// task, by `by` for `reason`. Answers how many records were erased.
    pub async fn sweep(&self, before: &str, by: &str, reason: &str) -> Result<u64, StoreError> {
        let _turn = self.erase_turn.lock().await;
        let query = Query::new(
            "SELECT task_id, id, log_index FROM thoughts t \
             WHERE content_commitment IS NOT NULL AND erased_at IS NULL AND salt IS NOT NULL \
             AND timestamp < $1 \
             AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.task_id = t.task_id) \
             ORDER BY log_index LIMIT $2",
        )
        .bind(Param::Text(before))
        .bind(Param::Int(SWEEP_BATCH));
        let due: Vec<(String, String, i64)> = self.reads.db().fetch_all(&query).await?;
        let mut by_task: BTreeMap<&str, Vec<(&str, u64)>> = BTreeMap::new();
        for (task_id, id, log_index) in &due {
            by_task
                .entry(task_id)
                .or_default()
                .push((id, (*log_index).max(0) as u64));
        }
        // Every task's erasure at once: the writer commits them together.
        let outcomes = futures_util::future::join_all(by_task.iter().map(|(task_id, records)| {
            self.append_erasure(task_id, by, records, reason, "retention")
        }))
        .await;
        let mut erased = 0;
        for ((task_id, records), outcome) in by_task.iter().zip(outcomes) {
            match outcome {
                Ok(_) => erased += records.len() as u64,
                // A hold placed, or a record erased, since the read: the
                // next pass reads again.
                Err(StoreError::Held(_) | StoreError::Conflict(_)) => {}
                // One task's failure does not hold the others back.
                Err(e) => {
                    tracing::warn!(task_id = %task_id, error = %e, "retention could not erase a task's records; the next pass tries again")
                }
            }
        }
        Ok(erased)
    }
}

/// The agent a retention sweep's erasure records are written as.
pub const RETENTION_AGENT: &str = "decision-trail-retention";

/// A duration as its flag would say it: `183d`, `12h`, `2s`, `500ms`.
pub fn duration_text(d: std::time::Duration) -> String {
    let (s, ms) = (d.as_secs(), d.subsec_millis());
    match (s, ms) {
        (s, 0) if s > 0 && s % 86_400 == 0 => format!("{}d", s / 86_400),
        (s, 0) if s > 0 && s % 3600 == 0 => format!("{}h", s / 3600),
        (s, 0) if s > 0 && s % 60 == 0 => format!("{}m", s / 60),
        (s, 0) => format!("{s}s"),
        _ => format!("{}ms", d.as_millis()),
    }
}

/// Runs the retention sweep in the background (docs/design.md §12): every
/// `retention / 2` (at least 0.5 s, at most a minute), the content of
/// erasable records older than `retention`, in tasks not held, is erased,
/// in passes of [`SWEEP_BATCH`] records.
pub fn spawn_retention(
    store: std::sync::Arc<Store>,
    retention: std::time::Duration,
) -> tokio::task::JoinHandle<()> {
    let every = (retention / 2).clamp(
        std::time::Duration::from_millis(500),
        std::time::Duration::from_secs(60),
    );
    let reason = format!("retention: content older than {}", duration_text(retention));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            let Some(before) = chrono::Duration::from_std(retention)
                .ok()
                .and_then(|age| chrono::Utc::now().checked_sub_signed(age))
            else {
                // Longer than the clock counts back: nothing is that old.
                continue;
            };
            let before = crate::domain::chain::format_timestamp(before);
            loop {
                match store.sweep(&before, RETENTION_AGENT, &reason).await {
                    Ok(n) if n as i64 == SWEEP_BATCH => continue,
                    Ok(0) => break,
                    Ok(n) => {
                        tracing::info!(records = n, %reason, "retention erased content");
                        break;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the retention sweep failed; it runs again");
                        break;
                    }
                }
            }
        }
    })
}
