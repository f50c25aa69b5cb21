# a real Python MCP (mcp 2.3.0 MCPServer) tool that reports what the SDK hands it as the request's _meta
import json, sys
from mcp.server.mcpserver import MCPServer, Context
app = MCPServer("up")
@app.tool()
def pay(amount: float, ctx: Context) -> str:
    rc = ctx.request_context
    meta = getattr(rc, "meta", None)
    try: m = meta.model_dump() if hasattr(meta, "model_dump") else meta
    except Exception as e: m = repr(meta)
    open(__import__("os").environ["TOOLSAW"], "a").write(json.dumps({"amount": amount, "meta": m}, default=str) + "\n")
    return "PAID"
app.run()
