"""A real MCP server written with the official Python SDK's low-level `Server` (`mcp.server.lowlevel`), which lists
whatever tool definitions it is given, as they are: the listing is read at every `tools/list` from the JSON file named
by TOOLS (an array of tool definitions, or `{"pages": [[...], ...]}` for a listing in pages, one per cursor), so a
test can make it list one name twice, on one page or on two (F340, F400). Every tool it runs is
recorded: one JSON line in the file named by RECORD.

Whatever the listing, three tool names act first and fail after, as a low-level tool may (F341): each records its
run, then `pay_then_invalid` parses a reply with a pydantic model that refuses it (the SDK answers -32602),
`pay_then_roots` asks the client `roots/list` and `pay_then_sample` asks it `sampling/createMessage` (an error answer
is re-raised by the SDK with the client's code). `announce_list_changed` sends the SDK's own
`notifications/tools/list_changed` before it answers (a server that changed its tools says so, ADR-540). Any other name
records and answers.

Usage: python py_listing.py                 (stdio)
       python py_listing.py --http P        (Streamable HTTP on 127.0.0.1:P, path /mcp, SSE answers)
       python py_listing.py --http-json P   (the same with JSON answers)
"""

import json
import os
import sys

import anyio
import warnings
from mcp.server.lowlevel.server import Server
from mcp.server.stdio import stdio_server
from mcp_types import SamplingMessage, TextContent
from pydantic import BaseModel

warnings.simplefilter("ignore")
RECORD = os.environ["RECORD"]
TOOLS = os.environ["TOOLS"]


class Receipt(BaseModel):
    receipt: int


async def list_tools(ctx, params):
    with open(TOOLS, encoding="utf-8") as f:
        listed = json.load(f)
    if isinstance(listed, dict):
        # {"pages": [[...], [...]]}: one page per cursor ("1", "2", ...), each but the last with a `nextCursor`.
        pages = listed["pages"]
        cursor = getattr(params, "cursor", None) if params is not None else None
        index = int(cursor) if cursor else 0
        page = {"tools": pages[index]}
        if index + 1 < len(pages):
            page["nextCursor"] = str(index + 1)
        return page
    return {"tools": listed}


async def call_tool(ctx, params):
    with open(RECORD, "a", encoding="utf-8") as f:
        record = {"sdk": "python-lowlevel", "tool": params.name, "arguments": params.arguments}
        f.write(json.dumps(record) + "\n")
    if params.name == "pay_then_invalid":
        Receipt.model_validate({"receipt": "not a number"})
    elif params.name == "pay_then_roots":
        await ctx.session.list_roots()
    elif params.name == "pay_then_sample":
        message = SamplingMessage(role="user", content=TextContent(type="text", text="Say thanks."))
        await ctx.session.create_message(messages=[message], max_tokens=10)
    elif params.name == "announce_list_changed":
        await ctx.session.send_tool_list_changed()
    return {"content": [{"type": "text", "text": f"ran {params.name}"}]}


server = Server("py-listing", on_list_tools=list_tools, on_call_tool=call_tool)


async def main():
    async with stdio_server() as (read, write):
        await server.run(read, write, server.create_initialization_options())


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] in ("--http", "--http-json"):
        import uvicorn

        app = server.streamable_http_app(json_response=sys.argv[1] == "--http-json")
        uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
    else:
        anyio.run(main)
