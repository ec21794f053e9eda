"""The command: `decision-trail-verify FILE [--key K] [--checkpoint F]
[--policy P] [--record R] [--json]`, its words and its exit codes (spec §9:
0 whole or one_record, 3 not_shown, 1 failed, 2 cannot run)."""

import argparse
import os
import sys

from .verify import CannotRun, _plural, verify


def _read(path, what, binary=False):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise CannotRun(f"cannot read {what} {path}: {e.strerror or e}") from None
    return data if binary else data.decode("utf-8", "surrogateescape")


def _key_text(arg):
    """--key: the verifier key itself, or a file holding it."""
    if os.path.isfile(arg):
        return _read(arg, "the key file").strip()
    return arg.strip()


def _lines(r):
    """The words for a verdict that is not `failed` (each line to stdout)."""
    d, out = r.details, []
    keyed = r.signature == "checked"
    if d.get("kind") == "tlog-proof":
        out.append(f"ok: checkpoint `{d['origin']}` of {_plural(d['tree_size'], 'record')} verifies with "
                   f"the key; 1 inclusion proof leads to its root: leaf {d['log_index']} is in the log")
        if d.get("record_checked"):
            out.append(f"ok: record {d['record_id']} (task `{r.task_id}`, agent `{d['agent_id']}`) hashes "
                       f"to its hash {r.head}, and is that leaf")
        else:
            out.append("note: the record itself is not checked: give --record FILE (GET /thoughts/{id}) "
                       "to check that it is the leaf")
    else:
        erased = f" ({r.erased} erased: checked through {'its' if r.erased == 1 else 'their'} content " \
                 f"commitment{'' if r.erased == 1 else 's'})" if r.erased else ""
        task = f"task `{r.task_id}`: " if r.task_id is not None else ""
        head = f"; head {r.head}" if r.head else ""
        first = f"ok: {task}{_plural(r.records, 'record')}{erased}, every hash, link, seq and timestamp checks{head}"
        if r.verdict == "whole":
            first += ("; the whole chain, as the log's signed statement gives it" if keyed else
                      "; the whole chain, as the header's statement says (its signature not checked)")
        out.append(first)
        proofs = d.get("proofs", 0)
        lead = f"{_plural(proofs, 'inclusion proof')} lead{'s' if proofs == 1 else ''} to its root"
        if "origin" in d:
            cp = f"checkpoint `{d['origin']}` of {_plural(d['tree_size'], 'record')}"
            out.append(f"ok: {cp} verifies with the key; {lead}" if keyed else
                       f"ok: the file's own {cp} states the header's size and root; {lead}")
    if r.leaves == "first":
        out.append("note: the log's leaves are of its first format (the record hash alone): "
                   "the log does not cover the records' agent_id")
    if r.witnesses is not None:
        names = ", ".join(f"`{w}`" for w in r.witnesses) or "none needed"
        out.append(f"ok: the checkpoint meets the witness policy (cosigned by {names})")
    if d.get("existed_by_line"):
        out.append(f"ok: {d['existed_by_line']}")
    elif d.get("kind") != "tlog-proof":
        out.append(f"note: no witness time: {d.get('witness_time', 'the file carries no witness times')}")
    if not keyed:
        out.append("signature not checked: no --key given, so nothing here shows that the log signed "
                   "these records; anyone who can write the file can forge what was checked")
    if r.verdict == "not_shown":
        why = ("the header has no task statement" if "origin" in d else "the file has no header")
        out.append(f"note: {why}: these records are not shown to be the task's whole chain "
                   "(records may have been dropped); export the task again for a whole chain")
    return out


def main(argv=None):
    p = argparse.ArgumentParser(
        prog="decision-trail-verify",
        description="Verify a decision-trail export, receipt or tlog-proof (docs/spec.md).")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--key", help="the log's verifier key (GET /log/key), or a file holding it")
    p.add_argument("--checkpoint", metavar="F", help="a checkpoint note obtained separately (exports; needs --key)")
    p.add_argument("--policy", metavar="P", help="a C2SP tlog-policy file")
    p.add_argument("--record", metavar="R", help="with a tlog-proof: the record as served (GET /thoughts/{id})")
    p.add_argument("--json", action="store_true", help="print the machine output of spec §9")
    a = p.parse_args(argv)
    try:
        data = _read(a.file, "the file", binary=True)
        result = verify(
            data,
            key=_key_text(a.key) if a.key is not None else None,
            checkpoint=_read(a.checkpoint, "the checkpoint") if a.checkpoint is not None else None,
            policy=_read(a.policy, "the policy") if a.policy is not None else None,
            record=_read(a.record, "the record") if a.record is not None else None)
    except CannotRun as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if a.json:
        print(result.to_json())
    elif result.verdict == "failed":
        where = f"line {result.line}: " if result.line is not None else ""
        print(f"FAILED: {a.file}: {where}{result.code}: {result.message}", file=sys.stderr)
    else:
        print("\n".join(_lines(result)))
    return result.exit_code
