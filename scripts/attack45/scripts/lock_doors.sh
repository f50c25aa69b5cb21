#!/bin/bash
# Run every door (in parallel) against a copy of /tmp/attack45/lk0 while lockhold.py holds MODE. Prints each exit
# code and the first line of stderr. Usage: lock_doors.sh MODE [HOLD_SECS]
set -u
F=/work/attack45/foureyes; P=/work/attack45/scripts/p.yaml; MODE=$1; H=${2:-45}
D=/tmp/attack45/lk-$MODE; rm -rf $D; [ -d /tmp/attack45/lk0 ] || /work/attack45/scripts/lock_setup.sh; cp -a /tmp/attack45/lk0 $D; cd $D
python3 /work/attack45/scripts/lockhold.py L.db $MODE $H > hold.out 2>&1 & HP=$!
sleep 1; cat hold.out
B="$F --db L.db --policy $P"
declare -A C
C[decide]="$B decide --agent bot --action climate.set --params {\"c\":21} --request-id r9"
C[report]="$B report 3 --outcome executed"
C[undo]="$B undo 1 --agent bot"
C[killsw]="$B kill-switch on"
C[tokcreate]="$B token create --name t9 --role agent"
C[tokrevoke]="$B token revoke al"
C[secretset]="$B secret set S1 --secrets-key-file sk --from-file sk"
C[restore]="$B sessions restore --session s --agent bot --why x"
C[approve]="$B approvals approve 1 --as al --digest 9330c26478ff48e2bc064aaa3bff1a73ec2a835ea67b66667bfc01c8fca7a019"
C[seal]="$B --seal-key k/seal.key journal seal"
C[ckpt]="$B journal checkpoint --signing-key k/journal.key --out cp.txt"
C[verify]="$B journal verify"
C[audit]="$B journal audit"
C[declist]="$B decisions list"
C[toklist]="$B token list"
C[seclist]="$B secret list --secrets-key-file sk"
C[ksstatus]="$B kill-switch status"
C[serve]="timeout 50 $B serve --listen 127.0.0.1:186${RANDOM:0:2}"
for k in "${!C[@]}"; do ( s=$(date +%s); ${C[$k]} >out.$k 2>err.$k; echo "$? $(( $(date +%s)-s ))s" > rc.$k ) & done
wait $(jobs -p | grep -v "^$HP$") 2>/dev/null
sleep 0.5; kill $HP 2>/dev/null; wait $HP 2>/dev/null
for k in $(echo "${!C[@]}" | tr ' ' '\n' | sort); do printf "%-10s rc=%-8s %s\n" $k "$(cat rc.$k)" "$(grep -v '^warning' err.$k | head -1 | cut -c1-230)"; done
