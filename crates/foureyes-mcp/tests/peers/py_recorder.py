"""A real MCP server written with the official Python SDK (`mcp`, MCPServer) that records every tool call it
actually runs: one JSON line per execution in the file named by the RECORD environment variable.

The adversarial suites send hostile bytes through the proxy to this server and compare what it ran with what the
proxy decided. Tools: `pay(amount, to, delay_ms=0)` (sleeps `delay_ms`, then records and answers) and `echo(text)`.

Usage: python py_recorder.py            (stdio)
       python py_recorder.py --http P   (Streamable HTTP on 127.0.0.1:P, path /mcp)
"""

import asyncio
import json
import os
import sys

from mcp.server.mcpserver import MCPServer

RECORD = os.environ["RECORD"]
server = MCPServer("py-recorder")


def record(tool, arguments):
    with open(RECORD, "a", encoding="utf-8") as f:
        f.write(json.dumps({"sdk": "python", "tool": tool, "arguments": arguments}, ensure_ascii=True) + "\n")


@server.tool()
async def pay(amount: float, to: str, delay_ms: int = 0) -> str:
    """Send a payment."""
    if delay_ms:
        await asyncio.sleep(delay_ms / 1000)
    record("pay", {"amount": amount, "to": to})
    return f"paid {amount} to {to}"


@server.tool()
async def echo(text: str) -> str:
    """Echo a text."""
    record("echo", {"text": text})
    return text


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))
    else:
        server.run("stdio")
