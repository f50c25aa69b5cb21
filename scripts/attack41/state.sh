#!/bin/bash
# print files with size/mtime/sha
for f in "$@"; do for g in $f $f-wal $f-shm $f-journal $f.clock; do [ -e "$g" ] && printf "%s %s %s %s\n" "$g" "$(stat -c '%s %Y.%y' $g | cut -c1-40)" "$(sha256sum <$g|cut -c1-12)" ; done; done
