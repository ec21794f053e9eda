//! `serve`: the flags of the HTTP service, and running it until a signal.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;

use super::exposure;
use super::{init_tracing, parse_duration, LogFormat};
use crate::domain::checkpoint::is_origin_valid;
use crate::domain::record::{DEFAULT_MAX_CONTENT_BYTES, DEFAULT_MAX_METADATA_BYTES};
use crate::domain::witness::Policy;
use crate::http::log::witnessing::Witnessing;
use crate::http::ops::guard::Rate;
use crate::http::{
    self, AppState, Limits, DEFAULT_MAX_BATCH_BODY_BYTES, DEFAULT_MAX_BODY_BYTES,
    DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES, DEFAULT_MAX_IN_FLIGHT, DEFAULT_RATE,
};
use crate::store::{
    Store, StoreConfig, Synchronous, DEFAULT_DATABASE_URL, DEFAULT_MIN_FREE_BYTES, DEFAULT_ORIGIN,
    DEFAULT_QUEUE_BYTES, DEFAULT_QUEUE_CAPACITY,
};

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on.
    #[arg(long, env = "DECISION_TRAIL_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: String,
    /// Database URL: sqlite://PATH (the file and its directory are created if
    /// missing), or postgres://USER:PASSWORD@HOST/DB (several replicas may share
    /// it; `?sslmode=require` or `verify-full` for TLS).
    #[arg(long, env = "DATABASE_URL", default_value = DEFAULT_DATABASE_URL)]
    pub database_url: String,
    /// Largest request body accepted, in bytes.
    #[arg(long, env = "DECISION_TRAIL_MAX_BODY_BYTES", default_value_t = DEFAULT_MAX_BODY_BYTES)]
    pub max_body_bytes: usize,
    /// Largest body of `POST /thoughts/batch`, in bytes; a batch of n records
    /// may also be at most n times --max-body-bytes.
    #[arg(long, env = "DECISION_TRAIL_MAX_BATCH_BODY_BYTES", default_value_t = DEFAULT_MAX_BATCH_BODY_BYTES)]
    pub max_batch_body_bytes: usize,
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
    /// beside a SQLite database, generated on first start (owner-only) and reused.
    /// The key itself may instead be given in DECISION_TRAIL_SIGNING_KEY (a
    /// container's secret); PostgreSQL replicas must all share one key.
    #[arg(long, env = "DECISION_TRAIL_SIGNING_KEY_FILE")]
    pub signing_key_file: Option<PathBuf>,
    /// Read connections (the pool every GET uses).
    #[arg(long, env = "DECISION_TRAIL_READ_CONNECTIONS", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub read_connections: u32,
    /// PostgreSQL: the longest a statement may run before it is cancelled
    /// (0: no limit).
    #[arg(long, env = "DECISION_TRAIL_STATEMENT_TIMEOUT", default_value = "30s", value_parser = parse_duration_or_zero)]
    pub statement_timeout: Duration,
    /// PostgreSQL: the durability every session asks of a commit before an
    /// append is answered: `on` (flushed on the primary and, with a
    /// synchronous standby, on it), `remote_write`, or `remote_apply`
    /// (visible on the standby too). Never less than the server honours.
    #[arg(long, env = "DECISION_TRAIL_SYNCHRONOUS_COMMIT", default_value = "on", value_parser = ["on", "remote_write", "remote_apply"])]
    pub synchronous_commit: String,
    /// PostgreSQL: the longest connecting, or waiting for a pooled
    /// connection, may take before the request gets a 503.
    #[arg(long, env = "DECISION_TRAIL_CONNECT_TIMEOUT", default_value = "5s", value_parser = parse_duration)]
    pub connect_timeout: Duration,
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
    /// service is open: anyone may write as any agent, so it listens only on
    /// loopback unless --open is given.
    #[arg(long, env = "DECISION_TRAIL_KEYS_FILE")]
    pub keys_file: Option<PathBuf>,
    /// Serve without API keys on a non-loopback address (0.0.0.0, ::, a LAN
    /// address): anyone who can reach it may write as any agent. Without it,
    /// such a service refuses to start.
    #[arg(
        long,
        env = "DECISION_TRAIL_OPEN",
        action = clap::ArgAction::SetTrue,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub open: bool,
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
    /// Requests per second per API key agent, refilled continuously (100 when
    /// keys are configured), or per client address when the service is open
    /// (no limit unless set: agents on one host share an address); 0 turns the
    /// rate limit off.
    #[arg(long, env = "DECISION_TRAIL_RATE_LIMIT")]
    pub rate_limit: Option<f64>,
    /// Requests a key (or address) may make at once above the rate.
    #[arg(long, env = "DECISION_TRAIL_RATE_BURST", default_value_t = DEFAULT_RATE.burst)]
    pub rate_burst: u32,
    /// How long an Idempotency-Key is remembered (ms, s, m, h or d; 24h by default).
    #[arg(long, env = "DECISION_TRAIL_IDEMPOTENCY_TTL", default_value = "24h", value_parser = parse_duration)]
    pub idempotency_ttl: Duration,
    /// How often the search index follows the log (ms, s, m, h or d): a
    /// record is found by a search at most about this long after its append
    /// was answered, at once with `fresh=true`.
    #[arg(long, env = "DECISION_TRAIL_SEARCH_REFRESH", default_value = "100ms", value_parser = parse_duration)]
    pub search_refresh: Duration,
    /// The copy of every signed checkpoint kept outside the database; at start
    /// the database must agree with it. Default: checkpoints.ndjson beside the
    /// signing key.
    #[arg(long, env = "DECISION_TRAIL_CHECKPOINT_FILE")]
    pub checkpoint_file: Option<PathBuf>,
    /// Start a new checkpoint copy from the database's newest verified
    /// checkpoint when the copy is missing or empty although the database
    /// holds a log (a lost copy, a new replica); without it such a start is
    /// refused, since a deleted copy is how a rolled-back database would
    /// pass unseen.
    #[arg(
        long,
        env = "DECISION_TRAIL_NEW_CHECKPOINT_COPY",
        action = clap::ArgAction::SetTrue,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub new_checkpoint_copy: bool,
    /// The operator's statement that this log's key signed at least SIZE
    /// records (from a monitor's state, an auditor's copy, the last
    /// checkpoint seen before a restore): a database behind it is refused at
    /// start, so a restored backup never signs a second history.
    #[arg(long, env = "DECISION_TRAIL_SIGNED_AT_LEAST", value_name = "SIZE")]
    pub signed_at_least: Option<u64>,
    /// A checkpoint of this log (a signed note, as GET /log/checkpoint
    /// serves it) that the database must hold or extend; otherwise the
    /// start is refused, as for --signed-at-least.
    #[arg(long, env = "DECISION_TRAIL_SIGNED_CHECKPOINT", value_name = "FILE")]
    pub signed_checkpoint: Option<PathBuf>,
    /// Free bytes the database's disk must have for /readyz to answer 200.
    #[arg(long, env = "DECISION_TRAIL_MIN_FREE_BYTES", default_value_t = DEFAULT_MIN_FREE_BYTES)]
    pub min_free_bytes: u64,
    /// Host names an open service (no keys file) answers, comma-separated, or
    /// `*` for any (probes and the OpenAPI document answer any). The default,
    /// loopback only, keeps a web page from reaching a local service through
    /// DNS rebinding; behind a proxy or in a container, add the names clients
    /// use. With keys the Host is not checked: a web page has no token.
    #[arg(
        long,
        env = "DECISION_TRAIL_ALLOWED_HOSTS",
        value_delimiter = ',',
        default_value = crate::http::DEFAULT_ALLOWED_HOSTS
    )]
    pub allowed_hosts: Vec<String>,
    /// Log format.
    #[arg(long, env = "DECISION_TRAIL_LOG_FORMAT", value_enum, default_value_t = LogFormat::Text)]
    pub log_format: LogFormat,
    /// A C2SP tlog-policy file: the witnesses (`witness NAME VKEY URL`) asked
    /// to cosign each new checkpoint, and the quorum GET /log/checkpoint
    /// serves. Without it, checkpoints are not witnessed.
    #[arg(long, env = "DECISION_TRAIL_WITNESS_POLICY")]
    pub witness_policy: Option<PathBuf>,
    /// With --witness-policy: the newest checkpoint is sent to the witnesses
    /// at most this often.
    #[arg(long, env = "DECISION_TRAIL_WITNESS_INTERVAL", default_value = "1s", value_parser = parse_duration)]
    pub witness_interval: Duration,
    /// Every new record is erasable, whatever its append asks (MCP appends
    /// and OTLP spans included): its hash covers a salted commitment to its
    /// content and metadata, which DELETE /thoughts/{id}/content can erase
    /// with every proof still valid.
    #[arg(
        long,
        env = "DECISION_TRAIL_ERASABLE",
        action = clap::ArgAction::SetTrue,
        value_parser = clap::builder::BoolishValueParser::new()
    )]
    pub erasable: bool,
    /// Erase the content of erasable records older than this (ms, s, m, h
    /// or d), in the background, each erasure recorded on its task's trail;
    /// tasks under a legal hold are kept. Off unless set; at least
    /// --retention-floor.
    #[arg(long, env = "DECISION_TRAIL_RETENTION", value_parser = parse_duration)]
    pub retention: Option<Duration>,
    /// The shortest --retention accepted: 183 days by default, the six
    /// months the EU AI Act (Art. 19, 26(6)) asks automatically recorded
    /// logs to be kept. Erasure requests are not bound by it.
    #[arg(long, env = "DECISION_TRAIL_RETENTION_FLOOR", default_value = "183d", value_parser = parse_duration)]
    pub retention_floor: Duration,
}

fn parse_duration_or_zero(text: &str) -> Result<Duration, String> {
    if text.trim() == "0" {
        return Ok(Duration::ZERO);
    }
    parse_duration(text)
}

pub(super) fn parse_origin(text: &str) -> Result<String, String> {
    if is_origin_valid(text) && !text.contains(' ') && !text.contains('+') {
        Ok(text.to_string())
    } else {
        Err("an origin is a non-empty name without spaces, `+` or control characters, such as example.com/log".into())
    }
}

pub(super) fn serve(args: ServeArgs) -> ExitCode {
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
            // The log is on standard output: said again on standard error
            // unless the log line was written and both go to one place (a
            // terminal, `2>&1`), where it would be printed twice.
            if !(tracing::enabled!(tracing::Level::ERROR) && super::output_and_errors_are_one()) {
                eprintln!("decision-trail: {message}");
            }
            ExitCode::FAILURE
        }
    }
}

/// The rate limit `serve` runs with, said in the log: per API key with keys
/// (100/s unless set), per address when open only when `--rate-limit` is set.
fn rate_limit(args: &ServeArgs, keys: bool) -> Option<Rate> {
    let per_second = match args.rate_limit {
        Some(r) => r,
        None if keys => DEFAULT_RATE.per_second,
        None => 0.0,
    };
    let rate = (per_second > 0.0).then_some(Rate {
        per_second,
        burst: args.rate_burst,
    });
    let per = if keys {
        "API key agent"
    } else {
        "client address"
    };
    match (&rate, args.rate_limit) {
        (Some(r), _) => {
            tracing::info!(
                per_second = r.per_second,
                burst = r.burst,
                "rate limit per {per}"
            )
        }
        (None, Some(_)) => tracing::info!("no rate limit (--rate-limit 0)"),
        (None, None) => tracing::info!(
            "no rate limit: the service is open; --rate-limit N limits each client address"
        ),
    }
    rate
}

async fn run_server(args: ServeArgs) -> Result<(), String> {
    let key_in_env = super::key_in_env();
    if key_in_env.is_some() && args.signing_key_file.is_some() {
        return Err(
            "the signing key is given twice (DECISION_TRAIL_SIGNING_KEY and a key file): give one"
                .into(),
        );
    }
    let config = StoreConfig {
        database_url: args.database_url.clone(),
        synchronous: args.sqlite_synchronous,
        signing_key: args.signing_key_file.clone(),
        signing_key_text: key_in_env,
        read_connections: args.read_connections,
        statement_timeout: args.statement_timeout,
        synchronous_commit: args.synchronous_commit.clone(),
        connect_timeout: args.connect_timeout,
        origin: args.origin.clone(),
        queue_capacity: args.queue_capacity,
        queue_bytes: args.queue_bytes,
        idempotency_ttl: args.idempotency_ttl,
        checkpoint_copy: args.checkpoint_file.clone(),
        new_checkpoint_copy: args.new_checkpoint_copy,
        min_free_bytes: args.min_free_bytes,
        erasable: args.erasable,
        search_refresh: args.search_refresh,
        signed_at_least: args.signed_at_least,
        signed_checkpoint: args.signed_checkpoint.clone(),
    };
    if let Some(retention) = args.retention {
        if retention > Duration::from_secs(100 * 366 * 86_400) {
            return Err(format!(
                "--retention {} is longer than a century: leave it unset to keep content",
                crate::store::duration_text(retention)
            ));
        }
        if retention < args.retention_floor {
            return Err(format!(
                "--retention {} is shorter than --retention-floor {}: records must be kept at \
                 least as long as the floor (lower --retention-floor only where no law asks \
                 for longer)",
                crate::store::duration_text(retention),
                crate::store::duration_text(args.retention_floor)
            ));
        }
    }
    let loopback = exposure::listens_on_loopback(&args.listen)?;
    exposure::refuse_unless_meant(&args.listen, args.keys_file.is_some(), loopback, args.open)?;
    let keys = match &args.keys_file {
        Some(path) => {
            let ring = exposure::load_keys(path)?;
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
    let rate = rate_limit(&args, keys.is_some());
    let policy = args
        .witness_policy
        .as_deref()
        .map(read_witness_policy)
        .transpose()?;
    let store = Arc::new(Store::open(&config).await.map_err(|e| e.to_string())?);
    let witnessing = match policy {
        Some(policy) => Some(start_witnessing(policy, &args, &store).await?),
        None => None,
    };
    let retention = args.retention.map(|retention| {
        tracing::info!(
            retention = %crate::store::duration_text(retention),
            "retention: the content of erasable records older than this is erased"
        );
        crate::store::spawn_retention(store.clone(), retention)
    });
    let listener = tokio::net::TcpListener::bind(&args.listen)
        .await
        .map_err(|e| format!("cannot listen on {}: {e}", args.listen))?;
    let local = listener.local_addr().map_err(|e| e.to_string())?;
    // What was bound decides, should the name have resolved otherwise.
    let exposed = !exposure::is_loopback(&local);
    exposure::refuse_unless_meant(&local.to_string(), keys.is_some(), !exposed, args.open)?;
    if exposed && keys.is_none() {
        tracing::warn!(listen = %local, "{}", http::OPEN_AND_EXPOSED);
    }
    let shutdown =
        http::shutdown_signal().map_err(|e| format!("cannot install signal handlers: {e}"))?;
    tracing::info!(
        listen = %local,
        database = %args.database_url,
        synchronous = %args.sqlite_synchronous,
        "decision-trail serving; the trail browser at http://{local}/ui, the API's docs at http://{local}/docs"
    );
    let limits = Limits {
        max_body_bytes: args.max_body_bytes,
        max_batch_body_bytes: args.max_batch_body_bytes,
        max_content_bytes: args.max_content_bytes,
        max_metadata_bytes: args.max_metadata_bytes,
        max_header_bytes: args.max_header_bytes,
        header_timeout: args.header_timeout,
        request_timeout: args.request_timeout,
        max_in_flight: args.max_in_flight,
        max_connections: args.max_connections,
        rate,
    };
    let hosts: Vec<String> = args
        .allowed_hosts
        .iter()
        .map(|h| h.trim().to_string())
        .filter(|h| !h.is_empty())
        .collect();
    if hosts.is_empty() {
        return Err(
            "--allowed-hosts names no host: list the names clients use, or * for any".into(),
        );
    }
    let hosts = (!hosts.iter().any(|h| h == "*")).then_some(hosts);
    if keys.is_some() && hosts.is_some() {
        // docs/design.md §3: a page a browser was lured to has no token.
        tracing::info!("API keys are required, so the Host names are not checked (--allowed-hosts applies to an open service)");
    }
    let mut state = AppState::new(store, limits, keys)
        .with_allowed_hosts(hosts)
        .with_exposed(exposed);
    let mut task = None;
    if let Some((witnessing, running)) = witnessing {
        state = state.with_witnessing(witnessing);
        task = Some(running);
    }
    // The keys file is read again on SIGHUP and whenever it changes.
    let reload = match (&args.keys_file, state.guards.keys.clone()) {
        (Some(path), Some(keys)) => Some(
            http::ops::keys::spawn_reload(keys, path.clone())
                .map_err(|e| format!("cannot install the SIGHUP handler: {e}"))?,
        ),
        _ => None,
    };
    let served = http::serve(listener, state, shutdown).await;
    if let Some(task) = reload {
        task.abort();
    }
    if let Some(task) = task {
        task.abort();
    }
    if let Some(task) = retention {
        task.abort();
    }
    served.map_err(|e| format!("server error: {e}"))?;
    tracing::info!("stopped cleanly");
    Ok(())
}

fn read_witness_policy(path: &std::path::Path) -> Result<Policy, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read the witness policy {}: {e}", path.display()))?;
    let policy =
        Policy::parse(&text).map_err(|e| format!("witness policy {}: {e}", path.display()))?;
    if let Some(w) = policy.witnesses.iter().find(|w| w.url.is_none()) {
        tracing::warn!(witness = %w.name, "the witness policy gives this witness no URL: it is never asked to cosign");
    }
    Ok(policy)
}

/// The witnessing of `store`'s log under `policy`: the newest witnessed
/// checkpoint found, and the task that asks the witnesses running.
async fn start_witnessing(
    policy: Policy,
    args: &ServeArgs,
    store: &Arc<Store>,
) -> Result<(Arc<Witnessing>, tokio::task::JoinHandle<()>), String> {
    let key = store.verifier_key();
    if !policy.logs.is_empty() && !policy.logs.iter().any(|l| l.vkey == key) {
        return Err(format!(
            "the witness policy lists logs, but not this one (its key is {key})"
        ));
    }
    let witnesses = policy.witnesses.len();
    let witnessing = Witnessing::new(policy, args.witness_interval.max(Duration::from_millis(10)))?;
    witnessing
        .load(store)
        .await
        .map_err(|e| format!("cannot read the stored cosignatures: {e}"))?;
    // Before anything is signed past the database's newest checkpoint: a
    // witness that cosigned more says the database is behind the log.
    let newest = store
        .database_checkpoint()
        .await
        .map_err(|e| format!("cannot read the newest checkpoint: {e}"))?;
    witnessing.check_signed(&newest).await?;
    tracing::info!(
        witnesses,
        interval_ms = args.witness_interval.as_millis() as u64,
        witnessed = witnessing.witnessed().map(|w| w.tree_size),
        "witnessing: new checkpoints are sent to the policy's witnesses"
    );
    let task = witnessing.clone().spawn(store.clone());
    Ok((witnessing, task))
}
