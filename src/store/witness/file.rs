//! The witness's own SQLite file (`decision-trail witness`): per log origin,
//! the latest checkpoint it cosigned (size, root, note). An update is a
//! compare-and-set on the size and root it was checked against, in one
//! statement, so that two submissions from the same old size can never both
//! succeed (C2SP tlog-witness: the check and the update are atomic).

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::SqlitePool;

use crate::domain::merkle::Hash;
use crate::domain::witness::add_checkpoint::Accepted;
use crate::domain::witness::WitnessedState;
use crate::store::StoreError;

/// The witness's table: one row per origin it has cosigned.
const SCHEMA: &str = "CREATE TABLE IF NOT EXISTS witnessed (
    origin TEXT PRIMARY KEY,
    size   INTEGER NOT NULL CHECK (size >= 0),
    root   BLOB    NOT NULL CHECK (length(root) = 32),
    note   TEXT    NOT NULL
)";

/// The witness's file.
#[derive(Clone)]
pub struct WitnessFile {
    /// Its connections (WAL, synchronous FULL: a cosignature is answered
    /// only after the state it vouches for is durable).
    pool: SqlitePool,
}

fn fault(e: sqlx::Error) -> StoreError {
    StoreError::Unavailable(e.to_string())
}

impl WitnessFile {
    /// Opens (creating) the file at `url` (`sqlite://PATH` or a path).
    pub async fn open(url: &str) -> Result<WitnessFile, StoreError> {
        let path = url.strip_prefix("sqlite://").unwrap_or(url);
        let options = SqliteConnectOptions::from_str(&format!("sqlite://{path}"))
            .map_err(|e| StoreError::Config(format!("invalid database URL `{url}`: {e}")))?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .busy_timeout(Duration::from_secs(5));
        let pool = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options)
            .await
            .map_err(|e| StoreError::Config(format!("cannot open {path}: {e}")))?;
        sqlx::query(SCHEMA).execute(&pool).await.map_err(fault)?;
        Ok(WitnessFile { pool })
    }

    /// The latest checkpoint cosigned for `origin`.
    pub async fn latest(&self, origin: &str) -> Result<Option<WitnessedState>, StoreError> {
        let row: Option<(i64, Vec<u8>)> =
            sqlx::query_as("SELECT size, root FROM witnessed WHERE origin = $1")
                .bind(origin)
                .fetch_optional(&self.pool)
                .await
                .map_err(fault)?;
        row.map(|(size, root)| {
            let root: [u8; 32] = root
                .try_into()
                .map_err(|_| StoreError::Internal("a stored root is not 32 bytes".into()))?;
            Ok(WitnessedState {
                size: size as u64,
                root: Hash(root),
            })
        })
        .transpose()
    }

    /// Every origin's latest cosigned checkpoint: (origin, size, root).
    pub async fn all(&self) -> Result<Vec<(String, u64, Hash)>, StoreError> {
        let rows: Vec<(String, i64, Vec<u8>)> =
            sqlx::query_as("SELECT origin, size, root FROM witnessed ORDER BY origin")
                .fetch_all(&self.pool)
                .await
                .map_err(fault)?;
        rows.into_iter()
            .map(|(origin, size, root)| {
                let root: [u8; 32] = root
                    .try_into()
                    .map_err(|_| StoreError::Internal("a stored root is not 32 bytes".into()))?;
                Ok((origin, size as u64, Hash(root)))
            })
            .collect()
    }

    /// Moves `origin` from `from` (None: never cosigned) to `to`; false when
    /// another submission moved it first (nothing written).
    pub async fn advance(
        &self,
        from: Option<&WitnessedState>,
        to: &Accepted,
        note: &str,
    ) -> Result<bool, StoreError> {
        let size =
            i64::try_from(to.size).map_err(|_| StoreError::Internal("a size past 2^63".into()))?;
        let done = match from {
            None => {
                sqlx::query(
                    "INSERT INTO witnessed (origin, size, root, note) VALUES ($1, $2, $3, $4) \
                 ON CONFLICT (origin) DO NOTHING",
                )
                .bind(&to.origin)
                .bind(size)
                .bind(to.root.0.as_slice())
                .bind(note)
                .execute(&self.pool)
                .await
            }
            Some(old) => {
                sqlx::query(
                    "UPDATE witnessed SET size = $1, root = $2, note = $3 \
                 WHERE origin = $4 AND size = $5 AND root = $6",
                )
                .bind(size)
                .bind(to.root.0.as_slice())
                .bind(note)
                .bind(&to.origin)
                .bind(old.size as i64)
                .bind(old.root.0.as_slice())
                .execute(&self.pool)
                .await
            }
        };
        Ok(done.map_err(fault)?.rows_affected() == 1)
    }

    pub async fn close(&self) {
        self.pool.close().await
    }
}
