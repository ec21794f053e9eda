"""An independent MCP client (the Python SDK) against decision-trail's tools.

Usage: mcp_client.py BASE_URL BINARY

Over Streamable HTTP (BASE_URL/mcp) and over stdio (`BINARY mcp --url BASE_URL`):
initialize, list the tools, append three records, list them, verify the chain,
fetch a receipt and check its inclusion proof here, from the record up to the
root in the signed checkpoint (RFC 9162 §2.1.3.2, docs/design.md §2). The SDK
also checks every result against the tool's declared output schema.
"""

import asyncio
import base64
import hashlib
import json
import sys

from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client

EXPECTED_TOOLS = {
    "thought_record",
    "thought_record_batch",
    "thought_record_list",
    "thought_get",
    "audit_verify_chain",
    "merkle_checkpoint",
    "merkle_receipt",
    "merkle_consistency_proof",
    "capability_fingerprint",
    "capability_diff",
    "thought_tree",
    "thought_trail",
    "thought_search",
    "oversight_verdict",
}


def leaf_hash(agent_id: str, record_hash: str) -> bytes:
    # The leaf commits to who wrote the record: RFC 8785 JSON of two strings.
    data = json.dumps(
        {"agent_id": agent_id, "hash": record_hash},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    ).encode()
    return hashlib.sha256(b"\x00" + data).digest()


def root_from_inclusion(index: int, size: int, leaf: bytes, proof: list) -> bytes:
    """RFC 9162 §2.1.3.2: the root an inclusion proof leads to."""
    if index >= size:
        raise ValueError("index beyond the tree")
    fn, sn, r = index, size - 1, leaf
    for p in proof:
        p = bytes.fromhex(p)
        if sn == 0:
            raise ValueError("proof too long")
        if fn % 2 == 1 or fn == sn:
            r = hashlib.sha256(b"\x01" + p + r).digest()
            while fn % 2 == 0 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = hashlib.sha256(b"\x01" + r + p).digest()
        fn >>= 1
        sn >>= 1
    if sn != 0:
        raise ValueError("proof too short")
    return r


async def call(session: ClientSession, name: str, arguments: dict) -> dict:
    result = await session.call_tool(name, arguments)
    structured = result.structured_content
    assert not result.is_error, f"{name}: {structured}"
    assert structured["ok"] is True, structured
    # Clients that read text only get the same JSON.
    assert json.loads(result.content[0].text) == structured
    return structured["data"]


async def exercise(session: ClientSession, task: str, transport: str) -> None:
    init = await session.initialize()
    assert init.server_info.name == "decision-trail", init
    tools = await session.list_tools()
    names = {t.name for t in tools.tools}
    assert names == EXPECTED_TOOLS, names
    for t in tools.tools:
        assert t.input_schema["type"] == "object" and t.output_schema, t.name

    written = []
    for i, kind in enumerate(["plan", "analysis", "decision"]):
        written.append(
            await call(
                session,
                "thought_record",
                {
                    "type": kind,
                    "task_id": task,
                    "agent_id": "python-agent",
                    "content": f"step {i} over {transport}",
                    "metadata": {"step": i, "via": transport},
                },
            )
        )
    assert [r["seq"] for r in written] == [0, 1, 2]
    assert written[1]["prev_hash"] == written[0]["hash"]

    page = await call(session, "thought_record_list", {"task_id": task})
    assert page["records"] == written, page

    verdict = await call(session, "audit_verify_chain", {"task_id": task})
    assert verdict["valid"] is True and verdict["length"] == 3, verdict

    receipt = await call(session, "merkle_receipt", {"id": written[2]["id"]})
    record = receipt["record"]
    root = root_from_inclusion(
        receipt["log_index"],
        receipt["tree_size"],
        leaf_hash(record["agent_id"], record["hash"]),
        receipt["inclusion_proof"],
    )
    # The checkpoint note: origin, size, base64 root, blank line, signature.
    lines = receipt["checkpoint"].split("\n")
    assert int(lines[1]) == receipt["tree_size"], lines
    assert base64.b64decode(lines[2]) == root, "the proof does not lead to the signed root"
    assert root.hex() == receipt["root"]

    # A person's verdict on the decision: a record of its task answering it.
    verdict_record = await call(
        session,
        "oversight_verdict",
        {"id": written[2]["id"], "verdict": "approved", "reviewer": "reviewer-1", "reason": "fine"},
    )
    assert verdict_record["parent_id"] == written[2]["id"], verdict_record
    assert verdict_record["metadata"]["oversight"]["verdict"] == "approved", verdict_record
    verdict = await call(session, "audit_verify_chain", {"task_id": task})
    assert verdict["valid"] is True and verdict["length"] == 4, verdict

    refused = await session.call_tool(
        "thought_record", {"type": "bad", "task_id": task, "agent_id": "a", "content": "x"}
    )
    assert refused.is_error and refused.structured_content["error"]["code"] == "INVALID_PARAMS"
    print(
        f"ok: {transport}: {len(names)} tools; 3 records appended, listed and verified, a verdict given; "
        f"receipt of log_index {receipt['log_index']} proven to the signed root of "
        f"{receipt['tree_size']} records"
    )


async def main(base: str, binary: str) -> None:
    async with streamable_http_client(f"{base}/mcp") as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, "mcp-http", "Streamable HTTP")
    server = StdioServerParameters(command=binary, args=["mcp", "--url", base])
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            await exercise(session, "mcp-stdio", "stdio")


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))
