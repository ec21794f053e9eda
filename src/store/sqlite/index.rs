//! The search index's file (docs/design.md §7): the FTS5 index and its
//! progress live in a SQLite file of their own beside the database
//! (`trail.db-search` beside `trail.db`), written by the indexer's own
//! connection, so that an indexing transaction never holds the log's write
//! lock. The connection attaches the database as `log` and only reads it;
//! readers attach the index file as `search`.
//!
//! The file holds nothing that is not derived from the records: a missing
//! one is made again, empty, and the indexer builds it from the records.

use std::path::{Path, PathBuf};

use futures_util::future::BoxFuture;
use rusqlite::{Connection, OpenFlags};

use super::{raw, search};
use crate::domain::Record;
use crate::store::backend::sql::position;
use crate::store::backend::{Answer, IndexRow, IndexStorage};
use crate::store::StoreError;

/// The index file beside the database at `database`.
pub(crate) fn path_of(database: &Path) -> PathBuf {
    let mut name = database.as_os_str().to_owned();
    name.push("-search");
    PathBuf::from(name)
}

/// The index's columns and options (`fsck` builds its copy with the same).
/// Contentless: the text lives once, in the records; the index keeps only
/// its words, under the record's log_index (a row is deleted by giving its
/// text again). Words split and folded as `domain::search::index_text`
/// prepares them for `unicode61`, whose categories keep letters, digits,
/// private-use characters, marks and other symbols.
pub(crate) const FTS5_COLUMNS: &str =
    "content, metadata, content = '', tokenize = \"unicode61 categories 'L* N* Co M* So'\"";

/// The index and its progress, as a new file gets them. FTS5 merges
/// nothing on its own: each indexing transaction runs a bounded merge step
/// (`search::MERGE_STEP`) of 16 segments, and a whole level is merged at 64
/// only should the steps fall behind; deleted words are removed from the
/// index's pages, not only marked. The options are stored in the table, so
/// they hold for every connection
/// (https://sqlite.org/fts5.html#fts5_configuration_options).
fn schema() -> String {
    format!(
        "CREATE VIRTUAL TABLE thoughts_fts USING fts5({FTS5_COLUMNS});
    INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('automerge', 0);
    INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('usermerge', 16);
    INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('crisismerge', 64);
    INSERT INTO thoughts_fts (thoughts_fts, rank) VALUES ('secure-delete', 1);
    CREATE TABLE search_progress (
        id           INTEGER PRIMARY KEY CHECK (id = 1),
        indexed_size INTEGER NOT NULL CHECK (indexed_size >= 0),
        erased       INTEGER NOT NULL DEFAULT 0 CHECK (erased >= 0)
    );
    INSERT INTO search_progress (id, indexed_size) VALUES (1, 0);"
    )
}

/// The indexer's connection to the index file, with the database attached.
pub(super) struct SqliteIndex {
    raw: Connection,
}

/// Opens (making it when missing) the index file beside `database`. Its
/// progress counts the erased records below it whose rows it emptied or
/// deleted: when the database holds more (an erasure committed just before
/// a crash, whose words the indexer never took out), the index is emptied
/// and built again from the records, which hold no erased words.
pub(super) fn open(database: &Path) -> Result<SqliteIndex, StoreError> {
    let path = path_of(database);
    let raw = Connection::open_with_flags(
        &path,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| StoreError::Unavailable(format!("cannot open {}: {e}", path.display())))?;
    raw.busy_timeout(super::BUSY_TIMEOUT)
        .map_err(raw::map_error)?;
    // Derived from the records: a commit lost with the machine is indexed
    // again (NORMAL keeps each transaction whole in WAL mode).
    raw.execute_batch(
        "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA secure_delete = ON; \
         PRAGMA cache_size = -8192;",
    )
    .map_err(raw::map_error)?;
    raw.execute(
        "ATTACH DATABASE ?1 AS log",
        [database.to_string_lossy().as_ref()],
    )
    .map_err(raw::map_error)?;
    let made: bool = raw
        .query_row(
            "SELECT count(*) FROM main.sqlite_master WHERE name = 'thoughts_fts'",
            [],
            |row| row.get::<_, i64>(0),
        )
        .map(|n| n > 0)
        .map_err(raw::map_error)?;
    if !made {
        raw.execute_batch(&format!("BEGIN; {} COMMIT;", schema()))
            .map_err(raw::map_error)?;
        tracing::info!(path = %path.display(), "made the search index's file; the indexer builds it from the records");
    }
    let (indexed, accounted): (Option<i64>, Option<i64>) = raw
        .query_row(
            "SELECT (SELECT indexed_size FROM main.search_progress), \
             (SELECT erased FROM main.search_progress)",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .map_err(raw::map_error)?;
    if let (Some(indexed), Some(accounted)) = (indexed, accounted) {
        let erased: i64 = raw
            .query_row(
                "SELECT count(*) FROM log.thoughts WHERE erased_at IS NOT NULL AND log_index < ?",
                [indexed],
                |row| row.get(0),
            )
            .map_err(raw::map_error)?;
        if erased != accounted {
            tracing::warn!(erased, accounted, "records were erased that the search index may still hold words of (a crash between an erasure and the indexer's turn): it is built again from the records");
            raw.execute_batch(&format!("BEGIN; {RESET} COMMIT;"))
                .map_err(raw::map_error)?;
            raw.query_row("PRAGMA main.wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                .map_err(raw::map_error)?;
        }
    }
    Ok(SqliteIndex { raw })
}

/// Empties the index and its progress (the row made again when missing).
const RESET: &str = "INSERT INTO main.thoughts_fts (thoughts_fts) VALUES ('delete-all'); \
     INSERT INTO main.search_progress (id, indexed_size, erased) VALUES (1, 0, 0) \
     ON CONFLICT (id) DO UPDATE SET indexed_size = 0, erased = 0;";

impl SqliteIndex {
    fn run(&self, sql: &str) -> Result<(), StoreError> {
        self.raw.execute_batch(sql).map_err(raw::map_error)
    }

    /// Deletes the rows of the erased records the index covers (one it
    /// does not cover yet is indexed as stored, erased), counting them in
    /// its progress: how many.
    fn delete_rows(&self, erased: &[IndexRow]) -> Result<usize, StoreError> {
        let indexed: i64 = self
            .raw
            .query_row("SELECT indexed_size FROM main.search_progress", [], |row| {
                row.get(0)
            })
            .map_err(raw::map_error)?;
        let mut delete = self
            .raw
            .prepare_cached(
                "INSERT INTO main.thoughts_fts (thoughts_fts, rowid, content, metadata) \
                 VALUES ('delete', ?, ?, ?)",
            )
            .map_err(raw::map_error)?;
        let mut deleted = 0;
        for (at, d) in erased.iter().filter(|(at, _)| (*at as i64) < indexed) {
            delete
                .execute(rusqlite::params![position(*at), d.content, d.metadata])
                .map_err(raw::map_error)?;
            deleted += 1;
        }
        self.raw
            .prepare_cached("UPDATE main.search_progress SET erased = erased + ?")
            .and_then(|mut s| s.execute([deleted as i64]))
            .map_err(raw::map_error)?;
        Ok(deleted)
    }
}

impl IndexStorage for SqliteIndex {
    fn index_begin(&mut self) -> Answer<'_, (Option<u64>, u64)> {
        Box::pin(async move {
            if !self.raw.is_autocommit() {
                self.run("ROLLBACK")?;
            }
            // Deferred: the first write takes the index file's lock, and the
            // database, only read, is never locked for writing.
            self.run("BEGIN")?;
            let (indexed, size): (Option<i64>, i64) = self
                .raw
                .prepare_cached(
                    "SELECT (SELECT indexed_size FROM main.search_progress), \
                     (SELECT COALESCE(MAX(log_index) + 1, 0) FROM log.thoughts)",
                )
                .and_then(|mut s| s.query_row([], |row| Ok((row.get(0)?, row.get(1)?))))
                .map_err(raw::map_error)?;
            Ok((indexed.map(|i| i.max(0) as u64), size as u64))
        })
    }

    fn index_reset(&mut self) -> Answer<'_, ()> {
        Box::pin(async move { self.run(RESET) })
    }

    fn index_read(&mut self, from: u64, limit: usize) -> Answer<'_, Vec<Record>> {
        Box::pin(async move {
            let sql = format!(
                "SELECT {} FROM log.thoughts WHERE log_index >= ? ORDER BY log_index LIMIT ?",
                crate::store::backend::rows::RECORD_COLUMNS
            );
            raw::records(
                &self.raw,
                &sql,
                rusqlite::params![position(from), limit as i64],
            )
        })
    }

    fn index_write<'a>(&'a mut self, rows: &'a [IndexRow], indexed: u64) -> Answer<'a, Vec<u64>> {
        Box::pin(async move {
            let mut insert = self
                .raw
                .prepare_cached(
                    "INSERT INTO main.thoughts_fts (rowid, content, metadata) VALUES (?, ?, ?)",
                )
                .map_err(raw::map_error)?;
            // An erased record's words never reach the index, whatever
            // document was kept for it.
            let erased: std::collections::HashSet<i64> = match (rows.first(), rows.last()) {
                (Some((first, _)), Some((last, _))) => self
                    .raw
                    .prepare_cached(
                        "SELECT log_index FROM log.thoughts WHERE log_index BETWEEN ? AND ? \
                         AND erased_at IS NOT NULL",
                    )
                    .and_then(|mut s| {
                        s.query_map([position(*first), position(*last)], |row| row.get(0))?
                            .collect()
                    })
                    .map_err(raw::map_error)?,
                _ => Default::default(),
            };
            let mut text = 0;
            let mut emptied = Vec::new();
            for (at, d) in rows {
                if erased.contains(&(*at as i64)) {
                    insert
                        .execute(rusqlite::params![position(*at), "", None::<String>])
                        .map_err(raw::map_error)?;
                    emptied.push(*at);
                    continue;
                }
                insert
                    .execute(rusqlite::params![position(*at), d.content, d.metadata])
                    .map_err(raw::map_error)?;
                text += search::text_bytes(d);
            }
            // The index's merging for these rows, bounded by their text
            // (docs/design.md §7).
            self.raw
                .prepare_cached(search::MERGE_STEP)
                .and_then(|mut s| s.execute([search::merge_pages(text)]))
                .map_err(raw::map_error)?;
            self.raw
                .prepare_cached(
                    "UPDATE main.search_progress SET indexed_size = ?, erased = erased + ?",
                )
                .and_then(|mut s| {
                    s.execute(rusqlite::params![position(indexed), emptied.len() as i64])
                })
                .map_err(raw::map_error)?;
            Ok(emptied)
        })
    }

    fn index_erase<'a>(&'a mut self, erased: &'a [IndexRow]) -> Answer<'a, ()> {
        Box::pin(async move {
            if !self.raw.is_autocommit() {
                self.run("ROLLBACK")?;
            }
            self.run("BEGIN")?;
            let deleted = self.delete_rows(erased);
            match deleted {
                Ok(0) => self.run("ROLLBACK"),
                Ok(_) => {
                    self.run("COMMIT")?;
                    // The WAL copied into the file (where secure-delete and
                    // secure_delete zeroed the words) and truncated.
                    self.raw
                        .query_row("PRAGMA main.wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
                        .map_err(raw::map_error)
                }
                Err(e) => {
                    let _ = self.run("ROLLBACK");
                    Err(e)
                }
            }
        })
    }

    fn commit(&mut self) -> Answer<'_, ()> {
        Box::pin(async move { self.run("COMMIT") })
    }

    fn rollback(&mut self) -> BoxFuture<'_, ()> {
        Box::pin(async move {
            if !self.raw.is_autocommit() {
                let _ = self.run("ROLLBACK");
            }
        })
    }

    fn close(self: Box<Self>) -> BoxFuture<'static, ()> {
        Box::pin(async move { drop(self) })
    }
}
