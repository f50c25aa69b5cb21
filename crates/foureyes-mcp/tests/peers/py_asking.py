"""A real MCP server written with the official Python SDK (`mcp`, MCPServer) whose tools ask the client for input
while they run, then act on it: the amount of a payment comes from the client's answer, not from the arguments the
proxy decided. It records every payment it actually makes (one JSON line in the file named by RECORD), like
py_recorder.py.

Tools: `pay_asking(to)` asks for the amount with `elicitation/create`, `pay_sampling(to)` asks the client's model
with `sampling/createMessage`, `pay_resolved(to)` asks through the SDK's resolver (`elicitation/create` up to
2025-11-25, an `input_required` result that the client answers by retrying with `inputResponses` from 2026-07-28).
`pay_asking_aside(to)` asks like `pay_asking` but ties the question to no request, so over Streamable HTTP it rides
the session's standalone GET stream, not the call's. `pay_to_root(amount)` pays the account named by the client's
first root (`roots/list`, asked on the standalone channel): the recipient comes from what the client answers.
`pay_polling(to, delay_ms)` and `pay_to_root_polling(amount, delay_ms)` first close the call's SSE stream (SEP-1699
polling: the client is to resume it with `GET` + `Last-Event-ID` after the priming event's `retry`), then ask like
`pay_asking` / `pay_to_root` (the roots tied to the call) while the stream is closed.

Usage: python py_asking.py            (stdio)
       python py_asking.py --http P   (Streamable HTTP on 127.0.0.1:P, path /mcp; with RESUME=1 every event is kept
                                       in memory and replayed after `Last-Event-ID`)
"""

import json

import anyio
import os
import warnings
from typing import Annotated

from mcp import types
from mcp.server.mcpserver import Context, Elicit, MCPServer, Resolve
from py_serve import serve
from mcp.shared.message import ServerMessageMetadata
from pydantic import BaseModel

warnings.simplefilter("ignore")
RECORD = os.environ["RECORD"]
server = MCPServer("py-asking")


def record(amount, to):
    with open(RECORD, "a", encoding="utf-8") as f:
        f.write(json.dumps({"sdk": "python", "tool": "pay", "arguments": {"amount": amount, "to": to}}) + "\n")


class Amount(BaseModel):
    amount: float


@server.tool()
async def pay_asking(to: str, ctx: Context, delay_ms: int = 0) -> str:
    """Send a payment; the amount is asked for (after `delay_ms`)."""
    if delay_ms:
        await anyio.sleep(delay_ms / 1000)
    answer = await ctx.elicit("How much should be paid?", Amount)
    if answer.action != "accept":
        return f"not paid ({answer.action})"
    record(answer.data.amount, to)
    return f"paid {answer.data.amount} to {to}"


@server.tool()
async def pay_sampling(to: str, ctx: Context) -> str:
    """Send a payment; the amount is asked of the client's model."""
    result = await ctx.request_context.session.create_message(
        [types.SamplingMessage(role="user", content=types.TextContent(type="text", text="How much?"))],
        max_tokens=10,
        related_request_id=ctx.request_id,
    )
    amount = float(result.content.text)
    record(amount, to)
    return f"paid {amount} to {to}"


@server.tool()
async def pay_asking_aside(to: str, ctx: Context) -> str:
    """Send a payment; the amount is asked for on the connection's standalone channel."""
    schema = {"type": "object", "properties": {"amount": {"type": "number"}}, "required": ["amount"]}
    answer = await ctx.request_context.session.elicit("How much should be paid?", schema)
    if answer.action != "accept":
        return f"not paid ({answer.action})"
    amount = float(answer.content["amount"])
    record(amount, to)
    return f"paid {amount} to {to}"


@server.tool()
async def pay_to_root(amount: float, ctx: Context) -> str:
    """Send a payment to the account the client's first root names (file:///accounts/NAME)."""
    roots = await ctx.request_context.session.list_roots()
    to = str(roots.roots[0].uri).rstrip("/").rsplit("/", 1)[-1]
    record(amount, to)
    return f"paid {amount} to {to}"


def record_outcome(tool, outcome):
    """A polling tool's end without a payment, so that a test knows the tool is done."""
    with open(RECORD, "a", encoding="utf-8") as f:
        f.write(json.dumps({"sdk": "python", "tool": tool, "outcome": outcome}) + "\n")


@server.tool()
async def pay_polling(to: str, ctx: Context, delay_ms: int = 0) -> str:
    """Send a payment; the call's stream is closed first (polling), then the amount is asked for."""
    await ctx.close_sse_stream()
    if delay_ms:
        await anyio.sleep(delay_ms / 1000)
    answer = await ctx.elicit("How much should be paid?", Amount)
    if answer.action != "accept":
        record_outcome("pay_polling", answer.action)
        return f"not paid ({answer.action})"
    record(answer.data.amount, to)
    return f"paid {answer.data.amount} to {to}"


@server.tool()
async def pay_to_root_polling(amount: float, ctx: Context, delay_ms: int = 0) -> str:
    """Send a payment to the client's first root; the call's stream is closed first (polling)."""
    await ctx.close_sse_stream()
    if delay_ms:
        await anyio.sleep(delay_ms / 1000)
    try:
        roots = await ctx.request_context.session.send_request(
            types.ListRootsRequest(),
            types.ListRootsResult,
            metadata=ServerMessageMetadata(related_request_id=ctx.request_id),
        )
    except Exception as e:
        record_outcome("pay_to_root_polling", f"no roots: {e}")
        raise
    to = str(roots.roots[0].uri).rstrip("/").rsplit("/", 1)[-1]
    record(amount, to)
    return f"paid {amount} to {to}"


def ask_amount() -> Elicit[Amount]:
    return Elicit("How much should be paid?", Amount)


@server.tool()
async def pay_resolved(to: str, amount: Annotated[Amount, Resolve(ask_amount)]) -> str:
    """Send a payment; the amount is resolved by asking (a standalone request up to 2025-11-25, an
    `input_required` result from 2026-07-28)."""
    record(amount.amount, to)
    return f"paid {amount.amount} to {to}"


if __name__ == "__main__":
    serve(server, retry_ms=200)
