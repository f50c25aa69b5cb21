#!/usr/bin/env python3
"""HTTP doors with planted names; flags any response body holding a planted character raw (JSON \\u escapes count
as escaped only if the message inside, once decoded, is escaped too: we decode the JSON and look at the strings)."""
import json, sys, urllib.request, urllib.error, urllib.parse
BASE = sys.argv[1]; ADM = open(sys.argv[2]).read().strip(); BOT = open(sys.argv[3]).read().strip()
BAD = {"ESC": "\x1b[2K", "RLO": "\u202e", "ZWSP": "\u200b", "CYR_o": "\u043e", "KHITAN": "\U00016fe4", "C1": "\x9b", "COMB0": "\u0301"}
def req(method, path, tok, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    h = {"Authorization": "Bearer " + tok} if tok else {}
    h.update(headers or {})
    r = urllib.request.Request(BASE + path, data=data, method=method, headers=h)
    try:
        with urllib.request.urlopen(r, timeout=20) as resp: return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as e: return e.code, e.read().decode("utf-8", "replace")
def strings(o):
    if isinstance(o, str): yield o
    elif isinstance(o, dict):
        for k, v in o.items(): yield k; yield from strings(v)
    elif isinstance(o, list):
        for v in o: yield from strings(v)
def check(label, name, st, body):
    try: texts = list(strings(json.loads(body)))
    except Exception: texts = [body]
    raw = sorted({c for c in name if not (c.isascii() and c.isprintable()) for t in texts if c in t})
    print(("RAW " + ",".join("U+%04X" % ord(c) for c in raw) if raw else "ok").ljust(12), st, label, body[:200].replace("\n", " "))
for tag, bad in BAD.items():
    n = "b" + bad + "ot"; print("---", tag)
    check("decide request_id", n, *req("POST", "/v1/decide", BOT, {"request_id": n, "action": "climate.set", "params": {"c": 20}}))
    check("decide session", n, *req("POST", "/v1/decide", BOT, {"request_id": "x", "session": n, "action": "climate.set", "params": {"c": 20}}))
    check("decide target", n, *req("POST", "/v1/decide", BOT, {"request_id": "x2", "target": n, "action": "climate.set", "params": {"c": 20}}))
    check("decide action", n, *req("POST", "/v1/decide", BOT, {"request_id": "x3", "action": "cl" + bad + ".set", "params": {"c": 20}}))
    check("decide param key", n, *req("POST", "/v1/decide", BOT, {"request_id": "k" + tag, "action": "climate.set", "params": {n: 20}}))
    check("decide flags", n, *req("POST", "/v1/decide", BOT, {"request_id": "f" + tag, "action": "climate.set", "params": {"c": 20}, "flags": [n]}))
    check("sessions restore", n, *req("POST", "/v1/sessions/restore", ADM, {"agent": n, "session": n, "why": "x"}))
    check("kill-switch by", n, *req("POST", "/v1/kill-switch", ADM, {"engaged": False, "by": n, "why": n}))
    check("mcp pins approve", n, *req("POST", "/v1/mcp/pins/approve", ADM, {"server": n, "tool": n, "sha256": "00"}))
    check("mcp pins list", n, *req("GET", "/v1/mcp/pins?server=" + urllib.parse.quote(n), ADM))
    check("mcp refusals", n, *req("POST", "/v1/mcp/refusals", BOT, {"code": n, "message": n, "input": {n: n}}))
    check("approvals approve id", n, *req("POST", "/v1/approvals/" + urllib.parse.quote(n) + "/approve", ADM, {"digest": "00"}))
    check("decisions id", n, *req("GET", "/v1/decisions/" + urllib.parse.quote(n), ADM))
    check("tasks get", n, *req("GET", "/v1/tasks/" + urllib.parse.quote(n), ADM))
    check("tasks create", n, *req("POST", "/v1/tasks", ADM, {"task": n, "name": n, "workspace": "/tmp/x" + n}))
    check("console session", n, *req("POST", "/console/session", None, {"token": n, "name": n}))
    if all(ord(c) < 256 for c in n): check("bearer token", n, *req("GET", "/v1/me", n))
import urllib.parse
