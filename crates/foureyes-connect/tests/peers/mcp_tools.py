"""A real MCP server written with the official Python SDK (`mcp`, MCPServer) for the `mcp` connector's suite
(`tests/mcp.rs`). Every tool call it actually runs is recorded, one JSON line in the file named by RECORD, before it
answers, so the suite compares what ran with what FourEyes decided.

Tools: `pay(amount, to, delay_ms=0)` (sleeps `delay_ms`, records, answers; its description is the text of the file
named by DESCRIBE, when set), `refuse(reason)` (records, then raises:
an `isError` result after acting), `die()` (records, then the process exits mid-call: no answer ever comes).

Usage: python mcp_tools.py                      (stdio)
       python mcp_tools.py --http PORT [--json] (Streamable HTTP on 127.0.0.1:PORT, path /mcp; SSE answers unless
                                                 --json)
"""

import asyncio
import json
import os
import sys

from mcp.server.mcpserver import MCPServer

RECORD = os.environ["RECORD"]
server = MCPServer("connector-peer")


def record(tool, arguments):
    with open(RECORD, "a", encoding="utf-8") as f:
        f.write(json.dumps({"tool": tool, "arguments": arguments}, ensure_ascii=True) + "\n")
        f.flush()
        os.fsync(f.fileno())


# DESCRIBE names a file whose text is `pay`'s description (read at start): a test changes it between two runs to
# play an upstream that changed its tool after it was pinned.
DESCRIPTION = open(os.environ["DESCRIBE"], encoding="utf-8").read() if os.environ.get("DESCRIBE") else "Send a payment."


@server.tool(description=DESCRIPTION)
async def pay(amount: float, to: str, delay_ms: int = 0) -> str:
    """Send a payment."""
    if delay_ms:
        await asyncio.sleep(delay_ms / 1000)
    record("pay", {"amount": amount, "to": to})
    return f"paid {amount} to {to}"


@server.tool()
async def refuse(reason: str) -> str:
    """Acts, then fails."""
    record("refuse", {"reason": reason})
    raise ValueError(f"refused after acting: {reason}")


@server.tool()
async def die() -> str:
    """Acts, then the server dies before answering."""
    record("die", {})
    os._exit(3)


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--http":
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]), json_response="--json" in sys.argv)
    else:
        server.run("stdio")
