//! `GET /metrics`: the Prometheus text exposition (version 0.0.4) of the
//! families of `domain::metrics` (docs/design.md §10).
//!
//! One recorder per process (`metrics-exporter-prometheus`, no listener of
//! its own), installed as the `metrics` facade's global recorder when the
//! first application is built; every part records through the facade where
//! its facts are (`store::writer`, `guard`, `access_log`, `search`, `mcp`,
//! `otlp`), and this route renders it. The gauges of the store's state (queue
//! depth, log sizes, checkpoint age) are read from the serving app's store
//! when scraped, never recorded.
//!
//! Each request is counted on handles kept per route template, method and
//! status class: the hot path does no registry lookup and builds no label.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{LazyLock, OnceLock, RwLock};
use std::time::Duration;

use axum::extract::State;
use axum::http::{header, Method};
use axum::response::{IntoResponse, Response};
use metrics::{Counter, Histogram, Recorder as _};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::domain::metrics::{
    family, status_class, Kind, APPEND_QUEUE_DEPTH, AUTH_FAILURES, BUILD_INFO, CHECKPOINT_AGE,
    FAMILIES, HTTP_REQUESTS, HTTP_REQUEST_DURATION, LOG_SIGNED_SIZE, LOG_SIZE, MCP_TOOL_CALLS,
    OTLP_SPANS, RATE_LIMITED, SEARCH_DURATION, SEARCH_LAG_RECORDS, SEARCH_LAG_SECONDS,
    UNMATCHED_ROUTE, WITNESS_REFUSALS,
};
use crate::http::problem::responses::{InternalError, Unavailable};
use crate::http::problem::ApiError;
use crate::http::AppState;

/// The exposition's media type (Prometheus text format 0.0.4).
pub(crate) const CONTENT_TYPE: &str = "text/plain; version=0.0.4";

/// How often recorded histogram samples are folded into their buckets when
/// nobody scrapes: they are held raw until then.
const UPKEEP_EVERY: Duration = Duration::from_secs(5);

/// The process's recorder, installed once.
static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();

/// Installs the recorder (once per process) and returns its handle: every
/// histogram with its explicit buckets, every family described.
pub(crate) fn install() -> &'static PrometheusHandle {
    HANDLE.get_or_init(|| {
        let mut builder = PrometheusBuilder::new();
        for f in FAMILIES.iter().filter(|f| f.kind == Kind::Histogram) {
            builder = builder
                .set_buckets_for_metric(Matcher::Full(f.name.into()), f.buckets)
                .expect("every histogram has buckets");
        }
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        for f in FAMILIES.iter().filter(|f| !f.at_scrape) {
            let (name, help) = (f.name.into(), f.help.into());
            match f.kind {
                Kind::Counter => recorder.describe_counter(name, None, help),
                Kind::Gauge => recorder.describe_gauge(name, None, help),
                Kind::Histogram => recorder.describe_histogram(name, None, help),
            }
        }
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!(
                "another metrics recorder is installed: /metrics serves only the store's gauges"
            );
        }
        // Every counter exists from the start, at 0: the unlabelled ones,
        // and each series of those whose labels take fixed values (and the
        // MCP tools'), so that an alert on any can be written on day one.
        for f in FAMILIES.iter().filter(|f| f.kind == Kind::Counter) {
            match (f.labels, f.values) {
                ([], _) => metrics::counter!(f.name).increment(0),
                ([label], [values]) => {
                    for value in *values {
                        metrics::counter!(f.name, *label => *value).increment(0);
                    }
                }
                _ => {}
            }
        }
        for tool in crate::http::mcp::tool_names()
            .into_iter()
            .chain(["unknown"])
        {
            for outcome in ["ok", "error"] {
                metrics::counter!(MCP_TOOL_CALLS, "tool" => tool, "outcome" => outcome)
                    .increment(0);
            }
        }
        let upkeep = handle.clone();
        // At most 15 bytes, as Linux keeps them (the writer's name too).
        let _ = std::thread::Builder::new()
            .name("trail-metrics".into())
            .spawn(move || loop {
                std::thread::sleep(UPKEEP_EVERY);
                upkeep.run_upkeep();
            });
        handle
    })
}

/// Prometheus metrics.
///
/// The families, their types, labels and units are listed in the
/// repository's docs/design.md §10. With API keys configured any key may
/// read them.
#[utoipa::path(
    get, path = "/metrics", operation_id = "metrics", tag = "metrics",
    responses(
        (status = 200, description = "The Prometheus text exposition (format 0.0.4)", content_type = "text/plain; version=0.0.4", body = String,
         example = "# HELP decision_trail_log_size Leaves integrated into the log by this process's writer (committed)\n# TYPE decision_trail_log_size gauge\ndecision_trail_log_size 3\n"),
        InternalError, Unavailable
    )
)]
pub async fn scrape(State(state): State<AppState>) -> Result<Response, ApiError> {
    let mut text = install().render();
    let store = &state.store;
    let signed = store.database_checkpoint().await?;
    let age = match signed.tree_size.checked_sub(1) {
        Some(last) => store
            .record_at(last)
            .await?
            .and_then(|r| chrono::DateTime::parse_from_rfc3339(&r.timestamp).ok())
            .map(|at| {
                let ms = (chrono::Utc::now() - at.to_utc()).num_milliseconds().max(0);
                ms as f64 / 1000.0
            }),
        None => None,
    };
    gauge(
        &mut text,
        APPEND_QUEUE_DEPTH,
        Some(store.queue_depth() as f64),
    );
    gauge(&mut text, LOG_SIZE, Some(store.integrated_size() as f64));
    gauge(&mut text, LOG_SIGNED_SIZE, Some(signed.tree_size as f64));
    gauge(&mut text, CHECKPOINT_AGE, age);
    let (lag_records, lag_seconds) = store.search_lag();
    gauge(&mut text, SEARCH_LAG_RECORDS, Some(lag_records as f64));
    gauge(&mut text, SEARCH_LAG_SECONDS, Some(lag_seconds));
    let help = family(BUILD_INFO).map_or("", |f| f.help);
    let _ = writeln!(
        text,
        "# HELP {BUILD_INFO} {help}\n# TYPE {BUILD_INFO} gauge\n\
         {BUILD_INFO}{{version=\"{}\",commit=\"{}\",backend=\"{}\"}} 1",
        env!("CARGO_PKG_VERSION"),
        BUILD_COMMIT,
        store.backend()
    );
    process_metrics(&mut text);
    Ok(([(header::CONTENT_TYPE, CONTENT_TYPE)], text).into_response())
}

/// The commit the binary was built from, as the build said it
/// (`DECISION_TRAIL_COMMIT` when compiling), else `unknown`.
pub(crate) const BUILD_COMMIT: &str = match option_env!("DECISION_TRAIL_COMMIT") {
    Some(commit) => commit,
    None => "unknown",
};

/// The standard process metrics of Prometheus's client libraries (CPU
/// seconds, resident and virtual memory, open and maximum file descriptors,
/// start time), read from `/proc/self` when scraped; nothing where the
/// platform has no `/proc`.
fn process_metrics(text: &mut String) {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return;
    };
    // Fields after the command name (which may hold spaces), from field 3.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or(Vec::new(), |(_, rest)| rest.split_whitespace().collect());
    let field = |n: usize| fields.get(n - 3).and_then(|f| f.parse::<f64>().ok());
    // SAFETY: sysconf reads a constant of the system; no memory is passed.
    let (ticks, page) = unsafe {
        (
            libc::sysconf(libc::_SC_CLK_TCK) as f64,
            libc::sysconf(libc::_SC_PAGESIZE) as f64,
        )
    };
    let boot = std::fs::read_to_string("/proc/stat").ok().and_then(|s| {
        s.lines()
            .find_map(|l| l.strip_prefix("btime "))
            .and_then(|b| b.trim().parse::<f64>().ok())
    });
    let open_fds = std::fs::read_dir("/proc/self/fd")
        .map(|d| d.count() as f64)
        .ok();
    let mut limit = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes one rlimit into the struct given.
    let max_fds = (unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } == 0)
        .then_some(limit.rlim_cur as f64);
    let cpu = match (field(14), field(15)) {
        (Some(user), Some(system)) if ticks > 0.0 => Some((user + system) / ticks),
        _ => None,
    };
    let start = match (field(22), boot) {
        (Some(at), Some(boot)) if ticks > 0.0 => Some(boot + at / ticks),
        _ => None,
    };
    for (name, kind, help, value) in [
        (
            "process_cpu_seconds_total",
            "counter",
            "Total user and system CPU time spent in seconds.",
            cpu,
        ),
        (
            "process_resident_memory_bytes",
            "gauge",
            "Resident memory size in bytes.",
            field(24).map(|p| p * page),
        ),
        (
            "process_virtual_memory_bytes",
            "gauge",
            "Virtual memory size in bytes.",
            field(23),
        ),
        (
            "process_open_fds",
            "gauge",
            "Number of open file descriptors.",
            open_fds,
        ),
        (
            "process_max_fds",
            "gauge",
            "Maximum number of open file descriptors.",
            max_fds,
        ),
        (
            "process_start_time_seconds",
            "gauge",
            "Start time of the process since unix epoch in seconds.",
            start,
        ),
    ] {
        if let Some(value) = value {
            let _ = writeln!(
                text,
                "# HELP {name} {help}\n# TYPE {name} {kind}\n{name} {value}"
            );
        }
    }
}

/// A gauge read at scrape, written as its family: HELP, TYPE and its sample
/// if it has one.
fn gauge(text: &mut String, name: &str, value: Option<f64>) {
    let help = family(name).map_or("", |f| f.help);
    let _ = writeln!(text, "# HELP {name} {help}\n# TYPE {name} gauge");
    if let Some(value) = value {
        let _ = writeln!(text, "{name} {value}");
    }
}

/// The methods a request is counted under; any other is `other`.
const METHODS: [&str; 8] = [
    "GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "other",
];

/// The status classes, in `status_class`'s order.
const CLASSES: [u16; 5] = [100, 200, 300, 400, 500];

/// The handles of one route template, made on first use.
pub(crate) struct RouteSeries {
    /// The route label, kept for the life of the process (route templates
    /// are the route table's, a fixed set).
    route: &'static str,
    /// Requests, by method and status class.
    requests: [[OnceLock<Counter>; 5]; 8],
    /// Latency, by method.
    latency: [OnceLock<Histogram>; 8],
}

/// Every route template seen, and its handles.
static ROUTES: LazyLock<RwLock<HashMap<&'static str, &'static RouteSeries>>> =
    LazyLock::new(Default::default);

/// The handles of the route template `matched` (None: no route matched).
pub(crate) fn route(matched: Option<&str>) -> &'static RouteSeries {
    let template = matched.unwrap_or(UNMATCHED_ROUTE);
    if let Some(series) = ROUTES
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .get(template)
    {
        return series;
    }
    let mut routes = ROUTES.write().unwrap_or_else(|p| p.into_inner());
    if let Some(series) = routes.get(template) {
        return series;
    }
    // Leaked once per template: the route table's templates are a fixed set.
    let route: &'static str = Box::leak(template.into());
    let series: &'static RouteSeries = Box::leak(Box::new(RouteSeries {
        route,
        requests: Default::default(),
        latency: Default::default(),
    }));
    routes.insert(route, series);
    series
}

/// Counts one answered request and its latency.
pub(crate) fn answered(series: &RouteSeries, method: &Method, status: u16, took: Duration) {
    let m = METHODS
        .iter()
        .position(|known| *known == method.as_str())
        .unwrap_or(METHODS.len() - 1);
    let class = status_class(status);
    let c = CLASSES
        .iter()
        .position(|first| status_class(*first) == class)
        .unwrap_or(4);
    series.requests[m][c]
        .get_or_init(|| {
            metrics::counter!(HTTP_REQUESTS, "method" => METHODS[m], "route" => series.route, "status" => class)
        })
        .increment(1);
    series.latency[m]
        .get_or_init(|| {
            metrics::histogram!(HTTP_REQUEST_DURATION, "method" => METHODS[m], "route" => series.route)
        })
        .record(took.as_secs_f64());
}

/// A request refused for its credentials (`401` or `403`).
pub(crate) fn auth_failure(status: u16) {
    let status = if status == 401 { "401" } else { "403" };
    metrics::counter!(AUTH_FAILURES, "status" => status).increment(1);
}

/// A request refused with 429.
pub(crate) fn rate_limited() {
    metrics::counter!(RATE_LIMITED).increment(1);
}

/// A search page answered by the store in `took`.
pub(crate) fn searched(took: Duration) {
    metrics::histogram!(SEARCH_DURATION).record(took.as_secs_f64());
}

/// An MCP tool call: `tool` a tool's name (`unknown` for any other).
pub(crate) fn tool_called(tool: &'static str, ok: bool) {
    let outcome = if ok { "ok" } else { "error" };
    metrics::counter!(MCP_TOOL_CALLS, "tool" => tool, "outcome" => outcome).increment(1);
}

/// The witnesses of the policy: each one's refusal counter exists from the
/// start, at 0.
pub(crate) fn witnesses_known<'a>(names: impl IntoIterator<Item = &'a str>) {
    install();
    for name in names {
        metrics::counter!(WITNESS_REFUSALS, "witness" => name.to_owned()).increment(0);
    }
}

/// A witness of the policy refused the log's checkpoint (docs/design.md §2).
/// Its name comes from the policy file, a fixed set: not an id.
pub(crate) fn witness_refused(witness: &str) {
    metrics::counter!(WITNESS_REFUSALS, "witness" => witness.to_owned()).increment(1);
}

/// The spans of one trace export: accepted (made records) and rejected.
pub(crate) fn otlp_spans(accepted: usize, skipped: usize, rejected: usize) {
    metrics::counter!(OTLP_SPANS, "outcome" => "accepted").increment(accepted as u64);
    metrics::counter!(OTLP_SPANS, "outcome" => "skipped").increment(skipped as u64);
    metrics::counter!(OTLP_SPANS, "outcome" => "rejected").increment(rejected as u64);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_route_s_handles_are_made_once() {
        let a = route(Some("/metrics-test/{id}"));
        let b = route(Some("/metrics-test/{id}"));
        assert!(std::ptr::eq(a, b));
        assert_eq!(route(None).route, UNMATCHED_ROUTE);
        assert_eq!(
            CLASSES.map(status_class),
            ["1xx", "2xx", "3xx", "4xx", "5xx"]
        );
    }
}
