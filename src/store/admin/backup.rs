//! `decision-trail backup DEST` (docs/design.md §2, "The second day"): a
//! consistent copy of a live SQLite database (`VACUUM INTO`, one read
//! transaction, so the copy is the database as of one commit, taken while
//! the service appends), the checkpoint copy as of that commit, and a
//! manifest naming the log, its verifier key and the signed checkpoint the
//! copy holds. The signing key only when asked, owner-only.
//!
//! A backup is the log as it was: restored, it is behind whatever the log
//! signed since, and the service refuses to sign on it until it learns how
//! far the key signed (`store::log::signed`) and the missing records are brought
//! back, or a new log is begun.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::Serialize;
use sqlx::ConnectOptions;

use crate::domain::checkpoint::{open_checkpoint, LogSigner};
use crate::domain::merkle::to_hex;
use crate::store::log::copy::{self as checkpoint_copy, CheckpointCopy};
use crate::store::log::signing::DEFAULT_KEY_FILE;
use crate::store::{open, postgres, SignedCheckpoint, StoreConfig, StoreError};

/// The database file's name in a backup.
pub const BACKUP_DATABASE: &str = "decision-trail.db";
/// The manifest's name in a backup.
pub const BACKUP_MANIFEST: &str = "manifest.json";

/// What a backup holds, written beside it as `manifest.json`.
#[derive(Debug, Clone, Serialize)]
pub struct BackupManifest {
    /// Names this file's format.
    pub format: &'static str,
    /// When the copy was taken (RFC 3339, UTC).
    pub made_at: String,
    /// The build that took it.
    pub build: String,
    /// The log's name.
    pub origin: String,
    /// The key its checkpoints verify with.
    pub verifier_key: String,
    /// The newest signed checkpoint the copied database holds: what a
    /// restore of this backup starts from.
    pub checkpoint: ManifestCheckpoint,
    /// The files of the backup, by what they are.
    pub files: ManifestFiles,
}

/// A checkpoint as the manifest names it.
#[derive(Debug, Clone, Serialize)]
pub struct ManifestCheckpoint {
    pub tree_size: u64,
    /// Lowercase hex.
    pub root: String,
    /// The signed note, verbatim.
    pub note: String,
}

/// The files of a backup.
#[derive(Debug, Clone, Serialize)]
pub struct ManifestFiles {
    pub database: String,
    pub checkpoint_copy: String,
    /// The signing key, when `--with-key` copied it.
    pub signing_key: Option<String>,
}

/// Backs up the SQLite database `config` names into the folder `dest`
/// (created; it must not hold a backup already): see the module.
pub async fn backup(
    config: &StoreConfig,
    dest: &Path,
    with_key: bool,
) -> Result<BackupManifest, StoreError> {
    if postgres::is_postgres(&config.database_url) {
        return Err(StoreError::Config(
            "`backup` copies a SQLite database; back up PostgreSQL with its own tools \
             (pg_basebackup with WAL archiving, or pg_dump), as docs/design.md says, with the \
             checkpoint copy taken after the dump"
                .into(),
        ));
    }
    let source = sqlite_path(&config.database_url)?;
    if !source.exists() {
        return Err(StoreError::Config(format!(
            "{} does not exist: nothing to back up",
            source.display()
        )));
    }
    let (signer, key_path) = signing_key(config, &source)?;
    let copy_path = open::copy_path(config, key_path.as_deref());
    std::fs::create_dir_all(dest)
        .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", dest.display())))?;
    let database = dest.join(BACKUP_DATABASE);
    if database.exists() || dest.join(BACKUP_MANIFEST).exists() {
        return Err(StoreError::Config(format!(
            "{} holds a backup already: give an empty or new folder",
            dest.display()
        )));
    }
    // One read transaction: the copy is the database as of one commit,
    // whatever the service appends meanwhile (SQLite's VACUUM INTO).
    let mut conn = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&source)
        .read_only(true)
        .disable_statement_logging()
        .connect()
        .await
        .map_err(|e| StoreError::Config(format!("cannot open {}: {e}", source.display())))?;
    sqlx::query("VACUUM INTO $1")
        .bind(database.to_string_lossy().to_string())
        .execute(&mut conn)
        .await
        .map_err(|e| StoreError::Unavailable(format!("cannot copy {}: {e}", source.display())))?;
    drop(conn);
    let checkpoint = copied_checkpoint(config, &database, &signer).await?;
    let copy = dest.join(checkpoint_copy::DEFAULT_FILE);
    copy_checkpoints(&copy_path, &copy, &checkpoint, &signer, &config.origin)?;
    let signing_key = if with_key {
        let to = dest.join(DEFAULT_KEY_FILE);
        let text = match &key_path {
            Some(path) => std::fs::read_to_string(path)
                .map_err(|e| StoreError::Config(format!("cannot read {}: {e}", path.display())))?,
            None => config.signing_key_text.clone().unwrap_or_default(),
        };
        crate::store::log::signing::write_new_owner_only(&to, text.trim())?;
        Some(DEFAULT_KEY_FILE.to_string())
    } else {
        None
    };
    let manifest = BackupManifest {
        format: "decision-trail backup v1",
        made_at: crate::domain::chain::format_timestamp(chrono::Utc::now()),
        build: concat!("decision-trail ", env!("CARGO_PKG_VERSION")).to_string(),
        origin: config.origin.clone(),
        verifier_key: signer.verifier_key().to_string(),
        checkpoint: ManifestCheckpoint {
            tree_size: checkpoint.tree_size,
            root: to_hex(&checkpoint.root),
            note: checkpoint.note.clone(),
        },
        files: ManifestFiles {
            database: BACKUP_DATABASE.into(),
            checkpoint_copy: checkpoint_copy::DEFAULT_FILE.into(),
            signing_key,
        },
    };
    let text = serde_json::to_string_pretty(&manifest).expect("a manifest serializes");
    write_new(&dest.join(BACKUP_MANIFEST), text.as_bytes())?;
    Ok(manifest)
}

/// The file a `sqlite://` URL (or a bare path) names.
fn sqlite_path(url: &str) -> Result<PathBuf, StoreError> {
    let path = url
        .strip_prefix("sqlite://")
        .or_else(|| url.strip_prefix("sqlite:"))
        .unwrap_or(url);
    let path = path.split('?').next().unwrap_or_default();
    if path.is_empty() || path.contains(":memory:") {
        return Err(StoreError::Config(format!(
            "`{url}` names no database file"
        )));
    }
    Ok(PathBuf::from(path))
}

/// The log's signing key, as `serve` finds it, never generated: the
/// environment's, the file given, or `log-signing.key` beside the database.
fn signing_key(
    config: &StoreConfig,
    database: &Path,
) -> Result<(LogSigner, Option<PathBuf>), StoreError> {
    let path = config.signing_key.clone().unwrap_or_else(|| {
        database
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .join(DEFAULT_KEY_FILE)
    });
    // As `serve` reads it, given as a file: one that is missing is an
    // error, never a key generated.
    crate::store::log::signing::load(
        config.signing_key_text.as_deref(),
        Some(&path),
        None,
        &config.origin,
    )
}

/// The newest checkpoint of the copied database, verified with the key and
/// of the origin, with as many records as it signs.
async fn copied_checkpoint(
    config: &StoreConfig,
    database: &Path,
    signer: &LogSigner,
) -> Result<SignedCheckpoint, StoreError> {
    let copy = StoreConfig {
        database_url: format!("sqlite://{}", database.display()),
        ..config.clone()
    };
    let reads = open::open_read_only(&copy).await?;
    let newest = reads.checkpoint(None).await;
    let records = reads.count_records().await;
    reads.close().await;
    let newest = newest?.ok_or_else(|| {
        StoreError::Config("the database holds no signed checkpoint: no log to back up".into())
    })?;
    let opened = open_checkpoint(&newest.note, signer.verifier_key()).map_err(|e| {
        StoreError::Config(format!(
            "the database's newest checkpoint does not verify with the key: {e}"
        ))
    })?;
    if opened.origin != config.origin {
        return Err(StoreError::Config(format!(
            "the database's log is named `{}`, not `{}` (--origin)",
            opened.origin, config.origin
        )));
    }
    if records? != newest.tree_size {
        return Err(StoreError::Config(format!(
            "the copy holds another number of records than its newest checkpoint signs ({}): \
             run `decision-trail fsck` on the database",
            newest.tree_size
        )));
    }
    Ok(newest)
}

/// Writes the checkpoint copy of the backup: the live copy's lines up to
/// the copied database's checkpoint, then that checkpoint if the live copy
/// lagged (it is appended after each commit).
fn copy_checkpoints(
    from: &Path,
    to: &Path,
    checkpoint: &SignedCheckpoint,
    signer: &LogSigner,
    origin: &str,
) -> Result<(), StoreError> {
    let text = match std::fs::read_to_string(from) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(StoreError::Config(format!(
                "cannot read the checkpoint copy {}: {e}",
                from.display()
            )))
        }
    };
    let mut kept = String::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match checkpoint_copy::line_size(line) {
            Some(size) if size <= checkpoint.tree_size => {
                kept.push_str(line);
                kept.push('\n');
            }
            _ => {}
        }
    }
    write_new(to, kept.as_bytes())?;
    let (mut copy, last) = CheckpointCopy::open(to, signer.verifier_key(), origin)?;
    if last.map(|c| c.tree_size) != Some(checkpoint.tree_size) {
        copy.append(checkpoint)
            .map_err(|e| StoreError::Unavailable(format!("cannot write {}: {e}", to.display())))?;
    }
    Ok(())
}

/// Writes a new file (never over one), synced.
fn write_new(path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
        .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", path.display())))?;
    file.write_all(bytes)
        .and_then(|()| file.sync_all())
        .map_err(|e| StoreError::Config(format!("cannot write {}: {e}", path.display())))
}
