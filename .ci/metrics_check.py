"""Reads a /metrics scrape with prometheus_client's text parser and checks it.

Usage: metrics_check.py SCRAPE APPENDS, or metrics_check.py --fresh SCRAPE.
The scrape followed .ci/metrics's traffic: APPENDS appends, 3 task listings,
a search, a 401 on /metrics and a 403 on /thoughts. Every family must be named
decision_trail_* (or be a standard process_* metric), counters end in _total,
histograms carry buckets up to +Inf equal to their count, and the counts must
be what was sent. With --fresh, the scrape was taken before any traffic: the
build's information, the process metrics and every labelled counter at 0 must
be there.
"""

import math
import sys

from prometheus_client.parser import text_string_to_metric_families

PREFIX = "decision_trail_"

# The families any service serves once it has answered requests and appended.
EXPECTED = {
    "decision_trail_http_requests": "counter",
    "decision_trail_http_request_duration_seconds": "histogram",
    "decision_trail_auth_failures": "counter",
    "decision_trail_rate_limited": "counter",
    "decision_trail_search_duration_seconds": "histogram",
    "decision_trail_records_appended": "counter",
    "decision_trail_idempotent_replays": "counter",
    "decision_trail_append_batch_size": "histogram",
    "decision_trail_append_commit_duration_seconds": "histogram",
    "decision_trail_append_queue_full": "counter",
    "decision_trail_append_queue_depth": "gauge",
    "decision_trail_log_size": "gauge",
    "decision_trail_log_signed_size": "gauge",
    "decision_trail_checkpoint_age_seconds": "gauge",
    "decision_trail_search_index_lag_records": "gauge",
    "decision_trail_search_index_lag_seconds": "gauge",
}


# The standard process metrics of Prometheus's client libraries.
PROCESS = {
    "process_cpu_seconds": "counter",
    "process_resident_memory_bytes": "gauge",
    "process_virtual_memory_bytes": "gauge",
    "process_open_fds": "gauge",
    "process_max_fds": "gauge",
    "process_start_time_seconds": "gauge",
}

# Each labelled counter's series that exist from the start, at 0.
AT_ZERO = {
    "decision_trail_auth_failures": ("status", ["401", "403"]),
    "decision_trail_otlp_spans": ("outcome", ["accepted", "skipped", "rejected"]),
    "decision_trail_stored_rows_refused": (
        "table",
        ["capability_snapshots", "cosignatures", "idempotency", "search_index", "thoughts"],
    ),
    "decision_trail_clock_anomalies": ("direction", ["ahead", "behind"]),
    "decision_trail_records_erased": ("how", ["request", "retention"]),
    "decision_trail_keys_reloads": ("outcome", ["ok", "refused"]),
}


def fresh(path):
    with open(path, encoding="utf-8") as f:
        families = {f.name: f for f in text_string_to_metric_families(f.read())}
    info = families.get("decision_trail_build_info")
    if info is None or info.type != "gauge" or len(info.samples) != 1:
        fail("decision_trail_build_info is missing or not one gauge sample")
    labels = info.samples[0].labels
    if info.samples[0].value != 1 or set(labels) != {"version", "commit", "backend"}:
        fail(f"decision_trail_build_info is {info.samples[0]}")
    for name, kind in PROCESS.items():
        if name not in families or families[name].type != kind or not families[name].samples:
            fail(f"{name} ({kind}) is missing")
    for name, (label, values) in AT_ZERO.items():
        have = {s.labels.get(label): s.value for s in families[name].samples if s.name.endswith("_total")}
        for v in values:
            if have.get(v) != 0:
                fail(f"{name}_total{{{label}={v!r}}} is {have.get(v)}, not 0 from the start")
    tools = {s.labels["tool"] for s in families["decision_trail_mcp_tool_calls"].samples}
    if "unknown" not in tools or len(tools) < 10:
        fail(f"the MCP tools' counters are not all there at start: {sorted(tools)}")
    print(
        f"ok: a fresh start's /metrics parsed by prometheus_client: build_info {labels}, "
        f"{len(PROCESS)} process metrics, every labelled counter at 0"
    )


def fail(message):
    print(f"metrics: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    if sys.argv[1] == "--fresh":
        fresh(sys.argv[2])
        return
    path, appends = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name, family in families.items():
        if not name.startswith(PREFIX) and name not in PROCESS:
            fail(f"{name} is not prefixed {PREFIX}")
        if not family.documentation:
            fail(f"{name} has no HELP")
        for sample in family.samples:
            if family.type == "counter" and not sample.name.endswith(("_total", "_created")):
                fail(f"counter sample {sample.name} does not end in _total")
            for label in sample.labels:
                if label.endswith("_id") or label in ("task", "record", "agent", "key"):
                    fail(f"{sample.name} has an id label {label}")
    for name, kind in EXPECTED.items():
        if name not in families:
            fail(f"{name} is missing (have {sorted(families)})")
        if families[name].type != kind:
            fail(f"{name} is a {families[name].type}, not a {kind}")
    for name, family in families.items():
        if family.type != "histogram":
            continue
        series = {}
        for s in family.samples:
            key = tuple(sorted((k, v) for k, v in s.labels.items() if k != "le"))
            series.setdefault(key, {"buckets": [], "count": None})
            if s.name.endswith("_bucket"):
                series[key]["buckets"].append((float(s.labels["le"]), s.value))
            elif s.name.endswith("_count"):
                series[key]["count"] = s.value
        for key, s in series.items():
            buckets = sorted(s["buckets"])
            if len(buckets) < 2 or not math.isinf(buckets[-1][0]):
                fail(f"{name}{key} has no explicit buckets up to +Inf")
            if buckets[-1][1] != s["count"]:
                fail(f"{name}{key}: +Inf bucket {buckets[-1][1]} is not the count {s['count']}")

    def value(family, sample_name, **labels):
        return sum(
            s.value
            for s in families[family].samples
            if s.name == sample_name and all(s.labels.get(k) == v for k, v in labels.items())
        )

    requests = "decision_trail_http_requests"
    checks = [
        (value(requests, requests + "_total", method="POST", route="/thoughts", status="2xx"), appends),
        (value(requests, requests + "_total", method="POST", route="/thoughts", status="4xx"), 1),
        (value(requests, requests + "_total", method="GET", route="/tasks", status="2xx"), 3),
        (value(requests, requests + "_total", method="GET", route="/search", status="2xx"), 1),
        (value(requests, requests + "_total", method="GET", route="/metrics", status="4xx"), 1),
        # The traffic, and the fresh scrape before it.
        (value(requests, requests + "_total"), appends + 7),
        (value("decision_trail_auth_failures", "decision_trail_auth_failures_total", status="401"), 1),
        (value("decision_trail_auth_failures", "decision_trail_auth_failures_total", status="403"), 1),
        (value("decision_trail_records_appended", "decision_trail_records_appended_total"), appends),
        (value("decision_trail_log_size", "decision_trail_log_size"), appends),
        (value("decision_trail_log_signed_size", "decision_trail_log_signed_size"), appends),
        (value("decision_trail_search_duration_seconds", "decision_trail_search_duration_seconds_count"), 1),
    ]
    for i, (got, want) in enumerate(checks):
        if got != want:
            fail(f"check {i}: {got} where {want} was sent")
    print(f"ok: /metrics parsed by prometheus_client: {len(families)} families, the counts add up")


main()
