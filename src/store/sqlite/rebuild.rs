//! `decision-trail log rebuild` (docs/design.md §2): a new log over the
//! stored records, in the current leaf format, under a new origin; the old
//! checkpoints kept in `retired_checkpoints`; and `log rotate`, the same
//! under a new key, with the old key's successor statement stored.

use sqlx::SqliteConnection;

use super::map_error;
use crate::domain::checkpoint::LogSigner;
use crate::domain::merkle::{leaf_data, Frontier, Hash};
use crate::store::backend::sql::Db;
use crate::store::backend::SuccessorRow;
use crate::store::log::rows::insert_checkpoint;
use crate::store::{SignedCheckpoint, StoreError};

/// Stored hashes per INSERT statement when a log is rebuilt, under SQLite's
/// limit of 32,766 bound values.
const HASHES_PER_STATEMENT: usize = 10_000;

/// Starts a new log over the stored records, under `origin` (docs/design.md
/// §2): the old checkpoints are kept in `retired_checkpoints`, every leaf is
/// computed again in the current format, and the new log's checkpoint is
/// signed, all in one transaction. The caller makes sure `origin` is new.
pub(super) async fn rebuild(
    conn: &mut SqliteConnection,
    signer: &LogSigner,
    origin: &str,
    retired_at: &str,
    successor: Option<&SuccessorRow>,
) -> Result<SignedCheckpoint, StoreError> {
    sqlx::query("BEGIN IMMEDIATE")
        .execute(&mut *conn)
        .await
        .map_err(map_error)?;
    let rebuilt = async {
        for sql in [
            "INSERT INTO log_rebuild (started_at) VALUES (?1)",
            "INSERT INTO retired_checkpoints (tree_size, root, note, retired_at) \
             SELECT tree_size, root, note, ?1 FROM checkpoints",
            "DELETE FROM checkpoints",
            "DELETE FROM log_hashes",
            "UPDATE log_format SET leaf = 'attributed'",
        ] {
            sqlx::query(sql)
                .bind(retired_at)
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
        }
        let mut frontier = Frontier::empty();
        loop {
            let rows: Vec<(String, String)> = sqlx::query_as(
                "SELECT agent_id, lower(hex(hash)) FROM thoughts WHERE log_index >= ? ORDER BY log_index LIMIT 10000",
            )
            .bind(frontier.size() as i64)
            .fetch_all(&mut *conn)
            .await
            .map_err(map_error)?;
            if rows.is_empty() {
                break;
            }
            let mut hashes = Vec::new();
            for (agent_id, hash) in &rows {
                hashes.extend(frontier.append(&leaf_data(agent_id, hash)));
            }
            insert_log_hashes(conn, &hashes).await?;
        }
        let checkpoint = SignedCheckpoint::sign(&frontier, signer, origin);
        insert_checkpoint(Db::Sqlite(&mut *conn), &checkpoint).await?;
        if let Some(s) = successor {
            sqlx::query(
                "INSERT INTO log_successors (old_origin, new_origin, statement, made_at) \
                 VALUES (?, ?, ?, ?)",
            )
            .bind(&s.old_origin)
            .bind(&s.new_origin)
            .bind(&s.statement)
            .bind(&s.made_at)
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        }
        sqlx::query("DELETE FROM log_rebuild")
            .execute(&mut *conn)
            .await
            .map_err(map_error)?;
        Ok(checkpoint)
    }
    .await;
    match rebuilt {
        Ok(checkpoint) => {
            sqlx::query("COMMIT")
                .execute(&mut *conn)
                .await
                .map_err(map_error)?;
            Ok(checkpoint)
        }
        Err(e) => {
            let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
            Err(e)
        }
    }
}

/// Stores log hashes at their indexes, one statement per `HASHES_PER_STATEMENT`.
async fn insert_log_hashes(
    conn: &mut SqliteConnection,
    hashes: &[(u64, Hash)],
) -> Result<(), StoreError> {
    for chunk in hashes.chunks(HASHES_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO log_hashes (idx, hash) VALUES {}",
            vec!["(?, ?)"; chunk.len()].join(", ")
        );
        let mut query = sqlx::query(&sql);
        for (idx, hash) in chunk {
            query = query.bind(*idx as i64).bind(hash.0.to_vec());
        }
        query.execute(&mut *conn).await.map_err(map_error)?;
    }
    Ok(())
}
