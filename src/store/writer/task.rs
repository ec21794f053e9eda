//! The writer task: it takes every append waiting as one batch, plans it
//! (`plan`), writes it in one transaction and answers each caller after the
//! commit (docs/design.md §4).

use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use super::busy::{Busy, What};
use super::clock::ClockNotes;
use super::index::IndexJob;
use super::plan::{answers, Item, Outcome};
use super::{Job, Pending, Publisher};
use crate::domain::chain::ChainHead;
use crate::domain::checkpoint::{check_bound, check_moved_log, LogSigner, MovedLog};
use crate::domain::clock::ClockWatch;
use crate::domain::merkle::Frontier;
use crate::domain::metrics::{
    APPEND_BATCH_SIZE, APPEND_COMMIT_DURATION, IDEMPOTENT_REPLAYS, LOG_ALTERED, RECORDS_APPENDED,
};
use crate::domain::Record;
use crate::store::backend::{BatchError, BatchStorage, IndexRow, Moved, SearchDocument, Wanted};
use crate::store::log::copy::CheckpointCopy;
use crate::store::{Appended, Idempotency, Seams, SignedCheckpoint, StoreError};

/// Appends past which no more join a transaction (one caller's batch may
/// take it past this).
const MAX_BATCH: usize = 1024;

/// Chain heads the writer keeps; past this the cache starts over (a miss costs
/// one indexed read).
const MAX_CACHED_HEADS: usize = 100_000;

/// What the writer task keeps between batches.
pub(super) struct State {
    pub(super) storage: Box<dyn BatchStorage>,
    pub(super) seams: Seams,
    /// The log as committed: O(log n) hashes.
    pub(super) frontier: Frontier,
    pub(super) signer: LogSigner,
    /// The checkpoint's first line.
    pub(super) origin: String,
    /// Shared with the store ([`Publisher`]).
    pub(super) publish: Publisher,
    /// Every checkpoint is also written here, after its commit.
    pub(super) copy: CheckpointCopy,
    /// The newest size the copy holds from a checkpoint served, not signed
    /// here ([`State::bind`]).
    pub(super) bound: u64,
    /// Chain heads as committed, so that an append to a busy task reads nothing.
    pub(super) heads: HashMap<String, ChainHead>,
    /// How long an idempotency key is kept.
    pub(super) idempotency_ttl: Duration,
    /// When expired idempotency keys are next purged.
    pub(super) next_purge: Instant,
    /// The frontier's size once committed, shared with the handle (`/metrics`).
    pub(super) integrated: Arc<AtomicU64>,
    /// When the open transaction began: its commit's latency is measured from here.
    pub(super) opened: Instant,
    /// Whether other processes append to the same database (replicas): only
    /// then may the log move under this writer, and only as far as a
    /// checkpoint signed with the log's key covers.
    pub(super) shared: bool,
    /// Whether the last look at the stored log found it altered: probes
    /// (`/readyz`) fail while it is.
    pub(super) altered: bool,
    /// The system clock, watched against the running time (`domain::clock`).
    pub(super) clock: std::sync::Mutex<ClockWatch>,
    /// When the writer started: the running time's origin.
    pub(super) started: Instant,
    /// What the watch last found, shared with the store (`/readyz`).
    pub(super) clock_notes: ClockNotes,
    /// An erasure was committed but the backend's files still hold the
    /// erased bytes (SQLite: the WAL not yet checkpointed).
    pub(super) erasure_owed: bool,
    /// The indexer's queue: each commit's documents and erasures.
    pub(super) index_jobs: mpsc::UnboundedSender<IndexJob>,
    /// The search index's progress, for readiness.
    pub(super) index: Arc<super::IndexProgress>,
    /// What the writer spent its recent time on (`/metrics`).
    pub(super) busy: Busy,
}

pub(super) async fn run(mut state: State, mut queue: mpsc::Receiver<Job>) {
    let mut stopping = false;
    while !stopping {
        let first = match queue.recv().await {
            Some(job) => job,
            None => break,
        };
        // Group commit: everything already waiting joins this transaction.
        // The transaction is opened at the first append, before the queue is
        // drained: on a shared database it waits there for the log's lock,
        // and the appends that arrive meanwhile join this batch instead of
        // waiting for the next turn at the lock.
        let mut batch = Vec::new();
        let mut appends = 0;
        let mut begun = None;
        // Probes and snapshots that arrive once the transaction is open run
        // after it, on their own.
        let mut later = Vec::new();
        let mut next = Some(first);
        while let Some(job) = next.take() {
            match job {
                Job::Append(pending) => {
                    if begun.is_none() {
                        begun = Some(state.begin().await);
                    }
                    appends += pending.drafts.len();
                    batch.push(*pending);
                }
                Job::Shutdown => {
                    stopping = true;
                    break;
                }
                other if begun.is_some() => later.push(other),
                other => state.run_job(other).await,
            }
            if appends < MAX_BATCH {
                next = queue.try_recv().ok();
            }
        }
        if let Some(begun) = begun {
            state.commit_batch(batch, begun).await;
        }
        for job in later {
            state.run_job(job).await;
        }
    }
    queue.close();
    // Anything queued after the shutdown request is refused, not dropped silently.
    while let Ok(job) = queue.try_recv() {
        if let Job::Append(pending) = job {
            pending.refuse(&StoreError::Unavailable(
                "the service is shutting down".into(),
            ));
        }
    }
    state.storage.close().await;
}

impl State {
    /// Answers every caller of a batch, after the commit that holds its record.
    /// If one record is refused by the database the batch is retried one
    /// caller per transaction, so each caller gets its own answer.
    async fn commit_batch(&mut self, batch: Vec<Pending>, begun: Result<(), BatchError>) {
        let (items, atomic) = items_of(&batch);
        let written = match begun {
            Ok(()) => self.finish_batch(&items, &atomic).await,
            Err(e) => {
                self.storage.rollback().await;
                Err(e)
            }
        };
        let appends = items.len();
        drop(items);
        match written {
            Ok(answers) => {
                let mut answers = answers.into_iter();
                for pending in batch {
                    let mine: Vec<_> = answers.by_ref().take(pending.drafts.len()).collect();
                    self.busy.answered(pending.queued);
                    // The caller may have gone away; the records are committed regardless.
                    let _ = pending.reply.send(mine);
                }
            }
            Err(BatchError::Record(_)) if appends > 1 => {
                // A refused record may mean a head moved under this writer:
                // each retry reads its head again.
                self.heads.clear();
                for pending in batch {
                    let (items, atomic) = items_of(std::slice::from_ref(&pending));
                    // All or none in one transaction; otherwise one each.
                    let alone: Vec<Range<usize>> = if pending.atomic {
                        std::iter::once(0..items.len()).collect()
                    } else {
                        (0..items.len()).map(|i| i..i + 1).collect()
                    };
                    let mut answers = Vec::with_capacity(items.len());
                    for part in alone {
                        let n = part.len();
                        match self.write_batch(&items[part], &atomic).await {
                            Ok(written) => answers.extend(written),
                            Err(e) => {
                                let e = e.into_store_error();
                                answers.extend((0..n).map(|_| Err(e.clone())));
                            }
                        }
                    }
                    for e in answers.iter().filter_map(|a| a.as_ref().err()) {
                        tracing::warn!(error = %e, "append refused");
                    }
                    self.busy.answered(pending.queued);
                    let _ = pending.reply.send(answers);
                }
            }
            Err(BatchError::Unknown(e)) => {
                tracing::error!(error = %e, appends, "batch's outcome unknown: it may be in the log");
                self.heads.clear();
                // What it may have erased is read back by the indexer.
                let _ = self.index_jobs.send(IndexJob::Forget);
                for pending in batch {
                    pending.refuse(&e);
                }
            }
            Err(BatchError::Record(e) | BatchError::Batch(e)) => {
                tracing::warn!(error = %e, appends, "batch failed; nothing of it was written");
                for pending in batch {
                    pending.refuse(&e);
                }
            }
        }
    }

    /// One transaction: load what the batch needs, plan it, write it, commit.
    /// The new frontier, heads and checkpoint take effect only once committed,
    /// and the checkpoint is published before any caller is answered.
    async fn write_batch(
        &mut self,
        items: &[Item<'_>],
        atomic: &[Range<usize>],
    ) -> Result<Vec<Result<Appended, StoreError>>, BatchError> {
        if let Err(e) = self.begin().await {
            self.storage.rollback().await;
            return Err(e);
        }
        self.finish_batch(items, atomic).await
    }

    /// Opens a batch's transaction; when another writer moved the log, the
    /// batch starts from the log as committed ([`State::catch_up`]), unless
    /// what moved it is not a writer of this log: then the batch is refused
    /// (`log_altered`), and so is every batch until the stored log is again
    /// one this writer can extend.
    async fn begin(&mut self) -> Result<(), BatchError> {
        self.opened = Instant::now();
        let moved = self.storage.begin(&self.frontier).await;
        self.busy.done(What::Begin, self.opened);
        let moved = moved.map_err(BatchError::Batch)?;
        let judged = match moved {
            Some(moved) => self.catch_up(moved),
            None => Ok(()),
        }
        .and_then(|()| {
            // The newest checkpoint this process signed or served binds it:
            // a stored log below or beside it is never signed over.
            let bound = self.publish.borrow().clone();
            check_bound(
                self.frontier.size(),
                &self.frontier.root(),
                bound.tree_size,
                &bound.root,
            )
        });
        match judged {
            Ok(()) => {
                if self.altered {
                    tracing::warn!(
                        size = self.frontier.size(),
                        "the stored log is again the one this writer signed; appending again"
                    );
                }
                self.altered = false;
                Ok(())
            }
            Err((first_foreign, why)) => {
                self.altered = true;
                metrics::counter!(LOG_ALTERED).increment(1);
                tracing::error!(
                    log_index = first_foreign,
                    signed_size = self.frontier.size(),
                    %why,
                    "the stored log holds what no writer of this log signed: refusing to \
                     append or sign over it"
                );
                Err(BatchError::Batch(StoreError::LogAltered(format!(
                    "first foreign log_index {first_foreign}: {why}"
                ))))
            }
        }
    }

    /// A probe or a snapshot, between transactions.
    async fn run_job(&mut self, job: Job) {
        let since = Instant::now();
        self.run_job_timed(job).await;
        self.busy.done(What::Job, since);
    }

    async fn run_job_timed(&mut self, job: Job) {
        match job {
            Job::Probe(reply) => {
                // The stored log is looked at as a batch would find it: an
                // altered one makes the service not ready.
                let ready = match self.begin().await {
                    Ok(()) => {
                        self.storage.rollback().await;
                        self.storage.probe().await
                    }
                    Err(e) => {
                        self.storage.rollback().await;
                        Err(e.into_store_error())
                    }
                };
                let _ = reply.send(ready.and_then(|()| self.index_health()));
            }
            Job::Snapshot(snapshot, reply) => {
                let _ = reply.send(self.storage.put_snapshot(&snapshot).await);
            }
            Job::Cosignatures(tree_size, lines, reply) => {
                let _ = reply.send(
                    self.storage
                        .put_cosignatures(tree_size, &self.origin, &lines)
                        .await,
                );
            }
            Job::Bind(checkpoint) => self.bind(&checkpoint),
            Job::Append(_) | Job::Shutdown => unreachable!("appends and shutdown are the loop's"),
        }
    }

    /// The rest of a batch in its open transaction: plan, write, commit.
    async fn finish_batch(
        &mut self,
        items: &[Item<'_>],
        atomic: &[Range<usize>],
    ) -> Result<Vec<Result<Appended, StoreError>>, BatchError> {
        let erases = items
            .iter()
            .any(|(.., effects)| !effects.erasing.is_empty());
        match self.write_in_transaction(items, atomic).await {
            Ok((
                outcomes,
                records,
                checkpoint,
                moved,
                frontier,
                documents,
                (erased, erased_documents),
            )) => {
                let since = Instant::now();
                let committed = self.storage.commit().await;
                self.busy.done(What::Commit, since);
                if let Err(e) = committed {
                    self.storage.rollback().await;
                    self.settle_commit(&e, &records).await?;
                }
                if erases || self.erasure_owed {
                    let since = Instant::now();
                    // Erased in the database all the same; until the files
                    // are cleaned, each commit tries again.
                    self.erasure_owed = match self.storage.after_erasure().await {
                        Ok(()) => false,
                        Err(e) => {
                            if !self.erasure_owed {
                                tracing::warn!(error = %e, "the erased bytes stay in the WAL until a checkpoint finishes; it is tried after each commit");
                            }
                            true
                        }
                    };
                    self.busy.done(What::Erasure, since);
                }
                self.frontier = frontier;
                self.integrated
                    .store(self.frontier.size(), Ordering::Relaxed);
                // The documents for the indexer, from the batch's first
                // record on (none when it made none).
                let first = records
                    .first()
                    .map_or(self.frontier.size(), |r| r.log_index);
                let _ = self.index_jobs.send(IndexJob::Committed {
                    first,
                    documents,
                    erased,
                    erased_documents,
                    size: self.frontier.size(),
                });
                count_batch(items.len(), &outcomes, records.len(), self.opened);
                if self.heads.len() + moved.len() > MAX_CACHED_HEADS {
                    self.heads.clear();
                }
                self.heads.extend(moved);
                if let Some(checkpoint) = checkpoint {
                    if let Err(e) = self.copy.append(&checkpoint) {
                        // Committed all the same; the failed line was cut back,
                        // and the copy lags until the next checkpoint, which
                        // covers this one (a start accepts the lag: a
                        // consistency proof from the copy's last).
                        tracing::error!(error = %e, path = %self.copy.path().display(), tree_size = checkpoint.tree_size, "cannot write the checkpoint copy; the next checkpoint is written in its place");
                    }
                    let checkpoint = Arc::new(checkpoint);
                    self.publish.send_if_modified(|current| {
                        let newer = checkpoint.tree_size > current.tree_size;
                        if newer {
                            *current = checkpoint.clone();
                        }
                        newer
                    });
                }
                Ok(answers(outcomes, records))
            }
            Err(e) => {
                // Nothing half-written: whatever the failure, the transaction goes.
                self.storage.rollback().await;
                Err(e)
            }
        }
    }

    /// A commit that failed may have taken effect (the connection was lost
    /// after the database committed, before its answer came): the outcome is
    /// learned before anyone is answered. Ok when the batch is in the log
    /// (its appends are answered as committed); otherwise the batch's error,
    /// which says whether nothing of it was written or that is unknown.
    async fn settle_commit(
        &mut self,
        failed: &StoreError,
        records: &[Record],
    ) -> Result<(), BatchError> {
        let Some(first) = records.first() else {
            // Replays and purges only: nothing of the log to look for.
            return Err(BatchError::Batch(StoreError::Unavailable(format!(
                "the commit did not complete ({failed}); nothing was written"
            ))));
        };
        match self.storage.landed(first.log_index, &first.hash).await {
            Ok(true) => {
                tracing::warn!(
                    error = %failed,
                    log_index = first.log_index,
                    records = records.len(),
                    "the commit's answer was lost, but the batch is in the log (read again after \
                     the commit's transaction ended): its appends are answered as written"
                );
                Ok(())
            }
            Ok(false) => Err(BatchError::Batch(StoreError::Unavailable(format!(
                "the commit did not complete ({failed}); nothing of the batch was written \
                 (read again after the commit's transaction ended)"
            )))),
            Err(e) => Err(BatchError::Unknown(StoreError::Unavailable(format!(
                "the commit's outcome is unknown ({failed}; then {e}); retry with the same \
                 Idempotency-Key, which answers the record if it was written"
            )))),
        }
    }

    /// The stored log moved under this writer (docs/design.md §2). Adopted
    /// only on a database replicas share, and only as far as
    /// `domain::checkpoint::check_moved_log` allows (a checkpoint signed
    /// with the log's key covers every stored leaf); then the batch starts
    /// from that log and every cached head is forgotten, so the batch is
    /// planned on the database as it is. Otherwise the first log index no
    /// verified checkpoint covers, and why.
    /// Keeps a checkpoint this process read, verified and served in its
    /// checkpoint copy when it is newer than the copy's newest: after a
    /// restart it binds the process as one it signed does (a database
    /// behind it is refused at start).
    fn bind(&mut self, checkpoint: &SignedCheckpoint) {
        if checkpoint.tree_size <= self.bound.max(self.frontier.size()) {
            return;
        }
        match self.copy.append(checkpoint) {
            Ok(()) => self.bound = checkpoint.tree_size,
            Err(e) => {
                tracing::error!(error = %e, path = %self.copy.path().display(), tree_size = checkpoint.tree_size, "cannot write a served checkpoint to the checkpoint copy");
            }
        }
    }

    fn catch_up(&mut self, moved: Moved) -> Result<(), (u64, String)> {
        let known = self.frontier.size();
        let first_foreign = known.min(moved.size);
        if !self.shared {
            return Err((
                first_foreign,
                format!(
                    "the log's size is {}, not the {known} this writer signed, and no other \
                     process writes this database",
                    moved.size
                ),
            ));
        }
        check_moved_log(
            &MovedLog {
                known,
                size: moved.size,
                note: moved.note.as_deref(),
                root: moved
                    .frontier
                    .as_ref()
                    .map(Frontier::root)
                    .map_err(String::as_str),
            },
            self.signer.verifier_key(),
            &self.origin,
        )?;
        let frontier = moved.frontier.expect("its root was checked above");
        self.frontier = frontier;
        self.heads.clear();
        Ok(())
    }

    #[allow(clippy::type_complexity)]
    async fn write_in_transaction(
        &mut self,
        items: &[Item<'_>],
        atomic: &[Range<usize>],
    ) -> Result<
        (
            Vec<Outcome>,
            Vec<Record>,
            Option<SignedCheckpoint>,
            HashMap<String, ChainHead>,
            Frontier,
            Vec<SearchDocument>,
            (Vec<u64>, Vec<IndexRow>),
        ),
        BatchError,
    > {
        let since = Instant::now();
        // One reading for the batch: its expiry time, and the first new
        // record's timestamp (the next ones read the clock again).
        let (stamp, reading) = self.read_clock();
        let database_ms = self.storage.database_clock_ms();
        let now_ms = database_ms.unwrap_or(reading.expiry_ms);
        let tasks: Vec<&str> = {
            let mut tasks: Vec<&str> = items
                .iter()
                .map(|(draft, ..)| draft.authored.task_id.as_str())
                .filter(|t| !self.heads.contains_key(*t))
                .collect();
            tasks.sort_unstable();
            tasks.dedup();
            tasks
        };
        let idempotency: Vec<&Idempotency> = items.iter().filter_map(|(_, i, ..)| *i).collect();
        let wanted = Wanted {
            tasks: &tasks,
            idempotency: &idempotency,
            now_ms,
        };
        let loaded = self.storage.load(wanted).await.map_err(BatchError::Batch)?;
        // A key expires a TTL after the clock as read (never sooner, for any
        // replica), and no stored expiry is later than that.
        let ttl_ms = i64::try_from(self.idempotency_ttl.as_millis()).unwrap_or(i64::MAX);
        let expires_at = match database_ms {
            Some(ms) => ms.saturating_add(ttl_ms),
            None => reading.clock_ms.max(now_ms).saturating_add(ttl_ms),
        };
        let plan = self.plan(items, atomic, loaded, expires_at, stamp);
        self.busy.done(What::Plan, since);
        let plan = plan?;
        let since = Instant::now();
        let mut checkpoint = None;
        let mut records = Vec::new();
        let mut documents = Vec::new();
        let mut erased = Vec::new();
        let mut erased_documents = Vec::new();
        if let Some(batch) = &plan.batch {
            erased_documents = self.storage.write(batch).await?;
        }
        if Instant::now() >= self.next_purge {
            self.storage
                .purge_idempotency(now_ms, expires_at)
                .await
                .map_err(BatchError::Batch)?;
            self.next_purge = Instant::now() + self.seams.purge_every;
        }
        self.busy.done(What::Write, since);
        if let Some(batch) = plan.batch {
            checkpoint = Some(batch.checkpoint);
            records = batch.records;
            documents = batch.documents.into_iter().cloned().collect();
            erased = batch.erasures.iter().map(|e| e.log_index).collect();
        }
        Ok((
            plan.outcomes,
            records,
            checkpoint,
            plan.moved,
            plan.frontier,
            documents,
            (erased, erased_documents),
        ))
    }
}

/// The items of a batch's appends in order, and the ranges of them that are
/// appended all or none.
fn items_of(batch: &[Pending]) -> (Vec<Item<'_>>, Vec<Range<usize>>) {
    let mut items = Vec::with_capacity(batch.len());
    let mut atomic = Vec::new();
    for pending in batch {
        let start = items.len();
        items.extend(
            pending
                .drafts
                .iter()
                .map(|d| (&d.draft, d.idempotency.as_ref(), &d.search, &d.effects)),
        );
        if pending.atomic && pending.drafts.len() > 1 {
            atomic.push(start..items.len());
        }
    }
    (items, atomic)
}

/// What one committed batch adds to the writer's metrics (docs/design.md §10).
fn count_batch(appends: usize, outcomes: &[Outcome], appended: usize, opened: Instant) {
    let replays = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::Again(_) | Outcome::Stored(_)))
        .count();
    metrics::histogram!(APPEND_BATCH_SIZE).record(appends as f64);
    metrics::histogram!(APPEND_COMMIT_DURATION).record(opened.elapsed().as_secs_f64());
    metrics::counter!(RECORDS_APPENDED).increment(appended as u64);
    if replays > 0 {
        metrics::counter!(IDEMPOTENT_REPLAYS).increment(replays as u64);
    }
}
