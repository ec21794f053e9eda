//! Records as the store serves them (docs/design.md §3): one by id, index
//! or hash (recent ones from memory), pages of the log, of a task's chain
//! and of the task list behind opaque cursors, and a task's export page.

use crate::domain::cursor::{self, CursorKind};
use crate::domain::merkle::{Hash, LogQuery};
use crate::domain::record::RecordFilter;
use crate::domain::Record;
use crate::store::{Listing, Page, Store, StoreError, TaskSummary};

impl Store {
    /// The record at leaf `log_index` of the log.
    pub async fn record_at(&self, log_index: u64) -> Result<Option<Record>, StoreError> {
        self.reads.record_at(log_index).await
    }

    pub async fn record_by_hash(&self, hash: &str) -> Result<Option<Record>, StoreError> {
        self.reads.record_by_hash(hash).await
    }

    /// The record an `Idempotency-Key` of `scope` created, while the key is
    /// kept (`--idempotency-ttl`): how `/v1/traces` finds the record of a
    /// span sent in an earlier export.
    pub async fn record_by_idempotency_key(
        &self,
        scope: &str,
        key: &str,
    ) -> Result<Option<Record>, StoreError> {
        let Some((fingerprint, record)) = self.reads.record_by_idempotency_key(scope, key).await?
        else {
            return Ok(None);
        };
        // As a replay: only the record the key's own request made, in its
        // scope (docs/design.md §2, "Nothing read back is trusted"); a
        // span's key, fingerprinted as spans are.
        use crate::domain::idempotency::{stored_row_problem, Form};
        match stored_row_problem(scope, &fingerprint, Form::SPAN, &record) {
            None => Ok(Some(record)),
            Some(why) => {
                tracing::error!(idempotency_key = %key, %why, "SECURITY: a stored idempotency key names a record its request did not make (the database was altered); it is not used");
                crate::store::rows_refused("idempotency", 1);
                Ok(None)
            }
        }
    }

    pub async fn record(&self, id: &str) -> Result<Option<Record>, StoreError> {
        if let Some(record) = self.recent.get(id) {
            // On a shared database the record may be gone from it (a standby
            // promoted behind its primary): served only while the database
            // holds the log this process published (one indexed read).
            if self.shared {
                self.newest_stored_checkpoint().await?;
            }
            return Ok(Some(record));
        }
        let record = self.reads.record(id).await?;
        if let Some(r) = &record {
            let signed = self.signed_size_for(r.log_index).await?;
            if r.log_index >= signed {
                crate::store::rows_refused("thoughts", 1);
                tracing::error!(log_index = r.log_index, id = %r.id, signed, "SECURITY: a stored record no signed checkpoint covers was asked for: it is not served as a record");
                return Err(StoreError::NotSigned {
                    log_index: r.log_index,
                    tree_size: signed,
                });
            }
            self.recent.put(r);
        }
        Ok(record)
    }

    /// The size of the newest signed checkpoint, as far as a record at
    /// `log_index` needs to know (docs/design.md §2, "Rows past the signed
    /// size"): this process's own when it covers the record, else the
    /// database's newest, whose note is checked (on SQLite a batch's
    /// checkpoint row commits with its records, before it is published).
    pub(crate) async fn signed_size_for(&self, log_index: u64) -> Result<u64, StoreError> {
        let own = self.own_checkpoint().tree_size;
        if log_index < own {
            return Ok(own);
        }
        Ok(self.newest_stored_checkpoint().await?.tree_size)
    }

    /// `records` without those no signed checkpoint covers (rows written
    /// behind the log's back: logged and counted, never served as records).
    pub(crate) async fn only_signed(
        &self,
        mut records: Vec<Record>,
    ) -> Result<Vec<Record>, StoreError> {
        let Some(highest) = records.iter().map(|r| r.log_index).max() else {
            return Ok(records);
        };
        let signed = self.signed_size_for(highest).await?;
        let before = records.len();
        records.retain(|r| r.log_index < signed);
        let left_out = before - records.len();
        if left_out > 0 {
            crate::store::rows_refused("thoughts", left_out);
            tracing::error!(
                left_out,
                signed,
                "SECURITY: stored records no signed checkpoint covers were left out of a listing"
            );
        }
        Ok(records)
    }

    /// The log's signed statement of `task_id`'s length and head as of the
    /// checkpoint of `tree_size` under `origin` (an export's header,
    /// docs/design.md §3): a signed note of `domain::export::TaskHead`.
    pub async fn task_statement(
        &self,
        task_id: &str,
        origin: &str,
        tree_size: u64,
    ) -> Result<String, StoreError> {
        let head = self.reads.task_head_at(task_id, tree_size).await?;
        let stated = crate::domain::export::TaskHead {
            origin: origin.to_string(),
            tree_size,
            task_id: task_id.to_string(),
            length: head.as_ref().map_or(0, |r| r.seq + 1),
            head_hash: head.map_or_else(|| crate::domain::ZERO_HASH.to_string(), |r| r.hash),
        };
        Ok(self.signer.sign_note(&stated.text()))
    }

    /// How many records of a task's chain are in the tree of `tree_size`.
    pub async fn task_length_at(&self, task_id: &str, tree_size: u64) -> Result<u64, StoreError> {
        let head = self.reads.task_head_at(task_id, tree_size).await?;
        Ok(head.map_or(0, |r| r.seq + 1))
    }

    /// Up to `limit` records of a task's chain after `after_seq` that are in the
    /// tree of `tree_size`, each with its inclusion proof in that tree.
    pub async fn export_page(
        &self,
        task_id: &str,
        tree_size: u64,
        after_seq: Option<u64>,
        limit: u32,
    ) -> Result<Vec<(Record, Vec<Hash>)>, StoreError> {
        let records = self
            .reads
            .chain_page(task_id, after_seq, tree_size, limit)
            .await?;
        let queries: Vec<LogQuery> = records
            .iter()
            .map(|r| LogQuery::Inclusion {
                leaf: r.log_index,
                tree_size,
            })
            .collect();
        let proofs = self.log_answers(&queries).await?;
        Ok(records.into_iter().zip(proofs).collect())
    }

    /// A page of the records `filter` keeps, after the cursor `after`, in log order
    /// (`Listing::Log`) or chain order (`Listing::Task`).
    pub async fn records(
        &self,
        listing: Listing<'_>,
        filter: &RecordFilter,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<Record>, StoreError> {
        let after = match after {
            None => None,
            Some(token) => Some(self.position(token, listing).await?),
        };
        let items = self
            .reads
            .records(listing, filter, after, limit + 1)
            .await?;
        let items = self.only_signed(items).await?;
        Ok(paginate(items, limit, |r| {
            cursor::encode(CursorKind::Records, r.log_index)
        }))
    }

    /// Resolves a record cursor to where the listing resumes: the `log_index` in
    /// the log, the `seq` in a task. The record must exist, and belong to the
    /// task when the listing is one task's.
    async fn position(&self, token: &str, listing: Listing<'_>) -> Result<u64, StoreError> {
        let log_index =
            cursor::decode(CursorKind::Records, token).ok_or(StoreError::UnknownCursor)?;
        let (seq, its_task) = self
            .reads
            .seq_at(log_index)
            .await?
            .ok_or(StoreError::UnknownCursor)?;
        match listing {
            Listing::Log => Ok(log_index),
            Listing::Task(task_id) if task_id == its_task => Ok(seq),
            Listing::Task(_) => Err(StoreError::UnknownCursor),
        }
    }

    pub async fn task(&self, task_id: &str) -> Result<Option<TaskSummary>, StoreError> {
        Ok(self.reads.task(task_id).await?.map(|(_, t)| t))
    }

    /// A page of tasks, in the order their first record was appended.
    pub async fn tasks(
        &self,
        after: Option<&str>,
        limit: u32,
    ) -> Result<Page<TaskSummary>, StoreError> {
        let after = match after.map(task_cursor).transpose()? {
            Some(task_no) if !self.reads.task_no_exists(task_no).await? => {
                return Err(StoreError::UnknownCursor)
            }
            after => after,
        };
        let rows = self.reads.tasks(after, limit + 1).await?;
        Ok(task_page(rows, limit))
    }
}

/// The task number a task-list cursor names (in whichever order the list
/// was paged).
pub(crate) fn task_cursor(token: &str) -> Result<u64, StoreError> {
    cursor::decode(CursorKind::Tasks, token).ok_or(StoreError::UnknownCursor)
}

/// A page of tasks from `limit + 1` numbered rows: the cursor names a task by
/// its number (whatever order the page is in).
pub(crate) fn task_page(rows: Vec<(u64, TaskSummary)>, limit: u32) -> Page<TaskSummary> {
    let page = paginate(rows, limit, |(task_no, _)| {
        cursor::encode(CursorKind::Tasks, *task_no)
    });
    Page {
        items: page.items.into_iter().map(|(_, t)| t).collect(),
        next: page.next,
    }
}

/// Keeps the first `limit` of `limit + 1` fetched items; the extra one, when
/// present, proves there is a next page, whose cursor names the last item kept.
pub(crate) fn paginate<T>(
    mut items: Vec<T>,
    limit: u32,
    cursor_of: impl Fn(&T) -> String,
) -> Page<T> {
    let more = items.len() > limit as usize;
    items.truncate(limit as usize);
    let next = if more {
        items.last().map(cursor_of)
    } else {
        None
    };
    Page { items, next }
}
