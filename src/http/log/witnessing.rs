//! The log asks witnesses (docs/design.md §2, "Witnesses"): with a C2SP
//! tlog-policy (`serve --witness-policy`), a background task sends the
//! newest signed checkpoint to each witness at most once per interval (`POST
//! <url>/add-checkpoint`, C2SP tlog-witness), keeps the cosignature lines
//! they answer with their checkpoint (`store::log::cosignatures`), and knows the
//! newest checkpoint whose cosignatures satisfy the quorum. Appends never
//! wait for it.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use crate::domain::merkle::to_hex;
use crate::domain::witness::add_checkpoint::{parse_cosignatures, parse_size, proof_query};
use crate::domain::witness::{split_note, AddCheckpoint, Policy, PolicyWitness};
use crate::store::{SignedCheckpoint, Store, StoreError};

/// How long one witness may take to answer.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(5);
/// The longest wait before a failing witness is asked again.
const MAX_BACKOFF: Duration = Duration::from_secs(60);
/// Retries in one round after a 409 taught the witness's size.
const CONFLICT_RETRIES: usize = 2;
/// How many of the newest cosigned checkpoints are looked at, at start,
/// for one that satisfies the quorum.
const LOOK_BACK: u32 = 64;

/// What the log knows of one witness.
#[derive(Debug, Default, Clone)]
struct WitnessStatus {
    /// The size it last cosigned, as far as the log knows (0: none): the
    /// `old` of the next request.
    known_size: u64,
    /// The size of the last checkpoint it cosigned for this log: not asked
    /// again for it while the quorum waits for others.
    cosigned_size: Option<u64>,
    /// Failures in a row (timeouts, a witness down, refusals): the backoff.
    failures: u32,
    /// Not asked again before this.
    retry_at: Option<Instant>,
    /// Checkpoints it refused as not consistent (422), or as another root
    /// at a size it cosigned (409): each a security event.
    refusals: u64,
    /// The last refusal, said on `/readyz`.
    last_refusal: Option<String>,
}

/// One witness of the policy, as `/ui/log` shows it.
#[derive(Debug, Clone)]
pub struct WitnessRow {
    /// Its name in the policy file.
    pub name: String,
    /// The size of the last checkpoint of this log it cosigned, if any.
    pub cosigned_size: Option<u64>,
    /// Whether its last request failed (down, a timeout, a refusal): backing off.
    pub failing: bool,
    /// Checkpoints it refused as inconsistent: each a security event.
    pub refusals: u64,
    /// Why it refused the last one.
    pub last_refusal: Option<String>,
}

/// The witnessing of this service: the policy, each witness's status, and
/// the newest checkpoint that satisfies the quorum.
pub struct Witnessing {
    policy: Policy,
    /// At most one round of requests per interval.
    interval: Duration,
    /// By the policy's witness order.
    status: Mutex<Vec<WitnessStatus>>,
    /// The newest witnessed checkpoint, its note with the cosignature lines.
    witnessed: watch::Sender<Option<Arc<SignedCheckpoint>>>,
    /// Stored cosignatures that do not verify, once found: `/readyz` is not
    /// ready while this process runs (the service never serves them; the
    /// rows are append-only, so an operator looks, and restarts it).
    altered: Mutex<Option<String>>,
    client: reqwest::Client,
}

impl Witnessing {
    pub fn new(policy: Policy, interval: Duration) -> Result<Arc<Witnessing>, String> {
        let client = reqwest::Client::builder()
            .connect_timeout(ANSWER_TIMEOUT)
            .timeout(ANSWER_TIMEOUT)
            .no_proxy()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
        let status = vec![WitnessStatus::default(); policy.witnesses.len()];
        crate::http::ops::metrics::witnesses_known(
            policy.witnesses.iter().map(|w| w.name.as_str()),
        );
        Ok(Arc::new(Witnessing {
            policy,
            interval,
            status: Mutex::new(status),
            witnessed: watch::Sender::new(None),
            altered: Mutex::new(None),
            client,
        }))
    }

    pub fn policy(&self) -> &Policy {
        &self.policy
    }

    /// The newest checkpoint whose stored cosignatures satisfy the quorum,
    /// as this process's rounds last found it.
    pub fn witnessed(&self) -> Option<Arc<SignedCheckpoint>> {
        self.witnessed.borrow().clone()
    }

    /// The newest witnessed checkpoint any replica stored (docs/design.md
    /// §2): on a shared database another replica's round may have stored
    /// cosignatures of a newer checkpoint than this process's rounds know,
    /// and behind one address the witnessed checkpoint served never goes
    /// below one any replica served. One indexed read on a shared database.
    pub async fn current(
        &self,
        store: &Store,
    ) -> Result<Option<Arc<SignedCheckpoint>>, StoreError> {
        if store.backend() == "postgres" {
            let known = self.witnessed().map_or(0, |w| w.tree_size);
            for size in store.cosigned_sizes(LOOK_BACK).await? {
                if size <= known {
                    break;
                }
                let Some(checkpoint) = store.checkpoint(size).await? else {
                    continue;
                };
                let cosigned = self.with_cosignatures(store, checkpoint).await?;
                if self.satisfies(&cosigned.note) {
                    self.offer(cosigned);
                    break;
                }
            }
        }
        Ok(self.witnessed())
    }

    /// `checkpoint` with the stored cosignature lines that verify with the
    /// policy's witness keys appended (signed-note format: more signature
    /// lines after the log's), at most one per witness. A stored line that
    /// does not (docs/design.md §2, "Witnesses": tampering) is never served:
    /// it is logged, counted, and `/readyz` is not ready.
    pub async fn with_cosignatures(
        &self,
        store: &Store,
        checkpoint: SignedCheckpoint,
    ) -> Result<SignedCheckpoint, StoreError> {
        let origin = checkpoint.note.lines().next().unwrap_or_default();
        let rows = store.cosignature_rows(checkpoint.tree_size, origin).await?;
        if rows.is_empty() {
            return Ok(checkpoint);
        }
        let check = match split_note(&checkpoint.note) {
            Some((body, _)) => self.policy.check_stored(body, &rows),
            None => {
                return Err(StoreError::Internal(
                    "a signed checkpoint is not a note".into(),
                ))
            }
        };
        if !check.altered.is_empty() {
            let size = checkpoint.tree_size;
            let said = format!(
                "SECURITY: the database holds cosignatures of the checkpoint of size {size} that no \
                 witness of the policy made ({}); they are never served",
                check.altered.join("; ")
            );
            tracing::error!(tree_size = size, refused = %check.altered.join("; "), "SECURITY: stored cosignatures do not verify with the witness policy's keys (the database was altered); they are not served");
            crate::store::rows_refused("cosignatures", check.altered.len());
            *self.altered.lock().expect("not poisoned") = Some(said);
        }
        let lines: String = check.served.iter().map(|l| format!("{l}\n")).collect();
        Ok(SignedCheckpoint {
            note: format!("{}{lines}", checkpoint.note),
            ..checkpoint
        })
    }

    /// Why `/readyz` is not ready: a stored cosignature that does not verify
    /// was found (the last said).
    pub fn altered(&self) -> Option<String> {
        self.altered.lock().expect("not poisoned").clone()
    }

    /// Each witness of the policy as the log knows it now, in the policy's
    /// order (the trail browser's log page).
    pub fn witnesses(&self) -> Vec<WitnessRow> {
        let status = self.status.lock().expect("not poisoned");
        self.policy
            .witnesses
            .iter()
            .zip(status.iter())
            .map(|(w, s)| WitnessRow {
                name: w.name.clone(),
                cosigned_size: s.cosigned_size,
                failing: s.failures > 0,
                refusals: s.refusals,
                last_refusal: s.last_refusal.clone(),
            })
            .collect()
    }

    /// What `/readyz` says of the witnesses: their refusals, a security event.
    pub fn detail(&self) -> Option<String> {
        let status = self.status.lock().expect("not poisoned");
        let said: Vec<String> = self
            .policy
            .witnesses
            .iter()
            .zip(status.iter())
            .filter(|(_, s)| s.refusals > 0)
            .map(|(w, s)| {
                format!(
                    "witness {} refused {} ({})",
                    w.name,
                    crate::domain::count(s.refusals, "checkpoint"),
                    s.last_refusal.as_deref().unwrap_or("")
                )
            })
            .collect();
        (!said.is_empty()).then(|| format!("SECURITY: {}", said.join("; ")))
    }

    /// Finds the newest stored checkpoint that satisfies the quorum (at start).
    pub async fn load(&self, store: &Store) -> Result<(), StoreError> {
        for size in store.cosigned_sizes(LOOK_BACK).await? {
            let Some(checkpoint) = store.checkpoint(size).await? else {
                continue;
            };
            let cosigned = self.with_cosignatures(store, checkpoint).await?;
            if self.satisfies(&cosigned.note) {
                self.witnessed.send_replace(Some(Arc::new(cosigned)));
                break;
            }
        }
        Ok(())
    }

    /// A witnessed checkpoint found: served when newer than the one served.
    fn offer(&self, cosigned: SignedCheckpoint) {
        let newer = Arc::new(cosigned);
        self.witnessed.send_if_modified(|current| {
            let is_newer = current
                .as_ref()
                .is_none_or(|c| c.tree_size < newer.tree_size);
            if is_newer {
                *current = Some(newer.clone());
            }
            is_newer
        });
    }

    fn satisfies(&self, note: &str) -> bool {
        split_note(note)
            .map(|(body, lines)| self.policy.check_lines(body, lines).satisfied)
            .unwrap_or(false)
    }

    /// Runs the rounds until the process ends.
    pub fn spawn(self: Arc<Self>, store: Arc<Store>) -> tokio::task::JoinHandle<()> {
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(self.interval);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                if let Err(e) = self.round(&store).await {
                    tracing::warn!(error = %e, "witnessing round failed; the next one retries");
                }
            }
        })
    }

    /// One round: the newest checkpoint to each witness not yet known to
    /// have cosigned it, together; the cosignatures kept.
    async fn round(&self, store: &Store) -> Result<(), StoreError> {
        let checkpoint = store.database_checkpoint().await?;
        if checkpoint.tree_size == 0 {
            return Ok(());
        }
        if self
            .witnessed()
            .is_some_and(|w| w.tree_size >= checkpoint.tree_size)
        {
            return Ok(());
        }
        let now = Instant::now();
        let due: Vec<usize> = {
            let status = self.status.lock().expect("not poisoned");
            (0..self.policy.witnesses.len())
                .filter(|&i| self.policy.witnesses[i].url.is_some())
                .filter(|&i| status[i].retry_at.is_none_or(|at| at <= now))
                .filter(|&i| status[i].cosigned_size != Some(checkpoint.tree_size))
                .collect()
        };
        let asked = due.iter().map(|&i| self.ask(store, i, &checkpoint));
        let answers = futures_util::future::join_all(asked).await;
        let lines: Vec<(String, String)> = answers.into_iter().flatten().collect();
        if !lines.is_empty() {
            if let Err(e) = store.put_cosignatures(checkpoint.tree_size, lines).await {
                // Not kept (a full queue, the database down): ask those
                // witnesses again next round, rather than wait for a newer
                // checkpoint that a quiet log may not make.
                let mut status = self.status.lock().expect("not poisoned");
                for &i in &due {
                    if status[i].cosigned_size == Some(checkpoint.tree_size) {
                        status[i].cosigned_size = None;
                    }
                }
                return Err(e);
            }
        }
        let cosigned = self.with_cosignatures(store, (*checkpoint).clone()).await?;
        if self.satisfies(&cosigned.note) {
            self.offer(cosigned);
        }
        Ok(())
    }

    /// Asks witness `i` to cosign `checkpoint`: its verified cosignature
    /// (witness key, line without newline), or None.
    async fn ask(
        &self,
        store: &Store,
        i: usize,
        checkpoint: &SignedCheckpoint,
    ) -> Option<(String, String)> {
        let witness = &self.policy.witnesses[i];
        for _ in 0..=CONFLICT_RETRIES {
            let old = self.status.lock().expect("not poisoned")[i].known_size;
            if old > checkpoint.tree_size {
                // It has cosigned a newer checkpoint (another replica's): this
                // one is behind it; the next rounds catch up.
                return None;
            }
            let proof = match self.proof(store, old, checkpoint.tree_size).await {
                Ok(proof) => proof,
                Err(e) => {
                    self.failed(i, &format!("no consistency proof from {old}: {e}"));
                    return None;
                }
            };
            let request = AddCheckpoint {
                old_size: old,
                proof,
                checkpoint: checkpoint.note.clone(),
            };
            match self.post(witness, request.to_body()).await {
                Ok((200, body)) => return self.cosigned(i, checkpoint, &body),
                Ok((409, body)) => match parse_size(&body) {
                    Some(size) if size == old && old == checkpoint.tree_size => {
                        self.refused(i, format!("409: it cosigned another root at size {size}"));
                        return None;
                    }
                    Some(size) => {
                        self.status.lock().expect("not poisoned")[i].known_size = size;
                    }
                    None => {
                        self.failed(i, "409 without a size");
                        return None;
                    }
                },
                Ok((422, _)) => {
                    self.refused(
                        i,
                        format!(
                            "422: size {} not consistent with size {old} it cosigned",
                            checkpoint.tree_size
                        ),
                    );
                    return None;
                }
                Ok((status, body)) => {
                    // 404: it does not watch this log; 403: it does not
                    // trust this key; others: its own trouble.
                    self.failed(i, &format!("{status}: {}", body.trim()));
                    return None;
                }
                Err(e) => {
                    self.failed(i, &e);
                    return None;
                }
            }
        }
        None
    }

    /// Asks every witness with a URL, before anything is signed past
    /// `checkpoint` (the database's newest, at start), how far it cosigned
    /// this log (docs/design.md §2, "The second day"): `checkpoint` is
    /// sent from its own size with an empty proof, which a witness at that
    /// size and root cosigns, and any other answers with 409 and its size
    /// (C2SP tlog-witness). A witness that cosigned a larger size, or
    /// another root at this size, refuses the start: the database is behind
    /// what the key signed, or not the history the witnesses saw. Witnesses
    /// that do not answer are named at WARN; the start goes on (a witness
    /// down must not keep a log from starting, and one that comes back
    /// refuses any second history then, as a security event).
    pub async fn check_signed(&self, checkpoint: &SignedCheckpoint) -> Result<(), String> {
        let asked = self
            .policy
            .witnesses
            .iter()
            .enumerate()
            .filter(|(_, w)| w.url.is_some())
            .map(|(i, witness)| async move {
                let request = AddCheckpoint {
                    old_size: checkpoint.tree_size,
                    proof: Vec::new(),
                    checkpoint: checkpoint.note.clone(),
                };
                (i, witness, self.post(witness, request.to_body()).await)
            });
        let answers = futures_util::future::join_all(asked).await;
        let size = checkpoint.tree_size;
        let mut refusals = Vec::new();
        for (i, witness, answer) in answers {
            let source = format!("the witness `{}`", witness.name);
            match answer {
                Ok((200, _)) => {
                    self.status.lock().expect("not poisoned")[i].known_size = size;
                }
                // It has never seen this log: it cosigned nothing of it.
                Ok((404, _)) => {}
                Ok((409, body)) => match parse_size(&body) {
                    Some(theirs) if theirs > size => refusals.push(format!(
                        "{} (it cosigned a checkpoint of size {theirs}; the database's newest is of size {size})",
                        crate::store::behind_signed(size, theirs, &source)
                    )),
                    Some(theirs) if theirs == size => refusals.push(format!(
                        "{source} cosigned another root for size {size} than the database's ({}): this database is not the history the witnesses saw. Refusing to start; start a new log with `decision-trail log rotate --origin NEW`, or restore the database that holds the published history",
                        to_hex(&checkpoint.root)
                    )),
                    Some(theirs) => {
                        self.status.lock().expect("not poisoned")[i].known_size = theirs;
                    }
                    None => tracing::warn!(witness = %witness.name, "the witness answered 409 without a size: how far it cosigned this log is not known"),
                },
                Ok((422, _)) => refusals.push(format!(
                    "{source} refused the database's checkpoint of size {size} as inconsistent with what it cosigned at that size: this database is not the history the witnesses saw. Refusing to start"
                )),
                Ok((status, body)) => tracing::warn!(witness = %witness.name, status, answer = %body.trim(), "the witness did not say how far it cosigned this log; starting without its word"),
                Err(e) => tracing::warn!(witness = %witness.name, error = %e, "the witness could not be asked how far it cosigned this log; starting without its word"),
            }
        }
        match refusals.is_empty() {
            true => Ok(()),
            false => Err(refusals.join("; and ")),
        }
    }

    async fn proof(
        &self,
        store: &Store,
        old: u64,
        size: u64,
    ) -> Result<Vec<crate::domain::merkle::Hash>, String> {
        let Some(query) = proof_query(old, size) else {
            return Ok(Vec::new());
        };
        query.validate(size).map_err(|e| e.to_string())?;
        let mut answers = store
            .log_answers(&[query])
            .await
            .map_err(|e| e.to_string())?;
        Ok(answers.pop().unwrap_or_default())
    }

    async fn post(&self, witness: &PolicyWitness, body: String) -> Result<(u16, String), String> {
        let base = witness
            .url
            .as_deref()
            .unwrap_or_default()
            .trim_end_matches('/');
        let answer = self
            .client
            .post(format!("{base}/add-checkpoint"))
            .body(body)
            .send()
            .await
            .map_err(|e| format!("cannot reach it: {e}"))?;
        let status = answer.status().as_u16();
        let text = answer
            .text()
            .await
            .map_err(|e| format!("its answer broke off: {e}"))?;
        Ok((status, text))
    }

    /// A 200: the cosignature line of this witness's key that verifies.
    fn cosigned(
        &self,
        i: usize,
        checkpoint: &SignedCheckpoint,
        body: &str,
    ) -> Option<(String, String)> {
        let witness = &self.policy.witnesses[i];
        let (note_body, _) = split_note(&checkpoint.note)?;
        let line = parse_cosignatures(body)
            .ok()?
            .into_iter()
            .find(|l| witness.key.verify_line(note_body, l).is_some());
        let Some(line) = line else {
            self.failed(i, "its answer has no cosignature of its key that verifies");
            return None;
        };
        let mut status = self.status.lock().expect("not poisoned");
        status[i].known_size = checkpoint.tree_size;
        status[i].cosigned_size = Some(checkpoint.tree_size);
        status[i].failures = 0;
        status[i].retry_at = None;
        tracing::debug!(witness = %witness.name, size = checkpoint.tree_size, root = %to_hex(&checkpoint.root), "cosigned");
        Some((
            format!("{}+{:08x}", witness.key.name(), witness.key.id()),
            line.trim_end_matches('\n').to_string(),
        ))
    }

    /// A failure to get an answer: backoff, doubling up to [`MAX_BACKOFF`].
    fn failed(&self, i: usize, why: &str) {
        let mut status = self.status.lock().expect("not poisoned");
        let s = &mut status[i];
        s.failures = s.failures.saturating_add(1);
        let wait = self
            .interval
            .saturating_mul(1 << s.failures.min(16))
            .min(MAX_BACKOFF);
        s.retry_at = Some(Instant::now() + wait);
        tracing::warn!(witness = %self.policy.witnesses[i].name, error = %why, retry_in_ms = wait.as_millis() as u64, "witness did not cosign");
    }

    /// A refusal of the log's checkpoint as not consistent: a security event.
    fn refused(&self, i: usize, why: String) {
        let name = self.policy.witnesses[i].name.clone();
        tracing::error!(witness = %name, refusal = %why, "SECURITY: a witness refused the log's checkpoint: the log is not consistent with what it cosigned before (a fork or a rollback)");
        crate::http::ops::metrics::witness_refused(&name);
        {
            let mut status = self.status.lock().expect("not poisoned");
            status[i].refusals += 1;
            status[i].last_refusal = Some(why.clone());
        }
        self.failed(i, &why);
    }
}
