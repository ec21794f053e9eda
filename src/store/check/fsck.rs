//! `decision-trail fsck`: re-derives everything from the database file alone,
//! without starting the service (docs/design.md §10): the trigger set and
//! each trigger's text, every
//! record's hash, every chain's links, seqs and timestamps, a dense log, every
//! stored leaf against its record, the root of all leaves against the last
//! signed checkpoint (whose signature is checked when the key is at hand),
//! and every task summary against its chain; the search index against one
//! built again from the records, every capability snapshot re-verified, and,
//! given the witness policy, every stored cosignature.

use crate::domain::audit::LogAudit;
use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::stored_leaf_index;
use crate::domain::record::RecordFilter;
use crate::domain::witness::{split_note, Policy};
use crate::store::check::index::IndexCheck;
use crate::store::open::open_read_only;
use crate::store::{Listing, StoreConfig, StoreError};

/// Records read per page.
const PAGE: u32 = 2000;

/// What an intact database holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsckReport {
    pub records: u64,
    /// Records whose content was erased, each checked through its
    /// commitment and named by an erasure record (docs/design.md §12).
    pub erased: u64,
    pub tasks: usize,
    /// The last checkpoint's origin, when its signature was checked.
    pub signed_by: Option<String>,
    /// Capability snapshots re-verified.
    pub snapshots: u64,
    /// Whether there was a search index to check (a SQLite database copied
    /// without its index's file has none: the service builds it again).
    pub index_checked: bool,
    /// Stored cosignature lines checked against the witness policy, when
    /// one was given.
    pub cosignatures: Option<u64>,
}

/// What `fsck` is given besides the database.
#[derive(Default)]
pub struct FsckTrust<'a> {
    /// The log's verifier key: the last checkpoint's signature is checked.
    pub verifier_key: Option<&'a str>,
    /// The witness policy: every stored cosignature is checked against it.
    pub witness_policy: Option<&'a Policy>,
}

/// Checks the database `config` names, read-only. `progress` hears
/// (records checked, records signed) as the check goes. The first problem
/// found is the error.
pub async fn fsck(
    config: &StoreConfig,
    trust: FsckTrust<'_>,
    mut progress: impl FnMut(u64, u64),
) -> Result<FsckReport, String> {
    let verifier_key = trust.verifier_key;
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
    let mut index = IndexCheck::begin(reads.db()).await.map_err(store_error)?;
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
        index.add(&page).await.map_err(store_error)?;
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
    audit.finish().map_err(|p| p.to_string())?;
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
    // The search index is derived: it must be its records' words, no more.
    let index_checked = index.present();
    if let Some(difference) = index.finish().await.map_err(store_error)? {
        return Err(format!(
            "{difference}; `decision-trail index rebuild` builds it again from the records"
        ));
    }
    let snapshots = check_snapshots(&reads).await?;
    let origin = last
        .as_ref()
        .and_then(|c| c.note.lines().next().map(str::to_string))
        .unwrap_or_default();
    let cosignatures = match trust.witness_policy {
        Some(policy) => Some(check_cosignatures(&reads, policy, &origin).await?),
        None => None,
    };
    reads.close().await;
    Ok(FsckReport {
        records: audit.size(),
        erased: audit.erased(),
        tasks: audit.tasks(),
        signed_by,
        snapshots,
        index_checked,
        cosignatures,
    })
}

/// Every capability snapshot re-verified whole: how many.
async fn check_snapshots(reads: &crate::store::reads::Reads) -> Result<u64, String> {
    let mut after = String::new();
    let mut checked = 0;
    loop {
        let page = crate::store::snapshots::page(reads.db(), &after, 500)
            .await
            .map_err(|e| e.to_string())?;
        let Some(last) = page.last() else {
            return Ok(checked);
        };
        after = last.hash.clone();
        for s in &page {
            if let Some(why) = s.problem() {
                return Err(format!(
                    "capability snapshot {}: {why}; the service never serves it",
                    s.hash
                ));
            }
        }
        checked += page.len() as u64;
    }
}

/// Every stored cosignature line against the policy's witness keys: how many.
async fn check_cosignatures(
    reads: &crate::store::reads::Reads,
    policy: &Policy,
    origin: &str,
) -> Result<u64, String> {
    let rows = crate::store::log::cosignatures::all_rows(reads.db(), origin)
        .await
        .map_err(|e| e.to_string())?;
    for group in rows.chunk_by(|a, b| a.0 == b.0) {
        let size = group[0].0;
        let lines: Vec<(String, String)> = group
            .iter()
            .map(|(_, w, l)| (w.clone(), l.clone()))
            .collect();
        let checkpoint = reads
            .checkpoint(Some(size as u64))
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| {
                format!("cosignatures are stored for size {size}, of which no checkpoint is")
            })?;
        let (body, _) = split_note(&checkpoint.note)
            .ok_or_else(|| format!("the checkpoint of size {size} is not a signed note"))?;
        if let Some(why) = policy.check_stored(body, &lines).altered.first() {
            return Err(format!(
                "the cosignatures of the checkpoint of size {size}: {why}; the service never \
                 serves it"
            ));
        }
    }
    Ok(rows.len() as u64)
}
