"""A client of the desk's action service built on the official MCP Python SDK (`mcp` on PyPI), for tests/topology.rs.

argv[1] is the service URL, argv[2] a JSON object of `issue_refund` arguments. The bearer credential is read from
SUPPORT_DESK_ACTION_TOKEN (absent: no Authorization header). It initializes, lists the tools and calls issue_refund
once, printing one JSON line each; any failure prints {"error": ...} and exits 3.
"""

import asyncio
import json
import os
import sys

from mcp import ClientSession
from mcp.client.streamable_http import create_mcp_http_client, streamable_http_client


def emit(obj):
    print(json.dumps(obj), flush=True)


async def main():
    url, arguments = sys.argv[1], json.loads(sys.argv[2])
    token = os.environ.get("SUPPORT_DESK_ACTION_TOKEN")
    headers = {"Authorization": f"Bearer {token}"} if token else None
    async with create_mcp_http_client(headers=headers) as http:
        async with streamable_http_client(url, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                emit({"server": init.model_dump(by_alias=True, mode="json").get("serverInfo")})
                tools = await session.list_tools()
                emit({"tools": [t.name for t in tools.tools]})
                result = await session.call_tool("issue_refund", arguments)
                emit({"result": result.model_dump(by_alias=True, mode="json")})


try:
    asyncio.run(asyncio.wait_for(main(), 30))
except BaseException as e:  # noqa: BLE001 - the test reads the failure
    emit({"error": repr(e)[:500]})
    sys.exit(3)
