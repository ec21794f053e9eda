//! The database under a test: which backend the suite runs on, SQL run on
//! it directly, the PostgreSQL databases the tests create, the signing key a
//! replica must be given, and SQLite triggers put back after an edit.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use super::app::TestApp;

/// One integer a query answers, read from the app's database directly,
/// whichever backend it is (counts of rows the API does not show).
pub async fn scalar(app: &TestApp, sql: &str) -> i64 {
    use sqlx::Connection;
    if app.database_url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(&app.database_url)
            .await
            .unwrap();
        let n: i64 = sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap();
        let _ = conn.close().await;
        n
    } else {
        let mut conn = sqlx::SqliteConnection::connect(&app.database_url)
            .await
            .unwrap();
        sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
    }
}

/// Runs one statement on a database directly, whichever backend: the rows
/// it changed, or the database's refusal.
/// Where the search index lives: on SQLite a file of its own beside the
/// database (`trail.db-search`), on PostgreSQL the database itself.
pub fn index_url(database_url: &str) -> String {
    if database_url.starts_with("postgres") {
        return database_url.to_string();
    }
    match database_url.split_once('?') {
        Some((path, query)) => format!("{path}-search?{query}"),
        None => format!("{database_url}-search"),
    }
}

pub async fn execute(database_url: &str, sql: &str) -> Result<u64, String> {
    use sqlx::Connection;
    if database_url.starts_with("postgres") {
        let mut conn = sqlx::PgConnection::connect(database_url).await.unwrap();
        let done = sqlx::query(sql).execute(&mut conn).await;
        let _ = conn.close().await;
        done.map(|r| r.rows_affected()).map_err(|e| e.to_string())
    } else {
        let mut conn = sqlx::SqliteConnection::connect(database_url).await.unwrap();
        let done = sqlx::query(sql).execute(&mut conn).await;
        done.map(|r| r.rows_affected()).map_err(|e| e.to_string())
    }
}

/// The server the PostgreSQL tests use, when given.
pub fn postgres_url() -> Option<String> {
    std::env::var("DECISION_TRAIL_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
}

/// Whether the suite runs on PostgreSQL.
pub fn on_postgres() -> bool {
    postgres_url().is_some()
}

/// True (and says so) when the suite runs on PostgreSQL: the caller is a
/// SQLite-specific test and returns.
pub fn sqlite_only(why: &str) -> bool {
    if on_postgres() {
        let test = std::thread::current()
            .name()
            .unwrap_or("a test")
            .to_string();
        say(&format!(
            "SKIPPED {test} on PostgreSQL (SQLite-specific: {why})"
        ));
        return true;
    }
    false
}

/// A line on stderr that the test harness does not capture: a skip must be
/// seen in a passing run.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr().lock(), "{line}");
}

/// The PostgreSQL server a PostgreSQL-only test runs on. Those tests are
/// `#[ignore]`d, so that a run without a server reports them as ignored
/// rather than passed; one run anyway (`--include-ignored`) without the
/// variable fails here, saying what to set.
pub fn postgres_server() -> String {
    postgres_url().expect(
        "needs PostgreSQL: set DECISION_TRAIL_TEST_POSTGRES=postgres://USER@HOST:PORT/DB \
         (`.ci/run` starts a throwaway cluster and sets it)",
    )
}

/// The URL of `database` on the test server (same user, host and options).
pub fn postgres_database(server: &str, database: &str) -> String {
    let (base, query) = match server.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (server, String::new()),
    };
    let authority_end = base.find("://").map_or(0, |i| i + 3);
    let host_end = base[authority_end..]
        .find('/')
        .map_or(base.len(), |i| authority_end + i);
    format!("{}/{database}{query}", &base[..host_end])
}

/// Creates `name` on the test server unless it exists.
pub async fn create_postgres_database(server: &str, name: &str) {
    use sqlx::Connection;
    let mut admin = sqlx::PgConnection::connect(server)
        .await
        .expect("the PostgreSQL test server answers");
    let exists: Option<(i32,)> = sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(name)
        .fetch_optional(&mut admin)
        .await
        .expect("pg_database");
    if exists.is_none() {
        sqlx::query(&format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await
            .expect("CREATE DATABASE");
    }
    let _ = admin.close().await;
}

/// The database a test's path names: the SQLite file itself, or on
/// PostgreSQL a database named after the path (created when new), so that
/// reopening the path reopens the same database.
pub async fn database_url(path: &Path) -> String {
    match postgres_url() {
        None => format!("sqlite://{}", path.display()),
        Some(server) => {
            let digest = Sha256::digest(path.as_os_str().as_encoded_bytes());
            let name = format!("dt_test_{}", &hex_of(&digest)[..20]);
            create_postgres_database(&server, &name).await;
            postgres_database(&server, &name)
        }
    }
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A signing key file beside `path`, made on first use.
pub fn signing_key_beside(path: &Path) -> PathBuf {
    let key = path.with_extension("key");
    if !key.exists() {
        let text = decision_trail::domain::checkpoint::LogSigner::generate(
            decision_trail::store::DEFAULT_ORIGIN,
            &mut rand_core::OsRng,
        )
        .expect("a key");
        std::fs::write(&key, format!("{text}\n")).expect("key written");
    }
    key
}

/// Puts back a trigger an attacker dropped, as the migrations define it: the
/// service refuses to start without it, so a careful attacker restores it.
pub async fn restore_trigger(conn: &mut sqlx::SqliteConnection, name: &str) {
    // In the migrations' order: the last definition of a trigger is its own.
    let mut files: Vec<_> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/sqlite"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
    files.sort();
    let sql = files
        .into_iter()
        .map(|path| std::fs::read_to_string(path).unwrap())
        .flat_map(|text| {
            text.split("CREATE TRIGGER ")
                .skip(1)
                .map(|t| format!("CREATE TRIGGER {}END;", t.split("END;").next().unwrap()))
                .collect::<Vec<_>>()
        })
        .rfind(|t| {
            t.starts_with(&format!("CREATE TRIGGER {name} "))
                || t.starts_with(&format!("CREATE TRIGGER {name}\n"))
        })
        .unwrap_or_else(|| panic!("no trigger {name} in the migrations"));
    sqlx::query(&sql).execute(conn).await.unwrap();
}
