//! The keys file: reading it at start, and adding an entry (`keys add`).

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
