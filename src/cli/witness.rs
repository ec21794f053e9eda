//! `witness`: run a C2SP tlog-witness server (`http::log::witness`), and `witness
//! key`: make its signing key (docs/design.md §2, "Witnesses").

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Subcommand};

use super::{init_tracing, LogFormat};
use crate::domain::merkle::Hash;
use crate::domain::witness::standing::{standing, Standing};
use crate::domain::witness::{Cosigner, Policy};
use crate::http::log::witness::{witness_app, Witness};
use crate::store::witness::copy::CosignedCopy;
use crate::store::witness::file::WitnessFile;

#[derive(Args, Debug, Clone)]
#[command(args_conflicts_with_subcommands = true)]
pub struct WitnessArgs {
    #[command(subcommand)]
    command: Option<WitnessCommand>,
    /// Address to listen on.
    #[arg(
        long,
        env = "DECISION_TRAIL_WITNESS_LISTEN",
        default_value = "127.0.0.1:8081"
    )]
    listen: String,
    /// The witness's secret key file (`decision-trail witness key`).
    #[arg(long, env = "DECISION_TRAIL_WITNESS_KEY_FILE")]
    key: Option<PathBuf>,
    /// The logs it cosigns: one C2SP tlog-policy line `log VKEY [URL]` each.
    #[arg(long, env = "DECISION_TRAIL_WITNESS_LOGS")]
    logs: Option<PathBuf>,
    /// Its state, the latest checkpoint cosigned per log (sqlite://PATH).
    /// Default: KEY.db beside the key file (each key its own).
    #[arg(long, env = "DECISION_TRAIL_WITNESS_DATABASE_URL")]
    database_url: Option<String>,
    /// Start although the database is not at the state of the witness's copy
    /// of what it cosigned (KEY.cosigned: behind it, missing, ahead of it),
    /// or the copy is missing: it goes on from the database's state, and may
    /// then cosign a second root at a size it cosigned before. Only after
    /// restoring a database on purpose (or the first start of a release that
    /// keeps the copy, over an existing database).
    #[arg(long, env = "DECISION_TRAIL_WITNESS_ACCEPT_DATABASE")]
    accept_database: bool,
    /// Log format.
    #[arg(long, env = "DECISION_TRAIL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    log_format: LogFormat,
}

#[derive(Subcommand, Debug, Clone)]
enum WitnessCommand {
    /// Write a new witness signing key to FILE (owner-only) and print its
    /// verifier key (NAME+KEYID+base64(0x04 || public key)), for the `witness`
    /// lines of the logs' policies.
    Key {
        /// The witness's name, e.g. witness.example.com/w1.
        #[arg(long)]
        name: String,
        /// Where the secret key goes; an existing file is not overwritten.
        #[arg(long)]
        out: PathBuf,
    },
}

pub(super) fn witness(args: WitnessArgs) -> ExitCode {
    let outcome = match args.command.clone() {
        Some(WitnessCommand::Key { name, out }) => new_key(&name, &out),
        None => {
            init_tracing(args.log_format);
            tokio::runtime::Runtime::new()
                .map_err(|e| format!("cannot start the runtime: {e}"))
                .and_then(|runtime| runtime.block_on(run(args)))
        }
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("decision-trail witness: {message}");
            ExitCode::FAILURE
        }
    }
}

fn new_key(name: &str, out: &Path) -> Result<(), String> {
    let secret = Cosigner::generate(name, &mut rand_core::OsRng).map_err(|e| e.to_string())?;
    let cosigner = Cosigner::from_secret(&secret).map_err(|e| e.to_string())?;
    crate::store::log::signing::write_new_owner_only(out, &secret).map_err(|e| e.to_string())?;
    println!("{}", cosigner.key().vkey());
    Ok(())
}

async fn run(args: WitnessArgs) -> Result<(), String> {
    let key_path = args.key.as_ref().ok_or(
        "give the witness's key file with --key (make one with `decision-trail witness key`)",
    )?;
    let logs_path = args
        .logs
        .as_ref()
        .ok_or("give the logs to cosign with --logs FILE (one `log VKEY [URL]` line each)")?;
    let secret = std::fs::read_to_string(key_path)
        .map_err(|e| format!("cannot read {}: {e}", key_path.display()))?;
    let cosigner =
        Cosigner::from_secret(&secret).map_err(|e| format!("{}: {e}", key_path.display()))?;
    let logs_text = std::fs::read_to_string(logs_path)
        .map_err(|e| format!("cannot read {}: {e}", logs_path.display()))?;
    let logs =
        Policy::parse_logs(&logs_text).map_err(|e| format!("{}: {e}", logs_path.display()))?;
    if logs.is_empty() {
        return Err(format!("{} lists no log", logs_path.display()));
    }
    let beside_key = |suffix: &str| {
        let mut name = key_path.file_name().unwrap_or_default().to_os_string();
        name.push(suffix);
        key_path.with_file_name(name)
    };
    let database_url = match args.database_url.clone() {
        Some(url) => url,
        None => {
            let path = beside_key(".db");
            let shared = path.with_file_name("witness.db");
            if !path.exists() && shared.exists() {
                return Err(format!(
                    "{} is the state an earlier release shared between the witnesses whose keys \
                     are in its folder; each key now has its own ({}): give \
                     --database-url sqlite://{} to go on with it, or move it there",
                    shared.display(),
                    path.display(),
                    shared.display()
                ));
            }
            format!("sqlite://{}", path.display())
        }
    };
    let file = WitnessFile::open(&database_url)
        .await
        .map_err(|e| e.to_string())?;
    let copy = open_copy(&beside_key(".cosigned"), &file, args.accept_database).await?;
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let shutdown = crate::http::shutdown_signal()
        .map_err(|e| format!("cannot install signal handlers: {e}"))?;
    tracing::info!(
        listen = %local,
        vkey = %cosigner.key().vkey(),
        logs = logs.len(),
        database = %database_url,
        "decision-trail witness serving POST /add-checkpoint"
    );
    let witness = Arc::new(Witness {
        cosigner,
        logs,
        file: file.clone(),
        copy,
    });
    axum::serve(listener, witness_app(witness))
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|e| format!("server error: {e}"))?;
    file.close().await;
    Ok(())
}

/// Opens the witness's copy of what it cosigned and checks the database
/// against it (docs/design.md §2, "Witnesses"): a database not at the
/// copy's state for an origin the copy has (behind, missing, ahead, another
/// root), or a missing copy beside a database with state, is refused unless
/// `accept`; then the database's state is written to the copy.
async fn open_copy(path: &Path, file: &WitnessFile, accept: bool) -> Result<CosignedCopy, String> {
    let (copy, said) = CosignedCopy::open(path)?;
    let stored: HashMap<String, (u64, Hash)> = file
        .all()
        .await
        .map_err(|e| e.to_string())?
        .into_iter()
        .map(|(origin, size, root)| (origin, (size, root)))
        .collect();
    let refuse = |why: String| {
        format!(
            "{why}. Refusing to start: it could cosign a second root at a size it cosigned. \
             Restore the database that goes with the copy, or pass --accept-database to go on \
             from this one"
        )
    };
    if !copy.existed && !stored.is_empty() {
        let why = format!(
            "{} is missing, beside a database that holds what this witness cosigned (a deleted \
             copy, or the first start of a release that keeps one)",
            copy.path().display()
        );
        if !accept {
            return Err(refuse(why));
        }
        tracing::warn!("{why}: begun from the database's state (--accept-database)");
    }
    for (origin, cosigned) in &said {
        if let Standing::Differs(why) = standing(origin, *cosigned, stored.get(origin).copied()) {
            if !accept {
                return Err(refuse(why));
            }
            tracing::warn!(%origin, "{why}: going on from the database's state (--accept-database)");
            copy.reset(origin)?;
        }
    }
    for (origin, (size, root)) in &stored {
        if said.get(origin).copied().flatten() != Some((*size, *root)) {
            copy.cosigned(origin, *size, *root)?;
        }
    }
    Ok(copy)
}
