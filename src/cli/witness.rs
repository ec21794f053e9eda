//! `witness`: run a C2SP tlog-witness server (`http::witness`), and `witness
//! key`: make its signing key (docs/design.md §2, "Witnesses").

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use clap::{Args, Subcommand};

use super::{init_tracing, LogFormat};
use crate::domain::witness::{Cosigner, Policy};
use crate::http::witness::{witness_app, Witness};
use crate::store::witness_file::WitnessFile;

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
    /// Default: witness.db beside the key file.
    #[arg(long, env = "DECISION_TRAIL_WITNESS_DATABASE_URL")]
    database_url: Option<String>,
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
    crate::store::signing::write_new_owner_only(out, &secret).map_err(|e| e.to_string())?;
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
    let database_url = args.database_url.clone().unwrap_or_else(|| {
        let dir = key_path.parent().filter(|d| !d.as_os_str().is_empty());
        format!(
            "sqlite://{}",
            dir.unwrap_or(Path::new(".")).join("witness.db").display()
        )
    });
    let file = WitnessFile::open(&database_url)
        .await
        .map_err(|e| e.to_string())?;
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
    });
    axum::serve(listener, witness_app(witness))
        .with_graceful_shutdown(shutdown)
        .await
        .map_err(|e| format!("server error: {e}"))?;
    file.close().await;
    Ok(())
}
