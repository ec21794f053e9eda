//! The reads SQLite runs its own way: records, pages, chains and proof
//! hashes on read-only connections driven directly (`raw`); sqlx's
//! read-only pool runs the shared SQL of the small reads and search.

use std::sync::Arc;

use futures_util::future::BoxFuture;
use futures_util::stream::{self, BoxStream, StreamExt};
use sqlx::SqlitePool;

use super::raw::{self, ReadPool, Values};
use crate::domain::merkle::StoredHashes;
use crate::domain::Record;
use crate::store::backend::rows::{StoredLink, RECORD_COLUMNS};
use crate::store::backend::sql::{Db, Query};
use crate::store::backend::{Answer, RowReads};
use crate::store::StoreError;

pub(super) struct SqliteReads {
    /// The reads that return a row or a few, and search (sqlx).
    pub(super) pool: SqlitePool,
    /// The reads that return many rows, or are asked for at every request
    /// (records, pages, chains, proofs): driven directly ([`raw`]).
    pub(super) raw: Arc<ReadPool>,
}

/// Rows of a chain read at once by a walk; the next batch is read while the
/// walk hashes this one.
const CHAIN_ROWS_PER_READ: i64 = 4096;

impl RowReads for SqliteReads {
    fn db(&self) -> Db<'_> {
        Db::SqlitePool(&self.pool)
    }

    fn records<'a>(&'a self, query: Query<'a>) -> Answer<'a, Vec<Record>> {
        let values = Values::of(&query);
        let sql = query.sql;
        Box::pin(
            self.raw
                .run(move |conn| raw::records(conn, &sql, values.params())),
        )
    }

    fn records_at<'a>(&'a self, indexes: &'a [i64]) -> Answer<'a, Vec<Record>> {
        let marks = vec!["?"; indexes.len()].join(", ");
        let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index IN ({marks})");
        let wanted = indexes.to_vec();
        Box::pin(
            self.raw
                .run(move |conn| raw::records(conn, &sql, rusqlite::params_from_iter(wanted))),
        )
    }

    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>> {
        // A reader task reads the chain in batches of rows, each in its own
        // read transaction (a chain only grows, so a later batch may only
        // hold more records); the channel lets it read the next batch while
        // the walk hashes this one, and stops it when the walk ends. Batches
        // follow (seq, log_index) as stored, from the first row whatever its
        // seq: a tampered table may hold a negative or a repeated seq, and
        // the walk must see every row to report it.
        let (rows, mut batches) = tokio::sync::mpsc::channel(2);
        let pool = self.raw.clone();
        let task_id = task_id.to_string();
        tokio::spawn(async move {
            let mut after: Option<(i64, i64)> = None;
            loop {
                let task_id = task_id.clone();
                let batch = pool
                    .run(move |conn| {
                        const COLUMNS: &str =
                            "SELECT seq, log_index, id, agent_id, type, content, \
                             metadata, capabilities, session_id, parent_id, timestamp, prev_hash, \
                             hash, content_commitment, salt, erased_at, erased_by, erased_reason FROM thoughts \
                             WHERE task_id = ?1";
                        let (sql, seq, index) = match after {
                            None => (format!("{COLUMNS} ORDER BY seq, log_index LIMIT ?4"), 0, 0),
                            Some((seq, index)) => (
                                format!(
                                    "{COLUMNS} AND (seq > ?2 OR (seq = ?2 AND log_index > ?3)) \
                                     ORDER BY seq, log_index LIMIT ?4"
                                ),
                                seq,
                                index,
                            ),
                        };
                        let mut statement = conn.prepare_cached(&sql).map_err(raw::map_error)?;
                        let keyed = statement
                            .query_map(
                                rusqlite::params![task_id, seq, index, CHAIN_ROWS_PER_READ],
                                |row| Ok(((row.get(0)?, row.get(1)?), raw::stored_link(row)?)),
                            )
                            .map_err(raw::map_error)?
                            .collect::<Result<Vec<((i64, i64), StoredLink)>, _>>()
                            .map_err(raw::map_error)?;
                        let last = keyed.last().map(|(at, _)| *at);
                        let links: Vec<StoredLink> =
                            keyed.into_iter().map(|(_, link)| link).collect();
                        Ok((links, last))
                    })
                    .await;
                let next = match &batch {
                    Ok((links, last)) if links.len() as i64 == CHAIN_ROWS_PER_READ => *last,
                    _ => None,
                };
                if rows.send(batch.map(|(links, _)| links)).await.is_err() {
                    return;
                }
                match next {
                    Some(at) => after = Some(at),
                    None => return,
                }
            }
        });
        stream::poll_fn(move |cx| batches.poll_recv(cx))
            .flat_map(|batch| match batch {
                Ok(links) => stream::iter(links.into_iter().map(Ok).collect::<Vec<_>>()),
                Err(e) => stream::iter(vec![Err(e)]),
            })
            .boxed()
    }

    fn log_hashes<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, StoredHashes> {
        let indexes = indexes.to_vec();
        Box::pin(self.raw.run(move |conn| raw::stored_hashes(conn, &indexes)))
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            self.raw.close();
            self.pool.close().await
        })
    }
}
