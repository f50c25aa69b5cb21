F=${FOUREYES_BIN:-/work/attack32/bin/foureyes}; cd /tmp/attack32/h
rm -f n.db; i=0; for a in '1e1' '-0' '-0.0' '0.1e2' '1E400' '5e-324' '50.0000000000000000001' '49.99999999999999999999999' '1e-400' '0.00000000000000000000000000001' '1.0' '1e+1' '12345678901234567890e-18' '0.5e0' '0.000000000000000000000000000001' '4.9999999999999999999999999999e1' '5.00000000000000000000000000001e1'; do i=$((i+1)); before=$(wc -l < back.log); out=$($F execute --db n.db --policy pol3.yaml --agent bot --action shop.amt --params "{\"amount_eur\": $a, \"note\": \"x\"}" --request-id n$i --json 2>&1); rc=$?; sent=$(tail -n +$((before+1)) back.log | python3 -c 'import sys,json; print([json.loads(l)["body"] for l in sys.stdin])'); echo "$a rc=$rc $(echo "$out" | python3 -c 'import sys,json
try:
  j=json.load(sys.stdin); print(j.get("verdict"), j.get("outcome"), [r.get("code") for r in j.get("reasons",[])], json.dumps(j.get("budgets"))[:160])
except Exception as e: print("nojson")') sent=$sent"; echo "$out" | grep -i '^error' | head -1 | cut -c1-150; done
$F journal verify --db n.db; echo verify=$?; $F journal audit --db n.db | tail -2; echo audit=$?
