"""Option injection into a `command` connector's argv through param values (ADR-332). The program records its argv.
usage: argv28.py   needs: agent credential"""
import sys, os, time, json
sys.path.insert(0, os.path.dirname(__file__)); from lib28 import *
d = fresh("argv")
rec = os.path.join(d, "argv.log")
prog = os.path.join(d, "prog.py")
open(prog, "w").write(f"#!/usr/bin/python3\nimport sys, json\nopen({rec!r}, 'a').write(json.dumps(sys.argv[1:]) + '\\n')\nprint(json.dumps({{'ok': True}}))\n")
os.chmod(prog, 0o755)
pol = os.path.join(d, "p.yaml")
acts = {
 "c.two": '["{{ params.a }}{{ params.b }}"]',
 "c.suffix": '["{{ params.a }}x"]',
 "c.eq": '["--name={{ params.a }}", "{{ params.b }}"]',
 "c.after": '["--", "{{ params.a }}", "{{ params.b }}"]',
 "c.num": '["{{ params.n }}"]',
}
y = "version: 1\nactions:\n"
for a, argv in acts.items():
    y += f"""  {a}:
    tier: 2
    limits: [{{ count: 1000, per: 1h }}]
    params: {{ a: {{ type: string }}, b: {{ type: string }}, n: {{ type: number }} }}
    execute:
      command:
        argv: ["{prog}", {argv[1:-1]}]
        timeout: 5s
        success_exit: [0]
"""
open(pol, "w").write(y)
c = sh(["policy", "check", pol]); print("check", c.returncode, c.stderr[-300:])
agent = token(d, "bot", "agent")
s = Serve(d, pol)
cases = [("c.two", {"a": "", "b": "-rf"}), ("c.two", {"a": "-", "b": "x"}), ("c.two", {"a": "", "b": "--output=/etc/x"}),
         ("c.suffix", {"a": "-"}), ("c.suffix", {"a": "--o"}), ("c.suffix", {"a": ""}),
         ("c.eq", {"a": "x", "b": "-v"}), ("c.after", {"a": "-x", "b": "--y"}),
         ("c.two", {"a": "\u2212x", "b": ""}), ("c.two", {"a": " -x", "b": ""}), ("c.two", {"a": "\u00ad-x", "b": ""}),
         ("c.two", {"a": "\ufeff-x", "b": ""}), ("c.num", {"n": -5}), ("c.num", {"n": -0.0}), ("c.num", {"n": -1e-7}),
         ("c.two", {"a": "\x00", "b": "-x"})]
i = 0
for act, p in cases:
    i += 1
    pp = {"a": "", "b": "", "n": 1}; pp.update(p)
    n0 = len(open(rec).read().splitlines()) if os.path.exists(rec) else 0
    r = call(s.url("/v1/execute"), agent, {"request_id": f"a{i}", "action": act, "params": pp})
    o = r[1] if isinstance(r[1], dict) else {"raw": str(r[1])[:200]}
    lines = open(rec).read().splitlines() if os.path.exists(rec) else []
    got = lines[n0] if len(lines) > n0 else "-"
    argvs = json.loads(got) if got != "-" else []
    inj = any(x.startswith("-") for x in argvs if x not in ("--", ) and not x.startswith("--name=")) and act != "c.after"
    print(f"{act:9s} {json.dumps(p, ensure_ascii=True):42s} -> {r[0]} {o.get('verdict')}/{o.get('outcome')} argv={got} {'<-- HOLE' if inj else ''} {str((o.get('report_detail') or {}).get('error',''))[:100] if isinstance(o.get('report_detail'), dict) else ''}")
s.kill(signal.SIGTERM); cleanup()
