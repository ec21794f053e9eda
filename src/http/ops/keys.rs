//! The API keys a running service accepts, reloaded without a restart
//! (docs/design.md §10): on SIGHUP and when the keys file changes on disk,
//! the file is read whole and, if every line parses, its keys replace the
//! old set at once; a file that does not parse keeps the old set, is logged
//! at ERROR naming its lines, and is counted in `/metrics`. A key removed
//! from the file (`decision-trail keys revoke`) is refused from the next
//! check, within a second.

use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::domain::api_keys::{KeyEntry, KeyRing};
use crate::domain::metrics::KEYS_RELOADS;

/// How often the file's size, time and inode are looked at.
const WATCH_EVERY: Duration = Duration::from_millis(200);

/// The keys in force, shared by every request; replaced whole on reload.
#[derive(Debug, Clone)]
pub struct LiveKeys(Arc<RwLock<Arc<KeyRing>>>);

impl LiveKeys {
    pub fn new(ring: KeyRing) -> LiveKeys {
        LiveKeys(Arc::new(RwLock::new(Arc::new(ring))))
    }

    /// The set in force now.
    pub fn current(&self) -> Arc<KeyRing> {
        self.0.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The entry of `token` in the set in force (docs: `KeyRing::authenticate`).
    pub fn authenticate(&self, token: &str) -> Option<KeyEntry> {
        self.current().authenticate(token).cloned()
    }

    /// Replaces the set, at once for every later request.
    pub fn replace(&self, ring: KeyRing) {
        *self.0.write().unwrap_or_else(|p| p.into_inner()) = Arc::new(ring);
    }
}

/// What identifies a version of the file: a change to any is a change.
fn stamp(path: &Path) -> Option<(std::time::SystemTime, u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).ok()?;
    Some((meta.modified().ok()?, meta.len(), meta.ino()))
}

/// Reads `path` again into `keys`: whether the new set is in force.
pub fn reload(keys: &LiveKeys, path: &Path) -> bool {
    match crate::store::admin::api_keys::load(path) {
        Ok(ring) => {
            let before = keys.current().len();
            let now = ring.len();
            keys.replace(ring);
            metrics::counter!(KEYS_RELOADS, "outcome" => "ok").increment(1);
            tracing::info!(path = %path.display(), keys = now, before, "API keys reloaded");
            true
        }
        Err(e) => {
            metrics::counter!(KEYS_RELOADS, "outcome" => "refused").increment(1);
            tracing::error!(path = %path.display(), error = %e, "the keys file was changed but cannot be used: the keys in force are kept until it is fixed");
            false
        }
    }
}

/// Reloads `keys` from `path` on SIGHUP and whenever the file changes, for
/// as long as the service runs.
pub fn spawn_reload(keys: LiveKeys, path: PathBuf) -> std::io::Result<tokio::task::JoinHandle<()>> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut hangup = signal(SignalKind::hangup())?;
    Ok(tokio::spawn(async move {
        let mut seen = stamp(&path);
        let mut ticks = tokio::time::interval(WATCH_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let asked = tokio::select! {
                _ = hangup.recv() => true,
                _ = ticks.tick() => false,
            };
            let now = stamp(&path);
            if asked {
                tracing::info!(path = %path.display(), "SIGHUP: reloading the API keys");
            }
            if asked || now != seen {
                // A file being written may be read half: a line that does
                // not parse keeps the old set, and the next change reloads.
                seen = now;
                reload(&keys, &path);
            }
        }
    }))
}
