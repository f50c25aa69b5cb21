"""An MCP host stand-in built on the official MCP Python SDK (`mcp` on PyPI), for the proxy's tests.

It connects to the server given as JSON in argv[1], either `{"command": ..., "args": [...]}` (stdio: there
`foureyes mcp-proxy ... -- <real server>`) or `{"url": ...}` (Streamable HTTP), initializes, lists the tools,
then runs the `steps`, printing one JSON line per result:
  {"call": TOOL, "arguments": {...}}  -> {"call": TOOL, "result": <CallToolResult as JSON, aliases kept>}
  {"wait_for": PATH}                  -> waits until PATH exists (the test approves in the meantime)
With `"elicit": {"action": "accept"|"decline"|"cancel", "approve": BOOL}` in the spec, the client declares the
elicitation capability and answers every `elicitation/create` that way (with `"content"` as the form's content when
given), printing {"elicited": MESSAGE} first.
"""

import asyncio
import json
import os
import sys

import mcp_types
from mcp import ClientSession, StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client


def emit(obj):
    print(json.dumps(obj), flush=True)


def transport(spec):
    if "url" in spec:
        return streamable_http_client(spec["url"])
    return stdio_client(StdioServerParameters(command=spec["command"], args=spec["args"]))


async def main():
    spec = json.loads(sys.argv[1])
    async with transport(spec) as (read, write):
        options = {}
        if "elicit" in spec:
            answer = spec["elicit"]

            async def elicit(context, params):
                emit({"elicited": params.message})
                content = answer.get("content", {"approve": answer.get("approve")}) if answer["action"] == "accept" else None
                return mcp_types.ElicitResult(action=answer["action"], content=content)

            options["elicitation_callback"] = elicit
        async with ClientSession(read, write, **options) as session:
            init = await session.initialize()
            emit({"server": init.model_dump(by_alias=True, mode="json").get("serverInfo")})
            tools = await session.list_tools()
            emit({"tools": [t.name for t in tools.tools]})
            for step in spec["steps"]:
                if "wait_for" in step:
                    while not os.path.exists(step["wait_for"]):
                        await asyncio.sleep(0.05)
                    continue
                result = await session.call_tool(step["call"], step["arguments"])
                emit({"call": step["call"], "result": result.model_dump(by_alias=True, mode="json")})


asyncio.run(main())
