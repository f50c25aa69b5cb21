#!/bin/bash
# a small FourEyes database (one agent token, one decision, checkpointed, no companions) at /tmp/attack38/base/fe.db
F=/work/attack38/foureyes; B=/tmp/attack38/base
rm -rf $B; mkdir -p $B; cd $B
$F --db fe.db token create --name bot --role agent --json > bot.json
$F --db fe.db --policy /work/attack38/scripts/policy.yaml decide --agent bot --action note.add --params '{"text":"a"}' --request-id b0 >/dev/null
sqlite3 fe.db "pragma wal_checkpoint(truncate)" >/dev/null; rm -f fe.db.clock fe.db-wal fe.db-shm
