//! The keys file: reading it (at start, and when it changes), adding an
//! entry (`keys add`) and removing some (`keys revoke`).

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use crate::domain::api_keys::{KeyEntry, KeyRing};

/// Reads and checks the whole keys file; any bad line makes it unusable (a
/// key silently skipped would lock an agent out, or worse, let one in).
pub fn load(path: &Path) -> Result<KeyRing, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read keys file {}: {e}", path.display()))?;
    parse(path, &text)
}

fn parse(path: &Path, text: &str) -> Result<KeyRing, String> {
    KeyRing::parse(text).map_err(|errors| {
        format!(
            "keys file {} is not valid:\n  {}",
            path.display(),
            errors.join("\n  ")
        )
    })
}

/// Appends `entry` as one line, creating the file (mode 0600) if needed. A
/// file that does not parse is left alone, so a bad file is never made worse.
pub fn append(path: &Path, entry: &KeyEntry) -> Result<(), String> {
    let mut options = OpenOptions::new();
    options.read(true).append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut file = options
        .open(path)
        .map_err(|e| format!("cannot open keys file {}: {e}", path.display()))?;
    // A file that existed before keeps its mode on open: make it owner-only too.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        file.set_permissions(std::fs::Permissions::from_mode(0o600))
            .map_err(|e| format!("cannot make keys file {} owner-only: {e}", path.display()))?;
    }
    let mut text = String::new();
    file.read_to_string(&mut text)
        .map_err(|e| format!("cannot read keys file {}: {e}", path.display()))?;
    parse(path, &text)?;
    let mut line = String::new();
    if !text.is_empty() && !text.ends_with('\n') {
        line.push('\n');
    }
    line.push_str(&entry.to_line());
    line.push('\n');
    file.seek(SeekFrom::End(0))
        .and_then(|_| file.write_all(line.as_bytes()))
        .and_then(|_| file.sync_all())
        .map_err(|e| format!("cannot write keys file {}: {e}", path.display()))
}

/// Removes the keys `what` names (a fingerprint, at least 8 hex digits of a
/// token's hash, or an agent: all its keys) from the file, which is written
/// anew whole (a new file renamed over the old, owner-only), every other
/// line kept as it was: the removed entries. A running service drops them
/// at its next look at the file. A fingerprint must name one key.
pub fn revoke(path: &Path, what: &str) -> Result<Vec<KeyEntry>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read keys file {}: {e}", path.display()))?;
    parse(path, &text)?;
    let mut kept = String::with_capacity(text.len());
    let mut removed = Vec::new();
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim();
        let entry = (!trimmed.is_empty() && !trimmed.starts_with('#'))
            .then(|| serde_json::from_str::<KeyEntry>(trimmed).ok())
            .flatten();
        match entry {
            Some(entry) if entry.is_named_by(what) => removed.push(entry),
            _ => kept.push_str(line),
        }
    }
    if removed.is_empty() {
        return Err(format!(
            "no key of {} is named `{what}`: give a fingerprint (`keys list` shows them) or an \
             agent id",
            path.display()
        ));
    }
    let by_agent = removed.iter().all(|e| e.agent_id == what);
    if !by_agent && removed.len() > 1 {
        return Err(format!(
            "`{what}` names {} keys: give more of the fingerprint",
            removed.len()
        ));
    }
    let tmp = path.with_extension("revoking");
    let written = (|| {
        use std::os::unix::fs::OpenOptionsExt;
        let mut file = OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(true)
            .mode(0o600)
            .open(&tmp)?;
        file.write_all(kept.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::File::open(dir)?.sync_all()?;
        }
        Ok::<(), std::io::Error>(())
    })();
    written.map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        format!("cannot write keys file {}: {e}", path.display())
    })?;
    Ok(removed)
}
