//! `decision-trail log rotate --origin NEW` (docs/design.md §2, "The second
//! day"): a new log, under a new origin and a new key, over the stored
//! records; the old key's last act is a successor statement naming the old
//! log's last size and root as this database holds them and the new log's
//! origin and key, stored with the new log and served at `GET
//! /log/successor`, so that monitors follow the log instead of reporting a
//! fork. The way on for a restored database that cannot be brought back to
//! what the old log signed: it says so, in a statement the old key signs.

use std::path::{Path, PathBuf};

use chrono::Utc;

use crate::domain::chain::format_timestamp;
use crate::domain::checkpoint::{LogSigner, Successor};
use crate::store::backend::SuccessorRow;
use crate::store::log::copy::CheckpointCopy;
use crate::store::open::{open_checked, CheckedLog};
use crate::store::{SignedCheckpoint, StoreConfig, StoreError};

/// What a rotation made.
#[derive(Debug, Clone)]
pub struct Rotated {
    /// The old log's last checkpoint, as the database held it.
    pub old: SignedCheckpoint,
    /// The new log's first checkpoint (the same records, its own origin
    /// and key).
    pub new: SignedCheckpoint,
    /// The new log's verifier key.
    pub new_key: String,
    /// The successor statement, signed by the old key.
    pub statement: String,
    /// Where the new signing key was written; None: it is in
    /// `new_signing_key` for the operator to put where the old one was (a
    /// key given in the environment).
    pub key_file: Option<PathBuf>,
    /// The new signing key, when it was not written to a file.
    pub new_signing_key: Option<String>,
    /// Where the old signing key was moved.
    pub old_key_file: Option<PathBuf>,
}

/// Rotates the log of the database `config` names (the service stopped) to
/// `new_origin` and a new key: see the module.
pub async fn rotate(config: &StoreConfig, new_origin: &str) -> Result<Rotated, StoreError> {
    if new_origin == config.origin {
        return Err(StoreError::Config(format!(
            "the log is already named `{new_origin}`: a new log needs a new origin, so that no \
             size is ever signed twice under one name"
        )));
    }
    let CheckedLog {
        signer: old_signer,
        key_path,
        reads,
        mut batches,
        own: old,
        copy,
        ..
    } = open_checked(config).await?;
    let copy_path = copy.path().to_path_buf();
    drop(copy);
    let text = LogSigner::generate(new_origin, &mut rand_core::OsRng)
        .map_err(|e| StoreError::Config(format!("cannot make a key named `{new_origin}`: {e}")))?;
    let new_signer = LogSigner::from_signer_key(&text)
        .map_err(|e| StoreError::Config(format!("the new key: {e}")))?;
    let successor = Successor {
        old_origin: config.origin.clone(),
        old_size: old.tree_size,
        old_root: old.root,
        new_origin: new_origin.to_string(),
        new_key: new_signer.verifier_key().to_string(),
    };
    let statement = old_signer.sign_note(&successor.text());
    // The new key is on disk before the database names it: a stop between
    // the two leaves the new key beside the old one, never a log whose key
    // is lost.
    let pending = key_path.as_deref().map(|p| with_suffix(p, "new"));
    if let Some(pending) = &pending {
        crate::store::log::signing::write_new_owner_only(pending, &text)?;
    }
    let made_at = format_timestamp(Utc::now());
    let row = SuccessorRow {
        old_origin: config.origin.clone(),
        new_origin: new_origin.to_string(),
        statement: statement.clone(),
        made_at: made_at.clone(),
    };
    let rebuilt = batches
        .rebuild_log(&new_signer, new_origin, &made_at, Some(&row))
        .await;
    batches.close().await;
    reads.close().await;
    let new = match rebuilt {
        Ok(new) => new,
        Err(e) => {
            if let Some(pending) = &pending {
                let _ = std::fs::remove_file(pending);
            }
            return Err(e);
        }
    };
    let stamp = Utc::now().timestamp();
    let (key_file, old_key_file) = match (&key_path, &pending) {
        (Some(path), Some(pending)) => {
            let aside = with_suffix(path, &format!("retired-{stamp}"));
            std::fs::rename(path, &aside)
                .and_then(|()| std::fs::rename(pending, path))
                .map_err(|e| {
                    StoreError::Unavailable(format!(
                        "the log is rotated, but its new key {} could not replace {}: {e}; move \
                         it there by hand",
                        pending.display(),
                        path.display()
                    ))
                })?;
            (Some(path.clone()), Some(aside))
        }
        _ => (None, None),
    };
    if copy_path.exists() {
        let aside = copy_path.with_extension(format!("retired-{stamp}"));
        std::fs::rename(&copy_path, &aside).map_err(|e| {
            StoreError::Unavailable(format!("cannot move {} aside: {e}", copy_path.display()))
        })?;
    }
    let (mut copy, _) = CheckpointCopy::open(&copy_path, new_signer.verifier_key(), new_origin)?;
    copy.append(&new).map_err(|e| {
        StoreError::Unavailable(format!("cannot write {}: {e}", copy.path().display()))
    })?;
    Ok(Rotated {
        old,
        new,
        new_key: new_signer.verifier_key().to_string(),
        statement,
        new_signing_key: key_file.is_none().then_some(text),
        key_file,
        old_key_file,
    })
}

/// `path` with `.suffix` added to its name.
fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}
