#!/bin/bash
# H8: session ids (a name an admin reads and types into `sessions restore`) accept zero-width and bidi characters,
# and `sessions list` / `journal tail` print them raw (ADR-391's escape is not applied): `se<U+200B>ss` lists as `sess`.
F=/work/attack41/foureyes; W=/tmp/attack41/h8; rm -rf $W; mkdir -p $W; cd $W
cat > p.yaml <<'EOF'
version: 1
session_trust:
  cooling_period: 30m
  demote_on:
    bounds_violation: true
actions:
  a.b:
    tier: 2
    limits: [ { count: 1000, per: 1h } ]
    params: { n: { type: integer, min: 0, max: 5 } }
EOF
for s in "sess" "se$(printf '\u200b')ss" "sess$(printf '\u202e')x"; do $F --db s.db --policy p.yaml decide --agent bot --action a.b --params '{"n":99}' --request-id "b-$s" --session "$s" >/dev/null 2>&1; done
echo "--- sessions list | cat -v   (M-bM-^@M-^K = U+200B, M-bM-^@M-. = U+202E, raw)"; $F --db s.db sessions list | cat -v
echo "--- admin restores what it reads as 'sess'"; $F --db s.db sessions restore --agent bot --session sess --why reviewed | head -1
echo "--- the zero-width session is still demoted; the listing still shows 'session sess' twice on a terminal:"; $F --db s.db sessions list
echo "--- journal tail | cat -v"; $F --db s.db journal tail | grep session_demoted | cut -c1-150 | cat -v
