"""decision-trail's MCP tools from Python, with the MCP SDK (pip install mcp).

Appends a plan and an analysis in one batch, then a decision, over Streamable
HTTP, walks their task's chain and fetches the decision's receipt. BASE names the service (default http://127.0.0.1:8080); with
API keys, give streamable_http_client an httpx client that sends the token.
CI runs this file against a fresh service (.ci/mcp).
"""
import asyncio
import os

from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

BASE = os.environ.get("BASE", "http://127.0.0.1:8080")


async def main():
    async with streamable_http_client(f"{BASE}/mcp") as (read, write):
        async with ClientSession(read, write) as session:
            await session.initialize()
            tools = await session.list_tools()
            print([t.name for t in tools.tools])
            # Several records in one call, in order, all or none.
            batch = await session.call_tool("thought_record_batch", {"records": [
                {"type": "plan", "task_id": "refactor-auth", "agent_id": "planner-1",
                 "content": "Split the auth module, then add tests."},
                {"type": "analysis", "task_id": "refactor-auth", "agent_id": "planner-1",
                 "content": "Sessions need sticky routing; tokens do not."},
            ]})
            print([r["seq"] for r in batch.structured_content["data"]["records"]])
            result = await session.call_tool("thought_record", {
                "type": "decision", "task_id": "refactor-auth", "agent_id": "planner-1",
                "content": "Chose JWT over sessions: the API is stateless.",
                "metadata": {"confidence": 0.8},
            })
            record = result.structured_content["data"]
            print(record["seq"], record["hash"])
            verdict = await session.call_tool("audit_verify_chain", {"task_id": "refactor-auth"})
            print(verdict.structured_content["data"])  # {'valid': True, 'length': …, 'head_hash': …}
            receipt = await session.call_tool("merkle_receipt", {"id": record["id"]})
            print(receipt.structured_content["data"]["checkpoint"])


asyncio.run(main())
