"""Conformance tests: the pinned record hash and the vectors of tests/data
(records.json, optional_fields.json, merkle.json, leaves.json), the spec's
worked examples, exports, receipts and tlog-proofs built and signed here, and
every entry of docs/vectors/manifest.json when it exists.

Run: python3 -m unittest discover -s verifiers/python/tests
"""

import base64
import contextlib
import hashlib
import io
import json
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, "..", "src"))

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey  # noqa: E402
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat  # noqa: E402

from decision_trail_verify import jsonc, merkle, notes, record  # noqa: E402
from decision_trail_verify.cli import main  # noqa: E402
from decision_trail_verify.verify import CannotRun, verify  # noqa: E402

DATA = os.path.join(ROOT, "tests", "data")
VECTORS = os.path.join(ROOT, "docs", "vectors")
ZERO = "0" * 64


def load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as f:
        return json.load(f)


class HashVectors(unittest.TestCase):
    def test_pinned(self):
        rec = {"id": "r1", "type": "plan", "task_id": "t1", "content": "hello",
               "timestamp": "2026-04-17T00:00:00Z", "prev_hash": ZERO}
        self.assertEqual(record.record_hash(rec),
                         "6a2f9597f563d5515cfa69891a51806d0f93bfbe222997d3ba37c365ceee3f1a")

    def test_records_json(self):
        cases = load("records.json")["record_cases"]
        self.assertTrue(cases)
        for c in cases:
            with self.subTest(c["name"]):
                if c["lone_surrogate"]:
                    with self.assertRaises(jsonc.JSONError):
                        jsonc.loads(c["input_json"])
                    continue
                # the hash of these vectors covers the six base fields only
                given = jsonc.loads(c["input_json"])
                value = {k: given[k] for k in ("id", "type", "task_id", "content", "timestamp", "prev_hash")}
                self.assertEqual(jsonc.canonical(value), c["canonical"])
                self.assertEqual(len(jsonc.canonical_bytes(value)), c["canonical_utf8_bytes"])
                self.assertEqual(hashlib.sha256(jsonc.canonical_bytes(value)).hexdigest(), c["sha256"])

    def test_optional_fields(self):
        for c in load("optional_fields.json")["cases"]:
            with self.subTest(c["name"]):
                self.assertEqual(jsonc.canonical(record.hashed_object(c["record"])), c["canonical"])
                self.assertEqual(record.record_hash(c["record"]), c["hash"])

    def test_merkle_json(self):
        m = load("merkle.json")
        std = m["standard_8_leaf"]
        leaves = [merkle.leaf_hash(bytes.fromhex(x)) for x in std["leaf_inputs_hex"]]
        self.assertEqual([h.hex() for h in leaves], std["leaf_hashes"])
        for r in std["roots_by_size"]:
            self.assertEqual(merkle.tree_hash(leaves[:r["tree_size"]]).hex(), r["root"])
        cases = std["all_inclusion_proofs"] + std["published_inclusion_proofs"]
        for c in cases:
            with self.subTest(c):
                proof = [bytes.fromhex(p) for p in c["proof"]]
                self.assertTrue(merkle.verify_inclusion(c["leaf_index"], c["tree_size"],
                                                        bytes.fromhex(c["leaf_hash"]), proof,
                                                        bytes.fromhex(c["root"])))
                self.assertEqual(merkle.inclusion_proof(c["leaf_index"], leaves[:c["tree_size"]]), proof)
        ex = m["rfc6962_section_2_1_3_example"]
        for s in ex["statements"]:
            if s["kind"] != "inclusion":
                continue
            root = merkle.tree_hash(leaves[:s["tree_size"]])
            self.assertTrue(merkle.verify_inclusion(s["leaf_index"], s["tree_size"], leaves[s["leaf_index"]],
                                                    [bytes.fromhex(p) for p in s["proof"]], root))
        for c in m["negative_cases"]:
            with self.subTest(c["desc"]):
                ok = merkle.verify_inclusion(c["leaf_index"], c["tree_size"], bytes.fromhex(c["leaf_hash"]),
                                             [bytes.fromhex(p) for p in c["proof"]], bytes.fromhex(c["root"]))
                self.assertEqual(ok, c["expected_valid"])

    def test_leaves_json(self):
        d = load("leaves.json")
        hashes = []
        for c in d["leaves"]:
            data = record.leaf_data({"agent_id": c["agent_id"], "hash": c["hash"]})
            self.assertEqual(data.decode("utf-8"), c["leaf_data"])
            self.assertEqual(merkle.leaf_hash(data).hex(), c["leaf_hash"])
            hashes.append(merkle.leaf_hash(data))
        for r in d["roots"]:
            self.assertEqual(merkle.tree_hash(hashes[:r["size"]]).hex(), r["root"])


class SpecExamples(unittest.TestCase):
    def test_commitment(self):  # §6 worked example
        salt = bytes(range(32)).hex()
        self.assertEqual(record.commitment(salt, "Call Ada at +44 20 7946 0000", {"ticket": 118}, True),
                         "021e3a848acadf86be1254e164d2c4944e951edc6768fc408f80573a1a0f28de")

    def test_numbers(self):  # §1
        for text, want in [("1.0", "1"), ("1e21", "1e+21"), ("0.0000001", "1e-7"), ("-0", "0"),
                           ("-0.0", "0"), ("1e20", "100000000000000000000"), ("0.000001", "0.000001"),
                           ("123.456", "123.456"), ("1.5e-9", "1.5e-9"), ("12345678901234567890", "12345678901234567000"),
                           ("5e-324", "5e-324"), ("1.7976931348623157e308", "1.7976931348623157e+308")]:
            self.assertEqual(jsonc.canonical(jsonc.loads(text)), want, text)

    def test_strings_and_order(self):
        v = jsonc.loads('{"b":"\\u0007\\u001f\\n\\"\\/\u2028\x7f","a":[true,null],"\\ud83d\\ude00":1,"\ufb33":2}')
        # UTF-16 order: U+1F600 (D83D DE00) sorts before U+FB33
        self.assertEqual(jsonc.canonical(v),
                         '{"a":[true,null],"b":"\\u0007\\u001f\\n\\"/\u2028\x7f","\U0001F600":1,"\ufb33":2}')

    def test_strict_json(self):
        for bad in ['{"a":1,"a":2}', '"\\ud800"', '{"\\udc00":1}', "NaN", "[1e400]", "\ufeff{}", "{} x",
                    "[" * 36 + "]" * 36]:
            with self.assertRaises(jsonc.JSONError, msg=bad):
                jsonc.loads(bad)
        jsonc.loads("[" * 35 + "]" * 35)
        self.assertEqual(jsonc.loads('"\\ud83d\\ude00"'), "\U0001F600")

    def test_timestamps(self):  # §3 step 5
        b = record.before
        self.assertTrue(b("2026-01-01T00:00:00.1Z", "2026-01-01T00:00:00.2Z"))
        self.assertFalse(b("2026-01-01T00:00:00.5Z", "2026-01-01T00:00:00.10Z"))  # instants
        self.assertTrue(b("2026-01-01T00:00:00.10Z", "2026-01-01T00:00:00.5Z"))
        self.assertTrue(b("2026-01-01T01:00:00+02:00", "2026-01-01T00:00:00Z"))
        self.assertFalse(b("2026-01-01T00:00:00Z", "2026-01-01T02:00:00+02:00"))
        self.assertTrue(b("abc", "abd"))
        self.assertFalse(b("2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000Z"))


# --- exports built and signed here ---------------------------------------------

def b64(data):
    return base64.b64encode(data).decode()


class Signer:
    def __init__(self, name, kind=notes.ED25519, seed=1):
        self.name, self.kind = name, kind
        self.sk = Ed25519PrivateKey.from_private_bytes(bytes([seed]) * 32)
        pub = self.sk.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.id = notes.key_id(name, kind, pub)
        self.vkey = f"{name}+{self.id.hex()}+{b64(bytes([kind]) + pub)}"

    def line(self, text):
        return f"\u2014 {self.name} {b64(self.id + self.sk.sign(text.encode()))}\n"

    def cosign(self, text, t=1700000000):
        msg = f"cosignature/v1\ntime {t}\n{text}".encode()
        return f"\u2014 {self.name} {b64(self.id + t.to_bytes(8, 'big') + self.sk.sign(msg))}\n"


LOG = Signer("example.com/log")
OTHER = Signer("example.com/log", seed=2)


def chain(n, task="t", edit=None, erasable=(), start=0):
    """n records of one task, each hashed; `edit(i, rec)` changes a record
    before it is hashed."""
    recs, prev = [], ZERO
    for i in range(n):
        rec = {"id": f"{task}-r{i}", "seq": i, "log_index": start + i, "type": "plan", "task_id": task,
               "agent_id": "agent", "content": f"content {i}", "timestamp": f"2026-01-01T00:00:{i:02d}.000Z",
               "prev_hash": prev}
        if i in erasable:
            salt = hashlib.sha256(b"salt%d" % i).hexdigest()
            rec["salt"] = salt
            rec["content_commitment"] = record.commitment(salt, rec["content"])
        if edit:
            edit(i, rec)
        rec["hash"] = record.record_hash(rec)
        recs.append(rec)
        prev = rec["hash"]
    return recs


def export(recs, fmt="agent", statement=True, size=None, signer=LOG, cosigners=(), lines_only=False,
           st_task=None, filler=0):
    """An export of `recs` (placed at their log_index in a tree with other
    leaves around them)."""
    size = size or max([r["log_index"] for r in recs] + [filler - 1]) + 1
    leaves = [merkle.leaf_hash(b"other %d" % i) for i in range(size)]
    for r in recs:
        leaves[r["log_index"]] = merkle.leaf_hash(record.leaf_data(r, fmt))
    root = merkle.tree_hash(leaves)
    text = f"{signer.name}\n{size}\n{b64(root)}\n"
    cp = text + "\n" + signer.line(text) + "".join(c.cosign(text) for c in cosigners)
    header = {"tree_size": size, "root": root.hex(), "checkpoint": cp}
    if statement:
        task = st_task or (recs[0]["task_id"] if recs else "t")
        st = (f"decision-trail/task-head/v1\n{signer.name}\n{size}\n{jsonc.quote(task)}\n{len(recs)}\n"
              f"{recs[-1]['hash'] if recs else ZERO}\n")
        header["task_statement"] = st + "\n" + signer.line(st)
    lines = [header] + [{"record": r, "inclusion_proof": [p.hex() for p in merkle.inclusion_proof(r["log_index"], leaves)]}
                        for r in recs]
    if lines_only:
        return lines
    return "".join(json.dumps(x) + "\n" for x in lines)


def text_of(lines):
    return "".join((x if isinstance(x, str) else json.dumps(x)) + "\n" for x in lines)


class Exports(unittest.TestCase):
    def check(self, text, verdict, code=None, line=None, key=LOG.vkey, **kw):
        r = verify(text, key=key, **kw)
        self.assertEqual((r.verdict, r.code, r.line), (verdict, code, line), r.message)
        return r

    def test_whole(self):
        r = self.check(export(chain(4), filler=9), "whole")
        self.assertEqual((r.records, r.signature, r.leaves, r.task_id), (4, "checked", "agent", "t"))
        r = self.check(export(chain(4)), "whole", key=None)
        self.assertEqual(r.signature, "not_checked")
        self.assertEqual(json.loads(r.to_json())["verdict"], "whole")

    def test_first_format(self):
        r = self.check(export(chain(3), fmt="first"), "whole")
        self.assertEqual(r.leaves, "first")

    def test_not_shown(self):
        self.check(export(chain(3), statement=False), "not_shown")
        recs = chain(3)
        self.check(text_of(recs), "not_shown", key=None)
        self.check(text_of(recs), "failed", "malformed", None)
        self.check("", "not_shown", key=None)

    def test_parse_failures(self):
        lines = export(chain(3), lines_only=True)
        self.check(text_of(lines[:2] + ["{oops"] + lines[3:]), "failed", "malformed", 3)
        self.check(text_of(lines[:3] + ['{"a":1,"a":1}']), "failed", "malformed", 4)
        h = dict(lines[0], tree_size="4")
        self.check(text_of([h] + lines[1:]), "failed", "malformed", 1)
        bad = dict(lines[2], record=dict(lines[2]["record"], extra=1))
        self.check(text_of(lines[:2] + [bad] + lines[3:]), "failed", "malformed", 3)
        # a blank line is passed over, and counted
        self.check(text_of(lines[:2] + [""] + lines[2:]), "whole")

    def test_checkpoint(self):
        self.check(export(chain(3)), "failed", "bad_signature", None, key=OTHER.vkey)
        lines = export(chain(3), lines_only=True)
        h = dict(lines[0], tree_size=lines[0]["tree_size"] + 1)
        self.check(text_of([h] + lines[1:]), "failed", "checkpoint_mismatch", 1)
        self.check(text_of([h] + lines[1:]), "failed", "checkpoint_mismatch", 1, key=None)
        h = dict(lines[0], checkpoint=lines[0]["checkpoint"].replace("\n\n", "\n"))
        self.check(text_of([h] + lines[1:]), "failed", "malformed", 1, key=None)
        # --checkpoint: another checkpoint of the same log
        other = export(chain(3), size=7, lines_only=True)[0]["checkpoint"]
        self.check(export(chain(3)), "failed", "checkpoint_mismatch", 1, checkpoint=other)
        with self.assertRaises(CannotRun):
            verify(export(chain(3)), checkpoint=other)

    def test_chain_failures(self):
        lines = export(chain(4), lines_only=True)
        t = dict(lines[2], record=dict(lines[2]["record"], task_id="u"))
        self.check(text_of(lines[:2] + [t] + lines[3:]), "failed", "wrong_task", 3)
        self.check(text_of(lines[:2] + lines[3:]), "failed", "seq_gap", 3)
        h = dict(lines[3], record=dict(lines[3]["record"], content="tampered"))
        r = self.check(text_of(lines[:3] + [h] + lines[4:]), "failed", "hash_mismatch", 4)
        self.assertIn("recomputed", r.message)

        def prev(i, rec):
            if i == 2:
                rec["prev_hash"] = "1" * 64
        self.check(export(chain(4, edit=prev)), "failed", "prev_hash_mismatch", 4)

        def ts(i, rec):
            if i == 3:
                rec["timestamp"] = "2025-12-31T23:59:59.999Z"
        self.check(export(chain(4, edit=ts)), "failed", "timestamp_backwards", 5)

        def parent(i, rec):
            if i == 1:
                rec["parent_id"] = "t-r2"
        self.check(export(chain(4, edit=parent)), "failed", "parent_invalid", 3)

        def salt(i, rec):
            if i == 1:
                rec["salt"] = "2" * 64
        self.check(export(chain(3, erasable=(1,), edit=salt)), "failed", "commitment_mismatch", 3)
        self.check(export(chain(3, erasable=(1,))), "whole")

    def test_proofs(self):
        lines = export(chain(3), lines_only=True)
        bare = lines[2]["record"]
        self.check(text_of(lines[:2] + [bare] + lines[3:]), "failed", "not_in_log", 3)
        p = dict(lines[3], inclusion_proof=lines[3]["inclusion_proof"][:-1])
        self.check(text_of(lines[:3] + [p]), "failed", "not_in_log", 4)
        self.check(text_of(lines[:3] + [p]), "failed", "not_in_log", 4, key=None)

    def test_statement(self):
        self.check(export(chain(3), st_task="u"), "failed", "statement_mismatch", 1)
        lines = export(chain(3), lines_only=True)
        self.check(text_of(lines[:-1]), "failed", "truncated", None)
        h = dict(lines[0], task_statement=lines[0]["task_statement"].replace('\n"t"\n', "\nt\n"))
        self.check(text_of([h] + lines[1:]), "failed", "bad_signature", 1)
        self.check(text_of([h] + lines[1:]), "failed", "malformed", 1, key=None)

    def test_erasures(self):
        def erase(i, rec):
            if i == 1:
                del rec["salt"], rec["content"]
                rec["erased"] = {"at": "2026-01-01T00:00:03.000Z", "by": "operator", "reason": "gdpr"}
            if i == 3:
                rec.update(type="decision", agent_id="operator", metadata={"erasure": {"reason": "gdpr", "record": "t-r1"}})
        r = self.check(export(chain(4, erasable=(1,), edit=erase)), "whole")
        self.assertEqual(r.erased, 1)

        def unrecorded(i, rec):
            erase(i, rec)
            if i == 3:
                rec["metadata"]["erasure"]["reason"] = "other"
        self.check(export(chain(4, erasable=(1,), edit=unrecorded)), "failed", "erasure_unrecorded", None)
        self.check(export(chain(4, erasable=(1,), edit=unrecorded), statement=False), "not_shown")

    def test_policy(self):
        w1, w2 = Signer("w1.example", notes.COSIGNATURE_V1, 3), Signer("w2.example", notes.COSIGNATURE_V1, 4)
        pol = f"log {LOG.vkey}\nwitness a {w1.vkey}\nwitness b {w2.vkey} https://w2\n# c\ngroup g 2 a b\nquorum g\n"
        r = self.check(export(chain(2), cosigners=(w1, w2)), "whole", policy=pol)
        self.assertEqual(r.witnesses, ["a", "b"])
        self.check(export(chain(2), cosigners=(w1,)), "failed", "witness_policy", None, policy=pol)
        self.check(export(chain(2), cosigners=(w1,)), "whole", policy=pol.replace("g 2", "g any"))
        self.check(export(chain(2), signer=OTHER), "failed", "witness_policy", None, key=None, policy=pol)
        for bad in ["quorum x\n", "witness a " + LOG.vkey + "\nquorum a\n", "group g 3 a\nquorum g\n", ""]:
            with self.assertRaises(CannotRun):
                verify(export(chain(2)), policy=bad)

    def test_receipt(self):
        recs = chain(3)
        lines = export(recs, lines_only=True)
        rc = {"record": recs[1], "log_index": 1, "tree_size": lines[0]["tree_size"], "root": lines[0]["root"],
              "inclusion_proof": lines[2]["inclusion_proof"], "checkpoint": lines[0]["checkpoint"]}
        r = self.check(json.dumps(rc, indent=2), "one_record")
        self.assertEqual(r.records, 1)
        bad = dict(rc, record=dict(recs[1], content="x"))
        self.check(json.dumps(bad, indent=2), "failed", "hash_mismatch", 2)
        self.check(json.dumps(dict(rc, tree_size=9)), "failed", "checkpoint_mismatch", 1)
        other = export(chain(3), size=7, lines_only=True)[0]["checkpoint"]
        self.check(json.dumps(rc), "failed", "checkpoint_mismatch", 1, checkpoint=other)

    def test_tlog_proof(self):
        recs = chain(3)
        lines = export(recs, lines_only=True)
        cp = lines[0]["checkpoint"]
        proof = "".join(b64(bytes.fromhex(h)) + "\n" for h in lines[2]["inclusion_proof"])
        leaf = record.leaf_data(recs[1])
        tp = f"c2sp.org/tlog-proof@v1\nextra {b64(leaf)}\nindex 1\n{proof}\n{cp}"
        r = self.check(tp, "one_record")
        self.assertEqual((r.records, r.head), (1, recs[1]["hash"]))
        r = self.check(tp, "one_record", record=json.dumps(recs[1]))
        self.assertEqual((r.records, r.leaves), (1, "agent"))
        self.check(tp, "failed", "record_mismatch", None, record=json.dumps(recs[2]))
        self.check(tp, "failed", "hash_mismatch", None, record=json.dumps(dict(recs[1], content="x")))
        self.check(tp.replace("index 1", "index 2"), "failed", "not_in_log", None)
        self.check(tp.replace("index 1", "index 01"), "failed", "malformed", None)
        self.check(tp, "failed", "bad_signature", None, key=OTHER.vkey)
        no_extra = tp.replace(f"extra {b64(leaf)}\n", "")
        self.check(no_extra, "one_record", record=json.dumps(recs[1]))
        with self.assertRaises(CannotRun):
            verify(no_extra, key=LOG.vkey)
        with self.assertRaises(CannotRun):
            verify(tp)

    def test_cli_exit_codes(self):
        with tempfile.TemporaryDirectory() as d:
            def run(text, *args):
                path = os.path.join(d, "f")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                out, err = io.StringIO(), io.StringIO()
                with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                    code = main([path, *args])
                return code, out.getvalue(), err.getvalue()
            keyfile = os.path.join(d, "key")
            with open(keyfile, "w") as f:
                f.write(LOG.vkey + "\n")
            code, out, _ = run(export(chain(2)), "--key", keyfile)
            self.assertEqual(code, 0)
            self.assertIn("ok: task `t`: 2 records", out)
            code, out, _ = run(export(chain(2), statement=False), "--key", LOG.vkey)
            self.assertEqual(code, 3)
            self.assertIn("not shown to be the task's whole chain", out)
            code, out, _ = run(export(chain(1)))
            self.assertEqual(code, 0)
            self.assertIn("signature not checked", out)
            code, out, _ = run(export(chain(2)), "--key", LOG.vkey, "--json")
            self.assertEqual((code, json.loads(out)["verdict"]), (0, "whole"))
            lines = export(chain(2), lines_only=True)
            code, _, err = run(text_of(lines[:2]), "--key", LOG.vkey)
            self.assertEqual(code, 1)
            self.assertTrue(err.startswith("FAILED: ") and ": truncated: " in err, err)
            code, _, _ = run(export(chain(2)), "--key", "not-a-key")
            self.assertEqual(code, 2)


W1 = Signer("w1.example", notes.COSIGNATURE_V1, 3)
W2 = Signer("w2.example", notes.COSIGNATURE_V1, 4)
W3 = Signer("w3.example", notes.COSIGNATURE_V1, 5)
T0 = 1800000000
TWO_OF_THREE = f"witness a {W1.vkey}\nwitness b {W2.vkey}\nwitness c {W3.vkey}\ngroup g 2 a b c\nquorum g\n"
# Which witness cosigned which checkpoint, when (seconds after T0): the
# export's tree is of 8 leaves, its records at 4, 5 and 6.
COSIGNED = {5: {W1: 100, W2: 150}, 7: {W1: 400, W2: 300, W3: 200}, 9: {W1: 250, W3: 500}}


def witnessed(size=8, cosigned=COSIGNED):
    """An export of three records (leaves 4 to 6) of a tree of `size` leaves,
    its header cosigned by the three witnesses, with the `witness_times` of
    the checkpoints `cosigned` ({size: {witness: time}}) of the same log (a
    log of 9 leaves), each with its consistency proof with the file's tree.
    Returns (export lines, receipt of the first record)."""
    recs = chain(3, start=4)
    lines = export(recs, size=size, cosigners=(W1, W2, W3), lines_only=True)
    leaves = [merkle.leaf_hash(b"other %d" % i) for i in range(9)]
    for r in recs:
        leaves[r["log_index"]] = merkle.leaf_hash(record.leaf_data(r))
    times = []
    for n, by in cosigned.items():
        text = f"{LOG.name}\n{n}\n{b64(merkle.tree_hash(leaves[:n]))}\n"
        note = text + "\n" + LOG.line(text) + "".join(w.cosign(text, T0 + t) for w, t in by.items())
        proof = merkle.consistency_proof(min(n, size), leaves[:max(n, size)])
        times.append({"checkpoint": note, "consistency_proof": [h.hex() for h in proof]})
    lines[0]["witness_times"] = times
    receipt = {"record": recs[0], "log_index": 4, "tree_size": size, "root": lines[0]["root"],
               "inclusion_proof": lines[1]["inclusion_proof"], "checkpoint": lines[0]["checkpoint"],
               "witness_times": times[:1]}
    return lines, receipt


class WitnessTimes(unittest.TestCase):
    """§8 provable time and §10 step 7. The times expected are those
    `decision-trail verify --json` gives the same files."""

    def check(self, text, verdict, code=None, line=None, existed_by=None, key=LOG.vkey, policy=TWO_OF_THREE):
        r = verify(text, key=key, policy=policy)
        self.assertEqual((r.verdict, r.code, r.line, r.existed_by), (verdict, code, line, existed_by), r.message)
        return r

    def test_existed_by(self):
        lines, receipt = witnessed()
        # The head (leaf 6): first covered at size 7 by c (200), b (300) and
        # a (400); a's earlier time on the later size 9 does not count.
        r = self.check(text_of(lines), "whole", existed_by="2027-01-15T08:05:00Z")
        self.assertEqual(json.loads(r.to_json())["existed_by"], "2027-01-15T08:05:00Z")
        self.assertEqual(list(json.loads(r.to_json()))[-1], "existed_by")
        # Leaf 4: size 5, a (100) and b (150).
        self.check(json.dumps(receipt), "one_record", existed_by="2027-01-15T08:02:30Z")
        # The file's own tree as an entry: an empty proof (cosigned at 1700000000).
        own = {"checkpoint": lines[0]["checkpoint"], "consistency_proof": []}
        self.check(text_of([dict(lines[0], witness_times=[own])] + lines[1:]), "whole",
                   existed_by="2023-11-14T22:13:20Z")
        self.check(text_of([dict(lines[0], witness_times=[])] + lines[1:]), "whole")

    def test_no_witness_time(self):
        lines, _ = witnessed()
        text = text_of(lines)
        self.check(text, "whole", policy=None)
        self.check(text, "whole", key=None)
        self.check(text, "whole", policy=TWO_OF_THREE.replace("quorum g", "quorum none"))
        # A quorum the covering cosignatures do not make: a fourth witness for all.
        w4 = Signer("w4.example", notes.COSIGNATURE_V1, 6)
        self.check(text, "failed", "witness_policy", policy=TWO_OF_THREE.replace(
            "quorum g", f"witness d {w4.vkey}\ngroup all4 all a b c d\nquorum all4"))
        # Two of a and c: c at 200, a at 400.
        self.check(text, "whole", policy=TWO_OF_THREE.replace("group g 2 a b c", "group g 2 a c"),
                   existed_by="2027-01-15T08:06:40Z")
        # Without the checkpoints covering the head, no time for it.
        self.check(text_of([dict(lines[0], witness_times=lines[0]["witness_times"][:1])] + lines[1:]), "whole")

    def test_failures(self):
        lines, receipt = witnessed()

        def edited(i, fn):
            times = json.loads(json.dumps(lines[0]["witness_times"]))
            fn(times[i])
            return text_of([dict(lines[0], witness_times=times)] + lines[1:])

        def forge(e):
            # b's cosignature of size 7 claims an earlier time than it signed.
            text = e["checkpoint"].split("\n\n")[0] + "\n"
            line = W2.cosign(text, T0 + 300)
            raw = bytearray(base64.b64decode(line.split(" ")[2]))
            raw[4:12] = (T0 + 1).to_bytes(8, "big")
            e["checkpoint"] = e["checkpoint"].replace(line, f"\u2014 {W2.name} {b64(bytes(raw))}\n")
            assert e["checkpoint"] != text
        self.check(edited(1, forge), "failed", "witness_time", 1)
        # The same forgery, unchecked without a policy or a key.
        self.check(edited(1, forge), "whole", policy=None)
        self.check(edited(1, forge), "whole", key=None)
        # A line of a key the policy does not name is ignored.
        stranger = Signer("w9.example", notes.COSIGNATURE_V1, 9)
        self.check(edited(1, lambda e: e.update(checkpoint=e["checkpoint"] + stranger.cosign("x\n"))),
                   "whole", existed_by="2027-01-15T08:05:00Z")

        def flip(e):
            h = e["consistency_proof"][0]
            e["consistency_proof"][0] = h[:-1] + ("0" if h[-1] != "0" else "1")
        self.check(edited(0, flip), "failed", "witness_time", 1)  # smaller tree to the file's
        self.check(edited(2, flip), "failed", "witness_time", 1)  # the file's to a larger
        self.check(edited(2, lambda e: e["consistency_proof"].pop()), "failed", "witness_time", 1)
        own = {"checkpoint": lines[0]["checkpoint"], "consistency_proof": ["00" * 32]}
        self.check(text_of([dict(lines[0], witness_times=[own])] + lines[1:]), "failed", "witness_time", 1)
        # Signed by another log key; not a note.
        other = export(chain(3, start=4), size=8, signer=OTHER, lines_only=True)[0]["checkpoint"]
        self.check(edited(0, lambda e: e.update(checkpoint=other)), "failed", "witness_time", 1)
        self.check(edited(0, lambda e: e.update(checkpoint="x")), "failed", "witness_time", 1)
        # Of the wrong type: malformed, with or without a key.
        for bad in [{}, None, [{"checkpoint": "x"}], [{"checkpoint": "x", "consistency_proof": ["AB" * 32]}]]:
            self.check(text_of([dict(lines[0], witness_times=bad)] + lines[1:]), "failed", "malformed", 1)
            self.check(text_of([dict(lines[0], witness_times=bad)] + lines[1:]), "failed", "malformed", 1,
                       key=None, policy=None)
        # A receipt: its own witness_times, line 1; null is absent there.
        bad = dict(receipt, witness_times=[dict(receipt["witness_times"][0], consistency_proof=[])])
        self.check(json.dumps(bad, indent=2), "failed", "witness_time", 1)
        self.check(json.dumps(dict(receipt, witness_times=None)), "one_record")

    def test_cli_says_it(self):
        lines, _ = witnessed()
        with tempfile.TemporaryDirectory() as d:
            path, pol = os.path.join(d, "f"), os.path.join(d, "p")
            with open(path, "w") as f:
                f.write(text_of(lines))
            with open(pol, "w") as f:
                f.write(TWO_OF_THREE)
            for args, said in [(["--policy", pol], "ok: the chain's head existed by 2027-01-15T08:05:00Z (2 of 3 witnesses)"),
                               ([], "note: no witness time")]:
                out = io.StringIO()
                with contextlib.redirect_stdout(out):
                    self.assertEqual(main([path, "--key", LOG.vkey, *args]), 0)
                self.assertIn(said, out.getvalue())

    def test_consistency_proofs(self):
        std = load("merkle.json")["standard_8_leaf"]
        for c in std["all_consistency_proofs"] + std["published_consistency_proofs"]:
            with self.subTest(c):
                args = (c["size1"], bytes.fromhex(c["root1"]), c["size2"], bytes.fromhex(c["root2"]))
                proof = [bytes.fromhex(p) for p in c["proof"]]
                self.assertTrue(merkle.verify_consistency(*args, proof))
                self.assertEqual(merkle.consistency_proof(c["size1"], [bytes.fromhex(h) for h in std["leaf_hashes"][:c["size2"]]]), proof)
                if proof:
                    self.assertFalse(merkle.verify_consistency(*args, proof[:-1]))
                    self.assertFalse(merkle.verify_consistency(*args, proof + [proof[0]]))
                    self.assertFalse(merkle.verify_consistency(*args, [bytes(32)] + proof[1:]))
        self.assertFalse(merkle.verify_consistency(0, bytes(32), 1, bytes(32), []))


class Manifest(unittest.TestCase):
    """Every vector of docs/vectors/manifest.json gets the verdict it lists."""

    def test_manifest(self):
        path = os.path.join(VECTORS, "manifest.json")
        if not os.path.exists(path):
            self.skipTest("docs/vectors/manifest.json does not exist yet")
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)

        def read(rel, binary=False):
            if rel is None:
                return None
            with open(os.path.join(VECTORS, rel), "rb") as f:
                data = f.read()
            return data if binary else data.decode("utf-8", "surrogateescape")

        for v in manifest["vectors"]:
            with self.subTest(v["name"]):
                key = v.get("key")
                if key is not None and os.path.isfile(os.path.join(VECTORS, key)):
                    key = read(key).strip()
                exp = v["expect"]
                try:
                    r = verify(read(v["file"], binary=True), key=key, checkpoint=read(v.get("checkpoint")),
                               policy=read(v.get("policy")), record=read(v.get("record")))
                    got = {"verdict": r.verdict, "code": r.code, "line": r.line, "records": r.records,
                           "existed_by": r.existed_by}
                except CannotRun as e:
                    got = {"verdict": "cannot_run", "code": None, "line": None, "records": None,
                           "existed_by": None, "error": str(e)}
                for k in ("verdict", "code", "line", "records", "existed_by"):
                    if k in exp:
                        self.assertEqual(got[k], exp[k], f"{k}: {got}")


if __name__ == "__main__":
    unittest.main()
