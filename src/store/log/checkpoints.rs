//! The log as the store serves it (docs/design.md §2): its checkpoints,
//! this process's and the database's, and the stored hashes that answer
//! proofs, the nodes most proofs share kept in memory; the log's C2SP
//! tlog-tiles (tiles and entry bundles), each one range read.

use std::sync::Arc;

use crate::domain::merkle::{leaf_data, Hash, LogQuery, StoredHashes};
use crate::domain::record::RecordFilter;
use crate::domain::tiles::Tile;
use crate::store::{Listing, SignedCheckpoint, Store, StoreError};

impl Store {
    /// This process's newest checkpoint: it covers every append it
    /// acknowledged (not those of other replicas: [`Store::database_checkpoint`]).
    pub fn own_checkpoint(&self) -> Arc<SignedCheckpoint> {
        self.own.borrow().clone()
    }

    /// The database's newest checkpoint: it covers every acknowledged append,
    /// by this process or, on a shared database, by any replica (read from
    /// the database, one indexed row; on a database of this process alone,
    /// [`Store::own_checkpoint`]).
    pub async fn database_checkpoint(&self) -> Result<Arc<SignedCheckpoint>, StoreError> {
        let known = self.own_checkpoint();
        if !self.shared {
            return Ok(known);
        }
        let newest = self.newest_stored_checkpoint().await?;
        if newest.tree_size > known.tree_size {
            let newer = newest.clone();
            let published = self.publish.send_if_modified(|current| {
                let newer_than_current = newer.tree_size > current.tree_size;
                if newer_than_current {
                    *current = newer.clone();
                }
                newer_than_current
            });
            // Served, so binding: kept in this process's copy too.
            if published {
                self.writer.bind(newest.clone());
            }
        }
        Ok(newest)
    }

    /// The newest checkpoint stored in the database, its signature checked
    /// (only a checkpoint this log's key signed is served: a row written
    /// into the table by anyone else is refused), or this process's when
    /// that is as new. On a database of this process alone it covers a
    /// record committed a moment before its checkpoint was published (the
    /// chain walk's records past the checkpoint it began with).
    ///
    /// A database whose newest checkpoint is below this process's, or of
    /// the same size with another root, lost what was signed (a standby
    /// promoted behind its primary): its log is altered, never served beside
    /// the one this process signed or served.
    pub(crate) async fn newest_stored_checkpoint(
        &self,
    ) -> Result<Arc<SignedCheckpoint>, StoreError> {
        let own = self.own_checkpoint();
        let stored = self.reads.checkpoint(None).await?;
        let (size, root) = stored.as_ref().map_or_else(
            || (0, crate::domain::merkle::Frontier::empty().root()),
            |s| (s.tree_size, s.root),
        );
        if own.tree_size > 0 {
            crate::domain::checkpoint::check_bound(size, &root, own.tree_size, &own.root)
                .map_err(|(_, why)| StoreError::LogAltered(why))?;
        }
        match stored {
            Some(stored) if stored.tree_size > own.tree_size => {
                crate::domain::checkpoint::open_checkpoint(&stored.note, &self.verifier_key)
                    .map_err(|e| {
                        StoreError::LogAltered(format!(
                            "the database's newest checkpoint (size {}) does not verify with \
                             the log's key: {e}",
                            stored.tree_size
                        ))
                    })?;
                Ok(Arc::new(stored))
            }
            _ => Ok(own),
        }
    }

    /// A statement of the log's own signed with its key (a signed note):
    /// one whose first line names its kind, never a checkpoint's.
    pub(crate) fn sign_note(&self, text: &str) -> String {
        self.signer.sign_note(text)
    }

    /// The log's verifier key, in signed-note format.
    pub fn verifier_key(&self) -> &str {
        &self.verifier_key
    }

    /// The database backend: `sqlite` or `postgres` (a shared database).
    pub fn backend(&self) -> &'static str {
        if self.shared {
            "postgres"
        } else {
            "sqlite"
        }
    }

    /// The log's name: its checkpoints' first line.
    pub fn origin(&self) -> String {
        let own = self.own_checkpoint();
        own.note.lines().next().unwrap_or_default().to_string()
    }

    /// A successor statement (docs/design.md §2, "The second day"): the one
    /// that names this log as the new one, or with `from`, the one the log
    /// named `from` signed when it was rotated.
    pub async fn successor(&self, from: Option<&str>) -> Result<Option<String>, StoreError> {
        match from {
            Some(old) => self.reads.successor("old_origin", old).await,
            None => self.reads.successor("new_origin", &self.origin()).await,
        }
    }

    /// The checkpoint signed at `tree_size`, if the log signed one at that size.
    pub async fn checkpoint(&self, tree_size: u64) -> Result<Option<SignedCheckpoint>, StoreError> {
        self.reads.checkpoint(Some(tree_size)).await
    }

    /// The newest checkpoint that covers leaf `log_index`. The writer publishes a
    /// checkpoint before it answers, but a reader can see a committed record a
    /// moment before that; the checkpoint committed with it is then read back.
    pub async fn checkpoint_covering(
        &self,
        log_index: u64,
    ) -> Result<SignedCheckpoint, StoreError> {
        let own = self.own_checkpoint();
        if log_index < own.tree_size {
            return Ok((*own).clone());
        }
        let newest = self.reads.checkpoint(None).await?;
        match newest {
            Some(c) if log_index < c.tree_size => Ok(c),
            newest => Err(StoreError::NotSigned {
                log_index,
                tree_size: newest.map_or(own.tree_size, |c| c.tree_size.max(own.tree_size)),
            }),
        }
    }

    /// The stored log hashes at `indexes` that exist: from memory when read
    /// before ([`HashCache`]), else from the database.
    pub(crate) async fn stored_hashes(&self, indexes: &[u64]) -> Result<StoredHashes, StoreError> {
        let (mut known, missing) = self.hashes.lookup(indexes);
        if !missing.is_empty() {
            let read = self.reads.log_hashes(&missing).await?;
            self.hashes.put(&read);
            known.extend(read);
        }
        Ok(known)
    }

    /// Answers log queries (validated by the caller against a signed size) with
    /// one read of the O(log n) stored hashes they need.
    pub async fn log_answers(&self, queries: &[LogQuery]) -> Result<Vec<Vec<Hash>>, StoreError> {
        let mut indexes: Vec<u64> = queries.iter().flat_map(LogQuery::indexes).collect();
        indexes.sort_unstable();
        indexes.dedup();
        let known = self.stored_hashes(&indexes).await?;
        queries
            .iter()
            .map(|q| {
                q.answer(&known)
                    .map_err(|e| StoreError::Internal(format!("log: {e}")))
            })
            .collect()
    }

    /// A tile's hashes in order: one read of at most 256 stored hashes
    /// (docs/design.md §2), not through the proof cache, whose upper nodes
    /// a tile's many leaves would push out. The caller checks the tile is
    /// within a signed tree.
    pub async fn tile_hashes(&self, tile: &Tile) -> Result<Vec<Hash>, StoreError> {
        let indexes = tile.stored_hash_indexes();
        let read = self.reads.log_hashes(&indexes).await?;
        indexes
            .iter()
            .map(|i| {
                read.get(i).copied().ok_or_else(|| {
                    StoreError::Internal(format!("stored hash {i} of {} is missing", tile.path()))
                })
            })
            .collect()
    }

    /// The leaf data of `count` leaves from `first` (an entry bundle's): one
    /// read of at most 256 records by `log_index`.
    pub async fn leaves(&self, first: u64, count: u64) -> Result<Vec<Vec<u8>>, StoreError> {
        let limit = u32::try_from(count)
            .map_err(|_| StoreError::Internal(format!("{count} leaves in one read")))?;
        let records = self
            .reads
            .records(
                Listing::Log,
                &RecordFilter::default(),
                first.checked_sub(1),
                limit,
            )
            .await?;
        if records.len() as u64 != count || records.first().is_some_and(|r| r.log_index != first) {
            return Err(StoreError::Internal(format!(
                "the log has no {count} records from leaf {first}"
            )));
        }
        Ok(records
            .iter()
            .map(|r| leaf_data(&r.authored.agent_id, &r.hash))
            .collect())
    }
}
