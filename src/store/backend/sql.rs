//! SQL written once for both backends (docs/design.md §4): the statements
//! that differ between SQLite and PostgreSQL only in how a value is bound are
//! one text here.
//!
//! A statement names its values `$1`, `$2`, …: PostgreSQL reads them as is,
//! sqlx's SQLite driver binds `$n` to the nth value, and SQLite driven
//! directly (`sqlite::raw`) numbers named values in order of first
//! appearance, so a shared statement names its values in that order. [`Db`]
//! is where one runs: a pool or a connection of either backend. What a
//! backend writes its own way (FTS5 or `tsvector`, JSON expressions, its
//! catalog of triggers) it says in its [`Dialect`].

use smallvec::SmallVec;
use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Arguments, Database, Encode, FromRow, PgConnection, PgPool, Type};
use sqlx::{SqliteConnection, SqlitePool};

use crate::store::StoreError;

/// One value bound to a shared statement.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Param<'a> {
    Int(i64),
    Text(&'a str),
    Bytes(&'a [u8]),
}

/// Values a statement keeps inline: a filtered page binds ten, so that a
/// page read allocates nothing for them (more, as a frontier's stored
/// hashes, go to the heap).
const INLINE_PARAMS: usize = 12;

/// A statement and its values.
pub(crate) struct Query<'a> {
    /// The statement, its values named `$1`, `$2`, … in order.
    pub sql: String,
    /// The values, `$1` first.
    values: SmallVec<[Param<'a>; INLINE_PARAMS]>,
}

impl<'a> Query<'a> {
    pub(crate) fn new(sql: impl Into<String>) -> Query<'a> {
        Query {
            sql: sql.into(),
            values: SmallVec::new(),
        }
    }

    /// Binds the next value, `$n` where `n` is the answer.
    pub(crate) fn push(&mut self, value: Param<'a>) -> usize {
        self.values.push(value);
        self.values.len()
    }

    /// The statement with one more value bound.
    pub(crate) fn bind(mut self, value: Param<'a>) -> Query<'a> {
        self.push(value);
        self
    }

    /// The bound values, `$1` first.
    pub(crate) fn params(&self) -> &[Param<'a>] {
        &self.values
    }
}

/// A position (log index, seq, task number) as the databases' 64-bit
/// integer; None when it cannot name a stored row.
pub(crate) fn position(p: u64) -> Option<i64> {
    i64::try_from(p).ok()
}

/// What the shared SQL needs to know of a backend's own SQL.
pub(crate) struct Dialect {
    /// The indexed expressions of a record's capability hashes (partial
    /// indexes: they apply when `capabilities IS NOT NULL` is in the query).
    pub static_hash: &'static str,
    pub runtime_hash: &'static str,
    /// Answers the names of the schema's triggers that fire, one a row.
    pub triggers: &'static str,
    /// The triggers this backend's schema has besides the shared ones
    /// (`log_check::SHARED_TRIGGERS`).
    pub own_triggers: &'static [&'static str],
    /// A required trigger and the triggers that kept its rules before a
    /// migration merged them: a database not yet migrated (read by `fsck`,
    /// which migrates nothing) keeps the same rules under the older names.
    pub merged_triggers: &'static [(&'static str, &'static [&'static str])],
    /// Whether the schema keeps the log's leaf format (`log_format`,
    /// `log_rebuild`): SQLite's, whose first format `decision-trail log
    /// rebuild` converts. A log without them is in the current format.
    pub leaf_formats: bool,
    /// How its full-text index is searched.
    pub search: crate::store::reads::search::SearchSql,
    /// The condition that finds the record whose hash is `$1` (its 32
    /// bytes), through the schema's hash index.
    pub hash_lookup: &'static str,
}

/// Rows a shared statement reads: sqlx's `FromRow` derive is generic over
/// the database, so a row type reads the same on both.
pub(crate) trait SharedRow:
    for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
}

impl<T> SharedRow for T where
    T: for<'r> FromRow<'r, SqliteRow> + for<'r> FromRow<'r, PgRow> + Send + Unpin
{
}

/// Where a shared statement runs: a pool or a connection of either backend.
pub(crate) enum Db<'a> {
    SqlitePool(&'a SqlitePool),
    Sqlite(&'a mut SqliteConnection),
    PgPool(&'a PgPool),
    Pg(&'a mut PgConnection),
}

/// The values of a statement as `DB` binds them.
fn arguments<'q, DB>(params: &[Param<'q>]) -> Result<DB::Arguments<'q>, sqlx::error::BoxDynError>
where
    DB: Database,
    i64: Encode<'q, DB> + Type<DB>,
    &'q str: Encode<'q, DB> + Type<DB>,
    &'q [u8]: Encode<'q, DB> + Type<DB>,
{
    let mut arguments = DB::Arguments::default();
    for value in params {
        match *value {
            Param::Int(i) => arguments.add(i),
            Param::Text(t) => arguments.add(t),
            Param::Bytes(b) => arguments.add(b),
        }?;
    }
    Ok(arguments)
}

/// Runs `$run` on the backend `$db` is, with `$e` its executor and `$DB`
/// its sqlx database, and maps the driver's error as that backend does.
macro_rules! on_backend {
    ($db:expr, |$e:ident, $DB:ident| $run:expr) => {
        match $db {
            Db::SqlitePool($e) => {
                type $DB = sqlx::Sqlite;
                $run.await.map_err(crate::store::sqlite::map_error)
            }
            Db::Sqlite($e) => {
                type $DB = sqlx::Sqlite;
                $run.await.map_err(crate::store::sqlite::map_error)
            }
            Db::PgPool($e) => {
                type $DB = sqlx::Postgres;
                $run.await.map_err(crate::store::postgres::map_error)
            }
            Db::Pg($e) => {
                type $DB = sqlx::Postgres;
                $run.await.map_err(crate::store::postgres::map_error)
            }
        }
    };
}

impl Db<'_> {
    /// The same pool or connection, borrowed again for one more statement.
    pub(crate) fn reborrow(&mut self) -> Db<'_> {
        match self {
            Db::SqlitePool(pool) => Db::SqlitePool(pool),
            Db::Sqlite(conn) => Db::Sqlite(conn),
            Db::PgPool(pool) => Db::PgPool(pool),
            Db::Pg(conn) => Db::Pg(conn),
        }
    }

    /// What this backend writes its own way.
    pub(crate) fn dialect(&self) -> &'static Dialect {
        match self {
            Db::SqlitePool(_) | Db::Sqlite(_) => &crate::store::sqlite::DIALECT,
            Db::PgPool(_) | Db::Pg(_) => &crate::store::postgres::DIALECT,
        }
    }

    pub(crate) async fn fetch_all<T: SharedRow>(
        self,
        query: &Query<'_>,
    ) -> Result<Vec<T>, StoreError> {
        let (sql, params) = (query.sql.as_str(), query.params());
        on_backend!(self, |e, DB| async {
            let arguments = arguments::<DB>(params).map_err(sqlx::Error::Encode)?;
            sqlx::query_as_with::<DB, T, _>(sql, arguments)
                .fetch_all(e)
                .await
        })
    }

    pub(crate) async fn fetch_optional<T: SharedRow>(
        self,
        query: &Query<'_>,
    ) -> Result<Option<T>, StoreError> {
        let (sql, params) = (query.sql.as_str(), query.params());
        on_backend!(self, |e, DB| async {
            let arguments = arguments::<DB>(params).map_err(sqlx::Error::Encode)?;
            sqlx::query_as_with::<DB, T, _>(sql, arguments)
                .fetch_optional(e)
                .await
        })
    }

    pub(crate) async fn fetch_one<T: SharedRow>(self, query: &Query<'_>) -> Result<T, StoreError> {
        let (sql, params) = (query.sql.as_str(), query.params());
        on_backend!(self, |e, DB| async {
            let arguments = arguments::<DB>(params).map_err(sqlx::Error::Encode)?;
            sqlx::query_as_with::<DB, T, _>(sql, arguments)
                .fetch_one(e)
                .await
        })
    }

    /// Runs a statement; answers how many rows it changed.
    pub(crate) async fn execute(self, query: &Query<'_>) -> Result<u64, StoreError> {
        let (sql, params) = (query.sql.as_str(), query.params());
        on_backend!(self, |e, DB| async {
            let arguments = arguments::<DB>(params).map_err(sqlx::Error::Encode)?;
            let done = sqlx::query_with::<DB, _>(sql, arguments).execute(e).await?;
            Ok::<_, sqlx::Error>(done.rows_affected())
        })
    }
}

/// What a database's error means for its caller.
pub(crate) enum Fault {
    /// A rule of the schema refused the write (a constraint, a trigger).
    Conflict,
    /// The database cannot answer now (busy, shut down, out of room).
    Unavailable,
    /// The database file is damaged (SQLite's `SQLITE_CORRUPT`): what was
    /// read is not what the service wrote.
    Corrupt,
    /// Anything else: a fault of the service or of the stored data.
    Internal,
}

/// What a damaged database file's error says.
pub(crate) fn damaged(message: &str) -> String {
    format!("the database file is damaged where this read looked ({message})")
}

/// Maps a driver error to what the caller can act on; `fault` reads a
/// database error's code (each backend has its own codes).
pub(crate) fn map_error(e: sqlx::Error, fault: fn(&str) -> Fault) -> StoreError {
    match &e {
        sqlx::Error::Database(db) => match fault(&db.code().unwrap_or_default()) {
            Fault::Conflict => StoreError::Conflict(db.message().to_string()),
            Fault::Unavailable => StoreError::Unavailable(db.message().to_string()),
            Fault::Corrupt => StoreError::RowAltered(damaged(db.message())),
            Fault::Internal => StoreError::Internal(e.to_string()),
        },
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Io(_)
        | sqlx::Error::Tls(_)
        | sqlx::Error::Protocol(_)
        | sqlx::Error::WorkerCrashed => StoreError::Unavailable(e.to_string()),
        _ => StoreError::Internal(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_are_numbered_in_the_order_they_are_bound() {
        let mut query = Query::new("SELECT 1 FROM t WHERE a > $1").bind(Param::Int(3));
        assert_eq!(query.push(Param::Text("x")), 2);
        assert_eq!(query.push(Param::Int(9)), 3);
        assert_eq!(query.params().len(), 3);
        assert!(matches!(query.params()[1], Param::Text("x")));
    }
}
