//! `verify PACK`: an evidence pack checked whole (docs/spec.md §13). The
//! manifest's signature with the log's key, every file against the
//! manifest (a file changed, dropped or added is named), the export as
//! `verify` checks one, and the pack's other parts against the export:
//! the provable times recomputed, the erasure, hold and oversight records
//! those of the export, the report naming the export's head and root.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::Value;

use super::verify::{verify_text, FileVerdict, VerifyArgs};
use crate::domain::audit::{code, fail};
use crate::domain::checkpoint::open_note;
use crate::domain::evidence::{
    file_name, manifest_files, part_of, read_zip, sha256_hex, PackStatement, Part, MANIFEST,
    MANIFEST_SIG,
};
use crate::domain::witness::Policy;
use crate::http::path_segment;

/// Checks the evidence pack `bytes` (read from `file`) with the log's key
/// `key` (else the pack's own `log.vkey`, said so) and `policy` (else the
/// pack's `witness.policy`). Err: it cannot be checked at all.
pub(super) fn verify_pack(
    file: &Path,
    bytes: &[u8],
    key: Option<String>,
    policy: Option<Policy>,
) -> Result<FileVerdict, String> {
    let mismatch = |what: String| {
        Ok(FileVerdict::failed(
            file,
            fail(0, code::PACK_MISMATCH, what),
        ))
    };
    let entries = match read_zip(bytes) {
        Ok(entries) => entries,
        Err(e) => return Ok(FileVerdict::failed(file, fail(0, code::MALFORMED, e))),
    };
    let files: BTreeMap<String, Vec<u8>> = entries.into_iter().collect();
    let text = |name: &str| -> Option<String> {
        files
            .get(name)
            .and_then(|b| String::from_utf8(b.clone()).ok())
    };
    let (Some(manifest), Some(signed)) = (text(MANIFEST), text(MANIFEST_SIG)) else {
        return mismatch(format!("the pack lacks {MANIFEST} or {MANIFEST_SIG}"));
    };
    let own_key = key.is_none();
    let Some(key) = key.or_else(|| text("log.vkey").map(|k| k.trim().to_string())) else {
        return mismatch("the pack has no log.vkey, and no --key was given".into());
    };
    // 1. The log signed the manifest.
    let statement = match open_note(&signed, &key) {
        Ok(text) => text,
        Err(e) => {
            return Ok(FileVerdict::failed(
                file,
                fail(0, code::BAD_SIGNATURE, format!("{MANIFEST_SIG}: {e}")),
            ))
        }
    };
    let statement = match PackStatement::parse(&statement) {
        Ok(s) => s,
        Err(e) => {
            return Ok(FileVerdict::failed(
                file,
                fail(0, code::MALFORMED, format!("{MANIFEST_SIG}: {e}")),
            ))
        }
    };
    if statement.manifest_sha256 != sha256_hex(manifest.as_bytes()) {
        return mismatch(format!(
            "{MANIFEST}: its SHA-256 is not the one the log signed in {MANIFEST_SIG}"
        ));
    }
    // 2. Every file is the manifest's, and only those.
    let listed = match manifest_files(&manifest) {
        Ok(listed) => listed,
        Err(e) => return mismatch(e),
    };
    for (name, sha) in &listed {
        match files.get(name) {
            None => {
                return mismatch(format!(
                    "{name}: listed in the manifest, missing from the pack"
                ))
            }
            Some(bytes) if sha256_hex(bytes) != *sha => {
                return mismatch(format!(
                    "{name}: its SHA-256 is not the manifest's: it was changed"
                ))
            }
            Some(_) => {}
        }
    }
    if let Some(extra) = files
        .keys()
        .find(|n| *n != MANIFEST && *n != MANIFEST_SIG && !listed.iter().any(|(l, _)| l == *n))
    {
        return mismatch(format!(
            "{extra}: in the pack, not in its manifest: it was added"
        ));
    }
    let pack_key = text("log.vkey").map(|k| k.trim().to_string());
    if pack_key.as_deref() != Some(key.as_str()) {
        return mismatch("log.vkey: not the key the pack is signed with".into());
    }
    let own_policy = policy.is_none();
    let policy = match (policy, text("witness.policy")) {
        (Some(p), _) => Some(p),
        (None, Some(t)) => match Policy::parse(&t) {
            Ok(p) => Some(p),
            Err(e) => return mismatch(format!("witness.policy: {e}")),
        },
        (None, None) => None,
    };
    // 3. The export, as verify checks one.
    let Some(export) = text("export.ndjson") else {
        return mismatch("export.ndjson: missing, or not UTF-8".into());
    };
    let inner = file.join("export.ndjson");
    let mut verdict = verify_text(
        &inner,
        export.clone(),
        &VerifyArgs::default(),
        Some(key),
        policy,
    )?;
    if verdict.code.is_some() {
        return Ok(verdict);
    }
    // 4. The other parts against the export.
    let mut lines = export.lines().filter(|l| !l.trim().is_empty());
    let header: Value = lines
        .next()
        .and_then(|l| serde_json::from_str(l).ok())
        .unwrap_or_default();
    let records: Vec<Value> = lines
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|l| l["record"].clone())
        .collect();
    if Some(statement.task_id.as_str()) != verdict.task_id.as_deref()
        || Some(statement.tree_size) != header["tree_size"].as_u64()
    {
        return mismatch(format!(
            "{MANIFEST_SIG}: states task `{}` at tree size {}, not the export's",
            statement.task_id, statement.tree_size
        ));
    }
    for part in [Part::Erasure, Part::Hold, Part::Oversight] {
        let expected: Vec<&Value> = records
            .iter()
            .filter(|r| part_of(r) == Some(part))
            .collect();
        let given: Option<Vec<Value>> =
            text(part.file()).and_then(|t| serde_json::from_str(&t).ok());
        if given.as_ref().map(|g| g.iter().collect::<Vec<_>>()) != Some(expected) {
            return mismatch(format!(
                "{}: not the export's records of that kind (each, exactly as exported)",
                part.file()
            ));
        }
    }
    let times: Option<Vec<Value>> = text("times.json").and_then(|t| serde_json::from_str(&t).ok());
    let times_match =
        times.as_ref().is_some_and(|times| {
            times.len() == records.len()
                && times.iter().zip(&records).zip(&verdict.record_times).all(
                    |((t, r), recomputed)| {
                        t["id"] == r["id"] && t["existed_by"].as_str() == recomputed.as_deref()
                    },
                )
        });
    if !times_match {
        return mismatch(
            "times.json: not the records' provable times as recomputed from the export".into(),
        );
    }
    let report = text("report.html").unwrap_or_default();
    let (head, root) = (
        verdict.head.clone().unwrap_or_default(),
        header["root"].as_str().unwrap_or_default().to_string(),
    );
    if !report.contains(&head) || !report.contains(&root) {
        return mismatch("report.html: does not name the export's head hash and root".into());
    }
    let mut said = vec![format!(
        "ok: evidence pack of task `{}`: {} files, each the manifest's, which the log signed",
        statement.task_id,
        files.len()
    )];
    if own_key {
        said.push(
            "note: checked with the pack's own log.vkey: compare it with the log's key kept \
             elsewhere (GET /log/key), or give --key"
                .into(),
        );
    }
    if own_policy && files.contains_key("witness.policy") {
        said.push("note: the witness policy is the pack's own witness.policy".into());
    }
    said.push("ok: times.json, erasures.json, holds.json and oversight.json are the export's; report.html names its head and root".into());
    verdict.prepend(said);
    Ok(verdict)
}

/// `decision-trail evidence TASK --url URL`: fetches the task's pack and
/// writes it to `out` (default `evidence-<task>.zip`), then says how to
/// check it.
pub(super) fn download(
    task: &str,
    url: &str,
    token: Option<&str>,
    out: Option<PathBuf>,
) -> ExitCode {
    let fetched = (|| -> Result<PathBuf, String> {
        let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
        let client = super::remote::client(token)?;
        let address = format!(
            "{}/tasks/{}/evidence",
            url.trim_end_matches('/'),
            path_segment(task)
        );
        let bytes = runtime.block_on(async {
            let response = client
                .get(&address)
                .send()
                .await
                .map_err(|e| format!("GET {address}: {e}"))?;
            let status = response.status();
            let body = response
                .bytes()
                .await
                .map_err(|e| format!("GET {address}: {e}"))?;
            if !status.is_success() {
                return Err(format!(
                    "GET {address}: {status}: {}",
                    String::from_utf8_lossy(&body).trim()
                ));
            }
            Ok(body)
        })?;
        let out = out.unwrap_or_else(|| PathBuf::from(file_name(task)));
        std::fs::write(&out, &bytes).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
        Ok(out)
    })();
    match fetched {
        Ok(out) => {
            println!(
                "wrote {}; check it with: decision-trail verify {} --key <the log's key, kept apart>",
                out.display(),
                out.display()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("decision-trail evidence: {e}");
            ExitCode::FAILURE
        }
    }
}
