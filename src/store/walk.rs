//! The walk of one task's chain as stored (docs/design.md §2), for
//! `GET /tasks/{id}/verify`.

use futures_util::TryStreamExt;

use super::{ChainVerdict, SignedCheckpoint, Store, StoreError};
use crate::domain::chain::{BreakReason, ChainBreak, ChainWalk};
use crate::domain::merkle::{
    leaf_data, leaf_hash, to_hex, verify_inclusion, Hash, LeafSet, LogQuery,
};
use crate::domain::HashInput;

/// Records whose inclusion proofs a chain walk reads at once.
const PROOFS_PER_READ: usize = 4096;

/// A walked record whose leaf is still to be proven in the checkpoint's tree.
struct Unproven {
    seq: u64,
    log_index: u64,
    id: String,
    leaf: Hash,
}

impl Store {
    /// Walks a task's chain as stored (docs/design.md §2): every seq, link,
    /// hash and timestamp, and every record's leaf proven in the tree of the
    /// newest checkpoint. Constant memory; None when the task has no records.
    /// Rows stream from the database while this one hashes; proofs are read
    /// for a page of records at a time.
    pub async fn verify_chain(&self, task_id: &str) -> Result<Option<ChainVerdict>, StoreError> {
        let checkpoint = self.newest_checkpoint().await?;
        let mut rows = self.reads.chain(task_id);
        let mut walk = ChainWalk::new();
        let mut pending: Vec<Unproven> = Vec::new();
        while let Some(row) = rows.try_next().await? {
            let input = HashInput {
                id: &row.id,
                r#type: &row.r#type,
                task_id,
                content: &row.content,
                timestamp: &row.timestamp,
                prev_hash: &row.prev_hash,
                metadata: row.metadata.as_deref(),
                capabilities: row.capabilities.as_deref(),
                session_id: row.session_id.as_deref(),
                parent_id: row.parent_id.as_deref(),
            };
            if let Err(at) = walk.step(Some(row.seq), &input, &row.hash) {
                // A record before this one may be out of the log: that break comes first.
                if let Some(broken) = self.prove(&mut pending, &checkpoint).await? {
                    return Ok(Some(broken));
                }
                return Ok(Some(ChainVerdict::Broken { at, seq: row.seq }));
            }
            // Records appended since the checkpoint was taken are proven next time.
            if row.log_index < checkpoint.tree_size {
                pending.push(Unproven {
                    seq: row.seq,
                    log_index: row.log_index,
                    leaf: leaf_hash(&leaf_data(&row.agent_id, &row.hash)),
                    id: row.id,
                });
                if pending.len() == PROOFS_PER_READ {
                    if let Some(broken) = self.prove(&mut pending, &checkpoint).await? {
                        return Ok(Some(broken));
                    }
                }
            }
        }
        if let Some(broken) = self.prove(&mut pending, &checkpoint).await? {
            return Ok(Some(broken));
        }
        Ok((walk.length() > 0).then(|| ChainVerdict::Valid {
            length: walk.length(),
            head_hash: walk.head_hash().to_string(),
        }))
    }

    /// Proves every pending leaf in `checkpoint`'s tree: all at once
    /// ([`LeafSet`]: each node above them hashed once); when they do not all
    /// lead to its root, one by one, and the first that does not breaks the
    /// chain.
    async fn prove(
        &self,
        pending: &mut Vec<Unproven>,
        checkpoint: &SignedCheckpoint,
    ) -> Result<Option<ChainVerdict>, StoreError> {
        let leaves: Vec<(u64, Hash)> = pending.iter().map(|u| (u.log_index, u.leaf)).collect();
        if let Some(set) = LeafSet::new(&leaves, checkpoint.tree_size) {
            // A stored hash that cannot be read is left to the proofs below.
            // Read past the hash cache: a long chain's leaf-level hashes
            // would push out the upper nodes receipts share.
            if let Ok(known) = self.reads.log_hashes(&set.indexes()).await {
                if set.verify(checkpoint.root, &known) {
                    pending.clear();
                    return Ok(None);
                }
            }
        }
        let queries: Vec<LogQuery> = pending
            .iter()
            .map(|u| LogQuery::Inclusion {
                leaf: u.log_index,
                tree_size: checkpoint.tree_size,
            })
            .collect();
        // A stored hash missing is as much a break as a wrong one.
        let proofs = self.log_answers(&queries).await;
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
                }));
            }
        }
        pending.clear();
        Ok(None)
    }
}
