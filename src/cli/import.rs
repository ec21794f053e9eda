//! `log import SOURCE…`: a database behind what its key signed (a restored
//! backup) brought back to a signed checkpoint from another copy of the log:
//! a service that holds it (its URL: every record from the database's size
//! on, in log order), or export files whose records together cover them
//! (docs/design.md §2, "The second day"). The store checks every record
//! against the checkpoint it must reproduce; nothing is signed.

use std::collections::BTreeMap;
use std::process::ExitCode;

use clap::Args;

use super::remote::get_text;
use crate::domain::checkpoint::open_checkpoint;
use crate::domain::cursor::{self, CursorKind};
use crate::domain::export::{record_of_line, Header};
use crate::domain::json::{self, JsonValue};
use crate::domain::record::record_from_json;
use crate::domain::Record;
use crate::store::{Import, StoreConfig};

/// Records asked for per page from a service.
const PAGE: u64 = 1000;
/// Nesting allowed in a fetched page or an export line.
const MAX_DEPTH: usize = 40;

#[derive(Args, Debug)]
pub(super) struct ImportArgs {
    /// Where the missing records are: a service's URL (http://HOST:PORT), or
    /// one or more export files (GET /tasks/{id}/export) that together hold
    /// every record from the database's size on.
    #[arg(required = true)]
    source: Vec<String>,
    /// The log's files (the service stopped).
    #[command(flatten)]
    log: super::LogFiles,
    /// An API key of the source service (a reader's is enough).
    #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Begin the checkpoint copy from the database's newest verified
    /// checkpoint where it has none (a PostgreSQL database restored on a
    /// machine that kept no copy), as for serve.
    #[arg(long)]
    new_checkpoint_copy: bool,
}

pub(super) fn import(args: ImportArgs) -> ExitCode {
    let config = StoreConfig {
        new_checkpoint_copy: args.new_checkpoint_copy,
        ..args.log.config()
    };
    let outcome = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the runtime: {e}"))
        .and_then(|runtime| runtime.block_on(run(&config, &args)));
    match outcome {
        Ok(message) => {
            println!("{message}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("decision-trail log import: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run(config: &StoreConfig, args: &ImportArgs) -> Result<String, String> {
    let mut import = Import::open(config).await.map_err(|e| e.to_string())?;
    let outcome = fetch_and_append(&mut import, config, args).await;
    import.close().await;
    outcome
}

async fn fetch_and_append(
    import: &mut Import,
    config: &StoreConfig,
    args: &ImportArgs,
) -> Result<String, String> {
    let from = import.signed().tree_size;
    let key = import.verifier_key().to_string();
    let (records, note, source) = match args.source.as_slice() {
        [url] if url.starts_with("http://") || url.starts_with("https://") => {
            let (records, note) = from_service(url, args.token.as_deref(), from, &key).await?;
            (records, note, url.clone())
        }
        files => {
            let (records, note) = from_exports(files, from, &key)?;
            (records, note, files.join(", "))
        }
    };
    let imported = import
        .append(&config.origin, records, &note)
        .await
        .map_err(|e| e.to_string())?;
    if imported.checkpoint.tree_size == imported.from {
        return Ok(format!(
            "ok: the database already holds the checkpoint of size {} that {source} serves: \
             nothing to import",
            imported.from
        ));
    }
    Ok(format!(
        "ok: imported {} (log_index {} to {}) from {source}; the database now holds the log's \
         signed checkpoint of size {}{}. Start the service as before (with the same \
         --signed-at-least or --signed-checkpoint, if given)",
        crate::domain::count(imported.checkpoint.tree_size - imported.from, "record"),
        imported.from,
        imported.checkpoint.tree_size - 1,
        imported.checkpoint.tree_size,
        match imported.erased_here {
            0 => String::new(),
            n => format!("; {n} of its records erased as the imported erasure records say"),
        }
    ))
}

/// The service's newest signed checkpoint, and every record from `from` up
/// to its size, in log order.
async fn from_service(
    base: &str,
    token: Option<&str>,
    from: u64,
    key: &str,
) -> Result<(Vec<Record>, String), String> {
    let base = base.trim_end_matches('/');
    let client = super::remote::client(token)?;
    let note = get_text(&client, &format!("{base}/log/checkpoint?unwitnessed=true")).await?;
    let size = open_checkpoint(&note, key)
        .map_err(|e| format!("{base}'s checkpoint does not verify with this log's key: {e}"))?
        .size;
    let mut records = Vec::new();
    let mut next = from;
    while next < size {
        let mut url = format!("{base}/thoughts?limit={PAGE}");
        if next > 0 {
            url.push_str(&format!(
                "&after={}",
                cursor::encode(CursorKind::Records, next - 1)
            ));
        }
        let text = get_text(&client, &url).await?;
        let page = json::parse(&text, MAX_DEPTH).map_err(|e| format!("GET {url}: {e}"))?;
        let Some(JsonValue::Array(values)) = page.get("records") else {
            return Err(format!("GET {url}: no `records` array"));
        };
        if values.is_empty() {
            return Err(format!("{base} signs {size} records but lists only {next}"));
        }
        for value in values {
            let record = read_record(value).map_err(|e| format!("GET {url}: {e}"))?;
            if record.log_index >= size {
                break;
            }
            next = record.log_index + 1;
            records.push(record);
        }
    }
    Ok((records, note))
}

fn read_record(value: &JsonValue) -> Result<Record, String> {
    record_from_json(value).map_err(|errors| {
        let list: Vec<String> = errors.iter().map(ToString::to_string).collect();
        format!("not a record: {}", list.join("; "))
    })
}

/// The records of the export files from `from` on, and the largest of their
/// checkpoints whose records they hold every one of.
fn from_exports(files: &[String], from: u64, key: &str) -> Result<(Vec<Record>, String), String> {
    let mut records: BTreeMap<u64, Record> = BTreeMap::new();
    let mut checkpoints: BTreeMap<u64, String> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let at = format!("{file}:{}", n + 1);
            let value = json::parse(line, MAX_DEPTH).map_err(|e| format!("{at}: {e}"))?;
            if let Some(header) = Header::from_line(&value) {
                let header = header.map_err(|e| format!("{at}: {e}"))?;
                let opened = open_checkpoint(&header.checkpoint, key).map_err(|e| {
                    format!("{at}: the checkpoint does not verify with this log's key: {e}")
                })?;
                checkpoints.insert(opened.size, header.checkpoint);
                continue;
            }
            let (value, _) = record_of_line(&value).map_err(|e| format!("{at}: {e}"))?;
            let record = read_record(value).map_err(|e| format!("{at}: {e}"))?;
            if record.log_index >= from {
                records.insert(record.log_index, record);
            }
        }
    }
    // The largest checkpoint whose records from `from` are all given.
    let missing = |size: u64| (from..size).find(|i| !records.contains_key(i));
    let Some((&size, note)) = checkpoints
        .iter()
        .rev()
        .find(|(&size, _)| size >= from && missing(size).is_none())
    else {
        let smallest = checkpoints.keys().find(|&&s| s > from).copied();
        return Err(match smallest.and_then(missing) {
            Some(gap) => format!(
                "the exports do not hold the record at log_index {gap}: give the export of its \
                 task too, or import from a service's URL"
            ),
            None => format!(
                "the exports hold no checkpoint past the database's size {from}: nothing to \
                 import from them"
            ),
        });
    };
    let note = note.clone();
    let records = records
        .into_values()
        .filter(|r| r.log_index < size)
        .collect();
    Ok((records, note))
}
