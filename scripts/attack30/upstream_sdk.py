#!/usr/bin/env python3
"""A real Python-SDK (mcp 2.x, MCPServer) stdio upstream: tool `pay(amount)` appends every run to $UPLOG."""
import os, json, time
from mcp.server.mcpserver import MCPServer, Context
mcp = MCPServer("up")
LOG = os.environ.get("UPLOG", "/tmp/attack30/upsdk.log")
@mcp.tool()
def pay(amount: int, ctx: Context) -> str:
    try:
        meta = getattr(ctx.request_context, "meta", None)
        meta = meta.model_dump() if hasattr(meta, "model_dump") else meta
    except Exception as e:
        meta = repr(e)
    with open(LOG, "a") as f:
        f.write("RAN pay amount=%s meta=%s\n" % (amount, json.dumps(meta, default=str)))
    time.sleep(float(os.environ.get("UPSLEEP", "0")))
    return "paid %s" % amount
if __name__ == "__main__":
    mcp.run()
