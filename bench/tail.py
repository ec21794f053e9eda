#!/usr/bin/env python3
"""The append tail's split (bench/run.sh tail): from two /metrics scrapes,
before and after a load, what the writer spent its time on
(decision_trail_writer_busy_seconds{what}: count, seconds, the longest bucket
reached) and, for the appends at or past the load's p99, what took most of
each one's wait (decision_trail_append_wait_seconds{cause}), beside the
background work (decision_trail_background_busy_seconds{what}).

usage: tail.py BEFORE AFTER P99_MS   -> a table on stdout
"""
import re
import sys

LINE = re.compile(r'^(decision_trail_\w+?)_(bucket|sum|count)\{([^}]*)\} (\S+)$')


def read(path):
    out = {}
    for line in open(path):
        m = LINE.match(line.strip())
        if not m:
            continue
        name, part, labels, value = m.groups()
        labels = dict(re.findall(r'(\w+)="([^"]*)"', labels))
        le = labels.pop("le", None)
        key = (name, part, tuple(sorted(labels.items())), le)
        out[key] = float(value)
    return out


def main():
    before, after, p99 = read(sys.argv[1]), read(sys.argv[2]), float(sys.argv[3]) / 1000
    diff = {k: v - before.get(k, 0.0) for k, v in after.items()}

    def series(name, label):
        got = {}
        for (n, part, labels, le), v in diff.items():
            if n != name:
                continue
            value = dict(labels).get(label)
            s = got.setdefault(value, {"count": 0.0, "sum": 0.0, "buckets": {}})
            if part == "bucket":
                s["buckets"][float("inf") if le == "+Inf" else float(le)] = v
            else:
                s[part] = v
        return got

    def over(s, bound):
        # Observations past the largest bucket bound at or below `bound`
        # (the slowest percent or so, as the buckets allow).
        les = sorted(s["buckets"])
        at = max((le for le in les if le <= bound), default=les[0])
        return s["count"] - s["buckets"][at], at

    waits = series("decision_trail_append_wait_seconds", "cause")
    slow_total = sum(over(s, p99)[0] for s in waits.values())
    bound = next(iter(over(s, p99)[1] for s in waits.values())) if waits else p99
    print(f"  appends waiting past {bound * 1000:g} ms (the bucket at or below the load's p99, {p99 * 1000:.1f} ms): "
          f"{slow_total:.0f}, by what took most of each wait")
    for cause, s in sorted(waits.items(), key=lambda kv: -over(kv[1], p99)[0]):
        n, _ = over(s, p99)
        if s["count"] == 0:
            continue
        share = n / slow_total * 100 if slow_total else 0.0
        print(f"    {cause:<11}{n:>8.0f} slow ({share:5.1f} %) of {s['count']:>8.0f} appends, mean wait {s['sum'] / s['count'] * 1000:6.2f} ms")
    for family, title in (("decision_trail_writer_busy_seconds", "the writer's activities"),
                          ("decision_trail_background_busy_seconds", "beside the writer")):
        busy = series(family, "what")
        if not busy:
            continue
        print(f"  {title}: count, seconds, mean, past 10 ms, past 50 ms")
        for what, s in sorted(busy.items(), key=lambda kv: -kv[1]["sum"]):
            if s["count"] == 0:
                continue
            print(f"    {what:<11}{s['count']:>8.0f}{s['sum']:>9.2f} s{s['sum'] / s['count'] * 1000:>8.2f} ms"
                  f"{over(s, 0.01)[0]:>8.0f}{over(s, 0.05)[0]:>8.0f}")


if __name__ == "__main__":
    main()
