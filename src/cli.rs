//! The command line: `serve` (the default), `keys add`, `openapi`, `hash`,
//! `verify`, `healthcheck`.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::client::{verify_service, State};
use crate::domain::audit::{audit_export, AuditReport, Trust};
use crate::domain::checkpoint::is_origin_valid;
use crate::domain::json;
use crate::domain::keys::{token_from_bytes, KeyEntry, Role};
use crate::domain::record::{
    hash_of_json_record, DEFAULT_MAX_CONTENT_BYTES, DEFAULT_MAX_METADATA_BYTES, MAX_BODY_DEPTH,
};
use crate::http::guard::Rate;
use crate::http::{
    self, AppState, Limits, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_CONNECTIONS,
    DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_IN_FLIGHT, DEFAULT_RATE,
};
use crate::store::keys;
use crate::store::{
    Store, StoreConfig, Synchronous, DEFAULT_DATABASE_URL, DEFAULT_ORIGIN, DEFAULT_QUEUE_BYTES,
    DEFAULT_QUEUE_CAPACITY,
};

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

#[derive(Subcommand, Debug)]
enum Command {
    /// Run the HTTP service (the default).
    Serve(ServeArgs),
    /// Manage the API keys file.
    #[command(subcommand)]
    Keys(KeysCommand),
    /// Print the OpenAPI document.
    Openapi,
    /// Read records (one JSON object, or NDJSON) on stdin; print each record's hash.
    Hash,
    /// Verify a trail without trusting the service: an export file offline, or a
    /// live service (--url). Prints what broke and where; exits 1 on any failure.
    Verify(VerifyArgs),
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
enum KeysCommand {
    /// Make a new API key: append its hash, agent and role to the keys file
    /// (created, owner-only, if missing) and print the token, once. A running
    /// service reads the file at start: restart it to use the new key.
    Add {
        /// The keys file.
        #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
        keys_file: PathBuf,
        /// The agent every record written with this key is attributed to.
        #[arg(long)]
        agent_id: String,
        /// writer (append and read) or reader (read only).
        #[arg(long)]
        role: Role,
    },
}

#[derive(Args, Debug, Clone)]
pub struct VerifyArgs {
    /// An export (GET /tasks/{task_id}/export) to check offline.
    #[arg(conflicts_with = "url", required_unless_present = "url")]
    file: Option<PathBuf>,
    /// A checkpoint obtained separately (GET /log/checkpoint) to prove the
    /// records against; needs --key. Default: the export's own checkpoint.
    #[arg(long, requires = "key", conflicts_with = "url")]
    checkpoint: Option<PathBuf>,
    /// The log's verifier key (GET /log/key), or a file holding it. Offline, the
    /// checkpoint signature and inclusion proofs are checked only with a key.
    #[arg(long)]
    key: Option<String>,
    /// Check a live service: its checkpoint, its consistency with the checkpoint
    /// accepted last time, and with --task that task's chain and proofs.
    #[arg(long)]
    url: Option<String>,
    /// With --url: also export and check this task.
    #[arg(long, requires = "url")]
    task: Option<String>,
    /// With --url: an API key (any role), for a service that requires one.
    #[arg(long, env = "DECISION_TRAIL_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// With --url: the file that keeps the last checkpoint accepted per service.
    #[arg(long, default_value = "decision-trail-verify.json")]
    state: PathBuf,
}

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "DECISION_TRAIL_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Database URL: sqlite://PATH (the file and its directory are created if missing).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,
    /// Largest request body accepted, in bytes.
    #[arg(long, env = "DECISION_TRAIL_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Largest record `content` accepted, in UTF-8 bytes.
    #[arg(long, env = "DECISION_TRAIL_MAX_CONTENT_BYTES", default_value_t = DEFAULT_MAX_CONTENT_BYTES)]
    pub max_content_bytes: usize,
    /// SQLite synchronous mode: full (default; every acknowledged record survives
    /// power loss), extra, or normal (may lose the last commits on power loss).
    #[arg(
        long,
        env = "DECISION_TRAIL_SQLITE_SYNCHRONOUS",
        default_value = "full"
    )]
    pub sqlite_synchronous: Synchronous,
    /// The log's Ed25519 signing key (signed-note format). Default: `log-signing.key`
    /// beside the database, generated on first start (owner-only) and reused.
    #[arg(long, env = "DECISION_TRAIL_SIGNING_KEY_FILE")]
    pub signing_key_file: Option<PathBuf>,
    /// The log's name: first line of every checkpoint, and the name of a generated key.
    #[arg(long, env = "DECISION_TRAIL_ORIGIN", default_value = DEFAULT_ORIGIN, value_parser = parse_origin)]
    pub origin: String,
    /// Appends that may wait for the writer; past it, appends get 503 + Retry-After.
    #[arg(long, env = "DECISION_TRAIL_QUEUE_CAPACITY", default_value_t = DEFAULT_QUEUE_CAPACITY)]
    pub queue_capacity: usize,
    /// Bytes of appends that may wait for the writer; past it, likewise.
    #[arg(long, env = "DECISION_TRAIL_QUEUE_BYTES", default_value_t = DEFAULT_QUEUE_BYTES)]
    pub queue_bytes: usize,
    /// API keys file (`decision-trail keys add` makes entries). Without it the
    /// service is open: anyone may write as any agent.
    #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
    pub keys_file: Option<PathBuf>,
    /// Largest record `metadata` accepted, in bytes of its canonical form.
    #[arg(long, env = "DECISION_TRAIL_MAX_METADATA_BYTES", default_value_t = DEFAULT_MAX_METADATA_BYTES)]
    pub max_metadata_bytes: usize,
    /// Largest request line plus headers, in bytes (431 past it).
    #[arg(long, env = "DECISION_TRAIL_MAX_HEADER_BYTES", default_value_t = DEFAULT_MAX_HEADER_BYTES)]
    pub max_header_bytes: usize,
    /// Time a client has to send a request head, counted from when the
    /// connection is idle; silent and idle connections are closed after it.
    #[arg(long, env = "DECISION_TRAIL_HEADER_TIMEOUT", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,
    /// Time to read a request body and answer (408 past it); also how long a
    /// response write may wait for a client that does not read.
    #[arg(long, env = "DECISION_TRAIL_REQUEST_TIMEOUT", default_value = "30s", value_parser = parse_duration)]
    pub request_timeout: Duration,
    /// Requests handled at once (503 past it).
    #[arg(long, env = "DECISION_TRAIL_MAX_IN_FLIGHT", default_value_t = DEFAULT_MAX_IN_FLIGHT)]
    pub max_in_flight: usize,
    /// Open connections; past it new connections wait to be accepted.
    #[arg(long, env = "DECISION_TRAIL_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// Requests per second per API key (per client address when open), refilled
    /// continuously; 0 turns the rate limit off.
    #[arg(long, env = "DECISION_TRAIL_RATE_LIMIT", default_value_t = DEFAULT_RATE.per_second)]
    pub rate_limit: f64,
    /// Requests a key (or address) may make at once above the rate.
    #[arg(long, env = "DECISION_TRAIL_RATE_BURST", default_value_t = DEFAULT_RATE.burst)]
    pub rate_burst: u32,
    /// How long an Idempotency-Key is remembered (s, m, h or d; 24h by default).
    #[arg(long, env = "DECISION_TRAIL_IDEMPOTENCY_TTL", default_value = "24h", value_parser = parse_duration)]
    pub idempotency_ttl: Duration,
    /// Log format.
    #[arg(long, env = "DECISION_TRAIL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
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

fn parse_origin(text: &str) -> Result<String, String> {
    if is_origin_valid(text) && !text.contains(' ') && !text.contains('+') {
        Ok(text.to_string())
    } else {
        Err("an origin is a non-empty name without spaces, `+` or control characters, such as example.com/log".into())
    }
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Parses the command line and runs it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        None => serve(cli.serve),
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Keys(KeysCommand::Add {
            keys_file,
            agent_id,
            role,
        })) => add_key(&keys_file, &agent_id, role),
        Some(Command::Openapi) => print_openapi(),
        Some(Command::Hash) => hash_stdin(),
        Some(Command::Verify(args)) => verify(args),
        Some(Command::Healthcheck { addr }) => healthcheck(&addr),
    }
}

fn init_tracing(format: LogFormat) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| "info,sqlx=warn".into());
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format {
        LogFormat::Text => builder.init(),
        LogFormat::Json => builder.json().init(),
    }
}

fn serve(args: ServeArgs) -> ExitCode {
    init_tracing(args.log_format);
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("decision-trail: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run_server(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!("{message}");
            eprintln!("decision-trail: {message}");
            ExitCode::FAILURE
        }
    }
}

async fn run_server(args: ServeArgs) -> Result<(), String> {
    let config = StoreConfig {
        database_url: args.database_url.clone(),
        synchronous: args.sqlite_synchronous,
        signing_key: args.signing_key_file.clone(),
        origin: args.origin.clone(),
        queue_capacity: args.queue_capacity,
        queue_bytes: args.queue_bytes,
        idempotency_ttl: args.idempotency_ttl,
        ..StoreConfig::default()
    };
    let keys = match &args.keys_file {
        Some(path) => {
            let ring = keys::load(path)?;
            tracing::info!(path = %path.display(), keys = ring.len(), "API keys loaded; requests need a key");
            if ring.is_empty() {
                tracing::warn!(path = %path.display(), "the keys file has no keys: every request but health and docs is refused");
            }
            Some(ring)
        }
        None => {
            tracing::warn!("no keys file (--keys-file): the service is OPEN, anyone who can reach it may write as any agent");
            None
        }
    };
    let store = Store::open(&config).await.map_err(|e| e.to_string())?;
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    let shutdown =
        http::shutdown_signal().map_err(|e| format!("cannot install signal handlers: {e}"))?;
    tracing::info!(
        listen = %local,
        database = %args.database_url,
        synchronous = %args.sqlite_synchronous,
        "decision-trail serving; docs at http://{local}/docs"
    );
    let limits = Limits {
        max_body_bytes: args.max_body_bytes,
        max_content_bytes: args.max_content_bytes,
        max_metadata_bytes: args.max_metadata_bytes,
        max_header_bytes: args.max_header_bytes,
        header_timeout: args.header_timeout,
        request_timeout: args.request_timeout,
        max_in_flight: args.max_in_flight,
        max_connections: args.max_connections,
        rate: (args.rate_limit > 0.0).then_some(Rate {
            per_second: args.rate_limit,
            burst: args.rate_burst,
        }),
    };
    let state = AppState::new(Arc::new(store), limits, keys);
    http::serve(listener, state, shutdown)
        .await
        .map_err(|e| format!("server error: {e}"))?;
    tracing::info!("stopped cleanly");
    Ok(())
}

/// `keys add`: the token is printed once and never stored.
fn add_key(path: &std::path::Path, agent_id: &str, role: Role) -> ExitCode {
    let mut random = [0u8; 32];
    rand_core::RngCore::fill_bytes(&mut rand_core::OsRng, &mut random);
    let token = token_from_bytes(&random);
    let created = crate::domain::chain::format_timestamp(chrono::Utc::now());
    let entry = match KeyEntry::new(&token, agent_id, role, Some(created)) {
        Ok(e) => e,
        Err(message) => {
            eprintln!("decision-trail keys add: {message}");
            return ExitCode::FAILURE;
        }
    };
    if let Err(message) = keys::append(path, &entry) {
        eprintln!("decision-trail keys add: {message}");
        return ExitCode::FAILURE;
    }
    println!("{token}");
    eprintln!(
        "decision-trail keys add: added a {} key for agent `{agent_id}` to {}. The token above is shown \
         only now; send it as `Authorization: Bearer <token>`. Restart the service to use it.",
        role.as_str(),
        path.display()
    );
    ExitCode::SUCCESS
}

fn print_openapi() -> ExitCode {
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
fn hash_stdin() -> ExitCode {
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().read_to_end(&mut input) {
        eprintln!("decision-trail hash: cannot read stdin: {e}");
        return ExitCode::FAILURE;
    }
    let (lines, ok) = hash_records(&input);
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

/// The hash of each record in `input`, or why it has none; and whether all had one.
pub fn hash_records(input: &[u8]) -> (Vec<Result<String, String>>, bool) {
    let text = match std::str::from_utf8(input) {
        Ok(t) => t,
        Err(e) => {
            return (
                vec![Err(format!(
                    "input is not valid UTF-8 (byte {})",
                    e.valid_up_to()
                ))],
                false,
            )
        }
    };
    // Records nest like append bodies: the record plus 32 levels of metadata.
    let items = json::parse_stream(text, MAX_BODY_DEPTH);
    if items.is_empty() {
        return (vec![Err("no record on stdin".into())], false);
    }
    let mut all_ok = true;
    let lines = items
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
    (lines, all_ok)
}

/// The key text, or the contents of the file it names.
fn read_key(arg: &str) -> Result<String, String> {
    let path = std::path::Path::new(arg);
    if path.is_file() {
        std::fs::read_to_string(path)
            .map(|t| t.trim().to_string())
            .map_err(|e| format!("cannot read key file {arg}: {e}"))
    } else {
        Ok(arg.trim().to_string())
    }
}

fn verify(args: VerifyArgs) -> ExitCode {
    let outcome = match &args.url {
        Some(url) => verify_url(url, &args),
        None => verify_file(&args),
    };
    match outcome {
        Ok(lines) => {
            for line in lines {
                println!("{line}");
            }
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("FAILED: {message}");
            ExitCode::FAILURE
        }
    }
}

fn verify_file(args: &VerifyArgs) -> Result<Vec<String>, String> {
    let file = args
        .file
        .as_ref()
        .expect("clap requires a file without --url");
    let text = std::fs::read_to_string(file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let key = args.key.as_deref().map(read_key).transpose()?;
    let checkpoint = args
        .checkpoint
        .as_ref()
        .map(|p| {
            std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))
        })
        .transpose()?;
    let report = audit_export(
        &text,
        Trust {
            verifier_key: key.as_deref(),
            checkpoint: checkpoint.as_deref(),
        },
    )
    .map_err(|e| format!("{}: {e}", file.display()))?;
    let mut lines = vec![describe_chain(&report)];
    match &report.checkpoint {
        Some(cp) => lines.push(format!(
            "ok: checkpoint `{}` of {} records verifies with the key; {} inclusion proofs lead to its root",
            cp.origin, cp.size, report.proofs_checked
        )),
        None => lines.push(
            "note: signature and log inclusion not checked; give --key (GET /log/key) to check them"
                .into(),
        ),
    }
    Ok(lines)
}

fn describe_chain(report: &AuditReport) -> String {
    format!(
        "ok: task `{}`: {} records, every hash, link and seq checks; head {}",
        report.task_id.as_deref().unwrap_or("(none)"),
        report.length,
        report.head_hash
    )
}

fn verify_url(url: &str, args: &VerifyArgs) -> Result<Vec<String>, String> {
    let key = args.key.as_deref().map(read_key).transpose()?;
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let mut state = State::load(&args.state)?;
    let checked = runtime.block_on(verify_service(
        url,
        args.task.as_deref(),
        key.as_deref(),
        args.token.as_deref(),
        &mut state,
    ))?;
    state.save(&args.state)?;
    let cp = &checked.checkpoint;
    let mut lines = vec![format!(
        "ok: checkpoint `{}` of {} records verifies with the key ({})",
        cp.origin, cp.size, checked.key_source
    )];
    lines.push(match checked.consistent_from {
        Some(from) => format!("ok: consistent with the checkpoint of {from} records accepted before"),
        None => "ok: first check of this service; later runs must prove consistency with this checkpoint".into(),
    });
    if let Some(report) = &checked.task {
        lines.push(describe_chain(report));
        lines.push(format!(
            "ok: {} inclusion proofs lead to the checkpoint's root",
            report.proofs_checked
        ));
    }
    lines.push(format!("state saved to {}", args.state.display()));
    Ok(lines)
}

fn healthcheck(addr: &str) -> ExitCode {
    match probe(addr) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("decision-trail healthcheck: {message}");
            ExitCode::FAILURE
        }
    }
}

/// A bare HTTP/1.1 GET /healthz over TCP: enough for a health check, and no HTTP
/// client in the binary.
fn probe(addr: &str) -> Result<(), String> {
    let target: SocketAddr = addr
        .to_socket_addrs()
        .map_err(|e| format!("cannot resolve {addr}: {e}"))?
        .next()
        .ok_or_else(|| format!("{addr} resolves to no address"))?;
    let timeout = Duration::from_secs(3);
    let mut stream = TcpStream::connect_timeout(&target, timeout)
        .map_err(|e| format!("cannot connect to {target}: {e}"))?;
    stream.set_read_timeout(Some(timeout)).ok();
    stream.set_write_timeout(Some(timeout)).ok();
    write!(
        stream,
        "GET /healthz HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .map_err(|e| format!("cannot send the request: {e}"))?;
    let mut head = [0u8; 12];
    stream
        .read_exact(&mut head)
        .map_err(|e| format!("no answer: {e}"))?;
    if head.starts_with(b"HTTP/1.1 200") || head.starts_with(b"HTTP/1.0 200") {
        Ok(())
    } else {
        Err(format!(
            "unhealthy answer: {}",
            String::from_utf8_lossy(&head)
        ))
    }
}
