"""Signed notes and what is written in them (spec §5, §7, §8).

C2SP signed-note parsing and Ed25519 verification, verifier keys (the log's,
type 0x01, and a witness's, cosignature/v1 type 0x04), tlog-checkpoint texts,
the task statement (§7), cosignature/v1 lines and tlog-policy files (§8).
"""

import base64
import binascii
import hashlib
import re
from dataclasses import dataclass, field

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from . import jsonc

SIG_PREFIX = "\u2014 "  # "— "
ED25519 = 0x01
COSIGNATURE_V1 = 0x04
_DECIMAL = re.compile(r"0|[1-9][0-9]*")
_HEX64 = re.compile(r"[0-9a-f]{64}")


class NoteError(ValueError):
    """A note, key, checkpoint, statement or policy that does not parse."""


def b64decode(s):
    """Standard base64 with padding (RFC 4648 §4), canonical: the text must be
    what encoding the bytes gives back (no stray bits, no other characters)."""
    try:
        data = base64.b64decode(s, validate=True)
    except (binascii.Error, ValueError):
        raise NoteError(f"`{s}` is not base64") from None
    if base64.b64encode(data).decode("ascii") != s:
        raise NoteError(f"`{s}` is not canonical base64")
    return data


def parse_decimal(s, what):
    """A decimal without leading zeros (§5: a checkpoint's size)."""
    if not _DECIMAL.fullmatch(s):
        raise NoteError(f"{what} `{s}` is not a decimal without leading zeros")
    return int(s)


def _valid_name(name):
    return name != "" and "+" not in name and not any(c.isspace() for c in name)


# --- verifier keys (§5, §8) -------------------------------------------------

@dataclass(frozen=True)
class VerifierKey:
    name: str
    key_id: bytes
    kind: int  # ED25519 (the log) or COSIGNATURE_V1 (a witness)
    public: bytes
    text: str

    def verifies(self, message, signature):
        try:
            Ed25519PublicKey.from_public_bytes(self.public).verify(signature, message)
            return True
        except (InvalidSignature, ValueError):
            return False


def key_id(name, kind, public):
    """SHA-256(name ‖ "\\n" ‖ type ‖ public key)[0:4]."""
    return hashlib.sha256(name.encode("utf-8") + b"\n" + bytes([kind]) + public).digest()[:4]


def parse_vkey(text, kind=ED25519):
    """`<name>+<hex(key_id)>+<b64(type ‖ public key)>` (§5; §8 for witnesses)."""
    text = text.strip()
    parts = text.split("+", 2)
    if len(parts) != 3:
        raise NoteError(f"`{text}` is not a verifier key (name+keyid+key)")
    name, hex_id, b64 = parts
    if not _valid_name(name):
        raise NoteError(f"`{name}` is not a key name")
    if not re.fullmatch(r"[0-9a-f]{8}", hex_id):
        raise NoteError(f"`{hex_id}` is not a key id (8 lowercase hex)")
    raw = b64decode(b64)
    if len(raw) != 33 or raw[0] != kind:
        want = "Ed25519 (0x01)" if kind == ED25519 else "cosignature/v1 (0x04)"
        raise NoteError(f"`{text}` is not an {want} verifier key")
    public = raw[1:]
    if key_id(name, kind, public) != bytes.fromhex(hex_id):
        raise NoteError(f"`{text}`: its key id is not that of its name and key")
    try:
        Ed25519PublicKey.from_public_bytes(public)
    except ValueError:
        raise NoteError(f"`{text}`: not an Ed25519 public key") from None
    return VerifierKey(name, bytes.fromhex(hex_id), kind, public, text)


# --- signed notes (§5) ------------------------------------------------------

@dataclass
class Signature:
    name: str
    key_id: bytes
    data: bytes  # the bytes after the key id


@dataclass
class Note:
    text: str  # everything before the blank line, with its final "\n"
    signatures: list = field(default_factory=list)

    def claims(self, vkey):
        return [s for s in self.signatures if s.name == vkey.name and s.key_id == vkey.key_id]

    def verifies(self, vkey):
        """§5: the first line of the key's name and id holds a valid
        signature of the text; later lines claiming the key are ignored (as
        Go's sumdb/note does)."""
        lines = self.claims(vkey)
        return bool(lines) and vkey.verifies(self.text.encode("utf-8"), lines[0].data)


def parse_note(msg):
    """Split a C2SP signed note into text and signature lines (§5)."""
    for c in msg:
        if c < " " and c != "\n":
            raise NoteError("a control character in the note")
        if "\ud800" <= c <= "\udfff":
            raise NoteError("the note is not UTF-8")
    split = msg.rfind("\n\n")
    if split < 0:
        raise NoteError("no blank line before the signatures")
    text, sigs = msg[:split + 1], msg[split + 2:]
    if not sigs or not sigs.endswith("\n"):
        raise NoteError("no signature lines, or the last does not end in a newline")
    note = Note(text)
    for line in sigs[:-1].split("\n"):
        if not line.startswith(SIG_PREFIX):
            raise NoteError(f"`{line}` is not a signature line (— name signature)")
        name, _, b64 = line[len(SIG_PREFIX):].partition(" ")
        if not _valid_name(name):
            raise NoteError(f"signature line `{line}`: `{name}` is not a key name")
        data = b64decode(b64)
        if len(data) < 5:
            raise NoteError(f"signature line `{line}`: fewer than 5 bytes")
        note.signatures.append(Signature(name, data[:4], data[4:]))
    return note


# --- checkpoints (§5) -------------------------------------------------------

@dataclass
class Checkpoint:
    origin: str
    size: int
    root: bytes
    extensions: list


def parse_checkpoint(text):
    """A tlog-checkpoint note text: origin, size, b64 root, extension lines."""
    if not text.endswith("\n"):
        raise NoteError("the checkpoint does not end in a newline")
    lines = text[:-1].split("\n")
    if len(lines) < 3:
        raise NoteError("a checkpoint has an origin, a size and a root")
    origin, size, root = lines[:3]
    if origin == "":
        raise NoteError("the checkpoint's origin is empty")
    size = parse_decimal(size, "the checkpoint's size")
    root = b64decode(root)
    if len(root) != 32:
        raise NoteError("the checkpoint's root is not 32 bytes")
    if any(x == "" for x in lines[3:]):
        raise NoteError("an empty extension line in the checkpoint")
    return Checkpoint(origin, size, root, lines[3:])


# --- the task statement (§7) ------------------------------------------------

STATEMENT_HEADER = "decision-trail/task-head/v1"


@dataclass
class Statement:
    origin: str
    tree_size: int
    task_id: str
    length: int
    head: str


def _statement_number(s, what):
    # §7: a decimal without leading zeros, as a checkpoint's size (§5).
    if not re.fullmatch(r"0|[1-9][0-9]*", s):
        raise NoteError(f"the statement's {what} `{s}` is not a decimal")
    return int(s)


def parse_statement(text):
    """The six lines of a task statement's text (§7)."""
    lines = text[:-1].split("\n") if text.endswith("\n") else []
    if len(lines) != 6 or lines[0] != STATEMENT_HEADER:
        raise NoteError(f"not six lines beginning `{STATEMENT_HEADER}`")
    _, origin, size, task, length, head = lines
    if origin == "":
        raise NoteError("the statement's origin is empty")
    try:
        task_id = jsonc.loads(task)
    except jsonc.JSONError:
        task_id = None
    if not isinstance(task_id, str) or jsonc.quote(task_id) != task:
        raise NoteError(f"the statement's task id `{task}` is not a JSON string as JSON.stringify writes it")
    if not _HEX64.fullmatch(head):
        raise NoteError(f"the statement's head `{head}` is not 64 lowercase hex")
    return Statement(origin, _statement_number(size, "tree size"), task_id,
                     _statement_number(length, "length"), head)


# --- cosignatures and policies (§8) -----------------------------------------

def cosignature_time(note, witness_key, sig):
    """A cosignature/v1 line: key_id ‖ u64 timestamp ‖ Ed25519 signature of
    "cosignature/v1\\ntime <t>\\n" ‖ the checkpoint's text. Returns its
    timestamp when it verifies, else None."""
    if len(sig.data) != 8 + 64:
        return None
    timestamp = int.from_bytes(sig.data[:8], "big")
    if timestamp > 2**63 - 1:
        # Seconds past a signed 64-bit count are no time (the binary refuses them too).
        return None
    message = f"cosignature/v1\ntime {timestamp}\n".encode("utf-8") + note.text.encode("utf-8")
    return timestamp if witness_key.verifies(message, sig.data[8:]) else None


def cosignature_verifies(note, witness_key, sig):
    return cosignature_time(note, witness_key, sig) is not None


@dataclass
class Group:
    k: int
    members: list


@dataclass
class Policy:
    logs: list = field(default_factory=list)
    witnesses: dict = field(default_factory=dict)  # name -> VerifierKey
    groups: dict = field(default_factory=dict)  # name -> Group
    quorum: str = "none"

    def check(self, note):
        """Check a checkpoint note against the policy (§8). Returns the names
        of the witnesses whose cosignatures verify; raises PolicyFailure."""
        if self.logs and not any(note.verifies(k) for k in self.logs):
            raise PolicyFailure("the checkpoint does not verify with any of the policy's log keys")
        met = []
        for name, wkey in self.witnesses.items():
            lines = note.claims(wkey)
            for sig in lines:
                if not cosignature_verifies(note, wkey, sig):
                    raise PolicyFailure(f"witness `{name}`'s cosignature does not verify")
            if lines:
                met.append(name)
        if not self._met(self.quorum, set(met)):
            have = ", ".join(f"`{n}`" for n in met) or "none"
            raise PolicyFailure(f"the quorum `{self.quorum}` is not met (valid cosignatures: {have})", met)
        return met

    def claimed_times(self, note):
        """§8 rule 2 for one note: every line claiming a policy witness (its
        name and key id) verifies, else PolicyFailure. Returns {witness name:
        the timestamp of its first such line} (lines of other keys ignored)."""
        times = {}
        for name, wkey in self.witnesses.items():
            for sig in note.claims(wkey):
                t = cosignature_time(note, wkey, sig)
                if t is None:
                    raise PolicyFailure(f"witness `{name}`'s cosignature does not verify")
                times.setdefault(name, t)
        return times

    def existed_by(self, times):
        """§8 provable time: `times` is {witness name: its first covering
        cosignature's timestamp}. The earliest T at which the witnesses
        whose time is at most T meet the quorum, as (T, names added, in
        order), or None (never met, or `quorum none`)."""
        if self.quorum == "none":
            return None
        order = {name: i for i, name in enumerate(self.witnesses)}
        met = []
        # Ties in time go in policy order, as the binary adds them.
        for name, t in sorted(times.items(), key=lambda nt: (nt[1], order[nt[0]])):
            met.append(name)
            if self._met(self.quorum, set(met)):
                return t, met
        return None

    def _met(self, name, met):
        if name == "none":
            return True
        if name in self.witnesses:
            return name in met
        group = self.groups[name]
        return sum(1 for m in group.members if self._met(m, met)) >= group.k


class PolicyFailure(Exception):
    def __init__(self, message, met=None):
        super().__init__(message)
        self.met = met


def parse_policy(text):
    """A C2SP tlog-policy file (§8). Raises NoteError when it does not parse."""
    policy = Policy()
    names = set()
    quorum = None
    for number, raw in enumerate(text.split("\n"), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        kw, args = words[0], words[1:]
        where = f"policy line {number}"
        try:
            if kw == "log" and len(args) in (1, 2):
                policy.logs.append(parse_vkey(args[0], ED25519))
            elif kw == "witness" and len(args) in (2, 3):
                name = args[0]
                if name in names or name == "none":
                    raise NoteError(f"`{name}` is defined twice")
                policy.witnesses[name] = parse_vkey(args[1], COSIGNATURE_V1)
                names.add(name)
            elif kw == "group" and len(args) >= 3:
                name, k, members = args[0], args[1], args[2:]
                if name in names or name == "none":
                    raise NoteError(f"`{name}` is defined twice")
                for m in members:
                    if m not in names:
                        raise NoteError(f"`{m}` is not a witness or group defined before")
                if k == "all":
                    k = len(members)
                elif k == "any":
                    k = 1
                else:
                    k = parse_decimal(k, "the group's threshold")
                    if not 1 <= k <= len(members):
                        raise NoteError(f"threshold {k} of {len(members)} members")
                policy.groups[name] = Group(k, members)
                names.add(name)
            elif kw == "quorum" and len(args) == 1:
                if quorum is not None:
                    raise NoteError("a second quorum line")
                if args[0] != "none" and args[0] not in names:
                    raise NoteError(f"`{args[0]}` is not a witness or group defined before")
                quorum = args[0]
            else:
                raise NoteError(f"`{line}` is not a log, witness, group or quorum line")
        except NoteError as e:
            raise NoteError(f"{where}: {e}") from None
    if quorum is None:
        raise NoteError("the policy has no quorum line")
    policy.quorum = quorum
    return policy
