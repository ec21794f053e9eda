#!/usr/bin/env python3
"""The CPU of a `perf record` of the service, split by thread and by kind
of work (SQLite, the kernel, the allocator, JSON, the HTTP stack...), from
the symbol of each sample: a flat split, no call graph needed.

    perf record -F 1999 -p "$(pidof decision-trail)" -o perf.data -- sleep 8
    python3 bench/perf_split.py perf.data

Threads are the service's names (`trail-writer`, `trail-indexer`,
`trail-walcheck`; `tokio-rt-worker` is the HTTP runtime). A kind is the
first of the rules below that matches; what none matches is `other Rust`
(generic code named by its type parameters, std, other crates).
"""

import collections
import subprocess
import sys

# (kind, test on the symbol and its shared object), first match wins.
KINDS = [
    ("kernel", lambda s, d: "kernel" in d),
    ("libc mem*", lambda s, d: "libc" in d and any(m in s for m in ("memmove", "memcpy", "memset", "memcmp"))),
    ("allocator", lambda s, d: s.startswith(("_mi_", "mi_")) or any(m in s for m in ("malloc", "free", "realloc", "__rust_alloc", "__rust_dealloc"))),
    ("libc other", lambda s, d: "libc" in d or "vdso" in d or "libm" in d),
    # The binary's C code besides mimalloc is the bundled SQLite (FTS5 in it).
    ("SQLite", lambda s, d: "decision-trail" in d and "::" not in s and "<" not in s),
    ("SHA-256", lambda s, d: "sha2::" in s),
    ("Ed25519", lambda s, d: "curve25519" in s or "ed25519" in s),
    ("hyper", lambda s, d: "hyper" in s),
    ("tokio", lambda s, d: "tokio::" in s or "mio::" in s),
    ("axum, tower", lambda s, d: "axum" in s or "tower" in s),
    ("serde_json", lambda s, d: "serde" in s),
    ("the strict JSON reader", lambda s, d: "decision_trail::domain::json" in s),
    ("tracing", lambda s, d: "tracing" in s or "sharded_slab" in s),
    ("decision-trail, other", lambda s, d: "decision_trail" in s),
]


def kind(symbol, dso):
    return next((k for k, test in KINDS if test(symbol, dso)), "other Rust")


def main():
    out = subprocess.run(
        ["perf", "script", "-i", sys.argv[1], "-F", "comm,ip,sym,dso"],
        capture_output=True, text=True, check=True,
    ).stdout
    threads, kinds = collections.Counter(), collections.Counter()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        thread = "HTTP (tokio-rt-worker)" if parts[0].startswith("tokio-rt") else parts[0]
        dso, symbol = parts[-1], " ".join(parts[2:-1])
        threads[thread] += 1
        kinds[(thread, kind(symbol, dso))] += 1
    total = sum(threads.values())
    for thread, n in threads.most_common():
        if 100 * n / total < 0.5:
            continue
        print(f"{thread}: {100 * n / total:.1f}% of the samples")
        for (t, k), m in sorted(kinds.items(), key=lambda x: -x[1]):
            if t == thread and 100 * m / n >= 2:
                print(f"    {k:<26}{100 * m / n:5.1f}%")


if __name__ == "__main__":
    main()
