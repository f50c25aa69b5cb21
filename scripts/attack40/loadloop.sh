#!/bin/bash
# bounded: 25 s of decides over HTTP
end=$(($(date +%s)+25)); i=0
while [ $(date +%s) -lt $end ]; do i=$((i+1)); curl -s -o /dev/null -H "Authorization: Bearer fe_b29ab2ddf1fde6baaf2ac4014ea483fafc4457b6510f01a79ba4f94539f78445" -H 'Content-Type: application/json' -d "{\"agent\":\"a2\",\"action\":\"lights.set\",\"params\":{\"on\":true},\"request_id\":\"r$i\"}" http://127.0.0.1:18742/v1/decide; done; echo decides=$i
