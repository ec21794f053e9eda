//! The search indexer (docs/design.md §7): the index follows the log in
//! transactions of its own, on a connection of its own (SQLite: a file of
//! its own), run by a task of its own after the appends they hold were
//! acknowledged: nothing of it is on the writer's path. Each step indexes up to
//! [`STEP_RECORDS`] records from the stored progress on: those this writer
//! committed from the documents their requests made, any other (a
//! restart's backlog, another replica's records) from the stored record.
//! The progress is stored with the rows, so a crash loses nothing the log
//! holds: the next step starts where the last commit left it.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::task::State;
use crate::domain::metrics::{BACKGROUND_BUSY, SEARCH_INDEXED};
use crate::store::backend::{IndexRow, IndexStorage, SearchDocument};

/// A document's bytes of text.
fn text_bytes(d: &SearchDocument) -> usize {
    d.content.len() + d.metadata.as_ref().map_or(0, String::len)
}
use crate::store::StoreError;

/// Most records one indexing transaction adds.
pub(super) const STEP_RECORDS: u64 = 5_000;

/// How long `Refresh` (a search with `fresh=true`) may index before it
/// answers what it reached.
const REFRESH_FOR: Duration = Duration::from_secs(2);

/// Documents kept for records committed but not indexed yet, and their
/// bytes of text; past either the indexer reads the rest back from the
/// records.
const KEPT_DOCUMENTS: usize = 200_000;
const KEPT_BYTES: usize = 64 * 1024 * 1024;

/// Records written empty that the indexer remembers.
const KEPT_EMPTIED: usize = 100_000;

/// The shortest interval between steps (a `--search-refresh` of 0 would
/// retry a failing step without pause).
const LEAST_EVERY: Duration = Duration::from_millis(10);

/// What the indexer keeps between steps.
pub(super) struct Indexer {
    /// Documents of records this writer committed, in log order, not yet
    /// indexed (with gaps where another replica appended).
    pub(super) documents: VecDeque<IndexRow>,
    /// Their bytes of text.
    kept_bytes: usize,
    /// When each of this writer's commits since the index last caught up
    /// took the log to its size: the oldest not yet indexed says the lag in
    /// seconds.
    pub(super) commits: VecDeque<(u64, Instant)>,
    /// How often the index follows the log (`--search-refresh`).
    pub(super) every: Duration,
    /// When the last step ran.
    pub(super) last: Option<Instant>,
    /// The index was emptied to be built again from the records: once it
    /// covers the log it is trusted again.
    pub(super) rebuilding: bool,
    /// Shared with the store (`/search`, `/metrics`, `/readyz`).
    pub(super) shared: Arc<IndexProgress>,
}

/// The index's progress as the writer last learned it.
#[derive(Debug, Default)]
pub(crate) struct IndexProgress {
    /// The log size the index covers (as of the last step; the database's
    /// row is the truth).
    pub(crate) indexed: AtomicU64,
    /// Whether a step has run: until then `indexed` is not known.
    pub(crate) known: std::sync::atomic::AtomicBool,
    /// When the oldest record this writer committed and the index does not
    /// cover was committed, in ms of the writer's running time; `u64::MAX`
    /// when none.
    pub(crate) behind_since_ms: AtomicU64,
    /// Why the last step failed, when it did (`/readyz`).
    pub(crate) failed: Mutex<Option<String>>,
    /// Why the index is not trusted, when it is not: its progress or its
    /// rows are not what an indexer wrote (docs/design.md §7). Searches and
    /// `/readyz` refuse until the index built again from the records
    /// covers the log.
    pub(crate) altered: Mutex<Option<String>>,
    /// A search found the index altered: the next step builds it again.
    pub(crate) rebuild: std::sync::atomic::AtomicBool,
    /// Wakes a writer waiting for appends when a search asks for a rebuild.
    pub(crate) wake: tokio::sync::Notify,
    /// The writer's running time's origin, for `behind_since_ms`.
    pub(crate) started: std::sync::OnceLock<Instant>,
}

impl IndexProgress {
    /// Why the index is not trusted, when it is not.
    pub(crate) fn altered(&self) -> Option<String> {
        self.altered.lock().expect("not poisoned").clone()
    }

    /// The index was found altered (`table`: its progress or its rows):
    /// said at ERROR and counted once until it is rebuilt, and built again
    /// from the records by the indexer's next step.
    pub(crate) fn found_altered(&self, table: &'static str, why: String) {
        let mut altered = self.altered.lock().expect("not poisoned");
        if altered.is_none() {
            tracing::error!(%why, "SECURITY: the search index is not what the service wrote (the database was altered): searches are refused while it is built again from the records; run `decision-trail fsck` to see what else was changed");
            crate::store::rows_refused(table, 1);
            *altered = Some(why);
        }
        self.rebuild.store(true, Ordering::Relaxed);
        self.wake.notify_one();
    }

    /// How far behind the log the index is: records this writer knows of,
    /// and seconds since the oldest of them was committed.
    pub(crate) fn lag(&self, log_size: u64) -> (u64, f64) {
        if !self.known.load(Ordering::Relaxed) {
            // Not learned yet: the first step runs at start.
            return (0, 0.0);
        }
        let records = log_size.saturating_sub(self.indexed.load(Ordering::Relaxed));
        let since = self.behind_since_ms.load(Ordering::Relaxed);
        let seconds = match (since, self.started.get()) {
            (u64::MAX, _) | (_, None) => 0.0,
            (since, Some(origin)) => {
                let now = u64::try_from(origin.elapsed().as_millis()).unwrap_or(u64::MAX);
                now.saturating_sub(since) as f64 / 1000.0
            }
        };
        (records, if records == 0 { 0.0 } else { seconds })
    }
}

impl Indexer {
    pub(super) fn new(every: Duration, shared: Arc<IndexProgress>) -> Indexer {
        let _ = shared.started.set(Instant::now());
        shared.behind_since_ms.store(u64::MAX, Ordering::Relaxed);
        Indexer {
            documents: VecDeque::new(),
            kept_bytes: 0,
            commits: VecDeque::new(),
            every: every.max(LEAST_EVERY),
            last: None,
            rebuilding: false,
            shared,
        }
    }

    /// After a commit that took the log to `size`: the documents of its new
    /// records (`first` on), and the records it erased, whose documents, if
    /// still kept, are emptied (their words must not reach the index).
    pub(super) fn committed(
        &mut self,
        first: u64,
        documents: Vec<SearchDocument>,
        erased: &[u64],
        size: u64,
    ) {
        for at in erased {
            if let Some((_, d)) = self.documents.iter_mut().find(|(i, _)| i == at) {
                self.kept_bytes -= text_bytes(d);
                *d = SearchDocument {
                    content: String::new(),
                    metadata: None,
                };
            }
        }
        let bytes: usize = documents.iter().map(text_bytes).sum();
        if self.documents.len() + documents.len() <= KEPT_DOCUMENTS
            && self.kept_bytes + bytes <= KEPT_BYTES
        {
            self.kept_bytes += bytes;
            self.documents.extend((first..).zip(documents));
        }
        if size > first && self.commits.len() < KEPT_DOCUMENTS {
            let now = Instant::now();
            if self.commits.is_empty() {
                self.shared
                    .behind_since_ms
                    .store(self.running_ms(now), Ordering::Relaxed);
            }
            self.commits.push_back((size, now));
        }
    }

    /// Whether the index may be behind the log this writer knows (or is to
    /// be built again).
    pub(super) fn behind(&self, log_size: u64) -> bool {
        !self.shared.known.load(Ordering::Relaxed)
            || self.shared.indexed.load(Ordering::Relaxed) < log_size
            || self.shared.rebuild.load(Ordering::Relaxed)
    }

    /// How long until a step is due (when the index is behind).
    pub(super) fn until_due(&self) -> Duration {
        self.last
            .map_or(Duration::ZERO, |t| self.every.saturating_sub(t.elapsed()))
    }

    fn running_ms(&self, at: Instant) -> u64 {
        let origin = *self.shared.started.get().expect("set at start");
        u64::try_from(at.saturating_duration_since(origin).as_millis()).unwrap_or(u64::MAX)
    }

    /// Forgets the kept documents: the indexer reads those records back.
    pub(super) fn forget(&mut self) {
        self.documents.clear();
        self.kept_bytes = 0;
    }

    /// The index covers the log up to `indexed`: what it kept for less goes.
    fn reached(&mut self, indexed: u64) {
        while self.documents.front().is_some_and(|(i, _)| *i < indexed) {
            if let Some((_, d)) = self.documents.pop_front() {
                self.kept_bytes -= text_bytes(&d);
            }
        }
        while self
            .commits
            .front()
            .is_some_and(|(size, _)| *size <= indexed)
        {
            self.commits.pop_front();
        }
        let since = match self.commits.front() {
            Some((_, at)) => self.running_ms(*at),
            None => u64::MAX,
        };
        self.shared.behind_since_ms.store(since, Ordering::Relaxed);
        self.shared.indexed.store(indexed, Ordering::Relaxed);
        self.shared.known.store(true, Ordering::Relaxed);
    }

    /// The longest run of kept documents from `from` on, at most `most`.
    fn take_from(&mut self, from: u64, most: u64) -> Vec<IndexRow> {
        let run = self
            .documents
            .iter()
            .take(most as usize)
            .enumerate()
            .take_while(|(k, (i, _))| *i == from + *k as u64)
            .count();
        let taken: Vec<_> = self.documents.drain(..run).collect();
        self.kept_bytes -= taken.iter().map(|(_, d)| text_bytes(d)).sum::<usize>();
        taken
    }
}

/// What the writer tells the indexer, and a search asks of it.
pub(super) enum IndexJob {
    /// A commit took the log to `size`: the documents of its new records
    /// (`first` on), the records it erased, and the documents their index
    /// rows were made from (on a backend whose index loses them in the
    /// indexer's turn).
    Committed {
        first: u64,
        documents: Vec<SearchDocument>,
        erased: Vec<u64>,
        erased_documents: Vec<IndexRow>,
        size: u64,
    },
    /// A batch's outcome is unknown: what it may have erased is read back.
    Forget,
    /// The index brought up to the log (a search with `fresh=true`): the
    /// log size it then covers.
    Refresh(oneshot::Sender<Result<u64, StoreError>>),
}

/// The indexer's task: its storage, and what it keeps between steps.
pub(super) struct IndexTask {
    pub(super) storage: Box<dyn IndexStorage>,
    pub(super) indexer: Indexer,
    /// How this backend's search document of a record is made, for the
    /// records the indexer reads back.
    pub(super) search_document: fn(&str, Option<&str>) -> SearchDocument,
    /// The log's size as the writer last committed it.
    pub(super) integrated: Arc<AtomicU64>,
    /// Records erased whose rows the index still has to lose, with the
    /// documents the rows were made from.
    erased: Vec<IndexRow>,
    /// Records a step found erased and wrote empty: an erasure's turn that
    /// comes after has no words of theirs to take out.
    emptied: std::collections::HashSet<u64>,
}

impl IndexTask {
    pub(super) fn new(
        storage: Box<dyn IndexStorage>,
        indexer: Indexer,
        search_document: fn(&str, Option<&str>) -> SearchDocument,
        integrated: Arc<AtomicU64>,
    ) -> IndexTask {
        IndexTask {
            storage,
            indexer,
            search_document,
            integrated,
            erased: Vec::new(),
            emptied: Default::default(),
        }
    }

    /// Follows the log until the writer goes (its end of `jobs` closed);
    /// then brings the index up to the log (for at most 2 s: a crash leaves
    /// the rest to the next start's indexer).
    pub(super) async fn run(mut self, mut jobs: mpsc::UnboundedReceiver<IndexJob>) {
        let shared = self.indexer.shared.clone();
        loop {
            let job = if self.owed() {
                // Due: what is queued is taken first (it may spare a read
                // back), then a step runs.
                match tokio::time::timeout(self.indexer.until_due(), jobs.recv()).await {
                    Ok(job) => job,
                    Err(_) => {
                        self.erase_owed().await;
                        let _ = self.index_step().await;
                        continue;
                    }
                }
            } else {
                tokio::select! {
                    job = jobs.recv() => job,
                    // A search found the index altered: it is built again now.
                    () = shared.wake.notified() => continue,
                }
            };
            let Some(job) = job else { break };
            self.take(job).await;
            while let Ok(job) = jobs.try_recv() {
                self.take(job).await;
            }
            if self.owed() && self.indexer.until_due().is_zero() {
                self.erase_owed().await;
                let _ = self.index_step().await;
            }
        }
        self.erase_owed().await;
        if self.indexer.behind(self.integrated.load(Ordering::Relaxed)) {
            let _ = self.refresh().await;
        }
        self.storage.close().await;
    }

    async fn take(&mut self, job: IndexJob) {
        match job {
            IndexJob::Committed {
                first,
                documents,
                erased,
                erased_documents,
                size,
            } => {
                self.indexer.committed(first, documents, &erased, size);
                let emptied = &self.emptied;
                self.erased.extend(
                    erased_documents
                        .into_iter()
                        .filter(|(at, _)| !emptied.contains(at)),
                );
            }
            IndexJob::Forget => self.indexer.forget(),
            IndexJob::Refresh(reply) => {
                self.erase_owed().await;
                let _ = reply.send(self.refresh().await);
            }
        }
    }

    /// Whether the indexer has work: the index may be behind the log the
    /// writer committed, or erased records' rows are still to go.
    fn owed(&self) -> bool {
        self.indexer.behind(self.integrated.load(Ordering::Relaxed)) || !self.erased.is_empty()
    }

    /// Takes the erased records' rows out of the index; what fails is tried
    /// again at the next step.
    async fn erase_owed(&mut self) {
        if self.erased.is_empty() {
            return;
        }
        match self.storage.index_erase(&self.erased).await {
            Ok(()) => self.erased.clear(),
            Err(e) => {
                self.storage.rollback().await;
                tracing::warn!(error = %e, "the search index still holds erased records' words; it tries again at its next step");
            }
        }
    }
}

/// Builds the index again from the records (`decision-trail index
/// rebuild`): emptied, then indexed in steps that each store their
/// progress, so one cut short is finished by the service's indexer. The
/// records indexed.
pub(crate) async fn rebuild(
    storage: Box<dyn IndexStorage>,
    search_document: fn(&str, Option<&str>) -> SearchDocument,
) -> Result<u64, StoreError> {
    let shared = Arc::new(IndexProgress::default());
    shared.rebuild.store(true, Ordering::Relaxed);
    let indexer = Indexer::new(LEAST_EVERY, shared.clone());
    let mut task = IndexTask::new(
        storage,
        indexer,
        search_document,
        Arc::new(AtomicU64::new(0)),
    );
    let result = loop {
        match task.index_step().await {
            Ok(true) => break Ok(()),
            Ok(false) => {}
            Err(e) => break Err(e),
        }
    };
    task.storage.close().await;
    result.map(|()| shared.indexed.load(Ordering::Relaxed))
}

impl IndexTask {
    /// One step of the indexer: up to [`STEP_RECORDS`] records from the
    /// stored progress on, in a transaction of its own. Answers whether the
    /// index then covers the log as stored.
    pub(super) async fn index_step(&mut self) -> Result<bool, StoreError> {
        let since = Instant::now();
        self.indexer.last = Some(since);
        let result = self.try_index_step().await;
        metrics::histogram!(BACKGROUND_BUSY, "what" => "index")
            .record(since.elapsed().as_secs_f64());
        match &result {
            Ok(_) => {
                let mut failed = self.indexer.shared.failed.lock().expect("not poisoned");
                if failed.take().is_some() {
                    tracing::warn!("the search indexer works again");
                }
            }
            Err(e) => {
                self.storage.rollback().await;
                // A damaged index (SQLite's pages) is built again.
                if let StoreError::RowAltered(why) = e {
                    self.indexer
                        .shared
                        .found_altered("search_index", why.clone());
                }
                let mut failed = self.indexer.shared.failed.lock().expect("not poisoned");
                if failed.is_none() {
                    tracing::error!(error = %e, "the search indexer failed; it tries again at its next step");
                }
                *failed = Some(e.to_string());
            }
        }
        result
    }

    async fn try_index_step(&mut self) -> Result<bool, StoreError> {
        let (progress, size) = self.storage.index_begin().await?;
        let shared = &self.indexer.shared;
        let altered = match progress {
            None => Some(("search_progress", "its progress row is missing".to_string())),
            Some(p) if p > size => Some((
                "search_progress",
                format!(
                    "its progress says it covers {p} records, but the log holds {size}: no \
                     record at or past {size} would ever be indexed"
                ),
            )),
            Some(_) => None,
        };
        if let Some((table, why)) = altered {
            shared.found_altered(table, why);
        }
        // Built again from the first record: the highest size the indexer
        // can vouch for once its progress or rows were not its own.
        if shared.rebuild.swap(false, Ordering::Relaxed) {
            self.storage.index_reset().await?;
            self.storage.commit().await?;
            self.indexer.rebuilding = true;
            tracing::warn!(
                size,
                "the search index is being built again from the records"
            );
            self.indexer.reached(0);
            if size == 0 {
                self.rebuilt();
            }
            return Ok(size == 0);
        }
        let from = progress.unwrap_or_default();
        self.indexer.reached(from);
        if from >= size {
            self.storage.rollback().await;
            self.rebuilt();
            return Ok(true);
        }
        let most = (size - from).min(STEP_RECORDS);
        let mut rows = self.indexer.take_from(from, most);
        if rows.is_empty() {
            let records = self.storage.index_read(from, most as usize).await?;
            rows = records
                .iter()
                .map(|r| {
                    (
                        r.log_index,
                        (self.search_document)(
                            if r.is_erased() {
                                ""
                            } else {
                                &r.authored.content
                            },
                            r.authored.metadata.as_ref().map(|m| m.canonical()),
                        ),
                    )
                })
                .collect();
            // The log is dense: the records read are `from` on.
            if rows
                .iter()
                .enumerate()
                .any(|(k, (i, _))| *i != from + k as u64)
            {
                return Err(StoreError::Internal(format!(
                    "the records from log index {from} are not dense; the index waits"
                )));
            }
        }
        let indexed = from + rows.len() as u64;
        let emptied = self.storage.index_write(&rows, indexed).await?;
        self.storage.commit().await?;
        metrics::counter!(SEARCH_INDEXED).increment(rows.len() as u64);
        // Written empty from the records as stored: an erasure's turn has
        // no words of theirs to take out (erasures are few: the set is
        // forgotten past a bound; a start checks the index's count).
        self.erased.retain(|(at, _)| !emptied.contains(at));
        if self.emptied.len() > KEPT_EMPTIED {
            self.emptied.clear();
        }
        self.emptied.extend(emptied);
        self.indexer.reached(indexed);
        if indexed >= size {
            self.rebuilt();
        }
        Ok(indexed >= size)
    }

    /// The index covers the log: one built again from the records is
    /// trusted again.
    fn rebuilt(&mut self) {
        if std::mem::take(&mut self.indexer.rebuilding) {
            let shared = &self.indexer.shared;
            if shared
                .altered
                .lock()
                .expect("not poisoned")
                .take()
                .is_some()
            {
                tracing::warn!("the search index was built again from the records and covers the log: searches are answered again");
            }
        }
    }

    /// Indexes until the index covers the log as stored, for at most
    /// [`REFRESH_FOR`]: the log size it then covers.
    pub(super) async fn refresh(&mut self) -> Result<u64, StoreError> {
        let began = Instant::now();
        loop {
            let done = self.index_step().await?;
            if done || began.elapsed() >= REFRESH_FOR {
                return Ok(self.indexer.shared.indexed.load(Ordering::Relaxed));
            }
        }
    }
}

impl State {
    /// Whether the search index is well (`/readyz`): its last step did not
    /// fail, and it is not more than [`INDEX_LAG_READY`] behind.
    pub(super) fn index_health(&self) -> Result<(), StoreError> {
        let shared = &self.index;
        if let Some(why) = shared.altered() {
            return Err(StoreError::IndexAltered(why));
        }
        if let Some(why) = shared.failed.lock().expect("not poisoned").as_ref() {
            return Err(StoreError::Unavailable(format!(
                "the search indexer stopped: {why}"
            )));
        }
        let (records, seconds) = shared.lag(self.frontier.size());
        if seconds > INDEX_LAG_READY.as_secs_f64() || records > INDEX_LAG_READY_RECORDS {
            return Err(StoreError::Unavailable(format!(
                "the search index is {records} records ({seconds:.0} s) behind the log"
            )));
        }
        Ok(())
    }
}

/// How far behind the log the search index may be with the service ready:
/// in time since the oldest record it lacks was committed, and in records
/// (a backlog left by a crash, which has no commit time here).
const INDEX_LAG_READY: Duration = Duration::from_secs(30);
const INDEX_LAG_READY_RECORDS: u64 = 100_000;
