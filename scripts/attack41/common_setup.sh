#!/bin/bash
# shared fixtures for the scripts here (re-created if /tmp/attack41 was cleaned): a policy, a secrets key, a good database
F=/work/attack41/foureyes
mkdir -p /tmp/attack41/h1 /tmp/attack41/sec /tmp/attack41/mx/good
[ -s /tmp/attack41/h1/pol.yaml ] || cat > /tmp/attack41/h1/pol.yaml <<'P'
version: 1
actions:
  climate.set_temperature:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
    params:
      zone:    { type: string, enum: [living, bedroom] }
      celsius: { type: number, min: 17, max: 23 }
P
[ -s /tmp/attack41/sec/sk ] || $F secret new-key > /tmp/attack41/sec/sk
mkdir -p /tmp/attack41/ex
[ -s /tmp/attack41/ex/p.yaml ] || cat > /tmp/attack41/ex/p.yaml <<'P'
version: 1
actions:
  reports.archive:
    tier: 2
    limits: [{ count: 10, per: 1h }]
    params:
      name: { type: string, pattern: "^[a-z0-9_]+$" }
    execute:
      command:
        argv: ["/usr/bin/python3", "-c", "import os,json,sys; s=os.environ['U']; m=sys.argv[1]; print(json.dumps({'a': ('x'.join(s)) if m=='inter' else s[:4] if m=='half1' else s[4:] if m=='half2' else ''.join(chr((ord(c)-65+13)%26+65) if c.isupper() else c for c in s) if m=='rot' else s[::-1] if m=='rev' else s}))", "{{ params.name }}"]
        env: { U: "{{ secret.archive_user }}" }
        timeout: 5s
        success_exit: [0]
        reveal: [/a]
P
true
