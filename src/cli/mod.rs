//! The command line (docs/design.md §5, §10):
//!
//! - `serve` (the default): the HTTP service;
//! - `verify`: check a trail without trusting the service, from an export file
//!   or a live service (its HTTP client is `remote`); `verify state|forget`
//!   read and edit its state file (`pins`); a tlog-proof receipt checked
//!   offline (`proof_file`);
//! - `mcp`: the service's MCP tools on stdin/stdout, forwarded to `/mcp`;
//! - `capabilities fingerprint|diff`: capability fingerprints offline;
//! - `fsck`, `log rebuild`, `log key`, `keys add`, `openapi`, `hash`,
//!   `healthcheck`: small tools (`tools`);
//! - `exposure`: whether `serve` may start open on its address;
//! - `witness`: a C2SP tlog-witness server, and its key (`witness key`).

mod backup;
mod capabilities;
mod exposure;
mod import;
mod mcp;
mod pack;
mod pins;
mod proof_file;
mod remote;
mod serve;
mod tools;
mod verify;
mod witness;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};

use crate::domain::api_keys::Role;
use serve::{parse_origin, ServeArgs};
use verify::VerifyArgs;

#[derive(Parser, Debug)]
#[command(
    name = "decision-trail",
    version,
    about = "A tamper-evident decision trail for AI agents, over HTTP/JSON",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Options of `serve`, which runs when no command is given.
    #[command(flatten)]
    serve: ServeArgs,
}

// One value, parsed once at start: its size is nothing to box.
#[allow(clippy::large_enum_variant)]
#[derive(Subcommand, Debug)]
enum Command {
    /// Run the HTTP service (the default).
    Serve(ServeArgs),
    /// Manage the API keys file: add, list, revoke.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Back up a SQLite database while the service runs: a consistent copy,
    /// its checkpoint copy and a manifest (the log, its verifier key, the
    /// signed checkpoint the copy holds) in DEST.
    Backup(backup::BackupArgs),
    /// Print the OpenAPI document.
    Openapi,
    /// Read records (one JSON object, NDJSON, or a page `{"records": [...]}`) on
    /// stdin; print each record's hash.
    Hash,
    /// Verify a trail without trusting the service: an export file offline, or a
    /// live service (--url). Prints what broke and where; exits 1 on any failure.
    /// `verify state` lists the logs pinned by earlier checks; `verify forget`
    /// forgets one.
    Verify(VerifyArgs),
    /// Download a task's evidence pack (GET /tasks/{id}/evidence): one ZIP
    /// archive an auditor files, which `verify PACK` checks whole.
    Evidence {
        /// The task.
        task: String,
        /// The service, e.g. http://127.0.0.1:8080.
        #[arg(long, env = "DECISION_TRAIL_URL")]
        url: String,
        /// An API key (a reader's is enough), for a service that requires one.
        #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
        token: Option<String>,
        /// Where to write it; default `evidence-<task>.zip` in this folder.
        #[arg(long, short)]
        out: Option<PathBuf>,
    },
    /// Capability fingerprints, computed as `@khoralabs/agent-capabilities`
    /// computes them, offline.
    #[command(subcommand)]
    Capabilities(CapabilitiesCommand),
    /// Serve the MCP tools of a running service on stdin/stdout, for agents
    /// that start their MCP servers as processes: each JSON-RPC message is
    /// forwarded to URL/mcp and its answer written back.
    Mcp {
        /// The service, e.g. http://127.0.0.1:8080.
        #[arg(long, env = "DECISION_TRAIL_URL")]
        url: String,
        /// An API key, for a service that requires one.
        #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
        token: Option<String>,
    },
    /// Check a database file offline, without starting the service: the
    /// triggers, every hash, chain, timestamp and leaf, a dense log, the
    /// root of all leaves against the last signed checkpoint, the search
    /// index against the records, every capability snapshot, and (with
    /// --witness-policy) every stored cosignature. Prints the first problem
    /// and exits 1, or a summary.
    Fsck {
        /// The database, as for serve (sqlite://PATH).
        #[arg(env = "DATABASE_URL", default_value = crate::store::DEFAULT_DATABASE_URL)]
        database_url: String,
        /// The log's verifier key, or the signing key file; default: the key
        /// file beside the database, when there is one.
        #[arg(long)]
        key: Option<PathBuf>,
        /// The witness policy the service runs with (C2SP tlog-policy): every
        /// stored cosignature must verify with its witnesses' keys.
        #[arg(long, env = "DECISION_TRAIL_WITNESS_POLICY")]
        witness_policy: Option<PathBuf>,
    },
    /// The search index: `rebuild` builds it again from the records.
    #[command(subcommand)]
    Index(IndexCommand),
    /// The Merkle log: `rebuild` starts a new log under a new origin.
    #[command(subcommand)]
    Log(LogCommand),
    /// Run a C2SP tlog-witness: cosign the checkpoints of the logs in --logs
    /// that are consistent with those it cosigned before. `witness key`
    /// makes its key.
    Witness(witness::WitnessArgs),
    /// Exit 0 when the service at ADDR answers GET /healthz with 200 (for container
    /// health checks: the slim image has no curl).
    Healthcheck {
        #[arg(
            long,
            env = "DECISION_TRAIL_HEALTHCHECK_ADDR",
            default_value = "127.0.0.1:8080"
        )]
        addr: String,
    },
}

#[derive(Subcommand, Debug)]
enum CapabilitiesCommand {
    /// Read fingerprint requests (`{"kind", "input" | "input_text"}`; one
    /// object, or NDJSON) on stdin; print one answer line each, as
    /// POST /capabilities/fingerprint answers.
    Fingerprint,
    /// Compare two capability links, or two toolRefs lists, given as files.
    Diff { first: PathBuf, second: PathBuf },
}

#[derive(Subcommand, Debug)]
enum IndexCommand {
    /// Build the search index again from the records, for an index `fsck`
    /// finds altered. On SQLite the service must be stopped (the database's
    /// lock says so); on PostgreSQL appends wait while it runs.
    Rebuild {
        /// The database, as for serve (sqlite://PATH or postgres://…).
        #[arg(env = "DATABASE_URL", default_value = crate::store::DEFAULT_DATABASE_URL)]
        database_url: String,
    },
}

#[derive(Subcommand, Debug)]
enum LogCommand {
    /// Print a new Ed25519 signing key for a log named ORIGIN (signed-note
    /// format), for --signing-key-file or DECISION_TRAIL_SIGNING_KEY: every
    /// replica of one PostgreSQL log signs with the same key.
    Key {
        /// The log's name, as --origin gives it.
        #[arg(long, env = "DECISION_TRAIL_ORIGIN", default_value = crate::store::DEFAULT_ORIGIN)]
        origin: String,
    },
    /// Start a new log over the stored records, named NEW origin: every leaf
    /// computed again, the old checkpoints kept aside in the database and the
    /// checkpoint copy moved aside. For a database whose log is in the first
    /// leaf format, or one whose log cannot be trusted. The old log is never
    /// signed again; clients that pinned it see a new log.
    Rebuild {
        /// The new log's name; must differ from the old one's.
        #[arg(long)]
        origin: String,
        #[command(flatten)]
        files: StoreFiles,
    },
    /// Bring a database that is behind what its key signed (a restored
    /// backup) up to a checkpoint the key signed, from a service that holds
    /// the log or from export files: every record must recompute its hash
    /// and all of them reproduce that checkpoint's root. Nothing is signed.
    Import(import::ImportArgs),
    /// Start a new log, under a new origin and a new key, over the stored
    /// records (the service stopped): the old key signs a successor
    /// statement naming the old log's last size and root and the new log's
    /// origin and key, served at GET /log/successor, which `verify --url`
    /// follows. The new key replaces the key file (the old one is moved
    /// aside). The way on for a restored database that cannot be brought
    /// back to what the old log signed.
    Rotate {
        /// The new log's name.
        #[arg(long, value_parser = parse_origin)]
        origin: String,
        /// The log's name now, as serve was given it.
        #[arg(long, env = "DECISION_TRAIL_ORIGIN", default_value = crate::store::DEFAULT_ORIGIN, value_parser = parse_origin)]
        current_origin: String,
        #[command(flatten)]
        files: StoreFiles,
    },
}

#[derive(Subcommand, Debug)]
enum KeysCommand {
    /// Make a new API key: append its hash, agent and role to the keys file
    /// (created, owner-only, if missing) and print the token, once. A running
    /// service takes it within a second (it reloads the file when it changes).
    Add {
        /// The keys file.
        #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
        keys_file: PathBuf,
        /// The agent every record written with this key is attributed to.
        #[arg(long)]
        agent_id: String,
        /// writer (append and read), reader (read only) or admin (a writer
        /// that may also erase erasable records and place legal holds).
        #[arg(long)]
        role: Role,
        /// What you call the key (who holds it, what for), shown by `keys list`.
        #[arg(long)]
        label: Option<String>,
    },
    /// List the keys of the keys file: agent, role, fingerprint (the first
    /// hex digits of the token's hash), when added, label. No token is kept
    /// to be shown.
    List {
        /// The keys file.
        #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
        keys_file: PathBuf,
    },
    /// Remove a key from the keys file, by its fingerprint (as `keys list`
    /// shows it, or more of the hash) or every key of an agent. A running
    /// service refuses it within a second (it reloads the file when it
    /// changes, and on SIGHUP).
    Revoke {
        /// A fingerprint, or an agent id.
        key: String,
        /// The keys file.
        #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
        keys_file: PathBuf,
    },
}

/// Where a log's database and files are, as `serve` is given them.
#[derive(clap::Args, Debug)]
pub(crate) struct StoreFiles {
    /// The database, as for serve (sqlite://PATH or postgres://…).
    #[arg(long, env = "DATABASE_URL", default_value = crate::store::DEFAULT_DATABASE_URL)]
    database_url: String,
    /// The signing key file, as for serve.
    #[arg(long, env = "DECISION_TRAIL_SIGNING_KEY_FILE")]
    signing_key_file: Option<PathBuf>,
    /// The checkpoint copy, as for serve.
    #[arg(long, env = "DECISION_TRAIL_CHECKPOINT_FILE")]
    checkpoint_file: Option<PathBuf>,
}

impl StoreFiles {
    /// The store configuration these files make, for the log named `origin`.
    fn config(&self, origin: &str) -> crate::store::StoreConfig {
        crate::store::StoreConfig {
            database_url: self.database_url.clone(),
            signing_key: self.signing_key_file.clone(),
            checkpoint_copy: self.checkpoint_file.clone(),
            origin: origin.to_string(),
            ..crate::store::StoreConfig::default()
        }
    }
}

/// A log's files and name, as `serve` is given them (the key may be given
/// itself in DECISION_TRAIL_SIGNING_KEY): for the commands that open its
/// database besides the service (`backup`, `log import`).
#[derive(clap::Args, Debug)]
pub(crate) struct LogFiles {
    #[command(flatten)]
    files: StoreFiles,
    /// The log's name, as for serve.
    #[arg(long, env = "DECISION_TRAIL_ORIGIN", default_value = crate::store::DEFAULT_ORIGIN, value_parser = parse_origin)]
    origin: String,
}

impl LogFiles {
    /// The store configuration these files make.
    fn config(&self) -> crate::store::StoreConfig {
        crate::store::StoreConfig {
            signing_key_text: key_in_env(),
            ..self.files.config(&self.origin)
        }
    }
}

/// The signing key given in the environment (DECISION_TRAIL_SIGNING_KEY, a
/// container's secret), when it is set and not blank.
fn key_in_env() -> Option<String> {
    std::env::var("DECISION_TRAIL_SIGNING_KEY")
        .ok()
        .filter(|k| !k.trim().is_empty())
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// A duration: a number and a unit, `ms`, `s`, `m`, `h` or `d` (`500ms`, `10s`, `24h`).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a duration such as 500ms, 10s, 5m, 24h or 7d"))?;
    let seconds = match unit {
        "ms" => return Ok(Duration::from_millis(n)),
        "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => return Err(format!("`{text}` has no unit: use ms, s, m, h or d")),
    };
    n.checked_mul(seconds)
        .map(Duration::from_secs)
        .ok_or_else(|| format!("`{text}` is too long"))
}

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    if !matches!(
        cli.command,
        None | Some(Command::Serve(_)) | Some(Command::Witness(_))
    ) {
        quiet_when_output_closes();
    }
    match cli.command {
        None => serve::serve(cli.serve),
        Some(Command::Serve(args)) => serve::serve(args),
        Some(Command::Keys(KeysCommand::Add {
            keys_file,
            agent_id,
            role,
            label,
        })) => tools::add_key(&keys_file, &agent_id, role, label),
        Some(Command::Keys(KeysCommand::List { keys_file })) => tools::list_keys(&keys_file),
        Some(Command::Keys(KeysCommand::Revoke { key, keys_file })) => {
            tools::revoke_key(&keys_file, &key)
        }
        Some(Command::Backup(args)) => backup::backup(args),
        Some(Command::Openapi) => tools::print_openapi(),
        Some(Command::Hash) => tools::hash_stdin(),
        Some(Command::Verify(args)) => verify::verify(args),
        Some(Command::Witness(args)) => witness::witness(args),
        Some(Command::Healthcheck { addr }) => tools::healthcheck(&addr),
        Some(Command::Mcp { url, token }) => mcp::mcp(&url, token.as_deref()),
        Some(Command::Evidence {
            task,
            url,
            token,
            out,
        }) => pack::download(&task, &url, token.as_deref(), out),
        Some(Command::Capabilities(CapabilitiesCommand::Fingerprint)) => {
            capabilities::fingerprint_stdin()
        }
        Some(Command::Capabilities(CapabilitiesCommand::Diff { first, second })) => {
            capabilities::diff_files(&first, &second)
        }
        Some(Command::Fsck {
            database_url,
            key,
            witness_policy,
        }) => tools::fsck(&database_url, key.as_deref(), witness_policy.as_deref()),
        Some(Command::Index(IndexCommand::Rebuild { database_url })) => {
            tools::rebuild_index(database_url)
        }
        Some(Command::Log(LogCommand::Rebuild { origin, files })) => {
            tools::rebuild_log(files.config(&origin), &origin)
        }
        Some(Command::Log(LogCommand::Key { origin })) => tools::new_signing_key(&origin),
        Some(Command::Log(LogCommand::Import(args))) => import::import(args),
        Some(Command::Log(LogCommand::Rotate {
            origin,
            current_origin,
            files,
        })) => tools::rotate_log(&files.config(&current_origin), &origin),
    }
}

/// A command whose output another program reads (`verify … | head`) ends
/// quietly when that program stops reading, as Unix tools do: SIGPIPE's
/// default action (status 141), not a panic in `println!`. The servers keep
/// Rust's default (SIGPIPE ignored), and sockets never raise it (sends use
/// MSG_NOSIGNAL), so only a closed standard output or pipe ends a command.
fn quiet_when_output_closes() {
    // SAFETY: setting a signal's disposition to its default, before any
    // thread is started; no handler runs Rust code.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// Whether standard output and standard error are one file (the same
/// terminal, or one redirected to the other): fstat(2)'s device and inode.
fn output_and_errors_are_one() -> bool {
    let id = |fd| {
        let mut stat = std::mem::MaybeUninit::<libc::stat>::uninit();
        // SAFETY: fstat writes a whole `stat` into the buffer when it returns 0.
        (unsafe { libc::fstat(fd, stat.as_mut_ptr()) } == 0).then(|| {
            // SAFETY: initialised by the successful fstat above.
            let stat = unsafe { stat.assume_init() };
            (stat.st_dev, stat.st_ino)
        })
    };
    matches!((id(1), id(2)), (Some(a), Some(b)) if a == b)
}

fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn".into());
    // Colours only for a terminal: a log file or a pipe gets plain text.
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stdout());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(ansi);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}
