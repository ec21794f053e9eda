//! `decision-trail fsck`: re-derives everything from the database file alone,
//! without starting the service (docs/design.md §10): the trigger set and
//! each trigger's text, every
//! record's hash, every chain's links, seqs and timestamps, a dense log, every
//! stored leaf against its record, the root of all leaves against the last
//! signed checkpoint (whose signature is checked when the key is at hand),
//! and every task summary against its chain.

use super::open::open_read_only;
use super::{Listing, StoreConfig, StoreError};
use crate::domain::audit::LogAudit;
use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::stored_leaf_index;
use crate::domain::record::RecordFilter;

/// Records read per page.
const PAGE: u32 = 2000;

/// What an intact database holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsckReport {
    pub records: u64,
    pub tasks: usize,
    /// The last checkpoint's origin, when its signature was checked.
    pub signed_by: Option<String>,
}

/// Checks the database `config` names, read-only. `progress` hears
/// (records checked, records signed) as the check goes. The first problem
/// found is the error.
pub async fn fsck(
    config: &StoreConfig,
    verifier_key: Option<&str>,
    mut progress: impl FnMut(u64, u64),
) -> Result<FsckReport, String> {
    let reads = open_read_only(config)
        .await
        .map_err(|e: StoreError| e.to_string())?;
    let store_error = |e: StoreError| e.to_string();
    let missing = reads.missing_triggers().await.map_err(store_error)?;
    if !missing.is_empty() {
        return Err(format!(
            "the database lacks the triggers {}",
            missing.join(", ")
        ));
    }
    let replaced = reads.altered_triggers().await.map_err(store_error)?;
    if !replaced.is_empty() {
        return Err(replaced.join("; "));
    }
    let last = reads.checkpoint(None).await.map_err(store_error)?;
    let signed = last.as_ref().map_or(0, |c| c.tree_size);
    let signed_by = match (&last, verifier_key) {
        (Some(c), Some(key)) => Some(
            open_checkpoint(&c.note, key)
                .map_err(|e| format!("the last checkpoint does not verify with the key: {e}"))?
                .origin,
        ),
        _ => None,
    };
    let mut audit = LogAudit::new();
    let mut after = None;
    loop {
        let page = reads
            .records(Listing::Log, &RecordFilter::default(), after, PAGE)
            .await
            .map_err(store_error)?;
        let Some(last_record) = page.last() else {
            break;
        };
        after = Some(last_record.log_index);
        let indexes: Vec<u64> = page
            .iter()
            .map(|r| stored_leaf_index(r.log_index))
            .collect();
        let stored = reads.log_hashes(&indexes).await.map_err(store_error)?;
        for (record, index) in page.iter().zip(&indexes) {
            let leaf = audit.push(record).map_err(|p| p.to_string())?;
            if record.log_index < signed && stored.get(index) != Some(&leaf) {
                return Err(format!(
                    "log_index {}: the stored leaf is not that of record {} (its hash or agent_id was edited, or the leaf)",
                    record.log_index, record.id
                ));
            }
        }
        progress(audit.size(), signed);
    }
    match &last {
        Some(c) => audit
            .check_root(c.tree_size, c.root)
            .map_err(|p| p.to_string())?,
        None if audit.size() > 0 => {
            return Err(format!(
                "{} records are stored but no checkpoint was ever signed for them",
                audit.size()
            ))
        }
        None => {}
    }
    // The task summaries are derived rows: each must be its chain's.
    let wrong = reads.wrong_summaries().await.map_err(store_error)?;
    if let Some((task, what)) = wrong.first() {
        return Err(format!(
            "task `{task}`: its summary is not what its chain says ({what}){}; the service \
             rewrites it from the chain at its next start",
            match wrong.len() {
                1 => String::new(),
                n => format!(", and {} more", n - 1),
            }
        ));
    }
    reads.close().await;
    Ok(FsckReport {
        records: audit.size(),
        tasks: audit.tasks(),
        signed_by,
    })
}
