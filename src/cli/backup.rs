//! `backup DEST`: a consistent copy of a live SQLite database, its
//! checkpoint copy and a manifest (docs/design.md §2, "The second day").

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::store;

#[derive(Args, Debug)]
pub(super) struct BackupArgs {
    /// The folder to write the backup to (created; it must not hold one).
    dest: PathBuf,
    /// The log's files; the service may be running and appending.
    #[command(flatten)]
    log: super::LogFiles,
    /// Copy the signing key too (owner-only). Without it, keep the key
    /// apart: whoever holds a backup with its key can sign as the log.
    #[arg(long)]
    with_key: bool,
}

pub(super) fn backup(args: BackupArgs) -> ExitCode {
    let config = args.log.config();
    let outcome = tokio::runtime::Runtime::new()
        .map_err(|e| format!("cannot start the runtime: {e}"))
        .and_then(|runtime| {
            runtime
                .block_on(store::backup(&config, &args.dest, args.with_key))
                .map_err(|e| e.to_string())
        });
    match outcome {
        Ok(manifest) => {
            println!(
                "ok: backed up the log `{}` at {} records into {} ({}, {}, {}{}). A restore of it \
                 starts only once the service knows how far the log signed since: see the \
                 README's \"Backup, restore and keys\"",
                manifest.origin,
                manifest.checkpoint.tree_size,
                args.dest.display(),
                manifest.files.database,
                manifest.files.checkpoint_copy,
                store::BACKUP_MANIFEST,
                manifest
                    .files
                    .signing_key
                    .as_deref()
                    .map(|k| format!(", {k}"))
                    .unwrap_or_default()
            );
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("decision-trail backup: {message}");
            ExitCode::FAILURE
        }
    }
}
