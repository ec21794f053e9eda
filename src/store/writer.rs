//! The append path, the same for every backend (docs/design.md §4): a bounded
//! queue in front of one writer task; each batch of waiting appends is planned
//! in memory (chain heads, `seq`, `prev_hash`, timestamps, record hashes, the
//! Merkle frontier, the checkpoint to sign, idempotency decisions) and handed
//! to the backend to write in one transaction (group commit). A caller is
//! answered only after the commit that holds its record, and the checkpoint
//! that covers it is published first.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::sync::{mpsc, oneshot, watch, Mutex, OwnedSemaphorePermit, Semaphore};

use super::backend::{BatchError, BatchStorage, Loaded, PlannedBatch, SearchDocument};
use super::checkpoint_copy::CheckpointCopy;
use super::{
    Appended, CapabilitySnapshot, IdempotencyClaim, Seams, SignedCheckpoint, StoreConfig,
    StoreError,
};
use crate::domain::chain::{self, ChainHead};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{leaf_data, Frontier};
use crate::domain::{NewRecord, Record};

/// Most appends committed in one transaction.
const MAX_BATCH: usize = 1024;

/// Chain heads the writer keeps; past this the cache starts over (a miss costs
/// one indexed read).
const MAX_CACHED_HEADS: usize = 100_000;

/// Expired idempotency keys are deleted at most this often (in a write
/// transaction anyway).
const PURGE_EVERY: Duration = Duration::from_secs(60);

/// Where new checkpoints are published: shared by the writer and the store
/// (which publishes one another replica signed); each publishes only a
/// larger tree.
pub(crate) type Publisher = Arc<watch::Sender<Arc<SignedCheckpoint>>>;

/// The handle the store appends through.
pub(crate) struct Writer {
    /// The queue; bounded in appends by the channel.
    jobs: mpsc::Sender<Job>,
    /// Bytes of appends queued; with the channel's bound, what keeps the queue
    /// from growing without limit.
    queued_bytes: Arc<Semaphore>,
    /// Says when the writer has stopped; awaited once at close.
    stopped: Mutex<Option<oneshot::Receiver<()>>>,
    /// The backend's search document of a draft, made before it is queued.
    search_document: fn(&NewRecord) -> SearchDocument,
}

enum Job {
    Append(Box<Pending>),
    /// Readiness: could an append commit now?
    Probe(oneshot::Sender<Result<(), StoreError>>),
    /// A capability snapshot for the registry (not part of the log).
    Snapshot(
        CapabilitySnapshot,
        oneshot::Sender<Result<(CapabilitySnapshot, bool), StoreError>>,
    ),
    Shutdown,
}

/// An append waiting for the writer.
struct Pending {
    draft: NewRecord,
    claim: Option<IdempotencyClaim>,
    /// Made on the caller's thread: the writer only writes it.
    search: SearchDocument,
    reply: oneshot::Sender<Result<Appended, StoreError>>,
    /// Holds this append's bytes in the queue's byte budget until it is answered.
    _permit: OwnedSemaphorePermit,
}

impl Writer {
    /// Starts the writer task on `storage`, whose log was loaded as `frontier`
    /// with `latest` its newest checkpoint: on a thread of its own when
    /// `own_thread` (a backend whose calls block). Returns the handle and the
    /// channel on which every new checkpoint is published.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start(
        storage: Box<dyn BatchStorage>,
        search_document: fn(&NewRecord) -> SearchDocument,
        frontier: Frontier,
        latest: SignedCheckpoint,
        signer: LogSigner,
        copy: CheckpointCopy,
        config: &StoreConfig,
        seams: Seams,
        own_thread: bool,
    ) -> Result<(Writer, watch::Receiver<Arc<SignedCheckpoint>>, Publisher), StoreError> {
        let (publish, published) = watch::channel(Arc::new(latest));
        let publish = Arc::new(publish);
        let (jobs, queue) = mpsc::channel(config.queue_capacity.max(1));
        let state = State {
            storage,
            seams,
            frontier,
            signer,
            origin: config.origin.clone(),
            publish: publish.clone(),
            copy,
            heads: HashMap::new(),
            claims_ttl: config.idempotency_ttl,
            next_purge: Instant::now(),
        };
        let (done, stopped) = oneshot::channel();
        let writing = async move {
            run(state, queue).await;
            let _ = done.send(());
        };
        if own_thread {
            // A runtime of its own for the writer's few awaits (the queue,
            // replies): its storage calls block this thread, not a worker
            // that serves HTTP.
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .map_err(|e| StoreError::Internal(format!("cannot start the writer: {e}")))?;
            std::thread::Builder::new()
                .name("decision-trail-writer".into())
                .spawn(move || runtime.block_on(writing))
                .map_err(|e| StoreError::Internal(format!("cannot start the writer: {e}")))?;
        } else {
            tokio::spawn(writing);
        }
        let writer = Writer {
            jobs,
            queued_bytes: Arc::new(Semaphore::new(
                config.queue_bytes.clamp(1, u32::MAX as usize),
            )),
            stopped: Mutex::new(Some(stopped)),
            search_document,
        };
        Ok((writer, published, publish))
    }

    /// Queues an append and waits for its answer; refuses at once with `Busy`
    /// when the queue is full in appends or bytes.
    pub(crate) async fn append(
        &self,
        draft: NewRecord,
        claim: Option<IdempotencyClaim>,
    ) -> Result<Appended, StoreError> {
        let size = draft.content.len()
            + draft.task_id.len()
            + draft.agent_id.len()
            + draft.metadata.as_ref().map_or(0, |m| m.canonical().len())
            + draft.capabilities.as_ref().map_or(0, |_| 240)
            + 256;
        let permit = self
            .queued_bytes
            .clone()
            .try_acquire_many_owned(u32::try_from(size).unwrap_or(u32::MAX))
            .map_err(|_| StoreError::Busy("the append queue is full".into()))?;
        let search = (self.search_document)(&draft);
        let (reply, answer) = oneshot::channel();
        self.ask(
            Job::Append(Box::new(Pending {
                draft,
                claim,
                search,
                reply,
                _permit: permit,
            })),
            answer,
        )
        .await
    }

    /// Queues `job` without waiting for room, then waits for its answer.
    async fn ask<T>(
        &self,
        job: Job,
        answer: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs.try_send(job).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                StoreError::Busy("the append queue is full".into())
            }
            mpsc::error::TrySendError::Closed(_) => {
                StoreError::Unavailable("the writer has stopped".into())
            }
        })?;
        answer
            .await
            .map_err(|_| StoreError::Unavailable("the writer stopped before answering".into()))?
    }

    /// Finishes the appends already queued, then stops the writer task.
    pub(crate) async fn close(&self) {
        let _ = self.jobs.send(Job::Shutdown).await;
        if let Some(stopped) = self.stopped.lock().await.take() {
            let _ = stopped.await;
        }
    }

    /// Stores a capability snapshot through the one write connection.
    pub(crate) async fn put_snapshot(
        &self,
        snapshot: CapabilitySnapshot,
    ) -> Result<(CapabilitySnapshot, bool), StoreError> {
        // A snapshot waits in the same queue as appends: it is charged to the
        // same byte budget, so snapshots cannot crowd appends out unbounded.
        let size = snapshot.canonical.len() + snapshot.trace.len() + 256;
        let _permit = self
            .queued_bytes
            .clone()
            .try_acquire_many_owned(u32::try_from(size).unwrap_or(u32::MAX))
            .map_err(|_| StoreError::Busy("the append queue is full".into()))?;
        let (reply, answer) = oneshot::channel();
        self.ask(Job::Snapshot(snapshot, reply), answer).await
    }

    /// Whether an append could commit now: the writer runs and its
    /// connection takes the write lock on a disk with room. Asked of the
    /// writer itself, behind the appends already queued.
    pub(crate) async fn probe(&self) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Job::Probe(reply), answer).await
    }
}

/// What the writer task keeps between batches.
struct State {
    storage: Box<dyn BatchStorage>,
    seams: Seams,
    /// The log as committed: O(log n) hashes.
    frontier: Frontier,
    signer: LogSigner,
    /// The checkpoint's first line.
    origin: String,
    /// Shared with the store ([`Publisher`]).
    publish: Publisher,
    /// Every checkpoint is also written here, after its commit.
    copy: CheckpointCopy,
    /// Chain heads as committed, so that an append to a busy task reads nothing.
    heads: HashMap<String, ChainHead>,
    claims_ttl: Duration,
    next_purge: Instant,
}

async fn run(mut state: State, mut queue: mpsc::Receiver<Job>) {
    let mut stopping = false;
    while !stopping {
        let Some(first) = queue.recv().await else {
            break;
        };
        // Group commit: everything already waiting joins this transaction.
        // The transaction is opened at the first append, before the queue is
        // drained: on a shared database it waits there for the log's lock,
        // and the appends that arrive meanwhile join this batch instead of
        // waiting for the next turn at the lock.
        let mut batch = Vec::new();
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
                    batch.push(*pending);
                }
                Job::Shutdown => {
                    stopping = true;
                    break;
                }
                other if begun.is_some() => later.push(other),
                other => state.run_job(other).await,
            }
            if batch.len() < MAX_BATCH {
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
            let _ = pending.reply.send(Err(StoreError::Unavailable(
                "the service is shutting down".into(),
            )));
        }
    }
    state.storage.close().await;
}

/// What became of one append of a batch.
enum Outcome {
    /// A new record: the batch's `records[i]`.
    New(usize),
    /// A retry of an append earlier in the batch (same key and request).
    Again(usize),
    /// A retry of an append committed before (boxed: a record is large).
    Stored(Box<Record>),
    /// Refused on its own (a moved head, a reused key); the batch goes on.
    Refused(StoreError),
}

/// An idempotency key seen in this batch or found stored: what it created.
enum Earlier {
    Index(usize),
    Stored(Box<Record>),
}

/// A batch planned in memory, and what takes effect once it is committed.
struct Plan<'a> {
    /// None when no append of the batch makes a new record.
    batch: Option<PlannedBatch<'a>>,
    outcomes: Vec<Outcome>,
    /// The heads the batch moves.
    moved: HashMap<String, ChainHead>,
    frontier: Frontier,
}

type Item<'a> = (
    &'a NewRecord,
    Option<&'a IdempotencyClaim>,
    &'a SearchDocument,
);

impl State {
    /// Answers every caller of a batch, after the commit that holds its record.
    /// If one record is refused by the database the batch is retried one record
    /// per transaction, so each caller gets its own answer.
    async fn commit_batch(&mut self, batch: Vec<Pending>, begun: Result<(), BatchError>) {
        let items: Vec<Item<'_>> = batch
            .iter()
            .map(|p| (&p.draft, p.claim.as_ref(), &p.search))
            .collect();
        let written = match begun {
            Ok(()) => self.finish_batch(&items).await,
            Err(e) => {
                self.storage.rollback().await;
                Err(e)
            }
        };
        match written {
            Ok(answers) => {
                for (pending, answer) in batch.into_iter().zip(answers) {
                    // The caller may have gone away; the record is committed regardless.
                    let _ = pending.reply.send(answer);
                }
            }
            Err(BatchError::Record(_)) if batch.len() > 1 => {
                // A refused record may mean a head moved under this writer:
                // each retry reads its head again.
                self.heads.clear();
                for pending in batch {
                    let result = self
                        .write_batch(&[(&pending.draft, pending.claim.as_ref(), &pending.search)])
                        .await
                        .map_err(|e| match e {
                            BatchError::Record(e) | BatchError::Batch(e) => e,
                        })
                        .and_then(|mut answers| answers.remove(0));
                    if let Err(e) = &result {
                        tracing::warn!(error = %e, "append refused");
                    }
                    let _ = pending.reply.send(result);
                }
            }
            Err(BatchError::Record(e) | BatchError::Batch(e)) => {
                tracing::warn!(error = %e, appends = batch.len(), "batch failed; nothing of it was written");
                for pending in batch {
                    let _ = pending.reply.send(Err(e.clone()));
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
    ) -> Result<Vec<Result<Appended, StoreError>>, BatchError> {
        if let Err(e) = self.begin().await {
            self.storage.rollback().await;
            return Err(e);
        }
        self.finish_batch(items).await
    }

    /// Opens a batch's transaction; when another writer moved the log, the
    /// batch starts from the log as committed ([`State::catch_up`]).
    async fn begin(&mut self) -> Result<(), BatchError> {
        let moved = self
            .storage
            .begin(&self.frontier)
            .await
            .map_err(BatchError::Batch)?;
        if let Some(frontier) = moved {
            self.catch_up(frontier)?;
        }
        Ok(())
    }

    /// A probe or a snapshot, between transactions.
    async fn run_job(&mut self, job: Job) {
        match job {
            Job::Probe(reply) => {
                let _ = reply.send(self.storage.probe().await);
            }
            Job::Snapshot(snapshot, reply) => {
                let _ = reply.send(self.storage.put_snapshot(&snapshot).await);
            }
            Job::Append(_) | Job::Shutdown => unreachable!("appends and shutdown are the loop's"),
        }
    }

    /// The rest of a batch in its open transaction: plan, write, commit.
    async fn finish_batch(
        &mut self,
        items: &[Item<'_>],
    ) -> Result<Vec<Result<Appended, StoreError>>, BatchError> {
        match self.write_in_transaction(items).await {
            Ok((outcomes, records, checkpoint, moved, frontier)) => {
                if let Err(e) = self.storage.commit().await {
                    self.storage.rollback().await;
                    return Err(BatchError::Batch(StoreError::Unavailable(format!(
                        "the commit did not complete ({e}); retry with the same \
                         Idempotency-Key, which answers the record if it was written"
                    ))));
                }
                self.frontier = frontier;
                if self.heads.len() + moved.len() > MAX_CACHED_HEADS {
                    self.heads.clear();
                }
                self.heads.extend(moved);
                if let Some(checkpoint) = checkpoint {
                    if let Err(e) = self.copy.append(&checkpoint) {
                        // Committed all the same; the copy lags, which the next
                        // start accepts (a consistency proof from its last).
                        tracing::error!(error = %e, path = %self.copy.path().display(), "cannot write the checkpoint copy");
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

    /// Another writer (a replica on the same database) appended since this
    /// one's last batch: the batch starts from the log's frontier as
    /// committed, and every cached head is forgotten, so the batch is
    /// planned on the database as it is (docs/design.md §4).
    fn catch_up(&mut self, frontier: Frontier) -> Result<(), BatchError> {
        if frontier.size() < self.frontier.size() {
            return Err(BatchError::Batch(StoreError::Internal(format!(
                "the log shrank under the writer (size {}, was {})",
                frontier.size(),
                self.frontier.size()
            ))));
        }
        self.frontier = frontier;
        self.heads.clear();
        Ok(())
    }

    #[allow(clippy::type_complexity)]
    async fn write_in_transaction(
        &mut self,
        items: &[Item<'_>],
    ) -> Result<
        (
            Vec<Outcome>,
            Vec<Record>,
            Option<SignedCheckpoint>,
            HashMap<String, ChainHead>,
            Frontier,
        ),
        BatchError,
    > {
        let now = SystemTime::now();
        let now_ms = unix_millis(now);
        let tasks: Vec<&str> = {
            let mut tasks: Vec<&str> = items
                .iter()
                .map(|(draft, _, _)| draft.task_id.as_str())
                .filter(|t| !self.heads.contains_key(*t))
                .collect();
            tasks.sort_unstable();
            tasks.dedup();
            tasks
        };
        let claims: Vec<&IdempotencyClaim> = items.iter().filter_map(|(_, c, _)| *c).collect();
        let loaded = self
            .storage
            .load(&tasks, &claims, now_ms)
            .await
            .map_err(BatchError::Batch)?;
        let expires_at = unix_millis(now + self.claims_ttl);
        let plan = self.plan(items, loaded, expires_at)?;
        let mut checkpoint = None;
        let mut records = Vec::new();
        if let Some(batch) = &plan.batch {
            self.storage.write(batch).await?;
        }
        if Instant::now() >= self.next_purge {
            self.storage
                .purge_claims(now_ms)
                .await
                .map_err(BatchError::Batch)?;
            self.next_purge = Instant::now() + PURGE_EVERY;
        }
        if let Some(batch) = plan.batch {
            checkpoint = Some(batch.checkpoint);
            records = batch.records;
        }
        Ok((
            plan.outcomes,
            records,
            checkpoint,
            plan.moved,
            plan.frontier,
        ))
    }

    /// Plans a batch in memory: each append is a retry (same key, same
    /// request), a refusal (reused key, moved head) or a new record chained on
    /// its head and added to the log; the checkpoint of the result is signed.
    fn plan<'a>(
        &self,
        items: &[Item<'a>],
        mut loaded: Loaded,
        claims_expire_at: i64,
    ) -> Result<Plan<'a>, BatchError> {
        let mut frontier = self.frontier.clone();
        let mut moved: HashMap<String, ChainHead> = HashMap::new();
        let mut records: Vec<Record> = Vec::with_capacity(items.len());
        let mut documents = Vec::with_capacity(items.len());
        let mut outcomes = Vec::with_capacity(items.len());
        let mut log_hashes = Vec::with_capacity(items.len() * 2);
        let mut seen: HashMap<(String, String), (String, Earlier)> = HashMap::new();
        let mut new_claims: Vec<(&IdempotencyClaim, usize)> = Vec::new();
        for (draft, claim, search) in items {
            if let Some(claim) = claim {
                let id = (claim.owner.clone(), claim.idempotency_key.clone());
                if !seen.contains_key(&id) {
                    if let Some((fingerprint, record)) = loaded.claims.remove(&id) {
                        seen.insert(id.clone(), (fingerprint, Earlier::Stored(Box::new(record))));
                    }
                }
                if let Some((fingerprint, earlier)) = seen.get(&id) {
                    // The same key is a retry only for the same request.
                    outcomes.push(if *fingerprint != claim.fingerprint {
                        Outcome::Refused(StoreError::IdempotencyKeyReused {
                            idempotency_key: claim.idempotency_key.clone(),
                        })
                    } else {
                        match earlier {
                            Earlier::Index(i) => Outcome::Again(*i),
                            Earlier::Stored(r) => Outcome::Stored(r.clone()),
                        }
                    });
                    continue;
                }
            }
            let head = moved
                .get(&draft.task_id)
                .or_else(|| self.heads.get(&draft.task_id))
                .or_else(|| loaded.heads.get(&draft.task_id));
            if let Err((head_hash, length)) = chain::check_expected_head(draft, head) {
                outcomes.push(Outcome::Refused(StoreError::HeadMoved {
                    task_id: draft.task_id.clone(),
                    head_hash,
                    length,
                }));
                continue;
            }
            let record = chain::link(
                (*draft).clone(),
                head,
                frontier.size(),
                (self.seams.new_id)(),
                (self.seams.now)(),
            );
            log_hashes.extend(frontier.append(&leaf_data(&record.agent_id, &record.hash)));
            moved.insert(record.task_id.clone(), ChainHead::after(&record));
            if let Some(claim) = claim {
                seen.insert(
                    (claim.owner.clone(), claim.idempotency_key.clone()),
                    (claim.fingerprint.clone(), Earlier::Index(records.len())),
                );
                new_claims.push((claim, records.len()));
            }
            outcomes.push(Outcome::New(records.len()));
            records.push(record);
            documents.push(*search);
        }
        let batch = (!records.is_empty()).then(|| PlannedBatch {
            records,
            documents,
            log_hashes,
            claims: new_claims,
            claims_expire_at,
            checkpoint: SignedCheckpoint::sign(&frontier, &self.signer, &self.origin),
        });
        Ok(Plan {
            batch,
            outcomes,
            moved,
            frontier,
        })
    }
}

/// Each new record goes to its caller; retries within the batch get a copy.
/// A retry comes after the append it repeats, so walking backwards copies each
/// record before it is moved out.
fn answers(outcomes: Vec<Outcome>, records: Vec<Record>) -> Vec<Result<Appended, StoreError>> {
    let mut records: Vec<Option<Record>> = records.into_iter().map(Some).collect();
    let mut answers: Vec<Result<Appended, StoreError>> = outcomes
        .into_iter()
        .rev()
        .map(|o| match o {
            Outcome::New(i) => Ok(Appended {
                record: records[i].take().expect("a record is moved out once"),
                replayed: false,
            }),
            Outcome::Again(i) => Ok(Appended {
                record: records[i].clone().expect("a retry comes after its record"),
                replayed: true,
            }),
            Outcome::Stored(record) => Ok(Appended {
                record: *record,
                replayed: true,
            }),
            Outcome::Refused(e) => Err(e),
        })
        .collect();
    answers.reverse();
    answers
}

fn unix_millis(t: SystemTime) -> i64 {
    t.duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}
