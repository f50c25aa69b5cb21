#!/bin/bash
# Names/agent text shown raw (cat -v makes ESC visible as ^[ and U+202E as M-bM-^@M-.)
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml; D=/tmp/attack45/nr2; rm -rf $D; mkdir -p $D; cd $D
E=$(printf '\033[2K')
echo "1) token create --for (ADR-1520 claims this refusal escaped):"; $F --db R.db token create --name ex --role executor --for "b${E}ot" 2>&1 | cat -v
echo "2) an agent's param key / value in the verdict and in 'decisions show' (an operator's listing):"
$F --db R.db --policy $P decide --agent bot --action climate.set --params "$(printf '{"c":"x\\u202ey","\\u001b]0;pwned\\u0007":1}')" | cat -v
$F --db R.db decisions show 1 | cat -v
echo "3) decide --flag:"; $F --db R.db --policy $P decide --agent bot --flag "f${E}" --action climate.set --params '{"c":20}' 2>&1 | cat -v
echo "4) --namespace:"; $F --db R.db --namespace "n${E}" decisions list 2>&1 | cat -v
echo "5) decide --action with a Cyrillic o (refused, shown as a Latin-looking name):"; $F --db R.db --policy $P decide --agent bot --action "$(printf 'climate.s\xd0\xbet')" --params '{"c":20}' 2>&1 | cat -v
