//! The evidence pack (docs/design.md §18, docs/spec.md §13): one ZIP
//! archive per task that an auditor files and `verify PACK` checks whole.
//! Its `manifest.json` names every other file with its SHA-256, and
//! `manifest.sig` is the log's signed statement of the manifest's hash, so
//! a file changed, dropped or added is found and named.
//!
//! The archive is written *stored* (no compression): the format any ZIP
//! reader opens (APPNOTE.TXT 6.3.10, local headers, central directory, end
//! record; names in UTF-8, flag bit 11), small enough to read back here.

use chrono::{DateTime, Datelike, Timelike, Utc};
use serde_json::json;
use sha2::{Digest, Sha256};

use crate::domain::record::erasure::{erased_by_statement, hold_of};
use crate::domain::record::oversight::oversight_in;

/// The statement's first line.
pub const EVIDENCE_V1: &str = "decision-trail/evidence/v1";
/// The manifest's and its signature's names in the archive.
pub const MANIFEST: &str = "manifest.json";
pub const MANIFEST_SIG: &str = "manifest.sig";

/// What the log signs of a pack: which log, tree and task it is of, and the
/// SHA-256 of its manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackStatement {
    pub origin: String,
    pub tree_size: u64,
    pub task_id: String,
    /// Lowercase hex SHA-256 of `manifest.json`'s bytes.
    pub manifest_sha256: String,
}

impl PackStatement {
    /// The statement's text (a signed note's body): its header line, the
    /// origin, the tree size, the task id as a JSON string and the hash.
    pub fn text(&self) -> String {
        format!(
            "{EVIDENCE_V1}\n{}\n{}\n{}\n{}\n",
            self.origin,
            self.tree_size,
            serde_json::Value::String(self.task_id.clone()),
            self.manifest_sha256
        )
    }

    /// Reads a statement's text.
    pub fn parse(text: &str) -> Result<PackStatement, String> {
        let lines: Vec<&str> = text
            .strip_suffix('\n')
            .unwrap_or(text)
            .split('\n')
            .collect();
        let [header, origin, size, task, hash] = lines[..] else {
            return Err("the pack statement is not five lines".into());
        };
        if header != EVIDENCE_V1 {
            return Err(format!(
                "the pack statement does not begin with `{EVIDENCE_V1}`"
            ));
        }
        let tree_size = crate::domain::decimal(size)
            .ok_or("the pack statement's tree size is not a decimal")?;
        let task_id = match serde_json::from_str::<serde_json::Value>(task) {
            Ok(serde_json::Value::String(t)) => t,
            _ => return Err("the pack statement's task id is not a JSON string".into()),
        };
        if hash.len() != 64
            || !hash
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        {
            return Err("the pack statement's manifest hash is not 64 lowercase hex".into());
        }
        Ok(PackStatement {
            origin: origin.to_string(),
            tree_size,
            task_id,
            manifest_sha256: hash.to_string(),
        })
    }
}

/// The records a pack lists apart, besides the export: the service's
/// erasure and legal-hold records, and the reviewers' verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Erasure,
    Hold,
    Oversight,
}

impl Part {
    /// The pack's file that lists them.
    pub fn file(self) -> &'static str {
        match self {
            Part::Erasure => "erasures.json",
            Part::Hold => "holds.json",
            Part::Oversight => "oversight.json",
        }
    }
}

/// Which apart-listed kind a record (as served) is, if any.
pub fn part_of(record: &serde_json::Value) -> Option<Part> {
    let metadata = record
        .get("metadata")
        .filter(|m| m.is_object())?
        .to_string();
    if erased_by_statement(&metadata).is_some() {
        Some(Part::Erasure)
    } else if hold_of(&metadata).is_some() {
        Some(Part::Hold)
    } else if matches!(oversight_in(&metadata), Some(Ok(_))) {
        Some(Part::Oversight)
    } else {
        None
    }
}

/// The pack's file name for task `task_id`: `evidence-<task>.zip`, the id's
/// characters other than ASCII letters, digits, `-`, `_` and `.` as `_`
/// (a name any file system and `Content-Disposition` take as it is).
pub fn file_name(task_id: &str) -> String {
    let safe: String = task_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("evidence-{safe}.zip")
}

/// Lowercase hex SHA-256.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The manifest of `files` (name, bytes), in their order.
pub fn manifest(task_id: &str, tree_size: u64, files: &[(&str, Vec<u8>)]) -> String {
    let listed: Vec<serde_json::Value> = files
        .iter()
        .map(|(name, bytes)| json!({"name": name, "sha256": sha256_hex(bytes), "bytes": bytes.len()}))
        .collect();
    let value = json!({
        "format": EVIDENCE_V1,
        "task_id": task_id,
        "tree_size": tree_size,
        "files": listed,
    });
    serde_json::to_string_pretty(&value).expect("a manifest serializes") + "\n"
}

/// A manifest's files, read: (name, SHA-256 hex).
pub fn manifest_files(text: &str) -> Result<Vec<(String, String)>, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("manifest.json is not JSON: {e}"))?;
    let bad = || "manifest.json has no `files` list of {name, sha256}".to_string();
    value["files"]
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|f| match (f["name"].as_str(), f["sha256"].as_str()) {
            (Some(n), Some(h)) => Ok((n.to_string(), h.to_string())),
            _ => Err(bad()),
        })
        .collect()
}

const LOCAL: u32 = 0x0403_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const END: u32 = 0x0605_4b50;
/// Version 2.0: stored and deflated entries, no ZIP64.
const VERSION: u16 = 20;
/// General purpose flag bit 11: the name is UTF-8.
const UTF8: u16 = 1 << 11;

/// MS-DOS time and date of `at` (ZIP's; 2-second precision, from 1980).
fn dos_time(at: DateTime<Utc>) -> (u16, u16) {
    let year = at.year().clamp(1980, 2107) as u16;
    let time = (at.hour() as u16) << 11 | (at.minute() as u16) << 5 | (at.second() as u16 / 2);
    let date = (year - 1980) << 9 | (at.month() as u16) << 5 | at.day() as u16;
    (time, date)
}

/// A stored ZIP archive of `files` (name, bytes), modified at `at`. Err when
/// a file or the whole is past ZIP's 4 GiB without ZIP64.
pub fn write_zip(files: &[(&str, Vec<u8>)], at: DateTime<Utc>) -> Result<Vec<u8>, String> {
    let (time, date) = dos_time(at);
    let mut out = Vec::new();
    let mut central = Vec::new();
    let too_big = || "the evidence pack would pass ZIP's 4 GiB".to_string();
    for (name, bytes) in files {
        let offset = u32::try_from(out.len()).map_err(|_| too_big())?;
        let size = u32::try_from(bytes.len()).map_err(|_| too_big())?;
        let crc = crc32fast::hash(bytes);
        let name_len =
            u16::try_from(name.len()).map_err(|_| "a file name is too long".to_string())?;
        for (buf, central_entry) in [(&mut out, false), (&mut central, true)] {
            buf.extend_from_slice(&if central_entry { CENTRAL } else { LOCAL }.to_le_bytes());
            if central_entry {
                buf.extend_from_slice(&VERSION.to_le_bytes()); // made by
            }
            for v in [VERSION, UTF8, 0, time, date] {
                buf.extend_from_slice(&v.to_le_bytes());
            }
            for v in [crc, size, size] {
                buf.extend_from_slice(&v.to_le_bytes());
            }
            buf.extend_from_slice(&name_len.to_le_bytes());
            buf.extend_from_slice(&0u16.to_le_bytes()); // extra
            if central_entry {
                for v in [0u16, 0, 0] {
                    buf.extend_from_slice(&v.to_le_bytes()); // comment, disk, internal
                }
                buf.extend_from_slice(&0o100_644u32.wrapping_shl(16).to_le_bytes()); // external: a file, rw-r--r--
                buf.extend_from_slice(&offset.to_le_bytes());
            }
            buf.extend_from_slice(name.as_bytes());
        }
        out.extend_from_slice(bytes);
    }
    let central_offset = u32::try_from(out.len()).map_err(|_| too_big())?;
    let central_size = u32::try_from(central.len()).map_err(|_| too_big())?;
    let count = u16::try_from(files.len()).map_err(|_| "too many files".to_string())?;
    out.extend_from_slice(&central);
    out.extend_from_slice(&END.to_le_bytes());
    for v in [0u16, 0, count, count] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&central_size.to_le_bytes());
    out.extend_from_slice(&central_offset.to_le_bytes());
    out.extend_from_slice(&0u16.to_le_bytes());
    Ok(out)
}

/// Whether `bytes` begin as a ZIP archive does.
pub fn looks_like_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(&LOCAL.to_le_bytes())
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

/// The files of a stored ZIP archive, (name, bytes), in the central
/// directory's order; each entry's CRC-32 checked. Err says what does not
/// read (a compressed entry, a bad CRC, a cut archive).
pub fn read_zip(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let cut = || "the archive is cut short or not a ZIP archive".to_string();
    // The end record: the last signature within its 22 bytes and a comment.
    let from = bytes.len().saturating_sub(22 + usize::from(u16::MAX));
    let end = (from..=bytes.len().saturating_sub(22))
        .rev()
        .find(|&i| u32_at(bytes, i) == Some(END))
        .ok_or_else(cut)?;
    let count = usize::from(u16_at(bytes, end + 10).ok_or_else(cut)?);
    let mut at = u32_at(bytes, end + 16).ok_or_else(cut)? as usize;
    let mut files = Vec::with_capacity(count);
    for _ in 0..count {
        if u32_at(bytes, at) != Some(CENTRAL) {
            return Err(cut());
        }
        let method = u16_at(bytes, at + 10).ok_or_else(cut)?;
        let crc = u32_at(bytes, at + 16).ok_or_else(cut)?;
        let size = u32_at(bytes, at + 20).ok_or_else(cut)? as usize;
        let name_len = usize::from(u16_at(bytes, at + 28).ok_or_else(cut)?);
        let skip = usize::from(u16_at(bytes, at + 30).ok_or_else(cut)?)
            + usize::from(u16_at(bytes, at + 32).ok_or_else(cut)?);
        let local = u32_at(bytes, at + 42).ok_or_else(cut)? as usize;
        let name = bytes.get(at + 46..at + 46 + name_len).ok_or_else(cut)?;
        let name =
            String::from_utf8(name.to_vec()).map_err(|_| "a file name is not UTF-8".to_string())?;
        if method != 0 {
            return Err(format!(
                "{name} is compressed: an evidence pack is read as served (stored, not re-zipped)"
            ));
        }
        if u32_at(bytes, local) != Some(LOCAL) {
            return Err(cut());
        }
        let data_at = local
            + 30
            + usize::from(u16_at(bytes, local + 26).ok_or_else(cut)?)
            + usize::from(u16_at(bytes, local + 28).ok_or_else(cut)?);
        let data = bytes.get(data_at..data_at + size).ok_or_else(cut)?;
        if crc32fast::hash(data) != crc {
            return Err(format!(
                "{name}: its CRC-32 does not match: the archive is damaged"
            ));
        }
        files.push((name, data.to_vec()));
        at += 46 + name_len + skip;
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_archive_reads_back_and_damage_is_found() {
        let at = DateTime::from_timestamp(1_764_000_000, 0).unwrap();
        let files = vec![("a.txt", b"alpha".to_vec()), ("dir/b.json", b"{}".to_vec())];
        let zip = write_zip(&files, at).unwrap();
        assert!(looks_like_zip(&zip));
        let read = read_zip(&zip).unwrap();
        assert_eq!(
            read,
            vec![
                ("a.txt".into(), b"alpha".to_vec()),
                ("dir/b.json".into(), b"{}".to_vec())
            ]
        );
        let mut damaged = zip.clone();
        let i = damaged.windows(5).position(|w| w == b"alpha").unwrap();
        damaged[i] = b'A';
        assert!(read_zip(&damaged).unwrap_err().contains("CRC-32"));
        assert!(read_zip(&zip[..zip.len() - 3]).is_err());
    }

    #[test]
    fn a_statement_reads_back() {
        let s = PackStatement {
            origin: "example.com/log".into(),
            tree_size: 42,
            task_id: "t\"1".into(),
            manifest_sha256: sha256_hex(b"m"),
        };
        assert_eq!(PackStatement::parse(&s.text()), Ok(s));
        assert!(PackStatement::parse("decision-trail/evidence/v1\nx\n01\n\"t\"\nab\n").is_err());
    }
}
