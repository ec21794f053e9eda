//! The append path, the same for every backend (docs/design.md §4): a bounded
//! queue in front of one writer task; each batch of waiting appends is planned
//! in memory (chain heads, `seq`, `prev_hash`, timestamps, record hashes, the
//! Merkle frontier, the checkpoint to sign, idempotency decisions) and handed
//! to the backend to write in one transaction (group commit). A caller is
//! answered only after the commit that holds its record, and the checkpoint
//! that covers it is published first.
//!
//! - this file: the handle the store appends through, and the queue;
//! - `task`: the writer task, its batches and their transactions;
//! - `plan`: a batch planned in memory, and each caller's answer.
//!
//! What the writer does is counted where it happens (docs/design.md §10):
//! queue-full refusals here, batches, commits, appends and replays in `task`;
//! the queue's depth and the log's integrated size are read when scraped.

mod busy;
mod clock;
mod index;
mod plan;
mod task;

pub(crate) use index::{rebuild as rebuild_index, IndexProgress};

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use tokio::sync::{mpsc, oneshot, watch, Mutex, OwnedSemaphorePermit, Semaphore};

use super::backend::{BatchStorage, Effects, IndexStorage, SearchDocument};
use super::log::copy::CheckpointCopy;
use super::{
    Appended, CapabilitySnapshot, Idempotency, Seams, SignedCheckpoint, StoreConfig, StoreError,
};
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::Frontier;
use crate::domain::metrics::APPEND_QUEUE_FULL;
use crate::domain::NewRecord;
use task::{run, State};

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
    /// The budget's size: a batch larger than it is charged all of it, so it
    /// is queued when the queue is empty, never refused forever.
    queue_bytes: usize,
    /// Says when the writer has stopped; awaited once at close.
    stopped: Mutex<Option<oneshot::Receiver<()>>>,
    /// The indexer's queue (for searches with `fresh=true`); dropped at
    /// close, so that the indexer stops once the writer has.
    index_jobs: std::sync::Mutex<Option<mpsc::UnboundedSender<index::IndexJob>>>,
    /// Says when the indexer has stopped; awaited once at close.
    index_stopped: Mutex<Option<oneshot::Receiver<()>>>,
    /// The backend's search document of a draft (its content and canonical
    /// metadata), made before it is queued.
    search_document: fn(&str, Option<&str>) -> SearchDocument,
    /// The search index's progress, as the writer last learned it.
    index: Arc<IndexProgress>,
    /// The log's size as this writer last committed it (its frontier's), for
    /// `/metrics`; the writer task stores it after each commit.
    integrated: Arc<AtomicU64>,
    /// What the writer's watch over the system clock last found (`/readyz`).
    clock_notes: clock::ClockNotes,
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
    /// A checkpoint the store read, verified and served, kept in the copy
    /// (docs/design.md §2: it binds this process as one it signed does).
    Bind(Arc<SignedCheckpoint>),
    /// Witnesses' cosignature lines of one checkpoint (not part of the log).
    Cosignatures(
        u64,
        Vec<super::log::cosignatures::Cosignature>,
        oneshot::Sender<Result<(), StoreError>>,
    ),
    Shutdown,
}

/// One record to append, as the writer plans it.
struct Draft {
    draft: NewRecord,
    idempotency: Option<Idempotency>,
    /// Made on the caller's thread: the writer only writes it.
    search: SearchDocument,
    /// What this append (an erasure or hold record) does in its transaction.
    effects: Effects,
}

/// Appends waiting for the writer, sent together: one record, or a batch.
struct Pending {
    /// In the order they chain and join the log.
    drafts: Vec<Draft>,
    /// Whether the drafts are appended all or none (`POST /thoughts/batch`);
    /// otherwise each is refused or appended on its own (OTLP's spans).
    atomic: bool,
    /// One answer per draft, in their order.
    reply: oneshot::Sender<Vec<Result<Appended, StoreError>>>,
    /// Holds the appends' bytes in the queue's byte budget until they are answered.
    _permit: OwnedSemaphorePermit,
    /// When it was queued: its wait is counted when it is answered (`busy`).
    queued: Instant,
}

impl Pending {
    /// Answers every draft with `e`.
    fn refuse(self, e: &StoreError) {
        let answers = vec![Err(e.clone()); self.drafts.len()];
        let _ = self.reply.send(answers);
    }
}

impl Writer {
    /// Starts the writer task on `storage`, whose log was loaded as `frontier`
    /// with `latest` its newest checkpoint: on a thread of its own when
    /// `own_thread` (a backend whose calls block). Returns the handle and the
    /// channel on which every new checkpoint is published.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn start(
        storage: Box<dyn BatchStorage>,
        index_storage: Box<dyn IndexStorage>,
        search_document: fn(&str, Option<&str>) -> SearchDocument,
        frontier: Frontier,
        latest: SignedCheckpoint,
        signer: LogSigner,
        copy: CheckpointCopy,
        config: &StoreConfig,
        seams: Seams,
        own_thread: bool,
        shared: bool,
        newest_timestamp: Option<String>,
    ) -> Result<(Writer, watch::Receiver<Arc<SignedCheckpoint>>, Publisher), StoreError> {
        let (publish, published) = watch::channel(Arc::new(latest));
        let publish = Arc::new(publish);
        let (jobs, queue) = mpsc::channel(config.queue_capacity.max(1));
        let integrated = Arc::new(AtomicU64::new(frontier.size()));
        let clock_notes = clock::ClockNotes::default();
        let index = Arc::new(IndexProgress::default());
        let (index_jobs, index_queue) = mpsc::unbounded_channel();
        let indexing = index::IndexTask::new(
            index_storage,
            index::Indexer::new(config.search_refresh, index.clone()),
            search_document,
            integrated.clone(),
        );
        let state = State {
            integrated: integrated.clone(),
            opened: Instant::now(),
            storage,
            seams,
            frontier,
            signer,
            origin: config.origin.clone(),
            publish: publish.clone(),
            copy,
            bound: 0,
            heads: HashMap::new(),
            idempotency_ttl: config.idempotency_ttl,
            next_purge: Instant::now(),
            shared,
            altered: false,
            clock: Default::default(),
            started: Instant::now(),
            clock_notes: clock_notes.clone(),
            erasure_owed: false,
            index_jobs: index_jobs.clone(),
            index: index.clone(),
            busy: Default::default(),
        };
        // The clock is read now, not first at the first append: a step
        // ahead in between is watched like any other (docs/design.md §2).
        state.start_clock(newest_timestamp.as_deref());
        let (done, stopped) = oneshot::channel();
        let writing = async move {
            run(state, queue).await;
            let _ = done.send(());
        };
        let (index_done, index_stopped) = oneshot::channel();
        let indexing = async move {
            indexing.run(index_queue).await;
            let _ = index_done.send(());
        };
        // Linux keeps a thread's first 15 bytes as its name (`comm`): these
        // fit, so `top -H` and bench/run.sh tell them apart.
        spawn("trail-writer", writing, own_thread)?;
        spawn("trail-indexer", indexing, own_thread)?;
        let writer = Writer {
            jobs,
            queued_bytes: Arc::new(Semaphore::new(
                config.queue_bytes.clamp(1, u32::MAX as usize),
            )),
            queue_bytes: config.queue_bytes.clamp(1, u32::MAX as usize),
            stopped: Mutex::new(Some(stopped)),
            index_jobs: std::sync::Mutex::new(Some(index_jobs)),
            index_stopped: Mutex::new(Some(index_stopped)),
            search_document,
            index,
            integrated,
            clock_notes,
        };
        Ok((writer, published, publish))
    }

    /// Queues an append and waits for its answer; refuses at once with `Busy`
    /// when the queue is full in appends or bytes.
    pub(crate) async fn append(
        &self,
        draft: NewRecord,
        idempotency: Option<Idempotency>,
        effects: Effects,
    ) -> Result<Appended, StoreError> {
        let mut answers = self
            .append_group(vec![(draft, idempotency, effects)], false)
            .await?;
        answers.pop().expect("one answer per draft")
    }

    /// Queues appends as one job, planned in one writer batch in their order,
    /// and waits for their answers, one per draft. When `atomic`, one refused
    /// draft refuses them all and nothing of them is written.
    pub(crate) async fn append_group(
        &self,
        drafts: Vec<(NewRecord, Option<Idempotency>, Effects)>,
        atomic: bool,
    ) -> Result<Vec<Result<Appended, StoreError>>, StoreError> {
        let size: usize = drafts
            .iter()
            .map(|(draft, ..)| queued_size(draft))
            .sum::<usize>()
            .min(self.queue_bytes);
        let permit = self
            .queued_bytes
            .clone()
            .try_acquire_many_owned(u32::try_from(size).unwrap_or(u32::MAX))
            .map_err(|_| queue_full())?;
        let drafts = drafts
            .into_iter()
            .map(|(draft, idempotency, effects)| Draft {
                search: (self.search_document)(
                    &draft.authored.content,
                    draft.authored.metadata.as_ref().map(|m| m.canonical()),
                ),
                draft,
                idempotency,
                effects,
            })
            .collect();
        let (reply, answer) = oneshot::channel();
        self.jobs
            .try_send(Job::Append(Box::new(Pending {
                drafts,
                atomic,
                reply,
                _permit: permit,
                queued: Instant::now(),
            })))
            .map_err(refused_job)?;
        answer
            .await
            .map_err(|_| StoreError::Unavailable("the writer stopped before answering".into()))
    }

    /// Queues `job` without waiting for room, then waits for its answer.
    async fn ask<T>(
        &self,
        job: Job,
        answer: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        self.jobs.try_send(job).map_err(refused_job)?;
        answer
            .await
            .map_err(|_| StoreError::Unavailable("the writer stopped before answering".into()))?
    }

    /// Finishes the appends already queued, then stops the writer task,
    /// then the indexer (once it covers what the writer committed, for at
    /// most 2 s).
    pub(crate) async fn close(&self) {
        let _ = self.jobs.send(Job::Shutdown).await;
        if let Some(stopped) = self.stopped.lock().await.take() {
            let _ = stopped.await;
        }
        drop(self.index_jobs.lock().expect("not poisoned").take());
        if let Some(stopped) = self.index_stopped.lock().await.take() {
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
            .map_err(|_| queue_full())?;
        let (reply, answer) = oneshot::channel();
        self.ask(Job::Snapshot(snapshot, reply), answer).await
    }

    /// Jobs waiting in the queue now (appends, probes, snapshots).
    pub(crate) fn queue_depth(&self) -> usize {
        self.jobs.max_capacity() - self.jobs.capacity()
    }

    /// What the watch over the system clock found in the last hour, if
    /// anything (docs/design.md §2, "The clock").
    pub(crate) fn clock_note(&self) -> Option<String> {
        self.clock_notes
            .lock()
            .expect("not poisoned")
            .as_ref()
            .filter(|(_, at)| at.elapsed() < clock::CLOCK_NOTE_KEPT)
            .map(|(said, _)| said.clone())
    }

    /// The log's size as this writer last committed it.
    pub(crate) fn integrated_size(&self) -> u64 {
        self.integrated.load(Ordering::Relaxed)
    }

    /// Stores witnesses' cosignatures through the one write connection,
    /// queued behind the appends (a few lines a second at most).
    pub(crate) async fn put_cosignatures(
        &self,
        tree_size: u64,
        lines: Vec<super::log::cosignatures::Cosignature>,
    ) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Job::Cosignatures(tree_size, lines, reply), answer)
            .await
    }

    /// Brings the search index up to the log as stored (for at most 2 s):
    /// the log size it then covers.
    pub(crate) async fn refresh_index(&self) -> Result<u64, StoreError> {
        let (reply, answer) = oneshot::channel();
        let sent = match self.index_jobs.lock().expect("not poisoned").as_ref() {
            Some(jobs) => jobs.send(index::IndexJob::Refresh(reply)).is_ok(),
            None => false,
        };
        if !sent {
            return Err(StoreError::Unavailable("the indexer has stopped".into()));
        }
        answer
            .await
            .map_err(|_| StoreError::Unavailable("the indexer stopped before answering".into()))?
    }

    /// The search index's progress as the writer last learned it.
    pub(crate) fn index_progress(&self) -> &IndexProgress {
        &self.index
    }

    /// Keeps a checkpoint the store served in the checkpoint copy; never
    /// waits (a full queue skips it: the next one covers it).
    pub(crate) fn bind(&self, checkpoint: Arc<SignedCheckpoint>) {
        let _ = self.jobs.try_send(Job::Bind(checkpoint));
    }

    /// Whether an append could commit now: the writer runs and its
    /// connection takes the write lock on a disk with room. Asked of the
    /// writer itself, behind the appends already queued.
    pub(crate) async fn probe(&self) -> Result<(), StoreError> {
        let (reply, answer) = oneshot::channel();
        self.ask(Job::Probe(reply), answer).await
    }
}

/// Runs `work` on a thread of its own named `name` when `own_thread` (a
/// backend whose calls block: they must not hold a worker that serves
/// HTTP), with a runtime of its own for its few awaits; otherwise as a task.
fn spawn(
    name: &str,
    work: impl std::future::Future<Output = ()> + Send + 'static,
    own_thread: bool,
) -> Result<(), StoreError> {
    if !own_thread {
        tokio::spawn(work);
        return Ok(());
    }
    let cannot = |e: std::io::Error| StoreError::Internal(format!("cannot start {name}: {e}"));
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(cannot)?;
    std::thread::Builder::new()
        .name(name.into())
        .spawn(move || runtime.block_on(work))
        .map_err(cannot)?;
    Ok(())
}

/// What an append is charged in the queue's byte budget.
fn queued_size(draft: &NewRecord) -> usize {
    draft.authored.content.len()
        + draft.authored.task_id.len()
        + draft.authored.agent_id.len()
        + draft
            .authored
            .metadata
            .as_ref()
            .map_or(0, |m| m.canonical().len())
        + draft.authored.capabilities.as_ref().map_or(0, |_| 240)
        + 256
}

/// Why a job could not be queued.
fn refused_job<T>(e: mpsc::error::TrySendError<T>) -> StoreError {
    match e {
        mpsc::error::TrySendError::Full(_) => queue_full(),
        mpsc::error::TrySendError::Closed(_) => {
            StoreError::Unavailable("the writer has stopped".into())
        }
    }
}

/// The refusal of a full queue (in jobs or bytes), counted.
fn queue_full() -> StoreError {
    metrics::counter!(APPEND_QUEUE_FULL).increment(1);
    StoreError::Busy("the append queue is full".into())
}
