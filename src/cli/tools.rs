//! The small commands: `keys add`, `openapi`, `hash`, `healthcheck`, `fsck`,
//! `log rebuild`, `log key`.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::domain::api_keys::{label_problem, token_from_bytes, KeyEntry, Role};
use crate::domain::checkpoint::{is_origin_valid, LogSigner};
use crate::domain::record::{hash_of_json_record, MAX_BODY_DEPTH};
use crate::domain::{count, json};
use crate::http;
use crate::store::{self, admin::api_keys, Store, StoreConfig};

/// `keys add`: the token is printed once and never stored.
pub(super) fn add_key(
    path: &std::path::Path,
    agent_id: &str,
    role: Role,
    label: Option<String>,
) -> ExitCode {
    let mut random = [0u8; 32];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut random);
    let token = token_from_bytes(&random);
    let created = crate::domain::chain::format_timestamp(chrono::Utc::now());
    let entry = KeyEntry::new(&token, agent_id, role, Some(created)).and_then(|mut e| {
        if let Some(problem) = label.as_deref().and_then(label_problem) {
            return Err(format!("label {problem}"));
        }
        e.label = label;
        Ok(e)
    });
    let entry = match entry {
        Ok(e) => e,
        Err(message) => {
            eprintln!("decision-trail keys add: {message}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(message) = api_keys::append(path, &entry) {
        eprintln!("decision-trail keys add: {message}");
        return ExitCode::FAILURE;
    }
    println!("{token}");
    let article = if role.as_str().starts_with(['a', 'e', 'i', 'o', 'u']) {
        "an"
    } else {
        "a"
    };
    eprintln!(
        "decision-trail keys add: added {article} {} key for agent `{agent_id}` (fingerprint {}) to \
         {}. The token above is shown only now; send it as `Authorization: Bearer <token>`. A \
         running service takes it within a second.",
        role.as_str(),
        entry.fingerprint(),
        path.display()
    );
    ExitCode::SUCCESS
}

/// `keys list`: one line per key, no token.
pub(super) fn list_keys(path: &std::path::Path) -> ExitCode {
    let ring = match api_keys::load(path) {
        Ok(ring) => ring,
        Err(message) => {
            eprintln!("decision-trail keys list: {message}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "{:<14}{:<8}{:<32}{:<26}LABEL",
        "FINGERPRINT", "ROLE", "AGENT", "ADDED"
    );
    for e in ring.entries() {
        println!(
            "{:<14}{:<8}{:<32}{:<26}{}",
            e.fingerprint(),
            e.role.as_str(),
            e.agent_id,
            e.created.as_deref().unwrap_or("-"),
            e.label.as_deref().unwrap_or("")
        );
    }
    ExitCode::SUCCESS
}

/// `keys revoke`: the keys named removed from the file.
pub(super) fn revoke_key(path: &std::path::Path, what: &str) -> ExitCode {
    match api_keys::revoke(path, what) {
        Ok(removed) => {
            for e in &removed {
                println!(
                    "revoked the {} key {} of agent `{}`",
                    e.role.as_str(),
                    e.fingerprint(),
                    e.agent_id
                );
            }
            eprintln!(
                "decision-trail keys revoke: {} removed from {}; a running service refuses {} \
                 within a second",
                count(removed.len() as u64, "key"),
                path.display(),
                if removed.len() == 1 { "it" } else { "them" }
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("decision-trail keys revoke: {message}");
            ExitCode::FAILURE
        }
    }
}

pub(super) fn print_openapi() -> ExitCode {
    match http::openapi().to_pretty_json() {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("decision-trail: cannot render the OpenAPI document: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Prints one hash per record read; a record that cannot be hashed is reported
/// on stderr with its position, and the exit status is 1.
pub(super) fn hash_stdin() -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("decision-trail hash: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let (lines, notes, ok) = hash_records(&input);
    for note in notes {
        eprintln!("decision-trail hash: {note}");
    }
    let mut out = std::io::stdout().lock();
    for line in lines {
        match line {
            Ok(hash) => {
                let _ = writeln!(out, "{hash}");
            }
            Err(message) => eprintln!("decision-trail hash: {message}"),
        }
    }
    if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The hash of each record in `input`, or why it has none; what was read,
/// when it was not plain records; and whether every record had a hash.
pub fn hash_records(input: &[u8]) -> (Vec<Result<String, String>>, Vec<String>, bool) {
    let text = match std::str::from_utf8(input) {
        Ok(t) => t,
        Err(e) => {
            return (
                vec![Err(format!(
                    "input is not valid UTF-8 (byte {})",
                    e.valid_up_to()
                ))],
                Vec::new(),
                false,
            )
        }
    };
    // Records nest like append bodies: the record plus 32 levels of metadata;
    // a page (`{"records": [...]}`) two levels more.
    let items = json::parse_stream(text, MAX_BODY_DEPTH + 2);
    if items.is_empty() {
        return (vec![Err("no record on stdin".into())], Vec::new(), false);
    }
    let mut notes = Vec::new();
    let mut records = Vec::new();
    for (i, item) in items.into_iter().enumerate() {
        let value = match item {
            Ok(v) => v,
            Err(e) => {
                records.push(Err(e.to_string()));
                continue;
            }
        };
        match page_records(&value) {
            Some(page) => {
                notes.push(format!(
                    "item {} is a page ({{\"records\": [...]}}, as a listing answers) of {}: \
                     hashing each of them",
                    i + 1,
                    count(page.len() as u64, "record")
                ));
                records.extend(page.iter().cloned().map(Ok));
            }
            None => records.push(Ok(value)),
        }
    }
    let mut all_ok = true;
    let lines = records
        .into_iter()
        .enumerate()
        .map(|(i, item)| {
            let n = i + 1;
            let result = match item {
                Err(e) => Err(format!("record {n}: {e}")),
                Ok(value) => hash_of_json_record(&value).map_err(|errors| {
                    let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
                    format!("record {n}: {}", list.join("; "))
                }),
            };
            all_ok &= result.is_ok();
            result
        })
        .collect();
    (lines, notes, all_ok)
}

/// The records of a page (`GET /thoughts`, `/search`): an object with a
/// `records` array and no `id` (a record's own members never include it).
fn page_records(value: &json::JsonValue) -> Option<&[json::JsonValue]> {
    match value.get("records") {
        Some(json::JsonValue::Array(records)) if value.get("id").is_none() => Some(records),
        _ => None,
    }
}

pub(super) fn healthcheck(addr: &str) -> ExitCode {
    match probe(addr) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("decision-trail healthcheck: {message}");
            ExitCode::FAILURE
        }
    }
}

/// GET /healthz at `addr` (HOST:PORT), plain HTTP: a three-second bound on
/// connecting and on each read, no proxy and no redirect followed (the answer
/// must be this service's own 200), and nothing to configure.
fn probe(addr: &str) -> Result<(), String> {
    let timeout = Duration::from_secs(3);
    let client = reqwest::Client::builder()
        .connect_timeout(timeout)
        .read_timeout(timeout)
        .no_proxy()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .map_err(|e| format!("cannot make the HTTP client: {e}"))?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    let response = runtime
        .block_on(async { client.get(format!("http://{addr}/healthz")).send().await })
        .map_err(|e| {
            let why = root_cause(&e);
            // hyper-util names a failed lookup "dns error" somewhere in the chain.
            let resolving = std::iter::successors(std::error::Error::source(&e), |s| s.source())
                .any(|s| s.to_string().starts_with("dns error"));
            if e.is_builder() || resolving {
                format!("cannot resolve {addr}: {why}")
            } else if e.is_connect() {
                format!("cannot connect to {addr}: {why}")
            } else {
                format!("no answer: {why}")
            }
        })?;
    if response.status() == reqwest::StatusCode::OK {
        Ok(())
    } else {
        Err(format!(
            "unhealthy answer: {:?} {}",
            response.version(),
            response.status().as_u16()
        ))
    }
}

/// What went wrong at the bottom of an error's chain of causes: reqwest's
/// own message names only the request ("error sending request for url").
fn root_cause(error: &dyn std::error::Error) -> String {
    let mut cause = error;
    while let Some(source) = cause.source() {
        cause = source;
    }
    cause.to_string()
}

/// `fsck`: the whole database checked offline; the first problem, or a summary.
pub(super) fn fsck(database_url: &str, key: Option<&Path>, policy: Option<&Path>) -> ExitCode {
    let config = StoreConfig {
        database_url: database_url.to_string(),
        ..StoreConfig::default()
    };
    let policy = match policy.map(super::verify::read_policy).transpose() {
        Ok(p) => p,
        Err(message) => {
            eprintln!("decision-trail fsck: {message}");
            return ExitCode::FAILURE;
        }
    };
    let verifier_key = match verifier_key_for(database_url, key) {
        Ok(k) => k,
        Err(message) => {
            eprintln!("decision-trail fsck: {message}");
            return ExitCode::FAILURE;
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("decision-trail fsck: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let terminal = std::io::stderr().is_terminal();
    let progress = |done: u64, total: u64| {
        if terminal {
            eprint!("\r{done}/{total} records checked ");
        }
    };
    let trust = store::FsckTrust {
        verifier_key: verifier_key.as_deref(),
        witness_policy: policy.as_ref(),
    };
    let outcome = runtime.block_on(store::fsck(&config, trust, progress));
    if terminal {
        eprintln!();
    }
    match outcome {
        Ok(report) => {
            println!(
                "ok: {} in {}: the triggers are in place; every hash, link, seq, timestamp and \
                 leaf checks; the log is dense; the root of all leaves is the signed root",
                count(report.records, "record"),
                count(report.tasks as u64, "task")
            );
            if report.erased > 0 {
                println!(
                    "ok: {} erased, each checked through its content commitment and named by \
                     an erasure record of its task",
                    count(report.erased, "record")
                );
            }
            println!(
                "ok: {}; {} re-verified",
                if report.index_checked {
                    "the search index is the records' words"
                } else {
                    "no search index file beside the database: the service makes it again and \
                     builds it from the records"
                },
                count(report.snapshots, "capability snapshot")
            );
            if let Some(n) = report.cosignatures {
                println!(
                    "ok: {} verified with the witness policy's keys",
                    count(n, "stored cosignature line")
                );
            }
            match report.signed_by {
                Some(origin) => println!("ok: the last checkpoint is signed by the log `{origin}`"),
                None => println!(
                    "note: no key found; the checkpoint's signature was not checked (give --key)"
                ),
            }
            ExitCode::SUCCESS
        }
        Err(problem) => {
            println!("FAILED: {problem}");
            ExitCode::FAILURE
        }
    }
}

/// The verifier key to check checkpoints with: given as text or a file (a
/// verifier key, or a signing key whose verifier is derived), else the signing
/// key beside the database, if there is one.
fn verifier_key_for(database_url: &str, key: Option<&Path>) -> Result<Option<String>, String> {
    let path = match key {
        Some(p) => p.to_path_buf(),
        None => {
            let db = database_url.trim_start_matches("sqlite://");
            let beside = Path::new(db)
                .parent()
                .unwrap_or(Path::new("."))
                .join(crate::store::log::signing::DEFAULT_KEY_FILE);
            if !beside.exists() {
                return Ok(None);
            }
            beside
        }
    };
    let text = std::fs::read_to_string(&path)
        .map(|t| t.trim().to_string())
        .or_else(|_| Ok::<_, String>(path.display().to_string()))?;
    if text.starts_with("PRIVATE+KEY+") {
        let signer =
            LogSigner::from_signer_key(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(Some(signer.verifier_key().to_string()))
    } else {
        Ok(Some(text))
    }
}

/// `index rebuild`: the search index built again from the records.
pub(super) fn rebuild_index(database_url: String) -> ExitCode {
    let config = StoreConfig {
        database_url,
        ..StoreConfig::default()
    };
    let outcome = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the runtime: {e}"))
        .and_then(|runtime| {
            runtime
                .block_on(Store::rebuild_index(&config))
                .map_err(|e| e.to_string())
        });
    match outcome {
        Ok(indexed) => {
            println!(
                "ok: the search index was built again from {}",
                count(indexed, "record")
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("decision-trail index rebuild: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `log rebuild`: a new log under a new origin.
pub(super) fn rebuild_log(config: StoreConfig, origin: &str) -> ExitCode {
    if !is_origin_valid(origin) || origin.contains(' ') || origin.contains('+') {
        eprintln!("decision-trail log rebuild: `{origin}` is not an origin (a name without spaces, `+` or control characters)");
        return ExitCode::FAILURE;
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("decision-trail log rebuild: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(Store::rebuild_log(&config, origin)) {
        Ok(checkpoint) => {
            println!(
                "started a new log `{origin}` of {}; the old checkpoints are kept in the \
                 table retired_checkpoints. Clients that pinned the old log will see a new one: \
                 tell them. Start the service with --origin {origin}.",
                count(checkpoint.tree_size, "record")
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("decision-trail log rebuild: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `log rotate`: a new log under a new origin and key, named by the old
/// key's successor statement.
pub(super) fn rotate_log(config: &StoreConfig, origin: &str) -> ExitCode {
    let mut config = config.clone();
    config.signing_key_text = super::key_in_env();
    let outcome = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the runtime: {e}"))
        .and_then(|runtime| {
            runtime
                .block_on(store::rotate(&config, origin))
                .map_err(|e| e.to_string())
        });
    let rotated = match outcome {
        Ok(r) => r,
        Err(message) => {
            eprintln!("decision-trail log rotate: {message}");
            return ExitCode::FAILURE;
        }
    };
    let key = match (&rotated.key_file, &rotated.old_key_file) {
        (Some(new), Some(old)) => format!(
            "the new signing key is in {} (the old one moved to {}: keep it offline, or destroy it; it signs nothing more)",
            new.display(),
            old.display()
        ),
        _ => format!(
            "the new signing key, which replaces DECISION_TRAIL_SIGNING_KEY:\n{}",
            rotated.new_signing_key.as_deref().unwrap_or_default()
        ),
    };
    println!(
        "ok: the log `{}` ends at {} in this database; it continues as the log `{origin}` (key {}), whose first checkpoint holds the same {}. The old key signed the successor statement served at GET /log/successor; `decision-trail verify --url` follows it. Start the service with --origin {origin}. {key}",
        config.origin,
        count(rotated.old.tree_size, "record"),
        rotated.new_key,
        count(rotated.new.tree_size, "record"),
    );
    ExitCode::SUCCESS
}

/// `decision-trail log key`: a new signing key on stdout, its verifier key on
/// stderr.
pub(super) fn new_signing_key(origin: &str) -> ExitCode {
    match crate::domain::checkpoint::LogSigner::generate(origin, &mut rand_core::OsRng) {
        Ok(text) => {
            println!("{text}");
            if let Ok(signer) = crate::domain::checkpoint::LogSigner::from_signer_key(&text) {
                eprintln!("verifier key: {}", signer.verifier_key());
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: cannot make a key named `{origin}`: {e}");
            ExitCode::FAILURE
        }
    }
}
