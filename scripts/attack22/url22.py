#!/usr/bin/env python3
"""URL params are canonicalised (WHATWG) before the digest and the journal. Is the canonical form a fixed point?
Odd spellings (non-special schemes, `/.//`, percent-encoded dots, IPv6/IPv4 forms, IDNA edge cases, backslashes,
tabs): decide, retry, then (after all) restart serve, CLI decide, verify, audit; and a tier-3 defer → approve →
release with the canonical text the door showed.  usage: FOUREYES_BIN=… python3 url22.py"""
import json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__))); import lib22 as L
os.environ["POL"] = os.path.join(os.path.dirname(os.path.abspath(__file__)), "policy_url22.yaml"); L.POL = os.environ["POL"]
P = 18970
d, env = L.fresh("url")
agent = L.token(env, "bot", "agent"); appr = L.token(env, "alice", "approver")
p = L.start(env, P, f"{d}/serve.log")
URLS = ["foo:/.//a", "foo://h/.//a", "web+x:/..//x", "foo:////x", "http://h/%2e%2E/a", "http://h/a/%2e./b", "http://h\\a\\..\\b", "http://h/\ta",
        "http://[::ffff:1.2.3.4]/", "http://[0:0:0:0:0:0:0:1]/", "http://0x7f.1/", "http://1.2.3/", "http://xn--/", "http://a.b.c./", "http://ß.de/",
        "http://xn--zca.de/", "http://h:0080/", "http://h/?a=%zz#%", "foo:a/../..//b", "file:///C:/../x", "file://h/C|/a", "ws://h/#\u0000",
        "http://h/p?q=\u00e9", "http://EXAMPLE.com./", "foo://[::1]:99999/", "http://%41.com/", "http://h/a//../b", "foo:/.//a/.././/b", "http://1.1.1.1.1/",
        "http://h/" + "a/" * 5000, "ftp://u:p@h/", "http://0/", "http://4294967295/", "http://4294967296/", "https://\u0430pple.com/"]
rows = []
for i, u in enumerate(URLS):
    st, b = L.post(P, agent, "/v1/decide", {"request_id": f"u{i}", "action": "link", "params": {"u": u}})
    canon = b.get("params", {}).get("u") if isinstance(b, dict) and st == 200 else None
    st2, b2 = L.post(P, agent, "/v1/decide", {"request_id": f"u{i}", "action": "link", "params": {"u": u}})
    st3 = b3 = None
    if canon is not None:  # the canonical text the door showed, sent again under a new id, must canonicalise to itself
        st3, b3 = L.post(P, agent, "/v1/decide", {"request_id": f"c{i}", "action": "link", "params": {"u": canon}})
    again = b3.get("params", {}).get("u") if isinstance(b3, dict) and st3 == 200 else None
    fixed = canon is None or again == canon
    rows.append((u, st, b.get("verdict") if isinstance(b, dict) else b, canon, st2, (b2 or {}).get("replayed") if isinstance(b2, dict) else b2, again, fixed))
    print(f"{'ok ' if fixed else 'NOT-FIXED'} {u[:40]!r} -> {st} {rows[-1][2]} canon={str(canon)[:50]!r} retry={st2}/{rows[-1][5]} recanon={str(again)[:50]!r}", flush=True)
# tier 3: defer with an odd URL, approve, release with the canonical text
st, b = L.post(P, agent, "/v1/decide", {"request_id": "t3", "action": "link3", "params": {"u": "foo:/.//a"}})
if st == 200 and b.get("approval_id"):
    L.post(P, appr, f"/v1/approvals/{b['approval_id']}/approve", {"digest": b["digest"]})
    st4, b4 = L.post(P, agent, "/v1/decide", {"request_id": "t3r", "action": "link3", "params": {"u": b["params"]["u"]}, "approval_id": b["approval_id"]})
    print("tier3 release:", st4, b4.get("verdict") if isinstance(b4, dict) else b4, [r["code"] for r in (b4 or {}).get("reasons", [])] if isinstance(b4, dict) else "")
else: print("tier3:", st, str(b)[:150])
res = L.after(d, env, P, p)
print("END", res)
