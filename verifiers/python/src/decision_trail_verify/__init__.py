"""decision-trail-verify: an independent verifier of decision-trail exports,
receipts and tlog-proofs, written from docs/spec.md.

    from decision_trail_verify import verify
    result = verify(open("trail.ndjson", "rb").read(), key="origin+1234abcd+AQ...")
    print(result.verdict, result.to_json())
"""

from .jsonc import canonical, loads
from .merkle import verify_inclusion
from .notes import parse_checkpoint, parse_note, parse_policy, parse_statement, parse_vkey
from .record import record_hash
from .verify import CannotRun, Result, verify

__version__ = "0.1.0"
__all__ = ["verify", "Result", "CannotRun", "canonical", "loads", "verify_inclusion",
           "parse_note", "parse_checkpoint", "parse_policy", "parse_statement", "parse_vkey",
           "record_hash"]
