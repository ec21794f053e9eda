//! What the log's key signed, learned at start from every source the
//! service has (docs/design.md §2, "The second day"): the database's own
//! checkpoints, its checkpoint copy, what an operator states
//! (`--signed-at-least`, `--signed-checkpoint`) and, under a witness policy,
//! the witnesses (`http::log::witnessing`). A database behind any of them is a
//! restored backup or a rolled-back one: signing on it would give a second
//! root to a size already signed, so the start is refused, naming the sizes
//! and the two honest ways on.

use std::path::Path;

use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::{to_hex, verify_consistency, Hash, LogQuery};
use crate::store::reads::Reads;
use crate::store::{SignedCheckpoint, StoreError};

/// What a source says the log's key signed.
#[derive(Debug, Clone, PartialEq)]
pub struct SignedClaim {
    /// The largest size it says was signed.
    pub size: u64,
    /// The root signed at that size, when the source gives it (a checkpoint
    /// does; a bare size does not).
    pub root: Option<Hash>,
    /// Who says so, as the refusal names it.
    pub source: String,
}

impl SignedClaim {
    /// `--signed-at-least SIZE`: the operator's word for a size.
    pub fn at_least(size: u64) -> SignedClaim {
        SignedClaim {
            size,
            root: None,
            source: "--signed-at-least".into(),
        }
    }

    /// `--signed-checkpoint FILE`: a checkpoint note (a monitor's, an
    /// auditor's, a witness's copy), which must verify with the log's key
    /// and be of its origin. A checkpoint file of `decision-trail verify`'s
    /// state or an export's header is not this: the note itself, as
    /// `GET /log/checkpoint` serves it.
    pub fn from_note_file(
        path: &Path,
        verifier_key: &str,
        origin: &str,
    ) -> Result<SignedClaim, StoreError> {
        let source = format!("the checkpoint {}", path.display());
        let refuse = |what: String| StoreError::Config(format!("{source}: {what}"));
        let note =
            std::fs::read_to_string(path).map_err(|e| refuse(format!("cannot read: {e}")))?;
        let opened = open_checkpoint(&note, verifier_key)
            .map_err(|e| refuse(format!("does not verify with the log's key: {e}")))?;
        if opened.origin != origin {
            return Err(refuse(format!(
                "is a checkpoint of the log `{}`, not of `{origin}`",
                opened.origin
            )));
        }
        Ok(SignedClaim {
            size: opened.size,
            root: Some(opened.root),
            source,
        })
    }
}

/// Why a database whose newest checkpoint is of `stored` records may not be
/// served when `source` says the key signed `signed` (> `stored`): the
/// sizes, and the two honest ways on.
pub fn behind_signed(stored: u64, signed: u64, source: &str) -> String {
    format!(
        "the database's log holds {stored} records, but {source} says this log's key signed \
         {signed}: the database is behind what the log signed (restored from a backup, or a \
         database that lost commits). Refusing to start: appending here would sign a second \
         root for a size already signed, a fork every monitor and witness reports. The honest \
         ways on: bring back the missing records with `decision-trail log import SOURCE` (an \
         export or a service that holds them, each record checked to reproduce the signed \
         checkpoint), then start again; or start a new log and say so with `decision-trail log \
         rotate --origin NEW` (a new key and origin, which the old key names in a signed \
         successor statement)"
    )
}

/// Why a database whose checkpoint of `size` has another root than the one
/// `source` says was signed may not be served.
pub fn forked(size: u64, stored: &Hash, signed: &Hash, source: &str) -> String {
    format!(
        "two different roots were signed for size {size}: the database's is {}, {source} holds \
         {}. Refusing to start: this database is not the history the log published (a backup \
         restored and then appended to, or another log under the same key); start a new log \
         with `decision-trail log rotate --origin NEW`, or restore the database that holds the \
         published history",
        to_hex(stored),
        to_hex(signed)
    )
}

/// Whether the stored log whose newest checkpoint is `latest` extends the
/// tree of `size` and `root` (the same root at the same size, or a
/// consistency proof from it), read from the stored hashes.
pub(crate) async fn extends(
    reads: &Reads,
    size: u64,
    root: &Hash,
    latest: &SignedCheckpoint,
) -> Result<bool, StoreError> {
    if size == latest.tree_size {
        return Ok(*root == latest.root);
    }
    if size == 0 || size > latest.tree_size {
        return Ok(size == 0);
    }
    let query = LogQuery::Consistency {
        first: size,
        second: latest.tree_size,
    };
    let known = reads.log_hashes(&query.indexes()).await?;
    let Ok(proof) = query.answer(&known) else {
        return Ok(false);
    };
    Ok(verify_consistency(
        &proof,
        size,
        *root,
        latest.tree_size,
        latest.root,
    ))
}

/// Checks the database's newest checkpoint `latest` against `claim`: the
/// database must hold at least the size claimed, and where the claim gives
/// a root, extend it.
pub(crate) async fn check_claim(
    reads: &Reads,
    latest: &SignedCheckpoint,
    claim: &SignedClaim,
) -> Result<(), StoreError> {
    if claim.size > latest.tree_size {
        return Err(StoreError::Config(behind_signed(
            latest.tree_size,
            claim.size,
            &claim.source,
        )));
    }
    let Some(root) = &claim.root else {
        return Ok(());
    };
    if claim.size == latest.tree_size && *root != latest.root {
        return Err(StoreError::Config(forked(
            claim.size,
            &latest.root,
            root,
            &claim.source,
        )));
    }
    if !extends(reads, claim.size, root, latest).await? {
        return Err(StoreError::Config(format!(
            "the database's log of {} records does not extend the checkpoint of size {} that {} \
             holds: this database is not the history the log published. Refusing to start; \
             start a new log with `decision-trail log rotate --origin NEW`, or restore the \
             database that holds the published history",
            latest.tree_size, claim.size, claim.source
        )));
    }
    Ok(())
}
