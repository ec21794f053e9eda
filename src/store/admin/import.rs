//! `decision-trail log import` (docs/design.md §2, "The second day"): a
//! database behind what its key signed (a restored backup) brought back to a
//! checkpoint the key signed, from the records another copy of the log holds.
//! Nothing is signed: every record must recompute its hash (an erasable
//! one's salt must open its commitment), follow the stored log densely, and
//! together they must reproduce the signed checkpoint's root exactly; that
//! checkpoint's own note is then stored, as signed. So the database catches
//! up to exactly the history the log published, and continues from it.

use std::collections::HashMap;

use crate::domain::checkpoint::open_checkpoint;
use crate::domain::merkle::{leaf_data, to_hex, Frontier};
use crate::domain::record::erasure::{
    erased_by_statement, erasure_reason, hold_of, opening_problem, HoldAction,
};
use crate::domain::Record;
use crate::store::backend::{Erasing, Holding, PlannedBatch, SearchDocument};
use crate::store::open::{open_checked, CheckedLog};
use crate::store::reads::Reads;
use crate::store::{Hold, SignedCheckpoint, StoreConfig, StoreError};

/// A database opened for `log import`: its log checked as at start.
pub struct Import {
    checked: CheckedLog,
}

/// What an import did.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    /// The database's size before.
    pub from: u64,
    /// The signed checkpoint it now holds.
    pub checkpoint: SignedCheckpoint,
    /// Records of the database the imported erasure records erased.
    pub erased_here: usize,
}

fn refuse(what: String) -> StoreError {
    StoreError::Config(format!("nothing was imported: {what}"))
}

impl Import {
    /// Opens the database `config` names for an import (on SQLite the
    /// service must be stopped: the file's lock says so).
    pub async fn open(config: &StoreConfig) -> Result<Import, StoreError> {
        Ok(Import {
            checked: open_checked(config).await?,
        })
    }

    /// The newest checkpoint the database holds: records are wanted from
    /// its size on.
    pub fn signed(&self) -> &SignedCheckpoint {
        &self.checked.own
    }

    /// The log's verifier key, for the caller to check a source's
    /// checkpoint before fetching records.
    pub fn verifier_key(&self) -> &str {
        &self.checked.verifier_key
    }

    /// Appends `records` (the log's records from the database's size on, in
    /// log order) under `note`, a checkpoint this log's key signed that they
    /// must reproduce, in one transaction, and adds the checkpoint to the copy.
    pub async fn append(
        &mut self,
        origin: &str,
        records: Vec<Record>,
        note: &str,
    ) -> Result<Imported, StoreError> {
        let from = self.checked.own.tree_size;
        let signed = open_checkpoint(note, &self.checked.verifier_key).map_err(|e| {
            refuse(format!(
                "the source's checkpoint does not verify with this log's key: {e}"
            ))
        })?;
        if signed.origin != origin {
            return Err(refuse(format!(
                "the source's checkpoint is of the log `{}`, not `{origin}`",
                signed.origin
            )));
        }
        if signed.size < from {
            return Err(refuse(format!(
                "the source's checkpoint is of size {}, behind the database's {from}: it holds \
                 nothing this database lacks",
                signed.size
            )));
        }
        if signed.size == from {
            if signed.root != self.checked.own.root {
                return Err(refuse(crate::store::log::signed::forked(
                    from,
                    &self.checked.own.root,
                    &signed.root,
                    "the source",
                )));
            }
            return Ok(Imported {
                from,
                checkpoint: self.checked.own.clone(),
                erased_here: 0,
            });
        }
        let wanted = signed.size - from;
        if records.len() as u64 != wanted {
            return Err(refuse(format!(
                "the checkpoint of size {} needs the {wanted} records from log_index {from}; \
                 the source gave {}",
                signed.size,
                records.len()
            )));
        }
        let mut frontier = self.checked.frontier.clone();
        let mut log_hashes = Vec::with_capacity(records.len() * 2);
        for (i, record) in records.iter().enumerate() {
            let at = from + i as u64;
            check_record(record, at)?;
            log_hashes.extend(frontier.append(&leaf_data(&record.authored.agent_id, &record.hash)));
        }
        if frontier.root() != signed.root {
            return Err(refuse(format!(
                "the records from log_index {from} do not reproduce the signed checkpoint of size \
                 {} (root {}, the records give {}): the source does not hold the history this \
                 log signed",
                signed.size,
                to_hex(&signed.root),
                to_hex(&frontier.root())
            )));
        }
        let erasures = erasures(&self.checked.reads, &records).await?;
        let erased_here = erasures.len();
        let holds = holds(&records);
        let documents: Vec<SearchDocument> = records
            .iter()
            .map(|r| {
                let metadata = r.authored.metadata.as_ref().map(|m| m.canonical());
                (self.checked.opened.search_document)(&r.authored.content, metadata)
            })
            .collect();
        let checkpoint = SignedCheckpoint {
            tree_size: signed.size,
            root: signed.root,
            note: note.to_string(),
        };
        let batch = PlannedBatch {
            records,
            documents: documents.iter().collect(),
            log_hashes,
            idempotency: Vec::new(),
            idempotency_expires_at: 0,
            checkpoint: checkpoint.clone(),
            erasures,
            holds,
        };
        self.write(&batch).await?;
        self.checked.frontier = frontier;
        self.checked.own = checkpoint.clone();
        self.checked.copy.append(&checkpoint).map_err(|e| {
            StoreError::Unavailable(format!(
                "the records are imported, but the checkpoint copy {} could not be written: {e} \
                 (start the service with --new-checkpoint-copy after checking the disk)",
                self.checked.copy.path().display()
            ))
        })?;
        Ok(Imported {
            from,
            checkpoint,
            erased_here,
        })
    }

    /// Writes the batch in one transaction, or nothing.
    async fn write(&mut self, batch: &PlannedBatch<'_>) -> Result<(), StoreError> {
        let known: Frontier = self.checked.frontier.clone();
        let batches = &mut self.checked.batches;
        let outcome = async {
            if let Some(moved) = batches.begin(&known).await? {
                return Err(refuse(format!(
                    "the database's log moved to size {} meanwhile: is a service running on it?",
                    moved.size
                )));
            }
            batches
                .write(batch)
                .await
                .map_err(|e| refuse(e.into_store_error().to_string()))?;
            batches.commit().await
        }
        .await;
        if outcome.is_err() {
            batches.rollback().await;
        }
        outcome
    }

    /// Closes the database.
    pub async fn close(self) {
        let CheckedLog { batches, reads, .. } = self.checked;
        reads.close().await;
        batches.close().await;
    }
}

/// One record from the source, to be stored at `at`: its place, its hash
/// recomputed, an erasable record's salt opening its commitment.
fn check_record(record: &Record, at: u64) -> Result<(), StoreError> {
    let name = format!("the record at log_index {at} ({})", record.id);
    if record.log_index != at {
        return Err(refuse(format!(
            "the source gave log_index {} where {at} was due: the log must be imported densely, \
             in order",
            record.log_index
        )));
    }
    let computed = record.computed_hash();
    if computed != record.hash {
        return Err(refuse(format!(
            "{name}: its hash does not recompute (recomputed {computed}, stored {}): the source \
             altered it",
            record.hash
        )));
    }
    if let Some(e) = &record.erasable {
        let metadata = record.authored.metadata.as_ref().map(|m| m.canonical());
        if let Some(problem) = opening_problem(
            &e.commitment,
            e.salt.as_deref(),
            e.erased.is_some(),
            &record.authored.content,
            metadata,
        ) {
            return Err(refuse(format!("{name}: {problem}")));
        }
    }
    Ok(())
}

/// The legal holds the imported hold records placed and lifted, in their
/// order: written as the writer writes them, so the holds that stand are
/// the trail's.
fn holds(records: &[Record]) -> Vec<Holding> {
    records
        .iter()
        .filter_map(|record| {
            let statement = hold_of(record.authored.metadata.as_ref()?.canonical())?;
            Some(match statement.action {
                HoldAction::Place => Holding {
                    task_id: record.authored.task_id.clone(),
                    placed: Some(Hold {
                        at: record.timestamp.clone(),
                        by: record.authored.agent_id.clone(),
                        reason: statement.reason.unwrap_or_default(),
                    }),
                    lifted: None,
                },
                HoldAction::Lift => Holding {
                    task_id: record.authored.task_id.clone(),
                    placed: None,
                    lifted: statement.placed,
                },
            })
        })
        .collect()
}

/// The erasures the imported erasure records made: records of the database
/// they name, not yet erased here, erased in the import's transaction as
/// the erasure record says. Every imported record that comes erased must be
/// named by an imported erasure record.
async fn erasures(reads: &Reads, records: &[Record]) -> Result<Vec<Erasing>, StoreError> {
    let imported: HashMap<&str, &Record> = records.iter().map(|r| (r.id.as_str(), r)).collect();
    let mut named: HashMap<String, ()> = HashMap::new();
    let mut erasing = Vec::new();
    for record in records {
        let Some(metadata) = record.authored.metadata.as_ref().map(|m| m.canonical()) else {
            continue;
        };
        let Some(ids) = erased_by_statement(metadata) else {
            continue;
        };
        let reason = erasure_reason(metadata);
        for id in ids {
            named.insert(id.clone(), ());
            if imported.contains_key(id.as_str()) {
                continue;
            }
            let Some(stored) = reads.record(&id).await? else {
                continue;
            };
            let erased = stored.erasable.as_ref().is_some_and(|e| e.erased.is_some());
            if stored.authored.task_id == record.authored.task_id
                && !erased
                && stored.erasable.is_some()
            {
                erasing.push(Erasing {
                    log_index: stored.log_index,
                    at: record.timestamp.clone(),
                    by: record.authored.agent_id.clone(),
                    reason: reason.clone(),
                });
            }
        }
    }
    for record in records {
        let erased = record.erasable.as_ref().is_some_and(|e| e.erased.is_some());
        if erased && !named.contains_key(&record.id) {
            return Err(refuse(format!(
                "the record at log_index {} ({}) comes erased, but no record up to the \
                 checkpoint says so (it was erased after that checkpoint was signed): import \
                 again from a newer checkpoint",
                record.log_index, record.id
            )));
        }
    }
    Ok(erasing)
}
