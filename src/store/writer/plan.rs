//! A batch planned in memory (docs/design.md §4): each append is a retry of
//! an earlier one (same idempotency key, same request), a refusal (a reused
//! key, a moved head) or a new record chained on its head and added to the
//! log, and the checkpoint of the result is signed; then each caller's
//! answer once the batch is committed.

use std::collections::HashMap;
use std::ops::Range;

use super::task::State;
use crate::domain::chain::{self, ChainHead};
use crate::domain::idempotency::{same_request, stored_row_problem, FirstRequest};
use crate::domain::merkle::{leaf_data, Frontier};
use crate::domain::{NewRecord, Record};
use crate::store::backend::{
    BatchError, Effects, Erasing, HoldOrder, Holding, Loaded, PlannedBatch, ScopedIdempotencyKey,
    SearchDocument,
};
use crate::store::{Appended, Hold, Idempotency, SignedCheckpoint, StoreError};

/// What became of one append of a batch.
pub(super) enum Outcome {
    /// A new record: the batch's `records[i]`.
    New(usize),
    /// A retry of an append earlier in the batch (same key and request).
    Again(usize),
    /// A retry of an append committed before (boxed: a record is large).
    Stored(Box<Record>),
    /// Refused on its own (a moved head, a reused key); the batch goes on.
    Refused(StoreError),
}

/// What an atomic group's planning restores when one of its items is refused.
struct Savepoint {
    /// Records (and their search documents) planned before the group.
    records: usize,
    log_hashes: usize,
    new_idempotency: usize,
    erasures: usize,
    holds: usize,
    frontier: Frontier,
    moved: HashMap<String, ChainHead>,
}

/// Why an atomic group is refused, if it is: its first refusal, or a group
/// that would be part retry, part new records (keys that outlived their
/// batch's other keys: an erased record's key answers any request).
fn refusal(outcomes: &[Outcome], items: &[Item<'_>]) -> Option<StoreError> {
    if let Some(e) = outcomes.iter().find_map(|o| match o {
        Outcome::Refused(e) => Some(e.clone()),
        _ => None,
    }) {
        return Some(e);
    }
    let new = outcomes
        .iter()
        .filter(|o| matches!(o, Outcome::New(_)))
        .count();
    if new == 0 || new == outcomes.len() {
        return None;
    }
    let retried = outcomes
        .iter()
        .zip(items)
        .find(|(o, _)| !matches!(o, Outcome::New(_)))
        .and_then(|(_, (_, idempotency, ..))| *idempotency)?;
    Some(StoreError::IdempotencyKeyReused {
        idempotency_key: retried.idempotency_key.clone(),
    })
}

/// An idempotency key seen in this batch or found stored: what it created.
enum Earlier {
    /// The batch's `records[i]`.
    Index(usize),
    /// A record committed before.
    Stored(Box<Record>),
    /// A stored row that is not what the service wrote: why.
    Altered(String),
}

/// A batch planned in memory, and what takes effect once it is committed.
pub(super) struct Plan<'a> {
    /// None when no append of the batch makes a new record.
    pub(super) batch: Option<PlannedBatch<'a>>,
    /// Each append's fate, in the batch's order.
    pub(super) outcomes: Vec<Outcome>,
    /// The heads the batch moves.
    pub(super) moved: HashMap<String, ChainHead>,
    /// The log with the batch's records in it.
    pub(super) frontier: Frontier,
}

/// One append as the batch sees it: the draft, its idempotency key, its
/// search document.
pub(super) type Item<'a> = (
    &'a NewRecord,
    Option<&'a Idempotency>,
    &'a SearchDocument,
    &'a Effects,
);

impl State {
    /// Plans a batch in memory: each append is a retry (same key, same
    /// request), a refusal (reused key, moved head) or a new record chained on
    /// its head and added to the log; the checkpoint of the result is signed.
    ///
    /// The items of each of `atomic`'s ranges are appended all or none: when
    /// one is refused, what the others planned is undone and each is refused
    /// with that reason.
    pub(super) fn plan<'a>(
        &self,
        items: &[Item<'a>],
        atomic: &[Range<usize>],
        mut loaded: Loaded,
        idempotency_expires_at: i64,
        first_stamp: String,
    ) -> Result<Plan<'a>, BatchError> {
        let mut first_stamp = Some(first_stamp);
        let mut frontier = self.frontier.clone();
        let mut moved: HashMap<String, ChainHead> = HashMap::new();
        let mut records: Vec<Record> = Vec::with_capacity(items.len());
        let mut documents = Vec::with_capacity(items.len());
        let mut outcomes = Vec::with_capacity(items.len());
        let mut log_hashes = Vec::with_capacity(items.len() * 2);
        let mut seen: HashMap<ScopedIdempotencyKey, (String, Earlier)> = HashMap::new();
        let mut new_idempotency: Vec<(&Idempotency, usize)> = Vec::new();
        let mut erasures = Vec::new();
        let mut holds = Vec::new();
        let mut groups = atomic.iter().peekable();
        let mut savepoint: Option<(&Range<usize>, Savepoint)> = None;
        // One step past the last item, to settle a group that ends with it.
        for at in 0..=items.len() {
            // An atomic group that ended before this item is settled first.
            if let Some((group, _)) = &savepoint {
                if group.end == at {
                    let (group, point) = savepoint.take().expect("checked above");
                    if let Some(e) = refusal(&outcomes[group.clone()], &items[group.clone()]) {
                        records.truncate(point.records);
                        documents.truncate(point.records);
                        log_hashes.truncate(point.log_hashes);
                        new_idempotency.truncate(point.new_idempotency);
                        erasures.truncate(point.erasures);
                        holds.truncate(point.holds);
                        frontier = point.frontier;
                        moved = point.moved;
                        seen.retain(|_, (_, earlier)| {
                            !matches!(earlier, Earlier::Index(i) if *i >= point.records)
                        });
                        outcomes.truncate(group.start);
                        outcomes.extend(group.clone().map(|_| Outcome::Refused(e.clone())));
                    }
                }
            }
            if groups.peek().is_some_and(|g| g.start == at) {
                let group = groups.next().expect("peeked");
                savepoint = Some((
                    group,
                    Savepoint {
                        records: records.len(),
                        log_hashes: log_hashes.len(),
                        new_idempotency: new_idempotency.len(),
                        erasures: erasures.len(),
                        holds: holds.len(),
                        frontier: frontier.clone(),
                        moved: moved.clone(),
                    },
                ));
            }
            let Some((draft, idempotency, search, effects)) = items.get(at) else {
                break;
            };
            if let Some(idempotency) = idempotency {
                let id = (
                    idempotency.scope.clone(),
                    idempotency.idempotency_key.clone(),
                );
                if !seen.contains_key(&id) {
                    if let Some((fingerprint, record)) = loaded.idempotency.remove(&id) {
                        // The record the row names is answered only if it is
                        // what the fingerprinted request made, in the key's
                        // scope (docs/design.md §2, "Nothing read back is
                        // trusted").
                        let earlier = match record.and_then(|r| {
                            match stored_row_problem(
                                &idempotency.scope,
                                &fingerprint,
                                idempotency.form,
                                &r,
                            ) {
                                None => Ok(r),
                                Some(why) => Err(why),
                            }
                        }) {
                            Ok(r) => Earlier::Stored(Box::new(r)),
                            Err(why) => Earlier::Altered(why),
                        };
                        seen.insert(id.clone(), (fingerprint, earlier));
                    }
                }
                if let Some((fingerprint, earlier)) = seen.get(&id) {
                    // The same key is a retry only for the same request.
                    let first = match earlier {
                        Earlier::Index(_) => FirstRequest::InThisBatch,
                        Earlier::Stored(r) => FirstRequest::Made(r),
                        Earlier::Altered(_) => FirstRequest::Altered,
                    };
                    outcomes.push(
                        if !same_request(
                            fingerprint,
                            &idempotency.fingerprint,
                            idempotency.form,
                            draft,
                            first,
                        ) {
                            Outcome::Refused(StoreError::IdempotencyKeyReused {
                                idempotency_key: idempotency.idempotency_key.clone(),
                            })
                        } else {
                            match earlier {
                                Earlier::Index(i) => Outcome::Again(*i),
                                Earlier::Stored(r) => Outcome::Stored(r.clone()),
                                Earlier::Altered(why) => {
                                    crate::store::rows_refused("idempotency", 1);
                                    Outcome::Refused(StoreError::RowAltered(format!(
                                        "Idempotency-Key `{}`: {why} (the database was altered); \
                                     nothing was appended: an operator must look before this \
                                     request is sent again",
                                        idempotency.idempotency_key
                                    )))
                                }
                            }
                        },
                    );
                    continue;
                }
            }
            let head = moved
                .get(&draft.authored.task_id)
                .or_else(|| self.heads.get(&draft.authored.task_id))
                .or_else(|| loaded.heads.get(&draft.authored.task_id));
            if let Err((head_hash, length)) = chain::check_expected_head(draft, head) {
                outcomes.push(Outcome::Refused(StoreError::HeadMoved {
                    task_id: draft.authored.task_id.clone(),
                    head_hash,
                    length,
                }));
                continue;
            }
            // The id carries the record's timestamp (docs/design.md §1), the
            // clock reading unless the chain's last record is later.
            let now = first_stamp.take().unwrap_or_else(|| self.read_clock().0);
            let timestamp = match head {
                Some(h) => self.stamp_after(now, &h.last_timestamp),
                None => now,
            };
            // An erasable record's salt, from the OS's CSPRNG.
            let salt = draft.erasable.then(|| {
                let mut salt = [0u8; crate::domain::record::erasure::SALT_BYTES];
                crate::store::random::fill(&mut salt);
                salt
            });
            let record = chain::link(
                (*draft).clone(),
                head,
                frontier.size(),
                (self.seams.new_id)(&timestamp),
                timestamp,
                salt,
            );
            erasures.extend(effects.erasing.iter().map(|order| Erasing {
                log_index: order.log_index,
                at: record.timestamp.clone(),
                by: record.authored.agent_id.clone(),
                reason: order.reason.clone(),
            }));
            if let Some(order) = &effects.hold {
                holds.push(match order {
                    HoldOrder::Place { reason } => Holding {
                        task_id: record.authored.task_id.clone(),
                        placed: Some(Hold {
                            at: record.timestamp.clone(),
                            by: record.authored.agent_id.clone(),
                            reason: reason.clone(),
                        }),
                        lifted: None,
                    },
                    HoldOrder::Lift {
                        placed_at,
                        placed_by,
                    } => Holding {
                        task_id: record.authored.task_id.clone(),
                        placed: None,
                        lifted: Some((placed_at.clone(), placed_by.clone())),
                    },
                });
            }
            log_hashes.extend(frontier.append(&leaf_data(&record.authored.agent_id, &record.hash)));
            moved.insert(record.authored.task_id.clone(), ChainHead::after(&record));
            if let Some(idempotency) = idempotency {
                seen.insert(
                    (
                        idempotency.scope.clone(),
                        idempotency.idempotency_key.clone(),
                    ),
                    (
                        idempotency.fingerprint.clone(),
                        Earlier::Index(records.len()),
                    ),
                );
                new_idempotency.push((idempotency, records.len()));
            }
            outcomes.push(Outcome::New(records.len()));
            records.push(record);
            documents.push(*search);
        }
        let batch = (!records.is_empty()).then(|| PlannedBatch {
            records,
            documents,
            log_hashes,
            idempotency: new_idempotency,
            idempotency_expires_at,
            checkpoint: SignedCheckpoint::sign(&frontier, &self.signer, &self.origin),
            erasures,
            holds,
        });
        Ok(Plan {
            batch,
            outcomes,
            moved,
            frontier,
        })
    }
}

/// Each new record goes to its caller; retries within the batch get a copy.
/// A retry comes after the append it repeats, so walking backwards copies each
/// record before it is moved out.
pub(super) fn answers(
    outcomes: Vec<Outcome>,
    records: Vec<Record>,
) -> Vec<Result<Appended, StoreError>> {
    let mut records: Vec<Option<Record>> = records.into_iter().map(Some).collect();
    let mut answers: Vec<Result<Appended, StoreError>> = outcomes
        .into_iter()
        .rev()
        .map(|o| match o {
            Outcome::New(i) => Ok(Appended {
                record: records[i].take().expect("a record is moved out once"),
                replayed: false,
            }),
            Outcome::Again(i) => Ok(Appended {
                record: records[i].clone().expect("a retry comes after its record"),
                replayed: true,
            }),
            Outcome::Stored(record) => Ok(Appended {
                record: *record,
                replayed: true,
            }),
            Outcome::Refused(e) => Err(e),
        })
        .collect();
    answers.reverse();
    answers
}
