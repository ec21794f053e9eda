#!/usr/bin/env python3
"""Summarise hey CSV output (-o csv): requests, non-2xx, rate over the wall time
the runs took together, and latency percentiles (and the longest) over every
request.

usage: stats.py WALL_SECONDS FILE.csv [FILE.csv ...]   -> one JSON line
"""
import csv
import json
import sys


def main():
    wall = float(sys.argv[1])
    latencies, errors = [], 0
    for path in sys.argv[2:]:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                latencies.append(float(row["response-time"]))
                if not row["status-code"].startswith("2"):
                    errors += 1
    latencies.sort()

    def pct(p):
        if not latencies:
            return 0.0
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000

    print(json.dumps({
        "n": len(latencies),
        "errors": errors,
        "rps": round(len(latencies) / wall, 1) if wall > 0 else 0,
        "p50_ms": round(pct(50), 2),
        "p99_ms": round(pct(99), 2),
        "p999_ms": round(pct(99.9), 2),
        "max_ms": round(latencies[-1] * 1000, 2) if latencies else 0.0,
    }))


if __name__ == "__main__":
    main()
