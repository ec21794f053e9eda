#!/usr/bin/env python3
"""Three verifiers, one verdict (docs/spec.md §9).

    python3 verifiers/agree.py --binary target/debug/decision-trail [--tamperings 300] [--seed 1]

Runs `decision-trail verify`, the Python verifier (`python3 -m
decision_trail_verify`, installed or from verifiers/python) and the
JavaScript one (`node verifiers/js/bin/cli.js`), each with `--json`, over:
- every vector of docs/vectors/manifest.json: each must give the verdict,
  code and line the manifest says (and the record count and `existed_by`,
  the last record's witness time, when it says them);
- vectors made afresh by the live binary (docs/vectors/make.py into a
  temporary folder: plain, erasable, erased and held, witnessed under a
  2-of-3 policy), with the verdicts make.py states;
- random tamperings of those exports and receipts (a character of content,
  an agent id, a dropped, duplicated or swapped line, a proof hash, the
  statement, a cosignature, the key, the header, a timestamp, a salt, the
  header's witness times): all three must give one verdict, code, line and
  `existed_by`, and an exit status that is the verdict's.
Exits 1 naming every disagreement.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "docs", "vectors"))
import make  # noqa: E402

EXIT = {"whole": 0, "one_record": 0, "not_shown": 3, "failed": 1}


def verifiers(binary):
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.join(ROOT, "verifiers", "python", "src") + os.pathsep + env.get("PYTHONPATH", "")
    return {
        "rust": ([binary, "verify"], None),
        "python": ([sys.executable, "-m", "decision_trail_verify"], env),
        "js": (["node", os.path.join(ROOT, "verifiers", "js", "bin", "cli.js")], None),
    }


def run(command, env, folder, entry):
    args = list(command) + [os.path.join(folder, entry["file"]), "--json"]
    for flag in ("key", "checkpoint", "policy", "record"):
        if entry.get(flag):
            args += [f"--{flag}", os.path.join(folder, entry[flag])]
    done = subprocess.run(args, capture_output=True, text=True, env=env, timeout=120)
    try:
        out = json.loads(done.stdout)
    except ValueError:
        return {"error": f"exit {done.returncode}, not JSON: {done.stdout[:200]!r} {done.stderr[:300]!r}"}
    if done.returncode != EXIT.get(out.get("verdict"), -1):
        out["error"] = f"exit {done.returncode} for verdict {out.get('verdict')}"
    return out


def said(out):
    if "error" in out:
        return out["error"]
    return (out.get("verdict"), out.get("code"), out.get("line"), out.get("existed_by", "(absent)"))


def check(folder, entries, tools, expected, problems):
    for entry in entries:
        outs = {name: run(cmd, env, folder, entry) for name, (cmd, env) in tools.items()}
        verdicts = {name: said(o) for name, o in outs.items()}
        where = f"{entry['name']} ({entry['file']})"
        if len(set(map(str, verdicts.values()))) != 1:
            problems.append(f"disagree on {where}: {verdicts}")
            continue
        if expected:
            e = entry["expect"]
            want = (e["verdict"], e["code"], e["line"])
            got = next(iter(verdicts.values()))
            if isinstance(got, str) or got[:3] != want:
                problems.append(f"{where}: expected {want}, all three said {got}")
            elif "records" in e and any(o.get("records") != e["records"] for o in outs.values()):
                problems.append(f"{where}: expected {e['records']} records: "
                                f"{ {n: o.get('records') for n, o in outs.items()} }")
            elif "existed_by" in e and got[3] != e["existed_by"]:
                problems.append(f"{where}: expected existed_by {e['existed_by']!r}, all three said {got[3]!r}")


def flip(text, alphabet):
    """`text` with one character changed to another of `alphabet`."""
    i = random.randrange(len(text))
    c = random.choice([a for a in alphabet if a != text[i]])
    return text[:i] + c + text[i + 1:]


HEX = "0123456789abcdef"
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def tamper_export(text):
    """One random tampering of an export: (kind, new text, extra args)."""
    lines = text.splitlines()
    kind = random.choice(["content", "agent", "drop", "duplicate", "swap", "proof", "statement",
                          "cosignature", "key", "root", "timestamp", "salt", "seq", "prev_hash",
                          "witness_times"])
    args = {}
    header = json.loads(lines[0])
    body = [json.loads(l) for l in lines[1:]]
    n = random.randrange(len(body)) if body else 0
    if kind == "content" and body and "content" in body[n]["record"]:
        c = body[n]["record"]["content"] or "x"
        body[n]["record"]["content"] = flip(c, "abcdefgh XYZ")
    elif kind == "agent" and body:
        body[n]["record"]["agent_id"] = flip(body[n]["record"]["agent_id"], "abcdefgh-1")
    elif kind == "drop" and body:
        del body[n]
    elif kind == "duplicate" and body:
        body.insert(n, body[n])
    elif kind == "swap" and len(body) > 1:
        m = random.randrange(len(body))
        body[n], body[m] = body[m], body[n]
    elif kind == "proof" and body and body[n]["inclusion_proof"]:
        p = body[n]["inclusion_proof"]
        j = random.randrange(len(p))
        p[j] = flip(p[j], HEX)
    elif kind == "statement" and "task_statement" in header:
        s = header["task_statement"]
        cut = s.index("\n\n")
        part = random.choice(["text", "signature"])
        if part == "text":
            j = random.randrange(len("decision-trail/task-head/v1\n"), cut)
            if s[j] != "\n":
                s = s[:j] + flip(s[j], "0123456789abcdef") + s[j + 1:]
        else:
            k = s.rindex(" ") + 1 + random.randrange(8, 80)
            s = s[:k] + flip(s[k], B64) + s[k + 1:]
        header["task_statement"] = s
    elif kind == "cosignature" and header["checkpoint"].count("\u2014") > 1:
        note = header["checkpoint"]
        starts = [i for i in range(len(note)) if note.startswith("\u2014 ", i)][1:]
        i = random.choice(starts)
        j = note.index(" ", note.index(" ", i) + 1) + 1 + random.randrange(6, 90)
        header["checkpoint"] = note[:j] + flip(note[j], B64) + note[j + 1:]
    elif kind == "witness_times" and header.get("witness_times"):
        tamper_witness_times(header["witness_times"])
    elif kind == "key":
        args["key"] = "keys/built.vkey"
    elif kind == "root":
        header["root"] = flip(header["root"], HEX)
    elif kind == "timestamp" and body:
        t = body[n]["record"]["timestamp"]
        body[n]["record"]["timestamp"] = t[:11] + flip(t[11:13], "01") + t[13:]
    elif kind == "salt" and body and "salt" in body[n]["record"]:
        body[n]["record"]["salt"] = flip(body[n]["record"]["salt"], HEX)
    elif kind == "seq" and body:
        body[n]["record"]["seq"] += random.choice([-1, 1])
    elif kind == "prev_hash" and body:
        body[n]["record"]["prev_hash"] = flip(body[n]["record"]["prev_hash"], HEX)
    else:
        return None
    out = [json.dumps(header, ensure_ascii=False, separators=(",", ":"))]
    out += [json.dumps(b, ensure_ascii=False, separators=(",", ":")) for b in body]
    return kind, "\n".join(out) + "\n", args


def tamper_witness_times(times):
    """One edit of a header's witness_times: a consistency proof hash, a
    signature of an entry's note (the log's or a witness's), or an entry
    dropped or repeated."""
    i = random.randrange(len(times))
    e = times[i]
    how = random.choice(["proof", "signature", "drop", "repeat"])
    if how == "proof" and e["consistency_proof"]:
        p = e["consistency_proof"]
        j = random.randrange(len(p))
        p[j] = flip(p[j], HEX)
    elif how == "drop":
        del times[i]
    elif how == "repeat":
        times.append(dict(e))
    else:
        note = e["checkpoint"]
        starts = [k for k in range(len(note)) if note.startswith("\u2014 ", k)]
        k = random.choice(starts)
        j = note.index(" ", note.index(" ", k) + 1) + 1 + random.randrange(6, 80)
        e["checkpoint"] = note[:j] + flip(note[j], B64) + note[j + 1:]


def tamper_proof(text):
    lines = text.split("\n")
    kind = random.choice(["extra", "index", "hash", "checkpoint", "key"])
    args = {}
    if kind == "extra":
        lines[1] = "extra " + flip(lines[1][6:], B64)
    elif kind == "index":
        lines[2] = f"index {int(lines[2][6:]) + random.choice([1, 2])}"
    elif kind == "hash":
        lines[3] = flip(lines[3][:-1], B64) + lines[3][-1]
    elif kind == "checkpoint":
        blank = lines.index("")
        lines[blank + 2] = flip(lines[blank + 2], "0123456789")
    else:
        args["key"] = "keys/built.vkey"
    return kind, "\n".join(lines), args


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", required=True)
    ap.add_argument("--tamperings", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--port", type=int, default=18831)
    ap.add_argument("--verifiers", default="rust,python,js", help="which to run (default: all three)")
    a = ap.parse_args()
    random.seed(a.seed)
    tools = {k: v for k, v in verifiers(os.path.abspath(a.binary)).items()
             if k in a.verifiers.split(",")}
    problems = []
    vectors = os.path.join(ROOT, "docs", "vectors")
    manifest = json.load(open(os.path.join(vectors, "manifest.json")))["vectors"]
    check(vectors, manifest, tools, True, problems)
    print(f"docs/vectors: {len(manifest)} vectors, {len(problems)} problems")
    with tempfile.TemporaryDirectory() as fresh:
        exports, receipt, proof = make.make(os.path.abspath(a.binary), fresh, a.port)
        made = list(make.VECTORS)
        before = len(problems)
        check(fresh, made, tools, True, problems)
        print(f"made by the live binary: {len(made)} vectors, {len(problems) - before} problems")
        entries = []
        sources = list(exports.values())
        counts = {}
        while len(entries) < a.tamperings:
            i = len(entries)
            if random.random() < 0.8:
                t = tamper_export(random.choice(sources))
                name = f"random/{i}.ndjson"
            else:
                t = tamper_proof(proof)
                name = f"random/{i}.tlog-proof"
            if t is None:
                continue
            kind, text, args = t
            counts[kind] = counts.get(kind, 0) + 1
            make.write(name, text)
            entry = {"name": f"random {i}: {kind}", "file": name, "key": "keys/log.vkey", "expect": None}
            if random.random() < 0.3:
                entry["policy"] = "policies/two-of-three.txt"
            if random.random() < 0.15 and not name.endswith("proof"):
                entry["key"] = None
            entry.update(args)
            entries.append(entry)
        before = len(problems)
        check(fresh, entries, tools, False, problems)
        print(f"random tamperings: {len(entries)} ({', '.join(f'{k} {v}' for k, v in sorted(counts.items()))}), "
              f"{len(problems) - before} disagreements")
    for p in problems:
        print("PROBLEM:", p)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
