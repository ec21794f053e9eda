//! Provable time as served (docs/design.md §18, docs/spec.md §8): when a
//! quorum of the witness policy's witnesses had cosigned checkpoints
//! covering a record, on the record, its receipt and its task's export,
//! with the cosigned checkpoints that prove it to someone offline.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::merkle::{to_hex, Hash, LogQuery};
use crate::domain::witness::time::{NOT_YET, NO_POLICY};
use crate::domain::witness::ExistedBy;
use crate::http::problem::ApiError;
use crate::http::AppState;

/// A record's provable time.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProvableTime {
    /// RFC 3339, UTC: by when a quorum of the witness policy's witnesses had
    /// cosigned checkpoints covering the record (the k-th earliest of their
    /// first covering cosignature times, for a k-of-n quorum). Null without
    /// a policy, or before the quorum has cosigned one.
    existed_by: Option<String>,
    /// The witnesses (policy names) whose cosignatures set `existed_by`,
    /// earliest first.
    witnesses: Vec<String>,
    /// How many witnesses the policy names (0 without a policy).
    of: usize,
    /// In words: "existed by 2026-11-27T10:00:03Z (2 of 3 witnesses)", or why
    /// there is no witness time.
    summary: String,
}

impl ProvableTime {
    fn of(existed: Option<ExistedBy>, witnesses: usize) -> ProvableTime {
        match existed {
            Some(by) => ProvableTime {
                existed_by: Some(by.time_text()),
                summary: by.summary(),
                witnesses: by.witnesses,
                of: by.of,
            },
            None => ProvableTime {
                existed_by: None,
                witnesses: Vec::new(),
                of: witnesses,
                summary: if witnesses == 0 { NO_POLICY } else { NOT_YET }.to_string(),
            },
        }
    }

    /// The time, RFC 3339 (None: no witness time).
    pub(crate) fn existed_by(&self) -> Option<&str> {
        self.existed_by.as_deref()
    }

    /// The witnesses that set the time; None without one.
    pub(crate) fn witnesses(&self) -> Option<&[String]> {
        self.existed_by
            .is_some()
            .then_some(self.witnesses.as_slice())
    }

    pub(crate) fn summary(&self) -> &str {
        &self.summary
    }
}

/// A cosigned checkpoint that proves witness times offline: the log's
/// signed note with the witnesses' cosignature lines, and the RFC 9162
/// consistency proof between its tree and the file's (from the smaller to
/// the larger; empty when they are the same tree).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct WitnessCheckpoint {
    checkpoint: String,
    consistency_proof: Vec<String>,
}

impl WitnessCheckpoint {
    /// The entries of a receipt's `witness_times`.
    pub(crate) fn all(checkpoints: Vec<(String, Vec<Hash>)>) -> Vec<WitnessCheckpoint> {
        checkpoints
            .into_iter()
            .map(|(checkpoint, proof)| WitnessCheckpoint {
                checkpoint,
                consistency_proof: proof.iter().map(to_hex).collect(),
            })
            .collect()
    }
}

/// The provable times of some leaves, and their proof against a tree.
pub(crate) struct Times {
    /// Per leaf asked for, in order.
    pub per_leaf: Vec<ProvableTime>,
    /// The cosigned checkpoints, by size: each note, with its consistency
    /// proof with the tree asked for.
    pub checkpoints: Vec<(String, Vec<Hash>)>,
}

/// The provable times of `leaves` (ascending), and with `tree_size` their
/// checkpoints proven consistent with that tree. Without a witness policy
/// every leaf says "no witness time" and nothing proves anything.
pub(crate) async fn times(
    state: &AppState,
    leaves: &[u64],
    tree_size: Option<u64>,
) -> Result<Times, ApiError> {
    let Some(witnessing) = &state.witnessing else {
        return Ok(Times {
            per_leaf: leaves.iter().map(|_| ProvableTime::of(None, 0)).collect(),
            checkpoints: Vec::new(),
        });
    };
    let policy = witnessing.policy();
    let found = state
        .store
        .witness_times(policy, &state.store.origin(), leaves)
        .await?;
    let per_leaf = found
        .times
        .iter()
        .map(|t| ProvableTime::of(policy.existed_by(t), policy.witnesses.len()))
        .collect();
    let Some(tree_size) = tree_size else {
        return Ok(Times {
            per_leaf,
            checkpoints: Vec::new(),
        });
    };
    let queries: Vec<LogQuery> = found
        .checkpoints
        .iter()
        .filter(|c| c.tree_size != tree_size)
        .map(|c| LogQuery::Consistency {
            first: c.tree_size.min(tree_size),
            second: c.tree_size.max(tree_size),
        })
        .collect();
    let mut proofs = state.store.log_answers(&queries).await?.into_iter();
    let checkpoints = found
        .checkpoints
        .into_iter()
        .map(|c| {
            let proof = if c.tree_size == tree_size {
                Vec::new()
            } else {
                proofs.next().unwrap_or_default()
            };
            (c.note, proof)
        })
        .collect();
    Ok(Times {
        per_leaf,
        checkpoints,
    })
}

/// One record's provable time (`GET /thoughts/{id}`, the pages).
pub(crate) async fn of_record(state: &AppState, log_index: u64) -> Result<ProvableTime, ApiError> {
    Ok(times(state, &[log_index], None)
        .await?
        .per_leaf
        .pop()
        .expect("one leaf asked"))
}
