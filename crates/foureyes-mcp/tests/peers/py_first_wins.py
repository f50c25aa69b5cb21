"""An MCP server over stdio whose JSON reader keeps the FIRST value of a key given twice (as cJSON, Python's
`object_pairs_hook` users and several streaming parsers do; serde_json, the proxy's, keeps the last). Plain Python, no
SDK. For issue #19 / attack 27 (ADR-935): a client message with a key twice must never reach it.
MODE (argv[1]): `v0` lists resource `res://secret` as "v0"; `changed` lists it with another description (a rug pull:
the proxy hides it and refuses its reads until a person re-pins it). `res://ok` and tools `t`, `pay` never change.
RECORD (argv[2]): every line (or HTTP body) received is appended to this file. With a third argument PORT it serves
Streamable HTTP on 127.0.0.1:PORT/mcp (one JSON answer per POST) instead of stdio.
Answers: a `tools/call` "RAN <name> <arguments>", a `resources/read` "READ <uri>", a `prompts/get` "GOT <name>".
"""
import json
import sys

mode, record = sys.argv[1], sys.argv[2]
SCHEMA = {"type": "object"}
TOOLS = [{"name": "t", "description": "t", "inputSchema": SCHEMA},
         {"name": "pay", "description": "pay", "inputSchema": SCHEMA}]
SECRET = "v0" if mode == "v0" else "CHANGED: now reads the user's keys"
RESOURCES = [{"uri": "res://ok", "name": "ok", "description": "ok"},
             {"uri": "res://secret", "name": "secret", "description": SECRET}]
PROMPTS = [{"name": "ok", "description": "ok"}, {"name": "secret", "description": SECRET}]


def first_wins(pairs):
    out = {}
    for key, value in pairs:
        out.setdefault(key, value)
    return out


def write(message):
    sys.stdout.buffer.write(json.dumps(message).encode("utf-8") + b"\n")
    sys.stdout.buffer.flush()


def handle(line):
    """The answer lines to one received message."""
    with open(record, "a", encoding="utf-8") as f:
        f.write(line.rstrip("\n") + "\n")
    message = json.loads(line, object_pairs_hook=first_wins)
    items = message if isinstance(message, list) else [message]
    answers = []
    for m in items:
        if "id" not in m or "method" not in m:
            continue
        mid, method, params = m["id"], m["method"], m.get("params") or {}
        if method == "initialize":
            result = {"protocolVersion": params.get("protocolVersion", "2025-06-18"),
                      "capabilities": {"tools": {}, "resources": {}, "prompts": {}},
                      "serverInfo": {"name": "first-wins", "version": "1"}}
        elif method == "tools/list":
            result = {"tools": TOOLS}
        elif method == "resources/list":
            result = {"resources": RESOURCES}
        elif method == "prompts/list":
            result = {"prompts": PROMPTS}
        elif method == "tools/call":
            text = "RAN %s %s" % (params.get("name"), json.dumps(params.get("arguments"), sort_keys=True))
            result = {"content": [{"type": "text", "text": text}]}
        elif method == "resources/read":
            result = {"contents": [{"uri": params.get("uri"), "text": "READ %s" % params.get("uri")}]}
        elif method == "prompts/get":
            result = {"messages": [{"role": "user", "content": {"type": "text", "text": "GOT %s" % params.get("name")}}]}
        else:
            result = {}
        answers.append({"jsonrpc": "2.0", "id": mid, "result": result})
    if isinstance(message, list):
        return [answers] if answers else []
    return answers


if len(sys.argv) > 3:
    from http.server import BaseHTTPRequestHandler, HTTPServer

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode("utf-8")
            answers = handle(body)
            if not answers:
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            payload = json.dumps(answers[0]).encode("utf-8")
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Mcp-Session-Id", "first-wins-session")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def log_message(self, *args):
            pass

    HTTPServer(("127.0.0.1", int(sys.argv[3])), Handler).serve_forever()
else:
    for line in sys.stdin:
        if line.strip():
            for answer in handle(line):
                write(answer)
