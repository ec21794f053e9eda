//! The metric families `GET /metrics` serves (docs/design.md §10): each name,
//! type, labels, unit and help text written once, here, for the layer that
//! records it (`store::writer`, `http`) and for the recorder that renders
//! them (`http::ops::metrics`). Names are prefixed `decision_trail_`, in base units
//! (seconds, bytes), counters end in `_total`, and no label carries an id
//! (task, record, agent, key): a label's values are a small fixed set.

/// What kind of Prometheus metric a family is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Counter,
    Gauge,
    /// With the family's explicit buckets.
    Histogram,
}

/// One metric family.
#[derive(Debug, Clone, Copy)]
pub struct Family {
    /// The exposed name.
    pub name: &'static str,
    pub kind: Kind,
    /// The `# HELP` text; says the unit.
    pub help: &'static str,
    /// The labels every sample carries.
    pub labels: &'static [&'static str],
    /// A histogram's bucket upper bounds, ascending; empty otherwise.
    pub buckets: &'static [f64],
    /// Computed when scraped from the store, never recorded.
    pub at_scrape: bool,
    /// For a labelled counter, every value each label can take, in the
    /// labels' order: each series exists from the start, at 0, so that an
    /// alert on it can be written before its first event. Empty where a
    /// label's values are known only when the service runs (its MCP tools,
    /// its policy's witnesses: registered there) or are too many (routes).
    pub values: &'static [&'static [&'static str]],
}

/// Request latencies, in seconds: 100 µs to 30 s.
const LATENCY_BUCKETS: &[f64] = &[
    0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5,
    5.0, 10.0, 30.0,
];

/// Appends per batch: powers of two up to the writer's largest batch (1,024).
const BATCH_BUCKETS: &[f64] = &[
    1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0, 1024.0,
];

pub const HTTP_REQUESTS: &str = "decision_trail_http_requests_total";
pub const HTTP_REQUEST_DURATION: &str = "decision_trail_http_request_duration_seconds";
pub const AUTH_FAILURES: &str = "decision_trail_auth_failures_total";
pub const RATE_LIMITED: &str = "decision_trail_rate_limited_total";
pub const SEARCH_DURATION: &str = "decision_trail_search_duration_seconds";
pub const MCP_TOOL_CALLS: &str = "decision_trail_mcp_tool_calls_total";
pub const OTLP_SPANS: &str = "decision_trail_otlp_spans_total";
pub const RECORDS_APPENDED: &str = "decision_trail_records_appended_total";
pub const IDEMPOTENT_REPLAYS: &str = "decision_trail_idempotent_replays_total";
pub const APPEND_BATCH_SIZE: &str = "decision_trail_append_batch_size";
pub const APPEND_COMMIT_DURATION: &str = "decision_trail_append_commit_duration_seconds";
pub const APPEND_WAIT: &str = "decision_trail_append_wait_seconds";
pub const WRITER_BUSY: &str = "decision_trail_writer_busy_seconds";
pub const BACKGROUND_BUSY: &str = "decision_trail_background_busy_seconds";
pub const APPEND_QUEUE_FULL: &str = "decision_trail_append_queue_full_total";
pub const APPEND_QUEUE_DEPTH: &str = "decision_trail_append_queue_depth";
pub const LOG_SIZE: &str = "decision_trail_log_size";
pub const LOG_SIGNED_SIZE: &str = "decision_trail_log_signed_size";
pub const CHECKPOINT_AGE: &str = "decision_trail_checkpoint_age_seconds";
pub const WITNESS_REFUSALS: &str = "decision_trail_witness_refusals_total";
pub const LOG_ALTERED: &str = "decision_trail_log_altered_total";
pub const STORED_ROWS_REFUSED: &str = "decision_trail_stored_rows_refused_total";
pub const CLOCK_ANOMALIES: &str = "decision_trail_clock_anomalies_total";
pub const RECORDS_ERASED: &str = "decision_trail_records_erased_total";
pub const SEARCH_INDEXED: &str = "decision_trail_search_indexed_total";
pub const SEARCH_LAG_RECORDS: &str = "decision_trail_search_index_lag_records";
pub const SEARCH_LAG_SECONDS: &str = "decision_trail_search_index_lag_seconds";
pub const KEYS_RELOADS: &str = "decision_trail_keys_reloads_total";
pub const BUILD_INFO: &str = "decision_trail_build_info";

/// A request's route label when no route matched (a 404): one fixed value,
/// never the path asked for.
pub const UNMATCHED_ROUTE: &str = "unmatched";

/// Every family, in the order of docs/design.md §10's table.
pub const FAMILIES: &[Family] = &[
    recorded(
        HTTP_REQUESTS,
        Kind::Counter,
        "HTTP requests answered, by method, route template and status class (2xx..5xx)",
        &["method", "route", "status"],
    ),
    histogram(
        HTTP_REQUEST_DURATION,
        "Seconds from a request's arrival to its answer's headers, by method and route template",
        &["method", "route"],
        LATENCY_BUCKETS,
    ),
    counted(
        AUTH_FAILURES,
        "Requests refused for their credentials: 401 (no or no valid API key) or 403 (the key's \
         role, or an open service's Host rule)",
        &["status"],
        &[&["401", "403"]],
    ),
    recorded(
        RATE_LIMITED,
        Kind::Counter,
        "Requests refused with 429: over the rate limit of their key's agent or address",
        &[],
    ),
    histogram(
        SEARCH_DURATION,
        "Seconds the store took to answer a search page",
        &[],
        LATENCY_BUCKETS,
    ),
    recorded(
        MCP_TOOL_CALLS,
        Kind::Counter,
        "MCP tool calls, by tool (`unknown` for a name that is no tool) and outcome (ok, error)",
        &["tool", "outcome"],
    ),
    counted(
        OTLP_SPANS,
        "OTLP spans read from trace exports: accepted (made records, or replayed) or rejected \
         (counted in partialSuccess)",
        &["outcome"],
        &[&["accepted", "skipped", "rejected"]],
    ),
    recorded(
        RECORDS_APPENDED,
        Kind::Counter,
        "Records appended to the log (committed; replays not counted)",
        &[],
    ),
    recorded(
        IDEMPOTENT_REPLAYS,
        Kind::Counter,
        "Appends answered with the record an earlier append with the same Idempotency-Key made",
        &[],
    ),
    histogram(
        APPEND_BATCH_SIZE,
        "Appends per writer batch (one transaction, one checkpoint)",
        &[],
        BATCH_BUCKETS,
    ),
    histogram(
        APPEND_COMMIT_DURATION,
        "Seconds from a batch's transaction opening to its commit",
        &[],
        LATENCY_BUCKETS,
    ),
    histogram(
        APPEND_WAIT,
        "Seconds from an append's queueing to its answer, by the writer's activity that took \
         most of it (begin, plan, write, commit, erasure, job; queue: between activities)",
        &["cause"],
        LATENCY_BUCKETS,
    ),
    histogram(
        WRITER_BUSY,
        "Seconds of each of the writer's activities: begin (opening a transaction), plan \
         (reads and planning), write (statements), commit (the durable write), erasure \
         (cleaning erased bytes), job (probes, snapshots, cosignatures, bindings)",
        &["what"],
        LATENCY_BUCKETS,
    ),
    histogram(
        BACKGROUND_BUSY,
        "Seconds of each step of the work beside the writer, on connections of its own: index \
         (a search indexer's transaction), checkpoint (copying SQLite's WAL into the database)",
        &["what"],
        LATENCY_BUCKETS,
    ),
    recorded(
        APPEND_QUEUE_FULL,
        Kind::Counter,
        "Appends and snapshots refused with 503 because the writer's queue was full",
        &[],
    ),
    recorded(
        LOG_ALTERED,
        Kind::Counter,
        "Batches the writer refused because the stored log holds leaves it did not write and \
         no verified checkpoint covers (a security event)",
        &[],
    ),
    recorded(
        WITNESS_REFUSALS,
        Kind::Counter,
        "Checkpoints a witness of the policy refused as not consistent with what it cosigned \
         before (a fork or a rollback: a security event), by witness name",
        &["witness"],
    ),
    counted(
        STORED_ROWS_REFUSED,
        "Rows read back from the database and refused because they are not what the service \
         wrote (cosignatures that do not verify, idempotency keys naming another request's \
         record, search index rows that do not match their record, a search progress ahead of \
         the log or missing, snapshots that do not re-verify, records no signed checkpoint \
         covers): a security event, by table",
        &["table"],
        &[&[
            "capability_snapshots",
            "cosignatures",
            "idempotency",
            "search_index",
            "search_progress",
            "thoughts",
        ]],
    ),
    counted(
        CLOCK_ANOMALIES,
        "Appends that read the system clock behind their chain's last timestamp (`behind`), or \
         ahead of the last commit's time plus the running time since by more than the bound \
         (`ahead`)",
        &["direction"],
        &[&["ahead", "behind"]],
    ),
    counted(
        RECORDS_ERASED,
        "Records whose content was erased, by how: an erasure request (`request`) or the \
         retention sweep (`retention`)",
        &["how"],
        &[&["request", "retention"]],
    ),
    recorded(
        SEARCH_INDEXED,
        Kind::Counter,
        "Records the search indexer added to the index (in its own transactions, after their \
         appends were answered)",
        &[],
    ),
    counted(
        KEYS_RELOADS,
        "Reloads of the API keys file (on SIGHUP or a change on disk): `ok` (the new set in \
         force) or `refused` (the file does not parse; the old set is kept)",
        &["outcome"],
        &[&["ok", "refused"]],
    ),
    Family {
        name: BUILD_INFO,
        kind: Kind::Gauge,
        help: "Always 1: the build serving (its version and commit) and the database backend \
               (sqlite or postgres)",
        labels: &["version", "commit", "backend"],
        buckets: &[],
        at_scrape: true,
        values: &[],
    },
    scraped(
        SEARCH_LAG_RECORDS,
        "Records of the log this process's writer committed that the search index does not \
         cover yet",
    ),
    scraped(
        SEARCH_LAG_SECONDS,
        "Seconds since the oldest record this process's writer committed and the search index \
         does not cover yet was committed (0 when it covers them all)",
    ),
    scraped(
        APPEND_QUEUE_DEPTH,
        "Jobs (appends, probes, snapshots) waiting in the writer's queue",
    ),
    scraped(
        LOG_SIZE,
        "Leaves integrated into the log by this process's writer (committed)",
    ),
    scraped(
        LOG_SIGNED_SIZE,
        "Tree size of the newest signed checkpoint of the log",
    ),
    scraped(
        CHECKPOINT_AGE,
        "Seconds since the newest signed checkpoint: since its last leaf's record was timestamped \
         (no sample while the log is empty)",
    ),
];

const fn recorded(
    name: &'static str,
    kind: Kind,
    help: &'static str,
    labels: &'static [&'static str],
) -> Family {
    Family {
        name,
        kind,
        help,
        labels,
        buckets: &[],
        at_scrape: false,
        values: &[],
    }
}

/// A counter whose labels take the fixed `values`, each series at 0 from
/// the start.
const fn counted(
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
    values: &'static [&'static [&'static str]],
) -> Family {
    Family {
        values,
        ..recorded(name, Kind::Counter, help, labels)
    }
}

const fn histogram(
    name: &'static str,
    help: &'static str,
    labels: &'static [&'static str],
    buckets: &'static [f64],
) -> Family {
    Family {
        name,
        kind: Kind::Histogram,
        help,
        labels,
        buckets,
        at_scrape: false,
        values: &[],
    }
}

const fn scraped(name: &'static str, help: &'static str) -> Family {
    Family {
        name,
        kind: Kind::Gauge,
        help,
        labels: &[],
        buckets: &[],
        at_scrape: true,
        values: &[],
    }
}

/// The family named `name`.
pub fn family(name: &str) -> Option<&'static Family> {
    FAMILIES.iter().find(|f| f.name == name)
}

/// A status code's class label: `1xx` to `5xx`.
pub fn status_class(status: u16) -> &'static str {
    match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_family_follows_the_naming_rules() {
        let mut names: Vec<&str> = FAMILIES.iter().map(|f| f.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), FAMILIES.len(), "one family per name");
        for f in FAMILIES {
            assert!(f.name.starts_with("decision_trail_"), "{}", f.name);
            assert!(
                f.name
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
                "{}",
                f.name
            );
            assert_eq!(
                f.kind == Kind::Counter,
                f.name.ends_with("_total"),
                "{}",
                f.name
            );
            assert_eq!(
                f.kind == Kind::Histogram,
                !f.buckets.is_empty(),
                "{}",
                f.name
            );
            assert!(f.buckets.windows(2).all(|w| w[0] < w[1]), "{}", f.name);
            if f.help.contains("Seconds") {
                assert!(f.name.ends_with("_seconds"), "{}", f.name);
            }
            for label in f.labels {
                // No label carries an id: its values are a fixed set.
                assert!(
                    !label.contains("id") && !["task", "record", "agent", "key"].contains(label),
                    "{} {label}",
                    f.name
                );
            }
            assert!(!f.at_scrape || f.kind == Kind::Gauge);
        }
        assert_eq!(status_class(201), "2xx");
        assert_eq!(status_class(503), "5xx");
        assert!(family(LOG_SIZE).is_some_and(|f| f.at_scrape));
    }
}
