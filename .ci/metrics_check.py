"""Reads a /metrics scrape with prometheus_client's text parser and checks it.

Usage: metrics_check.py SCRAPE APPENDS. The scrape followed .ci/metrics's
traffic: APPENDS appends, 3 task listings, a search, a 401 on /metrics and a
403 on /thoughts. Every family must be named decision_trail_*, counters end in
_total, histograms carry buckets up to +Inf equal to their count, and the
counts must be what was sent.
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


def fail(message):
    print(f"metrics: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    path, appends = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8") as f:
        text = f.read()
    families = {f.name: f for f in text_string_to_metric_families(text)}
    for name, family in families.items():
        if not name.startswith(PREFIX):
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
        (value(requests, requests + "_total"), appends + 6),
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
