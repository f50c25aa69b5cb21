"""What the Python test peers share: an in-memory event store for `Last-Event-ID` resumes, and the command line that
runs a peer on stdio or on Streamable HTTP.

Usage inside a peer: `serve(server, retry_ms=200)` as its `__main__`; then
    python PEER.py            (stdio)
    python PEER.py --http P   (Streamable HTTP on 127.0.0.1:P, path /mcp; with RESUME=1 every event is kept in
                               memory and replayed after `Last-Event-ID`, and `retry_ms` is announced to clients)
"""

import os
import sys
import uuid

from mcp.server.streamable_http import EventMessage, EventStore


class MemoryEvents(EventStore):
    """Every event of every stream, kept for `Last-Event-ID` (resumability)."""

    def __init__(self):
        self.events = []

    async def store_event(self, stream_id, message):
        event_id = f"{stream_id}_{len(self.events) + 1}_{uuid.uuid4().hex}"
        self.events.append((event_id, stream_id, message))
        return event_id

    async def replay_events_after(self, last_event_id, send_callback):
        at = next((i for i, (e, _, _) in enumerate(self.events) if e == last_event_id), None)
        if at is None:
            return None
        stream_id = self.events[at][1]
        for event_id, stream, message in list(self.events[at + 1 :]):
            if stream == stream_id and message is not None:
                await send_callback(EventMessage(message, event_id))
        return stream_id


def serve(server, retry_ms=None):
    """Run `server` on stdio, or on Streamable HTTP with `--http PORT` (resumable with RESUME=1)."""
    if len(sys.argv) == 3 and sys.argv[1] == "--http":
        events = MemoryEvents() if os.environ.get("RESUME") == "1" else None
        options = {"event_store": events}
        if events is not None and retry_ms is not None:
            options["retry_interval"] = retry_ms
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]), **options)
    else:
        server.run("stdio")
