//! The log's signing key on disk: read from the file the operator names, or,
//! when none is named, generated on first start beside the database with
//! owner-only permissions and reused after.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::domain::checkpoint::LogSigner;
use crate::store::StoreError;

/// File name of the generated key, in the database's directory.
pub const DEFAULT_KEY_FILE: &str = "log-signing.key";

/// The key as the configuration gives it: the key itself, a file, or (for a
/// database with a folder of its own) the default file there, generated on
/// first start. The path answered is where the key is kept, if anywhere.
pub(crate) fn load(
    text: Option<&str>,
    explicit: Option<&Path>,
    dir: Option<&Path>,
    name: &str,
) -> Result<(LogSigner, Option<PathBuf>), StoreError> {
    if let Some(text) = text {
        let signer = LogSigner::from_signer_key(text.trim()).map_err(|e| {
            StoreError::Config(format!(
                "the signing key in DECISION_TRAIL_SIGNING_KEY: {e}"
            ))
        })?;
        return Ok((signer, None));
    }
    match dir {
        Some(dir) => load_or_generate(explicit, dir, name).map(|(s, p)| (s, Some(p))),
        None => match explicit {
            Some(path) => Ok((read(path)?, Some(path.to_path_buf()))),
            None => Err(StoreError::Config(
                "a PostgreSQL log is shared by every replica, so they must all sign with one \
                 key: give it with --signing-key-file or DECISION_TRAIL_SIGNING_KEY (make one \
                 with `decision-trail log key --origin ORIGIN`)"
                    .into(),
            )),
        },
    }
}

/// Loads the key at `explicit`, or at the default path in `dir` (generating it
/// there, named `name`, when it does not exist yet).
pub(crate) fn load_or_generate(
    explicit: Option<&Path>,
    dir: &Path,
    name: &str,
) -> Result<(LogSigner, PathBuf), StoreError> {
    if let Some(path) = explicit {
        // A key the operator names must exist: generating one silently would
        // start a second identity for the log.
        return Ok((read(path)?, path.to_path_buf()));
    }
    let path = dir.join(DEFAULT_KEY_FILE);
    if path.exists() {
        return Ok((read(&path)?, path));
    }
    let text = LogSigner::generate(name, &mut rand_core::OsRng)
        .map_err(|e| StoreError::Config(format!("cannot name the signing key: {e}")))?;
    write_owner_only(&path, &text)?;
    tracing::info!(path = %path.display(), "generated the log signing key");
    Ok((read(&path)?, path))
}

fn read(path: &Path) -> Result<LogSigner, StoreError> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        StoreError::Config(format!(
            "cannot read the signing key {}: {e}",
            path.display()
        ))
    })?;
    warn_if_shared(path);
    LogSigner::from_signer_key(&text)
        .map_err(|e| StoreError::Config(format!("signing key {}: {e}", path.display())))
}

/// Writes a new secret key file, owner-only; an existing file is never
/// overwritten (`decision-trail witness key`).
pub(crate) fn write_new_owner_only(path: &Path, text: &str) -> Result<(), StoreError> {
    write_owner_only(path, text)
}

#[cfg(unix)]
fn write_owner_only(path: &Path, text: &str) -> Result<(), StoreError> {
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| StoreError::Config(format!("cannot create {}: {e}", path.display())))?;
    file.write_all(format!("{text}\n").as_bytes())
        .and_then(|_| file.sync_all())
        .map_err(|e| StoreError::Config(format!("cannot write {}: {e}", path.display())))
}

#[cfg(not(unix))]
fn write_owner_only(path: &Path, text: &str) -> Result<(), StoreError> {
    std::fs::write(path, format!("{text}\n"))
        .map_err(|e| StoreError::Config(format!("cannot write {}: {e}", path.display())))
}

#[cfg(unix)]
fn warn_if_shared(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = std::fs::metadata(path) {
        if meta.permissions().mode() & 0o077 != 0 {
            tracing::warn!(path = %path.display(), "the signing key is readable by others; chmod 600 it");
        }
    }
}

#[cfg(not(unix))]
fn warn_if_shared(_: &Path) {}
