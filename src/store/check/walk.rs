//! The walk of one task's chain as stored (docs/design.md §2), for
//! `GET /tasks/{id}/verify`.

use futures_util::{stream, StreamExt, TryStreamExt};

use crate::domain::chain::{BreakReason, ChainBreak, ChainWalk};
use crate::domain::merkle::{
    leaf_data, leaf_hash, to_hex, verify_inclusion, Hash, LeafSet, LogQuery,
};
use crate::domain::record::erasure::ErasureLedger;
use crate::store::{ChainVerdict, SignedCheckpoint, Store, StoreError};

/// Records whose inclusion proofs a chain walk reads at once.
const PROOFS_PER_READ: usize = 4096;

/// Pages of records proven at once while the walk goes on.
const PAGES_PROVEN_AT_ONCE: usize = 2;

/// A walked record whose leaf is still to be proven in the checkpoint's tree.
struct Unproven {
    seq: u64,
    log_index: u64,
    id: String,
    leaf: Hash,
}

/// How a walk of the rows ended.
enum Walked {
    /// Every row walked, what the chain's erasure records state against
    /// its erased records, and those records' seqs.
    Whole(ChainWalk, ErasureLedger, Vec<(String, u64)>),
    /// A row broke the chain.
    Broken(ChainVerdict),
    /// The prover found a break first and stopped listening.
    Stopped,
}

impl Store {
    /// Walks a task's chain as stored (docs/design.md §2): every seq, link,
    /// hash and timestamp, and every record's leaf proven in the tree of the
    /// newest checkpoint. Constant memory; None when the task has no records.
    /// Three things overlap: rows stream from the database, this task hashes
    /// them, and the leaves of the pages of records before are proven.
    ///
    /// Records past the checkpoint read first (appended during the walk)
    /// are proven in the newest checkpoint read again after it; one that
    /// no signed checkpoint covers even then breaks the chain (`not_signed`).
    pub async fn verify_chain(&self, task_id: &str) -> Result<Option<ChainVerdict>, StoreError> {
        let checkpoint = self.database_checkpoint().await?;
        let tree_size = checkpoint.tree_size;
        let mut late: Vec<Unproven> = Vec::new();
        let late_rows = &mut late;
        // A full page waits while two are proven: memory stays constant.
        let (pages, mut to_prove) = tokio::sync::mpsc::channel::<Vec<Unproven>>(1);
        let walking = async move {
            let mut rows = self.reads.chain(task_id);
            let mut walk = ChainWalk::new();
            let mut pending: Vec<Unproven> = Vec::with_capacity(PROOFS_PER_READ);
            let mut ledger = ErasureLedger::default();
            let mut erased = Vec::new();
            while let Some(row) = rows.try_next().await? {
                let erasure = row.erasure();
                if erasure.is_some() {
                    erased.push((row.id().to_string(), row.seq));
                }
                ledger.note_parts(
                    row.id(),
                    row.agent_id(),
                    row.timestamp(),
                    row.metadata(),
                    erasure.as_ref(),
                );
                let input = row.hash_input(task_id);
                if let Err(at) = walk.step(Some(row.seq), &input, row.hash()) {
                    // A record before this one may be out of the log: the
                    // prover sees those first, and its break comes first.
                    let _ = pages.send(pending).await;
                    return Ok(Walked::Broken(ChainVerdict::Broken {
                        at,
                        seq: row.seq,
                        tree_size,
                    }));
                }
                let unproven = Unproven {
                    seq: row.seq,
                    log_index: row.log_index,
                    leaf: leaf_hash(&leaf_data(row.agent_id(), row.hash())),
                    id: row.id().to_string(),
                };
                // Appended since the checkpoint was read, or never signed:
                // settled after the walk.
                if row.log_index >= tree_size {
                    late_rows.push(unproven);
                } else {
                    pending.push(unproven);
                    if pending.len() == PROOFS_PER_READ {
                        let page =
                            std::mem::replace(&mut pending, Vec::with_capacity(PROOFS_PER_READ));
                        if pages.send(page).await.is_err() {
                            return Ok(Walked::Stopped);
                        }
                    }
                }
            }
            let _ = pages.send(pending).await;
            Ok::<_, StoreError>(Walked::Whole(walk, ledger, erased))
        };
        // Two pages are proven at once (one's hashes read while the other's
        // are checked); their verdicts are taken in page order, so the first
        // break in the chain is the one reported.
        let checkpoint = &checkpoint;
        // The stream owns the receiver: when the prover stops at a break, the
        // channel closes and the walker's next send ends the walk.
        let mut proofs = stream::poll_fn(move |cx| to_prove.poll_recv(cx))
            .map(|page| self.prove(page, checkpoint))
            .buffered(PAGES_PROVEN_AT_ONCE);
        let proving = async move {
            while let Some(verdict) = proofs.try_next().await? {
                if let Some(broken) = verdict {
                    return Ok(Some(broken));
                }
            }
            Ok::<_, StoreError>(None)
        };
        let (walked, proven) = futures_util::join!(walking, proving);
        if let Some(broken) = proven? {
            return Ok(Some(broken));
        }
        let (walk, ledger, erased) = match walked? {
            Walked::Whole(walk, ledger, erased) => (walk, ledger, erased),
            Walked::Broken(verdict) => return Ok(Some(verdict)),
            Walked::Stopped => unreachable!("the prover stops only at a break"),
        };
        // Every erased record is named by an erasure record of the chain.
        if let Err(at) = walk.finish() {
            let seq = at.index;
            return Ok(Some(ChainVerdict::Broken { at, seq, tree_size }));
        }
        // And each as that record states it: its agent, time and reason.
        if let Some((id, why)) = ledger.problem() {
            let seq = erased.iter().find(|(e, _)| *e == id).map_or(0, |(_, s)| *s);
            let at = ChainBreak {
                index: seq,
                id,
                reason: BreakReason::ErasureUnrecorded,
                expected: "the agent, time and reason of the erasure record naming it".into(),
                actual: why,
            };
            return Ok(Some(ChainVerdict::Broken { at, seq, tree_size }));
        }
        let erased = erased.len() as u64;
        let mut tree_size = tree_size;
        if !late.is_empty() {
            // Read from the database itself: on SQLite the published
            // checkpoint can trail a commit the walk has already read.
            let newest = self.newest_stored_checkpoint().await?;
            tree_size = newest.tree_size;
            if let Some(u) = late.iter().find(|u| u.log_index >= newest.tree_size) {
                return Ok(Some(ChainVerdict::Broken {
                    at: ChainBreak {
                        index: u.seq,
                        id: u.id.clone(),
                        reason: BreakReason::NotSigned,
                        expected: format!(
                            "a log_index below {}, the newest signed checkpoint's size",
                            newest.tree_size
                        ),
                        actual: format!("log_index {}", u.log_index),
                    },
                    seq: u.seq,
                    tree_size,
                }));
            }
            if let Some(broken) = self.prove(late, &newest).await? {
                return Ok(Some(broken));
            }
        }
        Ok((walk.length() > 0).then(|| ChainVerdict::Valid {
            length: walk.length(),
            head_hash: walk.head_hash().to_string(),
            tree_size,
            erased,
        }))
    }

    /// Proves every leaf of `pending` in `checkpoint`'s tree: all at once
    /// ([`LeafSet`]: each node above them hashed once, on a blocking thread
    /// while the walk goes on); when they do not all lead to its root, one by
    /// one, and the first that does not breaks the chain.
    async fn prove(
        &self,
        pending: Vec<Unproven>,
        checkpoint: &SignedCheckpoint,
    ) -> Result<Option<ChainVerdict>, StoreError> {
        if pending.is_empty() {
            return Ok(None);
        }
        let leaves: Vec<(u64, Hash)> = pending.iter().map(|u| (u.log_index, u.leaf)).collect();
        let (tree_size, root) = (checkpoint.tree_size, checkpoint.root);
        if let Some(indexes) = LeafSet::new(&leaves, tree_size).map(|set| set.indexes()) {
            // Read past the hash cache: a long chain's leaf-level hashes
            // would push out the upper nodes receipts share.
            match self.reads.log_hashes(&indexes).await {
                Ok(known) => {
                    let all_proven = tokio::task::spawn_blocking(move || {
                        LeafSet::new(&leaves, tree_size).is_some_and(|set| set.verify(root, &known))
                    })
                    .await
                    .unwrap_or(false);
                    if all_proven {
                        return Ok(None);
                    }
                }
                // A database that cannot answer now is not a tampered one.
                Err(e @ StoreError::Unavailable(_)) => return Err(e),
                // A stored hash that cannot be read is left to the proofs below.
                Err(_) => {}
            }
        }
        let queries: Vec<LogQuery> = pending
            .iter()
            .map(|u| LogQuery::Inclusion {
                leaf: u.log_index,
                tree_size: checkpoint.tree_size,
            })
            .collect();
        // A stored hash missing is as much a break as a wrong one; a
        // database that cannot answer now is a 503, not a break.
        let proofs = match self.log_answers(&queries).await {
            Err(e @ StoreError::Unavailable(_)) => return Err(e),
            answered => answered,
        };
        for (i, u) in pending.iter().enumerate() {
            let proven = match &proofs {
                Ok(proofs) => verify_inclusion(
                    &proofs[i],
                    checkpoint.tree_size,
                    checkpoint.root,
                    u.log_index,
                    u.leaf,
                ),
                Err(_) => false,
            };
            if !proven {
                return Ok(Some(ChainVerdict::Broken {
                    at: ChainBreak {
                        index: u.seq,
                        id: u.id.clone(),
                        reason: BreakReason::NotInLog,
                        expected: format!(
                            "a leaf in the tree of size {} with root {}",
                            checkpoint.tree_size,
                            to_hex(&checkpoint.root)
                        ),
                        actual: format!("leaf {} at log_index {}", to_hex(&u.leaf), u.log_index),
                    },
                    seq: u.seq,
                    tree_size: checkpoint.tree_size,
                }));
            }
        }
        Ok(None)
    }
}
