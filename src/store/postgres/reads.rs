//! The reads PostgreSQL runs its own way, on the read pool (which also runs
//! the shared SQL of the small reads and search): records as bytea rows,
//! reads of many indexes as one array, chains streamed.

use futures_util::future::BoxFuture;
use futures_util::stream::{BoxStream, StreamExt, TryStreamExt};
use sqlx::PgPool;

use super::map_error;
use super::rows::{self, LinkRow, RecordRow};
use crate::domain::merkle::StoredHashes;
use crate::domain::Record;
use crate::store::backend::rows::{stored_hash, StoredLink, RECORD_COLUMNS};
use crate::store::backend::sql::{position, Db, Query};
use crate::store::backend::{Answer, RowReads};
use crate::store::StoreError;

pub(super) struct PgReads {
    pub(super) pool: PgPool,
}

impl RowReads for PgReads {
    fn db(&self) -> Db<'_> {
        Db::PgPool(&self.pool)
    }

    fn records<'a>(&'a self, query: Query<'a>) -> Answer<'a, Vec<Record>> {
        Box::pin(async move {
            let rows: Vec<RecordRow> = self.db().fetch_all(&query).await?;
            rows::records(rows)
        })
    }

    fn records_at<'a>(&'a self, indexes: &'a [i64]) -> Answer<'a, Vec<Record>> {
        Box::pin(async move {
            let sql = format!("SELECT {RECORD_COLUMNS} FROM thoughts WHERE log_index = ANY($1)");
            let rows: Vec<RecordRow> = sqlx::query_as(&sql)
                .bind(indexes)
                .fetch_all(&self.pool)
                .await
                .map_err(map_error)?;
            rows::records(rows)
        })
    }

    fn chain<'a>(&'a self, task_id: &'a str) -> BoxStream<'a, Result<StoredLink, StoreError>> {
        sqlx::query_as::<_, LinkRow>(
            "SELECT seq, log_index, id, agent_id, type, content, metadata, capabilities, session_id, parent_id, timestamp, prev_hash, hash, content_commitment, salt, erased_at, erased_by, erased_reason \
             FROM thoughts WHERE task_id = $1 ORDER BY seq",
        )
        .bind(task_id)
        .fetch(&self.pool)
        .map_ok(StoredLink::from)
        .map_err(map_error)
        .boxed()
    }

    fn log_hashes<'a>(&'a self, indexes: &'a [u64]) -> Answer<'a, StoredHashes> {
        Box::pin(async move {
            let wanted: Vec<i64> = indexes.iter().filter_map(|&i| position(i)).collect();
            if wanted.is_empty() {
                return Ok(StoredHashes::default());
            }
            let rows: Vec<(i64, Vec<u8>)> =
                sqlx::query_as("SELECT idx, hash FROM log_hashes WHERE idx = ANY($1)")
                    .bind(&wanted)
                    .fetch_all(&self.pool)
                    .await
                    .map_err(map_error)?;
            rows.into_iter()
                .map(|(idx, bytes)| Ok((idx as u64, stored_hash(idx as u64, &bytes)?)))
                .collect()
        })
    }

    fn close(&self) -> BoxFuture<'_, ()> {
        Box::pin(self.pool.close())
    }
}
