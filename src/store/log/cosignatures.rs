//! Witnesses' cosignatures of the log's checkpoints (docs/design.md §2,
//! "Witnesses"): stored through the writer's connection, between batches,
//! append-only; read back by checkpoint size. The same SQL on both backends.

use std::collections::{BTreeMap, HashMap};

use crate::domain::witness::{split_note, Policy, WitnessTime};
use crate::store::backend::sql::{position, Db, Param, Query};
use crate::store::{SignedCheckpoint, Store, StoreError};

/// A cosignature to keep: the witness key (`<name>+<key id hex>`) and its
/// signature line (without the newline).
pub type Cosignature = (String, String);

/// Stores `lines` for the checkpoint of `tree_size`
/// (`BatchStorage::put_cosignatures`). Rows are keyed by their line too, so
/// a line stored ahead of a witness's own (one it did not sign) never keeps
/// the real one out; only lines that verify are served.
pub(crate) async fn put(
    mut db: Db<'_>,
    tree_size: u64,
    origin: &str,
    lines: &[Cosignature],
) -> Result<(), StoreError> {
    let size = position(tree_size)
        .ok_or_else(|| StoreError::Internal(format!("tree size {tree_size} past 2^63")))?;
    for (witness, line) in lines {
        let insert = Query::new(
            "INSERT INTO cosignatures (tree_size, witness, line, origin) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (tree_size, witness, line) DO NOTHING",
        )
        .bind(Param::Int(size))
        .bind(Param::Text(witness))
        .bind(Param::Text(line))
        .bind(Param::Text(origin));
        db.reborrow().execute(&insert).await?;
    }
    Ok(())
}

impl Store {
    /// Keeps witnesses' cosignature lines of the checkpoint of `tree_size`.
    pub async fn put_cosignatures(
        &self,
        tree_size: u64,
        lines: Vec<Cosignature>,
    ) -> Result<(), StoreError> {
        self.writer.put_cosignatures(tree_size, lines).await
    }

    /// The cosignature rows stored for the checkpoint of `tree_size` of the
    /// log `origin` (or stored before rows named their log),
    /// `(witness key, line)`, in witness-key order: unchecked (the caller
    /// serves only those that verify, `Policy::check_stored`).
    pub async fn cosignature_rows(
        &self,
        tree_size: u64,
        origin: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        let Some(size) = position(tree_size) else {
            return Ok(Vec::new());
        };
        let query = Query::new(
            "SELECT witness, line FROM cosignatures WHERE tree_size = $1 \
             AND (origin IS NULL OR origin = $2) ORDER BY witness, line",
        )
        .bind(Param::Int(size))
        .bind(Param::Text(origin));
        self.reads.db().fetch_all(&query).await
    }

    /// The sizes of the newest `limit` checkpoints with any cosignature,
    /// newest first.
    pub async fn cosigned_sizes(&self, limit: u32) -> Result<Vec<u64>, StoreError> {
        let query = Query::new(
            "SELECT DISTINCT tree_size FROM cosignatures ORDER BY tree_size DESC LIMIT $1",
        )
        .bind(Param::Int(i64::from(limit)));
        let rows: Vec<(i64,)> = self.reads.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(|(size,)| size as u64).collect())
    }
}

/// The witness times of some leaves (docs/design.md §18): each policy
/// witness's first valid cosignature of a checkpoint covering each leaf, and
/// the checkpoints that prove them, each with the lines used.
#[derive(Debug, Default)]
pub struct WitnessTimes {
    /// Per leaf asked for, in the order asked: its witnesses' times.
    pub times: Vec<Vec<WitnessTime>>,
    /// The cosigned checkpoints the times are read from, by size: the log's
    /// note with the used cosignature lines after its signature.
    pub checkpoints: Vec<SignedCheckpoint>,
}

impl Store {
    /// The witness times of `leaves` (ascending) of the log `origin` under
    /// `policy`. Only lines that verify with the policy's keys count, so a
    /// row written into the database by anyone else moves nothing.
    pub async fn witness_times(
        &self,
        policy: &Policy,
        origin: &str,
        leaves: &[u64],
    ) -> Result<WitnessTimes, StoreError> {
        let mut out = WitnessTimes {
            times: vec![Vec::new(); leaves.len()],
            checkpoints: Vec::new(),
        };
        let (Some(&first), Some(&last)) = (leaves.first(), leaves.last()) else {
            return Ok(out);
        };
        let mut notes: HashMap<u64, Option<SignedCheckpoint>> = HashMap::new();
        let mut used: BTreeMap<u64, Vec<(usize, String)>> = BTreeMap::new();
        for (w, witness) in policy.witnesses.iter().enumerate() {
            let key = format!("{}+{:08x}", witness.key.name(), witness.key.id());
            let rows = self.covering_rows(&key, origin, first, last).await?;
            let mut valid: HashMap<usize, Option<u64>> = HashMap::new();
            let mut at = 0;
            for (l, &leaf) in leaves.iter().enumerate() {
                while let Some((size, line)) = rows.get(at) {
                    let size = *size as u64;
                    if size <= leaf {
                        at += 1;
                        continue;
                    }
                    let time = match valid.get(&at) {
                        Some(time) => *time,
                        None => {
                            if let std::collections::hash_map::Entry::Vacant(e) = notes.entry(size)
                            {
                                e.insert(self.checkpoint(size).await?);
                            }
                            let time = notes[&size]
                                .as_ref()
                                .and_then(|c| split_note(&c.note))
                                .and_then(|(body, _)| witness.key.verify_line(body, line));
                            valid.insert(at, time);
                            time
                        }
                    };
                    let Some(time) = time else {
                        at += 1;
                        continue;
                    };
                    out.times[l].push(WitnessTime {
                        witness: w,
                        tree_size: size,
                        time,
                    });
                    let lines = used.entry(size).or_default();
                    if !lines.iter().any(|(_, l)| l == line) {
                        lines.push((w, line.clone()));
                    }
                    break;
                }
            }
        }
        for (size, mut lines) in used {
            let Some(Some(checkpoint)) = notes.remove(&size) else {
                continue;
            };
            lines.sort();
            let cosignatures: String = lines.iter().map(|(_, l)| format!("{l}\n")).collect();
            out.checkpoints.push(SignedCheckpoint {
                note: format!("{}{cosignatures}", checkpoint.note),
                ..checkpoint
            });
        }
        Ok(out)
    }

    /// The rows of witness key `key` that may be the first covering
    /// cosignature of a leaf in `first..=last`: sizes above `first`, up to
    /// the first size above `last`, by size.
    async fn covering_rows(
        &self,
        key: &str,
        origin: &str,
        first: u64,
        last: u64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        let (Some(first), Some(last)) = (position(first), position(last)) else {
            return Ok(Vec::new());
        };
        let query = Query::new(
            "SELECT tree_size, line FROM cosignatures WHERE witness = $1 AND tree_size > $2 \
             AND (origin IS NULL OR origin = $3) AND tree_size <= COALESCE((SELECT MIN(tree_size) \
             FROM cosignatures WHERE witness = $1 AND tree_size > $4 \
             AND (origin IS NULL OR origin = $3)), $4) ORDER BY tree_size, line",
        )
        .bind(Param::Text(key))
        .bind(Param::Int(first))
        .bind(Param::Text(origin))
        .bind(Param::Int(last));
        self.reads.db().fetch_all(&query).await
    }
}

/// Every stored cosignature row of the log `origin` (or stored before rows
/// named their log), `(tree size, witness key, line)`, by size (`fsck
/// --witness-policy`).
pub(crate) async fn all_rows(
    db: Db<'_>,
    origin: &str,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    let query = Query::new(
        "SELECT tree_size, witness, line FROM cosignatures WHERE origin IS NULL OR origin = $1 \
         ORDER BY tree_size, witness, line",
    )
    .bind(Param::Text(origin));
    db.fetch_all(&query).await
}

impl Store {
    /// The log indexes of task `task_id`'s records in the tree of
    /// `tree_size`, ascending (the leaves an export's witness times cover).
    pub async fn task_leaves(&self, task_id: &str, tree_size: u64) -> Result<Vec<u64>, StoreError> {
        let Some(size) = position(tree_size) else {
            return Ok(Vec::new());
        };
        let query = Query::new(
            "SELECT log_index FROM thoughts WHERE task_id = $1 AND log_index < $2 \
             ORDER BY log_index",
        )
        .bind(Param::Text(task_id))
        .bind(Param::Int(size));
        let rows: Vec<(i64,)> = self.reads.db().fetch_all(&query).await?;
        Ok(rows.into_iter().map(|(i,)| i as u64).collect())
    }
}
