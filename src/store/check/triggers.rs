//! The schema's triggers compared by their text, not their names
//! (docs/design.md §4): a trigger replaced by a no-op of the same name, one
//! turned off, or one added, is an altered database. What the triggers
//! should be is what the migrations the database has applied create, run
//! again where nothing is kept: an in-memory SQLite database, or on
//! PostgreSQL a schema of its own inside a savepoint (or transaction) that
//! is rolled back.

use std::collections::BTreeMap;

use futures_util::future::BoxFuture;
use sqlx::{Connection, PgConnection, SqliteConnection};

use crate::store::backend::sql::{Db, Query};
use crate::store::StoreError;

/// Each trigger of the schema, by name: its definition (on PostgreSQL
/// also whether it fires, and its function's body and settings).
const SQLITE_TEXTS: &str = "SELECT name, sql FROM sqlite_master WHERE type = 'trigger'";
/// (PostgreSQL names the schema in a definition where it is not on the
/// search path: it is taken out, so the scratch schema's read the same.)
const PG_TEXTS: &str = "SELECT t.tgname::text, \
    replace(pg_get_triggerdef(t.oid), quote_ident(current_schema()) || '.', '') || ' enabled:' || \
    t.tgenabled::text || ' body:' || p.prosrc || ' config:' || \
    coalesce(array_to_string(p.proconfig, ','), '') \
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid \
    WHERE NOT t.tgisinternal AND c.relnamespace = current_schema()::regnamespace";

/// White space collapsed: the text as written, whatever its layout.
fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn texts(rows: Vec<(String, String)>) -> BTreeMap<String, String> {
    rows.into_iter()
        .map(|(name, text)| (name, normalized(&text)))
        .collect()
}

/// The triggers of the database `db` that are not what its applied
/// migrations create, each said in words (a missing one is
/// `log_check::missing_triggers`'s to name). `Db::Pg` must be a connection
/// inside a transaction (a savepoint is used); a pool lends a connection
/// for a transaction of its own.
pub(crate) fn altered_triggers(db: Db<'_>) -> BoxFuture<'_, Result<Vec<String>, StoreError>> {
    Box::pin(altered(db))
}

async fn altered(mut db: Db<'_>) -> Result<Vec<String>, StoreError> {
    let query = Query::new("SELECT version FROM _sqlx_migrations WHERE success ORDER BY version");
    let applied: Vec<(i64,)> = db.reborrow().fetch_all(&query).await?;
    let applied: Vec<i64> = applied.into_iter().map(|(v,)| v).collect();
    let (live, expected) = match db {
        Db::Pg(conn) => pg_both(conn, &applied, true).await?,
        Db::PgPool(pool) => {
            let mut conn = pool
                .acquire()
                .await
                .map_err(crate::store::postgres::map_error)?;
            pg_both(&mut conn, &applied, false).await?
        }
        sqlite => sqlite_both(sqlite, &applied).await?,
    };
    let (live, expected) = (texts(live), texts(expected));
    let mut altered = Vec::new();
    for (name, text) in &live {
        match expected.get(name) {
            None => altered.push(format!(
                "the trigger {name} is not one the migrations create"
            )),
            Some(want) if want != text => altered.push(format!(
                "the trigger {name} is not what the migrations create (replaced, or turned off)"
            )),
            Some(_) => {}
        }
    }
    Ok(altered)
}

type Texts = Vec<(String, String)>;

/// The live triggers' texts and the expected ones, on SQLite.
fn sqlite_both<'a>(
    db: Db<'a>,
    applied: &'a [i64],
) -> BoxFuture<'a, Result<(Texts, Texts), StoreError>> {
    // Boxed here: the future's Send bound is proved for these lifetimes.
    Box::pin(async move {
        let query = Query::new(SQLITE_TEXTS);
        let live: Texts = db.fetch_all(&query).await?;
        Ok((live, sqlite_expected(applied).await?))
    })
}

/// The live triggers' texts and the expected ones, on PostgreSQL.
fn pg_both<'a>(
    conn: &'a mut PgConnection,
    applied: &'a [i64],
    in_transaction: bool,
) -> BoxFuture<'a, Result<(Texts, Texts), StoreError>> {
    // Boxed here: the future's Send bound is proved for these lifetimes.
    Box::pin(async move {
        let live = pg_texts(conn).await?;
        Ok(match pg_expected(conn, applied, in_transaction).await? {
            Some(expected) => (live, expected),
            // Not comparable here: nothing is reported (said at WARN).
            None => (Vec::new(), Vec::new()),
        })
    })
}

async fn pg_texts(conn: &mut PgConnection) -> Result<Vec<(String, String)>, StoreError> {
    sqlx::query_as(PG_TEXTS)
        .fetch_all(conn)
        .await
        .map_err(crate::store::postgres::map_error)
}

/// The triggers the `applied` migrations create on a new SQLite database.
async fn sqlite_expected(applied: &[i64]) -> Result<Vec<(String, String)>, StoreError> {
    let scratch = |e: sqlx::Error| {
        StoreError::Internal(format!("the migrations could not be run in memory: {e}"))
    };
    let mut mem = SqliteConnection::connect("sqlite::memory:")
        .await
        .map_err(scratch)?;
    let migrations: Vec<String> = crate::store::sqlite::migrator()
        .iter()
        .filter(|m| applied.contains(&m.version))
        .map(|m| m.sql.to_string())
        .collect();
    for sql in migrations {
        sqlx::Executor::execute(&mut mem, sql.as_str())
            .await
            .map_err(scratch)?;
    }
    let texts = sqlx::query_as(SQLITE_TEXTS)
        .fetch_all(&mut mem)
        .await
        .map_err(scratch)?;
    let _ = mem.close().await;
    Ok(texts)
}

/// The triggers the `applied` migrations create, run in a schema of their
/// own that is rolled back with everything in it.
async fn pg_expected(
    conn: &mut PgConnection,
    applied: &[i64],
    in_transaction: bool,
) -> Result<Option<Vec<(String, String)>>, StoreError> {
    let mut nonce = [0u8; 8];
    crate::store::random::fill(&mut nonce);
    let schema = format!("dt_expected_{}", hex::encode(nonce));
    let (open, close) = if in_transaction {
        (
            "SAVEPOINT dt_expected_triggers",
            "ROLLBACK TO SAVEPOINT dt_expected_triggers; RELEASE SAVEPOINT dt_expected_triggers",
        )
    } else {
        ("BEGIN", "ROLLBACK")
    };
    let enter = format!("{open}; CREATE SCHEMA {schema}; SET LOCAL search_path TO {schema}");
    if let Err(e) = sqlx::Executor::execute(&mut *conn, enter.as_str()).await {
        let code = e
            .as_database_error()
            .and_then(|d| d.code())
            .map(|c| c.into_owned());
        // No right to create a schema (CREATE on the database), or a
        // read-only standby (fsck): the triggers are compared by name only,
        // and the operator is told so.
        if matches!(code.as_deref(), Some("42501" | "25006")) {
            let _ = sqlx::Executor::execute(&mut *conn, close).await;
            tracing::warn!(
                error = %e,
                "the triggers cannot be compared by their text here (a scratch schema needs \
                 CREATE on the database, and a writable server): they are checked by name only"
            );
            return Ok(None);
        }
        return Err(crate::store::postgres::map_error(e));
    }
    let migrations: Vec<String> = crate::store::postgres::migrator()
        .iter()
        .filter(|m| applied.contains(&m.version))
        .map(|m| m.sql.to_string())
        .collect();
    let run = async {
        for sql in migrations {
            sqlx::Executor::execute(&mut *conn, sql.as_str())
                .await
                .map_err(crate::store::postgres::map_error)?;
        }
        pg_texts(conn).await
    }
    .await;
    sqlx::Executor::execute(&mut *conn, close)
        .await
        .map_err(crate::store::postgres::map_error)?;
    run.map(Some)
}
