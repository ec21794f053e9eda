//! `backup DEST`: a consistent copy of a live SQLite database, its
//! checkpoint copy and a manifest (docs/design.md §2, "The second day").

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use crate::store::{self, StoreConfig, DEFAULT_DATABASE_URL, DEFAULT_ORIGIN};

#[derive(Args, Debug)]
pub(super) struct BackupArgs {
    /// The folder to write the backup to (created; it must not hold one).
    dest: PathBuf,
    /// The database, as for serve (sqlite://PATH); the service may be
    /// running and appending.
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    database_url: String,
    /// The signing key file, as for serve (its verifier key goes in the
    /// manifest; the key itself only with --with-key).
    #[arg(long, env = "DECISION_TRAIL_SIGNING_KEY_FILE")]
    signing_key_file: Option<PathBuf>,
    /// The checkpoint copy, as for serve.
    #[arg(long, env = "DECISION_TRAIL_CHECKPOINT_FILE")]
    checkpoint_file: Option<PathBuf>,
    /// The log's name, as for serve.
    #[arg(long, env = "DECISION_TRAIL_ORIGIN", default_value = DEFAULT_ORIGIN)]
    origin: String,
    /// Copy the signing key too (owner-only). Without it, keep the key
    /// apart: whoever holds a backup with its key can sign as the log.
    #[arg(long)]
    with_key: bool,
}

pub(super) fn backup(args: BackupArgs) -> ExitCode {
    let key_in_env = std::env::var("DECISION_TRAIL_SIGNING_KEY")
        .ok()
        .filter(|k| !k.trim().is_empty());
    let config = StoreConfig {
        database_url: args.database_url,
        signing_key: args.signing_key_file,
        signing_key_text: key_in_env,
        checkpoint_copy: args.checkpoint_file,
        origin: args.origin,
        ..StoreConfig::default()
    };
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
