"""Verifying a file and giving its verdict (spec §9): an NDJSON export (§10),
a JSON receipt or a C2SP tlog-proof (§11), each check in the spec's order,
stopping at the first that fails."""

import json
from datetime import datetime, timezone
from dataclasses import dataclass, field
from typing import Optional

from . import jsonc, merkle, notes
from .notes import NoteError, PolicyFailure
from .record import (ZERO_HASH, Malformed, before, check_shape, commitment_problem,
                     is_hex64, is_uint, leaf_data, record_hash)

TLOG_PROOF_HEADER = b"c2sp.org/tlog-proof@v1\n"
RECEIPT_MEMBERS = ("record", "inclusion_proof", "tree_size", "root", "checkpoint")
OUTPUT_FIELDS = ("verdict", "code", "line", "message", "task_id", "records", "head",
                 "erased", "signature", "leaves", "witnesses", "existed_by")
EXIT = {"whole": 0, "one_record": 0, "not_shown": 3, "failed": 1}


class CannotRun(Exception):
    """The verifier cannot run (§9, exit 2): bad arguments, a key or policy
    that does not parse."""


@dataclass
class Result:
    """The verdict and the machine output of §9 (`to_json`). `details` holds
    what the words of the command need, and is not part of that output."""
    verdict: str = "failed"
    code: Optional[str] = None
    line: Optional[int] = None
    message: str = ""
    task_id: Optional[str] = None
    records: int = 0
    head: Optional[str] = None
    erased: int = 0
    signature: str = "not_checked"
    leaves: Optional[str] = None
    witnesses: Optional[list] = None
    existed_by: Optional[str] = None
    details: dict = field(default_factory=dict, repr=False, compare=False)

    @property
    def exit_code(self):
        return EXIT[self.verdict]

    def to_dict(self):
        return {k: getattr(self, k) for k in OUTPUT_FIELDS}

    def to_json(self):
        return json.dumps(self.to_dict(), ensure_ascii=False)


class _Fail(Exception):
    def __init__(self, code, line, message):
        super().__init__(message)
        self.code, self.line, self.message = code, line, message


def _plural(n, one, many=None):
    return f"{n} {one if n == 1 else (many or one + 's')}"


def verify(text, key=None, checkpoint=None, policy=None, record=None):
    """Verify an export, a receipt or a tlog-proof (`text`: str or bytes).
    `key` is the log's verifier key text, `checkpoint` a signed checkpoint
    note, `policy` a tlog-policy text, `record` a record's JSON text (for a
    tlog-proof). Returns a Result; raises CannotRun where §9 says exit 2."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else bytes(text)
    try:
        vkey = notes.parse_vkey(key) if key is not None else None
    except NoteError as e:
        raise CannotRun(f"the key does not parse: {e}") from None
    try:
        pol = notes.parse_policy(policy) if policy is not None else None
    except NoteError as e:
        raise CannotRun(f"the policy does not parse: {e}") from None
    if checkpoint is not None and vkey is None:
        raise CannotRun("--checkpoint needs the key (--key)")
    run = _Run(vkey, pol)
    if data.startswith(TLOG_PROOF_HEADER):
        if checkpoint is not None:
            raise CannotRun("--checkpoint is for exports; a tlog-proof carries its checkpoint")
        if vkey is None:
            raise CannotRun("a tlog-proof needs the log's key (--key)")
        return run.finish(lambda: run.tlog_proof(data, record))
    if record is not None:
        raise CannotRun("--record is for a tlog-proof file")
    receipt = _as_receipt(data)
    if receipt is not None:
        # §11: verified as an export of one record (--checkpoint included),
        # its header on line 1 and its record on line 2.
        header = {k: receipt[k] for k in ("tree_size", "root", "checkpoint")}
        # A receipt's `witness_times: null` is read as absent (as the binary
        # reads it); in an export's header null is of the wrong type.
        if receipt.get("witness_times") is not None:
            header["witness_times"] = receipt["witness_times"]
        line = {k: receipt[k] for k in ("record", "inclusion_proof")}
        return run.finish(lambda: run.export([(1, header), (2, line)], checkpoint, receipt=True))
    return run.finish(lambda: run.export(_export_lines(data), checkpoint, receipt=False))


def _as_receipt(data):
    """§11: one JSON object with the members of a receipt, else None."""
    try:
        value = jsonc.loads(data)
    except jsonc.JSONError:
        return None
    if isinstance(value, dict) and all(k in value for k in RECEIPT_MEMBERS):
        return value
    return None


def _export_lines(data):
    """§10 step 1: every line parses; yields (line number, value). Blank lines
    are passed over (see NOTES.md)."""
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    for number, raw in enumerate(lines, 1):
        if raw.strip(b" \t\r") == b"":
            continue
        try:
            value = jsonc.loads(raw)
        except jsonc.JSONError as e:
            raise _Fail("malformed", number, f"not JSON: {e}")
        yield number, value


class _Run:
    def __init__(self, vkey, policy):
        self.vkey, self.policy = vkey, policy
        self.result = Result()
        self.result.signature = "checked" if vkey else "not_checked"
        self.result.witnesses = None
        self.details = self.result.details

    def finish(self, fn):
        r = self.result
        try:
            r.verdict, r.message = fn()
        except _Fail as f:
            r.verdict, r.code, r.line, r.message = "failed", f.code, f.line, f.message
            # §9: on a failure what was checked before it says nothing.
            for name in ("task_id", "records", "head", "erased", "signature", "leaves", "witnesses",
                         "existed_by"):
                setattr(r, name, None)
        return r

    # --- exports and receipts (§10, §11) ------------------------------------

    def export(self, lines, checkpoint_text, receipt):
        r, d = self.result, self.details
        d["kind"] = "receipt" if receipt else "export"
        entries = list(lines)  # step 1: every line parses
        header = hline = None
        if entries and isinstance(entries[0][1], dict) and "checkpoint" in entries[0][1]:
            (hline, header), entries = entries[0], entries[1:]

        # Step 2: the header's members are of their types.
        if header is not None:
            if not is_uint(header.get("tree_size")):
                raise _Fail("malformed", hline, "the header's `tree_size` is not a non-negative integer")
            if not is_hex64(header.get("root")):
                raise _Fail("malformed", hline, "the header's `root` is not 64 lowercase hex")
            if not isinstance(header["checkpoint"], str):
                raise _Fail("malformed", hline, "the header's `checkpoint` is not a string")
            if "task_statement" in header and not isinstance(header["task_statement"], str):
                raise _Fail("malformed", hline, "the header's `task_statement` is not a string")
            if "witness_times" in header and not _is_witness_times(header["witness_times"]):
                raise _Fail("malformed", hline, "the header's `witness_times` is not a list of "
                                                "{checkpoint, consistency_proof}")

        # Step 3: the checkpoint.
        cp = cp_note = cp_line = None
        if header is None:
            if self.vkey is not None:
                raise _Fail("malformed", None, "no header: nothing to prove the records against")
        else:
            size, root = header["tree_size"], header["root"]
            if checkpoint_text is not None:
                cp_text, where = checkpoint_text, "the checkpoint given (--checkpoint)"
            else:
                cp_text, where = header["checkpoint"], "the header's checkpoint"
            # With a key the checkpoint is checked as a signed object of its
            # own (it may come from --checkpoint): no line. Without one, what
            # is checked is the header's text, at its line (NOTES.md).
            cp_line = None if self.vkey is not None else hline
            try:
                cp_note = notes.parse_note(cp_text)
            except NoteError as e:
                raise _Fail("malformed", cp_line, f"{where} is not a signed note: {e}")
            if self.vkey is not None and not cp_note.verifies(self.vkey):
                raise _Fail("bad_signature", cp_line,
                            f"{where} does not verify with the key {self.vkey.name}+{self.vkey.key_id.hex()}")
            try:
                cp = notes.parse_checkpoint(cp_note.text)
            except NoteError as e:
                raise _Fail("malformed", cp_line, f"{where} is not a checkpoint: {e}")
            if cp.size != size or cp.root.hex() != root:
                raise _Fail("checkpoint_mismatch", hline,
                            f"{where} is of size {cp.size}, root {cp.root.hex()}; the header's tree of "
                            f"{size}, root {root}")
            d.update(origin=cp.origin, tree_size=cp.size)

        # Step 4: each record line.
        first_task = prev = None
        ids, walked = set(), []
        d["proofs"] = 0
        for number, obj in entries:
            rec, proof = self._split(number, obj)
            try:
                check_shape(rec)
            except Malformed as e:
                raise _Fail("malformed", number, f"not a record: {e}")
            who = f"record {rec['id']} (seq {rec['seq']})"
            if first_task is None:
                first_task = r.task_id = rec["task_id"]
            elif rec["task_id"] != first_task:
                raise _Fail("wrong_task", number,
                            f"{who} is of task `{rec['task_id']}`, the file's first record of `{first_task}`")
            self._walk(number, rec, prev, ids, receipt, who)
            if header is not None:
                self._prove(number, rec, proof, header["tree_size"], bytes.fromhex(header["root"]), who)
                d["proofs"] += 1
            ids.add(rec["id"])
            walked.append((number, rec))
            prev = rec
            r.records += 1
            r.head = rec["hash"]
            if "erased" in rec:
                r.erased += 1
            if receipt:
                d["record_id"], d["log_index"], d["agent_id"] = rec["id"], rec["log_index"], rec["agent_id"]

        # Step 5: the task statement, then the erasures.
        whole = False
        unnamed = []
        if not receipt and header is not None and "task_statement" in header:
            unnamed = self._statement(header, hline, cp, first_task, prev, walked)
            whole = not unnamed
        d["statement"] = whole

        # Step 6: the policy.
        self._policy(cp_note)

        # Step 7: the witness times, of the last record (an export's head).
        self._witness_time(header, cp, prev)

        if receipt:
            return "one_record", self._summary("record hash")
        if whole:
            return "whole", self._summary()
        if unnamed:
            why = (f"no erasure record in the file names the erased record{'s' if len(unnamed) > 1 else ''} "
                   f"{', '.join(unnamed)} (erased after the file's tree size, or with no record)")
        elif header is not None:
            why = "the header has no task statement"
        else:
            why = "the file has no header"
        return "not_shown", (f"{self._summary()}; {why}: not shown to be the task's whole chain")

    def _summary(self, last="head"):
        # "head" only for a chain's last record; a receipt's is its record hash.
        r = self.result
        s = f"task `{r.task_id}`: {_plural(r.records, 'record')}" if r.task_id is not None \
            else f"{_plural(r.records, 'record')}"
        return s + (f", {last} {r.head}" if r.head else "")

    def _split(self, number, obj):
        """§10: `{"record": {…}, "inclusion_proof": [...]}`, or a bare record
        (no proof). Returns (record, proof or None)."""
        if not isinstance(obj, dict):
            raise _Fail("malformed", number, "not a record line (not a JSON object)")
        if "record" not in obj:
            return obj, None
        if "inclusion_proof" not in obj:
            return obj["record"], None
        proof = obj["inclusion_proof"]
        if not isinstance(proof, list) or not all(is_hex64(h) for h in proof):
            raise _Fail("malformed", number, "`inclusion_proof` is not a list of 64-hex hashes")
        return obj["record"], [bytes.fromhex(h) for h in proof]

    def _walk(self, number, rec, prev, ids, receipt, who):
        """§3: the chain walk of one record, in order."""
        walked = self.result.records
        if not receipt and rec["seq"] != walked:
            raise _Fail("seq_gap", number, f"{who}: seq {rec['seq']}, but {_plural(walked, 'record')} "
                                           f"come{'s' if walked == 1 else ''} before it")
        want = prev["hash"] if prev is not None else ZERO_HASH
        if not receipt and rec["prev_hash"] != want:
            raise _Fail("prev_hash_mismatch", number,
                        f"{who}: prev_hash {rec['prev_hash']}, the previous record's hash {want}")
        h = record_hash(rec)
        if h != rec["hash"]:
            raise _Fail("hash_mismatch", number, f"{who}: recomputed {h}, stored {rec['hash']}")
        problem = commitment_problem(rec)
        if problem:
            raise _Fail("commitment_mismatch", number, f"{who}: {problem}")
        if prev is not None and before(rec["timestamp"], prev["timestamp"]):
            raise _Fail("timestamp_backwards", number,
                        f"{who}: timestamp {rec['timestamp']} is before the previous record's {prev['timestamp']}")
        if not receipt and "parent_id" in rec and rec["parent_id"] not in ids:
            raise _Fail("parent_invalid", number,
                        f"{who}: parent_id `{rec['parent_id']}` is not an earlier record of the chain")

    def _prove(self, number, rec, proof, size, root, who):
        """§4: the record's inclusion proof leads to the root; the first
        record's proof settles the leaf format."""
        if proof is None:
            raise _Fail("not_in_log", number, f"{who} has no inclusion proof")
        if rec["log_index"] >= size:
            raise _Fail("not_in_log", number, f"{who}: log_index {rec['log_index']} is not below the tree size {size}")
        formats = [self.result.leaves] if self.result.leaves else ["agent", "first"]
        for fmt in formats:
            leaf = merkle.leaf_hash(leaf_data(rec, fmt))
            if merkle.verify_inclusion(rec["log_index"], size, leaf, proof, root):
                self.result.leaves = fmt
                return
        raise _Fail("not_in_log", number, f"{who}: its inclusion proof does not lead to the root")

    def _statement(self, header, hline, cp, task, last, walked):
        """§10 step 5 and §6: the task statement, then the erasures."""
        try:
            note = notes.parse_note(header["task_statement"])
        except NoteError as e:
            raise _Fail("malformed", hline, f"the task statement is not a signed note: {e}")
        if self.vkey is not None and not note.verifies(self.vkey):
            raise _Fail("bad_signature", hline, "the task statement does not verify with the key")
        try:
            st = notes.parse_statement(note.text)
        except NoteError as e:
            raise _Fail("malformed", hline, f"the task statement: {e}")
        if st.origin != cp.origin:
            raise _Fail("statement_mismatch", hline,
                        f"the task statement is of log `{st.origin}`, the checkpoint of `{cp.origin}`")
        if st.tree_size != header["tree_size"]:
            raise _Fail("statement_mismatch", hline,
                        f"the task statement is as of tree size {st.tree_size}, the header's {header['tree_size']}")
        if task is not None and st.task_id != task:
            raise _Fail("statement_mismatch", hline,
                        f"the task statement is of task `{st.task_id}`, the records of `{task}`")
        head = last["hash"] if last is not None else ZERO_HASH
        n = self.result.records
        if st.length != n or st.head != head:
            raise _Fail("truncated", None,
                        f"the file holds {_plural(n, 'record')} (head {head}); the log states "
                        f"{_plural(st.length, 'record')} (head {st.head}) as of tree size {st.tree_size}: "
                        f"records were dropped")
        # §6: an erased record named by no erasure record of the file is not
        # a failure (erased past the file's tree size, or on no record): the
        # verdict is not_shown; one named with another erasure is.
        unnamed = []
        for _, rec in walked:
            if "erased" not in rec:
                continue
            er = next((e for _, e in walked if _names(e, rec["id"])), None)
            if er is None:
                unnamed.append(rec["id"])
                continue
            reason = er["metadata"]["erasure"].get("reason", "")
            stated = {"at": er["timestamp"], "by": er["agent_id"], "reason": reason}
            if rec["erased"] != stated:
                e = rec["erased"]
                raise _Fail("erasure_unrecorded", None,
                            f"record {rec['id']} says it was erased by `{e['by']}` at {e['at']} for "
                            f"`{e['reason']}`; the erasure record {er['id']} naming it is `{er['agent_id']}`'s "
                            f"at {er['timestamp']} for `{reason}`")
        return unnamed

    def _policy(self, cp_note):
        """§10 step 6 / §8."""
        if self.policy is None:
            return
        if cp_note is None:
            raise _Fail("witness_policy", None, "no checkpoint to hold to the policy")
        try:
            self.result.witnesses = self.policy.check(cp_note)
        except PolicyFailure as e:
            self.result.witnesses = e.met
            raise _Fail("witness_policy", None, f"the checkpoint does not meet the policy: {e}")

    def _witness_time(self, header, cp, last):
        """§10 step 7 / §8 provable time: with a key and a policy, each entry
        of `witness_times` in order (`witness_time`, line 1), then the
        provable time of `last` (the head; a receipt's record)."""
        d = self.details
        if self.vkey is None or self.policy is None or cp is None or last is None:
            d["witness_time"] = ("give --key and --policy to check the witnesses' times"
                                 if header is not None and header.get("witness_times")
                                 else "the file carries no witness times")
            return
        first = {}  # witness name -> (tree size, timestamp) of its first covering cosignature
        for n, entry in enumerate(header.get("witness_times", []), 1):
            def fail(why):
                return _Fail("witness_time", 1, f"witness_times entry {n}: {why}")
            try:
                note = notes.parse_note(entry["checkpoint"])
            except NoteError as e:
                raise fail(f"its checkpoint is not a signed note: {e}")
            if not note.verifies(self.vkey):
                raise fail("its checkpoint does not verify with the key")
            try:
                its = notes.parse_checkpoint(note.text)
            except NoteError as e:
                raise fail(f"its checkpoint is not a checkpoint: {e}")
            proof = [bytes.fromhex(h) for h in entry["consistency_proof"]]
            small, large = sorted([(its.size, its.root), (cp.size, cp.root)])
            if not merkle.verify_consistency(small[0], small[1], large[0], large[1], proof):
                raise fail(f"the checkpoint of size {its.size} is not proven consistent with the "
                           f"file's of size {cp.size}")
            try:
                times = self.policy.claimed_times(note)
            except PolicyFailure as e:
                raise fail(str(e))
            if its.size > last["log_index"]:
                for name, t in times.items():
                    if name not in first or its.size < first[name][0]:
                        first[name] = (its.size, t)
        by = self.policy.existed_by({name: t for name, (_, t) in first.items()})
        what = "the record" if d["kind"] == "receipt" else "the chain's head"
        if by is None:
            d["witness_time"] = ("the policy's quorum is none: nothing is witnessed"
                                 if self.policy.quorum == "none" else
                                 f"the file's cosignatures do not meet the policy's quorum for {what}")
            return
        t, names = by
        self.result.existed_by = rfc3339(t)
        d["existed_by_line"] = (f"{what} existed by {self.result.existed_by} "
                                f"({len(names)} of {len(self.policy.witnesses)} witnesses)")

    # --- tlog-proofs (§11) ---------------------------------------------------

    def tlog_proof(self, data, record_text):
        d = self.details
        d["kind"] = "tlog-proof"
        extra, index, proof, note = _parse_tlog_proof(data)
        if not note.verifies(self.vkey):
            raise _Fail("bad_signature", None,
                        f"the checkpoint does not verify with the key {self.vkey.name}+{self.vkey.key_id.hex()}")
        try:
            cp = notes.parse_checkpoint(note.text)
        except NoteError as e:
            raise _Fail("malformed", None, f"the checkpoint is not a checkpoint: {e}")
        d.update(origin=cp.origin, tree_size=cp.size, log_index=index)
        if extra is not None and not _is_leaf_data(extra):
            raise _Fail("malformed", None,
                        'the extra data is not leaf data ({"agent_id":…,"hash":…}, canonical)')
        if record_text is not None:
            try:
                rec = jsonc.loads(record_text)
                # GET /thoughts/{id} adds the record's provable time: served
                # beside the record, not part of it (spec §11).
                if isinstance(rec, dict):
                    rec.pop("provable_time", None)
                check_shape(rec)
            except (jsonc.JSONError, Malformed) as e:
                raise _Fail("malformed", None, f"the record (--record) is not a record: {e}")
            who = f"record {rec['id']}"
            h = record_hash(rec)
            if h != rec["hash"]:
                raise _Fail("hash_mismatch", None, f"{who}: recomputed {h}, stored {rec['hash']}")
            problem = commitment_problem(rec)
            if problem:
                raise _Fail("commitment_mismatch", None, f"{who}: {problem}")
            if rec["log_index"] != index:
                raise _Fail("record_mismatch", None, f"{who} is leaf {rec['log_index']}, the proof is for leaf {index}")
            if extra is None:
                candidates = [(leaf_data(rec, f), f) for f in ("agent", "first")]
            else:
                candidates = [(leaf_data(rec, "agent"), "agent")] if leaf_data(rec, "agent") == extra else []
                if not candidates:
                    raise _Fail("record_mismatch", None, f"{who} is not the leaf the proof's extra data names")
            d["record_id"], d["agent_id"] = rec["id"], rec["agent_id"]
        else:
            if extra is None:
                raise CannotRun("the tlog-proof has no extra data: give the record (--record)")
            candidates = [(extra, "agent")]
        if index >= cp.size:
            raise _Fail("not_in_log", None, f"leaf {index} is not below the tree size {cp.size}")
        for leaf, fmt in candidates:
            if merkle.verify_inclusion(index, cp.size, merkle.leaf_hash(leaf), proof, cp.root):
                self.result.leaves = fmt
                break
        else:
            raise _Fail("not_in_log", None, f"the inclusion proof of leaf {index} does not lead to the checkpoint's root")
        self._policy(note)
        # The one record the proof is of counts as checked, given or not.
        self.result.records = 1
        if record_text is not None:
            self.result.head, self.result.task_id = rec["hash"], rec["task_id"]
            self.result.erased = 1 if "erased" in rec else 0
            d["record_checked"] = True
        else:
            try:
                named = jsonc.loads(extra)
                self.result.head = named["hash"] if is_hex64(named.get("hash")) else None
            except (jsonc.JSONError, AttributeError):
                pass
        return "one_record", f"leaf {index} is in the log of `{cp.origin}` as of size {cp.size}"


def rfc3339(seconds):
    """Seconds since the epoch as RFC 3339, UTC, in seconds (§8)."""
    if seconds > 253402300799:  # past 9999-12-31T23:59:59Z: no four-digit year
        return f"{seconds} s after the epoch"
    return datetime.fromtimestamp(seconds, timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def _is_witness_times(value):
    """§8: a list of {"checkpoint": note text, "consistency_proof": [64 hex]}
    (other members ignored, as in every header)."""
    return isinstance(value, list) and all(
        isinstance(e, dict) and isinstance(e.get("checkpoint"), str)
        and isinstance(e.get("consistency_proof"), list)
        and all(is_hex64(h) for h in e["consistency_proof"]) for e in value)


def _names(rec, target):
    """§6: is `rec` an erasure record naming record id `target`?"""
    md = rec.get("metadata")
    if rec["type"] != "decision" or not isinstance(md, dict) or not isinstance(md.get("erasure"), dict):
        return False
    er = md["erasure"]
    named = []
    if isinstance(er.get("record"), str):
        named.append(er["record"])
    if isinstance(er.get("records"), list):
        named += [x for x in er["records"] if isinstance(x, str)]
    return target in named


def _is_leaf_data(extra):
    """§11: a tlog-proof's extra data is exactly §4's leaf data, the canonical
    JSON of an `agent_id` and a `hash` (tlog-proofs postdate the first log
    format)."""
    try:
        value = jsonc.loads(extra.decode("utf-8"))
    except (UnicodeDecodeError, jsonc.JSONError):
        return False
    return (isinstance(value, dict) and set(value) == {"agent_id", "hash"}
            and all(isinstance(v, str) for v in value.values())
            and jsonc.canonical_bytes(value) == extra)


def _parse_tlog_proof(data):
    """§11: the form of a c2sp.org/tlog-proof@v1 file, `malformed` if not."""
    def bad(why):
        return _Fail("malformed", None, f"not a c2sp.org/tlog-proof@v1 proof: {why}")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise bad("not UTF-8")
    pos = len(TLOG_PROOF_HEADER)

    def next_line():
        nonlocal pos
        end = text.find("\n", pos)
        if end < 0:
            raise bad("it ends before the checkpoint")
        line, pos = text[pos:end], end + 1
        return line

    try:
        line = next_line()
        extra = None
        if line.startswith("extra "):
            extra = notes.b64decode(line[len("extra "):])
            line = next_line()
        if not line.startswith("index "):
            raise bad("no `index N` line")
        index = notes.parse_decimal(line[len("index "):], "the index")
        proof = []
        while True:
            line = next_line()
            if line == "":
                break
            h = notes.b64decode(line)
            if len(h) != 32:
                raise bad(f"`{line}` is not a base64 SHA-256 hash")
            proof.append(h)
        note = notes.parse_note(text[pos:])
    except NoteError as e:
        raise bad(str(e))
    return extra, index, proof, note
